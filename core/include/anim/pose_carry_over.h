#pragma once
// The pose carried over a switch that evaluates only what it switches to (TransitionBlend's
// kInertialize and kDeadBlend), shared by a state machine's layers and the Player: it keeps the
// last two poses shown, and at a switch captures from them the offsets (inertialization.h) or the
// old pose and its velocity (dead_blending.h), which it then lays onto the new pose each frame
// until the switch's duration is over.
//
// Each frame: next_frame(dt) when time moves on, start() at a switch, then apply(pose) on the new
// pose (it captures a pending start, adds what carries over, and keeps the result as the pose
// shown). A start during a carry-over captures from the poses shown, carried-over part included:
// nothing pops. Sized once; never allocates after.
#include <array>
#include <cstddef>

#include "anim/dead_blending.h"
#include "anim/inertialization.h"
#include "anim/soa_pose.h"
#include "anim/span.h"
#include "anim/state_machine_types.h"

namespace anim {

class PoseCarryOver {
 public:
  PoseCarryOver() = default;  // Keeps no pose; start() refuses everything.
  // Allocates the two poses shown for `joints` joints, and what each blend asked for needs.
  PoseCarryOver(std::size_t joints, bool inertialize, bool dead_blend);
  std::size_t byte_size() const;  // Including what it allocated.

  // Whether start() takes `blend` (a kind this was sized for), `duration` (seconds, > 0 and
  // finite) and, for kDeadBlend, `half_life` (seconds, > 0 and finite).
  bool can_start(TransitionBlend blend, float duration, float half_life) const;
  // Time moves on by `dt` seconds (>= 0; anything else counts as 0): the next apply() keeps a
  // new pose shown, dt after the last, and a carry-over in progress advances, ending once its
  // duration is reached (from then on apply() leaves the new pose exactly as it is).
  void next_frame(float dt);
  // A switch, captured at the next apply() from the poses shown before it (with none shown yet,
  // nothing carries over). False, changing nothing, when !can_start().
  bool start(TransitionBlend blend, float duration, float half_life);
  // Makes `pose` the only pose shown, as if held still (a switch from it carries no velocity):
  // for a switch from a pose that was not shown through apply(). False (nothing changes) for a
  // pose of the wrong size.
  bool hold(Span<const SoaTransform> pose);
  // On this frame's new pose (sized for the joints): a pending start is captured, what carries
  // over is laid on, and the result is kept as the pose shown (a new one after next_frame(),
  // else replacing the last: an evaluate repeated between updates).
  void apply(Span<SoaTransform> pose);
  // Ends the carry-over at once; the poses shown are kept.
  void stop() { capture_ = false, time_ = -1.0f; }
  // The pose shown jumps (a cut, a seek): the poses shown before give no velocity, so the next
  // apply() keeps its pose as the only one, and a switch right after it carries no velocity.
  // A carry-over in progress goes on.
  void cut() { frames_ = 0, recorded_ = false; }
  // stop() and cut(): until a pose is shown again, a switch carries nothing over.
  void forget() { stop(), cut(); }

  // Asks the memory system for what the next apply() after next_frame() reads and writes: the
  // decaying offsets (when carrying) and the pose it keeps.
  void prefetch() const;
  // Whether a carry-over is in progress (or pending capture).
  bool carrying() const { return time_ >= 0.0f; }
  TransitionBlend blend() const { return blend_; }  // Of the last start.
  float duration() const { return duration_; }      // Of the last start.
  float half_life() const { return half_life_; }    // Of the last start.
  float time() const { return time_; }              // Since the last start; < 0 when done.
  // How much of what apply() gives is the new pose, in [0, 1]; 1 when not carrying. For
  // kDeadBlend, the weight of the crossfade from the extrapolated old pose (a smoothstep of the
  // progress: flat at the switch, so the old velocity carries over); for kInertialize, how much
  // of an offset that started still has decayed along the quintic.
  float target_weight() const;

 private:
  InertialOffsets offsets_;
  DeadBlendSource dead_;
  TransitionBlend blend_ = TransitionBlend::kInertialize;
  float half_life_ = 0.0f;
  std::array<SoaPose, 2> history_;  // history_[latest_] is the last pose shown.
  std::size_t latest_ = 0;
  int frames_ = 0;           // How many of history_ hold a pose (at most 2).
  float history_dt_ = 0.0f;  // Seconds between the two.
  float next_dt_ = 0.0f;     // Of the frame the next new pose belongs to.
  bool recorded_ = false;    // The pose of this frame is in history_.
  bool capture_ = false;     // A start to capture at the next apply().
  float duration_ = 0.0f;
  float time_ = -1.0f;
};

}  // namespace anim
