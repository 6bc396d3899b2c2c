#include "anim/ui/widgets/status_bar.h"

#include <algorithm>

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
  // A pose problem and a notice are cut short with "..." (whole in their tooltips) where the line
  // ends, each leaving the path at least a third of what is left of it.
  const auto passing = [&doc](const std::string& text, const ImVec4& color) {
    const float left = ImGui::GetContentRegionAvail().x;
    const float path = std::min(ImGui::CalcTextSize(doc.path().c_str()).x, left / 3.0f);
    const float gap = ImGui::CalcTextSize("|").x + 2.0f * ImGui::GetStyle().ItemSpacing.x;
    const std::string shown = elide_to_width(text, left - path - gap);
    ImGui::TextColored(color, "%s", shown.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
    separator();
  };
  if (!doc.pose_problem().empty()) passing("Pose: " + doc.pose_problem(), colors::warning());
  if (!notice.empty()) passing(notice, colors::highlight());
  // The path last, as it is the longest; cut at its start, so the file's name stays.
  ImGui::TextDisabled("%s",
                      elide_start_to_width(doc.path(), ImGui::GetContentRegionAvail().x).c_str());
  if (ImGui::IsItemHovered()) {
    if (doc.setup_path().empty()) {
      ImGui::SetTooltip("%s", doc.path().c_str());
    } else {
      ImGui::SetTooltip("%s\nsetup: %s", doc.path().c_str(), doc.setup_path().c_str());
    }
  }
}

}  // namespace anim::ui
