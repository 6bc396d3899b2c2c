#include "anim/ui/model/game_frame.h"

#include <algorithm>
#include <cmath>

namespace anim::ui {
namespace {

const char* type_name(ParameterType t) {
  switch (t) {
    case ParameterType::kFloat:
      return "float";
    case ParameterType::kInt:
      return "int";
    case ParameterType::kBool:
      return "bool";
    case ParameterType::kTrigger:
      return "trigger";
    case ParameterType::kVector3:
      return "vector3";
  }
  return "unknown";
}

const std::vector<StateDef>& layer_states(const StateMachineDef& def, std::size_t layer) {
  return layer == 0 ? def.states : def.layers[layer - 1].states;
}
const std::vector<TransitionDef>& layer_transitions(const StateMachineDef& def,
                                                    std::size_t layer) {
  return layer == 0 ? def.transitions : def.layers[layer - 1].transitions;
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

}  // namespace

std::string description_mismatch(const link::Watching& w, const StateMachineDef& def) {
  if (w.parameters.size() != def.parameters.size())
    return "the game's character has " + std::to_string(w.parameters.size()) +
           " parameters, the setup " + std::to_string(def.parameters.size());
  for (std::size_t i = 0; i < w.parameters.size(); ++i) {
    const ParameterDef& p = def.parameters[i];
    if (w.parameters[i].name != p.name)
      return "the game's parameter " + std::to_string(i) + " is " + quoted(w.parameters[i].name) +
             ", the setup's " + quoted(p.name);
    if (w.parameters[i].type != p.type)
      return "the game's parameter " + quoted(p.name) + " is a " +
             type_name(w.parameters[i].type) + ", the setup's a " + type_name(p.type);
  }
  if (w.layers.size() != def.layers.size() + 1)
    return "the game's character has " + std::to_string(w.layers.size()) +
           " layers (the base included), the setup " + std::to_string(def.layers.size() + 1);
  for (std::size_t l = 0; l < w.layers.size(); ++l) {
    const std::string layer = l == 0 ? std::string("the base machine")
                                     : "layer " + quoted(def.layers[l - 1].name);
    if (l > 0 && w.layers[l].name != def.layers[l - 1].name)
      return "the game's layer " + std::to_string(l) + " is " + quoted(w.layers[l].name) +
             ", the setup's " + quoted(def.layers[l - 1].name);
    const std::vector<StateDef>& states = layer_states(def, l);
    if (w.layers[l].states.size() != states.size())
      return "in " + layer + " the game has " + std::to_string(w.layers[l].states.size()) +
             " states, the setup " + std::to_string(states.size());
    for (std::size_t s = 0; s < states.size(); ++s)
      if (w.layers[l].states[s] != states[s].name)
        return "in " + layer + " the game's state " + std::to_string(s) + " is " +
               quoted(w.layers[l].states[s]) + ", the setup's " + quoted(states[s].name);
    if (w.layers[l].transitions != layer_transitions(def, l).size())
      return "in " + layer + " the game has " + std::to_string(w.layers[l].transitions) +
             " transitions, the setup " + std::to_string(layer_transitions(def, l).size());
  }
  return "";
}

bool game_frame_state(const link::Frame& frame, const StateMachineDef& def,
                      Span<StateMachineInstance::SavedParameter> parameters,
                      Span<StateMachineInstance::SavedLayer> layers) {
  if (frame.parameters.size() != def.parameters.size() ||
      parameters.size() != def.parameters.size() ||
      frame.layers.size() != def.layers.size() + 1 || layers.size() != frame.layers.size())
    return false;
  std::copy(frame.parameters.begin(), frame.parameters.end(), parameters.begin());
  for (std::size_t l = 0; l < frame.layers.size(); ++l) {
    const link::FrameLayer& in = frame.layers[l];
    const std::vector<StateDef>& states = layer_states(def, l);
    const std::vector<TransitionDef>& transitions = layer_transitions(def, l);
    StateMachineInstance::SavedLayer& out = layers[l];
    out = StateMachineInstance::SavedLayer{};
    if (in.active.size() > static_cast<std::size_t>(StateMachineInstance::kMaxActive))
      return false;
    // While a transition runs, every track but the newest shows base * (1 - progress) and the
    // newest base * (1 - progress) + progress (StateMachineInstance's track weights): undone here.
    const bool running = in.transition.transition >= 0;
    if (running && static_cast<std::size_t>(in.transition.transition) >= transitions.size())
      return false;
    const float progress = running ? std::clamp(in.transition.progress, 0.0f, 1.0f) : 0.0f;
    const float kept = 1.0f - progress;
    out.track_count = static_cast<int>(in.active.size());
    for (std::size_t i = 0; i < in.active.size(); ++i) {
      const StateMachineInstance::ActiveState& a = in.active[i];
      if (a.state < 0 || static_cast<std::size_t>(a.state) >= states.size()) return false;
      StateMachineInstance::SavedTrack& t = out.tracks[i];
      t.state = a.state;
      t.slot = static_cast<int>(i);
      t.time = CycleTime::from(a.normalized_time);
      t.previous_time = t.time;
      t.entered = false;
      t.group = a.group;
      const bool newest = i + 1 == in.active.size();
      float base = a.weight;
      if (running && kept > 0.0f) base = (newest ? a.weight - progress : a.weight) / kept;
      t.base_weight = std::isfinite(base) ? std::clamp(base, 0.0f, 1.0f) : 0.0f;
    }
    if (running) {
      out.running = in.transition.transition;
      out.running_from = in.transition.from;
      const float duration = transitions[static_cast<std::size_t>(out.running)].duration;
      out.elapsed = std::max(0.0f, progress * duration);
    }
    out.weight = std::clamp(in.weight, 0.0f, 1.0f);
  }
  return true;
}

}  // namespace anim::ui
