#pragma once
// A 1D blend space: clips placed on a parameter axis (walk at 0, run at 1), played in step.
#include <array>
#include <vector>

#include "anim/clip.h"
#include "anim/clip_set.h"
#include "anim/span.h"
#include "anim/state_machine_types.h"
#include "anim/transform.h"

namespace anim {

struct BlendSpace1DDef {
  std::string name;
  int parameter = -1;            // Index into the state machine's parameters.
  std::vector<int> clips;        // Clip index of each point.
  std::vector<float> positions;  // Strictly increasing, one per point.
  // kMarkers: the heaviest point plays at the state's normalized time and the others at the same
  // place between their sync markers (sync_markers.h).
  SyncMode sync = SyncMode::kNormalized;
};

// The two neighbouring points around a parameter value and the weight of the second.
struct BlendSpaceWeights {
  int lower = 0;
  int upper = 0;
  float upper_weight = 0.0f;  // In [0, 1]; 0 when lower == upper.
};

// Neighbours of `value` (clamped to the axis' ends).
BlendSpaceWeights blend_space_weights(const BlendSpace1DDef& space, float value);

// Normalized time advanced per second: the points' rates 1 / duration interpolated by weight,
// so clips of different length stay phase-synchronised (feet land together) while the
// playback speed follows the blend. A zero-length clip counts as one second long.
float blend_space_phase_rate(const BlendSpace1DDef& space, const ClipSet& clips,
                             const BlendSpaceWeights& weights);

// Samples the two neighbours at normalized time `phase` and blends them into `output`, in
// structure-of-arrays form: the upper neighbour (when it weighs) into `scratch`, the lower one
// straight into `output`, then the blend in place. Never allocates.
struct BlendSpaceSampler {
  const BlendSpace1DDef* space = nullptr;
  ClipSet clips;
  Span<const SoaTransform> rest;  // The skeleton's rest pose, soa_block_count(joints) blocks.
  BlendSpaceWeights weights;
  float phase = 0.0f;  // Normalized time in [0, 1].
  // Empty, or each point's own normalized time (lower, upper) in place of `phase`, in [0, 1]:
  // clips aligned on their sync markers rather than on normalized time.
  Span<const float> phases;
  // The lower neighbour's cursor and the upper's (one cursor for both when they play one clip).
  std::array<ClipCursor*, 2> cursors{};
  Span<SoaTransform> scratch;  // As many blocks as `output`; unused without an upper weight.
  Span<SoaTransform> output;

  // False when a field is missing, the weights name no point of the space or a clip of `clips`,
  // the upper weight is not in [0, 1], or a pose or cursor does not fit.
  bool validate() const;
  // False when validate() fails; `output` is then untouched (`scratch` may not be).
  [[nodiscard]] bool run() const;
};

// Seed 002's walk/run parameter: moves toward `target` at `rate` units per second (instantly
// when rate is 0), clamped to [min, max].
struct SmoothedValue {
  float value = 0.0f;
  float target = 0.0f;
  float rate = 0.0f;
  float min = -1e30f, max = 1e30f;

  void update(float dt);
};

}  // namespace anim
