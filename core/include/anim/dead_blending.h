#pragma once
// Dead blending (Holden, "Dead Blending", 2023; shipped as an experimental inertialization mode
// in Unreal 5.3): a transition that, like inertialization, evaluates only the state it goes to.
// At the switch the pose the character had is kept with each joint's velocity; over the
// transition that pose keeps moving along its velocity, which dies away exponentially (so it
// coasts to a stop instead of flying off), and is crossfaded into the new state's pose. No offset
// between the two poses is kept: the old motion is extrapolated on its own, so a target that
// moves differently is not fought, and there is no decay curve to keep from overshooting.
#include <cstddef>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/soa_pose.h"
#include "anim/span.h"
#include "anim/transform.h"

namespace anim {

// One joint's velocity as DeadBlendStartJob captured it, each in the joint's parent space.
struct DeadBlendVelocity {
  glm::vec3 translation{0.0f};  // Units per second.
  glm::vec3 angular{0.0f};      // Axis times radians per second (the shorter way round).
  glm::vec3 scale{0.0f};        // Per second, per axis.
};

// Per character, sized once for its skeleton: the pose at the switch and each joint's velocity,
// written by DeadBlendStartJob and read by DeadBlendJob. Kept four joints to a block, as SoA
// poses are, so the per-frame job extrapolates four joints at once.
class DeadBlendSource {
 public:
  DeadBlendSource() = default;
  explicit DeadBlendSource(std::size_t joints);  // Allocates; identity pose, at rest.
  std::size_t joint_count() const { return joints_; }
  std::size_t byte_size() const { return sizeof(*this) + blocks_.capacity() * sizeof(Block); }
  float half_life() const { return half_life_; }  // Of the last start; 0 before one.

  // What the last start captured, for tools and tests; joint < joint_count().
  Transform pose(std::size_t joint) const;
  DeadBlendVelocity velocity(std::size_t joint) const;
  // Asks the memory system for what DeadBlendJob reads (every block), ahead of the blend.
  void prefetch() const;

 private:
  friend struct DeadBlendStartJob;
  friend struct DeadBlendJob;
  // The angular velocity is kept as a unit axis and a speed: the job turns by speed times the
  // decayed time about a fixed axis, so it never divides by the angle.
  struct alignas(16) Block {
    SoaTransform pose;
    float velocity[3][4] = {};        // Translation, x y z rows.
    float axis[3][4] = {};            // Unit; zero where the joint does not turn.
    float speed[4] = {};              // Radians per second, >= 0.
    float scale_velocity[3][4] = {};  // Scale, x y z rows.
  };
  std::size_t joints_ = 0;
  std::vector<Block> blocks_;
  float half_life_ = 0.0f;
  float lambda_ = 0.0f;  // ln 2 / half_life_: the velocity's rate of decay, per second.
};

// At the switch: keeps `previous` (the output pose of the last frame) as the pose to extrapolate
// and each joint's velocity from `before` (the output `dt` seconds before `previous`):
// (previous - before) / dt for translation and scale, and for rotation the shorter turn from
// `before` to `previous` (previous * conjugate(before), applied in the parent's space) as axis
// times angle / dt. A zero, negative or non-finite `dt` captures no velocity (the old pose then
// holds still while it fades), as does a velocity too large to be finite. Never allocates.
struct DeadBlendStartJob {
  Span<const SoaTransform> previous;
  Span<const SoaTransform> before;
  float dt = 0.0f;                    // Seconds between `before` and `previous`.
  float half_life = 0.0f;             // Seconds, > 0 and finite: how fast the velocity dies.
  DeadBlendSource* source = nullptr;  // Sized for the poses' joints.

  bool validate() const;
  [[nodiscard]] bool run() const;  // False (nothing written) when validate() fails.
};

// Each frame of the transition: `output` is the source extrapolated to `time` seconds after the
// switch, crossfaded into `target` (the new state's pose now) by `weight`.
//
// With lambda = ln 2 / half_life, each joint moves by its velocity times
// f(t) = (1 - exp(-lambda t)) / lambda: the velocity is the captured one at t = 0 and halves every
// half-life, and the pose approaches x0 + v / lambda. The rotation is exp(angular * f(t)) applied
// on the source's (in the parent's space); scale moves like translation. Translations and scales
// are then lerped to the target, rotations nlerped on the shorter path (the target's
// hemisphere).
//
// The caller chooses the weight. Weight 0 gives the extrapolated source exactly (at time 0, the
// pose before the switch), weight 1 gives `target` bit for bit. For the velocity to carry over at
// the switch the weight must start flat (a weight rising at once would add the gap to the target
// times its slope to the velocity): the state machine's dead-blended transitions are to use a
// smoothstep of the transition's progress u, 3u^2 - 2u^3, whose slope is zero at both ends.
//
// `output` may be `target`. Never allocates.
struct DeadBlendJob {
  const DeadBlendSource* source = nullptr;  // Started (half_life() > 0) for the same joints.
  float time = 0.0f;                        // Seconds since the switch, >= 0 and finite.
  Span<const SoaTransform> target;
  float weight = 0.0f;  // Of the target, in [0, 1].
  Span<SoaTransform> output;

  bool validate() const;
  [[nodiscard]] bool run() const;  // False (nothing written) when validate() fails.
};

}  // namespace anim
