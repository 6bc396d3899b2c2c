// Nested state machines in a setup (setup_nesting.h).
#include "setup_nesting.h"

#include <algorithm>
#include <map>

#include "anim/find_by_name.h"

namespace anim::setup {
namespace {

// The first part of `path` and the rest (empty without a separator).
std::pair<std::string, std::string> split_path(const std::string& path) {
  const std::size_t at = path.find(kPathSeparator);
  if (at == std::string::npos) return {path, ""};
  return {path.substr(0, at), path.substr(at + 1)};
}

class Flattener {
 public:
  FlatMachine run(const std::vector<SetupState>& states,
                  const std::vector<SetupTransition>& transitions,
                  const std::string& default_state) {
    add_leaves(states, "");
    out_.default_state = entry(states, default_state, "");
    add_transitions(states, transitions, "", "", true);
    return std::move(out_);
  }

 private:
  void add_leaves(const std::vector<SetupState>& states, const std::string& prefix) {
    for (const SetupState& s : states) {
      if (s.is_machine()) {
        add_leaves(s.machine->states, prefix + s.name + kPathSeparator);
      } else {
        SetupState leaf = s;
        leaf.name = prefix + s.name;
        out_.states.push_back(std::move(leaf));
      }
    }
  }

  // The leaf entering `path` (relative to `states`, at `prefix`) leads to; empty for none.
  std::string entry(const std::vector<SetupState>& states, const std::string& path,
                    const std::string& prefix) {
    const auto [first, rest] = split_path(path);
    const int index = find_by_name(states, first);
    if (index < 0) return "";
    const SetupState& s = states[static_cast<std::size_t>(index)];
    if (!s.is_machine()) return rest.empty() ? prefix + s.name : "";
    const std::string inner = prefix + s.name + kPathSeparator;
    return entry(s.machine->states, rest.empty() ? s.machine->default_state : rest, inner);
  }

  // Every leaf under `s` (itself when it is one), or only those under its exit states.
  void leaves_of(const SetupState& s, const std::string& prefix, bool exits_only,
                 std::vector<std::string>* out) {
    if (!s.is_machine()) {
      out->push_back(prefix + s.name);
      return;
    }
    const SetupMachine& m = *s.machine;
    const std::string inner = prefix + s.name + kPathSeparator;
    for (const SetupState& child : m.states) {
      const bool exit =
          m.exit_states.empty() ||
          std::find(m.exit_states.begin(), m.exit_states.end(), child.name) != m.exit_states.end();
      if (!exits_only || exit) leaves_of(child, inner, exits_only, out);
    }
  }

  // The leaves a transition from `path` (relative to `states`, at `prefix`) leaves from.
  std::vector<std::string> sources(const std::vector<SetupState>& states, const std::string& path,
                                   const std::string& prefix) {
    std::vector<std::string> out;
    const auto [first, rest] = split_path(path);
    const int index = find_by_name(states, first);
    if (index < 0) return out;
    const SetupState& s = states[static_cast<std::size_t>(index)];
    if (rest.empty()) {
      leaves_of(s, prefix, true, &out);
    } else if (s.is_machine()) {
      out = sources(s.machine->states, rest, prefix + s.name + kPathSeparator);
    }
    return out;
  }

  void add_transitions(const std::vector<SetupState>& states,
                       const std::vector<SetupTransition>& transitions, const std::string& prefix,
                       const std::string& pointer, bool top) {
    for (std::size_t i = 0; i < transitions.size(); ++i) {
      const SetupTransition& t = transitions[i];
      const std::string to = entry(states, t.to, prefix);
      if (to.empty()) continue;
      std::vector<std::string> from;
      if (t.from == "*") {
        if (top) {
          from = {"*"};
        } else {
          for (const SetupState& s : states) leaves_of(s, prefix, false, &from);
        }
      } else {
        from = sources(states, t.from, prefix);
      }
      for (const std::string& source : from) {
        if (t.from == "*" && !top && source == to) continue;  // Not back into itself.
        SetupTransition flat = t;
        flat.from = source;
        flat.to = to;
        out_.transitions.push_back(std::move(flat));
        out_.origins.push_back(pointer + "/transitions/" + std::to_string(i));
      }
    }
    for (std::size_t i = 0; i < states.size(); ++i) {
      const SetupState& s = states[i];
      if (s.is_machine()) {
        add_transitions(s.machine->states, s.machine->transitions, prefix + s.name + kPathSeparator,
                        pointer + "/states/" + std::to_string(i) + "/machine", false);
      }
    }
  }

  FlatMachine out_;
};

}  // namespace

const SetupState* find_state_path(const std::vector<SetupState>& states, const std::string& path) {
  const auto [first, rest] = split_path(path);
  const int index = find_by_name(states, first);
  if (index < 0) return nullptr;
  const SetupState& s = states[static_cast<std::size_t>(index)];
  if (rest.empty()) return &s;
  return s.is_machine() ? find_state_path(s.machine->states, rest) : nullptr;
}

bool has_nested(const std::vector<SetupState>& states) {
  return std::any_of(states.begin(), states.end(),
                     [](const SetupState& s) { return s.is_machine(); });
}

FlatMachine flatten_machine(const std::vector<SetupState>& states,
                            const std::vector<SetupTransition>& transitions,
                            const std::string& default_state) {
  return Flattener().run(states, transitions, default_state);
}

ImmediateCycle find_immediate_cycle(const FlatMachine& flat) {
  // Each leaf's first immediate transition (the one the runtime would take at once), then a
  // walk from each: a state met again on the walk closes a cycle.
  std::map<std::string, std::size_t> immediate;
  std::vector<std::string> starts;  // In transition order.
  for (std::size_t i = 0; i < flat.transitions.size(); ++i) {
    const SetupTransition& t = flat.transitions[i];
    if (t.from == "*" || !t.conditions.empty() || t.exit_time) continue;
    if (immediate.emplace(t.from, i).second) starts.push_back(t.from);
  }
  for (const std::string& start : starts) {
    std::vector<std::string> walk = {start};
    std::string at = start;
    while (true) {
      const auto next = immediate.find(at);
      if (next == immediate.end()) break;
      at = flat.transitions[next->second].to;
      const std::size_t seen =
          static_cast<std::size_t>(std::find(walk.begin(), walk.end(), at) - walk.begin());
      walk.push_back(at);
      if (seen + 1 < walk.size()) {
        ImmediateCycle cycle;
        cycle.states.assign(walk.begin() + static_cast<std::ptrdiff_t>(seen), walk.end());
        cycle.first_transition = immediate.at(walk[seen]);
        return cycle;
      }
    }
  }
  return {};
}

}  // namespace anim::setup
