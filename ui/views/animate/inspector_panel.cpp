#include "anim/ui/views/animate/inspector_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/transform.h"
#include "anim/ui/widgets/imgui_table.h"
#include "anim/ui/widgets/panel_widgets.h"
#include "inspector_vertex.h"

namespace anim::ui {
namespace {

constexpr ImGuiTableFlags kTableFlags =
    ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame;

// Headers of a numbers table, right-aligned over their columns like the numbers below them.
void header_row(const char* const* names, int count) {
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int c = 0; c < count; ++c) {
    ImGui::TableSetColumnIndex(c);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    if (c == 0) {
      ImGui::TextUnformatted(names[c]);
    } else {
      text_right(names[c]);
    }
    ImGui::PopStyleColor();
  }
}

void label_cell(const char* label) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextUnformatted(label);
}

// One transform as columns (translation, rotation as a quaternion, the same rotation as Euler
// angles in degrees, scale) over rows X, Y, Z, W: five columns, so four decimals still fit a
// narrow panel.
void transform_table(const char* id, const Transform& t) {
  if (!begin_table(id, 5, kTableFlags)) return;
  ImGui::TableSetupColumn("##axis", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("W").x);
  const char* headers[] = {"", "Position", "Rotation", "Euler (\u00b0)", "Scale"};
  for (int c = 1; c < 5; ++c) {
    ImGui::TableSetupColumn(headers[c], ImGuiTableColumnFlags_WidthStretch);
  }
  header_row(headers, 5);
  const glm::vec3 euler = glm::degrees(glm::eulerAngles(t.rotation));
  const float quat[] = {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w};
  const char* axes[] = {"X", "Y", "Z", "W"};
  for (int row = 0; row < 4; ++row) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("%s", axes[row]);
    if (row < 3) {
      ImGui::TableSetColumnIndex(1);
      number_right(t.translation[row]);
    }
    ImGui::TableSetColumnIndex(2);
    number_right(quat[row]);
    if (row < 3) {
      ImGui::TableSetColumnIndex(3);
      number_right(euler[row]);
      ImGui::TableSetColumnIndex(4);
      number_right(t.scale[row]);
    }
  }
  ImGui::EndTable();
}

template <class V>
uint32_t key_count(const KeyTracks<V>& tracks, int joint) {
  return static_cast<std::size_t>(joint) < tracks.ranges.size() ? tracks.ranges[joint].count : 0;
}

void keys_table(const Clip& clip, int joint) {
  if (!begin_table("keys", 4, kTableFlags)) return;
  ImGui::TableSetupColumn("Clip", ImGuiTableColumnFlags_WidthStretch, 2.0f);
  for (const char* kind : {"Translation", "Rotation", "Scale"}) {
    ImGui::TableSetupColumn(kind, ImGuiTableColumnFlags_WidthStretch, 1.0f);
  }
  const char* headers[] = {"Clip", "T keys", "R keys", "S keys"};
  header_row(headers, 4);
  label_cell(shown_name(clip.name));
  const uint32_t counts[] = {key_count(clip.translations, joint), key_count(clip.rotations, joint),
                             key_count(clip.scales, joint)};
  const ImVec4 kind_colors[] = {colors::translation(), colors::rotation(), colors::scale()};
  for (int i = 0; i < 3; ++i) {
    ImGui::TableSetColumnIndex(i + 1);
    if (counts[i] == 0) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    } else {
      ImGui::PushStyleColor(ImGuiCol_Text, kind_colors[i]);
    }
    count_right(counts[i]);
    ImGui::PopStyleColor();
  }
  ImGui::EndTable();
}

