#pragma once
// The live control of one parameter of a running state machine, as the Blend panel and the
// Parameters sidebar show it: a slider (a bounded float), a drag (an unbounded one), an integer
// field, a checkbox (a bool), a Fire button (a trigger) or three stacked drags, x, y and z (a
// vector3); and its current value as text.
#include <string>

#include "anim/state_machine.h"
#include "anim/ui/model/commands.h"

namespace anim::ui {

// Draws parameter `index`'s control filling the rest of the line (a vector3's three lines); a change the user makes is
// queued in `cmds` (Commands::set_parameter, set_vector). True when there was one.
bool parameter_control(const StateMachineInstance& sm, int index, Commands& cmds);

// What the parameter holds now: "0.512", "3", "true", "set", "-" (a trigger not set) or
// "0.100, 1.000, 0.500".
std::string parameter_value_text(const StateMachineInstance& sm, int index);

}  // namespace anim::ui
