#include "gui/overlay_menu.h"

#include <imgui.h>

namespace anim::app {
namespace {

void tooltip(const char* text) {
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
}

}  // namespace

void overlay_menu_items(ui::ViewportSettings& s) {
  ImGui::MenuItem("Ghosts", nullptr, &s.show_ghosts);
  tooltip(
      "During a crossfade or a transition: what it leaves (magenta) and what it goes to "
      "(cyan) as skeletons");
  ImGui::MenuItem("Ghost meshes", nullptr, &s.ghost_meshes, s.show_ghosts);
  tooltip("The two ghosts as translucent tinted meshes too");
  const float width = ImGui::CalcTextSize("0000000000").x;
  ImGui::SetNextItemWidth(width);
  ImGui::SliderInt("Onion frames", &s.onion_frames, 0, ui::ViewportSettings::kMaxOnionFrames);
  tooltip(
      "Skeletons of the playing clip this many steps before (blue) and after (green); 0 is "
      "off. Clip playback only");
  ImGui::SetNextItemWidth(width);
  ImGui::SliderInt("Onion step (frames)", &s.onion_step_frames, 1, 15);
  tooltip("Frames of 1/30 s between onion-skin skeletons");
  ImGui::MenuItem("Onion meshes", nullptr, &s.onion_meshes, s.onion_frames > 0);
  tooltip("The onion-skin frames as translucent tinted meshes too");
  ImGui::SetNextItemWidth(width);
  ImGui::SliderFloat("Trail (seconds)", &s.trail_seconds, 0.0f, 5.0f, "%.1f");
  tooltip(
      "Where the selected joint (orange) and the root (violet) were over the last seconds "
      "of playback; 0 is off");
  ImGui::MenuItem("Follow root", nullptr, &s.follow_root);
  tooltip("The camera moves with the character's root across the ground");
  if (ImGui::BeginMenu("Root motion")) {
    if (ImGui::MenuItem("In place", nullptr, !s.root_motion_in_world)) {
      s.root_motion_in_world = false;
    }
    tooltip(
        "The character plays on the spot, its clips' motion taken out (the setup's "
        "root_motion)");
    if (ImGui::MenuItem("In the world", nullptr, s.root_motion_in_world)) {
      s.root_motion_in_world = true;
    }
    tooltip(
        "The character walks over the grid where its clips' motion takes it; with a root "
        "trail its path is drawn, and Follow root keeps it in view");
    ImGui::EndMenu();
  }
  // Typed values (Ctrl+click) may leave the ranges.
  s.onion_frames = s.onion_frames < 0 ? 0
                   : s.onion_frames > ui::ViewportSettings::kMaxOnionFrames
                       ? ui::ViewportSettings::kMaxOnionFrames
                       : s.onion_frames;
  s.onion_step_frames = s.onion_step_frames < 1    ? 1
                        : s.onion_step_frames > 60 ? 60
                                                   : s.onion_step_frames;
  if (!(s.trail_seconds >= 0.0f)) s.trail_seconds = 0.0f;
  if (s.trail_seconds > 60.0f) s.trail_seconds = 60.0f;
}

}  // namespace anim::app
