#pragma once
// The setup's state machine drawn as a graph: a box per state (and one for "any state"), an
// arrow per transition, the running states lit by their weight. Boxes are dragged to arrange
// the graph; their places are kept in the setup's `editor` block ({"nodes": {"Idle": [x, y]}}),
// which the runtime ignores, so a saved setup reopens as it was arranged. The view's pan and
// zoom are the graph's own and are not saved: places stay in graph units.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>

#include "anim/setup/setup.h"
#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/graph_geometry.h"
#include "anim/ui/model/graph_layout.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

class StateGraph {
 public:
  // Draws the graph filling the rest of the current window. Every change of the setup is one
  // undoable edit (anim/setup/edits.h):
  // - clicking a box selects it; dragging a box moves every selected box (the edit is made
  //   when the drag ends); dragging on empty space selects the boxes its rectangle touches;
  //   with Ctrl or Shift held, a click adds a box to the selection or takes it out, and a
  //   rectangle adds to it;
  // - dragging from a box's rim (its outer kRim pixels) to another box adds a transition, with
  //   a rubber band while dragging;
  // - double-clicking empty space, or right-clicking it and choosing "New state here", adds a
  //   state there playing a clip no state of the machine plays yet, named after it (else the
  //   first clip, numbered: setup::new_state_choice); the menu also adds a new nested machine;
  // - clicking an arrow or its label selects that transition; right-clicking one deletes it or
  //   moves it up or down the order its source checks its transitions in (the rank before each
  //   label when a state has several);
  // - while the mouse is over the graph and no text field has focus: Delete removes the
  //   selected transition, else every selected state with its transitions; F2 opens the
  //   selected state's menu to rename it; F frames every box;
  // - right-clicking a box makes it the default state, adds a transition from it, renames or
  //   deletes it;
  // - the wheel zooms about the mouse, the middle button (or the left on empty space with Alt
  //   held) pans, the corner's "Frame all" fits every box in view;
  // - a state holding a nested machine is a box with a double border and a stacked mark, lit
  //   while any leaf inside runs; double-clicking it opens it: the graph shows that machine's
  //   states and transitions, with breadcrumbs at its top ("Base > Locomotion": click one to go
  //   up; Esc or Backspace goes up one level). A nested level is edited as the top is, every
  //   edit by its path (anim/setup/machine_edits.h): a rename there carries the paths naming
  //   the state in the machines around it. Its boxes' menus also mark a state as an exit state
  //   (one its parent's transitions may leave it from), drawn with a bar on its right side and
  //   "exit"; an edit refused (a name taken or holding '/') says why on the bottom line;
  // - a box's menu has "Travel here": the running machine takes its shortest path of
  //   transitions to the box's leaf (a machine state's default leaf); Document::travel_note()
  //   says what came of it, shown on the graph's bottom line.
  void draw(const Document& doc, Commands& cmds);

  // Whether the graph took the keys on the last frame it was drawn, if that is this ImGui frame
  // or the one before (the mouse over it, no text field or menu open). Panels drawn before it
  // leave its keys to it: F frames the graph, not the viewport's model.
  bool took_keys() const;

  // How lit each box of the shown level was on the last frame (the summed weight of the running
  // leaves it holds); boxes not lit are missing. For tests.
  const std::map<std::string, float>& lit() const { return lit_; }

  // Which state machine the graph shows and edits: 0 the base (the setup's own states), i + 1
  // the layer setup.layers[i]. Edits of a layer go through its machine view
  // (anim/setup/layer_edits.h) and stay one undo step each.
  int machine = 0;
  // The nested machine shown inside `machine`: the machine states opened, outermost first
  // (nested_graph.h's level); empty: its top. A level that is gone (renamed, undone) leaves the
  // top shown.
  std::vector<std::string> opened;
  std::string selected;             // The selected state F2 renames, or empty.
  std::set<std::string> selection;  // Every selected box ("*" too), `selected` among them.
  int selected_transition = -1;     // An index into setup.transitions, or -1; it follows its
                                    // transition when others are added or removed (an undo).
  GraphView view;                   // Pan and zoom, not saved.