// The joint's transforms (local at the current time, model space, bind pose) and the keys the
// current clip has for it, each under its own header.
void transform_sections(const Document& doc, int joint, ItemRects& rects) {
  ImGui::Spacing();
  char header[96];
  if (doc.mode() == PlaybackMode::kStateMachine) {
    std::snprintf(header, sizeof(header), "Local pose (state machine)###local");
  } else {
    std::snprintf(header, sizeof(header), "Local pose at %.3f s###local", doc.time());
  }
  // Model space first: where the joint is in the model, what the view shows; then the local
  // transform the clips key.
  if (ImGui::CollapsingHeader("Model space", ImGuiTreeNodeFlags_DefaultOpen) &&
      static_cast<std::size_t>(joint) < doc.posed().model_space.size()) {
    transform_table("model", decompose(doc.posed().model_space[joint]));
    rects.record("model_space");
  }
  if (ImGui::CollapsingHeader(header, ImGuiTreeNodeFlags_DefaultOpen) &&
      static_cast<std::size_t>(joint) < doc.local_pose().size()) {
    transform_table("local", doc.local_pose()[joint]);
  }
  if (ImGui::CollapsingHeader("Bind pose (rest, local)", ImGuiTreeNodeFlags_DefaultOpen)) {
    transform_table("rest", doc.model().skeleton.rest[joint]);
  }
  if (ImGui::CollapsingHeader("Keys", ImGuiTreeNodeFlags_DefaultOpen)) {
    const int clip = doc.current_clip();
    if (clip >= 0 && static_cast<std::size_t>(clip) < doc.model().clips.size()) {
      keys_table(doc.model().clips[clip], joint);
    } else {
      ImGui::TextDisabled("No clip is playing.");
    }
  }
}

}  // namespace

void InspectorPanel::draw(const Document& doc, Commands& cmds, Selection& sel) {
  rects.clear();
  vertex_section(doc, sel, rects);
  const Model& model = doc.model();
  const Skeleton& skeleton = model.skeleton;
  const int joint = sel.joint;
  if (joint < 0 || static_cast<std::size_t>(joint) >= skeleton.joint_count()) {
    ImGui::Spacing();
    ImGui::TextDisabled(skeleton.joint_count() == 0 ? "This model has no skeleton."
                                                    : "No joint selected");
    if (skeleton.joint_count() > 0) {
      ImGui::TextDisabled("Click a joint in the viewport or the Skeleton tree.");
    }
    return;
  }

  // Title and hierarchy facts.
  const std::string& name = skeleton.names[joint];
  ImGui::TextColored(colors::highlight(), "%s", name.empty() ? "(unnamed joint)" : name.c_str());
  const uint32_t influenced = static_cast<std::size_t>(joint) < doc.influenced_vertices().size()
                                  ? doc.influenced_vertices()[joint]
                                  : 0;
  facts_lines(skeleton, joint, influenced, sel);
  if (influenced == 0 && !model.mesh.vertices.empty()) {
    ImGui::TextDisabled("This joint influences no vertex.");
  }
  if (doc.has_rotation_override(joint)) rotation_override_line(doc, cmds, joint);
  transform_sections(doc, joint, rects);
}

void InspectorPanel::facts_lines(const Skeleton& skeleton, int joint, uint32_t influenced,
                                 Selection& sel) {
  // Two short lines rather than a table of four rows, so the transforms start high in the panel.
  std::size_t children = 0;
  for (std::size_t j = static_cast<std::size_t>(joint) + 1; j < skeleton.joint_count(); ++j) {
    if (skeleton.parents[j] == joint) ++children;
  }
  ImGui::PushTextWrapPos(0.0f);  // A narrow panel wraps it rather than cutting it.
  ImGui::TextDisabled("Joint %d of %zu, %zu %s, moves %s vertices", joint, skeleton.joint_count(),
                      children, children == 1 ? "child" : "children",
                      format_count(influenced).c_str());
  ImGui::PopTextWrapPos();
  parent_line(skeleton, joint, sel);
}

void InspectorPanel::parent_line(const Skeleton& skeleton, int joint, Selection& sel) {
  ImGui::TextDisabled("Parent");
  ImGui::SameLine();
  const int parent = skeleton.parents[joint];
  if (parent < 0) {
    ImGui::TextUnformatted("none (root)");
    return;
  }
  const std::string label = skeleton.names[parent] + " (" + std::to_string(parent) + ")";
  ImGui::PushID("parent");
  if (ImGui::Selectable(label.c_str(), false, 0,
                        ImVec2(ImGui::CalcTextSize(label.c_str()).x, 0.0f))) {
    sel.joint = parent;
  }
  rects.record("parent");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Select the parent joint");
  ImGui::PopID();
}

void InspectorPanel::rotation_override_line(const Document& doc, Commands& cmds, int joint) {
  const glm::quat q = doc.rotation_override(joint);
  const float degrees = glm::degrees(2.0f * std::acos(std::min(std::fabs(q.w), 1.0f)));
  ImGui::TextColored(colors::highlight(), "Turned %.1f\u00b0 by the rotate gizmo", degrees);
  ImGui::SameLine();
  if (ImGui::SmallButton("Reset")) cmds.clear_rotation_override(joint);
  rects.record("reset_override");
}

}  // namespace anim::ui
