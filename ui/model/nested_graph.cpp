#include "anim/ui/model/nested_graph.h"

#include <algorithm>

#include "anim/setup/machine_edits.h"
#include "anim/ui/model/graph_layout.h"

namespace anim::ui {
namespace {

constexpr char kSeparator = '/';  // As setup_nesting.h's kPathSeparator (a private header).

const setup::SetupState* find_named(const std::vector<setup::SetupState>& states,
                                    const std::string& name) {
  for (const setup::SetupState& s : states) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

}  // namespace

std::string join_path(const std::vector<std::string>& parts) {
  std::string path;
  for (const std::string& part : parts) {
    if (!path.empty()) path += kSeparator;
    path += part;
  }
  return path;
}

std::vector<std::string> split_path(const std::string& path) {
  std::vector<std::string> parts;
  if (path.empty()) return parts;
  std::size_t start = 0;
  for (std::size_t end; (end = path.find(kSeparator, start)) != std::string::npos;
       start = end + 1) {
    parts.push_back(path.substr(start, end - start));
  }
  parts.push_back(path.substr(start));
  return parts;
}

std::string box_of_leaf(const std::string& leaf, const std::vector<std::string>& level) {
  if (leaf == kAnyStateNode) return leaf;
  std::string rest = leaf;
  if (!level.empty()) {
    const std::string prefix = join_path(level) + kSeparator;
    if (leaf.compare(0, prefix.size(), prefix) != 0) return "";
    rest = leaf.substr(prefix.size());
  }
  return rest.substr(0, rest.find(kSeparator));
}

const setup::SetupMachine* machine_at(const std::vector<setup::SetupState>& states,
                                      const std::vector<std::string>& level) {
  const std::vector<setup::SetupState>* inside = &states;
  const setup::SetupMachine* machine = nullptr;
  for (const std::string& part : level) {
    const setup::SetupState* state = find_named(*inside, part);
    if (state == nullptr || !state->is_machine()) return nullptr;
    machine = &*state->machine;
    inside = &machine->states;
  }
  return machine;
}

std::optional<setup::Setup> nested_view(const setup::Setup& view,
                                        const std::vector<std::string>& level) {
  if (level.empty()) return view;
  const setup::SetupMachine* machine = machine_at(view.states, level);
  if (machine == nullptr) return std::nullopt;
  setup::Setup nested = view;
  nested.states = machine->states;
  nested.transitions = machine->transitions;
  nested.default_state = machine->default_state;
  nested.layers.clear();
  // Places of this level only: the top level's boxes are other states.
  nested.editor = setup::Json::object();
  if (view.editor.is_object()) {
    const auto machines = view.editor.find("machines");
    if (machines != view.editor.end() && machines->is_object()) {
      const auto mine = machines->find(join_path(level));
      if (mine != machines->end() && mine->is_object() && mine->contains("nodes")) {
        nested.editor["nodes"] = (*mine)["nodes"];
      }
    }
  }
  return nested;
}

bool store_nested_view(setup::Setup* view, const std::vector<std::string>& level,
                       const setup::Setup& nested) {
  const setup::SetupMachine* found = machine_at(view->states, level);
  if (!level.empty() && found == nullptr) return false;
  if (level.empty()) {
    view->states = nested.states;
    view->transitions = nested.transitions;
    view->default_state = nested.default_state;
    view->editor = nested.editor;
    return true;
  }
  // Renames and removals by path first, while the machine still has the old names.
  const std::vector<setup::SetupState> before = found->states;
  if (before.size() == nested.states.size()) {
    for (std::size_t i = 0; i < before.size(); ++i) {
      if (before[i].name != nested.states[i].name) {
        (void)setup::rename_state(*view, level, before[i].name, nested.states[i].name);
      }
    }
  } else {
    for (const setup::SetupState& s : before) {
      if (find_named(nested.states, s.name) == nullptr) {
        (void)setup::remove_state(*view, level, s.name);
      }
    }
  }
  const setup::MachineRef machine = setup::find_machine(*view, level).value();
  *machine.states = nested.states;
  *machine.transitions = nested.transitions;
  *machine.default_state = nested.default_state;
  // An exit mark naming no state (renamed where the rename was refused) goes.
  std::vector<std::string>& exits = *machine.exit_states;
  exits.erase(std::remove_if(
                  exits.begin(), exits.end(),
                  [&](const std::string& e) { return find_named(*machine.states, e) == nullptr; }),
              exits.end());
  const auto nodes = nested.editor.is_object() ? nested.editor.find("nodes") : nested.editor.end();
  if (nodes != nested.editor.end()) {
    if (!view->editor.is_object()) view->editor = setup::Json::object();
    setup::Json& machines = view->editor["machines"];
    if (!machines.is_object()) machines = setup::Json::object();
    machines[join_path(level)]["nodes"] = *nodes;
  }
  return true;
}

std::string leaf_of(const std::vector<setup::SetupState>& top,
                    const std::vector<std::string>& level, const std::string& state) {
  const setup::SetupMachine* holder = machine_at(top, level);
  if (!level.empty() && holder == nullptr) return "";
  std::vector<std::string> path = level;
  const setup::SetupState* s = find_named(holder != nullptr ? holder->states : top, state);
  path.push_back(state);
  // Down the defaults; a machine holds itself in no valid setup, but a bad one must not hang.
  for (int depth = 0; s != nullptr && s->is_machine() && depth < 64; ++depth) {
    const std::string& entry = s->machine->default_state;
    s = find_named(s->machine->states, entry);
    path.push_back(entry);
  }
  return s == nullptr || s->is_machine() ? "" : join_path(path);
}

std::string machine_caption(const setup::SetupMachine& machine) {
  const std::size_t n = machine.states.size();
  return "machine \xC2\xB7 " + std::to_string(n) + (n == 1 ? " state" : " states");
}

}  // namespace anim::ui
