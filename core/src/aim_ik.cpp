#include "anim/aim_ik.h"

#include <algorithm>

#include "aim_solve.h"
#include "ik_math.h"

namespace anim {

bool AimIkJob::validate() const {
  using detail::finite;
  if (correction == nullptr) return false;
  if (!finite(joint) || !finite(target) || !finite(forward) || !finite(offset)) return false;
  if (!finite(up) || !finite(pole) || !finite(twist) || !finite(weight)) return false;
  if (!finite(target - glm::vec3(joint[3]))) return false;
  if (!(glm::dot(forward, forward) > 0.0f)) return false;
  return detail::invertible_axes(joint);
}

bool AimIkJob::run() const {
  if (!validate()) return false;
  const glm::mat3 axes(joint);
  detail::AimRay ray;
  ray.pivot = glm::vec3(joint[3]);
  ray.origin = ray.pivot + axes * offset;
  ray.direction = detail::direction_of(axes * forward);
  ray.up = axes * up;
  detail::AimTurn turn;
  if (glm::dot(ray.direction, ray.direction) > 0.0f)
    turn = detail::solve_aim(ray, target, pole, twist);
  const glm::quat out =
      detail::weighted(detail::to_joint_axes(axes, turn.rotation), std::clamp(weight, 0.0f, 1.0f));
  // Finite inputs whose products overflow are the one way left to NaN: the joint keeps its pose.
  const bool usable = detail::finite(out);
  *correction = usable ? out : glm::quat(1, 0, 0, 0);
  if (reached != nullptr) *reached = usable && turn.reached;
  return true;
}

}  // namespace anim
