#pragma once
// Whether a transition's condition holds: the one test that both the runtime's choice of a
// transition and its trace use, so that the two never disagree.
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

}  // namespace anim
