#include "blend_panel_layers.h"

#include <cfloat>
#include <string>

#include <imgui.h>

#include "anim/setup/setup.h"
#include "anim/ui/widgets/imgui_table.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {

void layers_table(const StateMachineInstance& sm, ItemRects& rects, Commands& cmds) {
  const StateMachineDef& def = sm.def();
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
  if (!begin_table("layers", 3, flags)) return;
  ImGui::TableSetupColumn("Layer", ImGuiTableColumnFlags_WidthStretch, 1.5f);
  ImGui::TableSetupColumn("State", ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableSetupColumn("Weight", ImGuiTableColumnFlags_WidthStretch, 1.5f);
  ImGui::TableHeadersRow();
  for (int layer = 1; layer < sm.layer_count(); ++layer) {
    const LayerDef& l = def.layers[layer - 1];
    ImGui::PushID(layer);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(l.name.c_str());
    if (ImGui::IsItemHovered()) {
      std::string mask;
      for (const std::string& j : l.mask.include) mask += " +" + j;
      for (const std::string& j : l.mask.exclude) mask += " -" + j;
      ImGui::SetTooltip("%s layer%s%s", setup::to_string(l.blend),
                        mask.empty() ? ", whole body" : ", mask:", mask.c_str());
    }
    ImGui::TableSetColumnIndex(1);
    const auto name = [&](int s) {
      return s >= 0 && static_cast<std::size_t>(s) < l.states.size() ? l.states[s].name.c_str()
                                                                     : "?";
    };
    const StateMachineInstance::TransitionStatus tr = sm.transition(layer);
    if (tr.transition >= 0) {
      const std::string text = std::string(name(tr.from)) + " -> " + name(tr.to);
      ImGui::ProgressBar(tr.progress, ImVec2(-FLT_MIN, 0.0f), text.c_str());
    } else if (sm.current_state(layer) >= 0) {
      ImGui::TextColored(colors::playing(), "%s", name(sm.current_state(layer)));
    } else {
      ImGui::TextDisabled("no states");
    }
    ImGui::TableSetColumnIndex(2);
    ImGui::SetNextItemWidth(-FLT_MIN);
    float weight = sm.layer_weight(layer);
    // A weight parameter drives the shown weight; the slider sets the layer's own factor.
    if (l.weight_parameter >= 0) {
      ImGui::TextDisabled("%.2f (x %s)", static_cast<double>(weight),
                          def.parameters[l.weight_parameter].name.c_str());
    } else if (ImGui::SliderFloat("##weight", &weight, 0.0f, 1.0f, "%.2f")) {
      cmds.set_layer_weight(layer, weight);
    }
    rects.record("layer_weight:" + l.name);
    ImGui::PopID();
  }
  ImGui::EndTable();
}

}  // namespace anim::ui
