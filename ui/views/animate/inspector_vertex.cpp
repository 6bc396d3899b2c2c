#include "inspector_vertex.h"

#include <cstdio>
#include <string>

#include <imgui.h>

#include "anim/ui/scene/vertex_influences.h"
#include "anim/ui/scene/vertex_picking.h"
#include "anim/ui/widgets/imgui_table.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {
namespace {

void percent_cell(float share) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f%%", 100.0f * share);
  text_right(text);
}

void influence_table(const Model& model, const VertexInfluences& influences, Selection& sel,
                     ItemRects& rects) {
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
  if (!begin_table("influences", 4, flags)) return;
  ImGui::TableSetupColumn("Joint", ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableSetupColumn("Weight", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("In file", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("Limit", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  const char* tips[] = {"Click a joint to select it",
                        "As skinned: the kept influences renormalized to sum to 1",
                        "Share of the vertex's weight in the file, before the 4-influence limit",
                        "Kept by the 4-influence limit, or cut at import"};
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int c = 0; c < 4; ++c) {
    ImGui::TableSetColumnIndex(c);
    ImGui::TableHeader(ImGui::TableGetColumnName(c));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tips[c]);
  }
  for (const VertexInfluence& k : influences.kept) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    const bool known =
        k.joint >= 0 && static_cast<std::size_t>(k.joint) < model.skeleton.joint_count();
    const std::string name = known ? model.skeleton.names[k.joint] : "?";
    ImGui::PushID(k.joint);
    if (ImGui::Selectable(name.c_str(), sel.joint == k.joint) && known) sel.joint = k.joint;
    rects.record("influence:" + name);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Select %s", name.c_str());
    ImGui::PopID();
    ImGui::TableSetColumnIndex(1);
    number_right(k.weight, 3);
    ImGui::TableSetColumnIndex(2);
    percent_cell(k.original_weight);
    ImGui::TableSetColumnIndex(3);
    ImGui::TextColored(colors::playing(), "kept");
  }
  if (influences.cut_weight > 0.0f) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("beyond the 4th");
    ImGui::TableSetColumnIndex(1);
    text_right("0");
    ImGui::TableSetColumnIndex(2);
    percent_cell(influences.cut_weight);
    ImGui::TableSetColumnIndex(3);
    ImGui::TextColored(colors::highlight(), "cut");
  }
  ImGui::EndTable();
}

}  // namespace

void vertex_section(const Document& doc, Selection& sel, ItemRects& rects) {
  if (sel.vertex < 0) return;
  const Model& model = doc.model();
  char header[64];
  std::snprintf(header, sizeof(header), "Vertex %d###vertex", sel.vertex);
  const bool open = ImGui::CollapsingHeader(header, ImGuiTreeNodeFlags_DefaultOpen);
  if (!open) return;
  if (ImGui::SmallButton("Clear")) sel.vertex = -1;
  rects.record("clear_vertex");
  if (sel.vertex < 0) return;
  if (static_cast<std::size_t>(sel.vertex) >= model.mesh.vertices.size()) {
    ImGui::TextDisabled("This mesh has no vertex %d.", sel.vertex);
    return;
  }
  ImGui::SameLine();
  const glm::vec3 p = skinned_position(model.mesh.vertices[sel.vertex], doc.posed().palette);
  ImGui::TextDisabled("at (%.3f, %.3f, %.3f) now", p.x, p.y, p.z);
  const VertexInfluences influences = vertex_influences(model, sel.vertex);
  if (influences.kept.empty()) {
    ImGui::TextDisabled("No joint moves this vertex.");
    return;
  }
  influence_table(model, influences, sel, rects);
  if (influences.cut_weight > 0.0f) {
    ImGui::TextWrapped(
        "The file gave this vertex more than 4 influences: the importer kept the 4 heaviest and "
        "renormalized them to sum to 1. It keeps only the total it cut, not which joints those "
        "were.");
  }
  ImGui::Spacing();
}

}  // namespace anim::ui
