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
  const glm::vec3 n = detail::length_direction(mid_axes * mid_axis).direction;
  const detail::LengthDirection to_target = detail::length_direction(target - s);

  // Mid joint: the turn about n giving the softened distance, on the positive-bend branch.
  const BendCurve curve = bend_curve(a, b, n);
  const float reach = std::sqrt(curve.base + 2.0f * curve.amplitude);
  const float closest = std::sqrt(std::max(curve.base - 2.0f * curve.amplitude, 0.0f));
  const float distance = softened(to_target.length, reach, soften);
  glm::quat mid_turn = identity;
  if (curve.amplitude > detail::kIkTinySquared && glm::dot(n, n) > 0.0f) {
    const float wanted = (distance * distance - curve.base) / (2.0f * curve.amplitude);
    float delta = curve.phase + std::acos(std::clamp(wanted, -1.0f, 1.0f));
    if (delta > kPi) delta -= 2.0f * kPi;
    mid_turn = detail::about_axis(n, delta);
  }
  if (reached != nullptr) {
    const float farthest = soften < 1.0f ? std::max(soften, 0.0f) * reach : reach;
    const float slack = 1e-6f * reach;  // Float rounding of the reach itself.
    *reached = to_target.length <= farthest + slack && to_target.length >= closest - slack &&
               curve.amplitude > detail::kIkTinySquared;
  }

  // Start joint: the end onto the target line, the mid joint towards the pole, then the twist.
  glm::quat start_turn = identity;
  const glm::vec3 u = to_target.direction;
  const glm::vec3 end_now = detail::length_direction(a + mid_turn * b).direction;
  if (glm::dot(u, u) > 0.0f && glm::dot(end_now, end_now) > 0.0f) {
    const glm::quat aim = detail::rotation_between(end_now, u);
    const glm::vec3 plane_normal = glm::cross(pole, u);  // Mid on the pole's side: see the header.
    const float plane_angle = glm::dot(n, n) > 0.0f && glm::dot(plane_normal, plane_normal) > 0.0f
                                  ? detail::angle_about(u, aim * n, plane_normal)
                                  : 0.0f;
    start_turn = detail::about_axis(u, twist + plane_angle) * aim;
  }

  const float w = std::clamp(weight, 0.0f, 1.0f);
  const glm::quat start_out =
      detail::weighted(detail::to_joint_axes(glm::mat3(start), start_turn), w);
  const glm::quat mid_out = detail::weighted(detail::to_joint_axes(mid_axes, mid_turn), w);
  // Finite inputs whose products overflow (joints 1e20 apart) are the one way left to NaN: such a
  // chain keeps its pose rather than pass it on.
  if (!detail::finite(start_out) || !detail::finite(mid_out)) {
    if (reached != nullptr) *reached = false;
    return true;
  }
  *start_correction = start_out;
  *mid_correction = mid_out;
  return true;
}

}  // namespace anim
