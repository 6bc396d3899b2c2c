#include "demo_skeleton.h"

#include <glm/trigonometric.hpp>

namespace anim::demo {
namespace {

void add_joint(Skeleton* skeleton, const char* name, int parent, const glm::vec3& translation,
               const glm::quat& rotation = glm::quat(1.0f, 0.0f, 0.0f, 0.0f)) {
  skeleton->names.emplace_back(name);
  skeleton->parents.push_back(static_cast<int16_t>(parent));
  Transform t;
  t.translation = translation;
  t.rotation = rotation;
  skeleton->rest.push_back(t);
}

void add_side(Skeleton* skeleton, Side side) {
  const Limbs l = limbs(side);
  const float s = l.sign;
  const bool left = side == Side::kLeft;
  add_joint(skeleton, left ? "shoulder_L" : "shoulder_R", kChest, {s * 0.025f, 0.15f, 0.02f});
  add_joint(skeleton, left ? "upper_arm_L" : "upper_arm_R", l.shoulder, {s * 0.145f, 0.0f, -0.03f},
            arm_droop(side));
  add_joint(skeleton, left ? "forearm_L" : "forearm_R", l.upper_arm, {s * kUpperArmLength, 0, 0});
  add_joint(skeleton, left ? "hand_L" : "hand_R", l.forearm, {s * kForearmLength, 0, 0});
}

void add_leg(Skeleton* skeleton, Side side) {
  const Limbs l = limbs(side);
  const bool left = side == Side::kLeft;
  add_joint(skeleton, left ? "thigh_L" : "thigh_R", kHips, {l.sign * kHipWidth, -kHipDrop, 0});
  add_joint(skeleton, left ? "shin_L" : "shin_R", l.thigh, {0, -kThighLength, 0});
  add_joint(skeleton, left ? "foot_L" : "foot_R", l.shin, {0, -kShinLength, 0});
  add_joint(skeleton, left ? "toe_L" : "toe_R", l.foot, {0, -kToeDrop, kToeForward});
}

}  // namespace

Limbs limbs(Side side) {
  if (side == Side::kLeft) {
    return {kShoulderL, kUpperArmL, kForearmL, kHandL, kThighL, kShinL, kFootL, kToeL, 1.0f};
  }
  return {kShoulderR, kUpperArmR, kForearmR, kHandR, kThighR, kShinR, kFootR, kToeR, -1.0f};
}

glm::quat arm_droop(Side side) {
  const float sign = side == Side::kLeft ? 1.0f : -1.0f;
  return glm::angleAxis(-sign * glm::radians(kArmDroopDegrees), glm::vec3(0, 0, 1));
}

Skeleton make_demo_skeleton() {
  Skeleton skeleton;
  add_joint(&skeleton, "hips", -1, {0, kHipsHeight, 0});
  add_joint(&skeleton, "spine", kHips, {0, 0.12f, -0.01f});
  add_joint(&skeleton, "chest", kSpine, {0, 0.20f, 0.0f});
  add_joint(&skeleton, "neck", kChest, {0, 0.22f, 0.0f});
  add_joint(&skeleton, "head", kNeck, {0, 0.10f, 0.02f});
  add_side(&skeleton, Side::kLeft);
  add_side(&skeleton, Side::kRight);
  add_leg(&skeleton, Side::kLeft);
  add_leg(&skeleton, Side::kRight);
  return skeleton;
}

}  // namespace anim::demo
