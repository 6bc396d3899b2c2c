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

// The matrix T * R * S. Inline: local-to-model calls it for every joint of every frame.
inline glm::mat4 to_matrix(const Transform& t) {
  const glm::quat& q = t.rotation;
  const float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
  const float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
  const float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  const glm::vec3& s = t.scale;
  return glm::mat4((1.0f - 2.0f * (yy + zz)) * s.x, 2.0f * (xy + wz) * s.x, 2.0f * (xz - wy) * s.x,
                   0.0f,  //
                   2.0f * (xy - wz) * s.y, (1.0f - 2.0f * (xx + zz)) * s.y, 2.0f * (yz + wx) * s.y,
                   0.0f,  //
                   2.0f * (xz + wy) * s.z, 2.0f * (yz - wx) * s.z, (1.0f - 2.0f * (xx + yy)) * s.z,
                   0.0f,  //
                   t.translation.x, t.translation.y, t.translation.z, 1.0f);
}

// Splits an affine matrix without shear into T, R, S. A negative determinant is carried by a
// negative x scale.
Transform decompose(const glm::mat4& m);

}  // namespace anim
