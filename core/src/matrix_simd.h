#pragma once
// 4x4 matrix products on the four-lane SIMD layer (column-major, like glm).
#include <glm/mat4x4.hpp>

#include "simd4.h"

namespace anim::detail {

// A matrix as four column registers.
struct Columns {
  simd::F4 c[4];
};

inline Columns load_columns(const glm::mat4& m) {
  const float* p = &m[0][0];
  return {{simd::load_unaligned(p), simd::load_unaligned(p + 4), simd::load_unaligned(p + 8),
           simd::load_unaligned(p + 12)}};
}

// a * (x, y, z, 0): a direction.
inline simd::F4 transform_vector(const Columns& a, simd::F4 v) {
  return a.c[0] * simd::lane<0>(v) + a.c[1] * simd::lane<1>(v) + a.c[2] * simd::lane<2>(v);
}

// out = a * b for an affine b (last row 0 0 0 1), which local and bind matrices are.
inline void multiply_affine(const Columns& a, const Columns& b, glm::mat4& out) {
  float* o = &out[0][0];
  simd::store_unaligned(o, transform_vector(a, b.c[0]));
  simd::store_unaligned(o + 4, transform_vector(a, b.c[1]));
  simd::store_unaligned(o + 8, transform_vector(a, b.c[2]));
  simd::store_unaligned(o + 12, transform_vector(a, b.c[3]) + a.c[3]);
}

// out = a * b for any b.
inline void multiply(const Columns& a, const Columns& b, glm::mat4& out) {
  float* o = &out[0][0];
  for (int i = 0; i < 4; ++i) {
    simd::store_unaligned(o + 4 * i, transform_vector(a, b.c[i]) + a.c[3] * simd::lane<3>(b.c[i]));
  }
}

// Whether m's last row is 0 0 0 1.
inline bool is_affine(const glm::mat4& m) {
  return m[0][3] == 0.0f && m[1][3] == 0.0f && m[2][3] == 0.0f && m[3][3] == 1.0f;
}

}  // namespace anim::detail
