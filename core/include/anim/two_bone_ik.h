#pragma once
// Two-bone inverse kinematics (a leg or an arm): turns the start and mid joints so that the end
// joint lands on a target, bending in the plane a pole vector chooses.
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace anim {

// Inputs are model-space matrices (SoaLocalToModelJob's output) of three joints, each an ancestor
// of the next but not necessarily its parent (twist joints may sit between). Outputs are
// corrections of the start and mid joints' own axes: a caller multiplies each into the joint's
// local rotation on the right, `local.rotation = local.rotation * correction` (the correction
// turns the joint's own frame first; the jobs of anim/ik_pose.h do it), then
// recomputes model space below the start joint. Bone lengths never change: only rotations are
// corrected. Matrices are rotations times a uniform scale, mirrored or not; a non-uniform scale
// at the start or mid joint makes the result approximate.
//
// The solve, in model space:
// - Mid joint: rotate the lower bone about `mid_axis` until the start-to-end distance equals the
//   (softened) start-to-target distance. The knee bends by a positive rotation about `mid_axis`:
//   when the chain is straight, turning the lower bone by a positive angle about it is the bend.
//   A chain bent the other way is flipped. With `mid_axis` perpendicular to both bones the reach
//   is [|l1 - l2|, l1 + l2]; otherwise the axis' component along the bones narrows it.
// - Start joint: the shortest rotation taking the end onto the start-to-target line, then a turn
//   about that line putting the mid joint on the pole's side, in the plane of the line and the
//   pole, then `twist` about the same line.
// - Weight: each correction scaled along its shortest arc from the identity (a slerp).
//
// Degenerate inputs never give NaN: a bone shorter than a micrometre, or a mid axis along the
// lower bone, leaves the mid correction at the identity; a target on the start joint leaves the
// start correction at the identity (no direction to aim at); a pole along the start-to-target
// line, or of zero length, keeps the chain's current plane.
struct TwoBoneIkJob {
  glm::mat4 start{1.0f};  // Model-space matrices of the three joints.
  glm::mat4 mid{1.0f};
  glm::mat4 end{1.0f};
  glm::vec3 target{0.0f};       // Model space.
  glm::vec3 pole{0, 1, 0};      // Model-space direction; its length does not matter.
  float twist = 0.0f;           // Radians about the start-to-target line, right-handed.
  glm::vec3 mid_axis{0, 0, 1};  // Bend axis in the mid joint's own axes; normalized by the job.
  // Softening near full extension, in [0, 1] (values outside are clamped). 1 is none. Below 1,
  // a target farther than `soften` times the reach R is pulled in: at distance d > sR the end
  // aims at sR + (1 - s)R (1 - exp(-(d - sR) / ((1 - s)R))), which has slope 1 at sR and
  // approaches R without reaching it, so the knee never snaps straight.
  float soften = 1.0f;
  float weight = 1.0f;  // In [0, 1], clamped: 0 gives identity corrections exactly.

  glm::quat* start_correction = nullptr;  // Required.
  glm::quat* mid_correction = nullptr;    // Required.
  // Optional: whether the unweighted solve puts the end on the target (the target lies within
  // the reach, and within the softened part of it when softening). Weight does not change it.
  bool* reached = nullptr;

  // Outputs set; every input finite (NaN and infinities are refused); the target's offset from
  // the start joint finite; a non-zero mid axis; start and mid matrices with invertible axes.
  bool validate() const;
  [[nodiscard]] bool run() const;  // Never allocates.
};

}  // namespace anim
