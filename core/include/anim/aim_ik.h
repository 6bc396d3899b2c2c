#pragma once
// Aim inverse kinematics (a head looking at something, a gun pointed): turns one joint so that a
// forward ray fixed to it passes through a target.
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace anim {

// The joint is given by its model-space matrix (SoaLocalToModelJob's output); the ray starts at
// `offset` and runs along `forward`, both in the joint's own axes (the eyes from a neck joint).
// The output is a correction of the joint's own axes, multiplied into its local rotation on the
// right (`local.rotation = local.rotation * correction`, as anim/ik_pose.h does), after
// which:
// - the ray passes through the target: from the offset point, along forward, target ahead;
// - the up axis lies in the plane of the joint-to-target line and `pole`, on the pole's side
//   (a pole along that line, or of zero length, leaves the roll as the shortest turn gives it);
// - the whole is turned by `twist` radians about the joint-to-target line.
// A target the ray cannot pass through (closer to the joint than the ray's line passes, inside
// the "offset sphere", or behind the offset point) gives `reached` false and the turn bringing
// onto the joint-to-target line the ray's point nearest the joint (the offset point itself when
// that nearest point lies behind it), which joins the exact solution without a jump at the
// boundary; a target on the joint gives the identity. No input gives NaN.
// Matrices are rotations times a uniform scale, mirrored or not.
struct AimIkJob {
  glm::mat4 joint{1.0f};
  glm::vec3 target{0.0f};      // Model space.
  glm::vec3 forward{0, 1, 0};  // Joint's axes; normalized by the job, must not be zero.
  glm::vec3 offset{0.0f};      // Joint's axes: where the ray starts.
  glm::vec3 up{0, 0, 1};       // Joint's axes; its length does not matter.
  glm::vec3 pole{0, 0, 1};     // Model-space direction the up axis leans to.
  float twist = 0.0f;          // Radians about the joint-to-target line, right-handed.
  float weight = 1.0f;         // In [0, 1], clamped: 0 gives the identity exactly (a slerp).

  glm::quat* correction = nullptr;  // Required.
  // Optional: whether the unweighted correction makes the ray pass through the target.
  bool* reached = nullptr;

  // An output; every input finite (NaN and infinities are refused), the target's offset from the
  // joint finite; a non-zero forward; a joint matrix with invertible axes.
  bool validate() const;
  [[nodiscard]] bool run() const;  // Never allocates.
};

}  // namespace anim
