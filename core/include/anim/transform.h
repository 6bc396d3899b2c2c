#pragma once
// A decomposed affine transform: translation, rotation, scale (applied S, then R, then T).
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace anim {

struct Transform {
  glm::vec3 translation{0.0f};
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  // w, x, y, z; unit length.
  glm::vec3 scale{1.0f};

  static Transform identity() { return {}; }
};

// The matrix T * R * S.
glm::mat4 to_matrix(const Transform& t);

// Splits an affine matrix without shear into T, R, S. A negative determinant is carried by a
// negative x scale.
Transform decompose(const glm::mat4& m);

}  // namespace anim