  // Boxes of the last frame, "node:<name>", the graph's area "graph", the "frame_all" button;
  // each arrow's label "edge:<index>" and a few pixels around its curve's middle
  // "edge_mid:<index>"; while a menu is open "menu:default", "menu:add_transition" and, in its
  // submenu, "menu:to:<state>", "menu:name", "menu:delete", the empty space's
  // "menu:new_state", or an arrow's "menu:edge_higher", "menu:edge_lower", "menu:edge_delete";
  // "menu:new_machine", "menu:exit" (a nested level's box); a box's "menu:travel"; the
  // breadcrumbs "crumb:<depth>" (0 the shown layer's top); the bottom line's note of a refused
  // edit "refused"; each exit state's mark "exit:<name>"; for tests.
  ItemRects rects;
  static constexpr float kNodeWidth = kGraphNodeWidth, kNodeHeight = kGraphNodeHeight;
  static constexpr float kRim = 7.0f;
  static constexpr float kLaneSpacing = kGraphLaneSpacing;
  static constexpr float kClearance = kGraphClearance;
  static constexpr float kEdgeHitDistance = 6.0f;  // Pixels from an arrow that still hit it.
  static constexpr float kFrameMargin = 30.0f;     // Pixels around the boxes "Frame all" fits.

 private:
  struct Frame;
  struct DrawnEdge;

  // The setup as the graph edits it: the document's as this frame's queued edits leave it
  // (Commands::setup), or the shown layer's machine view of that.
  const setup::Setup* shown(const Document& doc, const Commands& cmds);
  // The shown layer's machine view (setup::machine_view) as this frame's queued edits leave it:
  // what an edit changes, by the shown level's path (`opened`), before submit() records it.
  setup::Setup editable(const Document& doc, const Commands& cmds) const;
  // Records `changed` (a version of editable()) as one undoable edit of the document.
  void submit(const Document& doc, Commands& cmds, setup::Setup changed, const std::string& what);
  // submit() when `status` (of the edit that made `changed`, computed before the call: `changed`
  // is moved in) is ok, else the bottom line says why; whether it was.
  bool submit_if(const Document& doc, Commands& cmds, const Status& status, setup::Setup changed,
                 const std::string& what);
  // The running machine's layer index of the shown machine, or -1 when it has none.
  int running_layer(const setup::Setup& setup, const StateMachineDef& def) const;
  // Opens the machine state `name` of the shown level, or goes up to depth `depth` (0 the top);
  // either drops the selection and any drag, which belonged to the level left.
  void open_machine(const std::string& name);
  void go_up_to(std::size_t depth);
  void leave_level();
  // The breadcrumbs over the graph's top-left corner; for a setup with nested machines only.
  void draw_crumbs(const Document& doc, const Commands& cmds);
  // Document::travel_note() on the graph's bottom line (area: the graph's, from `origin`) and
  // the last refused edit's reason above it.
  void draw_notes(const Document& doc, const glm::vec2& origin, const glm::vec2& area);
  // "Travel here" on box `name` of the shown level.
  void travel_to(const Document& doc, Commands& cmds, const std::string& name) const;
  setup::Setup view_;            // The shown level as a setup of its own (nested_view),
  bool stale_ = true;            // to be made again from the document.
  std::set<std::string> exits_;  // The shown level's exit states (none at a layer's top).
  std::string refused_;          // Why the last edit was refused, until the next one.

