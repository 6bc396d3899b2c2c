#pragma once
// The setup being edited in the tool: its current version with the undo history, the file it is
// saved in, its problems, and what it compiles to. No ImGui: the Document owns one and is its
// only writer; tests drive it directly.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "anim/diagnostic.h"
#include "anim/model.h"
#include "anim/result.h"
#include "anim/root_motion_builder.h"
#include "anim/setup/root_motion.h"
#include "anim/setup/setup.h"
#include "anim/state_machine_def.h"
#include "anim/ui/model/setup_history.h"

namespace anim::ui {

class SetupSession {
 public:
  // What a setup without errors compiles to: the machine's definition and the clips it plays
  // with their root motion taken out (setup_root_motion.h). An instance made from it points
  // into both, so whoever runs it keeps them together.
  struct Build {
    std::unique_ptr<StateMachineDef> def;
    std::shared_ptr<const setup::RootMotionClips> motion;
  };

  bool active() const { return active_; }
  // The current version; null without a setup.
  const setup::Setup* setup() const { return active_ ? &edits_.current() : nullptr; }
  // Its file; empty for one in no file yet (Save asks where).
  const std::string& path() const { return path_; }
  const SetupHistory& history() const { return edits_; }
  bool dirty() const { return active_ && edits_.dirty(); }
  // Every problem of the current version (validate_setup, then the root motion's), as the last
  // build() found them.
  const std::vector<Diagnostic>& problems() const { return problems_; }

  // Starts a session on `setup`, kept in `path`: nothing to undo, clean unless `saved` is false.
  void start(setup::Setup setup, std::string path, bool saved);
  // An edit, undoable, labelled `what` ("rename state"); ignored without a setup.
  void edit(setup::Setup edited, std::string what);
  bool undo() { return active_ && edits_.undo(); }
  bool redo() { return active_ && edits_.redo(); }

  // Checks the current version against `model` (problems()) and compiles it; nothing when it
  // has errors. `clips` names the model's set of clips (ClipFileSet::generation()): the root
  // motion extracted last is reused while neither it nor the settings it came from changed.
  std::optional<Build> build(const Model& model, int clips);

  // Saves the current version to `path` (atomically) and makes it the session's file. Paths in
  // the setup (the model, the clip files) are rewritten to point at the same files from the new
  // folder; if any moved, that is an undoable edit of its own.
  Status save_as(const std::string& path);

 private:
  // The clips with their root motion for the current version: the last extraction when nothing
  // it depends on changed, else a new one; null (with the problem added) when it fails.
  std::shared_ptr<const setup::RootMotionClips> root_motion_clips(const Model& model, int clips);

  // What the last extraction came from: the resolved settings, each clip-file entry's
  // "root_motion" and the model's set of clips.
  struct MotionSource {
    std::optional<RootMotionSettings> settings;
    std::vector<bool> entries_move;
    int clips = -1;
    bool operator==(const MotionSource& o) const;
  };

  bool active_ = false;
  SetupHistory edits_;
  std::string path_;
  std::vector<Diagnostic> problems_;
  std::shared_ptr<const setup::RootMotionClips>
      motion_;  // The last extraction, from motion_source_.
  MotionSource motion_source_;
};

}  // namespace anim::ui
