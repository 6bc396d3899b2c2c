#include "foot_path.h"

#include <algorithm>
#include <cmath>

#include "demo_skeleton.h"
#include "shaping.h"

namespace anim::demo {
namespace {

constexpr float kHeelBack = 0.05f;  // Heel contact point behind the ankle.

glm::quat foot_rotation(float sign, float toe_out, float pitch) {
  return glm::angleAxis(sign * toe_out, glm::vec3(0, 1, 0)) *
         glm::angleAxis(pitch, glm::vec3(1, 0, 0));
}

// Foot pitch during stance at `t`, the fraction of stance done.
float stance_pitch(const FootPathParams& p, float t) {
  if (t < p.roll_in) return p.contact_pitch * (1.0f - smoothstep01(t / p.roll_in));
  if (t > p.heel_rise) {
    return p.toe_off_pitch * smoothstep01((t - p.heel_rise) / (1.0f - p.heel_rise));
  }
  return 0.0f;
}

// On the ground: the foot pivots about its heel (toes up) or its ball (heel up), whichever
// touches the ground, so that point stays planted while the foot rolls.
FootPose stance(const FootPathParams& p, float sign, float t) {
  const float pitch = stance_pitch(p, t);
  const glm::vec3 flat_ankle(sign * p.foot_x, kAnkleHeight, p.contact_z - p.stride * p.duty * t);
  const glm::quat yaw = foot_rotation(sign, p.toe_out, 0.0f);
  const glm::vec3 pivot = pitch < 0.0f ? glm::vec3(0.0f, -kAnkleHeight, -kHeelBack)
                                       : glm::vec3(0.0f, -kAnkleHeight, kToeForward);
  FootPose pose;
  pose.rotation = foot_rotation(sign, p.toe_out, pitch);
  pose.ankle = flat_ankle + yaw * pivot - pose.rotation * pivot;
  pose.toe_bend = -std::max(pitch, 0.0f);  // Toes stay flat on the ground.
  return pose;
}

float hermite(float p0, float m0, float p1, float m1, float t) {
  const float t2 = t * t, t3 = t2 * t;
  return (2 * t3 - 3 * t2 + 1) * p0 + (t3 - 2 * t2 + t) * m0 + (-2 * t3 + 3 * t2) * p1 +
         (t3 - t2) * m1;
}

// In the air: from where stance ended to where the next one begins, carried forwards and lifted.
FootPose swing(const FootPathParams& p, float sign, float s) {
  const FootPose from = stance(p, sign, 1.0f);
  const FootPose to = stance(p, sign, 0.0f);
  // Leave and land moving backwards a little, as a real foot does, so stance joins smoothly.
  const float ground = -p.stride * (1.0f - p.duty);
  const float blend = smoothstep01(s);
  const float bump_power = std::log(0.5f) / std::log(p.lift_peak);
  FootPose pose;
  pose.ankle.x = sign * p.foot_x;
  pose.ankle.z = hermite(from.ankle.z, 0.5f * ground, to.ankle.z, 0.3f * ground, s);
  pose.ankle.y = from.ankle.y + (to.ankle.y - from.ankle.y) * blend +
                 p.lift * std::sin(kPi * std::pow(s, bump_power));
  const float pitch = p.toe_off_pitch + (p.contact_pitch - p.toe_off_pitch) * blend;
  pose.rotation = foot_rotation(sign, p.toe_out, pitch);
  pose.toe_bend = from.toe_bend * (1.0f - smoothstep01(2.0f * s));
  return pose;
}

}  // namespace

FootPose foot_path(const FootPathParams& params, float sign, float leg_phase) {
  const float phase = leg_phase - std::floor(leg_phase);
  if (phase < params.duty) return stance(params, sign, phase / params.duty);
  return swing(params, sign, (phase - params.duty) / (1.0f - params.duty));
}

FootPose planted_foot(const glm::vec3& ankle, float sign, float toe_out) {
  FootPose pose;
  pose.ankle = ankle;
  pose.rotation = foot_rotation(sign, toe_out, 0.0f);
  return pose;
}

}  // namespace anim::demo
