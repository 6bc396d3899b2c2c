#include "gui/window_layout.h"

#include <algorithm>

namespace anim::app {

WindowLayout compute_layout(const ImVec2& display, float menu_height) {
  const float w = display.x, h = display.y;
  const float status_h = menu_height + 4.0f;
  const float timeline_h = std::clamp(h * 0.2f, 130.0f, 190.0f);
  const float left_w = std::clamp(w * 0.24f, 240.0f, 360.0f);
  const float right_w = std::clamp(w * 0.26f, 280.0f, 420.0f);
  const float top = menu_height;
  const float body_h = std::max(h - top - status_h - timeline_h, 100.0f);
  const float center_w = std::max(w - left_w - right_w, 100.0f);
  WindowLayout l;
  l.skeleton = {{0, top}, {left_w, body_h * 0.62f}};
  l.clips = {{0, top + body_h * 0.62f}, {left_w, body_h * 0.38f}};
  l.viewport = {{left_w, top}, {center_w, body_h}};
  l.inspector = {{left_w + center_w, top}, {right_w, body_h * 0.42f}};
  l.blend = {{left_w + center_w, top + body_h * 0.42f}, {right_w, body_h * 0.58f + timeline_h}};
  l.timeline = {{0, top + body_h}, {left_w + center_w, timeline_h}};
  l.status = {{0, h - status_h}, {w, status_h}};
  return l;
}

bool begin_panel(const char* name, const PanelRect& rect, bool bare) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                           ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoBringToFrontOnFocus;
  if (bare) flags |= ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings;
  return ImGui::Begin(name, nullptr, flags);
}

}  // namespace anim::app
