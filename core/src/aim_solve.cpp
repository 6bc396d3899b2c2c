#include "aim_solve.h"

#include <algorithm>
#include <cmath>

#include "ik_math.h"

namespace anim::detail {

AimTurn solve_aim(const AimRay& ray, const glm::vec3& target, const glm::vec3& pole, float twist) {
  AimTurn turn;
  const LengthDirection to_target = length_direction(target - ray.pivot);
  if (!(to_target.length > 0.0f)) return turn;
  const glm::vec3 u = to_target.direction;

  // The ray's points are o + s f, at distance |o + s f| from the pivot; a turn about the pivot
  // keeps that distance, so the point that can land on the target is the one as far from the
  // pivot as the target: s = -(o.f) + sqrt(|d|^2 - |o across f|^2), needing s >= 0.
  const glm::vec3 o = ray.origin - ray.pivot;
  const glm::vec3 f = ray.direction;
  const float along = glm::dot(o, f);
  const glm::vec3 across = o - f * along;
  // Scaled by the target's distance so that huge targets keep their squares finite.
  const float scale = 1.0f / to_target.length;
  const float gap = 1.0f - glm::dot(across * scale, across * scale);
  const float ahead = -along * scale + std::sqrt(std::max(gap, 0.0f));
  const float slack = 1e-6f;
  turn.reached = gap >= -slack && ahead >= -slack;
  const glm::vec3 point = o + f * (std::max(ahead, 0.0f) * to_target.length);
  const glm::vec3 from = length_direction(point).direction;
  if (!(glm::dot(from, from) > 0.0f)) {
    turn.reached = false;
    return turn;
  }
  const glm::quat aim = rotation_between(from, u);
  // Directions only: normalized first so that huge ones keep their squares finite.
  const float roll = angle_about(u, aim * direction_of(ray.up), direction_of(pole));
  turn.rotation = about_axis(u, twist + roll) * aim;
  return turn;
}

}  // namespace anim::detail
