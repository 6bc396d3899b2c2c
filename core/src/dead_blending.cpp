#include "anim/dead_blending.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include "prefetch.h"
#include "simd4.h"
#include "soa_rows.h"

namespace anim {
namespace {

using detail::blocks_fit;
using simd::F4;

// `v` itself, or zero when it is not finite (a step so short its velocity overflows).
glm::vec3 finite_or_zero(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z) ? v : glm::vec3(0.0f);
}

// The shorter turn from `from` to `to` in the parent's space, as a unit axis and an angle in
// [0, pi]; a zero axis and angle when there is no turn to speak of.
void turn_between(const glm::quat& from, const glm::quat& to, glm::vec3* axis, float* angle) {
  glm::quat d = to * glm::conjugate(from);
  if (d.w < 0.0f) d = -d;  // The same rotation, the shorter way round.
  const glm::vec3 v(d.x, d.y, d.z);
  const float s = glm::length(v);
  if (s > 0.0f && std::isfinite(s)) {
    *axis = v / s;
    *angle = 2.0f * std::atan2(s, d.w);  // Accurate for small angles too (unlike acos).
  } else {
    *axis = glm::vec3(0.0f);
    *angle = 0.0f;
  }
}

// How far a velocity carries the pose `time` seconds after the switch when it dies away at
// `lambda` (ln 2 / half-life): the integral of exp(-lambda s) over [0, time],
// (1 - exp(-lambda time)) / lambda. expm1 keeps it exact at 0 and accurate while lambda time is
// small. Float is enough: its error is relative, a few units in the last place.
float decayed_time(float time, float lambda) { return -std::expm1(-lambda * time) / lambda; }

// sin and cos of four half angles h >= 0, both with the sign of cos(k pi) for some whole k: the
// angles are brought to r = h - k pi in [-pi/2, pi/2], where the Taylor series to r^11 and r^12
// are within 1e-7. A quaternion and its negation are the same rotation, so the shared sign does
// not matter to the caller. Half angles past 2^16 pi (a joint spinning tens of thousands of turns
// within the transition) are held there.
[[gnu::always_inline]] inline void sin_cos_up_to_sign(F4 h, F4* sin_out, F4* cos_out) {
  using namespace simd;
  constexpr float kInversePi = 0.318309886183790672f;
  // pi in two parts (Cody and Waite): k times the first is exact for k below 2^16, so the
  // reduction loses nothing beyond the second's rounding.
  constexpr float kPiHigh = 3.140625f, kPiLow = 9.67653589793e-4f;
  // Adding and taking away 1.5 * 2^23 rounds to the nearest whole number (float addition rounds
  // to nearest even at that magnitude); the tree is not built with fast-math, which could fold
  // it away.
  constexpr float kRound = 12582912.0f;
  h = min(h, splat(65536.0f * kPiHigh));
  const F4 k = (h * splat(kInversePi) + splat(kRound)) - splat(kRound);
  const F4 r = (h - k * splat(kPiHigh)) - k * splat(kPiLow), r2 = r * r;
  *sin_out = r * (splat(1.0f) +
                  r2 * (splat(-1.0f / 6) +
                        r2 * (splat(1.0f / 120) +
                              r2 * (splat(-1.0f / 5040) +
                                    r2 * (splat(1.0f / 362880) + r2 * splat(-1.0f / 39916800))))));
  *cos_out = splat(1.0f) +
             r2 * (splat(-0.5f) +
                   r2 * (splat(1.0f / 24) +
                         r2 * (splat(-1.0f / 720) +
                               r2 * (splat(1.0f / 40320) + r2 * (splat(-1.0f / 3628800) +
                                                                 r2 * splat(1.0f / 479001600))))));
}

// One block of the source, extrapolated: rows as in SoaTransform.
struct Extrapolated {
  F4 tx, ty, tz, rx, ry, rz, rw, sx, sy, sz;
};

// The block's pose moved `f` seconds' worth (decayed_time) along its velocities. Joints that do
// not move or turn keep their pose's values exactly: a zero speed gives sin 0 = 0 and cos 0 = 1.
// A template only so that the source's private block type need not be named outside it. Forced
// inline, as is sin_cos_up_to_sign: GCC at -O2 called both, passing the ten rows through memory
// (about 10% of BM_DeadBlend).
template <class Block>
[[gnu::always_inline]] inline Extrapolated extrapolate(const Block& b, F4 f) {
  using namespace simd;
  const SoaTransform& p = b.pose;
  Extrapolated e;
  e.tx = madd(load(b.velocity[0]), f, load(p.tx));
  e.ty = madd(load(b.velocity[1]), f, load(p.ty));
  e.tz = madd(load(b.velocity[2]), f, load(p.tz));
  e.sx = madd(load(b.scale_velocity[0]), f, load(p.sx));
  e.sy = madd(load(b.scale_velocity[1]), f, load(p.sy));
  e.sz = madd(load(b.scale_velocity[2]), f, load(p.sz));
  // The turn by speed * f about the axis, then the pose's rotation: (c, a s) * q.
  F4 s, c;
  sin_cos_up_to_sign(load(b.speed) * f * splat(0.5f), &s, &c);
  const F4 ax = load(b.axis[0]) * s, ay = load(b.axis[1]) * s, az = load(b.axis[2]) * s;
  const F4 qx = load(p.rx), qy = load(p.ry), qz = load(p.rz), qw = load(p.rw);
  e.rw = c * qw - ax * qx - ay * qy - az * qz;
  e.rx = c * qx + ax * qw + ay * qz - az * qy;
  e.ry = c * qy - ax * qz + ay * qw + az * qx;
  e.rz = c * qz + ax * qy - ay * qx + az * qw;
  return e;
}

void store(const Extrapolated& e, SoaTransform& out) {
  simd::store(out.tx, e.tx);
  simd::store(out.ty, e.ty);
  simd::store(out.tz, e.tz);
  simd::store(out.rx, e.rx);
  simd::store(out.ry, e.ry);
  simd::store(out.rz, e.rz);
  simd::store(out.rw, e.rw);
  simd::store(out.sx, e.sx);
  simd::store(out.sy, e.sy);
  simd::store(out.sz, e.sz);
}

// `e` crossfaded into `target` by `w` (in (0, 1)), written to `out` (which may be `target`:
// every row of `target` is read before its own row is written, and the rotation's four rows
// before any of them).
void crossfade(const Extrapolated& e, const SoaTransform& target, F4 w, SoaTransform& out) {
  using namespace simd;
  const auto lerp = [w](F4 a, const float* b) { return madd(load(b) - a, w, a); };
  store(out.tx, lerp(e.tx, target.tx));
  store(out.ty, lerp(e.ty, target.ty));
  store(out.tz, lerp(e.tz, target.tz));
  store(out.sx, lerp(e.sx, target.sx));
  store(out.sy, lerp(e.sy, target.sy));
  store(out.sz, lerp(e.sz, target.sz));
  // nlerp on the target's hemisphere: the source is flipped where it points away, so the two
  // signs of one rotation never cancel and the blend takes the shorter way.
  const F4 bx = load(target.rx), by = load(target.ry), bz = load(target.rz), bw = load(target.rw);
  const M4 away = less(e.rx * bx + e.ry * by + e.rz * bz + e.rw * bw, zero());
  const F4 keep = negate_where(away, splat(1.0f) - w);
  const F4 x = e.rx * keep + bx * w, y = e.ry * keep + by * w;
  const F4 z = e.rz * keep + bz * w, qw = e.rw * keep + bw * w;
  // After the flip the two are within 90 degrees of each other as 4D vectors, so the blend's
  // length is at least sqrt((1 - w)^2 + w^2) > 0.7: the floor only keeps lanes finite that hold
  // no rotation at all (zeros past the last joint of a pose not made by to_soa).
  const F4 inverse_length = rsqrt(max(x * x + y * y + z * z + qw * qw, splat(1e-30f)));
  store(out.rx, x * inverse_length);
  store(out.ry, y * inverse_length);
  store(out.rz, z * inverse_length);
  store(out.rw, qw * inverse_length);
}

}  // namespace

