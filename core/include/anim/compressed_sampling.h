#pragma once
// Sampling a compressed clip, in place, into a structure-of-arrays pose.
#include <glm/gtc/quaternion.hpp>

#include "anim/compressed_clip.h"
#include "anim/sampling.h"
#include "anim/soa_pose.h"
#include "anim/span.h"

namespace anim {

// Samples every joint of `clip` at `time` seconds into `output`: joints without a track take
// `rest`, constant tracks their value, animated tracks interpolate between the two keys around
// the time (translation and scale linearly, rotation by fitted_nlerp). Before the first and after
// the last key the nearest key holds. `clip` must have passed CompressedClip::validate (packages do
// at load).
struct CompressedSamplingJob {
  const CompressedClip* clip = nullptr;
  Span<const SoaTransform> rest;     // soa_block_count(clip->joint_count) blocks.
  float time = 0.0f;                 // Seconds; wrapping for loops is the caller's.
  SamplingCursor* cursor = nullptr;  // track_count() >= clip->tracks.size().
  Span<SoaTransform> output;         // soa_block_count(clip->joint_count) blocks.

  bool validate() const;
  bool run() const;  // False (and nothing written) when validate() fails. Never allocates.
};

// How compressed rotation tracks interpolate: normalized lerp along the shortest arc with its
// parameter corrected toward slerp's (within 2e-6 rad of slerp for keys 24° apart, 8e-6 at 44°),
// for a fraction of slerp's cost. The compressor removes keys with the same interpolation.
glm::quat fitted_nlerp(const glm::quat& a, const glm::quat& b, float t);

}  // namespace anim
