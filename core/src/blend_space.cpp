#include "anim/blend_space.h"

#include <algorithm>
#include <cmath>

#include "anim/soa_blending.h"

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

bool BlendSpaceSampler::validate() const {
  if (space == nullptr || cursors == nullptr || space->clips.empty()) return false;
  const int n = static_cast<int>(space->clips.size());
  if (weights.lower < 0 || weights.lower >= n || weights.upper < 0 || weights.upper >= n) {
    return false;
  }
  if (!(weights.upper_weight >= 0.0f && weights.upper_weight <= 1.0f)) return false;
  const auto fits = [&](int point, ClipCursor* cursor, Span<SoaTransform> into) {
    const int clip = space->clips[point];
    return clip >= 0 && ClipSamplingJob{clips, static_cast<std::size_t>(clip), 0.0f, cursor,
                                        rest, into}
                            .validate();
  };
  if (!fits(weights.lower, &cursors[0], output)) return false;
  return !(weights.upper_weight > 0.0f) || fits(weights.upper, &cursors[1], scratch);
}

bool BlendSpaceSampler::run() const {
  if (!validate()) return false;
  const auto sample = [&](int point, ClipCursor* cursor, Span<SoaTransform> into) {
    const std::size_t clip = static_cast<std::size_t>(space->clips[point]);
    return ClipSamplingJob{clips, clip, phase * clips.duration(clip), cursor, rest, into}.run();
  };
  if (!sample(weights.lower, &cursors[0], output)) return false;
  const float t = weights.upper_weight;
  if (!(t > 0.0f)) return true;
  if (!sample(weights.upper, &cursors[1], scratch)) return false;
  // In place: SoaBlendingJob reads each block whole before it writes it.
  const SoaBlendLayer layers[2] = {{output, 1.0f - t, {}}, {scratch, t, {}}};
  return SoaBlendingJob{Span<const SoaBlendLayer>(layers, 2), rest, output}.run();
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
