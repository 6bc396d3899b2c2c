#pragma once
// Steps of turning an aiScene into an anim::Model (internal to anim_import).
#include <string>
#include <unordered_map>

#include <assimp/matrix4x4.h>
#include <assimp/quaternion.h>
#include <assimp/scene.h>
#include <assimp/vector3.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>

#include "anim/model.h"
#include "anim/result.h"

namespace anim::import {

inline glm::mat4 to_glm(const aiMatrix4x4& m) {
  // assimp is row-major (a1..a4 is the first row); glm is column-major.
  return glm::mat4(m.a1, m.b1, m.c1, m.d1, m.a2, m.b2, m.c2, m.d2, m.a3, m.b3, m.c3, m.d3, m.a4,
                   m.b4, m.c4, m.d4);
}
inline glm::vec3 to_glm(const aiVector3D& v) { return {v.x, v.y, v.z}; }
inline glm::quat to_glm(const aiQuaternion& q) { return {q.w, q.x, q.y, q.z}; }

// Joint index of each kept aiNode.
using NodeJoints = std::unordered_map<const aiNode*, int>;

// True when the scene has bones or animations, i.e. needs a skeleton.
bool scene_is_animated(const aiScene& scene);

// Builds the skeleton from the node hierarchy (empty for a static scene) and maps each kept
// node to its joint.
Skeleton build_skeleton(const aiScene& scene, NodeJoints& node_joints);

// Merges every triangle mesh into model.mesh and builds model.skin; fills the influence stats.
void build_mesh(const aiScene& scene, const NodeJoints& node_joints, Model& model);

// Converts every animation into a clip for model.skeleton; a channel drives the joint of the
// node it names (the first such node, as assimp's FindNode resolves it).
void build_clips(const aiScene& scene, const NodeJoints& node_joints, Model& model);

// The up axis the scene's metadata names (UpAxis, UpAxisSign: FBX), +Y for a Collada scene
// (assimp has turned it Y-up), unknown otherwise.
FileUpAxis scene_up_axis(const aiScene& scene);

}  // namespace anim::import
