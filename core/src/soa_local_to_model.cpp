#include "anim/soa_local_to_model.h"

#include "simd4.h"

namespace anim {
namespace {

using simd::F4;

// The local matrices of a block's four joints, as columns: col[c][l] is column c of lane l's
// matrix (T * R * S; the last row is 0 0 0 1).
void block_matrices(const SoaTransform& x, F4 col[4][4]) {
  const F4 qx = simd::load(x.rx), qy = simd::load(x.ry), qz = simd::load(x.rz);
  const F4 qw = simd::load(x.rw);
  const F4 two = simd::splat(2.0f), one = simd::splat(1.0f);
  const F4 x2 = qx * two, y2 = qy * two, z2 = qz * two;
  const F4 xx = qx * x2, yy = qy * y2, zz = qz * z2;
  const F4 xy = qx * y2, xz = qx * z2, yz = qy * z2;
  const F4 wx = qw * x2, wy = qw * y2, wz = qw * z2;
  const F4 sx = simd::load(x.sx), sy = simd::load(x.sy), sz = simd::load(x.sz);
  F4 c0[4] = {(one - (yy + zz)) * sx, (xy + wz) * sx, (xz - wy) * sx, simd::zero()};
  F4 c1[4] = {(xy - wz) * sy, (one - (xx + zz)) * sy, (yz + wx) * sy, simd::zero()};
  F4 c2[4] = {(xz + wy) * sz, (yz - wx) * sz, (one - (xx + yy)) * sz, simd::zero()};
  F4 c3[4] = {simd::load(x.tx), simd::load(x.ty), simd::load(x.tz), one};
  F4* cols[4] = {c0, c1, c2, c3};
  for (int c = 0; c < 4; ++c) {
    // Rows of lanes to one column per lane.
    simd::transpose(cols[c][0], cols[c][1], cols[c][2], cols[c][3]);
    for (int l = 0; l < 4; ++l) col[c][l] = cols[c][l];
  }
}

// out = parent * local, for an affine local matrix (last row 0 0 0 1).
inline void multiply_affine(const glm::mat4& parent, const F4 local[4], glm::mat4& out) {
  const float* p = &parent[0][0];
  const F4 p0 = simd::load_unaligned(p), p1 = simd::load_unaligned(p + 4);
  const F4 p2 = simd::load_unaligned(p + 8), p3 = simd::load_unaligned(p + 12);
  float* o = &out[0][0];
  for (int c = 0; c < 3; ++c) {
    const F4 l = local[c];
    simd::store_unaligned(o + 4 * c,
                          p0 * simd::lane<0>(l) + p1 * simd::lane<1>(l) + p2 * simd::lane<2>(l));
  }
  const F4 t = local[3];
  simd::store_unaligned(o + 12,
                        p0 * simd::lane<0>(t) + p1 * simd::lane<1>(t) + p2 * simd::lane<2>(t) + p3);
}

}  // namespace

bool SoaLocalToModelJob::validate() const {
  const std::size_t n = parents.size();
  if (local.size() != soa_block_count(n) || output.size() != n) return false;
  for (std::size_t i = 0; i < n; ++i) {
    if (parents[i] < -1 || parents[i] >= static_cast<int>(i)) return false;
  }
  return true;
}

bool SoaLocalToModelJob::run() const {
  if (!validate()) return false;
  const std::size_t n = parents.size();
  F4 col[4][4];
  for (std::size_t b = 0; b < local.size(); ++b) {
    block_matrices(local[b], col);
    for (std::size_t l = 0; l < 4 && 4 * b + l < n; ++l) {
      const std::size_t i = 4 * b + l;
      const int p = parents[i];
      const F4 lane_cols[4] = {col[0][l], col[1][l], col[2][l], col[3][l]};
      multiply_affine(p < 0 ? root : output[p], lane_cols, output[i]);
    }
  }
  return true;
}

}  // namespace anim
