#pragma once
// Setups (anim::setup::Setup, what a project file holds) written by hand, a piece at a time:
// parameters, states, conditions, transitions, blend-space points, a whole small setup. Each
// builder sets only what it is given; every other field keeps the struct's default. Needs
// anim_setup.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "anim/setup/setup.h"

namespace anim::testutil {

// A parameter of `type` starting at `default_value`; no bounds, no smoothing.
inline setup::SetupParameter Param(const std::string& name,
                                   ParameterType type = ParameterType::kFloat,
                                   float default_value = 0.0f) {
  return setup::SetupParameter{name, type, default_value, std::nullopt, std::nullopt};
}

// A float parameter in [min, max] starting at `default_value`, changing at `rate` per second (0:
// at once).
inline setup::SetupParameter Bounded(const std::string& name, float min, float max,
                                     float default_value = 0.0f, float rate = 0.0f) {
  return setup::SetupParameter{name, ParameterType::kFloat, default_value, min, max, rate};
}

// A state playing `motion` (a clip or a blend space, by name) at `speed`, looping or not.
inline setup::SetupState State(const std::string& name, const std::string& motion,
                               float speed = 1.0f, bool loop = true) {
  return setup::SetupState{name, motion, speed, loop};
}

inline setup::SetupCondition When(const std::string& parameter, ConditionOp op,
                                  float value = 0.0f) {
  return setup::SetupCondition{parameter, op, value};
}

// `from` -> `to` ("*": from any state) when all `conditions` hold; the default duration.
inline setup::SetupTransition Transition(const std::string& from, const std::string& to,
                                         std::vector<setup::SetupCondition> conditions = {}) {
  return setup::SetupTransition{from, to, std::move(conditions), std::nullopt};
}

// The same fading for `duration` seconds.
inline setup::SetupTransition Transition(const std::string& from, const std::string& to,
                                         std::vector<setup::SetupCondition> conditions,
                                         float duration) {
  setup::SetupTransition t = Transition(from, to, std::move(conditions));
  t.duration = duration;
  return t;
}

// A point of a 1D blend space: `clip` at `x`.
inline setup::SetupBlendPoint Point(const std::string& clip, float x) {
  return setup::SetupBlendPoint{clip, x};
}

// A point of a 2D blend space: `clip` at (x, y).
inline setup::SetupBlendPoint Point(const std::string& clip, float x, float y) {
  setup::SetupBlendPoint p = Point(clip, x);
  p.position_y = y;
  return p;
}

// A blend space over `parameter` (1D) or, with `parameter_y`, over both (2D).
inline setup::SetupBlendSpace Space(const std::string& name, const std::string& parameter,
                                    std::vector<setup::SetupBlendPoint> points,
                                    std::optional<std::string> parameter_y = std::nullopt) {
  setup::SetupBlendSpace s{name, parameter, std::move(points)};
  s.parameter_y = std::move(parameter_y);
  return s;
}

// A setup of the model file `model` with `parameters` and `states`, the first state the default.
inline setup::Setup SetupOf(const std::string& model, std::vector<setup::SetupParameter> parameters,
                            std::vector<setup::SetupState> states) {
  setup::Setup setup;
  setup.model = model;
  setup.parameters = std::move(parameters);
  setup.states = std::move(states);
  if (!setup.states.empty()) setup.default_state = setup.states.front().name;
  return setup;
}

}  // namespace anim::testutil
