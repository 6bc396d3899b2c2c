#include "anim/blend_space.h"

#include <algorithm>
#include <cmath>

#include "anim/cycle_time.h"
#include "anim/soa_blending.h"

namespace anim {

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
  const float a = cycles_per_second(clips.duration(space.clips[weights.lower]));
  const float b = cycles_per_second(clips.duration(space.clips[weights.upper]));
  return a + (b - a) * weights.upper_weight;
}

namespace {

// Per-point phases: none, or one in [0, 1] for each of `points`.
bool point_phases_fit(Span<const float> phases, std::size_t points) {
  if (phases.empty()) return true;
  if (phases.size() != points) return false;
  return std::all_of(phases.begin(), phases.end(), [](float p) { return p >= 0.0f && p <= 1.0f; });
}

bool overlap(Span<const SoaTransform> a, Span<const SoaTransform> b) {
  return !a.empty() && !b.empty() && a.begin() < b.end() && b.begin() < a.end();
}

// What BlendSpaceSampler checks besides its clips' sampling jobs.
bool points_fit(const BlendSpaceSampler& job) {
  if (job.space == nullptr || job.cursors[0] == nullptr || job.cursors[1] == nullptr ||
      job.space->clips.empty()) {
    return false;
  }
  if (!point_phases_fit(job.phases, 2)) return false;
  const BlendSpaceWeights& w = job.weights;
  const int n = static_cast<int>(job.space->clips.size());
  if (w.lower < 0 || w.lower >= n || w.upper < 0 || w.upper >= n) return false;
  if (!(w.upper_weight >= 0.0f && w.upper_weight <= 1.0f)) return false;
  return job.space->clips[w.lower] >= 0 && job.space->clips[w.upper] >= 0;
}

// The sampling job of the lower neighbour (side 0) or the upper one (side 1).
ClipSamplingJob point_job(const BlendSpaceSampler& job, int side, Span<SoaTransform> into) {
  const int point = side == 0 ? job.weights.lower : job.weights.upper;
  const std::size_t clip = static_cast<std::size_t>(job.space->clips[point]);
  const float phase = job.phases.empty() ? job.phase : job.phases[side];
  const float time = clip < job.clips.size() ? phase * job.clips.duration(clip) : 0.0f;
  return ClipSamplingJob{job.clips, clip, time, job.cursors[side], job.rest, into};
}

}  // namespace

bool BlendSpaceSampler::validate() const {
  if (!points_fit(*this)) return false;
  if (!point_job(*this, 0, output).validate()) return false;
  return !(weights.upper_weight > 0.0f) ||
         (!overlap(scratch, output) && point_job(*this, 1, scratch).validate());
}

bool BlendSpaceSampler::run() const {
  if (!points_fit(*this)) return false;
  const float t = weights.upper_weight;
  const bool blend = t > 0.0f;
  if (blend && overlap(scratch, output)) return false;
  // The upper point first, into the scratch, so that `output` is written only once both sampling
  // jobs (each checking itself as it runs) got past their checks.
  if (blend && !point_job(*this, 1, scratch).run()) return false;
  if (!point_job(*this, 0, output).run()) return false;
  if (!blend) return true;
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
