#include "anim/inertialization.h"

#include <algorithm>
#include <cmath>

#include "prefetch.h"
#include "simd4.h"
#include "soa_rows.h"

namespace anim {
namespace {

using detail::blocks_fit;
using simd::F4;
using simd::M4;

// Four joints' 3-vectors, one row per axis.
struct Vec4 {
  F4 x, y, z;
};

Vec4 rows_of(const float (&x)[4], const float (&y)[4], const float (&z)[4]) {
  return {simd::load(x), simd::load(y), simd::load(z)};
}
Vec4 operator-(const Vec4& a, const Vec4& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Vec4 operator*(const Vec4& a, F4 k) { return {a.x * k, a.y * k, a.z * k}; }
F4 dot(const Vec4& a, const Vec4& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
Vec4 select(M4 m, const Vec4& a, const Vec4& b) {
  return {simd::select(m, a.x, b.x), simd::select(m, a.y, b.y), simd::select(m, a.z, b.z)};
}

// The direction and length of `v`; a zero direction and length where it is too short (or not
// finite) to have one.
void split(const Vec4& v, Vec4* direction, F4* length) {
  using namespace simd;
  const F4 l = sqrt(dot(v, v));
  const M4 ok = greater(l, splat(1e-12f)) & less(l, splat(INFINITY));
  // Divided, not multiplied by 1 / l: the same rounding as the scalar form the tests use.
  *direction = select(ok, Vec4{v.x / l, v.y / l, v.z / l}, Vec4{zero(), zero(), zero()});
  *length = select(ok, l, zero());
}

// atan2(y, x) for y > 0 and x >= 0 (lanes with y = 0 give anything; the caller drops them), in
// [0, pi/2], within about 2e-7 relative: reduced to |r| <= tan(pi/8) by the angles 0, pi/4 and
// pi/2 (one division picks the part), then atan r = r + r z P(z), z = r^2, with P fitted for the
// least largest relative error on that interval (Lawson's weighted least squares, 2e-8 before
// float rounding). No libm call, no branch: four joints in a handful of instructions.
F4 atan2_first_quadrant(F4 y, F4 x) {
  using namespace simd;
  constexpr float kTanEighth = 0.414213562f, kQuarterPi = 0.785398163f;
  const M4 low = less(y, x * splat(kTanEighth));   // atan < pi/8: r = y / x.
  const M4 high = less(x, y * splat(kTanEighth));  // atan > 3pi/8: pi/2 - atan(x / y).
  const F4 num = select(low, y, select(high, zero() - x, y - x));
  const F4 den = select(low, x, select(high, y, y + x));
  const F4 base = select(low, zero(), select(high, splat(2.0f * kQuarterPi), splat(kQuarterPi)));
  const F4 r = num / den, z = r * r;
  const F4 p = splat(-0.333329491f) +
               z * (splat(0.199777101f) + z * (splat(-0.138776797f) + z * splat(0.0805372534f)));
  return base + (r + r * z * p);
}

using detail::Quat4;
using detail::rotations_of;

// a * conjugate(b): the turn that takes b to a (applied on the left, in the parent's space).
// The terms in glm's order, so the product rounds as the per-joint form (and the tests) do.
Quat4 turn_from(const Quat4& a, const Quat4& b) {
  const F4 x = a.x * b.w - a.w * b.x - a.y * b.z + a.z * b.y;
  const F4 y = a.y * b.w - a.w * b.y - a.z * b.x + a.x * b.z;
  const F4 z = a.z * b.w - a.w * b.z - a.x * b.y + a.y * b.x;
  const F4 w = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
  return {x, y, z, w};
}

// The rotation `q` as an axis and an angle in [0, pi] (the shorter way round); zero for no
// turn.
void axis_angle(Quat4 q, Vec4* axis, F4* angle) {
  using namespace simd;
  const M4 flip = less(q.w, zero());
  const Vec4 v{negate_where(flip, q.x), negate_where(flip, q.y), negate_where(flip, q.z)};
  F4 s;
  split(v, axis, &s);
  const F4 a = splat(2.0f) * atan2_first_quadrant(s, negate_where(flip, q.w));
  *angle = select(greater(s, zero()), a, zero());
}

// InertialDecay::make for four offsets at once, its early returns as lane masks: x0 (finite,
// >= 0: a length or an angle from above) and v0 in, the rows x0, p1, p2, 1 / t1 out, and true
// where there is something to decay.
M4 decay(F4 x0, F4 v0, F4 duration, F4* p1, F4* p2, F4* inverse_t1) {
  using namespace simd;
  // Neither offset nor speed, or a speed that is not finite: nothing to decay.
  M4 ok = greater(x0 + abs(v0), zero()) & less(abs(v0), splat(INFINITY));
  // Moving towards zero fast enough to cross it: arrive sooner instead.
  const M4 towards = less(v0, zero()) & greater(x0, zero());
  const F4 t1 = select(towards, min(splat(-5.0f) * x0 / v0, duration), duration);
  ok = ok & greater(t1, splat(1e-6f));
  const F4 t1_squared = t1 * t1;
  const F4 a0 = max((splat(-8.0f) * v0 * t1 - splat(20.0f) * x0) / t1_squared, zero());
  // x(0) = x0, x'(0) = v0 and x''(0) = a0 in u = t / t1 (speeds times t1, accelerations times
  // t1^2).
  const F4 speed = v0 * t1, acceleration = a0 * t1 * t1;
  *p1 = speed + splat(3.0f) * x0;
  *p2 = splat(0.5f) * acceleration + splat(3.0f) * speed + splat(6.0f) * x0;
  *inverse_t1 = splat(1.0f) / t1;
  return ok;
}

// A channel's decay from its offset (direction times length) and the source's velocity: the
// velocity along the offset's direction. With no offset, the velocity's own direction carries
// it, so a joint moving through the target's place keeps moving and comes back. Lanes outside
// `keep` and without a decay get all-zero rows. Returns the lanes with a decay, as bits, and
// their least 1 / t1 in `least_inverse_t1`.
uint32_t capture(const Vec4& direction, F4 length, const Vec4& velocity, F4 duration, M4 keep,
                 float (&rows)[7][4], float* least_inverse_t1) {
  using namespace simd;
  Vec4 own;
  F4 speed;
  split(velocity, &own, &speed);
  const M4 offset = greater(length, zero());
  const Vec4 along = select(offset, direction, own);
  const F4 v0 = select(offset, dot(velocity, direction), speed);
  F4 p1, p2, inverse_t1;
  const M4 has = decay(length, v0, duration, &p1, &p2, &inverse_t1) & keep;
  const F4 values[7] = {along.x, along.y, along.z, length, p1, p2, inverse_t1};
  for (int row = 0; row < 7; ++row) store(rows[row], select(has, values[row], zero()));
  alignas(16) float inverse[4];
  store(inverse, select(has, inverse_t1, splat(INFINITY)));
  const uint32_t lanes = simd::bits(has);
  *least_inverse_t1 =
      lanes != 0 ? std::min(std::min(inverse[0], inverse[1]), std::min(inverse[2], inverse[3]))
                 : 0.0f;
  return lanes;
}

// A channel's decayed offset at `time` for four joints: (1 - u)^3 (x0 + (p1 + p2 u) u) with
// u = time / t1 held to [0, 1] (so exactly 0 from t1 on, and for a channel without offset).
F4 decayed(const float (&rows)[7][4], F4 time) {
  using namespace simd;
  const F4 u = min(max(time * load(rows[6]), zero()), splat(1.0f));
  const F4 rest = splat(1.0f) - u;
  return rest * rest * rest * (load(rows[3]) + (load(rows[4]) + load(rows[5]) * u) * u);
}

// sin and cos of four angles, held to [-pi, pi] (a turn of more than one full circle within a
// transition is held at one). From g = |h| - pi/2 in [-pi/2, pi/2]: sin |h| = cos g and
// cos |h| = -sin g, with sin g = g + g z S(z) and cos g = 1 + z C(z), z = g^2, S and C fitted
// for the least largest error on that interval (Lawson's weighted least squares: 5e-9 and 5e-8
// before float rounding; the Taylor series took three terms more for as much).
void sin_cos(F4 h, F4* sin_out, F4* cos_out) {
  using namespace simd;
  constexpr float kPi = 3.14159265358979f;
  h = min(max(h, splat(-kPi)), splat(kPi));
  const F4 g = abs(h) - splat(0.5f * kPi), z = g * g;
  const F4 s =
      splat(-0.166666571f) +
      z * (splat(0.00833301729f) + z * (splat(-0.000198066151f) + z * splat(2.60005456e-06f)));
  const F4 c =
      splat(-0.499999323f) +
      z * (splat(0.0416639895f) + z * (splat(-0.00138559273f) + z * splat(2.31943885e-05f)));
  *sin_out = negate_where(less(h, zero()), splat(1.0f) + z * c);
  *cos_out = zero() - (g + g * z * s);
}

// Whether a channel has neither offset nor speed in any of the four joints, for certain: both
// squared lengths under 1e-26, well inside what split() takes as none (lengths up to 1e-12), so
// that capture() would write all-zero rows. Most blocks neither move nor scale; this spares
// their channels the square roots and divisions.
bool still(const Vec4& offset, const Vec4& velocity) {
  using namespace simd;
  const F4 tiny = splat(1e-26f);
  return (bits(greater(dot(offset, offset), tiny)) |
          bits(greater(dot(velocity, velocity), tiny))) == 0;
}

// capture() of a still channel: all-zero rows and no decay.
uint32_t capture_nothing(float (&rows)[7][4], float* least_inverse_t1) {
  for (auto& row : rows) simd::store(row, simd::zero());
  *least_inverse_t1 = 0.0f;
  return 0;
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

void InertialOffsets::prefetch() const {
  for (const Block& b : blocks_) detail::prefetch_bytes(&b, 16 + sizeof(b.rows[0]), 2);
}

InertialOffsets::ChannelOffset InertialOffsets::offset(std::size_t joint, Channel channel) const {
  const auto& rows = blocks_[joint / 4].rows[channel];
  const std::size_t lane = joint % 4;
  ChannelOffset out;
  out.direction = glm::vec3(rows[kDirX][lane], rows[kDirY][lane], rows[kDirZ][lane]);
  out.x0 = rows[kX0][lane];
  out.p1 = rows[kP1][lane];
  out.p2 = rows[kP2][lane];
  out.inverse_t1 = rows[kInverseT1][lane];
  return out;
}

bool InertializationStartJob::validate() const {
  if (offsets == nullptr) return false;
  const std::size_t joints = offsets->joint_count();
  return blocks_fit(joints, previous) && blocks_fit(joints, before) && blocks_fit(joints, target) &&
         duration > 0.0f && std::isfinite(duration) && teleport_distance >= 0.0f;
}

bool InertializationStartJob::run() const {
  using namespace simd;
  if (!validate()) return false;
  using Offsets = InertialOffsets;
  // A bad step captures no velocity (the offsets still decay, from rest).
  const F4 rate = splat(dt > 0.0f && std::isfinite(dt) ? 1.0f / dt : 0.0f);
  const F4 length_of_decay = splat(duration);
  offsets->duration_ = duration;
  for (std::size_t i = 0; i < offsets->blocks_.size(); ++i) {
    const SoaTransform &p = previous[i], &b = before[i], &t = target[i];
    Offsets::Block& block = offsets->blocks_[i];
    // The lanes past the last joint get no offset.
    const std::size_t lanes = std::min<std::size_t>(4, offsets->joints_ - 4 * i);
    uint32_t keep = (1u << lanes) - 1u;
    const Vec4 p_t = rows_of(p.tx, p.ty, p.tz);
    const Vec4 moved = p_t - rows_of(t.tx, t.ty, t.tz);
    const Vec4 moving_at = (p_t - rows_of(b.tx, b.ty, b.tz)) * rate;
    const bool still_t = still(moved, moving_at);
    Vec4 direction{zero(), zero(), zero()};
    F4 length = zero();
    if (!still_t) split(moved, &direction, &length);
    // Joints too far away get no offset at all: a cut.
    if (teleport_distance > 0.0f) keep &= ~simd::bits(greater(length, splat(teleport_distance)));
    const M4 kept = lane_mask(keep);
    uint32_t moving = 0;
    const auto note = [&moving](uint32_t lanes_with_decay, Offsets::Channel channel) {
      if (lanes_with_decay != 0) moving |= 1u << channel;
    };
    auto& t_rows = block.rows[Offsets::kTranslation];
    float* t_least = &block.least_inverse_t1[Offsets::kTranslation];
    note(still_t ? capture_nothing(t_rows, t_least)
                 : capture(direction, length, moving_at, length_of_decay, kept, t_rows, t_least),
         Offsets::kTranslation);
    const Vec4 p_s = rows_of(p.sx, p.sy, p.sz);
    const Vec4 grown = p_s - rows_of(t.sx, t.sy, t.sz);
    const Vec4 growing_at = (p_s - rows_of(b.sx, b.sy, b.sz)) * rate;
    const bool still_s = still(grown, growing_at);
    if (!still_s) split(grown, &direction, &length);
    auto& s_rows = block.rows[Offsets::kScale];
    float* s_least = &block.least_inverse_t1[Offsets::kScale];
    note(still_s ? capture_nothing(s_rows, s_least)
                 : capture(direction, length, growing_at, length_of_decay, kept, s_rows, s_least),
         Offsets::kScale);
    // Rotations as the turn applied on top of the target (in the parent's space), and the
    // source's angular velocity the same way.
    const Quat4 p_r = rotations_of(p);
    axis_angle(turn_from(p_r, rotations_of(t)), &direction, &length);
    Vec4 spin_axis;
    F4 spin;
    axis_angle(turn_from(p_r, rotations_of(b)), &spin_axis, &spin);
    note(capture(direction, length, spin_axis * (spin * rate), length_of_decay, kept,
                 block.rows[Offsets::kRotation], &block.least_inverse_t1[Offsets::kRotation]),
         Offsets::kRotation);
    block.moving = moving;
  }
  return true;
}

bool InertializationJob::validate() const {
  if (offsets == nullptr) return false;
  const std::size_t joints = offsets->joint_count();
  return blocks_fit(joints, target) && output.size() == target.size() && std::isfinite(time);
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
    // only turn: their translation and scale are skipped), and so do those whose decays have
    // all ended (a joint swinging towards its target arrives before the duration).
    const auto decaying = [&block, this](Offsets::Channel c) {
      return (block.moving & (1u << c)) && time * block.least_inverse_t1[c] < 1.0f;
    };
    if (decaying(Offsets::kTranslation)) {
      // The target plus the offset along its direction; likewise scale.
      const auto& tr = block.rows[Offsets::kTranslation];
      const F4 move = decayed(tr, t);
      store(out.tx, load(in.tx) + load(tr[0]) * move);
      store(out.ty, load(in.ty) + load(tr[1]) * move);
      store(out.tz, load(in.tz) + load(tr[2]) * move);
    }
    if (decaying(Offsets::kScale)) {
      const auto& sc = block.rows[Offsets::kScale];
      const F4 grow = decayed(sc, t);
      store(out.sx, load(in.sx) + load(sc[0]) * grow);
      store(out.sy, load(in.sy) + load(sc[1]) * grow);
      store(out.sz, load(in.sz) + load(sc[2]) * grow);
    }
    if (!decaying(Offsets::kRotation)) continue;
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
    if (all(turned)) {  // Most blocks while the transition runs: no selects needed.
      store(out.rx, x);
      store(out.ry, y);
      store(out.rz, z);
      store(out.rw, w);
      continue;
    }
    store(out.rx, select(turned, x, qx));
    store(out.ry, select(turned, y, qy));
    store(out.rz, select(turned, z, qz));
    store(out.rw, select(turned, w, qw));
  }
  return true;
}

}  // namespace anim
