// The Setup panel's Problems tab: every error and warning of the setup with its JSON pointer;
// clicking one shows its item (its tab, its state or transition selected in the graph, its
// parameter selected for the Inspector).
#include <cctype>
#include <cstddef>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "anim/ui/views/machine/setup_panel.h"
#include "anim/ui/widgets/imgui_table.h"
#include "anim/ui/widgets/panel_widgets.h"
#include "setup_panel_common.h"

namespace anim::ui {

using setup_panel::key;
using setup_panel::kTableFlags;

// --- Problems ---

int layer_of(const std::string& pointer) {
  const std::string prefix = "/layers/";
  if (pointer.rfind(prefix, 0) != 0 || pointer.size() == prefix.size()) return -1;
  std::size_t end = prefix.size();
  while (end < pointer.size() && std::isdigit(static_cast<unsigned char>(pointer[end]))) ++end;
  if (end == prefix.size() || end - prefix.size() > 6) return -1;
  if (end < pointer.size() && pointer[end] != '/') return -1;
  return std::atoi(pointer.c_str() + prefix.size());
}

std::string problem_tab(const std::string& pointer) {
  // A layer's states and transitions are edited in the graph (its machine), the rest of it on
  // the Layers tab.
  const int layer = layer_of(pointer);
  if (layer >= 0) {
    const std::size_t slash = pointer.find('/', 8);  // After "/layers/N".
    const std::string rest = slash == std::string::npos ? std::string() : pointer.substr(slash);
    const bool machine = rest.rfind("/states/", 0) == 0 || rest.rfind("/transitions/", 0) == 0 ||
                         rest == "/default_state";
    return machine ? "Graph" : "Layers";
  }
  static const std::pair<const char*, const char*> kTabs[] = {{"/states/", "Graph"},
                                                              {"/default_state", "Graph"},
                                                              {"/transitions/", "Transitions"},
                                                              {"/parameters/", "Parameters"},
                                                              {"/blend_spaces/", "Blend spaces"}};
  for (const auto& [prefix, tab] : kTabs) {
    if (pointer.rfind(prefix, 0) == 0) return tab;
  }
  return "";
}

void SetupPanel::problems_tab(const Document& doc, Selection& sel) {
  const std::vector<Diagnostic>& problems = doc.setup_problems();
  if (problems.empty()) {
    ImGui::TextColored(colors::playing(), "No problems.");
    return;
  }
  if (!begin_table("problems", 3, kTableFlags)) return;
  ImGui::TableSetupColumn("Severity", ImGuiTableColumnFlags_WidthFixed,
                          ImGui::CalcTextSize("Severity").x);
  ImGui::TableSetupColumn("Where", ImGuiTableColumnFlags_WidthStretch, 1.5f);
  ImGui::TableSetupColumn("Problem", ImGuiTableColumnFlags_WidthStretch, 4.0f);
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const Diagnostic& d = problems[i];
    const bool error = d.severity == Diagnostic::Severity::kError;
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextColored(error ? colors::warning() : colors::highlight(),
                       error ? "error" : "warning");
    ImGui::TableSetColumnIndex(1);
    // Clicking a problem shows its item: a state selected in the graph, or its tab.
    const std::string where =
        (d.pointer.empty() ? "/" : d.pointer) + "##problem" + std::to_string(i);
    const std::string tab = problem_tab(d.pointer);
    if (ImGui::Selectable(where.c_str(), false, ImGuiSelectableFlags_SpanAllColumns) &&
        !tab.empty()) {
      select_tab(tab);
      // A layer's problem shows that layer's machine; its states are under "/layers/N".
      const int layer = layer_of(d.pointer);
      const std::vector<setup::SetupLayer>& layers = doc.setup()->layers;
      const bool known_layer = layer >= 0 && static_cast<std::size_t>(layer) < layers.size();
      if (tab == "Graph") {
        graph_.machine = known_layer ? layer + 1 : 0;
        graph_.opened.clear();  // The problem's pointer is from the machine's top.
      }
      const std::string pointer =
          known_layer ? d.pointer.substr(d.pointer.find('/', 8)) : d.pointer;
      const std::vector<setup::SetupState>& states =
          known_layer ? layers[layer].states : doc.setup()->states;
      const std::string prefix = "/states/";
      if (pointer.rfind(prefix, 0) == 0) {
        const std::size_t index = std::strtoul(pointer.c_str() + prefix.size(), nullptr, 10);
        if (index < states.size()) graph_.selected = states[index].name;
      }
      // A parameter's problem selects it for the Inspector.
      const std::string parameters = "/parameters/";
      if (pointer.rfind(parameters, 0) == 0) {
        const std::size_t index = std::strtoul(pointer.c_str() + parameters.size(), nullptr, 10);
        if (index < doc.setup()->parameters.size()) {
          sel.parameter = doc.setup()->parameters[index].name;
        }
      }
      // A transition's problem selects it too: the Inspector shows its fields.
      const std::string transitions = "/transitions/";
      const std::size_t transition_count =
          known_layer ? layers[layer].transitions.size() : doc.setup()->transitions.size();
      if (pointer.rfind(transitions, 0) == 0) {
        const std::size_t index = std::strtoul(pointer.c_str() + transitions.size(), nullptr, 10);
        if (index < transition_count) {
          graph_.machine = known_layer ? layer + 1 : 0;
          graph_.selected.clear();
          graph_.selection.clear();
          graph_.selected_transition = static_cast<int>(index);
        }
      }
    }
    if (ImGui::IsItemHovered() && !tab.empty())
      ImGui::SetTooltip("Show it on the %s tab", tab.c_str());
    rects.record(key("problem", i));
    ImGui::TableSetColumnIndex(2);
    ImGui::TextWrapped("%s", d.message.c_str());
  }
  ImGui::EndTable();
}

}  // namespace anim::ui
