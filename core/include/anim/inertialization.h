#pragma once
// Inertialization (Bollo, "Inertialization: High-Performance Animation Transitions in Gears of
// War", GDC 2018): a transition that evaluates only the state it goes to. At the switch, each
// joint's offset from the pose the character had to the new state's pose is captured with its
// velocity; over the transition that offset decays to nothing along a quintic that starts with
// the offset's value and speed and ends at rest, and is added to the new state's pose. A
// crossfade evaluates both states for the whole blend; this evaluates one.
#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/soa_pose.h"
#include "anim/span.h"

namespace anim {

// One scalar offset's decay: x(0) = x0, x'(0) = v0 (make's arguments), and x, x' and x'' all
// zero at `t1` and after. Made so the curve never crosses zero (no overshoot past the target): a
// velocity towards zero that would cross it shortens the decay to -5 x0 / v0, and the starting
// acceleration is the smallest non-negative one that keeps it on its side. Evaluated in
// u = t / t1 as (1 - u)^3 (x0 + p1 u + p2 u^2): the factor that makes the value, slope and
// curvature vanish at the end is kept whole, so the end is exact and nothing cancels.
struct InertialDecay {
  float x0 = 0.0f;
  float t1 = 0.0f;             // When it reaches rest; 0: already there.
  float p1 = 0.0f, p2 = 0.0f;  // The u and u^2 coefficients of the second factor.

  // x0 >= 0 (a magnitude; the caller keeps the direction), any v0, duration > 0. A non-finite
  // input gives the decay of nothing.
  static InertialDecay make(float x0, float v0, float duration);
  float at(float t) const;  // x(t); 0 from t1 on, x0 before 0.
};

// Per character, sized once for its skeleton: each joint's offsets, captured at a switch by
// InertializationStartJob and read by InertializationJob. Translation and scale offsets decay
// along their direction; the rotation offset about its axis, by angle. Kept four joints to a
// block, as SoA poses are, so the per-frame job decays four joints at once.
class InertialOffsets {
 public:
  InertialOffsets() = default;
  explicit InertialOffsets(std::size_t joints)  // Allocates.
      : joints_(joints), blocks_(soa_block_count(joints)) {}
  std::size_t joint_count() const { return joints_; }
  std::size_t byte_size() const { return sizeof(*this) + blocks_.capacity() * sizeof(Block); }
  float duration() const { return duration_; }  // Of the last start; 0 before one.

  // Which channels move first, on the line the job reads first (with the rotation's rows:
  // every joint turns, few move or scale).
  enum Channel { kRotation, kTranslation, kScale, kChannels };
  // One joint's offset in one channel as the last start captured it (for tests and tools): its
  // unit direction (the rotation's axis) and its decay's x0 (a length, or an angle in radians),
  // p1, p2 and 1 / t1; all zero for no offset. `joint` < joint_count().
  struct ChannelOffset {
    glm::vec3 direction{0.0f};
    float x0 = 0.0f, p1 = 0.0f, p2 = 0.0f, inverse_t1 = 0.0f;
  };
  ChannelOffset offset(std::size_t joint, Channel channel) const;
  // Asks the memory system for what InertializationJob reads first of each block (which
  // channels move, and the rotations' rows), ahead of the decay.
  void prefetch() const;

 private:
  friend struct InertializationStartJob;
  friend struct InertializationJob;
  // Rows of a channel: its direction (unit length, the rotation's axis; zero for no offset) and
  // its decay (x0, p1, p2 of InertialDecay, and 1 / t1; all zero for none).
  enum Row { kDirX, kDirY, kDirZ, kX0, kP1, kP2, kInverseT1, kRows };
  struct alignas(16) Block {
    uint32_t moving = 0;  // Bit c: channel c has an offset in some lane (else it is skipped).
    // Per channel, the least 1 / t1 of the lanes with an offset: from time * it >= 1 on, every
    // lane's decay has ended (the same product the job takes, so the channel skipped then is
    // what the decay gives: the target's, to the sign of a zero). In what would otherwise be
    // padding before the rows.
    float least_inverse_t1[kChannels] = {};
    alignas(16) float rows[kChannels][kRows][4] = {};  // Each row 16-byte aligned (SIMD loads).
  };
  std::size_t joints_ = 0;
  std::vector<Block> blocks_;
  float duration_ = 0.0f;
};

// At the switch: captures each joint's offset from `target` (the new state's pose this frame) to
// `previous` (the output pose of the last frame), and the offset's velocity from `before` (the
// output `dt` seconds before `previous`), as Bollo does: the source's velocity projected on the
// offset's direction. Joints whose translation offset is longer than `teleport_distance` get no
// offset at all (a new state far away is a cut, not smeared over a transition). Never allocates.
struct InertializationStartJob {
  Span<const SoaTransform> previous;
  Span<const SoaTransform> before;
  Span<const SoaTransform> target;
  float dt = 0.0f;                     // > 0; a zero or bad step captures no velocity.
  float duration = 0.0f;               // > 0, seconds.
  float teleport_distance = 0.0f;      // > 0; 0: no joint is too far.
  InertialOffsets* offsets = nullptr;  // Sized for the poses' joints.

  bool validate() const;
  [[nodiscard]] bool run() const;  // False (nothing written) when validate() fails.
};

// Each frame of the transition: `output` is `target` (the new state's pose now) with the
// offsets decayed to `time` seconds after the switch: `previous` exactly at 0, `target` exactly
// from the duration on. `output` may be `target`. Never allocates.
struct InertializationJob {
  const InertialOffsets* offsets = nullptr;
  float time = 0.0f;
  Span<const SoaTransform> target;
  Span<SoaTransform> output;

  bool validate() const;
  [[nodiscard]] bool run() const;  // False (nothing written) when validate() fails.
};

}  // namespace anim
