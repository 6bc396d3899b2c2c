// A layer's fields (name, blend, weight, weight parameter, additive reference, mask), drawn
// by the Setup panel's Layers tab as a table row and by the Inspector as a form. A layer's
// states and transitions are edited in the graph (its machine combo); its mask in the Skeleton
// panel, which shows a checkbox per joint while "Mask" is on.
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "anim/setup/layer_edits.h"
#include "anim/ui/views/machine/setup_panel.h"
#include "anim/ui/widgets/imgui_table.h"
#include "setup_panel_common.h"

namespace anim::ui {

using setup_panel::key;
using setup_panel::kTableFlags;

namespace {

// "+spine -head", or "whole body".
std::string mask_summary(const setup::SetupLayer& layer) {
  std::string text;
  for (const std::string& j : layer.mask_include) text += (text.empty() ? "+" : " +") + j;
  for (const std::string& j : layer.mask_exclude) text += (text.empty() ? "-" : " -") + j;
  if (layer.mask_include.empty()) text = text.empty() ? "whole body" : "all " + text;
  return text;
}

}  // namespace

void SetupForm::layer_fields(const setup::Setup& saved, const std::vector<Clip>& clips,
                             std::size_t i, Selection& sel, Cells cells) {
  setup::SetupLayer& layer = working_.layers[i];
  cells.next("Name");
  if (text_field("##name", key("layer_name", i), &layer.name)) {
    const std::string typed = layer.name;
    const std::string old = i < saved.layers.size() ? saved.layers[i].name : typed;
    layer.name = old;
    // Through the edit rule, so the layer's box places follow; a name taken or empty stays
    // as typed for the Problems tab to report.
    if (!rename_layer(working_, old, typed)) working_.layers[i].name = typed;
    if (sel.mask_layer == old) sel.mask_layer = typed;
    commit("rename layer " + old + " to " + typed);
  }
  cells.next("Blend");
  layer_blend_combo(i);
  cells.next("Weight");
  if (float_field("##weight", key("layer_weight", i), &layer.weight, 0.01f, 0.0f, 1.0f, "%.2f")) {
    commit("set weight of layer " + layer.name);
  }
  cells.next("Scaled by");
  layer_weight_parameter_combo(i);
  cells.next("Reference");
  layer_reference_combo(clips, i);
  cells.next("Mask");
  layer_mask_toggle(i, sel);
}

void SetupForm::layer_blend_combo(std::size_t i) {
  setup::SetupLayer& layer = working_.layers[i];
  const std::string blend_rect = key("layer_blend", i);
  constexpr LayerBlend kLayerBlends[] = {LayerBlend::kOverride, LayerBlend::kAdditive};
  if (!enum_combo("##blend", blend_rect, kLayerBlends, &layer.blend)) return;
  if (layer.blend == LayerBlend::kOverride) layer.reference.reset();
  commit(std::string("make layer ") + layer.name + " " + setup::to_string(layer.blend));
}

void SetupForm::layer_weight_parameter_combo(std::size_t i) {
  setup::SetupLayer& layer = working_.layers[i];
  const std::string parameter_rect = key("layer_weight_parameter", i);
  if (!begin_combo("##weight_parameter", parameter_rect,
                   layer.weight_parameter ? shown_name(*layer.weight_parameter) : "none")) {
    return;
  }
  if (combo_choice(parameter_rect, "none", !layer.weight_parameter)) {
    layer.weight_parameter.reset();
    commit("drive layer " + layer.name + " by its weight alone");
  }
  for (const setup::SetupParameter& p : working_.parameters) {
    if (p.type != ParameterType::kFloat) continue;
    const bool chosen = layer.weight_parameter == p.name;
    if (combo_choice(parameter_rect, shown_name(p.name), chosen)) {
      layer.weight_parameter = p.name;
      commit("drive layer " + layer.name + " by " + p.name);
    }
  }
  ImGui::EndCombo();
}

void SetupForm::layer_reference_combo(const std::vector<Clip>& clips, std::size_t i) {
  setup::SetupLayer& layer = working_.layers[i];
  const std::string reference_rect = key("layer_reference", i);
  if (layer.blend != LayerBlend::kAdditive) {
    ImGui::TextDisabled("-");
    rects.record(reference_rect);
    return;
  }
  if (!begin_combo("##reference", reference_rect,
                   layer.reference ? shown_name(*layer.reference) : "each state's start")) {
    return;
  }
  if (combo_choice(reference_rect, "each state's start", !layer.reference)) {
    layer.reference.reset();
    commit("layer " + layer.name + " adds to each state's start");
  }
  for (const Clip& clip : clips) {
    if (combo_choice(reference_rect, shown_name(clip.name), layer.reference == clip.name)) {
      layer.reference = clip.name;
      commit("layer " + layer.name + " adds to " + clip.name);
    }
  }
  ImGui::EndCombo();
}

void SetupForm::layer_mask_toggle(std::size_t i, Selection& sel) {
  const setup::SetupLayer& layer = working_.layers[i];
  bool editing_mask = sel.mask_layer == layer.name && !layer.name.empty();
  if (ImGui::Checkbox("##mask", &editing_mask)) {
    sel.mask_layer = editing_mask ? layer.name : std::string();
  }
  rects.record(key("layer_mask", i));
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Edit this layer's mask in the Skeleton panel, a checkbox per joint");
  }
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(mask_summary(layer).c_str());
}

