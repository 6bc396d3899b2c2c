#include "anim/ui/views/machine/parameters_panel.h"

#include <cfloat>
#include <cstddef>
#include <optional>
#include <string>

#include <imgui.h>

#include "anim/ui/views/machine/parameter_control.h"
#include "anim/ui/widgets/imgui_table.h"
#include "anim/ui/widgets/panel_widgets.h"
#include "setup_panel_common.h"

namespace anim::ui {

using setup_panel::key;

namespace {

// Index of the running machine's parameter named `name`, or -1 (a parameter added since the
// last version without errors).
int running_index(const StateMachineInstance& sm, const std::string& name) {
  const std::vector<ParameterDef>& params = sm.def().parameters;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (params[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

void ParametersPanel::apply_shift_ramp(Document& doc) const {
  if (ramp.empty() || doc.state_machine() == nullptr) return;
  StateMachineInstance& sm = *doc.state_machine();
  const int index = running_index(sm, ramp);
  if (index < 0) return;
  const ParameterDef& p = sm.def().parameters[static_cast<std::size_t>(index)];
  if (p.type != ParameterType::kFloat) return;
  // ImGui clears the modifiers when the app window loses focus, so KeyShift means "held here";
  // typing a capital letter in a text field is no ramp.
  const ImGuiIO& io = ImGui::GetIO();
  const bool bounded = p.min > -1e29f && p.max < 1e29f;
  const float high = bounded ? p.max : 1.0f, low = bounded ? p.min : 0.0f;
  const float target = io.KeyShift && !io.WantTextInput ? high : low;
  if (sm.target(index) != target) sm.set_value(index, target);
}

void ParametersPanel::draw(const Document& doc, Commands& cmds, Selection& sel) {
  if (!begin(doc)) {
    ImGui::TextDisabled("No setup: its parameters show here.");
    return;
  }
  // "+": a parameter of the chosen type, named in place at once.
  if (ImGui::Button("+ Add")) ImGui::OpenPopup("add_parameter_menu");
  rects.record("add_parameter");
  if (ImGui::BeginPopup("add_parameter_menu")) {
    for (ParameterType type : setup_panel::kParameterTypes) {
      if (ImGui::MenuItem(setup::to_string(type))) {
        setup::SetupParameter p;
        p.name = setup_form::unique_name(working_.parameters, "parameter");
        p.type = type;
        if (type == ParameterType::kFloat) {
          p.min = 0.0f;
          p.max = 1.0f;
        }
        commit("add parameter " + p.name);
        sel.parameter = p.name;
        renaming_ = static_cast<int>(working_.parameters.size());
        focus_rename_ = true;
        working_.parameters.push_back(std::move(p));
      }
      rects.record(std::string("add_parameter=") + setup::to_string(type));
    }
    ImGui::EndPopup();
  }

  std::optional<std::size_t> remove;
  if (!working_.parameters.empty() && begin_table("parameters", 4, setup_panel::kTableFlags)) {
    ImGui::TableSetupColumn("Name", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("Set", ImGuiTableColumnFlags_WidthStretch, 1.3f);
    ImGui::TableSetupColumn("Now", ImGuiTableColumnFlags_WidthFixed,
                            ImGui::CalcTextSize("-0.000").x);
    ImGui::TableSetupColumn("##remove", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFrameHeight());
    for (std::size_t i = 0; i < working_.parameters.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      row(doc, cmds, sel, i);
      ImGui::TableSetColumnIndex(3);
      if (remove_button(key("remove_parameter", i), "Remove this parameter")) remove = i;
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (remove) {
    const std::string name = working_.parameters[*remove].name;
    commit("remove parameter " + name);
    working_.parameters.erase(working_.parameters.begin() + static_cast<std::ptrdiff_t>(*remove));
    if (sel.parameter == name) sel.parameter.clear();
    renaming_ = -1;
  }
  if (working_.parameters.empty()) ImGui::TextDisabled("No parameters yet.");
  ramp_combo();
  // A ramped parameter removed (or renamed by an undo): the ramp stops.
  if (!ramp.empty()) {
    bool found = false;
    for (const setup::SetupParameter& p : working_.parameters) found = found || p.name == ramp;
    if (!found) ramp.clear();
  }
  end(doc, cmds);
}

void ParametersPanel::row(const Document& doc, Commands& cmds, Selection& sel, std::size_t i) {
  const setup::Setup& saved = *doc.setup();
  setup::SetupParameter& p = working_.parameters[i];
  ImGui::TableSetColumnIndex(0);
  if (renaming_ == static_cast<int>(i)) {
    if (focus_rename_) ImGui::SetKeyboardFocusHere();
    focus_rename_ = false;
    const bool done = text_field("##rename", key("param_rename", i), &p.name);
    if (done) {
      const std::string old = i < saved.parameters.size() ? saved.parameters[i].name : p.name;
      setup_form::rename_parameter(&working_, old, p.name);
      commit("rename parameter " + old + " to " + p.name);
      if (sel.parameter == old) sel.parameter = p.name;
      if (ramp == old) ramp = p.name;
    }
    if (ImGui::IsItemDeactivated()) renaming_ = -1;
  } else {
    ImGui::AlignTextToFramePadding();
    if (ImGui::Selectable(shown_name(p.name), sel.parameter == p.name,
                          ImGuiSelectableFlags_AllowDoubleClick)) {
      sel.parameter = p.name;
      if (ImGui::IsMouseDoubleClicked(0)) {
        renaming_ = static_cast<int>(i);
        focus_rename_ = true;
      }
    }
    rects.record(key("param", i));
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("A %s parameter: click to inspect it, double-click to rename it",
                        setup::to_string(p.type));
    }
  }

  ImGui::TableSetColumnIndex(1);
  const StateMachineInstance* sm = doc.state_machine();
  const int index = sm == nullptr ? -1 : running_index(*sm, p.name);
  if (index < 0) {
    ImGui::TextDisabled("not running");
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("The running machine is the setup's last version without errors");
    }
  } else {
    const bool ramped = ramp == p.name;
    ImGui::BeginDisabled(ramped);
    parameter_control(*sm, index, cmds);
    ImGui::EndDisabled();
    rects.record(key("param_control", i));
    if (ramped && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
      ImGui::SetTooltip("Driven by the Shift ramp");
    }
  }
  ImGui::TableSetColumnIndex(2);
  // A vector's drags show its value; three numbers would not fit the column.
  if (index >= 0 && p.type != ParameterType::kVector3) {
    text_right(parameter_value_text(*sm, index).c_str());
  }
}

void ParametersPanel::ramp_combo() {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Shift ramp");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "While Shift is held (anywhere but a text field) the parameter rises to its max at its "
        "rate; released, it falls back to its min");
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::BeginCombo("##ramp", ramp.empty() ? "none" : ramp.c_str())) {
    if (ImGui::Selectable("none", ramp.empty())) ramp.clear();
    rects.record("ramp=none");
    for (const setup::SetupParameter& p : working_.parameters) {
      if (p.type != ParameterType::kFloat) continue;
      if (ImGui::Selectable(shown_name(p.name), ramp == p.name)) ramp = p.name;
      rects.record("ramp=" + p.name);
    }
    ImGui::EndCombo();
  } else {
    rects.record("ramp");
  }
}

}  // namespace anim::ui
