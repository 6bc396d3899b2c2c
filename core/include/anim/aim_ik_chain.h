#pragma once
// Aim inverse kinematics spread over a chain (spine -> neck -> head): each joint takes its share of
// the turn that points the last joint's forward ray at the target.
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/span.h"

namespace anim {

// `joints` are model-space matrices, root-most first, each an ancestor (not necessarily the
// parent) of the next; the ray (`offset`, `forward`) and `up` are in the last joint's axes. The
// joints are solved in order: joint i solves AimIkJob's turn about its own origin for the ray as
// the joints before it left it, and takes shares[i] / (shares[i] + ... + shares[n-1]) of that
// turn (a slerp); the last joint takes all that is left, so the aim and the up/pole alignment are
// exact whatever the shares. When the turns share an axis (a yaw about a vertical spine) joint i
// turns by exactly shares[i] times the whole turn. `weight` then scales every correction along
// its shortest arc (0 gives identities exactly). Corrections are of each joint's own axes,
// multiplied into its local rotation on the right (anim/ik_pose.h), as AimIkJob's.
struct AimIkChainJob {
  Span<const glm::mat4> joints;
  Span<const float> shares;    // One per joint, each >= 0, summing to 1 (within 1e-3).
  glm::vec3 target{0.0f};      // Model space.
  glm::vec3 forward{0, 1, 0};  // Last joint's axes; normalized by the job, must not be zero.
  glm::vec3 offset{0.0f};      // Last joint's axes: where the ray starts.
  glm::vec3 up{0, 0, 1};       // Last joint's axes.
  glm::vec3 pole{0, 0, 1};     // Model-space direction the up axis leans to.
  float twist = 0.0f;          // Radians about the joint-to-target line, spread like the turn.
  float weight = 1.0f;         // In [0, 1], clamped.

  Span<glm::quat> corrections;  // One per joint.
  bool* reached = nullptr;      // Optional: whether the unweighted turns reach the target.

  // At least one joint; shares and corrections sized like joints; shares as above; every input
  // finite; a non-zero forward; every joint matrix with invertible axes.
  bool validate() const;
  [[nodiscard]] bool run() const;  // Never allocates.
};

}  // namespace anim
