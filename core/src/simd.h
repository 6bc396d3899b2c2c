#pragma once
// Small numeric kernels of the per-frame jobs: SSE where the target has it, plain C++ otherwise.
// glm's own product is scalar unless every user of glm agrees on aligned, SIMD glm types,
// which a library cannot impose on the games linking it.
#include <cmath>

#include <glm/mat4x4.hpp>

#if defined(__SSE__) || defined(_M_X64)
#include <xmmintrin.h>
#define ANIM_SIMD_SSE 1
#endif

namespace anim::detail {

// out = a * b (column-major, like glm). `out` may alias neither input.
inline void multiply(const glm::mat4& a, const glm::mat4& b, glm::mat4& out) {
#ifdef ANIM_SIMD_SSE
  const float* pa = &a[0][0];
  const float* pb = &b[0][0];
  float* po = &out[0][0];
  const __m128 a0 = _mm_loadu_ps(pa), a1 = _mm_loadu_ps(pa + 4);
  const __m128 a2 = _mm_loadu_ps(pa + 8), a3 = _mm_loadu_ps(pa + 12);
  for (int c = 0; c < 4; ++c) {
    const float* col = pb + 4 * c;
    __m128 r = _mm_mul_ps(a0, _mm_set1_ps(col[0]));
    r = _mm_add_ps(r, _mm_mul_ps(a1, _mm_set1_ps(col[1])));
    r = _mm_add_ps(r, _mm_mul_ps(a2, _mm_set1_ps(col[2])));
    r = _mm_add_ps(r, _mm_mul_ps(a3, _mm_set1_ps(col[3])));
    _mm_storeu_ps(po + 4 * c, r);
  }
#else
  out = a * b;
#endif
}

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
