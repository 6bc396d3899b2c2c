#pragma once
// The matrices a skinned mesh is deformed with.
#include <cstdint>
#include <vector>

#include <glm/mat4x4.hpp>

#include "anim/span.h"

namespace anim {

// Which joint each palette entry follows, and the inverse of that joint's bind-pose matrix
// (mesh space to joint space). Vertices index palette entries, not joints, so that meshes
// bound with different bind poses to one joint stay correct.
struct Skin {
  std::vector<int16_t> joints;
  std::vector<glm::mat4> inverse_bind;

  std::size_t size() const { return joints.size(); }
};

// output[s] = model[joints[s]] * inverse_bind[s].
struct SkinningPaletteJob {
  Span<const glm::mat4> model;  // One per skeleton joint (LocalToModelJob's output).
  Span<const int16_t> joints;
  Span<const glm::mat4> inverse_bind;
  Span<glm::mat4> output;  // One per skin entry.

  bool validate() const;
  [[nodiscard]] bool run() const;  // Never allocates.
};

}  // namespace anim
