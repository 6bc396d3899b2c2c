#pragma once
// The Blend panel's 1D blend, a part of the Document: clips placed on an axis, played in step at
// one shared normalized time, weighted by a smoothed parameter. It holds what sampling the blend
// needs (cursors, SoA poses), sized once for the model.
#include <vector>

#include "anim/blend_space.h"
#include "anim/clip.h"
#include "anim/skeleton.h"
#include "anim/soa_pose.h"
#include "anim/span.h"
#include "anim/transform.h"

namespace anim::ui {

// The blend as the panels see and set it: its clips (indices, in axis order) at strictly
// increasing positions, the (smoothed) parameter and the shared normalized time.
struct Blend1DState {
  BlendSpace1DDef space;
  SmoothedValue parameter{0.0f, 0.0f, 1.5f, 0.0f, 1.0f};
  float phase = 0.0f;
};

class BlendPreview {
 public:
  // For `skeleton` and its `clips` (both kept by reference: the Document's model outlives it).
  BlendPreview(const Skeleton& skeleton, const std::vector<Clip>& clips);

  Blend1DState& state() { return state_; }
  const Blend1DState& state() const { return state_; }
  bool empty() const { return state_.space.clips.empty(); }
  // The axis' first clip, which sets the blend's duration and frame rate; -1 when empty.
  int first_clip() const { return empty() ? -1 : state_.space.clips.front(); }

  // Blends `clips` at `positions` (checked by the caller: two or more, strictly increasing, each
  // playable), the parameter kept within the new axis.
  void start(const std::vector<int>& clips, const std::vector<float>& positions);
  void clear();
  // Smooths the parameter over `dt` seconds (real time, even when paused) and moves the shared
  // time on by `step` seconds at the blended rate.
  void advance(float dt, float step);
  // Sets the shared time from seconds into the first clip.
  void seek(float seconds);
  // Weight of each clip right now, in the order of state().space.clips.
  std::vector<float> weights() const;
  // The blended pose now into `out` (one transform per joint); false when a clip does not fit.
  bool evaluate(Span<Transform> out);

 private:
  const std::vector<Clip>* clips_;
  Blend1DState state_;
  ClipCursor cursors_[2];  // The lower point's and the upper's.
  // The rest pose sampling starts from, the upper point's pose and the blend.
  SoaPose rest_, scratch_, pose_;
};

}  // namespace anim::ui
