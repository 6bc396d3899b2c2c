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

# old path -> new path, one pair a line: the setup library's headers in anim/setup/ (file_io.h,
# which more than setups use, in the files library's anim/files/), then the ui's in the rooms of
# their sources (model/, files/, scene/, views/animate/, views/machine/, widgets/). A path that
# moved twice goes straight to its last place, and its middle place is an old path of its own.
pairs='
anim/setup.h anim/setup/setup.h
anim/file_io.h anim/files/file_io.h
anim/setup/file_io.h anim/files/file_io.h
anim/setup_edits.h anim/setup/edits.h
anim/setup_blend_space_edits.h anim/setup/blend_space_edits.h
anim/setup_layer_edits.h anim/setup/layer_edits.h
anim/setup_clip_files.h anim/setup/clip_files.h
anim/setup_from_machine.h anim/setup/from_machine.h
anim/setup_root_motion.h anim/setup/root_motion.h
anim/ui/blend_preview.h anim/ui/model/blend_preview.h
anim/ui/channel_curves.h anim/ui/model/channel_curves.h
anim/ui/clip_extent.h anim/ui/model/clip_extent.h
anim/ui/clip_file_set.h anim/ui/model/clip_file_set.h
anim/ui/commands.h anim/ui/model/commands.h
anim/ui/config_paths.h anim/ui/files/config_paths.h
anim/ui/directory_listing.h anim/ui/files/directory_listing.h
anim/ui/document.h anim/ui/model/document.h
anim/ui/graph_geometry.h anim/ui/model/graph_geometry.h
anim/ui/graph_layout.h anim/ui/model/graph_layout.h
anim/ui/pose_overrides.h anim/ui/model/pose_overrides.h
anim/ui/preview_recording.h anim/ui/model/preview_recording.h
anim/ui/recent_files.h anim/ui/files/recent_files.h
anim/ui/recording_export.h anim/ui/model/recording_export.h
anim/ui/recovery.h anim/ui/model/recovery.h
anim/ui/selection.h anim/ui/model/selection.h
anim/ui/setup_history.h anim/ui/model/setup_history.h
anim/ui/timeline_clip.h anim/ui/model/timeline_clip.h
anim/ui/transition_why.h anim/ui/model/transition_why.h
anim/ui/weight_plots.h anim/ui/model/weight_plots.h
anim/ui/model/config_paths.h anim/ui/files/config_paths.h
anim/ui/model/directory_listing.h anim/ui/files/directory_listing.h
anim/ui/model/recent_files.h anim/ui/files/recent_files.h
anim/ui/color_ramp.h anim/ui/scene/color_ramp.h
anim/ui/follow_camera.h anim/ui/scene/follow_camera.h
anim/ui/joint_picking.h anim/ui/scene/joint_picking.h
anim/ui/orbit_camera.h anim/ui/scene/orbit_camera.h
anim/ui/pose_overlays.h anim/ui/scene/pose_overlays.h
anim/ui/posed_model.h anim/ui/scene/posed_model.h
anim/ui/rotate_gizmo.h anim/ui/scene/rotate_gizmo.h
anim/ui/trails.h anim/ui/scene/trails.h
anim/ui/vertex_influences.h anim/ui/scene/vertex_influences.h
anim/ui/vertex_picking.h anim/ui/scene/vertex_picking.h
anim/ui/viewport_settings.h anim/ui/scene/viewport_settings.h
anim/ui/weight_legend.h anim/ui/scene/weight_legend.h
anim/ui/blend_panel.h anim/ui/views/animate/blend_panel.h
anim/ui/bone_tree_panel.h anim/ui/views/animate/bone_tree_panel.h
anim/ui/clips_panel.h anim/ui/views/animate/clips_panel.h
anim/ui/curves_panel.h anim/ui/views/animate/curves_panel.h
anim/ui/inspector_panel.h anim/ui/views/animate/inspector_panel.h
anim/ui/timeline_event_lane.h anim/ui/views/animate/timeline_event_lane.h
anim/ui/timeline_panel.h anim/ui/views/animate/timeline_panel.h
anim/ui/viewport_overlay.h anim/ui/views/animate/viewport_overlay.h
anim/ui/blend_space_editor.h anim/ui/views/machine/blend_space_editor.h
anim/ui/history_strip.h anim/ui/views/machine/history_strip.h
anim/ui/parameter_control.h anim/ui/views/machine/parameter_control.h
anim/ui/parameters_panel.h anim/ui/views/machine/parameters_panel.h
anim/ui/setup_form.h anim/ui/views/machine/setup_form.h
anim/ui/setup_inspector.h anim/ui/views/machine/setup_inspector.h
anim/ui/setup_panel.h anim/ui/views/machine/setup_panel.h
anim/ui/state_graph.h anim/ui/views/machine/state_graph.h
anim/ui/transition_why_view.h anim/ui/views/machine/transition_why_view.h
anim/ui/file_dialog.h anim/ui/widgets/file_dialog.h
anim/ui/imgui_frame.h anim/ui/widgets/imgui_frame.h
anim/ui/imgui_table.h anim/ui/widgets/imgui_table.h
anim/ui/item_rects.h anim/ui/widgets/item_rects.h
anim/ui/key_map.h anim/ui/widgets/key_map.h
anim/ui/panel_widgets.h anim/ui/widgets/panel_widgets.h
anim/ui/status_bar.h anim/ui/widgets/status_bar.h
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
