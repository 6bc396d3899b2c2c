#pragma once
// Plays clips on one character: play, loop, crossfade, update(dt). The clips (float clips or a
// package's compressed ones) are shared and read-only; the Player owns only its small
// per-character state and pose buffers. It samples and blends in structure-of-arrays form, as
// the state machine does, and fades in the state machine's three ways (TransitionBlend), with
// the same machinery for the two that switch at once (pose_carry_over.h).
#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/clip_set.h"
#include "anim/pose_carry_over.h"
#include "anim/root_motion.h"
#include "anim/skeleton.h"
#include "anim/soa_pose.h"
#include "anim/span.h"
#include "anim/state_machine_types.h"
#include "anim/sync_markers.h"
#include "anim/transform.h"

namespace anim {

enum class FadeCurve { kLinear, kSmoothstep };

// Weight of the incoming clip at fade progress `x` in [0, 1].
float fade_weight(FadeCurve curve, float x);

struct CrossfadeOptions {
  float seconds = 0.25f;                 // Finite; zero or less switches at once, as play() does.
  FadeCurve curve = FadeCurve::kLinear;  // kCrossfade's weights.
  bool freeze_source = false;  // kCrossfade: the outgoing clip stops instead of playing on.
  bool loop = true;            // Whether the incoming clip loops.
  // How the pose moves over. kCrossfade: both clips sampled and blended for `seconds`.
  // kInertialize and kDeadBlend switch at once (only the incoming clip is sampled) and carry the
  // pose shown over, with its velocity from the last two poses shown: its offset from the
  // incoming clip decaying along Bollo's quintic (inertialization.h), or the old pose
  // extrapolated with its velocity dying by `half_life` and crossfaded into the incoming clip by
  // a smoothstep of the progress (dead_blending.h), as the state machine's transitions do.
  TransitionBlend blend = TransitionBlend::kCrossfade;
  float half_life = 0.1f;  // Seconds, > 0 and finite (kDeadBlend's; checked whatever the blend).
  // Phase sync: the incoming clip starts where the outgoing one is in its cycle instead of at 0,
  // as a state joining a sync group does (SyncMode::kNormalized): at the same normalized time
  // (time / duration), so a 3.6 s walk halfway through fades into a 0.967 s run halfway through.
  // With `sync_markers` that both clips have (sync_markers.h; all clips', sorted by clip, then
  // time), at the same place between the same markers (SyncMode::kMarkers), else normalized.
  bool sync_phase = false;
  Span<const SyncMarkerDef> sync_markers{};  // Must outlive the crossfade() call only.
};

// Whether the Player takes `options`: seconds finite, half_life > 0 and finite, curve and blend
// among their enumerators.
bool valid(const CrossfadeOptions& options);

class Player {
 public:
  // Both must outlive the Player. Allocates the pose buffers and cursors once.
  Player(const Skeleton& skeleton, ClipSet clips);
  Player(Skeleton&&, ClipSet) = delete;  // A temporary skeleton would be gone at once.

  // Whether clip `index` exists and has a track per joint of the skeleton: the only clips
  // play() and crossfade() take, so sampling them cannot fail.
  bool playable(int index) const;
  // Starts clip `index` from time 0 at once. False (nothing changes) for a clip that is not
  // playable().
  bool play(int index, bool loop = true);
  bool play(const std::string& name, bool loop = true);
  // Fades from the current pose to clip `index` the options' way. Started during a fade of any
  // blend, the new fade starts from the pose shown right now, so nothing pops (a kCrossfade from
  // it held still; an inertialized or dead-blended one with its velocity too). Zero seconds
  // behaves like play(). False (nothing changes) for a clip that is not playable() or options
  // that are not valid().
  bool crossfade(int index, const CrossfadeOptions& options);
  bool crossfade(const std::string& name, const CrossfadeOptions& options);
  // Fades from `pose` (one Transform per joint), held still, to clip `index`: from a pose the
  // Player did not make (the tool's state machine or blend space). options.freeze_source is
  // implied, and for kInertialize and kDeadBlend the pose has no velocity. False (nothing
  // changes) for a clip that is not playable(), a pose of the wrong size or options that are not
  // valid(); zero seconds behaves like play().
  bool crossfade_from(Span<const Transform> pose, int index, const CrossfadeOptions& options);

