#include "anim/ui/model/blend_preview.h"

#include <algorithm>
#include <cmath>

#include "anim/sampling.h"

namespace anim::ui {

BlendPreview::BlendPreview(const Skeleton& skeleton, const std::vector<Clip>& clips)
    : clips_(&clips), rest_(make_soa_pose(skeleton.joint_count())), scratch_(rest_), pose_(rest_) {
  to_soa(skeleton.rest, rest_);
  // Sized for every clip: the blend's points change as the panel chooses.
  for (ClipCursor& c : cursors_) c.reserve(clips, skeleton.joint_count());
}

void BlendPreview::start(const std::vector<int>& clips, const std::vector<float>& positions) {
  state_.space.clips = clips;
  state_.space.positions = positions;
  SmoothedValue& p = state_.parameter;
  p.min = positions.front();
  p.max = positions.back();
  p.value = std::clamp(p.value, positions.front(), positions.back());
  p.target = std::clamp(p.target, positions.front(), positions.back());
}

void BlendPreview::clear() {
  state_.space.clips.clear();
  state_.space.positions.clear();
}

void BlendPreview::advance(float dt, float step) {
  state_.parameter.update(dt);
  const BlendSpaceWeights w = blend_space_weights(state_.space, state_.parameter.value);
  state_.phase += step * blend_space_phase_rate(state_.space, *clips_, w);
  state_.phase -= std::floor(state_.phase);
}

void BlendPreview::seek(float seconds) {
  const float d = empty() ? 0.0f : (*clips_)[static_cast<std::size_t>(first_clip())].duration;
  state_.phase = d > 0.0f ? wrap_time(seconds, d, true) / d : 0.0f;
}

std::vector<float> BlendPreview::weights() const {
  std::vector<float> weights(state_.space.clips.size(), 0.0f);
  if (empty()) return weights;
  const BlendSpaceWeights w = blend_space_weights(state_.space, state_.parameter.value);
  weights[static_cast<std::size_t>(w.lower)] += 1.0f - w.upper_weight;
  weights[static_cast<std::size_t>(w.upper)] += w.upper_weight;
  return weights;
}

bool BlendPreview::evaluate(Span<Transform> out) {
  BlendSpaceSampler sampler;
  sampler.space = &state_.space;
  sampler.clips = *clips_;
  sampler.rest = rest_;
  sampler.weights = blend_space_weights(state_.space, state_.parameter.value);
  sampler.phase = state_.phase;
  sampler.cursors = {&cursors_[0], &cursors_[1]};
  sampler.scratch = scratch_;
  sampler.output = pose_;
  if (!sampler.run()) return false;
  from_soa(pose_, out);
  return true;
}

}  // namespace anim::ui
