#pragma once
// The kinds a state machine is made of, shared by the runtime (state_machine_def.h) and the
// setup files that describe it (anim_setup's setup.h).

namespace anim {

enum class ParameterType { kFloat, kInt, kBool, kTrigger };
enum class ConditionOp { kGreater, kLess, kEqual, kNotEqual, kTrue, kFalse, kTriggerSet };
enum class Interruption { kNone, kSource, kDestination };
// How a layer above the base machine combines with what lies below it.
enum class LayerBlend { kOverride, kAdditive };

}  // namespace anim
