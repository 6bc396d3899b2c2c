// Edits of any state machine of a setup by its path (machine_edits.h), and edits.h's state and
// transition edits, which are these at the top level.
#include "anim/setup/machine_edits.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "anim/find_by_name.h"
#include "anim/setup/edits.h"
#include "setup_nesting.h"
#include "unique_name.h"

namespace anim::setup {
namespace {

std::string join(const MachinePath& parts) {
  std::string out;
  for (const std::string& part : parts) {
    if (!out.empty()) out += kPathSeparator;
    out += part;
  }
  return out;
}

Error refusal(const Setup& setup, const MachinePath& path, std::string message,
              Error::Code code = Error::Code::kInvalidArgument) {
  Error e;
  e.code = code;
  e.message = std::move(message);
  e.path = machine_pointer(setup, path);
  return e;
}

// Where a machine's `name` (a state, or a path through it) is named by a transition end: equal
// to `name` or a path under it.
bool names(const std::string& end, const std::string& name) {
  return end == name || (end.size() > name.size() && end.compare(0, name.size(), name) == 0 &&
                         end[name.size()] == kPathSeparator);
}

// `end` with its leading `from` (names(end, from)) replaced by `to`.
std::string renamed(const std::string& end, const std::string& from, const std::string& to) {
  return to + end.substr(from.size());
}

// A state, "*" (when `any` allows it) or a path into one of the machine's machines.
bool is_end(const MachineRef& m, const std::string& end, bool any) {
  if (end == "*") return any;
  return find_state_path(*m.states, end) != nullptr;
}

// The editor's machine blocks ("machines": {"A/B": {"nodes": ...}}), or null.
Json* machine_blocks(Setup& setup) {
  if (!setup.editor.is_object()) return nullptr;
  const auto it = setup.editor.find("machines");
  return it != setup.editor.end() && it->is_object() ? &*it : nullptr;
}

Json* places_of(Setup& setup, const MachinePath& path) {
  return const_cast<Json*>(machine_places(setup, path));
}

// The places object of the machine at `path`, made when missing.
Json& make_places(Setup& setup, const MachinePath& path) {
  if (!setup.editor.is_object()) setup.editor = Json::object();
  Json* block = &setup.editor;
  if (!path.empty()) {
    Json& blocks = setup.editor["machines"];
    if (!blocks.is_object()) blocks = Json::object();
    block = &blocks[join(path)];
    if (!block->is_object()) *block = Json::object();
  }
  Json& nodes = (*block)["nodes"];
  if (!nodes.is_object()) nodes = Json::object();
  return nodes;
}

// `object` with each key `rename` maps to a new one renamed and each it maps to "" dropped, in
// order, so that the saved file keeps its order.
template <class Rename>
void rekey(Json& object, Rename rename) {
  Json out = Json::object();
  for (auto it = object.begin(); it != object.end(); ++it) {
    const std::optional<std::string> key = rename(it.key());
    if (key) out[*key] = it.value();
  }
  object = std::move(out);
}

// Each machine from the top down to the one at `path` (inclusive), with the part of `path` below
// it: a transition there names a state of the machine at `path` by that part and the state's name.
template <class Visit>
void for_each_enclosing(Setup& setup, const MachinePath& path, Visit visit) {
  for (std::size_t k = 0; k <= path.size(); ++k) {
    Result<MachineRef> m = find_machine(
        setup, MachinePath(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(k)));
    if (!m.ok()) return;
    visit(m.value(), MachinePath(path.begin() + static_cast<std::ptrdiff_t>(k), path.end()));
  }
}

// `below` and `name` joined: how a machine above names a state `below` it.
std::string relative(MachinePath below, const std::string& name) {
  below.push_back(name);
  return join(below);
}

Status name_refusal(const Setup& setup, const MachinePath& path, const MachineRef& m,
                    const std::string& to) {
  if (to.empty()) return refusal(setup, path, "a state needs a name");
  if (to == "*") return refusal(setup, path, "\"*\" stands for any state; it names no state");
  if (to.find(kPathSeparator) != std::string::npos) {
    return refusal(setup, path,
                   "state name \"" + to + "\" holds '/', which separates the parts of a path");
  }
  if (find_by_name(*m.states, to) >= 0) {
    return refusal(setup, path, "a state named \"" + to + "\" is already in this machine");
  }
  return Ok{};
}

Result<std::string> add_new_state(Setup& setup, const MachinePath& path, SetupState state,
                                  const std::string& base) {
  Result<MachineRef> found = find_machine(setup, path);
  if (!found.ok()) return found.error();
  const MachineRef m = found.value();
  state.name = unique_state_name(*m.states, base.empty() ? "State" : base);
  if (state.name.find(kPathSeparator) != std::string::npos) {
    return refusal(
        setup, path,
        "state name \"" + state.name + "\" holds '/', which separates the parts of a path");
  }
  if (m.states->empty()) *m.default_state = state.name;
  m.states->push_back(std::move(state));
  return m.states->back().name;
}

Result<SetupTransition*> transition_at(Setup& setup, const MachinePath& path, int index) {
  Result<MachineRef> found = find_machine(setup, path);
  if (!found.ok()) return found.error();
  std::vector<SetupTransition>& all = *found.value().transitions;
  if (index < 0 || static_cast<std::size_t>(index) >= all.size()) {
    return refusal(
        setup, path,
        "no transition " + std::to_string(index) + " (it has " + std::to_string(all.size()) + ")",
        Error::Code::kNotFound);
  }
  return &all[static_cast<std::size_t>(index)];
}

}  // namespace

Result<MachineRef> find_machine(Setup& setup, const MachinePath& path) {
  MachineRef m{&setup.states, &setup.default_state, &setup.transitions, nullptr};
  for (std::size_t k = 0; k < path.size(); ++k) {
    const int index = find_by_name(*m.states, path[k]);
    const MachinePath so_far(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(k));
    if (index < 0) {
      return refusal(setup, so_far, "no state \"" + path[k] + "\" in this machine",
                     Error::Code::kNotFound);
    }
    SetupState& s = (*m.states)[static_cast<std::size_t>(index)];
    if (!s.is_machine()) {
      return refusal(setup, so_far, "state \"" + path[k] + "\" plays a motion, not a machine",
                     Error::Code::kNotFound);
    }
    SetupMachine& inner = *s.machine;
    m = MachineRef{&inner.states, &inner.default_state, &inner.transitions, &inner.exit_states};
  }
  return m;
}

std::string machine_pointer(const Setup& setup, const MachinePath& path) {
  std::string pointer;
  const std::vector<SetupState>* states = &setup.states;
  for (const std::string& part : path) {
    const int index = find_by_name(*states, part);
    if (index < 0) break;
    const SetupState& s = (*states)[static_cast<std::size_t>(index)];
    if (!s.is_machine()) break;
    pointer += "/states/" + std::to_string(index) + "/machine";
    states = &s.machine->states;
  }
  return pointer;
}

const Json* machine_places(const Setup& setup, const MachinePath& path) {
  if (!setup.editor.is_object()) return nullptr;
  const Json* block = &setup.editor;
  if (!path.empty()) {
    const auto blocks = setup.editor.find("machines");
    if (blocks == setup.editor.end() || !blocks->is_object()) return nullptr;
    const auto mine = blocks->find(join(path));
    if (mine == blocks->end() || !mine->is_object()) return nullptr;
    block = &*mine;
  }
  const auto nodes = block->find("nodes");
  return nodes != block->end() && nodes->is_object() ? &*nodes : nullptr;
}

std::string unique_state_name(const std::vector<SetupState>& states, const std::string& base) {
  return first_free_name(base,
                         [&](const std::string& name) { return find_by_name(states, name) >= 0; });
}

NewStateChoice new_state_choice(const std::vector<SetupState>& states,
                                const std::vector<std::string>& clips) {
  for (const std::string& clip : clips) {
    const bool played = std::any_of(states.begin(), states.end(),
                                    [&](const SetupState& s) { return s.motion == clip; });
    const bool fits = !clip.empty() && clip.find(kPathSeparator) == std::string::npos;
    if (!played && fits) return {unique_state_name(states, clip), clip};
  }
  NewStateChoice choice;
  if (!clips.empty()) choice.motion = clips.front();
  for (int n = 1;; ++n) {
    choice.name = "State " + std::to_string(n);
    if (find_by_name(states, choice.name) < 0) return choice;
  }
}

Result<std::string> add_state(Setup& setup, const MachinePath& path, const std::string& base,
                              const std::string& motion) {
  SetupState state;
  state.motion = motion;
  return add_new_state(setup, path, std::move(state), base);
}

Result<std::string> add_machine_state(Setup& setup, const MachinePath& path,
                                      const std::string& base, const std::string& motion) {
  SetupState state;
  state.machine = SetupMachine{};
  SetupState first;
  first.name = "State";
  first.motion = motion;
  state.machine->states.push_back(std::move(first));
  state.machine->default_state = "State";
  return add_new_state(setup, path, std::move(state), base.empty() ? "Machine" : base);
}

Status rename_state(Setup& setup, const MachinePath& path, const std::string& from,
                    const std::string& to) {
  Result<MachineRef> found = find_machine(setup, path);
  if (!found.ok()) return found.error();
  const MachineRef m = found.value();
  const int index = find_by_name(*m.states, from);
  if (index < 0) {
    return refusal(setup, path, "no state \"" + from + "\" to rename", Error::Code::kNotFound);
  }
  if (from == to) return refusal(setup, path, "state \"" + from + "\" already has that name");
  if (Status bad = name_refusal(setup, path, m, to); !bad.ok()) return bad;

  (*m.states)[static_cast<std::size_t>(index)].name = to;
  if (*m.default_state == from) *m.default_state = to;
  if (m.exit_states != nullptr) {
    for (std::string& exit : *m.exit_states) {
      if (exit == from) exit = to;
    }
  }
  // Transitions name it directly in its own machine and by path in the ones around it.
  for_each_enclosing(setup, path, [&](MachineRef outer, const MachinePath& below) {
    const std::string old_end = relative(below, from), new_end = relative(below, to);
    for (SetupTransition& t : *outer.transitions) {
      if (names(t.from, old_end)) t.from = renamed(t.from, old_end, new_end);
      if (names(t.to, old_end)) t.to = renamed(t.to, old_end, new_end);
    }
  });
  if (Json* places = places_of(setup, path)) {
    rekey(*places, [&](const std::string& key) {
      return std::optional<std::string>(key == from ? to : key);
    });
  }
  // The machines inside it keep their places under its new path.
  if (Json* blocks = machine_blocks(setup)) {
    MachinePath old_parts = path, new_parts = path;
    old_parts.push_back(from);
    new_parts.push_back(to);
    const std::string old_path = join(old_parts), new_path = join(new_parts);
    rekey(*blocks, [&](const std::string& key) {
      return std::optional<std::string>(names(key, old_path) ? renamed(key, old_path, new_path)
                                                             : key);
    });
  }
  return Ok{};
}

Status remove_state(Setup& setup, const MachinePath& path, const std::string& name) {
  Result<MachineRef> found = find_machine(setup, path);
  if (!found.ok()) return found.error();
  const MachineRef m = found.value();
  const int index = find_by_name(*m.states, name);
  if (index < 0) {
    return refusal(setup, path, "no state \"" + name + "\" to delete", Error::Code::kNotFound);
  }
  m.states->erase(m.states->begin() + index);
  for_each_enclosing(setup, path, [&](MachineRef outer, const MachinePath& below) {
    const std::string rel = relative(below, name);
    std::vector<SetupTransition>& all = *outer.transitions;
    all.erase(std::remove_if(
                  all.begin(), all.end(),
                  [&](const SetupTransition& t) { return names(t.from, rel) || names(t.to, rel); }),
              all.end());
  });
  if (m.exit_states != nullptr) {
    std::vector<std::string>& exits = *m.exit_states;
    exits.erase(std::remove(exits.begin(), exits.end(), name), exits.end());
  }
  if (*m.default_state == name) {
    *m.default_state = m.states->empty() ? std::string() : m.states->front().name;
  }
  if (Json* places = places_of(setup, path)) places->erase(name);
  if (Json* blocks = machine_blocks(setup)) {
    MachinePath parts = path;
    parts.push_back(name);
    const std::string gone = join(parts);
    rekey(*blocks, [&](const std::string& key) {
      return names(key, gone) ? std::nullopt : std::optional<std::string>(key);
    });
  }
  return Ok{};
}

Result<int> add_transition(Setup& setup, const MachinePath& path, const std::string& from,
                           const std::string& to) {
  Result<MachineRef> found = find_machine(setup, path);
  if (!found.ok()) return found.error();
  const MachineRef m = found.value();
  if (!is_end(m, from, true)) {
    return refusal(setup, path, "no state \"" + from + "\" to start a transition from");
  }
  if (!is_end(m, to, false)) {
    return refusal(setup, path, "no state \"" + to + "\" for a transition to go to");
  }
  SetupTransition t;
  t.from = from;
  t.to = to;
  t.exit_time = 1.0f;
  m.transitions->push_back(std::move(t));
  return static_cast<int>(m.transitions->size()) - 1;
}

Status remove_transition(Setup& setup, const MachinePath& path, int index) {
  Result<SetupTransition*> t = transition_at(setup, path, index);
  if (!t.ok()) return t.error();
  std::vector<SetupTransition>& all = *find_machine(setup, path).value().transitions;
  all.erase(all.begin() + index);
  return Ok{};
}

Status set_transition(Setup& setup, const MachinePath& path, int index,
                      const SetupTransition& transition) {
  Result<SetupTransition*> t = transition_at(setup, path, index);
  if (!t.ok()) return t.error();
  const MachineRef m = find_machine(setup, path).value();
  if (!is_end(m, transition.from, true) || !is_end(m, transition.to, false)) {
    return refusal(setup, path,
                   "transition " + transition.from + " -> " + transition.to +
                       " names a state this machine does not have");
  }
  *t.value() = transition;
  return Ok{};
}

int move_transition_priority(Setup& setup, const MachinePath& path, int index, int delta) {
  Result<MachineRef> found = find_machine(setup, path);
  if (!found.ok()) return -1;
  std::vector<SetupTransition>& all = *found.value().transitions;
  if (index < 0 || static_cast<std::size_t>(index) >= all.size() || delta == 0) return -1;
  const int step = delta < 0 ? -1 : 1;
  const int count = static_cast<int>(all.size());
  int at = index;
  for (int moved = 0; moved != delta; moved += step) {
    // The nearest transition of the same source in that direction, past the others.
    int next = at + step;
    while (next >= 0 && next < count && all[next].from != all[at].from) next += step;
    if (next < 0 || next >= count) break;
    std::swap(all[at], all[next]);
    at = next;
  }
  return at == index ? -1 : at;
}

Status set_default_state(Setup& setup, const MachinePath& path, const std::string& name) {
  Result<MachineRef> found = find_machine(setup, path);
  if (!found.ok()) return found.error();
  const MachineRef m = found.value();
  if (find_by_name(*m.states, name) < 0) {
    return refusal(setup, path, "no state \"" + name + "\" to make the default",
                   Error::Code::kNotFound);
  }
  if (*m.default_state == name) {
    return refusal(setup, path, "\"" + name + "\" is already the default state");
  }
  *m.default_state = name;
  return Ok{};
}

Status set_exit_state(Setup& setup, const MachinePath& path, const std::string& name, bool exit) {
  Result<MachineRef> found = find_machine(setup, path);
  if (!found.ok()) return found.error();
  const MachineRef m = found.value();
  if (m.exit_states == nullptr) {
    return refusal(setup, path,
                   "the top level has no exit states: only a nested machine is left by its "
                   "parent's transitions");
  }
  if (find_by_name(*m.states, name) < 0) {
    return refusal(setup, path, "no state \"" + name + "\" to mark as an exit",
                   Error::Code::kNotFound);
  }
  std::vector<std::string>& exits = *m.exit_states;
  const auto at = std::find(exits.begin(), exits.end(), name);
  if ((at != exits.end()) == exit) {
    return refusal(setup, path,
                   "\"" + name + "\" is " + (exit ? "already" : "not") + " an exit state");
  }
  if (exit) {
    exits.push_back(name);
  } else {
    exits.erase(at);
  }
  return Ok{};
}

bool is_exit_state(const Setup& setup, const MachinePath& path, const std::string& name) {
  const SetupMachine* machine = nullptr;
  const std::vector<SetupState>* states = &setup.states;
  for (const std::string& part : path) {
    const int index = find_by_name(*states, part);
    if (index < 0 || !(*states)[static_cast<std::size_t>(index)].is_machine()) return false;
    machine = &*(*states)[static_cast<std::size_t>(index)].machine;
    states = &machine->states;
  }
  return machine != nullptr && std::find(machine->exit_states.begin(), machine->exit_states.end(),
                                         name) != machine->exit_states.end();
}

Status set_node_place(Setup& setup, const MachinePath& path, const std::string& name, float x,
                      float y) {
  Result<MachineRef> found = find_machine(setup, path);
  if (!found.ok()) return found.error();
  if (name != "*" && find_by_name(*found.value().states, name) < 0) {
    return refusal(setup, path, "no state \"" + name + "\" to place", Error::Code::kNotFound);
  }
  if (!std::isfinite(x) || !std::isfinite(y)) {
    return refusal(setup, path, "a box's place must be a finite point");
  }
  // Whole units keep the saved file tidy.
  make_places(setup, path)[name] = Json::array({std::lround(x), std::lround(y)});
  return Ok{};
}

// --- edits.h: the same at the top level ---

std::string unique_state_name(const Setup& setup, const std::string& base) {
  return unique_state_name(setup.states, base);
}

std::string add_state(Setup& setup, const std::string& base, const std::string& motion) {
  Result<std::string> name = add_state(setup, MachinePath{}, base, motion);
  return name.ok() ? name.value() : std::string();
}

bool rename_state(Setup& setup, const std::string& from, const std::string& to) {
  return rename_state(setup, MachinePath{}, from, to).ok();
}

bool remove_state(Setup& setup, const std::string& name) {
  return remove_state(setup, MachinePath{}, name).ok();
}

int add_transition(Setup& setup, const std::string& from, const std::string& to) {
  Result<int> index = add_transition(setup, MachinePath{}, from, to);
  return index.ok() ? index.value() : -1;
}

bool remove_transition(Setup& setup, int index) {
  return remove_transition(setup, MachinePath{}, index).ok();
}

int move_transition_priority(Setup& setup, int index, int delta) {
  return move_transition_priority(setup, MachinePath{}, index, delta);
}

}  // namespace anim::setup
