#include "anim/soa_local_to_model.h"

#include "index_checks.h"
#include "matrix_simd.h"

namespace anim {
namespace {

using simd::F4;

// The local matrices (T * R * S, affine) of a block's four joints, one Columns per lane.
void block_matrices(const SoaTransform& x, detail::Columns (&lanes)[4]) {
  const F4 qx = simd::load(x.rx), qy = simd::load(x.ry), qz = simd::load(x.rz);
  const F4 qw = simd::load(x.rw);
  const F4 two = simd::splat(2.0f), one = simd::splat(1.0f), zero = simd::zero();
  const F4 x2 = qx * two, y2 = qy * two, z2 = qz * two;
  const F4 xx = qx * x2, yy = qy * y2, zz = qz * z2;
  const F4 xy = qx * y2, xz = qx * z2, yz = qy * z2;
  const F4 wx = qw * x2, wy = qw * y2, wz = qw * z2;
  const F4 sx = simd::load(x.sx), sy = simd::load(x.sy), sz = simd::load(x.sz);
  // Each column as rows of four lanes, turned into one column per lane by a transpose.
  F4 c[4] = {(one - (yy + zz)) * sx, (xy + wz) * sx, (xz - wy) * sx, zero};
  simd::transpose(c[0], c[1], c[2], c[3]);
  for (int l = 0; l < 4; ++l) lanes[l].c[0] = c[l];
  c[0] = (xy - wz) * sy, c[1] = (one - (xx + zz)) * sy, c[2] = (yz + wx) * sy, c[3] = zero;
  simd::transpose(c[0], c[1], c[2], c[3]);
  for (int l = 0; l < 4; ++l) lanes[l].c[1] = c[l];
  c[0] = (xz + wy) * sz, c[1] = (yz - wx) * sz, c[2] = (one - (xx + yy)) * sz, c[3] = zero;
  simd::transpose(c[0], c[1], c[2], c[3]);
  for (int l = 0; l < 4; ++l) lanes[l].c[2] = c[l];
  c[0] = simd::load(x.tx), c[1] = simd::load(x.ty), c[2] = simd::load(x.tz), c[3] = one;
  simd::transpose(c[0], c[1], c[2], c[3]);
  for (int l = 0; l < 4; ++l) lanes[l].c[3] = c[l];
}

}  // namespace

bool SoaLocalToModelJob::validate() const {
  const std::size_t n = parents.size();
  if (local.size() != soa_block_count(n) || output.size() != n) return false;
  return detail::parents_precede(parents.data(), n);
}

bool SoaLocalToModelJob::run() const {
  if (!validate()) return false;
  const std::size_t n = parents.size();
  const detail::Columns root_columns = detail::load_columns(root);
  detail::Columns lanes[4];
  for (std::size_t b = 0; b < local.size(); ++b) {
    block_matrices(local[b], lanes);
    for (std::size_t l = 0; l < 4 && 4 * b + l < n; ++l) {
      const std::size_t i = 4 * b + l;
      const int p = parents[i];
      const detail::Columns parent = p < 0 ? root_columns : detail::load_columns(output[p]);
      detail::multiply_affine(parent, lanes[l], output[i]);
    }
  }
  return true;
}

}  // namespace anim
