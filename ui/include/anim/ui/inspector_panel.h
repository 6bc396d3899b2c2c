#pragma once
// The Inspector panel: everything about the selected joint: its place in the hierarchy, its
// local transform at the current time, its model-space transform, its bind (rest) transform,
// how many vertices it moves and how many keys the current clip has for it.
#include "anim/ui/commands.h"
#include "anim/ui/document.h"
#include "anim/ui/item_rects.h"
#include "anim/ui/selection.h"

namespace anim::ui {

class InspectorPanel {
 public:
  // Draws inside the current window. Clicking the parent's name selects the parent.
  void draw(const Document& doc, Commands& cmds, Selection& sel);

  // Rects of the last frame: "parent" (the link to the parent joint) when the joint has one.
  ItemRects rects;
};

}  // namespace anim::ui
