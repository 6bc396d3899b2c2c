#pragma once
// The IK panel (issue 28), a tab beside the Parameters sidebar: the running machine's IK entries
// (the top level's, then each layer's) with their type, whether they reached and the weight
// applied, and a weight slider each: a float parameter's sets the parameter; a constant's edits
// the setup entry, one undo step when the slider is let go. Below them, the ground the feet
// stand on (Document::set_ground): shown, on, height, tilt, and the step.
#include <string>

#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

class IkPanel {
 public:
  // Draws inside the current window.
  void draw(const Document& doc, Commands& cmds);

  // Rects of the last frame, for tests: per entry "ik_weight:<i>" (i its ik_results index);
  // "ground_shown", "ground_on", "ground_height", "ground_tilt", "ground_step",
  // "ground_step_x", "ground_step_height".
  ItemRects rects;

 private:
  void ground(const Document& doc, Commands& cmds);
  int editing_ = -1;            // The constant weight being dragged, or -1.
  float editing_value_ = 0.0f;  // Its value while dragged.
};

}  // namespace anim::ui
