#include <algorithm>
#include <cmath>
#include <unordered_set>
#include <utility>
#include <vector>

#include <glm/mat3x3.hpp>

#include "scene_convert.h"

namespace anim::import {
namespace {

// Largest bone weight taken as is (files give at most 1): a vertex's sum of weights stays
// finite whatever the file says.
constexpr float kMaxBoneWeight = 1e6f;

struct Influence {
  uint16_t entry;
  float weight;
};

class SkinBuilder {
 public:
  explicit SkinBuilder(Skin& skin) : skin_(skin) {}

  // Palette entry for `joint` bound with `inverse_bind`, shared when one already matches.
  uint16_t entry(int joint, const glm::mat4& inverse_bind) {
    for (std::size_t s = 0; s < skin_.size(); ++s) {
      if (skin_.joints[s] == joint && nearly_equal(skin_.inverse_bind[s], inverse_bind)) {
        return static_cast<uint16_t>(s);
      }
    }
    skin_.joints.push_back(static_cast<int16_t>(joint));
    skin_.inverse_bind.push_back(inverse_bind);
    return static_cast<uint16_t>(skin_.size() - 1);
  }
  bool full() const { return skin_.size() >= 65535; }

 private:
  static bool nearly_equal(const glm::mat4& a, const glm::mat4& b) {
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) {
        if (std::fabs(a[c][r] - b[c][r]) > 1e-5f * (1.0f + std::fabs(a[c][r]))) return false;
      }
    }
    return true;
  }
  Skin& skin_;
};

// Sorts, keeps the strongest kMaxInfluences, renormalizes; records what was dropped.
void assign_influences(std::vector<Influence>& influences, Vertex& v, Model& model) {
  influences.erase(std::remove_if(influences.begin(), influences.end(),
                                  [](const Influence& i) { return !(i.weight > 0.0f); }),
                   influences.end());
  std::stable_sort(influences.begin(), influences.end(),
                   [](const Influence& a, const Influence& b) { return a.weight > b.weight; });
  const int count = static_cast<int>(influences.size());
  model.max_influences = std::max(model.max_influences, count);
  float total = 0.0f, kept = 0.0f;
  for (int i = 0; i < count; ++i) {
    total += influences[i].weight;
    if (i < kMaxInfluences) kept += influences[i].weight;
  }
  if (count > kMaxInfluences) {
    ++model.truncated_vertices;
    v.truncated_weight = (total - kept) / total;
  }
  for (int i = 0; i < std::min(count, kMaxInfluences); ++i) {
    v.joints[i] = influences[i].entry;
    v.weights[i] = influences[i].weight / kept;
  }
}

class MeshMerger {
 public:
  MeshMerger(const aiScene& scene, const NodeJoints& node_joints, Model& model)
      : scene_(scene), node_joints_(node_joints), model_(model), skin_(model.skin) {}

