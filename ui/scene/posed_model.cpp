#include "anim/ui/scene/posed_model.h"

#include <algorithm>

#include "anim/local_to_model.h"
#include "anim/skinning_palette.h"

namespace anim::ui {

bool PosedModel::update(const Model& model, Span<const Transform> local) {
  model_space.resize(model.skeleton.joint_count());
  palette.resize(model.skin.size());
  LocalToModelJob to_model;
  to_model.parents = model.skeleton.parents;
  to_model.local = local;
  to_model.output = model_space;
  if (!to_model.run()) {
    std::fill(model_space.begin(), model_space.end(), glm::mat4(1.0f));
    std::fill(palette.begin(), palette.end(), glm::mat4(1.0f));
    return false;
  }
  SkinningPaletteJob skinning;
  skinning.model = model_space;
  skinning.joints = model.skin.joints;
  skinning.inverse_bind = model.skin.inverse_bind;
  skinning.output = palette;
  if (skinning.run()) return true;
  std::fill(palette.begin(), palette.end(), glm::mat4(1.0f));
  return false;
}

void PosedModel::move(const glm::mat4& world) {
  for (glm::mat4& m : model_space) m = world * m;
  for (glm::mat4& m : palette) m = world * m;
}

Bounds PosedModel::bounds(const Model& model, std::size_t stride) const {
  Bounds b{glm::vec3(1e30f), glm::vec3(-1e30f)};
  auto grow = [&b](const glm::vec3& p) {
    b.min = glm::min(b.min, p);
    b.max = glm::max(b.max, p);
  };
  const std::vector<Vertex>& vertices = model.mesh.vertices;
  for (std::size_t i = 0; i < vertices.size(); i += std::max<std::size_t>(stride, 1)) {
    const Vertex& v = vertices[i];
    glm::vec4 p(0.0f);
    float total = 0.0f;
    for (int k = 0; k < kMaxInfluences; ++k) {
      if (!(v.weights[k] > 0.0f) || v.joints[k] >= palette.size()) continue;
      p += v.weights[k] * (palette[v.joints[k]] * glm::vec4(v.position, 1.0f));
      total += v.weights[k];
    }
    grow(total > 0.0f ? glm::vec3(p) / total : v.position);
  }
  if (vertices.empty()) {
    for (const glm::mat4& m : model_space) grow(glm::vec3(m[3]));
  }
  return b;
}

}  // namespace anim::ui
