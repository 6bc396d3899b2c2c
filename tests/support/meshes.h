#pragma once
// Skinned vertices and small meshes for hand-built Models: a vertex and the skin entries moving
// it, and a mesh of vertices and triangles in one submesh. Needs anim_core only.
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/model.h"

namespace anim::testutil {

// A vertex at `position` moved by skin entries `influences` (entry, weight), in that order;
// `truncated` is the weight the four-influence limit cut from it.
inline Vertex SkinnedVertex(const glm::vec3& position,
                            const std::vector<std::pair<uint16_t, float>>& influences,
                            float truncated = 0.0f) {
  Vertex v;
  v.position = position;
  for (std::size_t i = 0; i < influences.size(); ++i) {
    v.joints[i] = influences[i].first;
    v.weights[i] = influences[i].second;
  }
  v.truncated_weight = truncated;
  return v;
}

// Gives `model` the mesh of `vertices` and `indices` (triangles) as the one submesh `submesh`.
inline void SetMesh(Model& model, std::vector<Vertex> vertices, std::vector<uint32_t> indices,
                    const std::string& submesh) {
  model.mesh.vertices = std::move(vertices);
  model.mesh.indices = std::move(indices);
  model.mesh.submeshes = {SubMesh{submesh, 0, static_cast<uint32_t>(model.mesh.indices.size()), 0,
                                  static_cast<uint32_t>(model.mesh.vertices.size())}};
}

}  // namespace anim::testutil