DeadBlendSource::DeadBlendSource(std::size_t joints)
    : joints_(joints), blocks_(soa_block_count(joints)) {
  for (Block& b : blocks_) b.pose = SoaTransform::identity();
}

Transform DeadBlendSource::pose(std::size_t joint) const {
  return blocks_[joint / 4].pose.get(joint % 4);
}

void DeadBlendSource::prefetch() const {
  detail::prefetch_bytes(blocks_.data(), blocks_.size() * sizeof(Block), 64);
}

DeadBlendVelocity DeadBlendSource::velocity(std::size_t joint) const {
  const Block& b = blocks_[joint / 4];
  const std::size_t l = joint % 4;
  DeadBlendVelocity v;
  v.translation = glm::vec3(b.velocity[0][l], b.velocity[1][l], b.velocity[2][l]);
  v.angular = glm::vec3(b.axis[0][l], b.axis[1][l], b.axis[2][l]) * b.speed[l];
  v.scale = glm::vec3(b.scale_velocity[0][l], b.scale_velocity[1][l], b.scale_velocity[2][l]);
  return v;
}

bool DeadBlendStartJob::validate() const {
  if (source == nullptr) return false;
  const std::size_t joints = source->joint_count();
  return blocks_fit(joints, previous) && blocks_fit(joints, before) && half_life > 0.0f &&
         std::isfinite(half_life);
}

