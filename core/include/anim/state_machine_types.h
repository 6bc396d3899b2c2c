#pragma once
// The kinds a state machine is made of, shared by the runtime (state_machine_def.h) and the
// setup files that describe it (anim_setup's setup.h).

namespace anim {

// kVector3: a model-space point or direction a game sets each frame (an IK target); no
// transition condition tests one.
enum class ParameterType { kFloat, kInt, kBool, kTrigger, kVector3 };
enum class ConditionOp { kGreater, kLess, kEqual, kNotEqual, kTrue, kFalse, kTriggerSet };
enum class Interruption { kNone, kSource, kDestination };
// How a transition moves the pose over: both states blended for its duration (kCrossfade); or
// the machine switching at once, only the destination evaluated, and the pose carrying over from
// where it was: its offset decaying over the duration (kInertialize, inertialization.h), or the
// old pose extrapolated along its dying velocity and crossfaded into the new one (kDeadBlend,
// dead_blending.h).
enum class TransitionBlend { kCrossfade, kInertialize, kDeadBlend };
// Whether a blend switches the machine at once and carries the pose over on its own.
inline bool switches_at_once(TransitionBlend blend) { return blend != TransitionBlend::kCrossfade; }
// How the clips a state or transition plays keep in step. kNormalized: a blend space's clips
// share one normalized time, and a transition's destination starts at its `offset`. kMarkers:
// aligned on their sync markers (sync_markers.h), so a run picks up on the foot the walk was on;
// clips without the markers fall back to normalized time.
enum class SyncMode { kNormalized, kMarkers };
// Which member of a sync group (StateDef::sync_group) sets the group's place, as Unreal's sync
// group roles: kAuto leads while it weighs the most, kLeader leads whenever it plays (over any
// kAuto member), kFollower never leads.
enum class SyncRole { kAuto, kLeader, kFollower };
// How a layer above the base machine combines with what lies below it.
enum class LayerBlend { kOverride, kAdditive };

}  // namespace anim
