#include "anim/inertialization.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

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
// it, so a joint moving through the target's place keeps moving and comes back.
InertialChannel capture(const glm::vec3& direction, float length, const glm::vec3& velocity,
                        float duration) {
  InertialChannel out;
  if (length > 0.0f) {
    out.direction = direction;
    out.decay = InertialDecay::make(length, glm::dot(velocity, direction), duration);
    return out;
  }
  float speed = 0.0f;
  split(velocity, &out.direction, &speed);
  out.decay = InertialDecay::make(0.0f, speed, duration);
  return out;
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
  d.v0 = v0;
  d.a0 = a0;
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
  for (std::size_t j = 0; j < offsets->joints_.size(); ++j) {
    const Transform p = previous[j / 4].get(j % 4);
    const Transform b = before[j / 4].get(j % 4);
    const Transform t = target[j / 4].get(j % 4);
    InertialOffsets::Joint& out = offsets->joints_[j];
    glm::vec3 direction;
    float length = 0.0f;
    split(p.translation - t.translation, &direction, &length);
    if (teleport_distance > 0.0f && length > teleport_distance) {
      out = InertialOffsets::Joint{};
      continue;
    }
    out.translation = capture(direction, length, (p.translation - b.translation) * rate, duration);
    split(p.scale - t.scale, &direction, &length);
    out.scale = capture(direction, length, (p.scale - b.scale) * rate, duration);
    // Rotations as the turn applied on top of the target (in the parent's space), and the
    // source's angular velocity the same way.
    axis_angle(p.rotation * glm::conjugate(t.rotation), &direction, &length);
    glm::vec3 spin_axis;
    float spin = 0.0f;
    axis_angle(p.rotation * glm::conjugate(b.rotation), &spin_axis, &spin);
    out.rotation = capture(direction, length, spin_axis * (spin * rate), duration);
  }
  return true;
}

bool InertializationJob::validate() const {
  if (offsets == nullptr) return false;
  const std::size_t joints = offsets->joint_count();
  return sizes_fit(joints, target) && output.size() == target.size() && std::isfinite(time);
}

bool InertializationJob::run() const {
  if (!validate()) return false;
  const std::size_t joints = offsets->joints_.size();
  for (std::size_t block = 0; block < target.size(); ++block) {
    SoaTransform out = target[block];
    for (std::size_t lane = 0; lane < 4 && block * 4 + lane < joints; ++lane) {
      const InertialOffsets::Joint& j = offsets->joints_[block * 4 + lane];
      Transform t = out.get(lane);
      t.translation += j.translation.direction * j.translation.decay.at(time);
      t.scale += j.scale.direction * j.scale.decay.at(time);
      const float angle = j.rotation.decay.at(time);
      if (angle != 0.0f) {
        const float half = 0.5f * angle;
        const glm::quat turn(std::cos(half), j.rotation.direction * std::sin(half));
        t.rotation = glm::normalize(turn * t.rotation);
      }
      out.set(lane, t);
    }
    output[block] = out;
  }
  return true;
}

}  // namespace anim
