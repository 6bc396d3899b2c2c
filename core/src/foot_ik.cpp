#include "anim/foot_ik.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>

#include "anim/two_bone_ik.h"
#include "ik_math.h"
#include "ik_write_back.h"
#include "index_checks.h"

namespace anim {

namespace {

using detail::index_in;

// Whether `ancestor` is above `joint` (not `joint` itself), in a parents-first hierarchy.
bool strictly_above(Span<const int16_t> parents, int ancestor, int joint) {
  for (int j = parents[joint]; j >= 0; j = parents[j]) {
    if (j == ancestor) return true;
  }
  return false;
}

bool valid_leg(const FootIkJob& job, const FootIkLeg& leg) {
  const std::size_t n = job.parents.size();
  if (!index_in(leg.hip, n) || !index_in(leg.knee, n) || !index_in(leg.ankle, n)) return false;
  if (!strictly_above(job.parents, job.pelvis, leg.hip)) return false;
  if (!strictly_above(job.parents, leg.hip, leg.knee)) return false;
  if (!strictly_above(job.parents, leg.knee, leg.ankle)) return false;
  if (!detail::finite(leg.foot_height) || !detail::finite(leg.planted)) return false;
  if (!detail::finite(leg.knee_axis) || !(glm::dot(leg.knee_axis, leg.knee_axis) > 0.0f)) {
    return false;
  }
  return detail::finite(job.model[leg.hip]) && detail::finite(job.model[leg.knee]) &&
         detail::finite(job.model[leg.ankle]);
}

// The ground's unit normal, or `up` for one that is zero, not finite or faces down.
glm::vec3 usable_normal(const glm::vec3& normal, const glm::vec3& up) {
  if (!detail::finite(normal)) return up;
  const glm::vec3 n = detail::direction_of(normal);
  return glm::dot(n, up) > 0.0f ? n : up;
}

// Step 1: the ground below the animated ankle and the ankle's target.
FootIkLegResult find_target(const FootIkJob& job, const FootIkLeg& leg, const glm::vec3& up,
                            float weight) {
  FootIkLegResult r;
  const glm::vec3 ankle(job.model[leg.ankle][3]);
  const glm::vec3 origin = ankle + up * job.cast_above;
  GroundHit hit;
  if (!detail::finite(origin) ||
      !job.ground.cast(job.ground.user, origin, -up, job.cast_above + job.cast_below, &hit) ||
      !detail::finite(hit.point)) {
    return r;
  }
  const glm::vec3 normal = usable_normal(hit.normal, up);
  const glm::vec3 target = hit.point + normal * leg.foot_height;
  if (!detail::finite(target)) return r;
  r.hit = true;
  r.normal = normal;
  r.target = target;
  r.weight = weight * std::clamp(leg.planted, 0.0f, 1.0f);
  return r;
}

// Step 2: the drop along up, and the pelvis' translation correction in its parent's space (zero
// when the parent's axes cannot be inverted).
float drop_needed(const FootIkJob& job, const glm::vec3& up) {
  float drop = 0.0f;
  for (std::size_t i = 0; i < job.legs.size(); ++i) {
    const FootIkLegResult& r = job.results[i];
    if (!(r.weight > 0.0f)) continue;
    const glm::vec3 ankle(job.model[job.legs[i].ankle][3]);
    const float below = r.weight * glm::dot(up, ankle - r.target);
    if (below > drop) drop = below;  // NaN (from an overflow) never wins.
  }
  return std::min(drop, job.max_pelvis_drop);
}

void lower_pelvis(const FootIkJob& job, const glm::vec3& up, float* drop) {
  if (!(*drop > 0.0f)) return;
  const int parent = job.parents[job.pelvis];
  const glm::mat4& axes = parent < 0 ? job.root : job.model[parent];
  IkCorrection move;
  move.joint = job.pelvis;
  if (detail::invertible_axes(axes)) {
    move.translation = glm::inverse(glm::mat3(axes)) * (-up * *drop);
  }
  if (!detail::finite(move.translation) || move.translation == glm::vec3(0.0f)) {
    *drop = 0.0f;
    return;
  }
  detail::apply_ik_corrections(job.parents, {&move, 1}, job.root, job.local, job.model);
}

// Step 3: two-bone IK of one leg, written back. False when the solve refused its inputs.
bool solve_leg(const FootIkJob& job, const FootIkLeg& leg, FootIkLegResult* r) {
  const glm::mat4 hip = job.model[leg.hip], knee = job.model[leg.knee];
  const glm::vec3 h(hip[3]), k(knee[3]), a(job.model[leg.ankle][3]);
  const glm::vec3 along = detail::direction_of(a - h);
  IkCorrection turns[2];
  turns[0].joint = leg.hip;
  turns[1].joint = leg.knee;
  TwoBoneIkJob ik;
  ik.start = hip;
  ik.mid = knee;
  ik.end = job.model[leg.ankle];
  ik.target = r->target;
  ik.pole = (k - h) - along * glm::dot(k - h, along);  // Zero for a straight leg: plane kept.
  ik.mid_axis = detail::animated_bend_axis(k - h, a - k, knee, leg.knee_axis);
  ik.soften = job.soften;
  ik.weight = r->weight;
  ik.start_correction = &turns[0].rotation;
  ik.mid_correction = &turns[1].rotation;
  ik.reached = &r->reached;
  if (!ik.run()) return false;
  detail::apply_ik_corrections(job.parents, {turns, 2}, job.root, job.local, job.model);
  return true;
}

// Step 4: the ankle's model-space orientation set to the animated one (`animated`, before the
// leg's turns) turned from up toward the normal by the leg's weight.
void align_ankle(const FootIkJob& job, const FootIkLeg& leg, const glm::mat3& animated,
                 const glm::vec3& up, const FootIkLegResult& r) {
  const glm::mat3 now(job.model[leg.ankle]);
  if (!detail::invertible_axes(glm::mat4(now))) return;
  // Same scale and handedness before and after (only rotations above changed it): a rotation.
  const glm::quat undo = glm::normalize(glm::quat_cast(animated * glm::inverse(now)));
  const glm::quat tilt = detail::weighted(detail::rotation_between(up, r.normal), r.weight);
  IkCorrection turn;
  turn.joint = leg.ankle;
  turn.rotation = detail::to_joint_axes(now, tilt * undo);
  if (!detail::finite(turn.rotation)) return;
  detail::apply_ik_corrections(job.parents, {&turn, 1}, job.root, job.local, job.model);
}

}  // namespace

bool FootIkJob::validate() const {
  using detail::finite;
  if (!detail::valid_ik_hierarchy(parents, local.size(), model.size())) return false;
  if (ground.cast == nullptr || results.size() != legs.size()) return false;
  if (!index_in(pelvis, parents.size()) || !finite(root) || !finite(model[pelvis])) return false;
  if (parents[pelvis] >= 0 && !finite(model[parents[pelvis]])) return false;
  if (!finite(up) || !(glm::dot(up, up) > 0.0f)) return false;
  if (!finite(weight) || !finite(soften)) return false;
  if (!finite(max_pelvis_drop) || !(max_pelvis_drop >= 0.0f)) return false;
  if (!finite(cast_above) || !(cast_above >= 0.0f)) return false;
  if (!finite(cast_below) || !(cast_below >= 0.0f) || !finite(cast_above + cast_below)) {
    return false;
  }
  for (const FootIkLeg& leg : legs) {
    if (!valid_leg(*this, leg)) return false;
  }
  return true;
}

bool FootIkJob::run() const {
  if (!validate()) return false;
  const glm::vec3 u = detail::direction_of(up);
  const float w = std::clamp(weight, 0.0f, 1.0f);
  for (std::size_t i = 0; i < legs.size(); ++i) results[i] = find_target(*this, legs[i], u, w);
  float drop = drop_needed(*this, u);
  lower_pelvis(*this, u, &drop);
  if (pelvis_drop != nullptr) *pelvis_drop = drop;
  for (std::size_t i = 0; i < legs.size(); ++i) {
    FootIkLegResult& r = results[i];
    if (!(r.weight > 0.0f)) continue;
    const glm::mat3 animated(model[legs[i].ankle]);
    if (!solve_leg(*this, legs[i], &r)) {
      r.weight = 0.0f;
      r.reached = false;
      continue;
    }
    align_ankle(*this, legs[i], animated, u, r);
  }
  return true;
}

}  // namespace anim