  Frame begin_frame(const Document& doc);  // Before the view's input.
  void use_view(Frame& f) const;           // After it.
  void view_input(const glm::vec2& mouse_area);
  void frame_all(const std::map<std::string, glm::vec2>& places, const glm::vec2& area);
  // As a graph opens: every box at zoom 1 when they fit, else zoom 1 from the top-left box
  // (frame_readable), so its text is the UI font's size.
  void frame_readable_view(const std::map<std::string, glm::vec2>& places, const glm::vec2& area);
  bool replaced_every_box(const std::map<std::string, glm::vec2>& places) const;
  const std::vector<std::optional<Curve>>& curves(const setup::Setup& setup,
                                                  const std::map<std::string, glm::vec2>& places);
  std::vector<DrawnEdge> draw_edges(const setup::Setup& setup,
                                    const std::map<std::string, glm::vec2>& places, const Frame& f);
  void draw_box(const setup::Setup& setup, const std::string& name, const glm::vec2& place,
                const Frame& f);
  // A box's button: selecting, dragging, starting a transition, its menu.
  void box_input(const Document& doc, Commands& cmds, const std::string& name,
                 const glm::vec2& place, const std::map<std::string, glm::vec2>& stored,
                 const Frame& f);
  void connect_input(const Document& doc, Commands& cmds,
                     const std::map<std::string, glm::vec2>& places, const Frame& f);
  void rectangle_input(const setup::Setup& setup, const std::map<std::string, glm::vec2>& places,
                       const Frame& f);
  void empty_space_input(const Document& doc, Commands& cmds, const std::vector<DrawnEdge>& edges,
                         const Frame& f);
  static int edge_at(const std::vector<DrawnEdge>& edges, const glm::vec2& p);
  // A hovered arrow's tooltip: its name and, while the machine plays it, each check live.
  void edge_tooltip(const Document& doc, const setup::Setup& setup, int index) const;
  bool node_menu(const Document& doc, Commands& cmds,
                 const std::string& name);              // True when it edited the setup.
  bool edge_menu(const Document& doc, Commands& cmds);  // True when it edited the setup.
  // A new state there (setup::new_state_choice), or (`machine_state`) a new nested machine whose
  // one state plays the model's first clip.
  void add_state_at(const Document& doc, Commands& cmds, const glm::vec2& place,
                    bool machine_state = false);
  void forget_missing(const setup::Setup& setup, const std::map<std::string, glm::vec2>& places);
  // Notes the selected transition's ends and how many transitions there are, so that the next
  // frame finds it again when others were added or removed meanwhile (forget_missing).
  void remember_selected_transition(const setup::Setup& setup);
  void select_box(const std::string& name);
  void toggle_box(const std::string& name);  // Ctrl- or Shift-click: in or out of the selection.
  void select_transition(int index);
  void delete_selection(const Document& doc, Commands& cmds);
  void draw_tools(const glm::vec2& area, const std::map<std::string, glm::vec2>& places);

  int hovered_edge_ = -1;             // The transition under the mouse on the last frame, or -1.
  std::size_t seen_transitions_ = 0;  // How many there were last frame,
  std::pair<std::string, std::string> selected_ends_;  // the selected one's from and to,
  int selected_alike_ = 0;                             // and which of those alike it was,
  int remembered_index_ = -1;                          // at this index.
  // The document and machine the view was last shown for (Document::stamp().document), the
  // setup's path then, and the boxes shown last frame (all new at once: another setup).
  std::pair<std::uint64_t, int> framed_for_{0, -1};
  std::string framed_setup_;
  std::set<std::string> framed_names_;
  // The curves of the last layout (boxes and transitions' ends), kept while it stays the same:
  // routing around boxes tries many bends.
  std::map<std::string, glm::vec2> curves_places_;
  std::vector<std::pair<std::string, std::string>> curves_ends_;
  std::vector<std::optional<Curve>> curves_;
  int drawn_frame_ = -1;            // The last ImGui frame the graph was drawn on...
  bool took_keys_ = false;          // ... and whether it took the keys then.
  bool dragging_ = false;           // The selected boxes are being dragged.
  glm::vec2 drag_grab_{0.0f};       // Where the drag began, in graph units.
  glm::vec2 drag_delta_{0.0f};      // How far it has moved them, in graph units.
  std::string connecting_;          // The box a transition is being dragged from, or empty.
  bool box_selecting_ = false;      // A selection rectangle is being dragged out...
  glm::vec2 box_start_{0.0f};       // ... from here, in graph units...
  std::set<std::string> box_base_;  // ... adding to these (Ctrl or Shift held).
  int pan_button_ = -1;             // The mouse button panning the view, or -1.
  int edge_menu_ = -1;              // The transition the arrow menu is for.
  glm::vec2 new_state_at_{0.0f};    // Where the empty space's menu adds a state.
  char rename_[128] = {};
  std::string open_request_;
  std::map<std::string, float>
      lit_;  // lit().  // A machine state double-clicked this frame, opened at its end.
};

}  // namespace anim::ui
