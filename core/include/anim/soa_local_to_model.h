#pragma once
// Structure-of-arrays local poses to model-space matrices.
#include <cstdint>

#include <glm/mat4x4.hpp>

#include "anim/soa_pose.h"
#include "anim/span.h"

namespace anim {

// output[i] = output[parents[i]] * to_matrix(local joint i); roots use `root`. Builds four
// joints' local matrices at once, then chains them parents-first (Skeleton::validate's order).
struct SoaLocalToModelJob {
  Span<const int16_t> parents;
  Span<const SoaTransform> local;  // soa_block_count(parents.size()) blocks.
  glm::mat4 root{1.0f};
  Span<glm::mat4> output;  // One per joint.

  bool validate() const;
  [[nodiscard]] bool run() const;  // Never allocates.
};

}  // namespace anim
