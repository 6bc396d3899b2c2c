#pragma once
// The index checks the per-frame jobs make on every run (validate()), eight int16 indices per
// SSE2 instruction. They were about a sixth of local-to-model's instructions as a loop with
// two branches per joint. The plain loop is the reference and the fallback.
#include <cstddef>
#include <cstdint>

#if !defined(ANIM_SIMD_SCALAR) && (defined(__SSE2__) || defined(_M_X64))
#include <emmintrin.h>
#define ANIM_INDEX_CHECKS_SSE2 1
#endif

namespace anim::detail {

// Whether 0 <= index < count.
inline bool index_in(int index, std::size_t count) {
  return index >= 0 && static_cast<std::size_t>(index) < count;
}

// Whether -1 <= parents[i] < i for every i: each joint's parent comes before it.
inline bool parents_precede(const int16_t* parents, std::size_t n) {
  std::size_t i = 0;
#if defined(ANIM_INDEX_CHECKS_SSE2)
  if (n <= 32767) {  // Every i - 1 fits an int16 lane.
    __m128i before = _mm_setr_epi16(-1, 0, 1, 2, 3, 4, 5, 6);  // i - 1, lane by lane.
    const __m128i eight = _mm_set1_epi16(8), minus_one = _mm_set1_epi16(-1);
    __m128i bad = _mm_setzero_si128();
    for (; i + 8 <= n; i += 8) {
      const __m128i p = _mm_loadu_si128(reinterpret_cast<const __m128i*>(parents + i));
      bad = _mm_or_si128(bad, _mm_or_si128(_mm_cmpgt_epi16(p, before),  // p >= i
                                           _mm_cmplt_epi16(p, minus_one)));
      before = _mm_add_epi16(before, eight);
    }
    if (_mm_movemask_epi8(bad) != 0) return false;
  }
#endif
  for (; i < n; ++i) {
    if (parents[i] < -1 || parents[i] >= static_cast<std::ptrdiff_t>(i)) return false;
  }
  return true;
}

// Whether 0 <= indices[i] < bound for every i.
inline bool indices_below(const int16_t* indices, std::size_t n, std::size_t bound) {
  std::size_t i = 0;
#if defined(ANIM_INDEX_CHECKS_SSE2)
  // An int16 is at most 32767: a larger bound tests only the sign.
  const int16_t last = static_cast<int16_t>(bound > 32768 ? 32767 : static_cast<int>(bound) - 1);
  const __m128i highest = _mm_set1_epi16(last), zero = _mm_setzero_si128();
  __m128i bad = _mm_setzero_si128();
  for (; i + 8 <= n; i += 8) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(indices + i));
    bad = _mm_or_si128(bad, _mm_or_si128(_mm_cmplt_epi16(v, zero), _mm_cmpgt_epi16(v, highest)));
  }
  if (_mm_movemask_epi8(bad) != 0) return false;
#endif
  for (; i < n; ++i) {
    if (indices[i] < 0 || static_cast<std::size_t>(indices[i]) >= bound) return false;
  }
  return true;
}

}  // namespace anim::detail
