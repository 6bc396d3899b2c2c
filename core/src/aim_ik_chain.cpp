#include "anim/aim_ik_chain.h"

#include <algorithm>
#include <cmath>

#include "aim_solve.h"
#include "ik_math.h"

namespace anim {

namespace {

// A rigid motion of model space: x -> rotation * x + translation.
struct Motion {
  glm::quat rotation{1, 0, 0, 0};
  glm::vec3 translation{0.0f};

  glm::vec3 point(const glm::vec3& x) const { return rotation * x + translation; }
  glm::vec3 vector(const glm::vec3& v) const { return rotation * v; }
  // This motion followed by the turn `r` about `pivot`.
  void then_turn(const glm::quat& r, const glm::vec3& pivot) {
    rotation = glm::normalize(r * rotation);
    translation = r * (translation - pivot) + pivot;
  }
};

}  // namespace

bool AimIkChainJob::validate() const {
  using detail::finite;
  const std::size_t n = joints.size();
  if (n == 0 || shares.size() != n || corrections.size() != n) return false;
  float sum = 0.0f;
  for (std::size_t i = 0; i < n; ++i) {
    if (!finite(shares[i]) || shares[i] < 0.0f) return false;
    if (!finite(joints[i]) || !detail::invertible_axes(joints[i])) return false;
    sum += shares[i];
  }
  if (!(std::fabs(sum - 1.0f) <= 1e-3f)) return false;
  if (!finite(target) || !finite(forward) || !finite(offset) || !finite(up)) return false;
  if (!finite(pole) || !finite(twist) || !finite(weight)) return false;
  for (std::size_t i = 0; i < n; ++i) {
    if (!finite(target - glm::vec3(joints[i][3]))) return false;
  }
  return glm::dot(forward, forward) > 0.0f;
}

bool AimIkChainJob::run() const {
  if (!validate()) return false;
  const std::size_t n = joints.size();
  const glm::mat4& last = joints[n - 1];
  const glm::mat3 last_axes(last);
  const glm::vec3 ray_origin = glm::vec3(last[3]) + last_axes * offset;
  const glm::vec3 ray_direction = detail::direction_of(last_axes * forward);
  const glm::vec3 ray_up = last_axes * up;

  Motion moved;  // What the joints solved so far did to the rest of the chain.
  float remaining = 1.0f;
  bool last_reached = false;
  for (std::size_t i = 0; i < n; ++i) {
    detail::AimRay ray;
    ray.pivot = moved.point(glm::vec3(joints[i][3]));
    ray.origin = moved.point(ray_origin);
    ray.direction = moved.vector(ray_direction);
    ray.up = moved.vector(ray_up);
    detail::AimTurn turn;
    if (glm::dot(ray_direction, ray_direction) > 0.0f) {
      turn = detail::solve_aim(ray, target, pole, twist);
    }
    const float fraction = i + 1 == n ? 1.0f : remaining > 0.0f ? shares[i] / remaining : 0.0f;
    remaining = std::max(remaining - shares[i], 0.0f);
    const glm::quat share = detail::weighted(turn.rotation, std::min(fraction, 1.0f));
    const glm::mat3 axes = glm::mat3_cast(moved.rotation) * glm::mat3(joints[i]);
    corrections[i] = detail::to_joint_axes(axes, share);
    moved.then_turn(share, ray.pivot);
    last_reached = turn.reached;
  }
  const float w = std::clamp(weight, 0.0f, 1.0f);
  bool usable = true;
  for (std::size_t i = 0; i < n; ++i) {
    corrections[i] = detail::weighted(corrections[i], w);
    usable = usable && detail::finite(corrections[i]);
  }
  // Finite inputs whose products overflow are the one way left to NaN: the chain keeps its pose.
  if (!usable) {
    for (glm::quat& c : corrections) c = glm::quat(1, 0, 0, 0);
  }
  if (reached != nullptr) *reached = usable && last_reached;
  return true;
}

}  // namespace anim
