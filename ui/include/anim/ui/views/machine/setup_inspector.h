#pragma once
// The Inspector of the Graph view: the fields of what is selected, edited in place (SetupForm,
// one undo step each), like Unity's Inspector beside its Animator window:
// - a state selected in the graph: its name, motion, speed, loop, whether it is the default,
//   its outgoing transitions (click one to inspect it) and, when it plays a blend space, the
//   blend space editor;
// - a transition selected in the graph: from, to, exit time, duration, offset, interruption,
//   its conditions, its priority among its source's transitions (up and down); while the
//   machine plays its source, each condition's live value and the exit time, green when they
//   hold and red when not, and what the last update made of it;
// - a parameter selected in the Parameters sidebar: name, type, default, range, rate;
// - with nothing selected in a layer's graph: the layer's fields.
// Inside a nested machine opened in the graph, its states and transitions are edited the same
// way (SetupForm's level), and a state also says whether it is an exit state.
// The latest selection wins: selecting in the graph after the sidebar shows the graph's item.
// A state or transition of a layer is edited in that layer (machine_view).
#include <string>

#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/views/machine/blend_space_editor.h"
#include "anim/ui/views/machine/setup_form.h"
#include "anim/ui/views/machine/state_graph.h"

namespace anim::ui {

class SetupInspector : public SetupForm {
 public:
  // Draws inside the current window. `graph` gives the selected state or transition, and which
  // machine it shows; clicking an outgoing transition selects it there.
  void draw(const Document& doc, Commands& cmds, Selection& sel, StateGraph& graph);

  // What the last frame showed: "state", "transition", "parameter", "layer", "any state", or
  // "none".
  const std::string& showing() const { return showing_; }
  // The blend space editor shown under a state playing a blend space.
  const BlendSpaceEditor& space_editor() const { return space_editor_; }

  // Rects of the last frame, for tests: the fields' names as in the Setup panel's tables, with
  // the item's index ("state_name:<i>", "transition_to:<i>", "condition_op:<i>:<j>",
  // "param_rate:<i>", "layer_weight:<l>", ...), and "make_default", "exit_state", "remove_state",
  // "outgoing:<i>" (an outgoing transition's link, i its index), "condition_live:<i>:<j>" and
  // "transition_live" (the live values and verdict) or "transition_running", "blend_space" (the
  // heading over the blend space editor), "priority_up", "priority_down", "remove_transition".
  // (SetupForm::rects)

 private:
  enum class Focus { kGraph, kParameter };
  void state_section(const Document& doc, Commands& cmds, StateGraph& graph,
                     const setup::Setup& saved, std::size_t state);
  // In a nested machine: whether the state is one of its exit states, a checkbox.
  void exit_toggle(const Document& doc, Commands& cmds, const std::string& name);
  void any_state_section(StateGraph& graph);
  void transition_section(const Document& doc, StateGraph& graph, std::size_t transition);
  // The transition's conditions, one row each, with their live values when `live` is given.
  void conditions_table(std::size_t transition, const TransitionWhy* live);
  // The exit time's check (when it has one) and the verdict of the last update.
  void live_verdict(const StateMachineInstance::TraceEntry& entry, const TransitionWhy& live);
  // Whether the transition is running now, when no update checked it.
  void running_line(const Document& doc, std::size_t transition);
  // "Priority r of n" with buttons moving it in its source's order, and "Remove transition".
  void priority_and_remove(StateGraph& graph, std::size_t transition);
  void parameter_section(const setup::Setup& saved, Selection& sel, std::size_t parameter);
  // Outgoing transitions of `from` ("*" for any state), each a link selecting it.
  void transition_links(StateGraph& graph, const std::string& from);

  Focus focus_ = Focus::kGraph;
  std::string seen_graph_;      // The graph's selection last frame (to notice a new one),
  std::string seen_parameter_;  // and the sidebar's.
  std::string showing_ = "none";
  BlendSpaceEditor space_editor_;
};

}  // namespace anim::ui
