#pragma once
// Four-lane float arithmetic for the structure-of-arrays jobs: SSE2 on x86-64, NEON on AArch64,
// plain C++ elsewhere or when ANIM_SIMD_SCALAR is defined (the build option ANIMSCOPE_SIMD=OFF).
// Only what the jobs use; each backend gives the same results to within rounding
// (tests/core/simd4_test.cpp).
#include <cmath>
#include <cstdint>
#include <cstring>

#if !defined(ANIM_SIMD_SCALAR) && (defined(__SSE2__) || defined(_M_X64))
#include <emmintrin.h>
#define ANIM_SIMD4_SSE2 1
#elif !defined(ANIM_SIMD_SCALAR) && defined(__ARM_NEON) && defined(__aarch64__)
// AArch64 only: vdivq_f32, vsqrtq_f32, vminvq_u32 and vdupq_laneq_f32 do not exist on 32-bit
// ARM's NEON (armv7 fails to compile them), so 32-bit ARM takes the plain C++ backend.
#include <arm_neon.h>
#define ANIM_SIMD4_NEON 1
#endif

namespace anim::simd {

#if defined(ANIM_SIMD4_SSE2)

constexpr const char* kBackend = "sse2";
struct F4 {
  __m128 v;
};
struct M4 {  // Lane masks: all bits set where true.
  __m128 v;
};
inline F4 load(const float* p) { return {_mm_load_ps(p)}; }  // 16-byte aligned
// Four integers converted to float, built in registers (no round trip through memory, which
// would stall on values just computed).
inline F4 from_ints(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
  return {_mm_cvtepi32_ps(_mm_set_epi32(static_cast<int>(d), static_cast<int>(c),
                                        static_cast<int>(b), static_cast<int>(a)))};
}
// Four uint16 values (any alignment), converted to float.
inline F4 load_u16(const uint16_t* p) {
  const __m128i v = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
  return {_mm_cvtepi32_ps(_mm_unpacklo_epi16(v, _mm_setzero_si128()))};
}
// Four 16-byte aligned int32 values, converted to float.
inline F4 load_int(const int32_t* p) {
  return {_mm_cvtepi32_ps(_mm_load_si128(reinterpret_cast<const __m128i*>(p)))};
}
inline void store(float* p, F4 a) { _mm_store_ps(p, a.v); }
inline F4 splat(float x) { return {_mm_set1_ps(x)}; }
inline F4 zero() { return {_mm_setzero_ps()}; }
inline F4 operator+(F4 a, F4 b) { return {_mm_add_ps(a.v, b.v)}; }
inline F4 operator-(F4 a, F4 b) { return {_mm_sub_ps(a.v, b.v)}; }
inline F4 operator*(F4 a, F4 b) { return {_mm_mul_ps(a.v, b.v)}; }
inline F4 operator/(F4 a, F4 b) { return {_mm_div_ps(a.v, b.v)}; }
inline F4 sqrt(F4 a) { return {_mm_sqrt_ps(a.v)}; }
inline F4 abs(F4 a) { return {_mm_andnot_ps(_mm_set1_ps(-0.0f), a.v)}; }
inline F4 min(F4 a, F4 b) { return {_mm_min_ps(a.v, b.v)}; }
inline F4 max(F4 a, F4 b) { return {_mm_max_ps(a.v, b.v)}; }
inline M4 less(F4 a, F4 b) { return {_mm_cmplt_ps(a.v, b.v)}; }
inline M4 greater(F4 a, F4 b) { return {_mm_cmpgt_ps(a.v, b.v)}; }
// Whether every lane of m is true.
inline bool all(M4 m) { return _mm_movemask_ps(m.v) == 15; }
// Bit l set where lane l of m is true.
inline uint32_t bits(M4 m) { return static_cast<uint32_t>(_mm_movemask_ps(m.v)); }
inline M4 operator&(M4 a, M4 b) { return {_mm_and_ps(a.v, b.v)}; }
inline F4 select(M4 m, F4 a, F4 b) {
  return {_mm_or_ps(_mm_and_ps(m.v, a.v), _mm_andnot_ps(m.v, b.v))};
}
// a with its sign flipped in the lanes of m.
inline F4 negate_where(M4 m, F4 a) {
  return {_mm_xor_ps(a.v, _mm_and_ps(m.v, _mm_set1_ps(-0.0f)))};
}
// 1 / sqrt(x) for x > 0: the hardware estimate and one Newton step (about 1e-7 relative).
inline F4 rsqrt(F4 x) {
  const __m128 y = _mm_rsqrt_ps(x.v);
  const __m128 yy = _mm_mul_ps(y, y);
  return {_mm_mul_ps(
      y, _mm_sub_ps(_mm_set1_ps(1.5f), _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(0.5f), x.v), yy)))};
}
// Lane i of a in every lane.
template <int i>
inline F4 lane(F4 a) {
  return {_mm_shuffle_ps(a.v, a.v, _MM_SHUFFLE(i, i, i, i))};
}
// Lane l where bit l of `bits` is set.
inline M4 lane_mask(uint32_t bits) {
  const __m128i order = _mm_set_epi32(8, 4, 2, 1);
  const __m128i b = _mm_and_si128(_mm_set1_epi32(static_cast<int>(bits)), order);
  return {_mm_castsi128_ps(_mm_cmpeq_epi32(b, order))};
}
// out[v]: lane l where bytes[l] == v, for v in 0..3.
inline void lanes_equal(const uint8_t* bytes, M4 (&out)[4]) {
  int32_t packed;
  std::memcpy(&packed, bytes, sizeof(packed));
  const __m128i zero = _mm_setzero_si128();
  __m128i x = _mm_unpacklo_epi8(_mm_cvtsi32_si128(packed), zero);
  x = _mm_unpacklo_epi16(x, zero);
  for (int v = 0; v < 4; ++v) out[v] = {_mm_castsi128_ps(_mm_cmpeq_epi32(x, _mm_set1_epi32(v)))};
}
inline void transpose(F4& a, F4& b, F4& c, F4& d) { _MM_TRANSPOSE4_PS(a.v, b.v, c.v, d.v); }
// Unaligned load and store of a matrix column.
inline F4 load_unaligned(const float* p) { return {_mm_loadu_ps(p)}; }
inline void store_unaligned(float* p, F4 a) { _mm_storeu_ps(p, a.v); }

