#pragma once
// Edits of a setup as the tool makes them, apart from any UI so that tests drive them directly:
// each keeps the setup consistent (names unique, times inside their clip) and returns whether
// it changed anything. The Document records the edited copy as one undoable step.
#include <string>

#include "anim/setup/setup.h"

namespace anim::setup {

// `base` when no event of `clip` has that name, else `base 2`, `base 3`, ...
std::string unique_event_name(const Setup& setup, const std::string& clip, const std::string& base);

// Adds an event to `clip` at `time` (clamped to [0, duration]) named `base` made unique within
// the clip. Returns its index in setup.events.
int add_event(Setup& setup, const std::string& clip, float time, float duration,
              const std::string& base = "event");

// Moves event `index` to `time`, clamped to [0, duration]. False for a bad index or no change.
bool move_event(Setup& setup, int index, float time, float duration);

// Renames event `index`; false for a bad index, an empty name or no change. Names may repeat
// across clips and within one (a walk has two "footstep" events); the runtime reports both.
bool rename_event(Setup& setup, int index, const std::string& name);

// Sets or (empty text) clears the payload of event `index`; false for a bad index or no change.
bool set_event_payload(Setup& setup, int index, const std::string& payload);

// Removes event `index`; false for a bad index.
bool remove_event(Setup& setup, int index);

// The state and transition edits below are machine_edits.h's at the top level (path {}), which
// edit a nested machine by the same rules; these say only whether anything changed.

// `base` when no state has that name, else `base 2`, `base 3`, ...
std::string unique_state_name(const Setup& setup, const std::string& base);

// Adds a looping state playing `motion`, named `base` made unique; the first state of a setup
// becomes its default. Returns its name.
std::string add_state(Setup& setup, const std::string& base, const std::string& motion);

// Renames a state everywhere it is named: transitions (also paths into it, "Locomotion/Walk"), the
// default state, its place in the editor block and those of the machines inside it. False when
// `from` does not exist, `to` is empty, "*", holds '/', is taken or the same.
bool rename_state(Setup& setup, const std::string& from, const std::string& to);

// Removes a state with every transition from or to it (or a state inside it) and its editor place.
// The default moves to the first remaining state (none when it was the last). False when it does
// not exist.
bool remove_state(Setup& setup, const std::string& name);

// Adds a transition from `from` ("*" for any state) to `to`, taking effect at the end of the
// source's cycle (exit time 1) until conditions are added: with neither it would fire at once.
// False when either state is unknown (`to` may not be "*"). Returns the transition's index.
int add_transition(Setup& setup, const std::string& from, const std::string& to);

// Removes transition `index`; false for a bad index.
bool remove_transition(Setup& setup, int index);

// Adds `condition` to `transition`. Its first condition turns exit time off: a new transition
// waits for the end of its source's cycle only while it has no condition (add_transition), and
// with one it should fire as soon as the condition holds, not up to a whole cycle later (Unity's
// "Has Exit Time" trap); exit time can be turned on again after. Returns whether it turned exit
// time off, for the view to say so.
bool add_condition(SetupTransition& transition, SetupCondition condition);

// A transition's priority is its place in setup.transitions among those with the same `from`
// (the runtime checks them in that order and the first whose conditions hold wins; "*" is a
// group of its own). Moves transition `index` `delta` places up that order (negative: earlier,
// checked sooner) by swapping it with its neighbours of the same source; every other transition
// keeps its index. Stops at either end of the group. Returns its new index, or -1 when it did
// not move (a bad index, a zero delta, already first or last).
int move_transition_priority(Setup& setup, int index, int delta);

}  // namespace anim::setup
