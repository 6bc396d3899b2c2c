#pragma once
// The per-frame results for one shown model: local pose in, model-space matrices and skinning
// palette out, plus bounds of the posed mesh for framing.
#include <vector>

#include <glm/mat4x4.hpp>

#include "anim/model.h"
#include "anim/span.h"
#include "anim/transform.h"
#include "anim/ui/scene/orbit_camera.h"

namespace anim::ui {

struct PosedModel {
  std::vector<glm::mat4> model_space;  // One per joint.
  std::vector<glm::mat4> palette;      // One per skin entry.

  // Runs local-to-model and the skinning palette for `local` (one per joint). False when the
  // model does not hold together (a parent after its child, a skin entry naming a joint the
  // skeleton lacks, `local` of another size): the matrices are then identities.
  [[nodiscard]] bool update(const Model& model, Span<const Transform> local);
  // Moves the whole posed model by `world` (root motion's place, shown in the world).
  void move(const glm::mat4& world);
  // Bounds of the mesh skinned on the CPU with the current palette (every `stride`-th vertex),
  // or of the joints when there is no mesh.
  Bounds bounds(const Model& model, std::size_t stride = 1) const;
};

}  // namespace anim::ui
