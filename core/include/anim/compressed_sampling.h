#pragma once
// Sampling a compressed clip, in place, into a structure-of-arrays pose.
#include <cstdint>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "anim/compressed_clip.h"
#include "anim/soa_pose.h"
#include "anim/span.h"

namespace anim {

// One character's memory of where it is in a compressed clip: the key pair each track last used,
// and for each rotation group that pair's quantized values, so that a character playing on
// decodes a group's keys only when it moves past them. Sized once for the largest clip it will
// play (allocates); it follows whichever clip it is used with, without allocating.
class CompressedCursor {
 public:
  CompressedCursor() = default;
  explicit CompressedCursor(const CompressedClip& clip) { reserve(clip); }
  // Room for `clip` (and everything smaller).
  void reserve(const CompressedClip& clip);
  // Forgets what it remembers; the next sample starts afresh.
  void reset() { clip_ = nullptr; }
  bool fits(const CompressedClip& clip) const {
    return groups_.size() >= clip.rotation_groups.size() && hints_.size() >= clip.tracks.size();
  }
  // Per-character bytes it holds.
  std::size_t byte_size() const {
    return sizeof(clip_) + groups_.size() * sizeof(GroupKeys) + hints_.size() * sizeof(uint32_t);
  }

 private:
  friend struct CompressedSamplingJob;
  // A group's cached key pair: keys `key` and `key + 1`, as stored.
  struct GroupKeys {
    uint16_t key = 0xffff;       // 0xffff: nothing cached.
    uint16_t raw[2][3][4] = {};  // [key][component][lane]
  };
  void follow(const CompressedClip& clip);

  const CompressedClip* clip_ = nullptr;
  std::vector<GroupKeys> groups_;
  std::vector<uint32_t> hints_;
};

// Samples every joint of `clip` at `time` seconds into `output`: joints without a track take
// `rest`, constant tracks their value, animated tracks interpolate between the two keys around
// the time (translation and scale linearly, rotation by fitted_nlerp). Before the first and
// after the last key the nearest key holds. `clip` must have passed CompressedClip::validate
// (packages do at load).
struct CompressedSamplingJob {
  const CompressedClip* clip = nullptr;
  Span<const SoaTransform> rest;       // soa_block_count(clip->joint_count) blocks.
  float time = 0.0f;                   // Seconds; wrapping for loops is the caller's.
  CompressedCursor* cursor = nullptr;  // fits(*clip).
  Span<SoaTransform> output;           // soa_block_count(clip->joint_count) blocks.

  bool validate() const;
  [[nodiscard]] bool run()
      const;  // False (and nothing written) when validate() fails. Never allocates.
};

// How compressed rotation tracks interpolate: normalized lerp along the shortest arc with its
// parameter corrected toward slerp's (within 3e-6 rad of slerp for keys 24° apart, 1.7e-5 at
// 44°, 4.2e-5 at 60°), for a fraction of slerp's cost. The compressor removes keys with the same
// interpolation.
glm::quat fitted_nlerp(const glm::quat& a, const glm::quat& b, float t);

}  // namespace anim
