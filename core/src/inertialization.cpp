#include "anim/inertialization.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include "simd4.h"

namespace anim {
namespace {

// The direction and length of `v`; a zero direction for a vector too short to have one.
void split(const glm::vec3& v, glm::vec3* direction, float* length) {
  const float l = glm::length(v);
  if (l > 1e-12f && std::isfinite(l)) {
    *direction = v / l;
    *length = l;
  } else {
    *direction = glm::vec3(0.0f);
    *length = 0.0f;
  }
}

// The rotation `q` as an axis and an angle in [0, pi] (the shorter way round).
void axis_angle(glm::quat q, glm::vec3* axis, float* angle) {
  if (q.w < 0.0f) q = -q;
  const glm::vec3 v(q.x, q.y, q.z);
  float s = 0.0f;
  split(v, axis, &s);
  *angle = s > 0.0f ? 2.0f * std::atan2(s, q.w) : 0.0f;
}

// A channel's decay from its offset (direction times length) and the source's velocity: the
// velocity along the offset's direction. With no offset, the velocity's own direction carries
// it, so a joint moving through the target's place keeps moving and comes back. True when the
// channel has an offset to decay.
bool capture(const glm::vec3& direction, float length, const glm::vec3& velocity, float duration,
             float (&rows)[7][4], std::size_t lane) {
  glm::vec3 along = direction;
  InertialDecay d;
  if (length > 0.0f) {
    d = InertialDecay::make(length, glm::dot(velocity, direction), duration);
  } else {
    float speed = 0.0f;
    split(velocity, &along, &speed);
    d = InertialDecay::make(0.0f, speed, duration);
  }
  if (!(d.t1 > 0.0f)) along = glm::vec3(0.0f);
  const float values[7] = {
      along.x, along.y, along.z, d.x0, d.p1, d.p2, d.t1 > 0.0f ? 1.0f / d.t1 : 0.0f};
  for (int row = 0; row < 7; ++row) rows[row][lane] = values[row];
  return d.t1 > 0.0f;
}

// A channel's decayed offset at `time` for four joints: (1 - u)^3 (x0 + (p1 + p2 u) u) with
// u = time / t1 held to [0, 1] (so exactly 0 from t1 on, and for a channel without offset).
simd::F4 decayed(const float (&rows)[7][4], simd::F4 time) {
  using namespace simd;
  const F4 u = min(max(time * load(rows[6]), zero()), splat(1.0f));
  const F4 rest = splat(1.0f) - u;
  return rest * rest * rest * (load(rows[3]) + (load(rows[4]) + load(rows[5]) * u) * u);
}

// sin and cos of four angles, held to [-pi, pi] (a turn of more than one full circle within a
// transition is held at one). From |h| - pi/2 in [-pi/2, pi/2], where the Taylor series to the
// 11th and 12th powers are within 1e-7: sin |h| = cos g, cos |h| = -sin g.
void sin_cos(simd::F4 h, simd::F4* sin_out, simd::F4* cos_out) {
  using namespace simd;
  constexpr float kPi = 3.14159265358979f;
  h = min(max(h, splat(-kPi)), splat(kPi));
  const F4 g = abs(h) - splat(0.5f * kPi), g2 = g * g;
  const F4 sin_g =
      g * (splat(1.0f) +
           g2 * (splat(-1.0f / 6) +
                 g2 * (splat(1.0f / 120) +
                       g2 * (splat(-1.0f / 5040) +
                             g2 * (splat(1.0f / 362880) + g2 * splat(-1.0f / 39916800))))));
  const F4 cos_g =
      splat(1.0f) +
      g2 * (splat(-0.5f) +
            g2 * (splat(1.0f / 24) +
                  g2 * (splat(-1.0f / 720) +
                        g2 * (splat(1.0f / 40320) +
                              g2 * (splat(-1.0f / 3628800) + g2 * splat(1.0f / 479001600))))));
  *sin_out = negate_where(less(h, zero()), cos_g);
  *cos_out = zero() - sin_g;
}

bool sizes_fit(std::size_t joints, Span<const SoaTransform> pose) {
  return pose.size() == soa_block_count(joints);
}

}  // namespace

InertialDecay InertialDecay::make(float x0, float v0, float duration) {
  InertialDecay d;
  if (!(x0 >= 0.0f) || !std::isfinite(x0) || !std::isfinite(v0) || !(duration > 0.0f) ||
      !std::isfinite(duration) || (x0 == 0.0f && v0 == 0.0f)) {
    return d;
  }
  float t1 = duration;
  // Moving towards zero fast enough to cross it: arrive sooner instead.
  if (v0 < 0.0f && x0 > 0.0f) t1 = std::min(t1, -5.0f * x0 / v0);
  if (!(t1 > 1e-6f)) return d;
  const float a0 = std::max(0.0f, (-8.0f * v0 * t1 - 20.0f * x0) / (t1 * t1));
  d.x0 = x0;
  d.t1 = t1;
  // x(0) = x0, x'(0) = v0 and x''(0) = a0 in u (speeds times t1, accelerations times t1^2).
  const float speed = v0 * t1, acceleration = a0 * t1 * t1;
  d.p1 = speed + 3.0f * x0;
  d.p2 = 0.5f * acceleration + 3.0f * speed + 6.0f * x0;
  return d;
}

float InertialDecay::at(float t) const {
  if (!(t < t1)) return 0.0f;  // Also a decay of nothing (t1 = 0).
  if (!(t > 0.0f)) return x0;
  const float u = t / t1, rest = 1.0f - u;
  return rest * rest * rest * (x0 + (p1 + p2 * u) * u);
}

bool InertializationStartJob::validate() const {
  if (offsets == nullptr) return false;
  const std::size_t joints = offsets->joint_count();
  return sizes_fit(joints, previous) && sizes_fit(joints, before) && sizes_fit(joints, target) &&
         duration > 0.0f && std::isfinite(duration) && teleport_distance >= 0.0f;
}

bool InertializationStartJob::run() const {
  if (!validate()) return false;
  // A bad step captures no velocity (the offsets still decay, from rest).
  const float rate = dt > 0.0f && std::isfinite(dt) ? 1.0f / dt : 0.0f;
  offsets->duration_ = duration;
  for (InertialOffsets::Block& block : offsets->blocks_) block.moving = 0;
  for (std::size_t j = 0; j < offsets->joints_; ++j) {
    const std::size_t lane = j % 4;
    const Transform p = previous[j / 4].get(lane);
    const Transform b = before[j / 4].get(lane);
    const Transform t = target[j / 4].get(lane);
    auto& rows = offsets->blocks_[j / 4].rows;
    glm::vec3 direction;
    float length = 0.0f;
    split(p.translation - t.translation, &direction, &length);
    if (teleport_distance > 0.0f && length > teleport_distance) {
      for (auto& channel : rows) {
        for (auto& row : channel) row[lane] = 0.0f;
      }
      continue;
    }
    using Offsets = InertialOffsets;
    uint32_t& moving = offsets->blocks_[j / 4].moving;
    const auto note = [&moving](bool has, Offsets::Channel channel) {
      if (has) moving |= 1u << channel;
    };
    note(capture(direction, length, (p.translation - b.translation) * rate, duration,
                 rows[Offsets::kTranslation], lane),
         Offsets::kTranslation);
    split(p.scale - t.scale, &direction, &length);
    note(capture(direction, length, (p.scale - b.scale) * rate, duration, rows[Offsets::kScale],
                 lane),
         Offsets::kScale);
    // Rotations as the turn applied on top of the target (in the parent's space), and the
    // source's angular velocity the same way.
    axis_angle(p.rotation * glm::conjugate(t.rotation), &direction, &length);
    glm::vec3 spin_axis;
    float spin = 0.0f;
    axis_angle(p.rotation * glm::conjugate(b.rotation), &spin_axis, &spin);
    note(capture(direction, length, spin_axis * (spin * rate), duration, rows[Offsets::kRotation],
                 lane),
         Offsets::kRotation);
  }
  return true;
}

bool InertializationJob::validate() const {
  if (offsets == nullptr) return false;
  const std::size_t joints = offsets->joint_count();
  return sizes_fit(joints, target) && output.size() == target.size() && std::isfinite(time);
}

bool InertializationJob::run() const {
  using namespace simd;
  if (!validate()) return false;
  using Offsets = InertialOffsets;
  const F4 t = splat(time), half = splat(0.5f);
  for (std::size_t i = 0; i < target.size(); ++i) {
    const Offsets::Block& block = offsets->blocks_[i];
    const SoaTransform& in = target[i];
    SoaTransform& out = output[i];
    if (&out != &in) out = in;
    // Channels without an offset in any of the four joints stay the target's (most joints
    // only turn: their translation and scale are skipped).
    if (block.moving & (1u << Offsets::kTranslation)) {
      // The target plus the offset along its direction; likewise scale.
      const auto& tr = block.rows[Offsets::kTranslation];
      const F4 move = decayed(tr, t);
      store(out.tx, load(in.tx) + load(tr[0]) * move);
      store(out.ty, load(in.ty) + load(tr[1]) * move);
      store(out.tz, load(in.tz) + load(tr[2]) * move);
    }
    if (block.moving & (1u << Offsets::kScale)) {
      const auto& sc = block.rows[Offsets::kScale];
      const F4 grow = decayed(sc, t);
      store(out.sx, load(in.sx) + load(sc[0]) * grow);
      store(out.sy, load(in.sy) + load(sc[1]) * grow);
      store(out.sz, load(in.sz) + load(sc[2]) * grow);
    }
    if (!(block.moving & (1u << Offsets::kRotation))) continue;
    // Rotation: the turn by the decayed angle about the offset's axis, then the target's (both
    // unit length, so their product is too, to rounding); lanes with no angle left keep the
    // target's rotation exactly.
    const auto& ro = block.rows[Offsets::kRotation];
    const F4 angle = decayed(ro, t);
    const F4 qx = load(in.rx), qy = load(in.ry), qz = load(in.rz), qw = load(in.rw);
    F4 s, c;
    sin_cos(angle * half, &s, &c);
    const F4 ax = load(ro[0]) * s, ay = load(ro[1]) * s, az = load(ro[2]) * s;
    const F4 w = c * qw - ax * qx - ay * qy - az * qz;
    const F4 x = c * qx + ax * qw + ay * qz - az * qy;
    const F4 y = c * qy - ax * qz + ay * qw + az * qx;
    const F4 z = c * qz + ax * qy - ay * qx + az * qw;
    const M4 turned = greater(abs(angle), zero());
    store(out.rx, select(turned, x, qx));
    store(out.ry, select(turned, y, qy));
    store(out.rz, select(turned, z, qz));
    store(out.rw, select(turned, w, qw));
  }
  return true;
}

}  // namespace anim
