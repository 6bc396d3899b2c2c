#include "commands/link_frame_json.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace anim::app {
namespace {

constexpr const char* kBaseLayer = "Base";  // What play calls the base machine.

const std::string& state_name(const link::Watching& w, std::size_t layer, int state) {
  return w.layers[layer].states[static_cast<std::size_t>(state)];
}

std::string layer_name(const link::Watching& w, std::size_t layer) {
  return layer == 0 ? std::string(kBaseLayer) : w.layers[layer].name;
}

// A layer's "states" and "transition", as play's put_machine writes them.
void put_layer(const link::FrameLayer& l, const link::Watching& w, std::size_t layer,
               nlohmann::ordered_json& j) {
  j["states"] = nlohmann::ordered_json::array();
  for (const StateMachineInstance::ActiveState& a : l.active) {
    j["states"].push_back({{"name", state_name(w, layer, a.state)},
                           {"weight", a.weight},
                           {"normalized_time", a.normalized_time}});
  }
  if (l.transition.transition < 0) {
    j["transition"] = nullptr;
  } else {
    j["transition"] = {{"from", state_name(w, layer, l.transition.from)},
                       {"to", state_name(w, layer, l.transition.to)},
                       {"progress", l.transition.progress}};
  }
}

nlohmann::ordered_json vec_json(const glm::vec3& v) { return {v.x, v.y, v.z}; }

}  // namespace

nlohmann::ordered_json link_frame_json(const link::Frame& frame, const link::Watching& watching) {
  nlohmann::ordered_json j;
  j["t"] = frame.time;
  j["frame"] = frame.number;
  if (frame.paused) j["paused"] = true;
  if (!frame.layers.empty()) put_layer(frame.layers[0], watching, 0, j);
  if (frame.layers.size() > 1) {
    j["layers"] = nlohmann::ordered_json::array();
    for (std::size_t layer = 1; layer < frame.layers.size(); ++layer) {
      nlohmann::ordered_json entry = {{"name", watching.layers[layer].name},
                                      {"weight", frame.layers[layer].weight}};
      put_layer(frame.layers[layer], watching, layer, entry);
      j["layers"].push_back(std::move(entry));
    }
  }
  j["events"] = nlohmann::ordered_json::array();
  for (const StateMachineInstance::FiredEvent& e : frame.events) {
    const std::size_t layer = static_cast<std::size_t>(e.layer);
    j["events"].push_back({{"name", watching.events[static_cast<std::size_t>(e.event)]},
                           {"state", state_name(watching, layer, e.state)},
                           {"layer", layer_name(watching, layer)},
                           {"weight", e.weight}});
  }
  const bool vectors =
      std::any_of(watching.parameters.begin(), watching.parameters.end(),
                  [](const link::ParameterInfo& p) { return p.type == ParameterType::kVector3; });
  if (vectors) {
    nlohmann::ordered_json parameters = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < frame.parameters.size() && i < watching.parameters.size(); ++i) {
      const link::ParameterInfo& p = watching.parameters[i];
      if (p.type == ParameterType::kVector3) {
        parameters[p.name] = vec_json(frame.parameters[i].vector);
      } else {
        parameters[p.name] = frame.parameters[i].value;
      }
    }
    j["parameters"] = std::move(parameters);
  }
  const RootMotion& move = frame.root_motion;
  if (move.translation != glm::vec3(0.0f) || move.rotation != glm::quat(1.0f, 0.0f, 0.0f, 0.0f)) {
    j["root_motion"] = {
        {"translation", vec_json(move.translation)},
        {"rotation", {move.rotation.x, move.rotation.y, move.rotation.z, move.rotation.w}}};
  }
  return j;
}

std::string link_frame_text(const link::Frame& frame, const link::Watching& watching) {
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, "t=%.4f", frame.time);
  std::string line = buffer;
  for (std::size_t layer = 0; layer < frame.layers.size(); ++layer) {
    const link::FrameLayer& l = frame.layers[layer];
    if (layer > 0) line += "  [" + watching.layers[layer].name;
    for (const StateMachineInstance::ActiveState& a : l.active) {
      std::snprintf(buffer, sizeof buffer, " w=%.3f nt=%.3f", a.weight, a.normalized_time);
      line += (layer == 0 ? "  " : " ") + state_name(watching, layer, a.state) + buffer;
    }
    if (layer == 0 && l.transition.transition >= 0) {
      std::snprintf(buffer, sizeof buffer, " %.3f", l.transition.progress);
      line += "  | " + state_name(watching, 0, l.transition.from) + " -> " +
              state_name(watching, 0, l.transition.to) + buffer;
    }
    if (layer > 0) line += "]";
  }
  for (const StateMachineInstance::FiredEvent& e : frame.events)
    line += "  !" + watching.events[static_cast<std::size_t>(e.event)];
  if (frame.paused) line += "  (paused)";
  return line;
}

}  // namespace anim::app
