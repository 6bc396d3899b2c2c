#pragma once
// The demo humanoid's joint hierarchy and proportions (metres, Y up, facing +Z; the character's
// left is +X).
#include "anim/skeleton.h"

namespace anim::demo {

// Joint indices, parents before children.
enum Joint : int {
  kHips,
  kSpine,
  kChest,
  kNeck,
  kHead,
  kShoulderL,
  kUpperArmL,
  kForearmL,
  kHandL,
  kShoulderR,
  kUpperArmR,
  kForearmR,
  kHandR,
  kThighL,
  kShinL,
  kFootL,
  kToeL,
  kThighR,
  kShinR,
  kFootR,
  kToeR,
  kJointCount
};

enum class Side { kLeft, kRight };

// The joints of one side, and the sign that mirrors +X (left) to -X (right).
struct Limbs {
  int shoulder, upper_arm, forearm, hand;
  int thigh, shin, foot, toe;
  float sign;  // +1 on the left, -1 on the right.
};
Limbs limbs(Side side);

// Proportions shared by the skeleton, the mesh and the clips.
constexpr float kHipsHeight = 0.98f;  // Root above the ground in the rest pose.
constexpr float kHipWidth = 0.09f;    // Hip joint off the centre line.
constexpr float kHipDrop = 0.06f;     // Hip joint below the root.
constexpr float kThighLength = 0.43f;
constexpr float kShinLength = 0.41f;
constexpr float kAnkleHeight = 0.08f;  // kHipsHeight - kHipDrop - thigh - shin.
constexpr float kToeForward = 0.13f;   // Ball of the foot in front of the ankle.
constexpr float kToeDrop = 0.06f;      // Ball joint below the ankle.
constexpr float kUpperArmLength = 0.29f;
constexpr float kForearmLength = 0.26f;
constexpr float kHandLength = 0.18f;       // Wrist to fingertips (mesh only).
constexpr float kArmDroopDegrees = 35.0f;  // Rest A-pose: arms below horizontal.

// The rest rotation of an upper arm: the arm bone lies along its local +X (left) or -X (right)
// and this rotation tilts it down into the A-pose.
glm::quat arm_droop(Side side);

Skeleton make_demo_skeleton();

}  // namespace anim::demo
