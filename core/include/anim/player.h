#pragma once
// Plays clips on one character: play, loop, crossfade, update(dt). The clips (float clips or a
// package's compressed ones) are shared and read-only; the Player owns only its small
// per-character state and pose buffers. It samples and blends in structure-of-arrays form, as
// the state machine does.
#include <vector>

#include "anim/clip.h"
#include "anim/clip_set.h"
#include "anim/root_motion.h"
#include "anim/skeleton.h"
#include "anim/soa_pose.h"
#include "anim/span.h"
#include "anim/transform.h"

namespace anim {

enum class FadeCurve { kLinear, kSmoothstep };

// Weight of the incoming clip at fade progress `x` in [0, 1].
float fade_weight(FadeCurve curve, float x);

struct CrossfadeOptions {
  float seconds = 0.25f;
  FadeCurve curve = FadeCurve::kLinear;
  bool freeze_source = false;  // Outgoing clip stops at its current pose instead of playing on.
  bool loop = true;            // Whether the incoming clip loops.
};

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
  // Fades from the current pose to clip `index`. Started during a fade, the new fade starts from
  // the pose shown right now, so nothing pops. Zero seconds behaves like play().
  bool crossfade(int index, const CrossfadeOptions& options);
  bool crossfade(const std::string& name, const CrossfadeOptions& options);
  // Fades from `pose` (one Transform per joint), held still, to clip `index`: from a pose the
  // Player did not make (the tool's state machine or blend space). options.freeze_source is
  // implied. False (nothing changes) for a clip that is not playable() or a pose of the wrong
  // size; zero seconds behaves like play().
  bool crossfade_from(Span<const Transform> pose, int index, const CrossfadeOptions& options);

  // Advances by dt seconds (scaled by speed) and evaluates the pose. Never allocates.
  // Returns how the character moved when the clips carry root motion (ClipSet::with_root_motion):
  // the playing clip's track over the time it advanced (a loop's wraps counted in full), blended
  // during a crossfade with the outgoing clip's by the fade's weights (a frozen pose moves
  // nothing); no move otherwise. See StateMachineInstance::update for the RootMotion it is.
  RootMotion update(float dt);
  // Jumps the current clip to `time` seconds (wrapped or clamped) and evaluates the pose.
  void seek(float time);

  void set_speed(float speed) { speed_ = speed; }
  float speed() const { return speed_; }
  int clip() const { return current_.clip; }
  int fading_from() const { return fading_ ? source_.clip : -1; }  // -1 also for a frozen pose.
  float time() const { return current_.time; }
  bool looping() const { return current_.loop; }
  bool fading() const { return fading_; }
  float fade_progress() const { return fading_ ? fade_elapsed_ / fade_.seconds : 1.0f; }
  // Weight of the current clip in the shown pose, in [0, 1].
  float current_weight() const;
  // True when a one-shot clip has reached its end.
  bool finished() const;
  // The pose as of the last update or seek: in SoA form (soa_block_count(joints) blocks, what
  // SoaLocalToModelJob takes), and as one Transform per joint (converted from it).
  Span<const SoaTransform> soa_pose() const { return pose_soa_; }
  Span<const Transform> pose() const { return pose_; }
  // While fading, the two poses pose() blends, as of the last update or seek: the outgoing one
  // (its clip's, or the pose frozen when the fade started) and the incoming clip's, one
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
  // Moves the track's time by dt; returns the track's root motion over that time.
  RootMotion advance(Track& track, float dt) const;
  void sample(Track& track, Span<SoaTransform> out) const;
  void evaluate();

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
};

}  // namespace anim
