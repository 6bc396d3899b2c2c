#include <string>
#include <unordered_map>
#include <unordered_set>

#include "scene_convert.h"

namespace anim::import {
namespace {

// Nodes whose transform the skeleton needs: bones, animated nodes and nodes holding meshes.
std::unordered_set<const aiNode*> needed_nodes(const aiScene& scene) {
  std::unordered_set<const aiNode*> needed;
  auto add_named = [&](const aiString& name) {
    if (const aiNode* node = scene.mRootNode->FindNode(name)) needed.insert(node);
  };
  for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
    const aiMesh* mesh = scene.mMeshes[m];
    for (unsigned b = 0; b < mesh->mNumBones; ++b) add_named(mesh->mBones[b]->mName);
  }
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
    const aiAnimation* anim = scene.mAnimations[a];
    for (unsigned c = 0; c < anim->mNumChannels; ++c) add_named(anim->mChannels[c]->mNodeName);
  }
  // Iterative walk: hostile files can nest nodes deeply.
  std::vector<const aiNode*> stack{scene.mRootNode};
  while (!stack.empty()) {
    const aiNode* node = stack.back();
    stack.pop_back();
    if (node->mNumMeshes > 0) needed.insert(node);
    for (unsigned c = 0; c < node->mNumChildren; ++c) stack.push_back(node->mChildren[c]);
  }
  return needed;
}

// Marks every needed node and all its ancestors. Ancestry comes from the child lists, the
// hierarchy the skeleton is built from: some importers (HL1 MDL) set mParent inconsistently.
std::unordered_set<const aiNode*> kept_nodes(const aiNode* root,
                                             const std::unordered_set<const aiNode*>& needed) {
  std::unordered_map<const aiNode*, const aiNode*> parent_of{{root, nullptr}};
  std::vector<const aiNode*> stack{root};
  while (!stack.empty()) {
    const aiNode* node = stack.back();
    stack.pop_back();
    for (unsigned c = 0; c < node->mNumChildren; ++c) {
      if (parent_of.emplace(node->mChildren[c], node).second) stack.push_back(node->mChildren[c]);
    }
  }
  std::unordered_set<const aiNode*> kept;
  for (const aiNode* node : needed) {
    if (parent_of.count(node) == 0) continue;  // Not reachable from the root.
    for (const aiNode* n = node; n != nullptr && kept.insert(n).second; n = parent_of[n]) {
    }
  }
  return kept;
}

std::string unique_name(const std::string& name, std::unordered_set<std::string>& used) {
  std::string result = name.empty() ? std::string("node") : name;
  for (int i = 2; !used.insert(result).second; ++i) {
    result = (name.empty() ? std::string("node") : name) + "#" + std::to_string(i);
  }
  return result;
}

}  // namespace

bool scene_is_animated(const aiScene& scene) {
  if (scene.mNumAnimations > 0) return true;
  for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
    if (scene.mMeshes[m]->mNumBones > 0) return true;
  }
  return false;
}

Skeleton build_skeleton(const aiScene& scene, NodeJoints& node_joints) {
  Skeleton skeleton;
  if (!scene_is_animated(scene) || scene.mRootNode == nullptr) return skeleton;
  const std::unordered_set<const aiNode*> kept = kept_nodes(scene.mRootNode, needed_nodes(scene));
  std::unordered_set<std::string> used_names;
  // Pre-order walk: parents come before children.
  struct Item {
    const aiNode* node;
    int parent;
  };
  std::vector<Item> stack{{scene.mRootNode, -1}};
  while (!stack.empty()) {
    const Item item = stack.back();
    stack.pop_back();
    if (kept.count(item.node) == 0) continue;
    const int index = static_cast<int>(skeleton.parents.size());
    node_joints[item.node] = index;
    skeleton.names.push_back(unique_name(item.node->mName.C_Str(), used_names));
    skeleton.parents.push_back(static_cast<int16_t>(item.parent));
    skeleton.rest.push_back(decompose(to_glm(item.node->mTransformation)));
    // Push in reverse so children are visited in file order.
    for (unsigned c = item.node->mNumChildren; c-- > 0;) {
      stack.push_back({item.node->mChildren[c], index});
    }
  }
  return skeleton;
}

}  // namespace anim::import
