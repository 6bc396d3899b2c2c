#pragma once
// The ground the tool gives a setup's feet IK (issue 28): a plane at a height, tilted about the
// model's forward axis (+z), so a positive tilt makes it rise toward +x, and an optional step: a
// plane parallel to it, raised by `step_height`, over x >= step_x. The Document owns the planes
// (GroundPlanes points into them) and hands them to the running machine before each evaluate.
#include <array>
#include <cstddef>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/ground_planes.h"

namespace anim::ui {

struct GroundSettings {
  bool shown = true;          // Drawn in the viewport (when the setup has a feet entry).
  bool on = true;             // The machine's ground; off: no ground, feet IK does nothing.
  float height = 0.0f;        // Model units, where the plane crosses x = 0, z = 0.
  float tilt_degrees = 0.0f;  // About +z, in (-80, 80): the plane rises toward +x when > 0.
  bool step = false;
  float step_x = 0.3f;       // The step covers x >= step_x.
  float step_height = 0.1f;  // Above the plane, along its normal's vertical.

  bool operator==(const GroundSettings& o) const {
    return shown == o.shown && on == o.on && height == o.height && tilt_degrees == o.tilt_degrees &&
           step == o.step && step_x == o.step_x && step_height == o.step_height;
  }
  bool operator!=(const GroundSettings& o) const { return !(*this == o); }
};

constexpr float kMaxGroundTiltDegrees = 80.0f;

// The settings with every value finite and the tilt clamped to +-kMaxGroundTiltDegrees.
GroundSettings clamped(const GroundSettings& s);

// The planes of `s` (the plane, then the step when on) into `planes`; returns how many.
std::size_t ground_planes(const GroundSettings& s, std::array<GroundPlane, 2>* planes);

// The ground's height at (x, z): the step's where it covers x, else the plane's.
float ground_height(const GroundSettings& s, float x);

// A line of the ground's grid, in model space: `step` says whether it lies on the step.
struct GroundLine {
  glm::vec3 a{0.0f}, b{0.0f};
  bool step = false;
};

// The ground of `s` as a grid over x, z in [-extent, extent], `cells` squares a side: lines
// along x and along z on the plane (up to the step) and on the step, and the step's riser at
// step_x. The renderer draws them depth-tested, so the feet hide what is behind them.
std::vector<GroundLine> ground_grid_lines(const GroundSettings& s, float extent, int cells = 16);

}  // namespace anim::ui
