#include "anim/two_bone_ik.h"

#include <algorithm>
#include <cmath>

#include "ik_math.h"

namespace anim {

namespace {

constexpr float kPi = 3.14159265358979323846f;

// How the start-to-end distance varies as the lower bone b turns by delta about the unit axis n
// at the mid joint, with a the upper bone: |a + R(delta) b|^2 = base + 2 amplitude cos(delta -
// phase). Splitting b along n (unchanged by the turn) and across it gives the three terms.
struct BendCurve {
  float base = 0.0f;
  float amplitude = 0.0f;
  float phase = 0.0f;
};

BendCurve bend_curve(const glm::vec3& a, const glm::vec3& b, const glm::vec3& n) {
  const glm::vec3 along = n * glm::dot(b, n);
  const glm::vec3 across = b - along;
  const float cos_term = glm::dot(a, across);
  const float sin_term = glm::dot(a, glm::cross(n, across));
  BendCurve c;
  c.base = glm::dot(a, a) + glm::dot(b, b) + 2.0f * glm::dot(a, along);
  c.amplitude = std::sqrt(cos_term * cos_term + sin_term * sin_term);
  c.phase = std::atan2(sin_term, cos_term);
  return c;
}

// The start-to-target distance the end aims at: `distance` pulled in past soften * reach (see
// TwoBoneIkJob::soften).
float softened(float distance, float reach, float soften) {
  const float start = std::clamp(soften, 0.0f, 1.0f) * reach;
  const float span = reach - start;
  if (!(span > 0.0f) || distance <= start) return distance;
  return start + span * (1.0f - std::exp(-(distance - start) / span));
}

// The mid joint's turn about n that puts the end `distance` from the start, on the branch where
// the knee bends by a positive rotation about n (see the header).
glm::quat bend_for(const BendCurve& curve, const glm::vec3& n, float distance) {
  const float wanted = (distance * distance - curve.base) / (2.0f * curve.amplitude);
  float delta = curve.phase + std::acos(std::clamp(wanted, -1.0f, 1.0f));
  if (delta > kPi) delta -= 2.0f * kPi;  // The shorter way round, for the weighting.
  return detail::about_axis(n, delta);
}

// The start joint's turn: the start-to-end vector `reach_vector` (after the bend) onto the unit
// direction `u` to the target, then about u until the bend axis n lies along pole x u, then the
// twist. With the knee bending positively about n, the mid joint sits on the u x n side of the
// start-to-end line, and u x (pole x u) is the pole's part across u: the pole's side. Identity
// when there is no direction to aim at; no plane turn for a pole along u or of zero length.
glm::quat swing_for(const glm::vec3& reach_vector, const glm::vec3& n, const glm::vec3& u,
                    const glm::vec3& pole, float twist) {
  const glm::vec3 end_now = detail::length_direction(reach_vector).direction;
  if (!(glm::dot(u, u) > 0.0f) || !(glm::dot(end_now, end_now) > 0.0f)) {
    return glm::quat(1, 0, 0, 0);
  }
  const glm::quat aim = detail::rotation_between(end_now, u);
  const glm::vec3 plane_normal = glm::cross(pole, u);
  const float plane_angle = glm::dot(n, n) > 0.0f && glm::dot(plane_normal, plane_normal) > 0.0f
                                ? detail::angle_about(u, aim * n, plane_normal)
                                : 0.0f;
  return detail::about_axis(u, twist + plane_angle) * aim;
}

}  // namespace

bool TwoBoneIkJob::validate() const {
  using detail::finite;
  if (start_correction == nullptr || mid_correction == nullptr) return false;
  if (!finite(start) || !finite(mid) || !finite(end)) return false;
  if (!finite(target) || !finite(pole) || !finite(mid_axis)) return false;
  if (!finite(twist) || !finite(soften) || !finite(weight)) return false;
  if (!finite(target - glm::vec3(start[3]))) return false;
  if (!(glm::dot(mid_axis, mid_axis) > 0.0f)) return false;
  return detail::invertible_axes(start) && detail::invertible_axes(mid);
}

bool TwoBoneIkJob::run() const {
  if (!validate()) return false;
  const glm::quat identity(1, 0, 0, 0);
  *start_correction = identity;
  *mid_correction = identity;
  if (reached != nullptr) *reached = false;

  const glm::vec3 s(start[3]), m(mid[3]), e(end[3]);
  const glm::vec3 a = m - s, b = e - m;
  if (glm::dot(a, a) < detail::kIkTinySquared || glm::dot(b, b) < detail::kIkTinySquared) {
    return true;  // A zero-length bone has no direction to turn.
  }
  const glm::mat3 mid_axes(mid);
  const glm::vec3 n = detail::direction_of(mid_axes * mid_axis);
  const detail::LengthDirection to_target = detail::length_direction(target - s);
  const BendCurve curve = bend_curve(a, b, n);
  const bool can_bend = curve.amplitude > detail::kIkTinySquared && glm::dot(n, n) > 0.0f;
  const float reach = std::sqrt(curve.base + 2.0f * curve.amplitude);

  const glm::quat mid_turn =
      can_bend ? bend_for(curve, n, softened(to_target.length, reach, soften)) : identity;
  const glm::quat start_turn =
      swing_for(a + mid_turn * b, n, to_target.direction, detail::direction_of(pole), twist);
  const float w = std::clamp(weight, 0.0f, 1.0f);
  const glm::quat start_out =
      detail::weighted(detail::to_joint_axes(glm::mat3(start), start_turn), w);
  const glm::quat mid_out = detail::weighted(detail::to_joint_axes(mid_axes, mid_turn), w);
  // Finite inputs whose products overflow (joints 1e20 apart) are the one way left to NaN: such a
  // chain keeps its pose rather than pass it on.
  if (!detail::finite(start_out) || !detail::finite(mid_out)) return true;
  *start_correction = start_out;
  *mid_correction = mid_out;
  if (reached != nullptr) {
    const float closest = std::sqrt(std::max(curve.base - 2.0f * curve.amplitude, 0.0f));
    const float farthest = soften < 1.0f ? std::max(soften, 0.0f) * reach : reach;
    const float slack = 1e-6f * reach;  // Float rounding of the reach itself.
    *reached =
        can_bend && to_target.length <= farthest + slack && to_target.length >= closest - slack;
  }
  return true;
}

}  // namespace anim