void SetupPanel::layers_tab(const Document& doc, Selection& sel) {
  const setup::Setup& saved = *doc.setup();
  const std::vector<Clip>& clips = doc.model().clips;
  std::optional<std::size_t> remove;
  std::optional<std::pair<std::size_t, int>> move;
  if (working_.layers.empty()) {
    ImGui::TextDisabled("No layers: the base machine alone poses the model.");
  } else if (begin_table("layers", 8, kTableFlags)) {
    ImGui::TableSetupColumn("Name", ImGuiTableColumnFlags_WidthStretch, 1.5f);
    ImGui::TableSetupColumn("Blend", ImGuiTableColumnFlags_WidthFixed,
                            ImGui::CalcTextSize("override").x + ImGui::GetFrameHeight() +
                                2.0f * ImGui::GetStyle().FramePadding.x);
    ImGui::TableSetupColumn("Weight", ImGuiTableColumnFlags_WidthStretch, 0.9f);
    ImGui::TableSetupColumn("Scaled by", ImGuiTableColumnFlags_WidthStretch, 1.2f);
    ImGui::TableSetupColumn("Reference", ImGuiTableColumnFlags_WidthStretch, 1.3f);
    ImGui::TableSetupColumn("Mask", ImGuiTableColumnFlags_WidthStretch, 1.8f);
    ImGui::TableSetupColumn("##order", ImGuiTableColumnFlags_WidthFixed,
                            2.0f * ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::TableSetupColumn("##remove", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFrameHeight());
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < working_.layers.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      layer_fields(saved, clips, i, sel, Cells::table());
      ImGui::TableSetColumnIndex(6);
      ImGui::BeginDisabled(i == 0);
      if (ImGui::ArrowButton("##up", ImGuiDir_Up)) move = std::make_pair(i, -1);
      ImGui::EndDisabled();
      rects.record(key("layer_up", i));
      ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
      ImGui::BeginDisabled(i + 1 == working_.layers.size());
      if (ImGui::ArrowButton("##down", ImGuiDir_Down)) move = std::make_pair(i, 1);
      ImGui::EndDisabled();
      rects.record(key("layer_down", i));

      ImGui::TableSetColumnIndex(7);
      if (remove_button(key("remove_layer", i), "Remove this layer")) remove = i;
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (move) {
    const std::string name = working_.layers[move->first].name;
    if (move_layer(working_, static_cast<int>(move->first), move->second)) {
      commit("move layer " + name + (move->second < 0 ? " up" : " down"));
    }
  }
  if (remove) {
    const std::string name = working_.layers[*remove].name;
    if (remove_layer(working_, name)) {
      if (sel.mask_layer == name) sel.mask_layer.clear();
      commit("remove layer " + name);
    }
  }
  if (ImGui::Button("Add layer")) {
    const std::string motion = clips.empty() ? std::string() : clips.front().name;
    commit("add layer " + add_layer(working_, "Layer", motion));
  }
  rects.record("add_layer");
  ImGui::SameLine();
  ImGui::TextDisabled("A layer's states and transitions: the Graph tab, machine combo.");
}

}  // namespace anim::ui