bool DeadBlendStartJob::run() const {
  if (!validate()) return false;
  const float rate = dt > 0.0f && std::isfinite(dt) ? 1.0f / dt : 0.0f;
  source->half_life_ = half_life;
  // Held to the largest float: a half-life too short to have a finite rate still gives f(0) = 0
  // (infinity times a time of 0 would not).
  const double lambda = 0.69314718055994530942 / static_cast<double>(half_life);
  source->lambda_ = static_cast<float>(std::min(lambda, double{FLT_MAX}));
  for (std::size_t i = 0; i < previous.size(); ++i) {
    // Lanes past the last joint keep what the constructor gave them: zero velocity.
    source->blocks_[i].pose = previous[i];
  }
  for (std::size_t j = 0; j < source->joints_; ++j) {
    const std::size_t l = j % 4;
    const Transform p = previous[j / 4].get(l);
    const Transform b = before[j / 4].get(l);
    DeadBlendSource::Block& block = source->blocks_[j / 4];
    const glm::vec3 move = finite_or_zero((p.translation - b.translation) * rate);
    const glm::vec3 grow = finite_or_zero((p.scale - b.scale) * rate);
    glm::vec3 axis;
    float angle = 0.0f;
    turn_between(b.rotation, p.rotation, &axis, &angle);
    float speed = angle * rate;
    if (!std::isfinite(speed) || speed == 0.0f) {
      speed = 0.0f;
      axis = glm::vec3(0.0f);
    }
    for (int c = 0; c < 3; ++c) {
      block.velocity[c][l] = move[c];
      block.axis[c][l] = axis[c];
      block.scale_velocity[c][l] = grow[c];
    }
    block.speed[l] = speed;
  }
  return true;
}

bool DeadBlendJob::validate() const {
  if (source == nullptr || !(source->half_life() > 0.0f)) return false;
  return blocks_fit(source->joint_count(), target) && output.size() == target.size() &&
         time >= 0.0f && std::isfinite(time) && weight >= 0.0f && weight <= 1.0f;
}

bool DeadBlendJob::run() const {
  if (!validate()) return false;
  // The ends are exact by taking them whole: a lerp and a renormalization at weight 1 would give
  // the target only to rounding.
  if (weight == 1.0f) {
    if (output.data() != target.data()) {
      for (std::size_t i = 0; i < target.size(); ++i) output[i] = target[i];
    }
    return true;
  }
  const F4 f = simd::splat(decayed_time(time, source->lambda_));
  const DeadBlendSource::Block* blocks = source->blocks_.data();
  if (weight == 0.0f) {
    for (std::size_t i = 0; i < output.size(); ++i) store(extrapolate(blocks[i], f), output[i]);
    return true;
  }
  const F4 w = simd::splat(weight);
  for (std::size_t i = 0; i < output.size(); ++i) {
    crossfade(extrapolate(blocks[i], f), target[i], w, output[i]);
  }
  return true;
}

}  // namespace anim
