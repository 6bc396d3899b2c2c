#pragma once
// Local joint transforms to model-space matrices.
#include <cstdint>

#include <glm/mat4x4.hpp>

#include "anim/span.h"
#include "anim/transform.h"

namespace anim {

// output[i] = output[parent[i]] * to_matrix(local[i]); roots use `root` as their parent.
// Requires parents-before-children order (Skeleton::validate checks it).
struct LocalToModelJob {
  Span<const int16_t> parents;
  Span<const Transform> local;
  glm::mat4 root{1.0f};
  Span<glm::mat4> output;

  bool validate() const;
  [[nodiscard]] bool run() const;  // Never allocates.
};

}  // namespace anim
