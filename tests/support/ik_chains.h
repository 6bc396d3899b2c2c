#pragma once
// Chains of joints for the IK suites, and the naive reference they are checked with: model-space
// matrices as parent * translate * rotate * scale built from glm's own functions (apart from
// anim::to_matrix and the local-to-model jobs), and corrections multiplied into local rotations
// the way the IK jobs' callers do. Needs anim_core's headers only.
#include <cstdint>
#include <random>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/transform.h"

namespace anim::testutil {

// A hierarchy in parents-first order and its local pose.
struct IkChain {
  std::vector<int16_t> parents;
  std::vector<Transform> local;
};

// parent * T * R * S down the hierarchy; roots under the identity.
inline std::vector<glm::mat4> NaiveModel(const IkChain& chain) {
  std::vector<glm::mat4> model(chain.parents.size());
  for (std::size_t j = 0; j < model.size(); ++j) {
    const Transform& x = chain.local[j];
    const glm::mat4 m = glm::translate(glm::mat4(1.0f), x.translation) *
                        glm::mat4_cast(x.rotation) * glm::scale(glm::mat4(1.0f), x.scale);
    const int p = chain.parents[j];
    model[j] = p < 0 ? m : model[static_cast<std::size_t>(p)] * m;
  }
  return model;
}

inline glm::vec3 Origin(const glm::mat4& m) { return glm::vec3(m[3]); }

// `chain` with `correction` turning joint `joint`'s own axes first (multiplied on the right of
// its local rotation), as the IK jobs' outputs are applied.
inline IkChain Corrected(IkChain chain, int joint, const glm::quat& correction) {
  Transform& t = chain.local[static_cast<std::size_t>(joint)];
  t.rotation = glm::normalize(t.rotation * correction);
  return chain;
}

// A uniformly random unit quaternion (Shoemake's method, from three uniform numbers).
inline glm::quat RandomRotation(std::mt19937& rng) {
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  const float u1 = unit(rng), u2 = unit(rng) * 6.2831853f, u3 = unit(rng) * 6.2831853f;
  const float a = std::sqrt(1.0f - u1), b = std::sqrt(u1);
  return glm::quat(b * std::cos(u3), a * std::sin(u2), a * std::cos(u2), b * std::sin(u3));
}

// A uniformly random unit vector.
inline glm::vec3 RandomDirection(std::mt19937& rng) {
  std::uniform_real_distribution<float> z(-1.0f, 1.0f), angle(0.0f, 6.2831853f);
  const float h = z(rng), t = angle(rng), r = std::sqrt(1.0f - h * h);
  return glm::vec3(r * std::cos(t), r * std::sin(t), h);
}

}  // namespace anim::testutil
