#pragma once
// IK corrections written back into a local pose, with model space brought up to date below them.
//
// How a caller runs IK on the SoA pipeline, per character and frame:
//   1. Sample and blend into the SoaPose `local`; SoaLocalToModelJob writes `model`.
//   2. For each IK entry, in order: fill TwoBoneIkJob / AimIkJob / AimIkChainJob from `model`
//      (the joints' matrices; targets and poles in model space), run it, and run
//      SoaApplyIkCorrectionsJob with its corrections: `local` gets them, and `model` is recomputed
//      for the corrected joints and their descendants only, so the next entry sees the
//      corrected pose (a two-bone leg after a pelvis drop, a head aim after a spine aim).
//   3. SkinningPaletteJob from `model`, as without IK.
// Nothing allocates; the corrected `local` is what the next frame's blending does not see (IK
// is applied after the animation each frame, never accumulated). The tool's float path (a
// Transform per joint, LocalToModelJob) uses ApplyIkCorrectionsJob the same way.
#include <cstdint>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>

#include "anim/soa_pose.h"
#include "anim/span.h"
#include "anim/transform.h"

namespace anim {

// A correction of one joint's own axes, as the IK jobs output them, and optionally a move of the
// joint (FootIkJob's pelvis drop).
struct IkCorrection {
  int16_t joint = -1;
  glm::quat rotation{1, 0, 0, 0};  // Unit length (renormalized when applied).
  glm::vec3 translation{0.0f};     // Added to the local translation: the parent's space.
};

// For each correction, in order: local rotation = local rotation * correction (renormalized),
// local translation += translation. An exact identity rotation leaves the local rotation's bits as
// they are, and so does a zero translation the local translation's.
// Then, for every joint that is corrected or descends from one, model[i] = model[parent] *
// to_matrix(local i) (roots: `root` * ...), parents first. Other joints' matrices are left as they
// are, bit for bit: they must already be the model space of `local` (SoaLocalToModelJob's output
// with the same `root`). Joints are in parents-first order (Skeleton::validate's).
struct SoaApplyIkCorrectionsJob {
  Span<const int16_t> parents;
  Span<const IkCorrection> corrections;
  glm::mat4 root{1.0f};
  Span<SoaTransform> local;  // soa_block_count(parents.size()) blocks, corrected in place.
  Span<glm::mat4> model;     // One per joint, updated in place.

  // Parents-first hierarchy; local and model sized for it; every correction's joint in range, its
  // rotation finite and of non-zero length, its translation finite.
  bool validate() const;
  [[nodiscard]] bool run() const;  // Never allocates.
};

// The same on a Transform per joint (LocalToModelJob's input and output).
struct ApplyIkCorrectionsJob {
  Span<const int16_t> parents;
  Span<const IkCorrection> corrections;
  glm::mat4 root{1.0f};
  Span<Transform> local;  // One per joint, corrected in place.
  Span<glm::mat4> model;  // One per joint, updated in place.

  bool validate() const;
  [[nodiscard]] bool run() const;  // Never allocates.
};

}  // namespace anim
