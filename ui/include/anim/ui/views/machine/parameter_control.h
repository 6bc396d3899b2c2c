#pragma once
// The live control of one parameter of a running state machine, as the Blend panel and the
// Parameters sidebar show it: a slider (a bounded float), a drag (an unbounded one), an integer
// field, a checkbox (a bool) or a Fire button (a trigger); and its current value as text.
#include <string>

#include "anim/state_machine.h"

namespace anim::ui {

// Draws parameter `index`'s control filling the rest of the line. True when the user changed
// it, with the new target in `value` (1 for a trigger fired), for the caller to set
// (Commands::set_parameter).
bool parameter_control(const StateMachineInstance& sm, int index, float* value);

// What the parameter holds now: "0.512", "3", "true", "set" or "-" (a trigger not set).
std::string parameter_value_text(const StateMachineInstance& sm, int index);

}  // namespace anim::ui
