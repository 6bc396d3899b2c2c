#pragma once
// A game's streamed frame (anim_link's link::Frame) read against the tool's own copy of the
// setup: whether the game's description is that setup's machine, and the state the frame shows
// in the form StateMachineInstance::restore_state takes, so that the tool's instance shows the
// game's character (its pose, the graph's lit states and transitions) and the recording keeps it
// as it keeps the preview's frames.
#include <string>

#include "anim/link/protocol.h"
#include "anim/span.h"
#include "anim/state_machine.h"
#include "anim/state_machine_def.h"

namespace anim::ui {

// Empty when `watching` describes `def`: the same parameters (names and types, in order) and the
// same layers (names, state names, transition counts). Otherwise the first difference, in words
// ("the game's parameter 2 is \"lean\", the setup's \"aim\"").
std::string description_mismatch(const link::Watching& watching, const StateMachineDef& def);

// The state `frame` shows, for an instance of `def` (which its description must match: see
// description_mismatch), into spans of def.parameters.size() parameters and 1 + def.layers.size()
// layers: the parameters as sent; per layer its active states as tracks (oldest first, each in a
// slot of its own, at its time in the cycle, with the weight it had before the running transition
// faded it), the running transition with the seconds it has run, and the layer's weight. What a
// frame does not carry (whole cycles played, a blend space's leading clip) starts over. False
// when the frame does not fit the spans or the def.
bool game_frame_state(const link::Frame& frame, const StateMachineDef& def,
                      Span<StateMachineInstance::SavedParameter> parameters,
                      Span<StateMachineInstance::SavedLayer> layers);

}  // namespace anim::ui
