#pragma once
// Colour ramps of the viewport's data shadings (weight heatmap, influence count, truncated
// weight): a few evenly spaced control colours, interpolated linearly. The renderer uploads the
// same stops to the fragment shader, which evaluates them as ramp_color does, so the legend and
// the tests read the colours the GPU draws.
#include <glm/vec3.hpp>

namespace anim::ui {

enum class Ramp {
  kBlender = 0,    // Blue -> green -> yellow -> red, as Blender's weight paint.
  kGreyscale = 1,  // Dark grey -> white.
  kViridis = 2,    // Matplotlib's perceptually uniform purple -> teal -> yellow.
};
constexpr int kRampCount = 3;
constexpr int kMaxRampStops = 9;

// Control colours at 0, 1/(count-1), ..., 1; RGB in [0, 1], written to the image as they are.
struct RampStops {
  glm::vec3 colors[kMaxRampStops];
  int count = 0;  // 2..kMaxRampStops.
};

// A vertex the data does not reach (weight exactly 0, nothing truncated): darker than every
// ramp's low end, so "not at all" reads apart from "a little".
inline const glm::vec3 kNoDataColor(0.08f, 0.08f, 0.12f);

// What a menu shows: "Blender-like", "Greyscale", "Viridis".
const char* ramp_name(Ramp ramp);
// What the command line takes: "blender", "greyscale", "viridis".
const char* ramp_option(Ramp ramp);
// Ramp named by `option` (as ramp_option gives it); false when none is.
bool parse_ramp(const char* option, Ramp* ramp);

const RampStops& ramp_stops(Ramp ramp);
// The ramp's colour at `t`, clamped to [0, 1] (NaN counts as 0).
glm::vec3 ramp_color(Ramp ramp, float t);

}  // namespace anim::ui
