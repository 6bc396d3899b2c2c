#pragma once
// The Inspector panel: everything about the selected joint: its place in the hierarchy, its
// local transform at the current time, its model-space transform, its bind (rest) transform,
// how many vertices it moves and how many keys the current clip has for it.
#include <cstdint>

#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

class InspectorPanel {
 public:
  // Draws inside the current window. Clicking the parent's name selects the parent.
  void draw(const Document& doc, Commands& cmds, Selection& sel);

  // Rects of the last frame: "parent" (the link to the parent joint) when the joint has one,
  // "model_space" (the model-space table, shown first) while its section is open.
  ItemRects rects;

 private:
  // Index, children and vertices influenced on one line, the parent (a link that selects it)
  // on the next.
  void facts_lines(const Skeleton& skeleton, int joint, uint32_t influenced, Selection& sel);
  void parent_line(const Skeleton& skeleton, int joint, Selection& sel);
  // How far the rotate gizmo turned the joint, with a Reset button.
  void rotation_override_line(const Document& doc, Commands& cmds, int joint);
};

}  // namespace anim::ui
