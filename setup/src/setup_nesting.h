#pragma once
// Nested state machines in a setup (SetupMachine): states found by path ("Locomotion/Walk"), and
// the flat machine the runtime plays, whose states are the leaves named by their paths.
#include <string>
#include <vector>

#include "anim/setup/setup.h"

namespace anim::setup {

constexpr char kPathSeparator = '/';

// The state `path` names among `states`: its first part names one of them, and each further part
// a state of the machine the one before holds. Null when a part names nothing.
const SetupState* find_state_path(const std::vector<SetupState>& states, const std::string& path);

// Whether any of `states` holds a machine.
bool has_nested(const std::vector<SetupState>& states);

struct FlatMachine {
  std::vector<SetupState> states;            // The leaves, named by path, in depth-first order.
  std::vector<SetupTransition> transitions;  // Between leaves ("*" at the top stays "*").
  std::string default_state;                 // A leaf.
  // Per transition, the JSON pointer of the one it came from, relative to the machine's own
  // ("/transitions/2", "/states/1/machine/transitions/0").
  std::vector<std::string> origins;
};

// The leaves of a machine and its transitions between them, for a machine that validates (names
// that resolve to nothing are dropped). A transition to a machine goes to the leaf its defaults
// lead to; one from a machine leaves from its exit states' leaves (every leaf of it without exit
// states); "*" inside a nested machine leaves from each of its leaves but the target. A machine's
// transitions come before those of the machines inside it.
FlatMachine flatten_machine(const std::vector<SetupState>& states,
                            const std::vector<SetupTransition>& transitions,
                            const std::string& default_state);

// Leaves of `flat` that transitions firing at once (no conditions, no exit time) lead round in a
// cycle, the first such cycle in transition order (the states in order, the first repeated at the
// end), and the index of its first transition; empty when there is none.
struct ImmediateCycle {
  std::vector<std::string> states;
  std::size_t first_transition = 0;
};
ImmediateCycle find_immediate_cycle(const FlatMachine& flat);

}  // namespace anim::setup
