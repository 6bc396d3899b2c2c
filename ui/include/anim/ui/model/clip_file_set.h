#pragma once
// A document's clip files: clips read from other files than the model's. With a setup they are
// its "animations" entries (edits of them are setup edits, which the Document makes); without
// one, the files added to the model directly, kept here until a new setup takes them over. Also
// what the clip-file clips were loaded from, their problems, the files changed on disk since, and
// a generation that grows whenever the set of clips changes.
#include <cstddef>
#include <string>
#include <vector>

#include "anim/diagnostic.h"
#include "anim/import/animation_files.h"
#include "anim/setup/setup.h"

namespace anim::ui {

class ClipFileSet {
 public:
  // `own_clips`: how many clips come from the model's own file (they come first).
  explicit ClipFileSet(std::size_t own_clips = 0) : own_clips_(own_clips) {}
  std::size_t own_clip_count() const { return own_clips_; }

  // Without a setup: the entries of the files added to the model.
  const std::vector<setup::SetupAnimation>& loose() const { return loose_; }
  void set_loose(std::vector<setup::SetupAnimation> entries) { loose_ = std::move(entries); }
  // The loose entries, handed over to a new setup (none are kept).
  std::vector<setup::SetupAnimation> take_loose();

  // `paths` (from the working folder) added to `entries`, skipping files listed already; each
  // written relative to the folder of `setup_path` when there is one, else absolute. How many.
  static std::size_t add(std::vector<setup::SetupAnimation>& entries,
                         const std::vector<std::string>& paths, const std::string& setup_path);

  // Whether `wanted` differs from what is loaded, or a reload was asked for.
  bool outdated(const std::vector<import::AnimationFile>& wanted) const {
    return reload_requested_ || wanted != loaded_;
  }
  void request_reload() { reload_requested_ = true; }
  // The model was opened with `files` loaded: without a setup they become the loose entries.
  void adopt(std::vector<import::AnimationFile> files, std::vector<Diagnostic> problems,
             bool has_setup);
  // `files` were loaded and their clips installed: a new generation of clips.
  void installed(std::vector<import::AnimationFile> files, std::vector<Diagnostic> problems);

  const std::vector<Diagnostic>& problems() const { return problems_; }
  // Clip files whose contents changed on disk since they were loaded (set by the app).
  void set_changed(std::vector<std::string> paths) { changed_ = std::move(paths); }
  const std::vector<std::string>& changed() const { return changed_; }
  int generation() const { return generation_; }

 private:
  std::size_t own_clips_ = 0;
  std::vector<setup::SetupAnimation> loose_;
  std::vector<import::AnimationFile> loaded_;  // What the clip-file clips came from.
  std::vector<Diagnostic> problems_;
  std::vector<std::string> changed_;
  bool reload_requested_ = false;
  int generation_ = 0;
};

}  // namespace anim::ui
