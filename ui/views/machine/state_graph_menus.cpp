// The state graph's context menus (state_graph.h): a box's (default state, add a transition,
// rename, delete and, in a nested machine, exit state), an arrow's (move it up or down its source's
// order, delete) and the empty space's (a new state there). Each choice is one undoable edit.
#include <cstddef>
#include <string>

#include <imgui.h>

#include "anim/setup/edits.h"
#include "anim/setup/layer_edits.h"
#include "anim/setup/machine_edits.h"
#include "anim/ui/model/nested_graph.h"
#include "anim/ui/views/machine/state_graph.h"
#include "anim/ui/widgets/imgui_frame.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {

bool StateGraph::node_menu(const Document& doc, Commands& cmds, const std::string& name) {
  if (!ImGui::BeginPopupContextItem("node_menu")) return false;
  const setup::Setup& setup = *shown(doc, cmds);
  const bool any = name == kAnyStateNode;
  // Choices are applied after the menu is drawn: an edit replaces the setup it reads.
  bool make_default = false;
  bool toggle_exit = false;
  std::string target;
  std::string rename_to;
  bool remove = false;
  bool travel = false;
  if (!any) {
    // The running machine, not the setup: no edit, so at a nested level too.
    travel = ImGui::MenuItem("Travel here", nullptr, false, doc.state_machine() != nullptr);
    rects.record("menu:travel");
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("The running machine takes its shortest path of transitions here");
    }
    ImGui::Separator();
  }
  if (!any) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
    if (ImGui::IsWindowAppearing()) {
      std::snprintf(rename_, sizeof(rename_), "%s", name.c_str());
      ImGui::SetKeyboardFocusHere();
    }
    ImGui::InputText("Name", rename_, sizeof(rename_), ImGuiInputTextFlags_AutoSelectAll);
    rects.record("menu:name");
    if (ImGui::IsItemDeactivatedAfterEdit()) rename_to = rename_;
    const bool is_default = setup.default_state == name;
    make_default = ImGui::MenuItem("Default state", nullptr, is_default, !is_default);
    rects.record("menu:default");
    if (!opened.empty()) {
      // Only a nested machine has exits: its parent's transitions leave it from these.
      toggle_exit = ImGui::MenuItem("Exit state", nullptr, exits_.count(name) > 0);
      rects.record("menu:exit");
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "Transitions leaving this machine fire from its exit states only "
            "(none marked: from any of its states)");
      }
    }
  }
  const bool open = ImGui::BeginMenu("Add transition to");
  // Once open, the last item is the submenu's window, not this entry.
  if (!open) rects.record("menu:add_transition");
  if (open) {
    for (std::size_t i = 0; i < setup.states.size(); ++i) {
      const std::string& to = setup.states[i].name;
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::MenuItem(shown_name(to))) target = to;
      rects.record("menu:to:" + to);
      ImGui::PopID();
    }
    ImGui::EndMenu();
  }
  if (!any) {
    ImGui::Separator();
    remove = ImGui::MenuItem("Delete", "Del");
    rects.record("menu:delete");
  }
  ImGui::EndPopup();

  if (travel) {
    travel_to(doc, cmds, name);
    return false;
  }

  if (!rename_to.empty() && rename_to != name) {
    // The one rename of every view (Commands::rename_state), by the shown level's path.
    const Status renamed = cmds.rename_state(doc, machine, opened, name, rename_to);
    if (!renamed.ok()) {
      refused_ = "Not done: " + renamed.error().message;
      return false;
    }
    refused_.clear();
    stale_ = true;
    if (selected == name) selected = rename_to;
    if (selection.erase(name)) selection.insert(rename_to);
    return true;
  }
  // Each edit is of the shown layer's machine, by the shown level's path.
  setup::Setup changed = editable(doc, cmds);
  if (remove) {
    const Status removed = remove_state(changed, opened, name);
    if (!submit_if(doc, cmds, removed, std::move(changed), "delete state " + name)) {
      return false;
    }
    if (selected == name) selected.clear();
    selection.erase(name);
    return true;
  }
  if (make_default) {
    const Status set = set_default_state(changed, opened, name);
    return submit_if(doc, cmds, set, std::move(changed), "default state " + name);
  }
  if (toggle_exit) {
    const bool exit = exits_.count(name) == 0;
    const Status marked = set_exit_state(changed, opened, name, exit);
    return submit_if(doc, cmds, marked, std::move(changed),
                     (exit ? "mark exit state " : "unmark exit state ") + name);
  }
  if (target.empty()) return false;
  const Result<int> added = add_transition(changed, opened, name, target);
  return submit_if(doc, cmds, added.ok() ? Status(Ok{}) : Status(added.error()), std::move(changed),
                   "add transition " + name + " -> " + target);
}

