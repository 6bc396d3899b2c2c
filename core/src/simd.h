#pragma once
// Scalar kernels of the per-frame jobs: SSE where the target has it, plain C++ otherwise.
#include <cmath>

#if defined(__SSE__) || defined(_M_X64)
#include <xmmintrin.h>
#define ANIM_SIMD_SSE 1
#endif

namespace anim::detail {

// 1 / sqrt(x) for x > 0 to about 1e-7 relative: the hardware estimate refined by one Newton
// step, without the long latency of sqrt followed by a division.
// A square length already 1 to within two units in the last place gives exactly 1, so that a unit
// quaternion (a blend of one rotation with itself, an unanimated joint) keeps its bits on every
// backend: tests/cross found the plain C++ one moving such a joint by an ulp on AArch64.
inline float inverse_sqrt(float x) {
  if (std::fabs(x - 1.0f) <= 2.4e-7f) return 1.0f;
#ifdef ANIM_SIMD_SSE
  const float y = _mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(x)));
  return y * (1.5f - 0.5f * x * y * y);
#else
  return 1.0f / std::sqrt(x);
#endif
}

}  // namespace anim::detail
