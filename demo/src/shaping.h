#pragma once
// The shaping functions the demo's motion, mesh and weights are drawn with.
#include <algorithm>

namespace anim::demo {

constexpr float kPi = 3.14159265358979f;

// 0 below 0, 1 above 1, and an S between with zero slope at both ends.
inline float smoothstep01(float x) {
  const float t = std::clamp(x, 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

}  // namespace anim::demo
