#pragma once
// Rotations and vectors the IK jobs share (two_bone_ik.cpp, aim_ik.cpp): finite checks, safe
// normalization, the rotation between two directions, a model-space rotation seen from a joint's
// own axes, and the weighting of a correction. Private to anim_core.
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "finite.h"

namespace anim::detail {

// Lengths below this are treated as zero: a bone, an offset or a target distance of less than a
// micrometre (in metres) or a hundredth of one (in centimetres) gives no direction.
constexpr float kIkTiny = 1e-6f;
constexpr float kIkTinySquared = kIkTiny * kIkTiny;

// A matrix whose linear part can be inverted (its axes span space).
inline bool invertible_axes(const glm::mat4& m) {
  const float det = glm::determinant(glm::mat3(m));
  return finite(det) && std::fabs(det) > 1e-30f;
}

// The length of `v` and its direction, without overflow for components near the float limit.
// A vector shorter than kIkTiny has length 0 and direction 0.
struct LengthDirection {
  float length = 0.0f;
  glm::vec3 direction{0.0f};
};
inline LengthDirection length_direction(const glm::vec3& v) {
  const float largest = std::fmax(std::fabs(v.x), std::fmax(std::fabs(v.y), std::fabs(v.z)));
  if (!(largest > 0.0f)) return {};
  const glm::vec3 scaled = v / largest;  // Largest component 1: its square cannot overflow.
  const float scaled_length = std::sqrt(glm::dot(scaled, scaled));
  const float length = scaled_length * largest;
  if (!(length > kIkTiny)) return {};
  return {length, scaled / scaled_length};
}

// The direction of a vector whose length does not matter (an axis, a pole): any non-zero
// finite vector, however short or long, has one; zero (or an overflowing one) gives 0.
inline glm::vec3 direction_of(const glm::vec3& v) {
  const float largest = std::fmax(std::fabs(v.x), std::fmax(std::fabs(v.y), std::fabs(v.z)));
  if (!(largest > 0.0f) || !finite(largest)) return glm::vec3(0.0f);
  const glm::vec3 scaled = v / largest;
  return scaled / std::sqrt(glm::dot(scaled, scaled));
}

// The shortest rotation taking the unit vector `from` onto the unit vector `to`. Opposite
// vectors turn half a turn about an axis perpendicular to `from`.
inline glm::quat rotation_between(const glm::vec3& from, const glm::vec3& to) {
  const float c = glm::dot(from, to);
  if (c < -1.0f + 1e-6f) {
    // Any axis perpendicular to `from` will do: cross it with the axis it is least along.
    const glm::vec3 other = std::fabs(from.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    const glm::vec3 axis = glm::normalize(glm::cross(from, other));
    return glm::quat(0.0f, axis.x, axis.y, axis.z);
  }
  // (1 + cos, sin * axis) is the quaternion of twice the half angle; normalizing halves it.
  const glm::vec3 v = glm::cross(from, to);
  return glm::normalize(glm::quat(1.0f + c, v.x, v.y, v.z));
}

// The signed angle about the unit `axis` from `from` to `to`, both projected on the plane
// perpendicular to it; 0 when either projection is too short to have a direction.
inline float angle_about(const glm::vec3& axis, const glm::vec3& from, const glm::vec3& to) {
  const glm::vec3 x = from - axis * glm::dot(axis, from);
  const glm::vec3 y = to - axis * glm::dot(axis, to);
  if (glm::dot(x, x) < 1e-10f * glm::dot(from, from) || glm::dot(y, y) < 1e-10f * glm::dot(to, to))
    return 0.0f;
  return std::atan2(glm::dot(axis, glm::cross(x, y)), glm::dot(x, y));
}

// The rotation `model_rotation` (about a joint's origin, in model space) as a rotation of the
// joint's own axes `axes` (its model matrix's linear part): axes * result == model_rotation *
// axes. Exact for a rotation times a uniform scale, mirrored or not (a mirror turns the other
// way); an approximation under non-uniform scale.
inline glm::quat to_joint_axes(const glm::mat3& axes, const glm::quat& model_rotation) {
  const glm::vec3 v(model_rotation.x, model_rotation.y, model_rotation.z);
  const float sine = std::sqrt(glm::dot(v, v));
  if (!(sine > 0.0f)) return glm::quat(1, 0, 0, 0);
  // For a similarity the inverse is the transpose over the squared scale: same direction.
  const glm::vec3 local = glm::transpose(axes) * v;
  const float largest =
      std::fmax(std::fabs(local.x), std::fmax(std::fabs(local.y), std::fabs(local.z)));
  if (!(largest > 0.0f)) return glm::quat(1, 0, 0, 0);
  const glm::vec3 scaled = local / largest;  // Tiny or huge axes keep their precision.
  const float sign = glm::determinant(axes) < 0.0f ? -1.0f : 1.0f;
  const glm::vec3 axis = scaled * (sign * sine / std::sqrt(glm::dot(scaled, scaled)));
  return glm::normalize(glm::quat(model_rotation.w, axis.x, axis.y, axis.z));
}

// The rotation q scaled by `weight` along the shortest arc from the identity: weight 0 gives the
// identity exactly, 1 gives q (with w >= 0), 0.5 half its angle about the same axis.
inline glm::quat weighted(glm::quat q, float weight) {
  if (!(weight > 0.0f)) return glm::quat(1, 0, 0, 0);
  if (q.w < 0.0f) q = -q;
  if (weight >= 1.0f) return q;
  const glm::vec3 v(q.x, q.y, q.z);
  const float sine = std::sqrt(glm::dot(v, v));
  if (!(sine > 0.0f)) return glm::quat(1, 0, 0, 0);
  const float half = std::atan2(sine, q.w) * weight;
  const glm::vec3 axis = v * (std::sin(half) / sine);
  return glm::quat(std::cos(half), axis.x, axis.y, axis.z);
}

// A rotation of `angle` radians about the unit `axis`.
inline glm::quat about_axis(const glm::vec3& axis, float angle) {
  const float s = std::sin(0.5f * angle);
  return glm::quat(std::cos(0.5f * angle), axis.x * s, axis.y * s, axis.z * s);
}

// A chain's bend axis in the mid joint's own axes (`mid`, its model matrix): the animated bend's,
// from the upper bone to the lower one, when the chain is bent by more than a thousandth of a
// radian, else `fallback`.
inline glm::vec3 animated_bend_axis(const glm::vec3& upper, const glm::vec3& lower,
                                    const glm::mat4& mid, const glm::vec3& fallback) {
  const glm::vec3 bend = glm::cross(upper, lower);
  const float limit = 1e-3f * std::sqrt(glm::dot(upper, upper) * glm::dot(lower, lower));
  if (!(std::sqrt(glm::dot(bend, bend)) > limit) || !invertible_axes(mid)) return fallback;
  const glm::vec3 own = glm::inverse(glm::mat3(mid)) * bend;
  return finite(own) && glm::dot(own, own) > 0.0f ? own : fallback;
}

}  // namespace anim::detail
