#pragma once
// The tool's --set and --rewind (for screenshots and demos of the history strip): parameter
// changes applied to the running state machine when their time of playback comes, as `play`
// applies them, and a rewind of the recording before the picture is taken.
#include <string>
#include <vector>

#include "anim/ui/model/document.h"
#include "cli/scripted_run.h"

namespace anim::app {

class ScriptedPreview {
 public:
  // `sets`: "NAME=VALUE@SECONDS" (X,Y,Z for a vector3 parameter) as play takes them; `rewind`:
  // seconds back from the newest recorded frame (below 0: none). `for_game`: the tool attaches
  // to a game (--watch): the script waits until the document follows the game's character, and
  // its changes are sent to the game (Document::queue_game_edit) instead of set here.
  ScriptedPreview(std::vector<std::string> sets, float rewind, bool for_game = false);

  // Before the frame's update by `dt`: applies the changes due (seconds counted from the first
  // frame the state machine plays, or follows the game), and with `rewind_now` rewinds (the
  // game's recording, when following: the game goes on being recorded).
  void before_update(ui::Document& doc, float dt, bool rewind_now);

 private:
  std::vector<std::string> texts_;
  float rewind_;
  bool for_game_;
  bool parsed_ = false;
  std::vector<ParameterChange> changes_;
  std::size_t next_ = 0;
  float time_ = 0.0f;
};

}  // namespace anim::app
