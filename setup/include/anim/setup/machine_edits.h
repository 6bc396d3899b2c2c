#pragma once
// Edits of any state machine of a setup, addressed by its path: the sequence of machine states
// opened from the top ({} the setup's own states, {"Locomotion"} the machine inside
// "Locomotion"). The top level, a layer's view (machine_view) and a nested SetupMachine share one
// shape (MachineRef), and each edit here works on that shape, so a nested machine is edited by
// the same rules as the top: edits.h's state and transition edits are these at path {}. Apart
// from any UI, so that tests drive them directly; each returns an Error (naming the machine by
// its JSON pointer) when it refuses, and leaves the setup untouched then.
#include <string>
#include <vector>

#include "anim/result.h"
#include "anim/setup/setup.h"

namespace anim::setup {

// The machine states opened from the top, outermost first; empty: the top level.
using MachinePath = std::vector<std::string>;

// The parts every state machine of a setup has, wherever it lives: the top level's fields, a
// SetupLayer's or a SetupMachine's. Borrowed; valid while the setup is not resized above it.
struct MachineRef {
  std::vector<SetupState>* states = nullptr;
  std::string* default_state = nullptr;
  std::vector<SetupTransition>* transitions = nullptr;
  std::vector<std::string>* exit_states = nullptr;  // Null at the top level: it has no exits.
};

// The machine at `path`; an error naming the first part that is no state or plays a motion.
Result<MachineRef> find_machine(Setup& setup, const MachinePath& path);

// The JSON pointer of the machine at `path` ("" the top, "/states/1/machine" for {"Locomotion"}
// when Locomotion is state 1); the path as far as it resolves.
std::string machine_pointer(const Setup& setup, const MachinePath& path);

// Its boxes' places: setup.editor["nodes"] at the top, editor["machines"]["A/B"]["nodes"] for the
// machine at {"A", "B"} ({name: [x, y]}). Null when the editor block has none.
const Json* machine_places(const Setup& setup, const MachinePath& path);

// `base` when no state of `states` has that name, else `base 2`, `base 3`, ...
std::string unique_state_name(const std::vector<SetupState>& states, const std::string& base);

// What a state added to a machine holding `states` plays and is called: the first of `clips`
// (the model's clip names) that none of them plays, the state named after it (made unique among
// them); when each clip is played already, the first clip, the state numbered "State 1",
// "State 2", ... (the first not taken), so that new states never share a name. Empty motion
// without clips.
struct NewStateChoice {
  std::string name;
  std::string motion;
};
NewStateChoice new_state_choice(const std::vector<SetupState>& states,
                                const std::vector<std::string>& clips);

// Adds a looping state playing `motion` to the machine at `path`, named `base` made unique; a
// machine's first state becomes its default. Returns its name.
Result<std::string> add_state(Setup& setup, const MachinePath& path, const std::string& base,
                              const std::string& motion);

// Adds a state holding a new machine, named `base` made unique, whose one state "State" plays
// `motion` (so that it plays from the start). Returns its name.
Result<std::string> add_machine_state(Setup& setup, const MachinePath& path,
                                      const std::string& base, const std::string& motion);

// Renames a state of the machine at `path` everywhere it is named: that machine's transitions
// (also paths through it, "From/Inner"), default and exit states; every enclosing machine's
// transitions that name it by path ("Locomotion/Walk"); its box's place, and the places of the
// machines inside it. Refused when `from` is no state there or `to` is empty, "*", holds '/',
// is taken or is `from`.
Status rename_state(Setup& setup, const MachinePath& path, const std::string& from,
                    const std::string& to);

// Removes a state of the machine at `path` with every transition from or to it (or a state
// inside it), in that machine and, by path, in the enclosing ones; its exit mark, its box's place
// and the places of the machines inside it. The default moves to the first remaining state (none
// when it was the last).
Status remove_state(Setup& setup, const MachinePath& path, const std::string& name);

// Adds a transition in the machine at `path` from `from` ("*": any of its states) to `to`, each a
// state of it or a path into one of its machines, taking effect at the end of the source's cycle
// (exit time 1) until conditions are added. Returns its index in the machine's transitions.
Result<int> add_transition(Setup& setup, const MachinePath& path, const std::string& from,
                           const std::string& to);

// Removes transition `index` of the machine at `path`.
Status remove_transition(Setup& setup, const MachinePath& path, int index);

// Replaces transition `index` of the machine at `path` by `transition` (its timing, conditions,
// blend, ends); refused when an end names no state there.
Status set_transition(Setup& setup, const MachinePath& path, int index,
                      const SetupTransition& transition);

// Moves transition `index` of the machine at `path` `delta` places in its source's order (as
// edits.h's move_transition_priority). Its new index, or -1 when it did not move.
int move_transition_priority(Setup& setup, const MachinePath& path, int index, int delta);

// Makes `name` the default (entry) state of the machine at `path`.
Status set_default_state(Setup& setup, const MachinePath& path, const std::string& name);

// Marks (`exit` true) or unmarks state `name` of the nested machine at `path` as one its
// parent's transitions may leave it from. Refused at the top level, which has no exits, and when
// nothing would change.
Status set_exit_state(Setup& setup, const MachinePath& path, const std::string& name, bool exit);

// Whether `name` is listed among the exit states of the machine at `path`.
bool is_exit_state(const Setup& setup, const MachinePath& path, const std::string& name);

// Puts the box of `name` (a state of the machine at `path`, or "*" the any-state box) at (x, y)
// in graph units, rounded to whole units.
Status set_node_place(Setup& setup, const MachinePath& path, const std::string& name, float x,
                      float y);

}  // namespace anim::setup
