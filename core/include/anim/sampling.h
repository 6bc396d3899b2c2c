#pragma once
// Sampling a clip into a local pose.
#include <cstdint>
#include <vector>

#include "anim/clip.h"
#include "anim/soa_pose.h"
#include "anim/span.h"
#include "anim/transform.h"

namespace anim {

// Per-character memory of the last key used on each track, so that sampling forward in time
// finds the next key in constant time. Any cursor gives the right answer; a matching one is
// just faster. Sized once (allocates), then reused every frame.
class SamplingCursor {
 public:
  SamplingCursor() = default;
  explicit SamplingCursor(std::size_t joint_count) { resize(joint_count); }
  void resize(std::size_t joint_count) { hints_.assign(joint_count * 3, 0u); }
  void reset() { hints_.assign(hints_.size(), 0u); }
  // Asks the memory system for its hints ahead of a sample (a crowd's cursors are cold).
  void prefetch() const;
  std::size_t joint_count() const { return hints_.size() / 3; }
  uint32_t* translation() { return hints_.data(); }
  uint32_t* rotation() { return hints_.data() + joint_count(); }
  uint32_t* scale() { return hints_.data() + 2 * joint_count(); }

 private:
  std::vector<uint32_t> hints_;
};

// Samples every joint of `clip` at `time` seconds into `output`. Between keys translation and
// scale are interpolated linearly and rotation by shortest-path slerp; before the first and
// after the last key the nearest key holds; a joint without keys of a kind keeps `rest`.
// The time is used as given: wrapping for loops is the caller's choice (see Player).
struct SamplingJob {
  const Clip* clip = nullptr;
  Span<const Transform> rest;  // One per joint: the skeleton's rest pose.
  float time = 0.0f;           // Seconds.
  SamplingCursor* cursor = nullptr;
  Span<Transform> output;  // One per joint.

  bool validate() const;
  [[nodiscard]] bool run()
      const;  // False (and nothing written) when validate() fails. Never allocates.
};

// The same sampling as SamplingJob into a structure-of-arrays pose (soa_pose.h), the form the
// runtime blends and converts to model space: joint j lands in lane j % 4 of block j / 4, and the
// lanes past the last joint copy `rest`'s.
struct SoaSamplingJob {
  const Clip* clip = nullptr;
  Span<const SoaTransform> rest;     // soa_block_count(joints) blocks: the skeleton's rest pose.
  float time = 0.0f;                 // Seconds.
  SamplingCursor* cursor = nullptr;  // Sized for the clip's joints.
  Span<SoaTransform> output;         // soa_block_count(joints) blocks; may alias no input.

  bool validate() const;
  [[nodiscard]] bool run()
      const;  // False (and nothing written) when validate() fails. Never allocates.
};

// Shortest-path spherical interpolation from a to b, normalized. Exposed for tests and tools.
glm::quat slerp_shortest(const glm::quat& a, const glm::quat& b, float t);

// Wraps `time` into [0, duration) for a loop, or clamps it to [0, duration] for a one-shot.
float wrap_time(float time, float duration, bool loop);

}  // namespace anim
