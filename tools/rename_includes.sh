#!/bin/sh
# Rewrites header paths after the library-layout moves of issue 26, in includes and in prose
# (comments, README, CMake). Safe to run again and over other branches: an old path is matched
# only where no path character touches it, and no new path contains an old one. Files without
# an old path are not rewritten (their times stay, so a build does not redo them).
#
#   tools/rename_includes.sh            every tracked text file outside third_party/
#   tools/rename_includes.sh FILE...    only these files
set -eu
cd "$(git rev-parse --show-toplevel)"

# old path -> new path, one pair a line.
pairs='
anim/setup.h anim/setup/setup.h
anim/file_io.h anim/setup/file_io.h
anim/setup_edits.h anim/setup/edits.h
anim/setup_blend_space_edits.h anim/setup/blend_space_edits.h
anim/setup_layer_edits.h anim/setup/layer_edits.h
anim/setup_clip_files.h anim/setup/clip_files.h
anim/setup_from_machine.h anim/setup/from_machine.h
anim/setup_root_motion.h anim/setup/root_motion.h
'

# An old path counts when no name character comes before it (a folder may: the source path
# "setup/include/anim/setup.h" moves too) and no path continues after it (a full stop may end a
# sentence).
program=$(printf '%s\n' "$pairs" | while read -r old new; do
  [ -n "$old" ] || continue
  printf 's{(?<![A-Za-z0-9_.-])\\Q%s\\E(?![A-Za-z0-9_/-]|\\.[A-Za-z0-9_])}{%s}g;\n' "$old" "$new"
done)
any_old=$(printf '%s\n' "$pairs" | awk 'NF == 2 { printf "%s%s", sep, $1; sep = "|" }' |
          sed 's/[.]/\\./g')

if [ "$#" -gt 0 ]; then
  for file in "$@"; do printf '%s\n' "$file"; done
else
  git ls-files -- ':!:third_party/' ':!:tools/rename_includes.sh'
fi | grep -E '\.(h|hpp|cpp|cc|c|md|txt|cmake|in|py|sh|json)$' | while IFS= read -r file; do
  [ -f "$file" ] || continue
  grep -qE "$any_old" "$file" || continue
  perl -pi -e "$program" "$file"
done
