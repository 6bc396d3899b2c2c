#include "anim/model.h"

namespace anim {

int Model::find_clip(const std::string& name) const {
  for (std::size_t i = 0; i < clips.size(); ++i) {
    if (clips[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

const ClipSource* Model::clip_source(int clip) const {
  for (const ClipSource& source : clip_sources) {
    if (source.clip == clip) return &source;
  }
  return nullptr;
}

std::size_t Model::skinned_joint_count() const {
  std::vector<bool> used(skeleton.joint_count(), false);
  std::size_t n = 0;
  for (int16_t j : skin.joints) {
    if (j >= 0 && static_cast<std::size_t>(j) < used.size() && !used[j]) {
      used[j] = true;
      ++n;
    }
  }
  return n;
}

std::vector<uint32_t> Model::influenced_vertex_counts() const {
  std::vector<uint32_t> counts(skeleton.joint_count(), 0);
  std::vector<int> last_vertex(skeleton.joint_count(), -1);
  for (std::size_t v = 0; v < mesh.vertices.size(); ++v) {
    const Vertex& vertex = mesh.vertices[v];
    for (int i = 0; i < kMaxInfluences; ++i) {
      if (!(vertex.weights[i] > 0.0f) || vertex.joints[i] >= skin.size()) continue;
      const int16_t joint = skin.joints[vertex.joints[i]];
      if (joint < 0 || static_cast<std::size_t>(joint) >= counts.size()) continue;
      if (last_vertex[joint] == static_cast<int>(v)) continue;  // Two entries, one joint.
      last_vertex[joint] = static_cast<int>(v);
      ++counts[joint];
    }
  }
  return counts;
}

}  // namespace anim
