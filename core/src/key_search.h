#pragma once
// Finding the key pair around a time, shared by the float and the compressed samplers.
#include <cstdint>

namespace anim::detail {

// Index k of the key with times[k] <= t < times[k + 1]. Needs count >= 2 and
// times[0] <= t < times[count - 1]. Steps forward from the hint (a character playing on finds
// its next key in a step or two), else searches.
template <class Time>
inline uint32_t find_key(const Time* times, uint32_t count, float t, uint32_t& hint) {
  uint32_t k = hint;
  if (k + 1 < count && static_cast<float>(times[k]) <= t) {
    for (int step = 0; step < 4; ++step) {
      if (t < static_cast<float>(times[k + 1])) return hint = k;
      ++k;  // Stays below count - 1 because t < times[count - 1].
    }
  }
  uint32_t lo = 0, hi = count - 1;  // times[lo] <= t < times[hi]
  while (hi - lo > 1) {
    const uint32_t mid = (lo + hi) / 2;
    if (static_cast<float>(times[mid]) <= t) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return hint = lo;
}

}  // namespace anim::detail
