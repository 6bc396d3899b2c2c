#pragma once
// Scrubbing a time ruler, as the Timeline's strip and the Curves panel's plot both do: a press on
// the ruler's item pauses playback and, while the item stays active, seeks to the time under the
// mouse; letting go resumes playback as it was before the press.
#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"

namespace anim::ui {

class TimeScrub {
 public:
  // Called right after the ruler's ImGui item. `press` whether a scrub begins this frame (the
  // item was just activated by the button that scrubs). The item spans x in [min_x, min_x +
  // width] and shows [view_start, view_start + span] seconds of a clip `duration` long.
  void update(const Document& doc, Commands& cmds, bool press, float view_start, float min_x,
              float width, float span, float duration);
  bool active() const { return active_; }

 private:
  bool active_ = false;
  bool resume_ = false;  // Playing state to restore when the drag ends.
};

}  // namespace anim::ui
