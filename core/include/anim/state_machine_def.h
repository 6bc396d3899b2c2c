#pragma once
// The runtime form of a blend-state setup: indices instead of names, shared (const) by every
// character that runs it.
#include <string>
#include <vector>

#include "anim/blend_space.h"
#include "anim/blend_space_2d.h"
#include "anim/clip.h"
#include "anim/ik_def.h"
#include "anim/result.h"
#include "anim/span.h"
#include "anim/state_machine_types.h"
#include "anim/sync_markers.h"

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
  glm::vec3 default_vector{0.0f};  // kVector3's default (its value is set at once, unsmoothed).
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
  // With root motion (StateMachineDef::root_motion_joint): false keeps the motion of what it plays
  // in the pose, and it moves the character by none.
  bool root_motion = true;
  // Index into StateMachineDef::sync_groups, or -1. The looping states of a group that play at
  // once, in any machine of the def (the base and its layers), keep one place: the leader's (the
  // heaviest by its weight in its machine times the layer's weight, `sync_role` deciding first),
  // between the sync markers of the clips when both have them, else in normalized time. One-shot
  // states play on their own.
  int sync_group = -1;
  SyncRole sync_role = SyncRole::kAuto;
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
  TransitionBlend blend = TransitionBlend::kCrossfade;
  // kDeadBlend: seconds for the old pose's velocity to halve (> 0).
  float half_life = 0.1f;
  // kMarkers: the destination starts where the source is between the same sync markers (its
  // leading clip's place, sync_markers.h), and `offset` is not used; when either clip lacks
  // those markers, at `offset` after all.
  SyncMode sync = SyncMode::kNormalized;
};

// A named moment of a clip (a footstep): fires each time playback of the clip crosses it.
struct EventDef {
  std::string name;
  int clip = 0;       // Clip index.
  float time = 0.0f;  // Seconds into the clip, in [0, duration].
  std::string payload;
};

// Which joints a layer moves, by name: an entry stands for the joint and its descendants. Each
// joint follows the nearest listed joint on its way to the root: included under an `include`
// entry, left out under an `exclude` one. A joint under neither is included when `include` is
// empty (the whole body minus the excluded subtrees) and left out otherwise.
struct LayerMaskDef {
  std::vector<std::string> include;
  std::vector<std::string> exclude;
};

// A state machine above the base one (the def's own states), over the same parameters: an
// upper-body layer that overrides the arms, or an additive lean. Layers apply in order.
struct LayerDef {
  std::string name;
  LayerBlend blend = LayerBlend::kOverride;
  float weight = 1.0f;        // In [0, 1].
  int weight_parameter = -1;  // A float parameter scaling `weight` (clamped to [0, 1]), or -1.
  LayerMaskDef mask;
  // Additive layers add their pose's difference from a reference pose: this clip's first frame,
  // or (-1) each state's own motion at its start.
  int reference_clip = -1;
  std::vector<StateDef> states;
  std::vector<TransitionDef> transitions;  // Indices into this layer's states.
  int default_state = 0;
  std::vector<IkEntryDef> ik;  // Applied after the top level's (ik_def.h), at the layer's weight.
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
  // Sync markers, sorted by clip, then time (markers_of finds a clip's), and the names they use.
  std::vector<SyncMarkerDef> markers;
  std::vector<std::string> marker_names;
  // The names of the sync groups states join (StateDef::sync_group).
  std::vector<std::string> sync_groups;
  std::vector<LayerDef> layers;  // Above the base machine, in the order they apply.
  // The joint whose motion moves the character: its clips were played in place by
  // extract_root_motion (root_motion_builder.h), which gave each clip its RootMotionTrack. -1: the
  // character does not move by its clips.
  int root_motion_joint = -1;
  // Inverse kinematics applied on the finished pose, before the layers' entries (ik_def.h).
  std::vector<IkEntryDef> ik;

  int find_parameter(const std::string& name) const;
  int find_state(const std::string& name) const;
  int find_layer(const std::string& name) const;  // Index into layers, or -1.
  // The IK entries of the top level and every layer, and whether there are any.
  std::size_t ik_entry_count() const;
  bool has_ik() const { return ik_entry_count() > 0; }
};

}  // namespace anim
