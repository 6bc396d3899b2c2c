#include "anim/ui/model/transition_origin_label.h"

#include "anim/ui/model/nested_graph.h"

namespace anim::ui {

std::string origin_label(const setup::TransitionOrigin& origin) {
  if (origin.written_from == "*") {
    return origin.level.empty() ? "from any state" : "from any state of " + join_path(origin.level);
  }
  std::vector<std::string> written = origin.level;
  for (const std::string& part : split_path(origin.written_from)) written.push_back(part);
  const std::string path = join_path(written);
  const std::vector<std::string> leaf = split_path(origin.from);
  if (leaf.size() <= written.size()) return "from " + path;
  return "from " + path +
         (leaf.size() == written.size() + 1 ? " (parent)" : " (enclosing machine)");
}

void label_origins(std::vector<TransitionWhy>& lines, const StateMachineInstance& machine,
                   const setup::Setup& setup, int shown) {
  const int layer = running_layer(machine, setup, shown);
  if (layer < 0) return;
  const bool base = shown == 0;
  const setup::SetupLayer* l = base ? nullptr : &setup.layers[static_cast<std::size_t>(shown - 1)];
  const std::vector<setup::SetupState>& states = base ? setup.states : l->states;
  bool nested = false;
  for (const setup::SetupState& s : states) nested = nested || s.is_machine();
  if (!nested) return;
  const std::vector<setup::TransitionOrigin> origins =
      setup::transition_origins(states, base ? setup.transitions : l->transitions,
                                base ? setup.default_state : l->default_state);
  const StateMachineDef& def = machine.def();
  const std::vector<TransitionDef>& transitions =
      layer == 0 ? def.transitions : def.layers[static_cast<std::size_t>(layer - 1)].transitions;
  const std::vector<StateDef>& running =
      layer == 0 ? def.states : def.layers[static_cast<std::size_t>(layer - 1)].states;
  if (origins.size() != transitions.size()) return;
  const auto name = [&](int state) {
    return state < 0 ? std::string("*") : running[static_cast<std::size_t>(state)].name;
  };
  for (std::size_t i = 0; i < origins.size(); ++i) {
    if (origins[i].from != name(transitions[i].from) || origins[i].to != name(transitions[i].to)) {
      return;
    }
  }
  for (TransitionWhy& why : lines) {
    if (why.layer == layer && why.transition >= 0 &&
        static_cast<std::size_t>(why.transition) < origins.size()) {
      why.origin = origin_label(origins[static_cast<std::size_t>(why.transition)]);
    }
  }
}

}  // namespace anim::ui
