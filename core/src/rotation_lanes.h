#pragma once
// Four compressed rotations at once: the rebuilt component, the fitted normalized lerp with one
// alpha for the four lanes, and the way back from "three stored, then rebuilt" to x, y, z, w. Used
// by rotation groups and by segmented tracks alike, so both interpolate to the same bits.
#include <cstdint>

#include "simd4.h"

namespace anim::detail {

// Normalized lerp moves faster mid-way than slerp. Moving its parameter by k t (t - 1/2) (t - 1),
// with k a cubic in u = 1 - |cos| least-squares fitted here to the best k for arcs up to 90°,
// brings it within 3e-6 rad of slerp for keys 24° apart (nlerp alone: 3e-4), 1.7e-5 at 44°
// (1.8e-3) and 4.2e-5 at 60°.
constexpr float kFit1 = 0.6742685f, kFit2 = 0.1401970f, kFit3 = 0.1232353f;

// The component a rotation rebuilds from its three stored ones: sqrt(1 - their squares), 0 when
// they reach 1 (as segment_rotation computes it).
inline simd::F4 rebuilt_component(simd::F4 x, simd::F4 y, simd::F4 z) {
  return simd::sqrt(simd::max(simd::zero(), simd::splat(1.0f) - (x * x + y * y + z * z)));
}

// Fitted nlerp along the shortest arc from a to b at `alpha`, four lanes wide, normalized. a and
// b are at least unit length (a rebuilt component is 0 only when the stored ones already reach
// 1), the weights are in [0, 1] and sum to 1, and b is on a's side: |q|^2 >= 1/2, never 0.
inline void nlerp_lanes(const simd::F4 (&a)[4], const simd::F4 (&b)[4], float alpha,
                        simd::F4 (&q)[4]) {
  using simd::F4;
  const F4 zero = simd::zero(), one = simd::splat(1.0f);
  const F4 dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  const F4 u = one - simd::abs(dot);
  const F4 fit =
      u * simd::madd(u, simd::madd(u, simd::splat(kFit3), simd::splat(kFit2)), simd::splat(kFit1));
  // fitted_alpha with the lanes' shared alpha: only the fit differs from lane to lane.
  const F4 t =
      simd::madd(fit, simd::splat(alpha * (alpha - 0.5f) * (alpha - 1.0f)), simd::splat(alpha));
  const F4 wb = simd::negate_where(simd::less(dot, zero), t);
  const F4 wa = one - t;
#pragma GCC unroll 4
  for (int c = 0; c < 4; ++c) q[c] = a[c] * wa + b[c] * wb;
  const F4 inv_len = simd::rsqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
#pragma GCC unroll 4
  for (int c = 0; c < 4; ++c) q[c] = q[c] * inv_len;
}

// Back from "three stored, then rebuilt" (q[3] rebuilt) to x, y, z, w, lane l having rebuilt
// component dropped[l] (0 x .. 3 w): with d the rebuilt component, x is rebuilt or first; y first,
// rebuilt or second; z second, rebuilt or third; w third or rebuilt.
inline void stored_to_xyzw(const uint8_t* dropped, const simd::F4 (&q)[4], simd::F4 (&out)[4]) {
  simd::M4 d[4];
  simd::lanes_equal(dropped, d);
  out[0] = simd::select(d[0], q[3], q[0]);
  out[1] = simd::select(d[0], q[0], simd::select(d[1], q[3], q[1]));
  out[2] = simd::select(d[2], q[3], simd::select(d[3], q[2], q[1]));
  out[3] = simd::select(d[3], q[3], q[2]);
}

}  // namespace anim::detail
