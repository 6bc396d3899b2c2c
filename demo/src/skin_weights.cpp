#include "skin_weights.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "shaping.h"

namespace anim::demo {
namespace {

// Weights below this are noise from the tails of the falloffs.
constexpr float kNegligibleWeight = 1e-3f;

}  // namespace

Influences chain_influences(const JointChain& chain, float h) {
  const std::size_t n = chain.joints.size();
  // entered[i]: how far past boundary i-1 the point is (1 for the first joint).
  std::vector<float> entered(n + 1, 0.0f);
  entered[0] = 1.0f;
  for (std::size_t b = 0; b + 1 < n; ++b) {
    const float band = chain.half_bands[b];
    entered[b + 1] = smoothstep01((h - (chain.boundaries[b] - band)) / (2.0f * band));
  }
  Influences out;
  float total = 0.0f;
  for (std::size_t i = 0; i < n; ++i) {
    const float w = entered[i] * (1.0f - entered[i + 1]);
    if (w > 0.0f) {
      out.push_back({chain.joints[i], w});
      total += w;
    }
  }
  if (!(total > 0.0f)) return {{chain.joints.front(), 1.0f}};
  // Overlapping bands make the products sum to less than 1.
  for (Influence& inf : out) inf.weight /= total;
  return out;
}

void add_blob(const WeightBlob& blob, const glm::vec3& position, Influences* influences) {
  const float d = glm::length(position - blob.centre) / blob.radius;
  const float f = blob.strength * (1.0f - smoothstep01(d));
  if (!(f > 0.0f)) return;
  for (Influence& inf : *influences) inf.weight *= 1.0f - f;
  influences->push_back({blob.joint, f});
}

PackStats pack_influences(Influences influences, Vertex* vertex) {
  std::sort(influences.begin(), influences.end(),
            [](const Influence& a, const Influence& b) { return a.joint < b.joint; });
  Influences merged;
  for (const Influence& inf : influences) {
    if (!merged.empty() && merged.back().joint == inf.joint) {
      merged.back().weight += inf.weight;
    } else {
      merged.push_back(inf);
    }
  }
  merged.erase(std::remove_if(merged.begin(), merged.end(),
                              [](const Influence& i) { return !(i.weight >= kNegligibleWeight); }),
               merged.end());
  std::stable_sort(merged.begin(), merged.end(),
                   [](const Influence& a, const Influence& b) { return a.weight > b.weight; });
  PackStats stats;
  stats.influence_count = static_cast<int>(merged.size());
  stats.truncated = merged.size() > static_cast<std::size_t>(kMaxInfluences);
  float kept = 0.0f, dropped = 0.0f;
  for (std::size_t i = 0; i < merged.size(); ++i) {
    (i < static_cast<std::size_t>(kMaxInfluences) ? kept : dropped) += merged[i].weight;
  }
  vertex->truncated_weight = kept + dropped > 0.0f ? dropped / (kept + dropped) : 0.0f;
  for (int i = 0; i < kMaxInfluences; ++i) {
    const bool used = i < static_cast<int>(merged.size()) && kept > 0.0f;
    vertex->joints[i] = used ? static_cast<uint16_t>(merged[i].joint) : 0;
    vertex->weights[i] = used ? merged[i].weight / kept : 0.0f;
  }
  return stats;
}

}  // namespace anim::demo
