#include "anim/soa_blending.h"

#include <cmath>

#include "simd4.h"

namespace anim {
namespace {

using simd::F4;

// The weights of one layer for the four joints of block b: its weight times its mask, 0 past
// the last joint.
inline F4 lane_weights(const SoaBlendLayer& layer, std::size_t b) {
  if (layer.joint_weights.empty()) return simd::splat(layer.weight);
  alignas(16) float w[4] = {0, 0, 0, 0};
  for (std::size_t l = 0; l < 4 && 4 * b + l < layer.joint_weights.size(); ++l) {
    w[l] = layer.weight * layer.joint_weights[4 * b + l];
  }
  return simd::load(w);
}

}  // namespace

bool SoaBlendingJob::validate() const {
  const std::size_t blocks = output.size();
  if (rest.size() != blocks) return false;
  for (const SoaBlendLayer& layer : layers) {
    if (layer.pose.size() != blocks || !(layer.weight >= 0.0f) || !std::isfinite(layer.weight)) {
      return false;
    }
    if (!layer.joint_weights.empty() && soa_block_count(layer.joint_weights.size()) != blocks) {
      return false;
    }
    for (float m : layer.joint_weights) {
      if (!(m >= 0.0f) || !std::isfinite(m)) return false;
    }
  }
  return true;
}

bool SoaBlendingJob::run() const {
  if (!validate()) return false;
  for (std::size_t b = 0; b < output.size(); ++b) {
    F4 t[3] = {simd::zero(), simd::zero(), simd::zero()};
    F4 s[3] = {simd::zero(), simd::zero(), simd::zero()};
    F4 r[4] = {simd::zero(), simd::zero(), simd::zero(), simd::zero()};
    F4 total = simd::zero();
    for (const SoaBlendLayer& layer : layers) {
      const F4 w = lane_weights(layer, b);
      const SoaTransform& in = layer.pose[b];
      const F4 ix = simd::load(in.rx), iy = simd::load(in.ry);
      const F4 iz = simd::load(in.rz), iw = simd::load(in.rw);
      // Flip onto the running sum's hemisphere so two signs of one rotation do not cancel.
      const F4 d = r[0] * ix + r[1] * iy + r[2] * iz + r[3] * iw;
      const F4 wr = simd::negate_where(simd::less(d, simd::zero()), w);
      r[0] = simd::madd(ix, wr, r[0]);
      r[1] = simd::madd(iy, wr, r[1]);
      r[2] = simd::madd(iz, wr, r[2]);
      r[3] = simd::madd(iw, wr, r[3]);
      t[0] = simd::madd(simd::load(in.tx), w, t[0]);
      t[1] = simd::madd(simd::load(in.ty), w, t[1]);
      t[2] = simd::madd(simd::load(in.tz), w, t[2]);
      s[0] = simd::madd(simd::load(in.sx), w, s[0]);
      s[1] = simd::madd(simd::load(in.sy), w, s[1]);
      s[2] = simd::madd(simd::load(in.sz), w, s[2]);
      total = total + w;
    }
    const F4 len2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3];
    // Lanes with no weight, or whose rotations cancelled exactly, take the rest pose.
    const simd::M4 blended = simd::greater(total, simd::zero()) & simd::greater(len2, simd::zero());
    const F4 inv_total = simd::splat(1.0f) / simd::max(total, simd::splat(1e-30f));
    const F4 inv_len = simd::rsqrt(simd::max(len2, simd::splat(1e-30f)));
    const SoaTransform& base = rest[b];
    SoaTransform& out = output[b];
    float* const rows_t[3] = {out.tx, out.ty, out.tz};
    const float* const rest_t[3] = {base.tx, base.ty, base.tz};
    float* const rows_s[3] = {out.sx, out.sy, out.sz};
    const float* const rest_s[3] = {base.sx, base.sy, base.sz};
    float* const rows_r[4] = {out.rx, out.ry, out.rz, out.rw};
    const float* const rest_r[4] = {base.rx, base.ry, base.rz, base.rw};
    for (int c = 0; c < 3; ++c) {
      simd::store(rows_t[c], simd::select(blended, t[c] * inv_total, simd::load(rest_t[c])));
      simd::store(rows_s[c], simd::select(blended, s[c] * inv_total, simd::load(rest_s[c])));
    }
    for (int c = 0; c < 4; ++c) {
      simd::store(rows_r[c], simd::select(blended, r[c] * inv_len, simd::load(rest_r[c])));
    }
  }
  return true;
}

}  // namespace anim
