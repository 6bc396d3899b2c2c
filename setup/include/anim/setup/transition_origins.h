#pragma once
// Where the runtime's transitions come from in a setup with nested state machines: compile_setup
// flattens a machine (setup_nesting.h) so that its transitions run between leaves named by path,
// and one transition of the setup may become several. Tools name each one after the machine that
// lists it, so a user sees a parent's transition apart from the leaf's own ("from Locomotion
// (parent)" beside "from Locomotion/Walk").
#include <string>
#include <vector>

#include "anim/setup/setup.h"

namespace anim::setup {

struct TransitionOrigin {
  // The runtime transition: between leaves by path ("Locomotion/Walk"), "*" for any state at the
  // top, as compile_setup names them.
  std::string from, to;
  // The machine that lists the transition it came from: the path of machine states from the top
  // ({} the top itself, {"Locomotion"} the machine inside "Locomotion").
  std::vector<std::string> level;
  // Its source as that machine writes it: a state of it ("Walk", "Locomotion", a path), or "*".
  std::string written_from;
};

// Per transition of the flat machine made of `states`, `transitions` and `default_state` (the
// base's or a layer's, as compile_setup compiles it, in the same order): where it comes from.
// For a machine that validates.
std::vector<TransitionOrigin> transition_origins(const std::vector<SetupState>& states,
                                                 const std::vector<SetupTransition>& transitions,
                                                 const std::string& default_state);

}  // namespace anim::setup
