#pragma once
// Reproducible random local poses and hierarchies (PoseRandom, Chain) for the structure-of-arrays
// suites, which check the SoA jobs against the one-Transform-per-joint jobs on the same inputs.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/transform.h"

namespace anim::testutil {

class PoseRandom {
 public:
  explicit PoseRandom(uint32_t seed) : engine_(seed) {}

  float Uniform(float lo, float hi) {
    return std::uniform_real_distribution<float>(lo, hi)(engine_);
  }
  int UniformInt(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine_); }

  // A unit quaternion spread evenly over the sphere, with either sign of w.
  glm::quat Rotation() {
    std::normal_distribution<float> normal(0.0f, 1.0f);
    for (;;) {
      const glm::quat q(normal(engine_), normal(engine_), normal(engine_), normal(engine_));
      const float len = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
      if (len > 1e-3f) return glm::quat(q.w / len, q.x / len, q.y / len, q.z / len);
    }
  }

  // Translation in [-2, 2]^3, any rotation, a non-uniform scale with each axis in [0.5, 1.6].
  Transform Joint() {
    Transform t;
    t.translation = glm::vec3(Uniform(-2, 2), Uniform(-2, 2), Uniform(-2, 2));
    t.rotation = Rotation();
    t.scale = glm::vec3(Uniform(0.5f, 1.6f), Uniform(0.5f, 1.6f), Uniform(0.5f, 1.6f));
    return t;
  }

  std::vector<Transform> Pose(std::size_t joints) {
    std::vector<Transform> pose(joints);
    for (Transform& t : pose) t = Joint();
    return pose;
  }

  // Parents-first hierarchy: joint 0 a root, every other joint's parent drawn from the joints
  // before it, or (one time in eight) -1 for another root.
  std::vector<int16_t> Tree(std::size_t joints) {
    std::vector<int16_t> parents(joints, -1);
    for (std::size_t i = 1; i < joints; ++i) {
      parents[i] = UniformInt(0, 7) == 0
                       ? int16_t{-1}
                       : static_cast<int16_t>(UniformInt(0, static_cast<int>(i) - 1));
    }
    return parents;
  }

 private:
  std::mt19937 engine_;
};

// A single chain: joint i hangs from joint i - 1.
inline std::vector<int16_t> Chain(std::size_t joints) {
  std::vector<int16_t> parents(joints);
  for (std::size_t i = 0; i < joints; ++i)
    parents[i] = static_cast<int16_t>(static_cast<int>(i) - 1);
  return parents;
}

}  // namespace anim::testutil
