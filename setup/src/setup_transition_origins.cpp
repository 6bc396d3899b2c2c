// Where the flat machine's transitions come from (transition_origins.h), read off the JSON
// pointers flatten_machine records for them.
#include "anim/setup/transition_origins.h"

#include <cstdlib>
#include <sstream>

#include "setup_nesting.h"

namespace anim::setup {
namespace {

// Follows `pointer` ("/states/1/machine/transitions/0", relative to the machine `states` and
// `transitions` make) to the transition it names; fills `out`'s level and written source. False
// when a part does not fit.
bool follow(const std::vector<SetupState>& states, const std::vector<SetupTransition>& transitions,
            const std::string& pointer, TransitionOrigin* out) {
  std::istringstream parts(pointer);
  std::string part;
  std::getline(parts, part, '/');  // Before the leading '/': nothing.
  const std::vector<SetupState>* at_states = &states;
  const std::vector<SetupTransition>* at_transitions = &transitions;
  while (std::getline(parts, part, '/')) {
    std::string index_text;
    if (!std::getline(parts, index_text, '/')) return false;
    const std::size_t index = std::strtoul(index_text.c_str(), nullptr, 10);
    if (part == "transitions") {
      if (index >= at_transitions->size()) return false;
      out->written_from = (*at_transitions)[index].from;
      return true;
    }
    std::string machine;
    if (part != "states" || index >= at_states->size() || !std::getline(parts, machine, '/') ||
        machine != "machine" || !(*at_states)[index].is_machine()) {
      return false;
    }
    const SetupState& s = (*at_states)[index];
    out->level.push_back(s.name);
    at_states = &s.machine->states;
    at_transitions = &s.machine->transitions;
  }
  return false;
}

}  // namespace

std::vector<TransitionOrigin> transition_origins(const std::vector<SetupState>& states,
                                                 const std::vector<SetupTransition>& transitions,
                                                 const std::string& default_state) {
  const FlatMachine flat = flatten_machine(states, transitions, default_state);
  std::vector<TransitionOrigin> out(flat.transitions.size());
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i].from = flat.transitions[i].from;
    out[i].to = flat.transitions[i].to;
    if (i < flat.origins.size() && !follow(states, transitions, flat.origins[i], &out[i])) {
      out[i].level.clear();
      out[i].written_from = out[i].from;
    }
  }
  return out;
}

}  // namespace anim::setup
