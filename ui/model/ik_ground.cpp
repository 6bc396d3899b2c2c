#include "anim/ui/model/ik_ground.h"

#include <algorithm>
#include <cmath>

namespace anim::ui {
namespace {

float finite_or(float v, float fallback) { return std::isfinite(v) ? v : fallback; }

// The plane through (0, y0, 0) tilted by `tilt` radians about +z.
GroundPlane tilted_plane(float tilt, float y0) {
  GroundPlane p;
  p.normal = glm::vec3(-std::sin(tilt), std::cos(tilt), 0.0f);
  p.d = std::cos(tilt) * y0;
  return p;
}

}  // namespace

GroundSettings clamped(const GroundSettings& s) {
  GroundSettings c = s;
  c.height = finite_or(s.height, 0.0f);
  c.tilt_degrees =
      std::clamp(finite_or(s.tilt_degrees, 0.0f), -kMaxGroundTiltDegrees, kMaxGroundTiltDegrees);
  c.step_x = finite_or(s.step_x, 0.0f);
  c.step_height = finite_or(s.step_height, 0.0f);
  return c;
}

std::size_t ground_planes(const GroundSettings& settings, std::array<GroundPlane, 2>* planes) {
  const GroundSettings s = clamped(settings);
  const float tilt = s.tilt_degrees * 3.14159265358979f / 180.0f;
  (*planes)[0] = tilted_plane(tilt, s.height);
  if (!s.step) return 1;
  (*planes)[1] = tilted_plane(tilt, s.height + s.step_height);
  (*planes)[1].min_x = s.step_x;
  return 2;
}

float ground_height(const GroundSettings& settings, float x) {
  const GroundSettings s = clamped(settings);
  const float slope = std::tan(s.tilt_degrees * 3.14159265358979f / 180.0f);
  const float raised = s.step && x >= s.step_x ? s.step_height : 0.0f;
  return s.height + raised + slope * x;
}

}  // namespace anim::ui
