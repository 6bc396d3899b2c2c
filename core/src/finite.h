#pragma once
// Whether a value's every component is finite: the checks the jobs make of their inputs before
// trusting them. Private to anim_core.
#include <cmath>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace anim::detail {

inline bool finite(float v) { return std::isfinite(v); }
inline bool finite(const glm::vec3& v) { return finite(v.x) && finite(v.y) && finite(v.z); }
inline bool finite(const glm::quat& q) {
  return finite(q.w) && finite(q.x) && finite(q.y) && finite(q.z);
}
inline bool finite(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (!finite(m[c][r])) return false;
    }
  }
  return true;
}

}  // namespace anim::detail
