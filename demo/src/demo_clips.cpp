#include "demo_clips.h"

#include <array>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include "demo_skeleton.h"
#include "foot_path.h"
#include "leg_ik.h"

namespace anim::demo {
namespace {

constexpr float kTwoPi = 6.28318530717959f;

// A whole-body pose: the hips' position and every joint's local rotation.
struct Pose {
  glm::vec3 hips_position{0.0f};
  std::array<glm::quat, kJointCount> rotations;
};

// Everything a walk or run needs besides its foot paths. Angles in degrees.
struct GaitStyle {
  const char* name;
  float duration;  // Seconds per cycle.
  FootPathParams feet;
  float hips_height, bob, bob_low_phase, sway;
  float hips_yaw, hips_roll, hips_pitch;
  float spine_pitch, chest_pitch, neck_pitch, head_pitch, head_nod;
  float arm_lower, arm_swing, arm_swing_offset, elbow, elbow_swing, wrist, shoulder_swing;
};

glm::quat turn(float degrees, const glm::vec3& axis) {
  return glm::angleAxis(glm::radians(degrees), axis);
}

// Yaw (about Y), then pitch (about X; positive leans forwards), then roll (about Z; positive
// raises the +X side), all in degrees.
glm::quat ypr(float yaw, float pitch, float roll) {
  return turn(yaw, {0, 1, 0}) * turn(pitch, {1, 0, 0}) * turn(roll, {0, 0, 1});
}

Pose rest_pose(const Skeleton& skeleton) {
  Pose pose;
  pose.hips_position = skeleton.rest[kHips].translation;
  for (int j = 0; j < kJointCount; ++j) pose.rotations[j] = skeleton.rest[j].rotation;
  return pose;
}

// Arm angles in degrees. `lower` drops the arm from the A-pose towards the body, `swing` moves
// it forwards, `elbow` and `wrist` bend forwards, `shrug` raises and `reach` pushes forwards the
// collarbone.
struct ArmAngles {
  float lower = 0, swing = 0, elbow = 0, wrist = 0, shrug = 0, reach = 0;
};

void pose_arm(Side side, const ArmAngles& a, Pose* pose) {
  const Limbs l = limbs(side);
  const float s = l.sign;
  pose->rotations[l.shoulder] = turn(-s * a.reach, {0, 1, 0}) * turn(s * a.shrug, {0, 0, 1});
  // The swing turns about the collarbone's X axis, so it stays a forwards swing however low the
  // arm hangs.
  pose->rotations[l.upper_arm] =
      turn(-a.swing, {1, 0, 0}) * turn(-s * a.lower, {0, 0, 1}) * arm_droop(side);
  pose->rotations[l.forearm] = turn(-s * a.elbow, {0, 1, 0});
  pose->rotations[l.hand] = turn(-s * a.wrist, {0, 1, 0});
}

void pose_leg(Side side, const FootPose& foot, Pose* pose) {
  const Limbs l = limbs(side);
  LegChain chain;
  chain.hip_offset = glm::vec3(l.sign * kHipWidth, -kHipDrop, 0.0f);
  chain.thigh_length = kThighLength;
  chain.shin_length = kShinLength;
  LegGoal goal;
  goal.hips_position = pose->hips_position;
  goal.hips_rotation = pose->rotations[kHips];
  goal.ankle = foot.ankle;
  goal.foot = foot.rotation;
  // Knees point between where the pelvis and the foot face.
  goal.knee_direction =
      goal.hips_rotation * glm::vec3(0, 0, 1) + foot.rotation * glm::vec3(0, 0, 1);
  const LegRotations r = solve_leg(chain, goal);
  pose->rotations[l.thigh] = r.thigh;
  pose->rotations[l.shin] = r.shin;
  pose->rotations[l.foot] = r.foot;
  pose->rotations[l.toe] = glm::angleAxis(foot.toe_bend, glm::vec3(1, 0, 0));
}

// Samples `pose_at(phase)` at kKeysPerSecond over one cycle; the last key repeats the first.
template <class PoseAt>
Clip bake(const char* name, float duration, const Skeleton& skeleton, PoseAt pose_at) {
  const int intervals = static_cast<int>(std::lround(duration * kKeysPerSecond));
  ClipBuilder builder(name, duration, skeleton.joint_count());
  Pose first, previous;
  for (int i = 0; i < intervals; ++i) {
    const float time = duration * static_cast<float>(i) / static_cast<float>(intervals);
    Pose pose = pose_at(static_cast<float>(i) / static_cast<float>(intervals));
    for (int j = 0; j < kJointCount; ++j) {
      // Neighbouring keys on one hemisphere, so the keys read smoothly in the tool.
      if (i > 0 && glm::dot(pose.rotations[j], previous.rotations[j]) < 0.0f) {
        pose.rotations[j] = -pose.rotations[j];
      }
      builder.add_rotation(j, time, pose.rotations[j]);
    }
    builder.add_translation(kHips, time, pose.hips_position);
    if (i == 0) first = pose;
    previous = pose;
  }
  // The closing key is the first one again, bit for bit, so the loop has no seam.
  for (int j = 0; j < kJointCount; ++j) builder.add_rotation(j, duration, first.rotations[j]);
  builder.add_translation(kHips, duration, first.hips_position);
  return builder.build();
}

// Walk and run: the same motion model with different amplitudes. Normalized time 0 is the left
// heel landing, 0.5 the right.
Pose gait_pose(const Skeleton& skeleton, const GaitStyle& g, float phase) {
  Pose pose = rest_pose(skeleton);
  const float stride_cos = std::cos(kTwoPi * phase);  // 1 when the left leg is forwards.
  // Sideways motions peak in the middle of the left foot's stance.
  const float side_sin = std::sin(kTwoPi * (phase - 0.5f * g.feet.duty + 0.25f));
  const float bob_cos = std::cos(2.0f * kTwoPi * (phase - g.bob_low_phase));  // 1 at the lows.

  pose.hips_position = glm::vec3(g.sway * side_sin, g.hips_height - g.bob * bob_cos, 0.0f);
  // The pelvis turns with the forward leg and dips on the side of the swinging leg.
  const float hips_yaw = -g.hips_yaw * stride_cos;
  const float hips_roll = g.hips_roll * side_sin;
  pose.rotations[kHips] = ypr(hips_yaw, g.hips_pitch, hips_roll);
  // The shoulders turn against the pelvis and the head keeps looking ahead.
  pose.rotations[kSpine] = ypr(-0.75f * hips_yaw, g.spine_pitch, -0.6f * hips_roll);
  pose.rotations[kChest] = ypr(-0.75f * hips_yaw, g.chest_pitch, -0.4f * hips_roll);
  pose.rotations[kNeck] = ypr(0.3f * hips_yaw, g.neck_pitch, 0.0f);
  pose.rotations[kHead] = ypr(0.2f * hips_yaw, g.head_pitch + g.head_nod * bob_cos, 0.0f);

  for (Side side : {Side::kLeft, Side::kRight}) {
    const float sign = limbs(side).sign;
    // Arms swing against their own side's leg.
    const float forwards = side == Side::kLeft ? -stride_cos : stride_cos;
    ArmAngles arm;
    arm.lower = g.arm_lower;
    arm.swing = g.arm_swing_offset + g.arm_swing * forwards;
    arm.elbow = g.elbow + g.elbow_swing * 0.5f * (forwards + 1.0f);
    arm.wrist = g.wrist;
    arm.reach = g.shoulder_swing * forwards;
    pose_arm(side, arm, &pose);
    const float leg_phase = side == Side::kLeft ? phase : phase + 0.5f;
    pose_leg(side, foot_path(g.feet, sign, leg_phase), &pose);
  }
  return pose;
}

GaitStyle walk_style() {
  GaitStyle g{};
  g.name = "Walk";
  g.duration = 1.1f;
  g.feet.stride = 1.0f;
  g.feet.duty = 0.62f;
  g.feet.contact_z = 0.30f;
  g.feet.foot_x = 0.085f;
  g.feet.contact_pitch = glm::radians(-12.0f);
  g.feet.toe_off_pitch = glm::radians(30.0f);
  g.feet.roll_in = 0.15f;
  g.feet.heel_rise = 0.55f;
  g.feet.lift = 0.06f;
  g.feet.lift_peak = 0.45f;
  g.feet.toe_out = glm::radians(4.0f);
  g.hips_height = 0.95f;
  g.bob = 0.02f;
  g.bob_low_phase = 0.0f;  // Lowest with both feet down, highest over the standing leg.
  g.sway = 0.02f;
  g.hips_yaw = 6.0f;
  g.hips_roll = 3.0f;
  g.hips_pitch = 3.0f;
  g.spine_pitch = 2.0f;
  g.chest_pitch = 0.0f;
  g.neck_pitch = -2.0f;
  g.head_pitch = -3.0f;
  g.head_nod = 1.5f;
  g.arm_lower = 38.0f;
  g.arm_swing = 16.0f;
  g.arm_swing_offset = 3.0f;
  g.elbow = 15.0f;
  g.elbow_swing = 10.0f;
  g.wrist = 6.0f;
  g.shoulder_swing = 2.0f;
  return g;
}

GaitStyle run_style() {
  GaitStyle g{};
  g.name = "Run";
  g.duration = 0.7f;
  g.feet.stride = 1.7f;
  g.feet.duty = 0.36f;
  g.feet.contact_z = 0.17f;
  g.feet.foot_x = 0.07f;
  g.feet.contact_pitch = glm::radians(-5.0f);
  g.feet.toe_off_pitch = glm::radians(35.0f);
  g.feet.roll_in = 0.2f;
  g.feet.heel_rise = 0.4f;
  g.feet.lift = 0.28f;
  g.feet.lift_peak = 0.35f;
  g.feet.toe_out = glm::radians(3.0f);
  g.hips_height = 0.94f;
  g.bob = 0.03f;
  g.bob_low_phase = 0.18f;  // Lowest in mid-stance, highest in flight.
  g.sway = 0.008f;
  g.hips_yaw = 9.0f;
  g.hips_roll = 2.0f;
  g.hips_pitch = 7.0f;
  g.spine_pitch = 4.0f;
  g.chest_pitch = 3.0f;
  g.neck_pitch = -6.0f;
  g.head_pitch = -8.0f;
  g.head_nod = 2.5f;
  g.arm_lower = 32.0f;
  g.arm_swing = 35.0f;
  g.arm_swing_offset = 6.0f;
  g.elbow = 80.0f;
  g.elbow_swing = 15.0f;
  g.wrist = 10.0f;
  g.shoulder_swing = 4.0f;
  return g;
}

Clip make_gait_clip(const Skeleton& skeleton, const GaitStyle& style) {
  return bake(style.name, style.duration, skeleton,
              [&](float phase) { return gait_pose(skeleton, style, phase); });
}

// Standing: one breath and one slow weight shift per cycle.
Pose idle_pose(const Skeleton& skeleton, float phase) {
  Pose pose = rest_pose(skeleton);
  const float angle = kTwoPi * phase;
  const float breath = std::sin(angle);
  const float shift = std::sin(angle);  // Towards the left foot first.
  pose.hips_position = glm::vec3(0.012f * shift, 0.972f - 0.002f * std::cos(2.0f * angle), 0.0f);
  const float hips_yaw = 1.5f * std::sin(angle + 0.4f);
  const float hips_roll = 1.5f * shift;  // The loaded side's hip rises.
  pose.rotations[kHips] = ypr(hips_yaw, 1.0f, hips_roll);
  pose.rotations[kSpine] = ypr(-0.5f * hips_yaw, 0.5f * breath, -0.6f * hips_roll);
  pose.rotations[kChest] = ypr(-0.3f * hips_yaw, -1.5f * breath, -0.4f * hips_roll);
  pose.rotations[kNeck] = ypr(0.0f, 1.0f * breath, 0.0f);
  pose.rotations[kHead] = ypr(5.0f * std::sin(angle + 1.1f),
                              -1.0f + 2.0f * std::sin(2.0f * angle + 0.7f), 1.0f * std::sin(angle));
  for (Side side : {Side::kLeft, Side::kRight}) {
    const float sign = limbs(side).sign;
    ArmAngles arm;
    arm.lower = 39.0f;
    arm.swing = 2.0f * std::sin(angle + sign * 0.6f);
    arm.elbow = 12.0f + 2.0f * breath;
    arm.wrist = 6.0f;
    arm.shrug = 1.5f * breath;
    pose_arm(side, arm, &pose);
    const glm::vec3 ankle(sign * 0.11f, kAnkleHeight, 0.01f);
    pose_leg(side, planted_foot(ankle, sign, glm::radians(7.0f)), &pose);
  }
  return pose;
}

}  // namespace

Clip make_idle_clip(const Skeleton& skeleton) {
  return bake("Idle", 2.4f, skeleton, [&](float phase) { return idle_pose(skeleton, phase); });
}

Clip make_walk_clip(const Skeleton& skeleton) { return make_gait_clip(skeleton, walk_style()); }

Clip make_run_clip(const Skeleton& skeleton) { return make_gait_clip(skeleton, run_style()); }

}  // namespace anim::demo
