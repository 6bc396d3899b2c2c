#pragma once
// Every table of the tool begins here instead of ImGui::BeginTable: the guard for the ImGui it is
// built with (Debian's 1.86), like the workarounds in imgui_frame.h.
#include <imgui.h>

namespace anim::ui {

// ImGui::BeginTable, except that a scrolling table (ScrollX or ScrollY) whose child window
// would be clipped away is not begun: it takes its place (as ImGui does for a clipped table) and
// false is returned, so EndTable must not be called, exactly as when BeginTable returns false.
//
// Why: ImGui 1.86 decides whether a scrolling table is out of sight from its unrounded outer
// rectangle, then makes its child window at the rounded-down place and size. When the table
// hangs less than a pixel over the edge of the clip rectangle (a window scrolled or sized to a
// fraction, a fractional height like "the rest minus the footer"), the child is hidden and skips
// its items while the table's columns are laid out as visible: TableUpdateLayout asserts
// (`!is_visible`) and the tool aborts. Later ImGui rounds the outer size first (upstream 7957).
// Here the child's rectangle is worked out the way ImGui will make it and tested first.
// Tables without a child window are laid out in the current window, never skipped while it
// draws, and pass straight through.
bool begin_table(const char* id, int columns, ImGuiTableFlags flags,
                 const ImVec2& outer_size = ImVec2(0.0f, 0.0f), float inner_width = 0.0f);

}  // namespace anim::ui
