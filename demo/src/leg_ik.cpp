#include "leg_ik.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>

namespace anim::demo {
namespace {

// Angle opposite side `c` in a triangle with sides a, b, c.
float opposite_angle(float a, float b, float c) {
  return std::acos(std::clamp((a * a + b * b - c * c) / (2.0f * a * b), -1.0f, 1.0f));
}

// A unit vector perpendicular to `dir` in the plane of `dir` and `hint`.
glm::vec3 perpendicular_towards(const glm::vec3& dir, const glm::vec3& hint) {
  glm::vec3 p = hint - dir * glm::dot(hint, dir);
  if (glm::dot(p, p) < 1e-10f) p = glm::vec3(0, 0, 1) - dir * dir.z;
  return glm::normalize(p);
}

}  // namespace

LegRotations solve_leg(const LegChain& leg, const LegGoal& goal) {
  const float a = leg.thigh_length, b = leg.shin_length;
  const glm::vec3 hip = goal.hips_position + goal.hips_rotation * leg.hip_offset;
  glm::vec3 to_ankle = goal.ankle - hip;
  float distance = glm::length(to_ankle);
  const glm::vec3 dir = distance > 1e-6f ? to_ankle / distance : glm::vec3(0, -1, 0);
  distance = std::clamp(distance, std::fabs(a - b) + 1e-4f, (a + b) * 0.9999f);

  // The knee lies off the hip-ankle line towards knee_direction, forming the triangle a, b, d.
  const glm::vec3 bend = perpendicular_towards(dir, goal.knee_direction);
  const float hip_angle = opposite_angle(a, distance, b);
  const float knee_bend = 3.14159265f - opposite_angle(a, b, distance);
  const glm::vec3 thigh_dir = dir * std::cos(hip_angle) + bend * std::sin(hip_angle);
  const glm::vec3 thigh_forward = bend * std::cos(hip_angle) - dir * std::sin(hip_angle);

  // The thigh's frame: its bone runs along -Y and the knee bends about X, forwards being +Z.
  const glm::vec3 y_axis = -thigh_dir;
  const glm::vec3 z_axis = thigh_forward;
  const glm::quat thigh_model =
      glm::quat_cast(glm::mat3(glm::cross(y_axis, z_axis), y_axis, z_axis));
  LegRotations out;
  out.thigh = glm::normalize(glm::inverse(goal.hips_rotation) * thigh_model);
  // A positive turn about X swings the shin's -Y bone backwards.
  out.shin = glm::angleAxis(knee_bend, glm::vec3(1, 0, 0));
  out.foot = glm::normalize(glm::inverse(thigh_model * out.shin) * goal.foot);
  return out;
}

}  // namespace anim::demo
