#pragma once
// Combining a layer's pose with the pose below it: masks resolved against a skeleton, override
// blending and additive deltas. Per joint, component by component, as BlendingJob does.
#include <vector>

#include "anim/skeleton.h"
#include "anim/span.h"
#include "anim/state_machine_def.h"
#include "anim/transform.h"

namespace anim {

// The mask as one weight per joint, 1 where the layer applies and 0 elsewhere (the rule is
// LayerMaskDef's). Names the skeleton lacks are ignored; validate_setup reports them.
std::vector<float> resolve_layer_mask(const LayerMaskDef& mask, const Skeleton& skeleton);

// out[j] moves toward layer[j] by t = weight * mask[j] (mask empty: 1): translation and scale
// linearly, rotation by normalized lerp on the shortest arc. t = 1 gives the layer's joint.
// False (nothing written) when the sizes differ.
[[nodiscard]] bool blend_override_layer(Span<Transform> out, Span<const Transform> layer,
                                        Span<const float> mask, float weight);

// The additive difference of `pose` from `reference`: translation pose - reference, rotation
// reference^-1 * pose, scale pose / reference (a zero reference scale gives 1). Adding it to
// the reference (apply_additive_layer at weight 1) gives `pose` back. False when the sizes
// differ.
[[nodiscard]] bool make_additive_delta(Span<const Transform> pose,
                                       Span<const Transform> reference, Span<Transform> delta);

// Adds `delta` to `out` at t = weight * mask[j]: translation + t * d, rotation out * d^t (d^t
// by normalized lerp from identity), scale * (1 + t * (d - 1)). False when the sizes differ.
[[nodiscard]] bool apply_additive_layer(Span<Transform> out, Span<const Transform> delta,
                                        Span<const float> mask, float weight);

}  // namespace anim