bool StateGraph::edge_menu(const Document& doc, Commands& cmds) {
  if (!ImGui::BeginPopup("edge_menu")) return false;
  const setup::Setup& setup = *shown(doc, cmds);
  const int index = edge_menu_;
  if (index < 0 || static_cast<std::size_t>(index) >= setup.transitions.size()) {
    ImGui::CloseCurrentPopup();  // Gone with an undo meanwhile.
    ImGui::EndPopup();
    return false;
  }
  const TransitionPriorities priorities = transition_priorities(setup);
  const int rank = priorities.rank[static_cast<std::size_t>(index)];
  const int of = priorities.of[static_cast<std::size_t>(index)];
  ImGui::TextDisabled("%s",
                      transition_name(setup.transitions[static_cast<std::size_t>(index)]).c_str());
  const bool higher = ImGui::MenuItem("Higher priority", nullptr, false, rank > 0);
  rects.record("menu:edge_higher");
  const bool lower = ImGui::MenuItem("Lower priority", nullptr, false, rank + 1 < of);
  rects.record("menu:edge_lower");
  ImGui::Separator();
  const bool remove = ImGui::MenuItem("Delete", "Del");
  rects.record("menu:edge_delete");
  ImGui::EndPopup();

  const std::string name = transition_name(setup.transitions[static_cast<std::size_t>(index)]);
  setup::Setup changed = editable(doc, cmds);
  if (remove) {
    const Status removed = remove_transition(changed, opened, index);
    if (!submit_if(doc, cmds, removed, std::move(changed), "delete transition " + name)) {
      return false;
    }
    selected_transition = -1;
    return true;
  }
  if (!higher && !lower) return false;
  const int moved = move_transition_priority(changed, opened, index, higher ? -1 : 1);
  if (moved < 0) return false;
  selected_transition = moved;
  edge_menu_ = moved;
  submit(doc, cmds, std::move(changed),
         (higher ? "raise priority of " : "lower priority of ") + name);
  return true;
}

void StateGraph::add_state_at(const Document& doc, Commands& cmds, const glm::vec2& place,
                              bool machine_state) {
  // A new state plays a clip no state of its machine plays yet and is named after it
  // (new_state_choice); a new machine's one state plays the first clip.
  const std::vector<Clip>& clips = doc.model().clips;
  const std::string motion = clips.empty() ? std::string() : clips.front().name;
  setup::Setup changed = editable(doc, cmds);
  std::vector<std::string> clip_names;
  for (const Clip& clip : clips) clip_names.push_back(clip.name);
  const setup::SetupMachine* inside = opened.empty() ? nullptr : machine_at(changed.states, opened);
  const setup::NewStateChoice choice =
      setup::new_state_choice(inside != nullptr ? inside->states : changed.states, clip_names);
  const Result<std::string> name = machine_state
                                       ? add_machine_state(changed, opened, "Machine", motion)
                                       : add_state(changed, opened, choice.name, choice.motion);
  if (!name.ok()) {
    refused_ = "Not done: " + name.error().message;
    return;
  }
  (void)set_node_place(changed, opened, name.value(), place.x, place.y);  // It is a box here.
  select_box(name.value());
  submit(doc, cmds, std::move(changed),
         (machine_state ? "add machine " : "add state ") + name.value());
}

}  // namespace anim::ui