#elif defined(ANIM_SIMD4_NEON)

constexpr const char* kBackend = "neon";
struct F4 {
  float32x4_t v;
};
struct M4 {
  uint32x4_t v;
};
inline F4 load(const float* p) { return {vld1q_f32(p)}; }
inline F4 load_int(const int32_t* p) { return {vcvtq_f32_s32(vld1q_s32(p))}; }
inline F4 load_u16(const uint16_t* p) { return {vcvtq_f32_u32(vmovl_u16(vld1_u16(p)))}; }
inline F4 from_ints(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
  const uint32_t v[4] = {a, b, c, d};
  return {vcvtq_f32_u32(vld1q_u32(v))};
}
inline void store(float* p, F4 a) { vst1q_f32(p, a.v); }
inline F4 splat(float x) { return {vdupq_n_f32(x)}; }
inline F4 zero() { return {vdupq_n_f32(0.0f)}; }
inline F4 operator+(F4 a, F4 b) { return {vaddq_f32(a.v, b.v)}; }
inline F4 operator-(F4 a, F4 b) { return {vsubq_f32(a.v, b.v)}; }
inline F4 operator*(F4 a, F4 b) { return {vmulq_f32(a.v, b.v)}; }
inline F4 operator/(F4 a, F4 b) { return {vdivq_f32(a.v, b.v)}; }
inline F4 sqrt(F4 a) { return {vsqrtq_f32(a.v)}; }
inline F4 abs(F4 a) { return {vabsq_f32(a.v)}; }
// A compare and a select, not vminq/vmaxq (which return NaN when either lane is NaN): like
// minps/maxps and the plain C++ backend, the second operand when either is NaN.
inline F4 min(F4 a, F4 b) { return {vbslq_f32(vcltq_f32(a.v, b.v), a.v, b.v)}; }
inline F4 max(F4 a, F4 b) { return {vbslq_f32(vcgtq_f32(a.v, b.v), a.v, b.v)}; }
inline M4 less(F4 a, F4 b) { return {vcltq_f32(a.v, b.v)}; }
inline M4 greater(F4 a, F4 b) { return {vcgtq_f32(a.v, b.v)}; }
inline bool all(M4 m) { return vminvq_u32(m.v) != 0; }
inline uint32_t bits(M4 m) {
  const uint32_t order[4] = {1, 2, 4, 8};
  return vaddvq_u32(vandq_u32(m.v, vld1q_u32(order)));
}
inline M4 operator&(M4 a, M4 b) { return {vandq_u32(a.v, b.v)}; }
inline F4 select(M4 m, F4 a, F4 b) { return {vbslq_f32(m.v, a.v, b.v)}; }
inline F4 negate_where(M4 m, F4 a) {
  const uint32x4_t sign = vandq_u32(m.v, vdupq_n_u32(0x80000000u));
  return {vreinterpretq_f32_u32(veorq_u32(vreinterpretq_u32_f32(a.v), sign))};
}
inline F4 rsqrt(F4 x) {
  float32x4_t y = vrsqrteq_f32(x.v);
  y = vmulq_f32(y, vrsqrtsq_f32(vmulq_f32(x.v, y), y));
  y = vmulq_f32(y, vrsqrtsq_f32(vmulq_f32(x.v, y), y));
  return {y};
}
template <int i>
inline F4 lane(F4 a) {
  return {vdupq_laneq_f32(a.v, i)};
}
inline M4 lane_mask(uint32_t bits) {
  const uint32_t order[4] = {1, 2, 4, 8};
  return {vtstq_u32(vdupq_n_u32(bits), vld1q_u32(order))};
}
inline void lanes_equal(const uint8_t* bytes, M4 (&out)[4]) {
  const uint32_t wide[4] = {bytes[0], bytes[1], bytes[2], bytes[3]};
  const uint32x4_t x = vld1q_u32(wide);
  for (uint32_t v = 0; v < 4; ++v) out[v] = {vceqq_u32(x, vdupq_n_u32(v))};
}
inline void transpose(F4& a, F4& b, F4& c, F4& d) {
  const float32x4x2_t ab = vtrnq_f32(a.v, b.v);  // a0 b0 a2 b2 | a1 b1 a3 b3
  const float32x4x2_t cd = vtrnq_f32(c.v, d.v);
  a.v = vcombine_f32(vget_low_f32(ab.val[0]), vget_low_f32(cd.val[0]));
  b.v = vcombine_f32(vget_low_f32(ab.val[1]), vget_low_f32(cd.val[1]));
  c.v = vcombine_f32(vget_high_f32(ab.val[0]), vget_high_f32(cd.val[0]));
  d.v = vcombine_f32(vget_high_f32(ab.val[1]), vget_high_f32(cd.val[1]));
}
inline F4 load_unaligned(const float* p) { return {vld1q_f32(p)}; }
inline void store_unaligned(float* p, F4 a) { vst1q_f32(p, a.v); }

