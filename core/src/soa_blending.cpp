#include "anim/soa_blending.h"

#include <cmath>

#include "simd4.h"

namespace anim {
namespace {

using simd::F4;

// A weighted sum of blocks, turned into their blend by finish().
struct BlockSum {
  F4 tx, ty, tz, rx, ry, rz, rw, sx, sy, sz, total;

  BlockSum()
      : tx(simd::zero()),
        ty(tx),
        tz(tx),
        rx(tx),
        ry(tx),
        rz(tx),
        rw(tx),
        sx(tx),
        sy(tx),
        sz(tx),
        total(tx) {}

  // The first layer: nothing to flip toward yet.
  void start(const SoaTransform& in, F4 w) {
    rx = simd::load(in.rx) * w;
    ry = simd::load(in.ry) * w;
    rz = simd::load(in.rz) * w;
    rw = simd::load(in.rw) * w;
    tx = simd::load(in.tx) * w;
    ty = simd::load(in.ty) * w;
    tz = simd::load(in.tz) * w;
    sx = simd::load(in.sx) * w;
    sy = simd::load(in.sy) * w;
    sz = simd::load(in.sz) * w;
    total = w;
  }

  void add(const SoaTransform& in, F4 w) {
    const F4 ix = simd::load(in.rx), iy = simd::load(in.ry);
    const F4 iz = simd::load(in.rz), iw = simd::load(in.rw);
    // Flip onto the running sum's hemisphere so two signs of one rotation do not cancel.
    const F4 d = rx * ix + ry * iy + rz * iz + rw * iw;
    const F4 wr = simd::negate_where(simd::less(d, simd::zero()), w);
    rx = simd::madd(ix, wr, rx);
    ry = simd::madd(iy, wr, ry);
    rz = simd::madd(iz, wr, rz);
    rw = simd::madd(iw, wr, rw);
    tx = simd::madd(simd::load(in.tx), w, tx);
    ty = simd::madd(simd::load(in.ty), w, ty);
    tz = simd::madd(simd::load(in.tz), w, tz);
    sx = simd::madd(simd::load(in.sx), w, sx);
    sy = simd::madd(simd::load(in.sy), w, sy);
    sz = simd::madd(simd::load(in.sz), w, sz);
    total = total + w;
  }

  // Lanes with no weight, or whose rotations cancelled exactly, take the rest pose.
  void finish(const SoaTransform& rest, SoaTransform& out) const {
    const F4 len2 = rx * rx + ry * ry + rz * rz + rw * rw;
    const simd::M4 blended = simd::greater(total, simd::zero()) & simd::greater(len2, simd::zero());
    const F4 inv_total = simd::splat(1.0f) / simd::max(total, simd::splat(1e-30f));
    const F4 inv_len = simd::unit_rsqrt(simd::max(len2, simd::splat(1e-30f)));
    // Nearly always every lane is blended: then the rest pose is not read.
    const bool every_lane = simd::all(blended);
    auto put = [&](float* row, const float* rest_row, F4 v) {
      simd::store(row, every_lane ? v : simd::select(blended, v, simd::load(rest_row)));
    };
    put(out.tx, rest.tx, tx * inv_total);
    put(out.ty, rest.ty, ty * inv_total);
    put(out.tz, rest.tz, tz * inv_total);
    put(out.rx, rest.rx, rx * inv_len);
    put(out.ry, rest.ry, ry * inv_len);
    put(out.rz, rest.rz, rz * inv_len);
    put(out.rw, rest.rw, rw * inv_len);
    put(out.sx, rest.sx, sx * inv_total);
    put(out.sy, rest.sy, sy * inv_total);
    put(out.sz, rest.sz, sz * inv_total);
  }
};

// The weights of a masked layer for the four joints of block b: its weight times its mask, 0
// past the last joint.
F4 masked_weights(const SoaBlendLayer& layer, std::size_t b) {
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
  const SoaBlendLayer* first = layers.begin();
  const SoaBlendLayer* last = layers.end();
  for (std::size_t b = 0; b < output.size(); ++b) {
    BlockSum sum;
    for (const SoaBlendLayer* layer = first; layer != last; ++layer) {
      const F4 w =
          layer->joint_weights.empty() ? simd::splat(layer->weight) : masked_weights(*layer, b);
      if (layer == first) {
        sum.start(layer->pose[b], w);
      } else {
        sum.add(layer->pose[b], w);
      }
    }
    sum.finish(rest[b], output[b]);
  }
  return true;
}

}  // namespace anim
