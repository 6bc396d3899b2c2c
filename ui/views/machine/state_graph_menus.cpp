// The state graph's context menus (state_graph.h): a box's (default state, add a transition,
// rename, delete), an arrow's (move it up or down its source's order, delete) and the empty
// space's (a new state there). Each choice is one undoable edit.
#include <string>

#include <imgui.h>

#include "anim/setup/edits.h"
#include "anim/setup/layer_edits.h"
#include "anim/ui/views/machine/state_graph.h"
#include "anim/ui/widgets/imgui_frame.h"

namespace anim::ui {

bool StateGraph::node_menu(const Document& doc, Commands& cmds, const std::string& name) {
  if (!ImGui::BeginPopupContextItem("node_menu")) return false;
  const setup::Setup& setup = *shown(doc, cmds);
  const bool any = name == kAnyStateNode;
  // Choices are applied after the menu is drawn: an edit replaces the setup it reads.
  bool make_default = false;
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
  // A nested level is shown read-only: its edits are shown but can't be chosen.
  ImGui::BeginDisabled(read_only());
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
  }
  const bool open = ImGui::BeginMenu("Add transition to");
  // Once open, the last item is the submenu's window, not this entry.
  if (!open) rects.record("menu:add_transition");
  if (open) {
    for (const setup::SetupState& state : setup.states) {
      if (ImGui::MenuItem(state.name.c_str())) target = state.name;
      rects.record("menu:to:" + state.name);
    }
    ImGui::EndMenu();
  }
  if (!any) {
    ImGui::Separator();
    remove = ImGui::MenuItem("Delete", "Del");
    rects.record("menu:delete");
  }
  ImGui::EndDisabled();
  ImGui::EndPopup();

  if (travel) {
    travel_to(doc, cmds, name);
    return false;
  }

  if (!rename_to.empty()) {
    setup::Setup changed = setup;
    if (!rename_state(changed, name, rename_to)) return false;  // Taken or empty: no edit.
    if (selected == name) selected = rename_to;
    if (selection.erase(name)) selection.insert(rename_to);
    submit(doc, cmds, std::move(changed), "rename state " + name + " to " + rename_to);
    return true;
  }
  if (remove) {
    setup::Setup changed = setup;
    remove_state(changed, name);
    if (selected == name) selected.clear();
    selection.erase(name);
    submit(doc, cmds, std::move(changed), "delete state " + name);
    return true;
  }
  if (make_default) {
    setup::Setup changed = setup;
    changed.default_state = name;
    submit(doc, cmds, std::move(changed), "default state " + name);
    return true;
  }
  if (target.empty()) return false;
  setup::Setup changed = setup;
  add_transition(changed, name, target);
  submit(doc, cmds, std::move(changed), "add transition " + name + " -> " + target);
  return true;
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
  ImGui::BeginDisabled(read_only());  // A nested level is shown read-only.
  const bool higher = ImGui::MenuItem("Higher priority", nullptr, false, rank > 0);
  rects.record("menu:edge_higher");
  const bool lower = ImGui::MenuItem("Lower priority", nullptr, false, rank + 1 < of);
  rects.record("menu:edge_lower");
  ImGui::Separator();
  const bool remove = ImGui::MenuItem("Delete", "Del");
  rects.record("menu:edge_delete");
  ImGui::EndDisabled();
  ImGui::EndPopup();

  const std::string name = transition_name(setup.transitions[static_cast<std::size_t>(index)]);
  setup::Setup changed = setup;
  if (remove) {
    remove_transition(changed, index);
    selected_transition = -1;
    submit(doc, cmds, std::move(changed), "delete transition " + name);
    return true;
  }
  if (!higher && !lower) return false;
  const int moved = move_transition_priority(changed, index, higher ? -1 : 1);
  if (moved < 0) return false;
  selected_transition = moved;
  edge_menu_ = moved;
  submit(doc, cmds, std::move(changed),
         (higher ? "raise priority of " : "lower priority of ") + name);
  return true;
}

void StateGraph::add_state_at(const Document& doc, Commands& cmds, const glm::vec2& place) {
  if (read_only()) return;  // Nor would submit() record it; the new box must not be selected.
  // A new state plays the first clip until its motion is chosen (Setup panel).
  const std::vector<Clip>& clips = doc.model().clips;
  const std::string motion = clips.empty() ? std::string() : clips.front().name;
  setup::Setup changed = *shown(doc, cmds);
  const std::string name = add_state(changed, "State", motion);
  set_node_position(changed, name, place);
  select_box(name);
  submit(doc, cmds, std::move(changed), "add state " + name);
}

}  // namespace anim::ui
