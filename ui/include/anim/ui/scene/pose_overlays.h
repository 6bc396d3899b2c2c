#pragma once
// Poses the viewport draws beside the shown one, evaluated with it once per frame and only when
// asked for: the two ends of a running crossfade or state-machine transition ("ghosts") and
// frames before and after the playing clip's time ("onion skin").
#include <vector>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/sampling.h"
#include "anim/span.h"
#include "anim/state_machine.h"
#include "anim/transform.h"
#include "anim/ui/scene/posed_model.h"

namespace anim::ui {

// What to evaluate; zero means off.
struct OverlayRequest {
  bool ghosts = false;
  int onion_frames = 0;     // Frames before and as many after; at most kMaxOnionFrames.
  float onion_step = 0.0f;  // Seconds between them; <= 0 is off.
  static constexpr int kMaxOnionFrames = 16;
  bool operator==(const OverlayRequest& o) const {
    return ghosts == o.ghosts && onion_frames == o.onion_frames && onion_step == o.onion_step;
  }
};

// The two ends of a blend in progress: what it fades out of and what it fades into.
struct GhostPoses {
  bool active = false;    // False: no crossfade or transition runs (or ghosts are off).
  float progress = 0.0f;  // Weight of the target in the shown pose, [0, 1].
  PosedModel source, target;
};

// One onion-skin frame: `offset` seconds from now (negative: past) sampled at clip time `time`.
struct OnionSample {
  float time = 0.0f;
  float offset = 0.0f;
};

// The onion skin's sample times around `time` in a clip of `duration` seconds: `frames` before
// and `frames` after, `step` seconds apart, nearest first on each side (past, then future, in
// pairs: -step, +step, -2 step, ...). A looping clip wraps them into [0, duration); a one-shot
// leaves out those before 0 or after its end. Empty for frames <= 0, step <= 0 or a clip without
// duration (non-finite values included).
std::vector<OnionSample> onion_sample_times(float time, float duration, bool loop, int frames,
                                            float step);

struct OnionFrame {
  OnionSample sample;
  PosedModel pose;
};

class PoseOverlays {
 public:
  void set_request(const OverlayRequest& request);
  const OverlayRequest& request() const { return request_; }

  // Poses `source` and `target` (one per joint) as the ghosts, `progress` the target's weight.
  void set_ghosts(const Model& model, Span<const Transform> source, Span<const Transform> target,
                  float progress);
  // The ghosts of `sm`'s base machine (after its evaluate()): the state its running transition
  // leaves (the newest track playing it) and the one it goes to, alone; their layers are not
  // applied. None when no transition runs.
  void set_transition_ghosts(const Model& model, const StateMachineInstance& sm);
  void clear_ghosts() { ghosts_.active = false; }
  // Moves both ghosts by `world`, as the shown pose is moved in the world (root motion).
  void move_ghosts(const glm::mat4& world);
  const GhostPoses& ghosts() const { return ghosts_; }

  // Samples `clip` (which fits `model`'s skeleton: a playable clip) at the onion times around
  // `time`. False when a sample failed; the frames are then cleared.
  bool set_onion(const Model& model, const Clip& clip, float time, bool loop);
  void clear_onion() { onion_count_ = 0; }
  Span<const OnionFrame> onion() const { return {onion_.data(), onion_count_}; }

 private:
  OverlayRequest request_;
  GhostPoses ghosts_;
  std::vector<OnionFrame> onion_;  // Grows to the largest count asked for; the first
  std::size_t onion_count_ = 0;    // onion_count_ are this frame's.
  std::vector<Transform> scratch_;
  std::vector<Transform> transition_source_, transition_target_;  // A transition's ends.
  SamplingCursor cursor_;
};

}  // namespace anim::ui
