#pragma once
// The Inspector's section on the vertex picked with Alt+click: its influences, kept or cut by
// the four-influence limit.
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

// Draws it when `sel.vertex` is set. Clicking a joint's name selects the joint; "Clear" (rect
// "clear_vertex") forgets the vertex. Each joint's row is recorded as "influence:NAME".
void vertex_section(const Document& doc, Selection& sel, ItemRects& rects);

}  // namespace anim::ui
