#include "anim/ui/scene/vertex_influences.h"

#include <algorithm>

namespace anim::ui {

VertexInfluences vertex_influences(const Model& model, int vertex) {
  VertexInfluences out;
  if (vertex < 0 || static_cast<std::size_t>(vertex) >= model.mesh.vertices.size()) return out;
  const Vertex& v = model.mesh.vertices[vertex];
  out.cut_weight = v.truncated_weight;
  for (int i = 0; i < kMaxInfluences; ++i) {
    if (!(v.weights[i] > 0.0f) || v.joints[i] >= model.skin.size()) continue;
    const int joint = model.skin.joints[v.joints[i]];
    auto same = [joint](const VertexInfluence& k) { return k.joint == joint; };
    auto it = std::find_if(out.kept.begin(), out.kept.end(), same);
    if (it == out.kept.end()) it = out.kept.insert(out.kept.end(), VertexInfluence{joint, 0, 0});
    it->weight += v.weights[i];
  }
  for (VertexInfluence& k : out.kept) k.original_weight = k.weight * (1.0f - v.truncated_weight);
  std::stable_sort(
      out.kept.begin(), out.kept.end(),
      [](const VertexInfluence& a, const VertexInfluence& b) { return a.weight > b.weight; });
  return out;
}

}  // namespace anim::ui
