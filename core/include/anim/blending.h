#pragma once
// Weighted blending of local poses.
#include "anim/span.h"
#include "anim/transform.h"

namespace anim {

struct BlendLayer {
  Span<const Transform> pose;  // One per joint.
  float weight = 0.0f;         // >= 0; weights need not sum to 1.
  // Optional per-joint multipliers of `weight` (a mask, e.g. upper body only); empty: all 1.
  Span<const float> joint_weights;
};

// output[j] = weighted average of the layers' joint j: translation and scale linearly, rotation
// by a weighted sum of hemisphere-aligned quaternions, renormalized. A joint whose total weight
// is zero takes `rest`.
struct BlendingJob {
  Span<const BlendLayer> layers;
  Span<const Transform> rest;  // One per joint.
  Span<Transform> output;      // One per joint; may alias no input.

  bool validate() const;
  [[nodiscard]] bool run() const;  // Never allocates.

 private:
  void blend_unmasked(float inv_total) const;
};

// Convenience for two poses: (1 - t) * a + t * b, per joint. False (nothing written) when the
// sizes differ.
[[nodiscard]] bool blend_two(Span<const Transform> a, Span<const Transform> b, float t,
                             Span<Transform> out);

}  // namespace anim
