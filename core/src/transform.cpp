#include "anim/transform.h"

#include <cmath>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>

namespace anim {

Transform decompose(const glm::mat4& m) {
  Transform t;
  t.translation = glm::vec3(m[3]);
  glm::vec3 c0(m[0]), c1(m[1]), c2(m[2]);
  t.scale = glm::vec3(glm::length(c0), glm::length(c1), glm::length(c2));
  if (glm::dot(glm::cross(c0, c1), c2) < 0.0f) t.scale.x = -t.scale.x;
  glm::mat3 r(t.scale.x != 0.0f ? c0 / t.scale.x : glm::vec3(1, 0, 0),
              t.scale.y != 0.0f ? c1 / t.scale.y : glm::vec3(0, 1, 0),
              t.scale.z != 0.0f ? c2 / t.scale.z : glm::vec3(0, 0, 1));
  t.rotation = glm::normalize(glm::quat_cast(r));
  return t;
}

}  // namespace anim
