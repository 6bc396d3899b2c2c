#pragma once
// Combining a layer's pose with the pose below it, in structure-of-arrays form: masks resolved
// against a skeleton, override blending and additive deltas.
#include <vector>

#include "anim/skeleton.h"
#include "anim/soa_pose.h"
#include "anim/span.h"
#include "anim/state_machine_def.h"
#include "anim/state_machine_types.h"

namespace anim {

// The mask as one weight per joint, 1 where the layer applies and 0 elsewhere (the rule is
// LayerMaskDef's). Names the skeleton lacks are ignored; validate_setup reports them.
// Allocates: resolve it once, when a character is made.
std::vector<float> resolve_layer_mask(const LayerMaskDef& mask, const Skeleton& skeleton);

// Applies a layer to `output` (the pose below it) in place, joint j at t = weight * mask[j]
// (mask empty: t = weight); joints at t = 0 are left exactly as they are.
//  - kOverride: `layer` is the layer's pose; output moves toward it by t, translation and scale
//    linearly, rotation by normalized lerp on the shortest arc (t >= 1: the layer's joint).
//  - kAdditive: `layer` is a delta (AdditiveDeltaJob); translation + t * d, rotation out * d^t
//    (d^t by normalized lerp from the identity; d itself at t = 1), scale * (1 + t * (d - 1)).
struct LayerBlendingJob {
  LayerBlend mode = LayerBlend::kOverride;
  Span<const SoaTransform> layer;  // As many blocks as `output`.
  Span<const float> mask;          // One per joint (soa_block_count of it: output's), or empty.
  float weight = 1.0f;             // >= 0 and finite.
  Span<SoaTransform> output;       // In and out; may alias no input.

  bool validate() const;
  [[nodiscard]] bool run() const;  // False (nothing written) when validate() fails.
};

// The additive difference of `pose` from `reference`: translation pose - reference, rotation
// reference^-1 * pose, scale pose / reference (a zero reference scale gives 1). Applying it to
// the reference (LayerBlendingJob, kAdditive, weight 1) gives `pose` back. The output may be
// `pose` itself.
struct AdditiveDeltaJob {
  Span<const SoaTransform> pose;
  Span<const SoaTransform> reference;  // As many blocks as `pose`.
  Span<SoaTransform> output;           // As many blocks as `pose`.

  bool validate() const;
  [[nodiscard]] bool run() const;  // False (nothing written) when validate() fails.
};

}  // namespace anim
