#pragma once
// A state's normalized time (1 = one pass through its motion), kept as whole cycles and a
// fraction apart: a float holding the sum loses the fraction's precision after hours (at 2^16
// cycles a float steps by 1/128 of a cycle), while this keeps it exact however long a state runs.
#include <cstdint>

namespace anim {

// Cycles a second of a motion `duration` seconds long: how fast its normalized time runs (one
// cycle a second for a motion without length).
inline float cycles_per_second(float duration) { return duration > 0.0f ? 1.0f / duration : 1.0f; }

struct CycleTime {
  int64_t cycles = 0;
  float fraction = 0.0f;  // In [0, 1).

  // `t` cycles (any finite value).
  static CycleTime from(float t);
  // Moves by `delta` cycles, either way; deltas beyond ±1e15 cycles are taken as that.
  void advance(float delta);
  // The whole time, for comparisons that need it (exit times beyond the first cycle).
  double total() const { return static_cast<double>(cycles) + fraction; }
  // How many times the points k + `at` (k whole, `at` in [0, 1)) were passed going from
  // `before` to this (negative when going back).
  int64_t passes_since(const CycleTime& before, float at) const;
};

}  // namespace anim
