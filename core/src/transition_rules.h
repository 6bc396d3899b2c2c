#pragma once
// The rules of choosing a transition that both the runtime's choice (find_transition) and its
// trace use, so that the two never disagree: whether a condition holds, and which state's
// transitions may start while another transition runs.
#include <cmath>

#include "anim/state_machine_types.h"

namespace anim {

// `value` is the parameter's, `operand` the condition's.
inline bool condition_holds(ConditionOp op, float value, float operand) {
  constexpr float kEqualTolerance = 1e-6f;
  switch (op) {
    case ConditionOp::kGreater:
      return value > operand;
    case ConditionOp::kLess:
      return value < operand;
    case ConditionOp::kEqual:
      return std::fabs(value - operand) <= kEqualTolerance;
    case ConditionOp::kNotEqual:
      return std::fabs(value - operand) > kEqualTolerance;
    case ConditionOp::kTrue:
    case ConditionOp::kTriggerSet:
      return value != 0.0f;
    case ConditionOp::kFalse:
      return value == 0.0f;
  }
  return false;
}

// No state's transitions may start: the running transition cannot be interrupted.
constexpr int kNoStartingState = -2;

// The state whose outgoing transitions may start now (any-state transitions may start
// whenever one does): the current state when no transition runs; while one runs, the state
// its interruption rule names, the one it `left` (kSource) or the `current` one it goes to
// (kDestination), or kNoStartingState (kNone).
inline int starting_state(bool running, Interruption rule, int left, int current) {
  if (!running) return current;
  switch (rule) {
    case Interruption::kNone:
      return kNoStartingState;
    case Interruption::kSource:
      return left;
    case Interruption::kDestination:
      return current;
  }
  return kNoStartingState;
}

}  // namespace anim