  void add(const aiMesh& mesh, const aiNode& node, const glm::mat4& node_global) {
    if (!(mesh.mPrimitiveTypes & (aiPrimitiveType_TRIANGLE | aiPrimitiveType_POLYGON))) return;
    if (mesh.mNumVertices == 0 || mesh.mVertices == nullptr) return;
    const bool animated = !model_.skeleton.parents.empty();
    const bool skinned = animated && mesh.mNumBones > 0;
    if (skinned && !merged_skinned_.insert(&mesh).second) return;  // Placed by bones, not nodes.
    if (skin_.full()) return;

    SubMesh sub;
    sub.name = mesh.mName.C_Str();
    sub.base_vertex = static_cast<uint32_t>(model_.mesh.vertices.size());
    sub.vertex_count = mesh.mNumVertices;
    sub.first_index = static_cast<uint32_t>(model_.mesh.indices.size());

    std::vector<std::vector<Influence>> influences(mesh.mNumVertices);
    int node_joint = -1;
    if (animated) {
      auto it = node_joints_.find(&node);
      node_joint = it != node_joints_.end() ? it->second : 0;
    }
    if (skinned) {
      for (unsigned b = 0; b < mesh.mNumBones; ++b) {
        const aiBone& bone = *mesh.mBones[b];
        const aiNode* bone_node = scene_.mRootNode->FindNode(bone.mName);
        auto it = bone_node ? node_joints_.find(bone_node) : node_joints_.end();
        if (it == node_joints_.end()) continue;
        const uint16_t entry = skin_.entry(it->second, to_glm(bone.mOffsetMatrix));
        for (unsigned w = 0; w < bone.mNumWeights; ++w) {
          const aiVertexWeight& vw = bone.mWeights[w];
          if (vw.mVertexId < mesh.mNumVertices && std::isfinite(vw.mWeight)) {
            // Weights are renormalized: capped, so that their sum stays finite.
            influences[vw.mVertexId].push_back({entry, std::min(vw.mWeight, kMaxBoneWeight)});
          }
        }
      }
    }
    const glm::mat4 to_model = animated ? glm::mat4(1.0f) : node_global;
    const glm::mat3 normal_matrix = glm::transpose(glm::inverse(glm::mat3(to_model)));
    // A mirroring placement turns triangles inside out unless two corners swap.
    const bool mirrored = glm::determinant(glm::mat3(to_model)) < 0.0f;

    for (unsigned i = 0; i < mesh.mNumVertices; ++i) {
      Vertex v;
      v.position = glm::vec3(to_model * glm::vec4(to_glm(mesh.mVertices[i]), 1.0f));
      if (mesh.mNormals) {
        const glm::vec3 n = normal_matrix * to_glm(mesh.mNormals[i]);
        const float len = glm::length(n);
        if (len > 0.0f && std::isfinite(len)) v.normal = n / len;
      }
      if (mesh.mTextureCoords[0]) {
        const glm::vec2 uv(to_glm(mesh.mTextureCoords[0][i]));
        if (std::isfinite(uv.x) && std::isfinite(uv.y)) v.uv = uv;  // Else 0, 0.
      }
      assign_influences(influences[i], v, model_);
      if (animated && !(v.weights[0] > 0.0f)) {
        // Unskinned meshes (and stray unweighted vertices) follow the node that holds them.
        v.joints[0] = skin_.entry(node_joint, glm::mat4(1.0f));
        v.weights[0] = 1.0f;
      }
      model_.mesh.vertices.push_back(v);
    }
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
      const aiFace& face = mesh.mFaces[f];
      if (face.mNumIndices != 3) continue;  // Points and lines are not drawn.
      bool in_range = true;
      for (int k = 0; k < 3; ++k) in_range = in_range && face.mIndices[k] < mesh.mNumVertices;
      if (!in_range) continue;
      const unsigned* i = face.mIndices;
      model_.mesh.indices.insert(model_.mesh.indices.end(),
                                 {i[0], mirrored ? i[2] : i[1], mirrored ? i[1] : i[2]});
    }
    sub.index_count = static_cast<uint32_t>(model_.mesh.indices.size()) - sub.first_index;
    model_.mesh.submeshes.push_back(sub);
  }

 private:
  const aiScene& scene_;
  const NodeJoints& node_joints_;
  Model& model_;
  SkinBuilder skin_;
  std::unordered_set<const aiMesh*> merged_skinned_;
};

}  // namespace

void build_mesh(const aiScene& scene, const NodeJoints& node_joints, Model& model) {
  if (scene.mRootNode == nullptr) return;
  MeshMerger merger(scene, node_joints, model);
  struct Item {
    const aiNode* node;
    glm::mat4 parent_global;
  };
  std::vector<Item> stack{{scene.mRootNode, glm::mat4(1.0f)}};
  while (!stack.empty()) {
    const Item item = stack.back();
    stack.pop_back();
    const glm::mat4 global = item.parent_global * to_glm(item.node->mTransformation);
    for (unsigned i = 0; i < item.node->mNumMeshes; ++i) {
      const unsigned m = item.node->mMeshes[i];
      if (m < scene.mNumMeshes) merger.add(*scene.mMeshes[m], *item.node, global);
    }
    for (unsigned c = item.node->mNumChildren; c-- > 0;) {
      stack.push_back({item.node->mChildren[c], global});
    }
  }
}

}  // namespace anim::import
