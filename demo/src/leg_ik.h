#pragma once
// Two-bone inverse kinematics for the demo's legs, so that authored foot paths are met exactly.
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace anim::demo {

// A leg whose rest pose hangs straight down (-Y) from the hips with identity rest rotations.
struct LegChain {
  glm::vec3 hip_offset{0.0f};  // Hip joint in the hips' frame.
  float thigh_length = 0.0f;   // Hip to knee.
  float shin_length = 0.0f;    // Knee to ankle.
};

// Local rotations of thigh (relative to the hips), shin (a pure knee bend about its X axis)
// and foot (relative to the shin).
struct LegRotations {
  glm::quat thigh{1.0f, 0.0f, 0.0f, 0.0f};
  glm::quat shin{1.0f, 0.0f, 0.0f, 0.0f};
  glm::quat foot{1.0f, 0.0f, 0.0f, 0.0f};
};

// Where the leg should go, all in model space.
struct LegGoal {
  glm::vec3 hips_position{0.0f};
  glm::quat hips_rotation{1.0f, 0.0f, 0.0f, 0.0f};
  glm::vec3 ankle{0.0f};                       // Out-of-reach goals are approached.
  glm::quat foot{1.0f, 0.0f, 0.0f, 0.0f};      // Wanted model-space foot rotation.
  glm::vec3 knee_direction{0.0f, 0.0f, 1.0f};  // Roughly where the knee should point.
};

LegRotations solve_leg(const LegChain& leg, const LegGoal& goal);

}  // namespace anim::demo
