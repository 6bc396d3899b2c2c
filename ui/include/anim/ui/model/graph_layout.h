#pragma once
// The state graph's layout, apart from drawing it (no ImGui): where each state's box goes and
// how that place is kept in the setup's editor block, the arrows between boxes and what their
// labels say. The graph view (state_graph.h) draws what this computes; tests drive it directly.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "anim/setup/setup.h"
#include "anim/ui/model/graph_geometry.h"

namespace anim::ui {

// A state's box, in graph units (pixels at zoom 1).
constexpr float kGraphNodeWidth = 130.0f, kGraphNodeHeight = 46.0f;
constexpr float kGraphLaneSpacing = 24.0f;  // Between transitions sharing two boxes.
constexpr float kGraphClearance = 12.0f;    // Kept between a bent arrow and other boxes.

// The name the any-state box goes by in the editor block.
constexpr const char* kAnyStateNode = "*";

// Where each state's box goes (its top-left corner, in graph units = pixels at zoom 1): the
// editor block's place when it holds a valid one, else the next free cell of a grid. The
// any-state box is included whenever there is a state (or a transition starts from "*").
std::map<std::string, glm::vec2> node_positions(const setup::Setup& setup);

// Records `name`'s box at `position` in setup.editor["nodes"], keeping everything else there.
void set_node_position(setup::Setup& setup, const std::string& name, const glm::vec2& position);

// The arrow between two boxes of `size` at top-left corners `from` and `to`: from the edge of
// one box to the edge of the other along the line joining their centres.
struct Arrow {
  glm::vec2 tail, head;
};
Arrow arrow_between(const glm::vec2& from, const glm::vec2& to, const glm::vec2& size);

// "Idle -> Walk", "any state -> Halt": a transition as edits and menus name it.
std::string transition_name(const setup::SetupTransition& t);

// Each transition's rank among those of its source (0 is checked first) and how many its source
// has, in the order of setup.transitions.
struct TransitionPriorities {
  std::vector<int> rank, of;
};
TransitionPriorities transition_priorities(const setup::Setup& setup);

// What an arrow's label says: its conditions ("speed > 0.05", "halt" for a trigger or a true
// bool, "!grounded" for a false one) and its exit time ("exit 0.9"), comma-separated.
std::string transition_label(const setup::SetupTransition& t);

// What transition `index`'s arrow says: its rank among the transitions of its source, when that
// has several, then its label ("2: speed > 0.5"; "2" without conditions or exit time).
std::string transition_caption(const setup::Setup& setup, int index);

// The curve of every transition, in graph units, between boxes at `places` (as node_positions
// gives them; nullopt for a transition whose box is missing): transitions between the same two
// boxes fanned apart (lane_offset), each bent around the other boxes in its way (route_edge),
// one from a state to itself a loop over its box (self_loop).
std::vector<std::optional<Curve>> transition_curves(const setup::Setup& setup,
                                                    const std::map<std::string, glm::vec2>& places);

}  // namespace anim::ui
