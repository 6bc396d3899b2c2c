#pragma once
// Where an edit puts a time on a clip: within [0, duration]. Non-finite times (from a degenerate
// view) land on 0 rather than poisoning the file.
#include <algorithm>
#include <cmath>

namespace anim::setup {

inline float clamp_time(float time, float duration) {
  const float end = std::isfinite(duration) ? std::max(duration, 0.0f) : 0.0f;
  return std::isfinite(time) ? std::clamp(time, 0.0f, end) : 0.0f;
}

}  // namespace anim::setup
