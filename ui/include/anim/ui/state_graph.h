#pragma once
// The setup's state machine drawn as a graph: a box per state (and one for "any state"), an
// arrow per transition, the running states lit by their weight. Boxes are dragged to arrange
// the graph; their places are kept in the setup's `editor` block ({"nodes": {"Idle": [x, y]}}),
// which the runtime ignores, so a saved setup reopens as it was arranged.
#include <map>
#include <string>

#include <glm/vec2.hpp>

#include "anim/setup.h"
#include "anim/ui/document.h"
#include "anim/ui/item_rects.h"

namespace anim::ui {

// The name the any-state box goes by in the editor block.
constexpr const char* kAnyStateNode = "*";

// Where each state's box goes (its top-left corner, in graph units = pixels at zoom 1): the
// editor block's place when it holds a valid one, else the next free cell of a grid. The
// any-state box is included when a transition starts from "*".
std::map<std::string, glm::vec2> node_positions(const Setup& setup);

// Records `name`'s box at `position` in setup.editor["nodes"], keeping everything else there.
void set_node_position(Setup& setup, const std::string& name, const glm::vec2& position);

// The arrow between two boxes of `size` at top-left corners `from` and `to`: from the edge of
// one box to the edge of the other along the line joining their centres.
struct Arrow {
  glm::vec2 tail, head;
};
Arrow arrow_between(const glm::vec2& from, const glm::vec2& to, const glm::vec2& size);

// What an arrow's label says: its conditions ("speed > 0.05", "halt" for a trigger or a true
// bool, "!grounded" for a false one) and its exit time ("exit 0.9"), comma-separated.
std::string transition_label(const SetupTransition& t);

class StateGraph {
 public:
  // Draws the graph filling the rest of the current window. Every change is one undoable
  // edit of the setup (anim/setup_edits.h):
  // - dragging a box moves it (the edit is made when the drag ends);
  // - dragging from a box's rim (its outer kRim pixels) to another box adds a transition, with
  //   a rubber band while dragging;
  // - double-clicking empty space, or right-clicking it and choosing "New state here", adds a
  //   state there playing the model's first clip;
  // - clicking a box selects it; Delete removes the selected state with its transitions, F2
  //   opens its menu to rename it (while the mouse is over the graph and no text field has
  //   focus);
  // - right-clicking a box makes it the default state, adds a transition from it, renames or
  //   deletes it.
  void draw(Document& doc);

  std::string selected;  // The selected state, or empty.

  // Boxes of the last frame, "node:<name>", the graph's area "graph", and while a menu is open
  // "menu:default", "menu:add_transition" and, in its submenu, "menu:to:<state>",
  // "menu:name", "menu:delete", or the empty space's "menu:new_state"; for tests.
  ItemRects rects;
  static constexpr float kNodeWidth = 130.0f, kNodeHeight = 46.0f;
  static constexpr float kRim = 7.0f;

 private:
  bool node_menu(Document& doc, const std::string& name);  // True when it edited the setup.
  void add_state_at(Document& doc, const glm::vec2& place);

  std::string dragging_;         // The box being dragged, or empty.
  glm::vec2 drag_offset_{0.0f};  // Its top-left corner minus the mouse, in graph units.
  glm::vec2 drag_position_{0.0f};
  glm::vec2 drag_start_{0.0f};  // Where the dragged box was when the drag began.
  std::string connecting_;      // The box a transition is being dragged from, or empty.
  glm::vec2 new_state_at_{0.0f};  // Where the empty space's menu adds a state.
  char rename_[128] = {};
};

}  // namespace anim::ui