  // Advances by dt seconds (scaled by speed) and evaluates the pose. Never allocates.
  // Returns how the character moved when the clips carry root motion (ClipSet::with_root_motion):
  // the playing clip's track over the time it advanced (a loop's wraps counted in full), blended
  // during a crossfade with the outgoing clip's by the fade's weights (a frozen pose moves
  // nothing; an inertialized or dead-blended fade moves by the incoming clip's alone, the only one
  // playing); no move otherwise. See StateMachineInstance::update for the RootMotion it is.
  RootMotion update(float dt);
  // Jumps the current clip to `time` seconds (wrapped or clamped) and evaluates the pose. A fade
  // started right after a seek or a play() carries no velocity over from before it.
  void seek(float time);

  void set_speed(float speed) { speed_ = speed; }
  float speed() const { return speed_; }
  int clip() const { return current_.clip; }
  // The outgoing clip while a kCrossfade plays it on; -1 for a frozen pose, when not fading, and
  // during an inertialized or dead-blended fade (no outgoing clip is sampled).
  int fading_from() const { return fading_ ? source_.clip : -1; }
  float time() const { return current_.time; }
  bool looping() const { return current_.loop; }
  // Whether a fade of any blend is in progress: until its seconds have passed, after which the
  // pose is the current clip's own exactly.
  bool fading() const { return fading_; }
  TransitionBlend fade_blend() const { return fade_.blend; }  // Of the last fade.
  // How far the fade has gone, elapsed / seconds in [0, 1); 1 when not fading.
  float fade_progress() const { return fading_ ? fade_elapsed_ / fade_.seconds : 1.0f; }
  // Weight of the current clip in the shown pose, in [0, 1]; 1 when not fading. kCrossfade: the
  // curve's weight; kDeadBlend: the smoothstep crossfading from the extrapolated old pose;
  // kInertialize: how much of an offset from a pose held still has decayed (a moving joint's
  // decays along its own curve).
  float current_weight() const;
  // Per-character bytes it holds (its state, pose buffers, cursors and the carry-over's).
  std::size_t byte_size() const;
  // True when a one-shot clip has reached its end.
  bool finished() const;
  // The pose as of the last update or seek: in SoA form (soa_block_count(joints) blocks, what
  // SoaLocalToModelJob takes), and as one Transform per joint (converted from it).
  Span<const SoaTransform> soa_pose() const { return pose_soa_; }
  Span<const Transform> pose() const { return pose_; }
  // While fading, the two poses pose() goes between, as of the last update or seek: the outgoing
  // one (its clip's, or the pose frozen when the fade started; for kInertialize and kDeadBlend,
  // the pose shown at the switch, which the carry-over starts from) and the incoming clip's, one
  // Transform per joint. For the tool's ghosts; unspecified when not fading.
  Span<const Transform> fade_source_pose() const { return source_pose_; }
  Span<const Transform> fade_target_pose() const { return current_pose_; }

 private:
  struct Track {
    int clip = -1;
    float time = 0.0f;
    bool loop = true;
    ClipCursor cursor;
  };
  int find(const std::string& name) const;
  // Moves the track's time by dt; returns its part of the root motion over that time (weight 0,
  // for the caller to set; a track that moves nothing for a frozen pose or clips without root
  // motion).
  RootMotionPart advance(Track& track, float dt) const;
  void sample(Track& track, Span<SoaTransform> out) const;
  void evaluate();
  // Sets the incoming track and the fade to it, the source already in place, and evaluates; the
  // incoming clip starts at `start` seconds.
  void begin_fade(int index, const CrossfadeOptions& options, float start = 0.0f);
  // Where clip `index` starts when faded into now with `options`: 0, or with sync_phase the
  // current clip's place in its cycle carried over (sync_markers.h, as the state machine's
  // clip_phase does).
  float synced_start(int index, const CrossfadeOptions& options) const;
  bool carried() const { return fading_ && switches_at_once(fade_.blend); }

  const Skeleton* skeleton_;
  ClipSet clips_;
  Track current_;
  Track source_;  // The outgoing clip while fading; clip -1 means the frozen pose.
  bool fading_ = false;
  CrossfadeOptions fade_;
  float fade_elapsed_ = 0.0f;
  float speed_ = 1.0f;
  SoaPose rest_soa_;
  SoaPose current_soa_;
  SoaPose source_soa_;  // Also holds the frozen pose.
  SoaPose pose_soa_;
  std::vector<Transform> current_pose_;  // While fading: current_soa_ converted.
  std::vector<Transform> source_pose_;   // While fading: source_soa_ converted.
  std::vector<Transform> pose_;          // pose_soa_ converted.
  // The poses shown, and the pose carried over an inertialized or dead-blended fade.
  PoseCarryOver carry_;
};

}  // namespace anim
