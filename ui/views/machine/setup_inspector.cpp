#include "anim/ui/views/machine/setup_inspector.h"

#include <algorithm>
#include <cfloat>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "anim/setup/edits.h"
#include "anim/setup/layer_edits.h"
#include "anim/setup/machine_edits.h"
#include "anim/ui/model/nested_graph.h"
#include "anim/ui/views/machine/transition_why_view.h"
#include "anim/ui/widgets/imgui_table.h"
#include "anim/ui/widgets/panel_widgets.h"
#include "setup_panel_common.h"

namespace anim::ui {

using setup_panel::key;

namespace {

template <class T>
int index_named(const std::vector<T>& items, const std::string& name) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (items[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

std::string graph_selection(const StateGraph& graph) {
  std::string text = std::to_string(graph.machine) + "|" + join_path(graph.opened) + "|" +
                     graph.selected + "|" + std::to_string(graph.selected_transition);
  for (const std::string& name : graph.selection) text += "|" + name;
  return text;
}

bool graph_has_selection(const StateGraph& graph) {
  return !graph.selected.empty() || !graph.selection.empty() || graph.selected_transition >= 0;
}

void clear_graph_selection(StateGraph& graph) {
  graph.selected.clear();
  graph.selection.clear();
  graph.selected_transition = -1;
}

void heading(const char* kind, const std::string& name) {
  ImGui::TextColored(colors::highlight(), "%s", kind);
  ImGui::SameLine();
  ImGui::TextUnformatted(name.c_str());
  ImGui::Separator();
}

}  // namespace

void SetupInspector::draw(const Document& doc, Commands& cmds, Selection& sel, StateGraph& graph) {
  showing_ = "none";
  // The newest selection wins, and the other one is cleared so that choosing it again is news.
  if (graph_selection(graph) != seen_graph_ && graph_has_selection(graph)) focus_ = Focus::kGraph;
  if (sel.parameter != seen_parameter_ && !sel.parameter.empty()) focus_ = Focus::kParameter;
  if (focus_ == Focus::kGraph && graph_has_selection(graph)) sel.parameter.clear();
  if (focus_ == Focus::kParameter && !sel.parameter.empty()) clear_graph_selection(graph);
  seen_parameter_ = sel.parameter;

  const std::size_t layers = doc.has_setup() ? doc.setup()->layers.size() : 0;
  const int shown_machine =
      graph.machine > 0 && static_cast<std::size_t>(graph.machine) <= layers ? graph.machine : 0;
  const bool graph_item = focus_ == Focus::kGraph && graph_has_selection(graph);
  // At a nested level the fields edit that machine's items (by index and name there).
  if (!begin(doc, graph_item ? shown_machine : 0,
             graph_item ? graph.opened : std::vector<std::string>())) {
    ImGui::TextDisabled("No setup.");
    seen_graph_ = graph_selection(graph);
    return;
  }
  const setup::Setup saved = saved_view(*doc.setup());

  if (graph_item && graph.opened != level()) {
    // The graph's level is gone (an undo) and the graph has not caught up yet: its indices and
    // names are of a machine not shown here.
    showing_ = "none";
  } else if (graph_item && graph.selection.size() > 1) {
    showing_ = "states";
    ImGui::Text("%zu states selected", graph.selection.size());
    ImGui::TextDisabled("Drag one to move them all; Delete removes them.");
  } else if (graph_item && graph.selected_transition >= 0 &&
             static_cast<std::size_t>(graph.selected_transition) < working_.transitions.size()) {
    transition_section(doc, graph, static_cast<std::size_t>(graph.selected_transition));
  } else if (graph_item && graph.selected == kAnyStateNode) {
    any_state_section(graph);
  } else if (const int state = graph_item ? index_named(saved.states, graph.selected) : -1;
             state >= 0 && static_cast<std::size_t>(state) < working_.states.size()) {
    state_section(doc, cmds, graph, saved, static_cast<std::size_t>(state));
  } else if (const int param = index_named(saved.parameters, sel.parameter);
             focus_ == Focus::kParameter && param >= 0 &&
             static_cast<std::size_t>(param) < working_.parameters.size()) {
    parameter_section(saved, sel, static_cast<std::size_t>(param));
  } else if (shown_machine > 0) {
    showing_ = "layer";
    const std::size_t layer = static_cast<std::size_t>(shown_machine - 1);
    heading("Layer", working_.layers[layer].name);
    layer_fields(saved, doc.model().clips, layer, sel, Cells::form());
  } else {
    ImGui::TextDisabled("Select a state or a transition in the graph,");
    ImGui::TextDisabled("or a parameter in the Parameters list.");
  }
  end(doc, cmds);
  seen_graph_ = graph_selection(graph);
}

void SetupInspector::state_section(const Document& doc, Commands& cmds, StateGraph& graph,
                                   const setup::Setup& saved, std::size_t i) {
  showing_ = "state";
  const std::string name = saved.states[i].name;
  heading("State", name);
  if (working_.default_state == name) {
    ImGui::TextDisabled("The default state: the machine starts here.");
  } else {
    if (ImGui::SmallButton("Make default")) {
      working_.default_state = name;
      commit("make " + name + " the default state");
    }
    rects.record("make_default");
  }
  if (!level().empty()) exit_toggle(doc, cmds, name);

  state_fields(saved, doc.model().clips, i, Cells::form());
  // A rename carries the graph's selection along.
  if (!pending_.empty() && working_.states[i].name != name) {
    graph.selection.erase(name);
    graph.selected = working_.states[i].name;
    graph.selection.insert(graph.selected);
  }

  ImGui::Spacing();
  ImGui::TextDisabled("Transitions from it, in the order they are checked");
  transition_links(graph, name);
  ImGui::Spacing();
  if (ImGui::Button("Remove state") && remove_state(working_, name)) {
    commit("remove state " + name);
    clear_graph_selection(graph);
    return;
  }
  rects.record("remove_state");

  // A blend space is the whole setup's (every machine shares them): its editor edits the setup
  // as this form's own edit, queued first, leaves it.
  const int space = index_named(working_.blend_spaces, working_.states[i].motion);
  if (space < 0) return;
  ImGui::Spacing();
  heading("Blend space", working_.blend_spaces[static_cast<std::size_t>(space)].name);
  rects.record("blend_space");
  flush(doc, cmds);
  const float side = std::min(ImGui::GetContentRegionAvail().x, BlendSpaceEditor::kLargestSide);
  if (space_editor_.draw(doc, cmds, space, std::max(side, BlendSpaceEditor::kSmallestSide))) {
    reload(doc, cmds);
  }
}

void SetupInspector::exit_toggle(const Document& doc, Commands& cmds, const std::string& name) {
  const setup::Setup view = machine_view(*doc.setup(), machine());
  bool exit = setup::is_exit_state(view, level(), name);
  const bool changed = ImGui::Checkbox("Exit state", &exit);
  rects.record("exit_state");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Transitions leaving this machine fire from its exit states only (none "
        "marked: from any of its states)");
  }
  if (!changed) return;
  // Not a field of the level's own view: an edit of the layer's machine by the level's path.
  flush(doc, cmds);
  setup::Setup whole = *cmds.setup(doc);
  setup::Setup edited = machine_view(whole, machine());
  if (!set_exit_state(edited, level(), name, exit).ok()) return;
  store_machine_view(whole, machine(), edited);
  cmds.edit_setup(std::move(whole), (exit ? "mark exit state " : "unmark exit state ") + name +
                                        " in " + join_path(level()));
  reload(doc, cmds);
}

void SetupInspector::any_state_section(StateGraph& graph) {
  showing_ = "any state";
  heading("Any state", "");
  ImGui::TextWrapped(
      "Its transitions are checked before the current state's own, from whatever state runs.");
  transition_links(graph, kAnyStateNode);
}

void SetupInspector::transition_links(StateGraph& graph, const std::string& from) {
  bool any = false;
  for (std::size_t k = 0; k < working_.transitions.size(); ++k) {
    const setup::SetupTransition& t = working_.transitions[k];
    if (t.from != from) continue;
    any = true;
    const std::string text =
        "-> " + t.to + "   " + transition_caption(working_, static_cast<int>(k));
    ImGui::PushID(static_cast<int>(k));
    if (ImGui::Selectable(text.c_str())) {
      clear_graph_selection(graph);
      graph.selected_transition = static_cast<int>(k);
    }
    rects.record(key("outgoing", k));
    ImGui::PopID();
  }
  if (!any) ImGui::TextDisabled("none");
}

void SetupInspector::transition_section(const Document& doc, StateGraph& graph, std::size_t i) {
  showing_ = "transition";
  heading("Transition", setup_form::transition_text(working_.transitions[i]));
  transition_fields(i, Cells::form());

  // What the last update made of it, while the machine plays its source.
  const StateMachineInstance* sm = doc.state_machine();
  const StateMachineInstance::TraceEntry* entry =
      sm != nullptr && doc.mode() == PlaybackMode::kStateMachine
          ? find_setup_trace(*sm, *doc.setup(), machine(), static_cast<int>(i), level())
          : nullptr;
  std::optional<TransitionWhy> live;
  if (entry != nullptr && static_cast<std::size_t>(entry->condition_count) ==
                              working_.transitions[i].conditions.size()) {
    live = explain(*sm, *entry);
  }

  ImGui::Spacing();
  ImGui::TextDisabled("Conditions (all must hold)");
  conditions_table(i, live ? &*live : nullptr);
  if (live) {
    live_verdict(*entry, *live);
  } else if (sm != nullptr && doc.mode() == PlaybackMode::kStateMachine) {
    running_line(doc, i);
  }
  priority_and_remove(graph, i);
}

void SetupInspector::conditions_table(std::size_t i, const TransitionWhy* live) {
  if (!begin_table("conditions", 6, setup_panel::kTableFlags)) return;
  ImGui::TableSetupColumn("##when", ImGuiTableColumnFlags_WidthFixed,
                          ImGui::CalcTextSize("when").x);
  ImGui::TableSetupColumn("Parameter", ImGuiTableColumnFlags_WidthStretch, 1.6f);
  ImGui::TableSetupColumn("Op", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("Value", ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableSetupColumn("Now", ImGuiTableColumnFlags_WidthStretch, 0.9f);
  ImGui::TableSetupColumn("##remove", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFrameHeight());
  SetupForm::ConditionColumns columns{0, 1, 2, 3, 5};
  columns.live = 4;
  condition_rows(i, columns, live);
  ImGui::EndTable();
}

void SetupInspector::live_verdict(const StateMachineInstance::TraceEntry& entry,
                                  const TransitionWhy& live) {
  if (entry.has_exit_time) {
    const CheckLine& exit = live.checks.back();
    ImGui::TextColored(verdict_color(exit.verdict), "%s   %s", exit.check.c_str(),
                       exit.actual.c_str());
  }
  ImGui::TextColored(verdict_color(live.verdict), "Now: %s",
                     live.summary.substr(live.name.size() + 2).c_str());
  rects.record("transition_live");
}

void SetupInspector::running_line(const Document& doc, std::size_t i) {
  const std::string running = running_text(setup_transition_live(
      *doc.state_machine(), *doc.setup(), machine(), static_cast<int>(i), level()));
  if (!running.empty()) {
    ImGui::TextColored(verdict_color(Verdict::kPass), "%s", running.c_str());
    rects.record("transition_running");
  } else {
    ImGui::TextDisabled("Now: not checked, its source state is not playing.");
  }
}

void SetupInspector::priority_and_remove(StateGraph& graph, std::size_t i) {
  // Its place in the order its source checks its transitions.
  const std::string from = working_.transitions[i].from;
  int rank = 0, count = 0;
  for (std::size_t k = 0; k < working_.transitions.size(); ++k) {
    if (working_.transitions[k].from != from) continue;
    ++count;
    if (k <= i) ++rank;
  }
  ImGui::Spacing();
  ImGui::AlignTextToFramePadding();
  ImGui::Text("Priority %d of %d", rank, count);
  ImGui::SameLine();
  int moved = -1;
  const std::string text = setup_form::transition_text(working_.transitions[i]);
  ImGui::BeginDisabled(rank <= 1);
  if (ImGui::ArrowButton("##up", ImGuiDir_Up)) {
    moved = move_transition_priority(working_, static_cast<int>(i), -1);
  }
  ImGui::EndDisabled();
  rects.record("priority_up");
  ImGui::SameLine();
  ImGui::BeginDisabled(rank >= count);
  if (ImGui::ArrowButton("##down", ImGuiDir_Down)) {
    moved = move_transition_priority(working_, static_cast<int>(i), 1);
  }
  ImGui::EndDisabled();
  rects.record("priority_down");
  if (moved >= 0) {
    commit("reorder transition " + text);
    graph.selected_transition = moved;
    return;
  }
  if (ImGui::Button("Remove transition") && remove_transition(working_, static_cast<int>(i))) {
    commit("remove transition " + text);
    graph.selected_transition = -1;
    return;
  }
  rects.record("remove_transition");
}

void SetupInspector::parameter_section(const setup::Setup& saved, Selection& sel, std::size_t i) {
  showing_ = "parameter";
  const std::string name = saved.parameters[i].name;
  heading("Parameter", name);
  parameter_fields(saved, i, Cells::form());
  if (!pending_.empty() && working_.parameters[i].name != name) {
    sel.parameter = working_.parameters[i].name;
    seen_parameter_ = sel.parameter;
  }
  ImGui::Spacing();
  if (ImGui::Button("Remove parameter")) {
    working_.parameters.erase(working_.parameters.begin() + static_cast<std::ptrdiff_t>(i));
    commit("remove parameter " + name);
    sel.parameter.clear();
  }
  rects.record("remove_parameter");
}

}  // namespace anim::ui
