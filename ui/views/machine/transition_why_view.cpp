#include "anim/ui/views/machine/transition_why_view.h"

#include <string>
#include <vector>

#include "anim/ui/model/nested_graph.h"
#include "anim/ui/model/transition_origin_label.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {

ImVec4 verdict_color(Verdict verdict) {
  switch (verdict) {
    case Verdict::kPass:
      return ImVec4(0.35f, 0.85f, 0.40f, 1.0f);
    case Verdict::kFail:
      return ImVec4(0.95f, 0.38f, 0.33f, 1.0f);
    case Verdict::kMoot:
      break;
  }
  return ImVec4(0.62f, 0.62f, 0.62f, 1.0f);
}

void draw_why_checks(const TransitionWhy& why) {
  if (why.checks.empty()) ImGui::TextDisabled("no conditions");
  for (const CheckLine& line : why.checks) {
    ImGui::TextColored(verdict_color(line.verdict), "%s %s   %s",
                       line.verdict == Verdict::kPass ? "+" : "x", line.check.c_str(),
                       line.actual.c_str());
  }
}

void draw_why_not(const Document& doc, const StateGraph& graph, float height) {
  ImGui::BeginChild("##why_not", ImVec2(0.0f, height), false);
  const StateMachineInstance* sm = doc.state_machine();
  const int layer = sm != nullptr && doc.setup() != nullptr
                        ? running_layer(*sm, *doc.setup(), graph.machine)
                        : -1;
  if (layer < 0 || doc.mode() != PlaybackMode::kStateMachine) {
    // Wrapped: the lines below the graph have room for it, and a narrow graph cut it.
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextWrapped("%s", sm != nullptr ? "Why (not): shown while the state machine plays (it "
                                             "is paused: Resume in the graph's header)."
                                           : "Why (not): shown while the state machine plays.");
    ImGui::PopStyleColor();
    ImGui::EndChild();
    return;
  }
  const StateMachineDef& def = sm->def();
  const std::vector<StateDef>& states =
      layer == 0 ? def.states : def.layers[static_cast<std::size_t>(layer - 1)].states;
  // The selected state when it plays (one a transition is leaving, say), else the current one.
  // The runtime's states are leaves by path: a selected machine box stands for the leaf of it
  // that plays.
  int state = sm->current_state(layer);
  for (const StateMachineInstance::ActiveState& a : sm->active_states(layer)) {
    const std::string& leaf = states[static_cast<std::size_t>(a.state)].name;
    if (!graph.selected.empty() && box_of_leaf(leaf, graph.opened) == graph.selected) {
      state = a.state;
    }
  }
  // The transition moving the pose first, then those that could leave the state; with nested
  // machines grouped by where they come from (the leaf's own machine, its parent's, any state).
  std::vector<TransitionWhy> lines = why_now(*sm, layer, state);
  label_origins(lines, *sm, *doc.setup(), graph.machine);
  const std::string name = state >= 0 ? states[static_cast<std::size_t>(state)].name : "?";
  if (lines.empty()) {
    ImGui::TextDisabled("%s: no transition leaves it.", name.c_str());
  }
  // One line each, elided at the panel's edge, so every transition keeps a line in the few the
  // panel has; the full sentence (how a blend moves the pose) and the checks on hover.
  const std::string* group = nullptr;
  for (const TransitionWhy& why : lines) {
    if (!why.origin.empty() && (group == nullptr || *group != why.origin)) {
      text_elided(why.origin + ":", ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
      group = &why.origin;
    }
    if (group != nullptr) ImGui::Indent();
    ImGui::TextColored(verdict_color(why.verdict), "%s",
                       elide_to_width(why.summary, ImGui::GetContentRegionAvail().x).c_str());
    if (group != nullptr) ImGui::Unindent();
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 35.0f);
      ImGui::TextColored(verdict_color(why.verdict), "%s", why.summary.c_str());
      ImGui::PopTextWrapPos();
      ImGui::Separator();
      ImGui::TextUnformatted(why.name.c_str());
      draw_why_checks(why);
      ImGui::EndTooltip();
    }
  }
  ImGui::EndChild();
}

}  // namespace anim::ui
