#pragma once
// What the Setup panel's tabs share (anim_ui internal; each tab may live in its own file).
#include <cstddef>
#include <initializer_list>
#include <string>
#include <utility>

#include <imgui.h>

#include "anim/state_machine_types.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui::setup_panel {

// "state_name:2", "point_clip:0:1": the names under which tests find widgets.
inline std::string key(const char* name, std::size_t i) {
  return std::string(name) + ":" + std::to_string(i);
}
inline std::string key(const char* name, std::size_t i, std::size_t j) {
  return key(name, i) + ":" + std::to_string(j);
}

// Table columns: a stretch column per field and a narrow one for the remove button.
inline void setup_columns(std::initializer_list<std::pair<const char*, float>> columns) {
  for (const auto& [label, weight] : columns) {
    ImGui::TableSetupColumn(label, ImGuiTableColumnFlags_WidthStretch, weight);
  }
  ImGui::TableSetupColumn("##remove", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFrameHeight());
  ImGui::TableHeadersRow();
}

constexpr ImGuiTableFlags kTableFlags =
    ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;

// Every type a parameter can have, in the order the menus offer them.
constexpr ParameterType kParameterTypes[] = {ParameterType::kFloat, ParameterType::kInt,
                                             ParameterType::kBool, ParameterType::kTrigger,
                                             ParameterType::kVector3};

}  // namespace anim::ui::setup_panel
