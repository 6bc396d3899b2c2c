#include "anim/layer_blending.h"

#include <cmath>
#include <cstdint>

#include "simd4.h"
#include "soa_rows.h"

namespace anim {
namespace {

using simd::F4;

using detail::Quat4;
using detail::rotations_of;

F4 dot(const Quat4& a, const Quat4& b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }

// (1 - t) a + t b on the shortest arc, normalized; `a` where the sum vanishes.
Quat4 nlerp(const Quat4& a, const Quat4& b, F4 t) {
  const F4 s = simd::negate_where(simd::less(dot(a, b), simd::zero()), t);
  const F4 u = simd::splat(1.0f) - t;
  const Quat4 q{a.x * u + b.x * s, a.y * u + b.y * s, a.z * u + b.z * s, a.w * u + b.w * s};
  const F4 len2 = dot(q, q);
  const simd::M4 ok = simd::greater(len2, simd::zero());
  const F4 inv = simd::rsqrt(simd::max(len2, simd::splat(1e-30f)));
  return {simd::select(ok, q.x * inv, a.x), simd::select(ok, q.y * inv, a.y),
          simd::select(ok, q.z * inv, a.z), simd::select(ok, q.w * inv, a.w)};
}

// The Hamilton product a * b (glm's order: b applied first).
Quat4 multiply(const Quat4& a, const Quat4& b) {
  return {
      a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
      a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

Quat4 select(simd::M4 m, const Quat4& a, const Quat4& b) {
  return {simd::select(m, a.x, b.x), simd::select(m, a.y, b.y), simd::select(m, a.z, b.z),
          simd::select(m, a.w, b.w)};
}

void store_rotation(const Quat4& q, SoaTransform& b) {
  simd::store(b.rx, q.x);
  simd::store(b.ry, q.y);
  simd::store(b.rz, q.z);
  simd::store(b.rw, q.w);
}

// Row r of a block (0..2 translation, 3..6 rotation, 7..9 scale), as floats from its start.
float* row(SoaTransform& b, int r) { return &b.tx[0] + 4 * r; }
const float* row(const SoaTransform& b, int r) { return &b.tx[0] + 4 * r; }

void override_block(const SoaTransform& layer, F4 t, simd::M4 active, SoaTransform& out) {
  for (int r : {0, 1, 2, 7, 8, 9}) {
    const F4 o = simd::load(row(out, r));
    const F4 v = o + (simd::load(row(layer, r)) - o) * t;
    simd::store(row(out, r), simd::select(active, v, o));
  }
  const Quat4 o = rotations_of(out), l = rotations_of(layer);
  const Quat4 q = select(simd::less(t, simd::splat(1.0f)), nlerp(o, l, t), l);
  store_rotation(select(active, q, o), out);
}

void additive_block(const SoaTransform& delta, F4 t, simd::M4 active, SoaTransform& out) {
  const F4 one = simd::splat(1.0f);
  for (int r : {0, 1, 2}) {
    const F4 o = simd::load(row(out, r));
    simd::store(row(out, r), simd::select(active, o + simd::load(row(delta, r)) * t, o));
  }
  for (int r : {7, 8, 9}) {
    const F4 o = simd::load(row(out, r));
    const F4 v = o * (one + (simd::load(row(delta, r)) - one) * t);
    simd::store(row(out, r), simd::select(active, v, o));
  }
  const Quat4 o = rotations_of(out), d = rotations_of(delta);
  const Quat4 identity{simd::zero(), simd::zero(), simd::zero(), one};
  // d itself at exactly t = 1, d^t by normalized lerp from the identity otherwise.
  const Quat4 part = nlerp(identity, d, t);
  const Quat4 r = select(simd::less(t, one), part, select(simd::greater(t, one), part, d));
  store_rotation(select(active, multiply(o, r), o), out);
}

}  // namespace

std::vector<float> resolve_layer_mask(const LayerMaskDef& mask, const Skeleton& skeleton) {
  const std::size_t n = skeleton.joint_count();
  // Per joint: +1 listed in include, -1 in exclude, 0 neither (exclude wins a joint in both).
  std::vector<int> listed(n, 0);
  for (std::size_t j = 0; j < n; ++j) {
    for (const std::string& name : mask.include) {
      if (skeleton.names[j] == name) listed[j] = 1;
    }
    for (const std::string& name : mask.exclude) {
      if (skeleton.names[j] == name) listed[j] = -1;
    }
  }
  std::vector<float> weights(n, mask.include.empty() ? 1.0f : 0.0f);
  // Parents come before their children, so each joint's parent is settled when it is reached.
  std::vector<int> decided(n, 0);  // The nearest listed ancestor-or-self's mark.
  for (std::size_t j = 0; j < n; ++j) {
    const int parent = skeleton.parents[j];
    decided[j] = listed[j] != 0 ? listed[j] : parent >= 0 ? decided[parent] : 0;
    if (decided[j] != 0) weights[j] = decided[j] > 0 ? 1.0f : 0.0f;
  }
  return weights;
}

bool LayerBlendingJob::validate() const {
  const std::size_t blocks = output.size();
  if (layer.size() != blocks || !(weight >= 0.0f) || !std::isfinite(weight)) return false;
  if (!mask.empty() && soa_block_count(mask.size()) != blocks) return false;
  for (float m : mask) {
    if (!(m >= 0.0f) || !std::isfinite(m)) return false;
  }
  // The output must not overlap the layer: a block is written before the next is read.
  const auto in = reinterpret_cast<std::uintptr_t>(layer.data());
  const auto out = reinterpret_cast<std::uintptr_t>(output.data());
  const std::uintptr_t bytes = blocks * sizeof(SoaTransform);
  return blocks == 0 || !(in < out + bytes && out < in + bytes);
}

bool LayerBlendingJob::run() const {
  if (!validate()) return false;
  for (std::size_t b = 0; b < output.size(); ++b) {
    alignas(16) float t[4];
    bool any = false;
    for (std::size_t l = 0; l < 4; ++l) {
      const std::size_t j = 4 * b + l;
      t[l] = mask.empty() ? weight : (j < mask.size() ? weight * mask[j] : 0.0f);
      any = any || t[l] > 0.0f;
    }
    if (!any) continue;  // Masked out: not even read.
    const F4 t4 = simd::load(t);
    const simd::M4 active = simd::greater(t4, simd::zero());
    if (mode == LayerBlend::kOverride) {
      override_block(layer[b], t4, active, output[b]);
    } else {
      additive_block(layer[b], t4, active, output[b]);
    }
  }
  return true;
}

bool AdditiveDeltaJob::validate() const {
  return reference.size() == pose.size() && output.size() == pose.size();
}

bool AdditiveDeltaJob::run() const {
  if (!validate()) return false;
  const F4 one = simd::splat(1.0f), zero = simd::zero();
  for (std::size_t b = 0; b < pose.size(); ++b) {
    const SoaTransform& p = pose[b];
    const SoaTransform& r = reference[b];
    SoaTransform& d = output[b];
    // Each row is read before it is written: the output may be the pose.
    const Quat4 rr = rotations_of(r);
    const Quat4 q = multiply({zero - rr.x, zero - rr.y, zero - rr.z, rr.w}, rotations_of(p));
    for (int i : {0, 1, 2}) {
      simd::store(row(d, i), simd::load(row(p, i)) - simd::load(row(r, i)));
    }
    for (int i : {7, 8, 9}) {
      const F4 rs = simd::load(row(r, i));
      const simd::M4 nonzero = simd::greater(simd::abs(rs), zero);
      const F4 ratio = simd::load(row(p, i)) / simd::select(nonzero, rs, one);
      simd::store(row(d, i), simd::select(nonzero, ratio, one));
    }
    store_rotation(q, d);
  }
  return true;
}

}  // namespace anim