#else

constexpr const char* kBackend = "scalar";
struct F4 {
  float v[4];
};
struct M4 {
  bool v[4];
};
inline F4 load(const float* p) { return {{p[0], p[1], p[2], p[3]}}; }
inline F4 load_int(const int32_t* p) {
  return {{static_cast<float>(p[0]), static_cast<float>(p[1]), static_cast<float>(p[2]),
           static_cast<float>(p[3])}};
}
inline F4 load_u16(const uint16_t* p) {
  return {{static_cast<float>(p[0]), static_cast<float>(p[1]), static_cast<float>(p[2]),
           static_cast<float>(p[3])}};
}
inline F4 from_ints(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
  return {
      {static_cast<float>(a), static_cast<float>(b), static_cast<float>(c), static_cast<float>(d)}};
}
inline void store(float* p, F4 a) { std::memcpy(p, a.v, sizeof(a.v)); }
inline F4 splat(float x) { return {{x, x, x, x}}; }
inline F4 zero() { return splat(0.0f); }
template <class Op>
inline F4 each(F4 a, F4 b, Op op) {
  return {{op(a.v[0], b.v[0]), op(a.v[1], b.v[1]), op(a.v[2], b.v[2]), op(a.v[3], b.v[3])}};
}
template <class Op>
inline M4 test(F4 a, F4 b, Op op) {
  return {{op(a.v[0], b.v[0]), op(a.v[1], b.v[1]), op(a.v[2], b.v[2]), op(a.v[3], b.v[3])}};
}
inline F4 operator+(F4 a, F4 b) {
  return each(a, b, [](float x, float y) { return x + y; });
}
inline F4 operator-(F4 a, F4 b) {
  return each(a, b, [](float x, float y) { return x - y; });
}
inline F4 operator*(F4 a, F4 b) {
  return each(a, b, [](float x, float y) { return x * y; });
}
inline F4 operator/(F4 a, F4 b) {
  return each(a, b, [](float x, float y) { return x / y; });
}
inline F4 sqrt(F4 a) {
  return {{std::sqrt(a.v[0]), std::sqrt(a.v[1]), std::sqrt(a.v[2]), std::sqrt(a.v[3])}};
}
inline F4 abs(F4 a) {
  return {{std::fabs(a.v[0]), std::fabs(a.v[1]), std::fabs(a.v[2]), std::fabs(a.v[3])}};
}
// Like minps/maxps: the second operand when either is NaN.
inline F4 min(F4 a, F4 b) {
  return each(a, b, [](float x, float y) { return x < y ? x : y; });
}
inline F4 max(F4 a, F4 b) {
  return each(a, b, [](float x, float y) { return x > y ? x : y; });
}
inline M4 less(F4 a, F4 b) {
  return test(a, b, [](float x, float y) { return x < y; });
}
inline M4 greater(F4 a, F4 b) {
  return test(a, b, [](float x, float y) { return x > y; });
}
inline M4 operator&(M4 a, M4 b) {
  return {{a.v[0] && b.v[0], a.v[1] && b.v[1], a.v[2] && b.v[2], a.v[3] && b.v[3]}};
}
inline bool all(M4 m) { return m.v[0] && m.v[1] && m.v[2] && m.v[3]; }
inline uint32_t bits(M4 m) {
  return (m.v[0] ? 1u : 0u) | (m.v[1] ? 2u : 0u) | (m.v[2] ? 4u : 0u) | (m.v[3] ? 8u : 0u);
}
inline F4 select(M4 m, F4 a, F4 b) {
  return {{m.v[0] ? a.v[0] : b.v[0], m.v[1] ? a.v[1] : b.v[1], m.v[2] ? a.v[2] : b.v[2],
           m.v[3] ? a.v[3] : b.v[3]}};
}
inline F4 negate_where(M4 m, F4 a) {
  return {{m.v[0] ? -a.v[0] : a.v[0], m.v[1] ? -a.v[1] : a.v[1], m.v[2] ? -a.v[2] : a.v[2],
           m.v[3] ? -a.v[3] : a.v[3]}};
}
inline F4 rsqrt(F4 x) {
  return {{1.0f / std::sqrt(x.v[0]), 1.0f / std::sqrt(x.v[1]), 1.0f / std::sqrt(x.v[2]),
           1.0f / std::sqrt(x.v[3])}};
}
template <int i>
inline F4 lane(F4 a) {
  return splat(a.v[i]);
}
inline M4 lane_mask(uint32_t bits) {
  return {{(bits & 1u) != 0, (bits & 2u) != 0, (bits & 4u) != 0, (bits & 8u) != 0}};
}
inline void lanes_equal(const uint8_t* bytes, M4 (&out)[4]) {
  for (int v = 0; v < 4; ++v) {
    out[v] = {{bytes[0] == v, bytes[1] == v, bytes[2] == v, bytes[3] == v}};
  }
}
inline void transpose(F4& a, F4& b, F4& c, F4& d) {
  const F4 r[4] = {a, b, c, d};
  F4* out[4] = {&a, &b, &c, &d};
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) out[i]->v[j] = r[j].v[i];
  }
}
inline F4 load_unaligned(const float* p) { return load(p); }
inline void store_unaligned(float* p, F4 a) { store(p, a); }

#endif

// a * b + c.
inline F4 madd(F4 a, F4 b, F4 c) { return a * b + c; }

// rsqrt, except that a square length already 1 to within two units in the last place gives
// exactly 1, as detail::inverse_sqrt does (simd.h): for blends, so that rotations that are all
// one unit quaternion (joints no layer animates, the lanes past the last joint) keep its bits
// whatever the processor's estimate. Sapphire Rapids' rsqrtps gives 1 - 2^-12 for 1, and one
// Newton step from there 1 - 2^-24, where older processors gave 1.
inline F4 unit_rsqrt(F4 x) {
  return select(less(abs(x - splat(1.0f)), splat(2.4e-7f)), splat(1.0f), rsqrt(x));
}

}  // namespace anim::simd
