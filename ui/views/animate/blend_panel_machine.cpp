// The Blend panel's state machine section: the running machine's active states, its transition,
// its layers, its latest events and a live control for every parameter.
#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "anim/ui/views/animate/blend_panel.h"
#include "anim/ui/views/machine/parameter_control.h"
#include "anim/ui/widgets/imgui_table.h"
#include "anim/ui/widgets/panel_widgets.h"
#include "blend_panel_layers.h"

namespace anim::ui {

namespace {

constexpr ImGuiTableFlags kTableFlags =
    ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;

// The active states with their weights and how far each has played; the current one stands out.
void active_states_table(const StateMachineInstance& sm) {
  if (!begin_table("active", 3, kTableFlags)) return;
  const StateMachineDef& def = sm.def();
  ImGui::TableSetupColumn("Active state", ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableSetupColumn("Weight", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("Time", ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableHeadersRow();
  for (const StateMachineInstance::ActiveState& a : sm.active_states()) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    const bool current = a.state == sm.current_state();
    const char* name = a.state >= 0 && static_cast<std::size_t>(a.state) < def.states.size()
                           ? def.states[a.state].name.c_str()
                           : "?";
    if (current) {
      ImGui::TextColored(colors::playing(), "%s", name);
    } else {
      ImGui::TextUnformatted(name);
    }
    ImGui::TableSetColumnIndex(1);
    number_right(a.weight, 2);
    ImGui::TableSetColumnIndex(2);
    char overlay[32];
    std::snprintf(overlay, sizeof(overlay), "%.0f%%",
                  static_cast<double>(a.normalized_time * 100.0f));
    ImGui::ProgressBar(a.normalized_time, ImVec2(-FLT_MIN, ImGui::GetFontSize()), overlay);
  }
  ImGui::EndTable();
}

// The running transition as "from -> to" over its progress, or that there is none.
void transition_line(const StateMachineInstance& sm) {
  const StateMachineDef& def = sm.def();
  const StateMachineInstance::TransitionStatus tr = sm.transition();
  if (tr.transition < 0) {
    ImGui::TextDisabled("No transition running");
    return;
  }
  auto state_name = [&](int s) {
    return s >= 0 && static_cast<std::size_t>(s) < def.states.size() ? def.states[s].name
                                                                     : std::string("?");
  };
  const std::string text = state_name(tr.from) + " -> " + state_name(tr.to);
  form_label("Transition");
  ImGui::ProgressBar(tr.progress, ImVec2(-FLT_MIN, 0.0f), text.c_str());
}

// The latest events, newest first, fading over two seconds.
void recent_events_line(const Document& doc) {
  form_label("Events");
  if (doc.recent_events().empty()) ImGui::TextDisabled("none yet");
  bool first = true;
  for (auto it = doc.recent_events().rbegin(); it != doc.recent_events().rend(); ++it) {
    if (!first) ImGui::SameLine();
    first = false;
    const float alpha = std::clamp(1.0f - it->age / 2.0f, 0.35f, 1.0f);
    ImVec4 color = colors::event();
    color.w = alpha;
    ImGui::TextColored(color, "%s", it->name.c_str());
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("%s in %s, %.2f s ago", it->name.c_str(), it->state.c_str(), it->age);
    }
  }
}

// A row per parameter: its name, a live control that sets it, and its value now.
void parameters_table(const StateMachineInstance& sm, Commands& cmds) {
  const StateMachineDef& def = sm.def();
  if (def.parameters.empty() || !begin_table("parameters", 3, kTableFlags)) return;
  ImGui::TableSetupColumn("Parameter", ImGuiTableColumnFlags_WidthStretch, 1.5f);
  ImGui::TableSetupColumn("Set", ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableSetupColumn("Now", ImGuiTableColumnFlags_WidthStretch, 0.8f);
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < def.parameters.size(); ++i) {
    const ParameterDef& param = def.parameters[i];
    const int index = static_cast<int>(i);
    ImGui::PushID(index);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(param.name.c_str());
    ImGui::TableSetColumnIndex(1);
    parameter_control(sm, index, cmds);
    ImGui::TableSetColumnIndex(2);
    // A vector's drags show its value.
    if (param.type != ParameterType::kVector3) text_right(parameter_value_text(sm, index).c_str());
    ImGui::PopID();
  }
  ImGui::EndTable();
}

}  // namespace

void BlendPanel::state_machine_section(const Document& doc, Commands& cmds) {
  if (!doc.has_setup() || doc.state_machine() == nullptr) return;
  if (!ImGui::CollapsingHeader("State machine", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushID("state_machine");
  const StateMachineInstance& sm = *doc.state_machine();
  const StateMachineDef& def = sm.def();
  // Restarted after this section: it holds a reference into the running machine.
  const bool restart = machine_run_controls(doc, cmds);
  active_states_table(sm);
  transition_line(sm);
  if (!def.layers.empty()) layers_table(sm, rects, cmds);
  if (!def.events.empty()) recent_events_line(doc);
  parameters_table(sm, cmds);
  ImGui::PopID();
  if (restart) cmds.restart_state_machine();
}

bool BlendPanel::machine_run_controls(const Document& doc, Commands& cmds) {
  if (doc.mode() != PlaybackMode::kStateMachine) {
    if (ImGui::Button("Run state machine", ImVec2(-FLT_MIN, 0.0f))) cmds.use_state_machine();
    return false;
  }
  ImGui::TextColored(colors::playing(), "Running");
  ImGui::SameLine();
  // Edits keep the machine going where it is; this starts it over.
  const bool restart = ImGui::SmallButton("Restart");
  rects.record("restart");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("From the default state, with every parameter at its default");
  }
  if (!doc.setup_path().empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", doc.setup_path().c_str());
  }
  return restart;
}

}  // namespace anim::ui
