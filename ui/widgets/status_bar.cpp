#include "anim/ui/widgets/status_bar.h"

#include <imgui.h>

#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {
namespace {

void separator() {
  ImGui::SameLine();
  ImGui::TextDisabled("|");
  ImGui::SameLine();
}

void stat(std::size_t count, const char* singular, const char* plural) {
  ImGui::Text("%s %s", format_count(count).c_str(), count == 1 ? singular : plural);
}

const char* mode_name(const Document& doc) {
  switch (doc.mode()) {
    case PlaybackMode::kClip:
      return doc.player().fading() ? "Crossfade" : "Clip";
    case PlaybackMode::kBlend1D:
      return "1D blend";
    case PlaybackMode::kStateMachine:
      return "State machine";
  }
  return "";
}

}  // namespace

void draw_status_bar(const Document& doc, float frame_ms, const std::string& notice) {
  const ImGuiIO& io = ImGui::GetIO();
  const Model& model = doc.model();
  ImGui::AlignTextToFramePadding();
  ImGui::Text("%.0f FPS", static_cast<double>(io.Framerate));
  separator();
  ImGui::Text("%.2f ms CPU", static_cast<double>(frame_ms));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("CPU time of the last frame (update and UI)");
  separator();
  stat(model.skeleton.joint_count(), "joint", "joints");
  separator();
  stat(model.mesh.vertices.size(), "vertex", "vertices");
  separator();
  stat(model.mesh.triangle_count(), "triangle", "triangles");
  separator();
  stat(model.clips.size(), "clip", "clips");
  separator();
  ImGui::TextUnformatted(mode_name(doc));
  if (doc.mode() != PlaybackMode::kStateMachine && doc.state_machine() != nullptr) {
    ImGui::SameLine();
    ImGui::TextDisabled("(state machine paused)");
  }
  separator();
  if (!doc.pose_problem().empty()) {
    ImGui::TextColored(colors::warning(), "Pose: %s", doc.pose_problem().c_str());
    separator();
  }
  if (!notice.empty()) {
    ImGui::TextColored(colors::highlight(), "%s", notice.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", notice.c_str());
    separator();
  }
  // The path last: it is the longest, and clipping its end loses the least.
  ImGui::TextDisabled("%s", doc.path().c_str());
  if (ImGui::IsItemHovered()) {
    if (doc.setup_path().empty()) {
      ImGui::SetTooltip("%s", doc.path().c_str());
    } else {
      ImGui::SetTooltip("%s\nsetup: %s", doc.path().c_str(), doc.setup_path().c_str());
    }
  }
}

}  // namespace anim::ui
