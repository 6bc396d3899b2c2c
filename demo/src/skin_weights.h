#pragma once
// Smooth skin weights for the demo body: vertices near a joint are shared between the bones on
// either side of it, so bending looks like skin rather than stiff pipes.
#include <vector>

#include <glm/vec3.hpp>

#include "anim/model.h"

namespace anim::demo {

// A joint and how much a vertex follows it.
struct Influence {
  int joint = 0;
  float weight = 0.0f;
};
using Influences = std::vector<Influence>;

// The joints a tube follows along its axis. Joint i owns the stretch between boundaries i-1 and
// i; within `half_band` of a boundary the weight passes from one joint to the next along a
// smoothstep.
struct JointChain {
  std::vector<int> joints;
  std::vector<float> boundaries;  // joints.size() - 1 axial positions, increasing.
  std::vector<float> half_bands;  // One per boundary, > 0.
};

// A round region that also follows `joint`: `strength` at its centre fading to 0 at `radius`.
struct WeightBlob {
  int joint = 0;
  glm::vec3 centre{0.0f};
  float radius = 0.1f;
  float strength = 1.0f;  // In [0, 1].
};

// Influences of the point at axial position `h` (they sum to 1).
Influences chain_influences(const JointChain& chain, float h);

// Scales `influences` by (1 - f) and gives f to the blob's joint, where f is the blob's falloff
// at `position`; the sum stays 1.
void add_blob(const WeightBlob& blob, const glm::vec3& position, Influences* influences);

// What packing into a vertex dropped.
struct PackStats {
  int influence_count = 0;  // Distinct joints with a weight worth keeping.
  bool truncated = false;   // More than kMaxInfluences of them.
};

// Merges duplicate joints, drops negligible weights, keeps the kMaxInfluences largest sorted
// descending and renormalizes them; vertex->joints then hold skeleton joint indices (the caller
// maps them to skin entries). Records the dropped weight in vertex->truncated_weight.
PackStats pack_influences(Influences influences, Vertex* vertex);

}  // namespace anim::demo
