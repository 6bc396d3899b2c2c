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

std::vector<GroundLine> ground_grid_lines(const GroundSettings& settings, float extent,
                                          int cells) {
  std::vector<GroundLine> out;
  if (!(extent > 0.0f) || !std::isfinite(extent) || cells < 1) return out;
  const GroundSettings s = clamped(settings);
  const float slope = std::tan(s.tilt_degrees * 3.14159265358979f / 180.0f);
  const float step_x = s.step ? std::clamp(s.step_x, -extent, extent) : extent;
  const float spacing = 2.0f * extent / static_cast<float>(cells);
  // One part of the ground: x in [x0, x1] at `raise` above the plane.
  const auto part = [&](float x0, float x1, float raise, bool step) {
    if (!(x1 > x0)) return;
    const auto at = [&](float x, float z) { return glm::vec3(x, s.height + raise + slope * x, z); };
    for (int j = 0; j <= cells; ++j) {  // Along x, at each z.
      const float z = -extent + spacing * static_cast<float>(j);
      out.push_back({at(x0, z), at(x1, z), step});
    }
    // Along z, at the grid's x positions inside the part, and at its ends.
    std::vector<float> xs = {x0};
    for (int i = 0; i <= cells; ++i) {
      const float x = -extent + spacing * static_cast<float>(i);
      if (x > x0 && x < x1) xs.push_back(x);
    }
    xs.push_back(x1);
    for (float x : xs) out.push_back({at(x, -extent), at(x, extent), step});
  };
  part(-extent, step_x, 0.0f, false);
  if (s.step) {
    part(step_x, extent, s.step_height, true);
    for (int j = 0; j <= cells; ++j) {  // The riser.
      const float z = -extent + spacing * static_cast<float>(j);
      const float y = s.height + slope * step_x;
      out.push_back({{step_x, y, z}, {step_x, y + s.step_height, z}, true});
    }
  }
  return out;
}

}  // namespace anim::ui
