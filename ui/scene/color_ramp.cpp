#include "anim/ui/scene/color_ramp.h"

#include <algorithm>
#include <cstring>

namespace anim::ui {
namespace {

glm::vec3 rgb8(int r, int g, int b) { return glm::vec3(r, g, b) / 255.0f; }

RampStops make_stops(std::initializer_list<glm::vec3> colors) {
  RampStops stops;
  for (const glm::vec3& c : colors) stops.colors[stops.count++] = c;
  return stops;
}

}  // namespace

const char* ramp_name(Ramp ramp) {
  switch (ramp) {
    case Ramp::kBlender:
      return "Blender-like";
    case Ramp::kGreyscale:
      return "Greyscale";
    case Ramp::kViridis:
      return "Viridis";
  }
  return "?";
}

const char* ramp_option(Ramp ramp) {
  switch (ramp) {
    case Ramp::kBlender:
      return "blender";
    case Ramp::kGreyscale:
      return "greyscale";
    case Ramp::kViridis:
      return "viridis";
  }
  return "?";
}

bool parse_ramp(const char* option, Ramp* ramp) {
  for (int i = 0; i < kRampCount; ++i) {
    if (std::strcmp(option, ramp_option(static_cast<Ramp>(i))) == 0) {
      *ramp = static_cast<Ramp>(i);
      return true;
    }
  }
  return false;
}

const RampStops& ramp_stops(Ramp ramp) {
  // The viewport's original heat colours.
  static const RampStops blender = make_stops(
      {{0.1f, 0.2f, 0.9f}, {0.1f, 0.8f, 0.2f}, {0.95f, 0.9f, 0.1f}, {0.9f, 0.1f, 0.05f}});
  // Starts above black so that it stays apart from kNoDataColor.
  static const RampStops greyscale = make_stops({glm::vec3(0.2f), glm::vec3(1.0f)});
  // Matplotlib's viridis at 0, 1/8, ..., 1 (its published 8-bit values; the ends and the middle
  // from its float table).
  static const RampStops viridis = make_stops({{0.267004f, 0.004874f, 0.329415f},
                                               rgb8(71, 45, 123),
                                               rgb8(59, 82, 139),
                                               rgb8(44, 114, 142),
                                               {0.128148f, 0.565107f, 0.550893f},
                                               rgb8(39, 173, 129),
                                               rgb8(93, 200, 99),
                                               rgb8(170, 220, 50),
                                               {0.993248f, 0.906157f, 0.143936f}});
  switch (ramp) {
    case Ramp::kGreyscale:
      return greyscale;
    case Ramp::kViridis:
      return viridis;
    case Ramp::kBlender:
      break;
  }
  return blender;
}

glm::vec3 ramp_color(Ramp ramp, float t) {
  const RampStops& stops = ramp_stops(ramp);
  const float clamped = t > 0.0f ? std::min(t, 1.0f) : 0.0f;  // NaN fails t > 0.
  const float x = clamped * static_cast<float>(stops.count - 1);
  const int i = std::min(static_cast<int>(x), stops.count - 2);
  const float f = x - static_cast<float>(i);
  return stops.colors[i] * (1.0f - f) + stops.colors[i + 1] * f;
}

}  // namespace anim::ui
