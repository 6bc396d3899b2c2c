#pragma once
// Where the tool's windows go: a docked-style layout that follows the window size.
#include <imgui.h>

namespace anim::app {

struct PanelRect {
  ImVec2 pos, size;
};

struct WindowLayout {
  PanelRect skeleton, clips, viewport, inspector, blend, timeline, status;
};

// Splits the display below a menu bar of `menu_height` pixels.
WindowLayout compute_layout(const ImVec2& display, float menu_height);

// Begins a fixed window at `rect` (no move/resize/collapse); `bare` also drops the title bar.
// Always pair with ImGui::End().
bool begin_panel(const char* name, const PanelRect& rect, bool bare = false);

}  // namespace anim::app
