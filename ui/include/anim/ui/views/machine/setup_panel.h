#pragma once
// The Setup panel: a table editor of the open document's blend-state setup (parameters,
// states, blend spaces, transitions, layers) with its problems, and the graph. Widgets edit a
// working copy (SetupForm); every finished edit goes to the document as one undo step
// (Document::edit_setup), so typing a name is one step and undo/redo elsewhere shows at once.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "anim/model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/views/machine/blend_space_editor.h"
#include "anim/ui/views/machine/history_strip.h"
#include "anim/ui/views/machine/setup_form.h"
#include "anim/ui/views/machine/state_graph.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

// The tab that shows the item a problem's JSON pointer names ("Graph" for a state, ...), or
// empty for none.
std::string problem_tab(const std::string& pointer);
// The layer a problem's pointer lies in ("/layers/2/states/0" -> 2), or -1 for none.
int layer_of(const std::string& pointer);

class SetupPanel : public SetupForm {
 public:
  // Draws inside the current window (the caller owns Begin/End). Without `all_tabs` the Graph
  // and Parameters tabs are left out: the tool's State machine workspace shows the graph
  // (draw_graph) and the parameters (ParametersPanel) in windows of their own.
  void draw(const Document& doc, Commands& cmds, Selection& sel, bool all_tabs = true);
  // The graph with, when the setup has layers, the combo choosing its machine; under it why its
  // state did (not) change and the history strip.
  void draw_graph(const Document& doc, Commands& cmds);
  // Shows the tab named `name` ("Graph", "States", ...) from the next frame on.
  void select_tab(std::string name) { select_tab_ = std::move(name); }
  // The graph (its selection: the Inspector shows the selected state or transition).
  const StateGraph& graph() const { return graph_; }
  StateGraph& graph() { return graph_; }
  // The history strip under the graph (draw_graph).
  const HistoryStrip& history() const { return history_; }
  HistoryStrip& history() { return history_; }
  // The Blend spaces tab's editor (its rects and selection, for tests), and the index of the
  // space it shows.
  const BlendSpaceEditor& space_editor() const { return space_editor_; }
  std::size_t edited_space() const { return edited_space_; }

  // The Problems tab's label of the last frame, e.g. "Problems (2)".
  const std::string& problems_label() const { return problems_label_; }

  // Rects of the last frame, for tests: "new_setup" (without a setup); "undo", "redo",
  // "tab:Graph", "tab:Parameters", "tab:States", "tab:Blend spaces", "tab:Transitions",
  // "tab:Layers", "tab:Problems"; and in the open tab, with <i> a row and <j> a sub-row:
  //   Parameters: "add_parameter", "param_name:<i>", "param_type:<i>", "param_default:<i>",
  //     "param_min:<i>", "param_max:<i>" (their checkboxes "param_min_on:<i>", ...),
  //     "param_rate:<i>", "remove_parameter:<i>".
  //   States: "add_state", "state_default:<i>", "state_name:<i>", "state_motion:<i>",
  //     "state_speed:<i>", "state_loop:<i>", "remove_state:<i>".
  //   Blend spaces: "add_blend_space", "space_name:<i>", "space_parameter:<i>",
  //     "remove_blend_space:<i>", "point_clip:<i>:<j>", "point_position:<i>:<j>",
  //     "remove_point:<i>:<j>", "add_point:<i>"; "edited_space" (which space the editor
  //     shows; its rects are space_editor().rects).
  //   Transitions: "add_transition", "transition_from:<i>", "transition_to:<i>",
  //     "exit_time_on:<i>", "exit_time:<i>", "duration:<i>", "offset:<i>", "interruption:<i>",
  //     "remove_transition:<i>", "condition_parameter:<i>:<j>", "condition_op:<i>:<j>",
  //     "condition_value:<i>:<j>", "remove_condition:<i>:<j>", "add_condition:<i>",
  //     "exit_time_note:<i>" (while the first condition's turning exit time off is news),
  //     "exit_time_wait:<i>" (a transition with conditions waiting for its exit time too).
  //   Layers: "add_layer", "layer_name:<i>", "layer_blend:<i>", "layer_weight:<i>",
  //     "layer_weight_parameter:<i>", "layer_reference:<i>", "layer_mask:<i>", "layer_up:<i>",
  //     "layer_down:<i>", "remove_layer:<i>".
  //   Graph: its header line (playing_line.h) "playing", "resume" (while the state machine is
  //     paused for a clip), "restart", "default_moved" (the default changed since it started);
  //     with layers, "machine" and while it is open "machine=Base", "machine=Layer <name>".
  //   Problems: "problem:<i>".
  // While a combo is open its choices are recorded as "<combo>=<choice>", e.g.
  // "transition_to:0=Run" or "condition_op:0:0=>". (SetupForm::rects)

 private:
  std::string select_tab_;  // A tab to bring forward on the next frame, or empty.
  // --- Tabs ---
  void header(const Document& doc, Commands& cmds);
  void parameters_tab(const Document& doc);
  void states_tab(const Document& doc);
  void blend_spaces_tab(const Document& doc,
                        Commands& cmds);  // The table and the editor, side by side or stacked.
  void blend_space_table(const Document& doc);
  void point_rows(const std::vector<Clip>& clips, std::size_t space);
  // The chosen space drawn and edited by hand (BlendSpaceEditor), a 2D one at most `max_side`
  // pixels square.
  void space_editor_section(const Document& doc, Commands& cmds, float max_side);
  void transitions_tab(const Document& doc);
  // Above the graph when the setup has layers: which machine it shows ("Base" or a layer).
  void machine_combo(const Document& doc);
  // Clicking a problem shows its item: its tab, its state or transition selected in the graph,
  // its parameter selected (sel.parameter) for the Inspector.
  void problems_tab(const Document& doc, Selection& sel);
  // Layers (setup_panel_layers.cpp): their fields; "Mask" makes the Skeleton panel edit the
  // layer's mask (sel.mask_layer).
  void layers_tab(const Document& doc, Selection& sel);

  StateGraph graph_;  // The Graph tab.
  HistoryStrip history_;
  BlendSpaceEditor space_editor_;  // The Blend spaces tab's editor,
  std::size_t edited_space_ = 0;   // showing this space (the first by default).
  std::string problems_label_;
};

}  // namespace anim::ui
