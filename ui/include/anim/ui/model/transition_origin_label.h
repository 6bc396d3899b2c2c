#pragma once
// With nested state machines, the runtime's transitions run between leaves named by path, and a
// leaf can be left by its own machine's transitions and by those of the machines around it (the
// parent's "Locomotion -> Idle" leaves from Locomotion/Walk). The why-not lines say which is
// which: each is labelled by where its transition comes from in the setup. No ImGui here.
#include <string>
#include <vector>

#include "anim/setup/setup.h"
#include "anim/setup/transition_origins.h"
#include "anim/state_machine.h"
#include "anim/ui/model/transition_why.h"

namespace anim::ui {

// The label of a transition that came from `origin`: "from Locomotion/Walk" (the leaf's own
// machine, or a path written at the top), "from Locomotion (parent)" (from the machine holding the
// leaf), "from Outer (enclosing machine)" (one further out), "from any state of Locomotion",
// "from any state".
std::string origin_label(const setup::TransitionOrigin& origin);

// Sets each line's `origin` (transition_why.h) for lines of the layer that runs machine `shown`
// of `setup` (0 the base, i + 1 setup.layers[i]). Leaves them empty when that machine nests
// nothing, or when the running machine's transitions are not the setup's (an older version of
// it, still running while the setup has errors).
void label_origins(std::vector<TransitionWhy>& lines, const StateMachineInstance& machine,
                   const setup::Setup& setup, int shown);

}  // namespace anim::ui
