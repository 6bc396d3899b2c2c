// The state graph's selection (state_graph.h) kept true across edits: boxes and the selected
// transition follow renames, removals, undo and redo; and deleting what is selected.
#include <algorithm>
#include <iterator>
#include <string>

#include "anim/setup/edits.h"
#include "anim/setup/layer_edits.h"
#include "anim/setup/machine_edits.h"
#include "anim/ui/views/machine/state_graph.h"

namespace anim::ui {

void StateGraph::forget_missing(const setup::Setup& setup,
                                const std::map<std::string, glm::vec2>& places) {
  // Gone with an undo or an edit elsewhere; the Setup panel may also pick a state by name.
  if (!selected.empty() && !selection.count(selected)) {
    selection = {selected};  // Picked from outside: it alone is selected.
    selected_transition = -1;
  }
  for (auto it = selection.begin(); it != selection.end();) {
    it = places.count(*it) ? std::next(it) : selection.erase(it);
  }
  if (!selection.count(selected)) selected.clear();
  // Transitions added or removed elsewhere (an undo, the Inspector, the tables) shift the
  // indices: the selected one is found again by its ends (the same one of several alike). With
  // as many as before, an index whose ends changed is the same transition edited, and stays; an
  // index set from outside since (the Inspector, a problem clicked) is taken as it is.
  if (selected_transition >= 0 && selected_transition == remembered_index_ &&
      setup.transitions.size() != seen_transitions_) {
    selected_transition = -1;
    int alike = 0;
    for (std::size_t i = 0; i < setup.transitions.size(); ++i) {
      if (setup.transitions[i].from != selected_ends_.first ||
          setup.transitions[i].to != selected_ends_.second) {
        continue;
      }
      if (alike++ == selected_alike_) {
        selected_transition = static_cast<int>(i);
        break;
      }
    }
  }
  if (selected_transition >= static_cast<int>(setup.transitions.size())) selected_transition = -1;
}

void StateGraph::remember_selected_transition(const setup::Setup& setup) {
  seen_transitions_ = setup.transitions.size();
  remembered_index_ = selected_transition;
  if (selected_transition < 0 ||
      static_cast<std::size_t>(selected_transition) >= setup.transitions.size()) {
    return;
  }
  const setup::SetupTransition& t =
      setup.transitions[static_cast<std::size_t>(selected_transition)];
  selected_ends_ = {t.from, t.to};
  selected_alike_ = 0;
  for (int i = 0; i < selected_transition; ++i) {
    const setup::SetupTransition& o = setup.transitions[static_cast<std::size_t>(i)];
    if (o.from == t.from && o.to == t.to) ++selected_alike_;
  }
}

void StateGraph::select_box(const std::string& name) {
  if (!selection.count(name)) selection = {name};
  if (name != kAnyStateNode) {
    selected = name;
  } else if (!selection.count(selected)) {
    selected.clear();
  }
  selected_transition = -1;
}

void StateGraph::toggle_box(const std::string& name) {
  selected_transition = -1;
  if (selection.erase(name) == 0) {
    selection.insert(name);
    if (name != kAnyStateNode) selected = name;
    return;
  }
  if (selected != name) return;
  selected.clear();  // Another selected state becomes the primary one, if there is one.
  for (const std::string& other : selection) {
    if (other != kAnyStateNode) {
      selected = other;
      break;
    }
  }
}

void StateGraph::select_transition(int index) {
  selected_transition = index;
  selected.clear();
  selection.clear();
}

void StateGraph::delete_selection(const Document& doc, Commands& cmds) {
  const setup::Setup& setup = *shown(doc, cmds);
  setup::Setup changed = editable(doc, cmds);  // Edited by the shown level's path.
  if (selected_transition >= static_cast<int>(setup.transitions.size())) {
    selected_transition = -1;  // Gone with an edit earlier in this frame.
  }
  if (selected_transition >= 0) {
    const std::string name =
        transition_name(setup.transitions[static_cast<std::size_t>(selected_transition)]);
    if (remove_transition(changed, opened, selected_transition).ok()) {
      submit(doc, cmds, std::move(changed), "delete transition " + name);
    }
    selected_transition = -1;
    return;
  }
  std::vector<std::string> removed;
  for (const std::string& name : selection) {
    // Not the any-state box.
    if (remove_state(changed, opened, name).ok()) removed.push_back(name);
  }
  if (removed.size() == 1) {
    submit(doc, cmds, std::move(changed), "delete state " + removed.front());
  } else if (!removed.empty()) {
    submit(doc, cmds, std::move(changed), "delete " + std::to_string(removed.size()) + " states");
  }
  for (const std::string& name : removed) selection.erase(name);
  if (!selection.count(selected)) selected.clear();
}

}  // namespace anim::ui
