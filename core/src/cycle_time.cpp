#include "anim/cycle_time.h"

#include <algorithm>
#include <cmath>

namespace anim {

CycleTime CycleTime::from(float t) {
  CycleTime c;
  c.advance(t);
  return c;
}

void CycleTime::advance(float delta) {
  if (!std::isfinite(delta)) return;
  const double moved = static_cast<double>(fraction) + std::clamp<double>(delta, -1e15, 1e15);
  const double whole = std::floor(moved);
  cycles += static_cast<int64_t>(whole);
  fraction = static_cast<float>(moved - whole);
  if (fraction >= 1.0f) {  // A tiny negative remainder rounds up to 1 in float.
    fraction = 0.0f;
    ++cycles;
  }
}

int64_t CycleTime::passes_since(const CycleTime& before, float at) const {
  // floor(t - at) for t = cycles + fraction with both in [0, 1): cycles, less one when the
  // fraction is short of `at`.
  const int64_t now = cycles - (fraction < at ? 1 : 0);
  const int64_t then = before.cycles - (before.fraction < at ? 1 : 0);
  return now - then;
}

}  // namespace anim
