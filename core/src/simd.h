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
inline float inverse_sqrt(float x) {
#ifdef ANIM_SIMD_SSE
  const float y = _mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(x)));
  return y * (1.5f - 0.5f * x * y * y);
#else
  return 1.0f / std::sqrt(x);
#endif
}

}  // namespace anim::detail
