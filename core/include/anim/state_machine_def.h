#pragma once
// The runtime form of a blend-state setup: indices instead of names, shared (const) by every
// character that runs it.
#include <string>
#include <vector>

#include "anim/blend_space.h"
#include "anim/blend_space_2d.h"
#include "anim/clip.h"
#include "anim/result.h"
#include "anim/span.h"
#include "anim/state_machine_types.h"

namespace anim {

// A parameter's range when its setup gives no min or max.
constexpr float kUnboundedMin = -1e30f;
constexpr float kUnboundedMax = 1e30f;

struct ParameterDef {
  std::string name;
  ParameterType type = ParameterType::kFloat;
  float default_value = 0.0f;
  float min = kUnboundedMin, max = kUnboundedMax;  // min <= max (compile and load check).
  float rate = 0.0f;  // Units per second toward the target; 0: at once.
};

struct MotionRef {
  // kBlendSpace indexes blend_spaces (1D), kBlendSpace2D blend_spaces_2d.
  enum class Kind { kClip, kBlendSpace, kBlendSpace2D };
  Kind kind = Kind::kClip;
  int index = 0;
};

struct StateDef {
  std::string name;
  MotionRef motion;
  float speed = 1.0f;
  bool loop = true;
};

struct ConditionDef {
  int parameter = 0;
  ConditionOp op = ConditionOp::kTrue;
  float value = 0.0f;
};

struct TransitionDef {
  int from = -1;  // State index, or -1 for any state.
  int to = 0;
  std::vector<ConditionDef> conditions;
  bool has_exit_time = false;
  float exit_time = 0.0f;  // Normalized time of the source state.
  float duration = 0.0f;   // Seconds.
  float offset = 0.0f;     // Normalized start time of the destination.
  Interruption interruption = Interruption::kNone;
};

// A named moment of a clip (a footstep): fires each time playback of the clip crosses it.
struct EventDef {
  std::string name;
  int clip = 0;       // Clip index.
  float time = 0.0f;  // Seconds into the clip, in [0, duration].
  std::string payload;
};

struct StateMachineDef {
  std::vector<ParameterDef> parameters;
  std::vector<BlendSpace1DDef> blend_spaces;
  std::vector<BlendSpace2DDef> blend_spaces_2d;  // Prepared (prepare_blend_space_2d).
  std::vector<StateDef> states;
  std::vector<TransitionDef> transitions;  // Checked in this order.
  int default_state = 0;
  // Sorted by clip, then time (compile_setup sorts them): the order they fire in within a cycle.
  std::vector<EventDef> events;

  int find_parameter(const std::string& name) const;
  int find_state(const std::string& name) const;
};

}  // namespace anim
