#include "anim/blend_space.h"

#include <algorithm>
#include <cmath>

#include "anim/blending.h"

namespace anim {
namespace {

float rate_of(float duration) { return duration > 0.0f ? 1.0f / duration : 1.0f; }

}  // namespace

BlendSpaceWeights blend_space_weights(const BlendSpace1DDef& space, float value) {
  BlendSpaceWeights w;
  const int n = static_cast<int>(space.positions.size());
  if (n <= 1 || !(value > space.positions.front())) return w;  // Also a NaN value.
  if (value >= space.positions.back()) {
    w.lower = w.upper = n - 1;
    return w;
  }
  int upper = 1;
  while (upper < n - 1 && space.positions[upper] <= value) ++upper;
  w.lower = upper - 1;
  w.upper = upper;
  const float span = space.positions[upper] - space.positions[upper - 1];
  w.upper_weight = span > 0.0f ? (value - space.positions[upper - 1]) / span : 0.0f;
  return w;
}

float blend_space_phase_rate(const BlendSpace1DDef& space, const ClipSet& clips,
                             const BlendSpaceWeights& weights) {
  if (space.clips.empty()) return 0.0f;
  const float a = rate_of(clips.duration(space.clips[weights.lower]));
  const float b = rate_of(clips.duration(space.clips[weights.upper]));
  return a + (b - a) * weights.upper_weight;
}

bool BlendSpaceSampler::run() const {
  if (space == nullptr || space->clips.empty() || cursors == nullptr) return false;
  const int a = space->clips[weights.lower];
  const int b = space->clips[weights.upper];
  const ClipSampler sampler{clips, rest, soa_rest, soa};
  const bool blend_b = weights.upper_weight > 0.0f;
  if (!sampler.sample(a, phase * clips.duration(a), cursors[0], blend_b ? scratch_a : output)) {
    return false;
  }
  if (!blend_b) return true;
  if (!sampler.sample(b, phase * clips.duration(b), cursors[1], scratch_b)) return false;
  // A BlendingJob rather than blend_two(), which cannot report an output it rejected.
  const float t = std::min(weights.upper_weight, 1.0f);
  const BlendLayer layers[2] = {{scratch_a, 1.0f - t, {}}, {scratch_b, t, {}}};
  BlendingJob blend;
  blend.layers = Span<const BlendLayer>(layers, 2);
  blend.rest = rest;
  blend.output = output;
  return blend.run();
}

void SmoothedValue::update(float dt) {
  if (rate > 0.0f && std::isfinite(dt)) {
    const float step = rate * std::fabs(dt);
    value = target > value ? std::min(target, value + step) : std::max(target, value - step);
  } else {
    value = target;
  }
  value = std::clamp(value, min, max);
}

}  // namespace anim
