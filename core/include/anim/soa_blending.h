#pragma once
// Weighted blending of structure-of-arrays poses, four joints at a time.
#include "anim/soa_pose.h"
#include "anim/span.h"

namespace anim {

struct SoaBlendLayer {
  Span<const SoaTransform> pose;
  float weight = 0.0f;  // >= 0; weights need not sum to 1.
  // Optional per-joint multipliers of `weight` (one per joint, not per block); empty: all 1.
  Span<const float> joint_weights;
};

// The same blend as BlendingJob: per joint, translation and scale averaged by weight, rotation
// the normalized weighted sum of quaternions each flipped onto the running sum's hemisphere; a
// joint with no weight takes `rest`. The output may be one of the inputs: each block is read
// whole before it is written.
struct SoaBlendingJob {
  Span<const SoaBlendLayer> layers;
  Span<const SoaTransform> rest;
  Span<SoaTransform> output;

  bool validate() const;
  [[nodiscard]] bool run() const;  // Never allocates.
};

}  // namespace anim
