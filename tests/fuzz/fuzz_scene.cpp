#include "fuzz_scene.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <assimp/importerdesc.h>
#include <assimp/material.h>
#include <assimp/scene.h>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>

#include "fuzz_input.h"

namespace anim::fuzz {
namespace {

// Few names, so that nodes, bones and channels meet (and clash) often.
const char* const kNames[] = {"root", "hip", "knee", "foot", "Armature", "", "hip", "mesh"};

aiString pick_name(FuzzInput& in) {
  return aiString(kNames[in.below(sizeof(kNames) / sizeof(kNames[0]))]);
}

aiVector3D pick_vector(FuzzInput& in, float lo, float hi) {
  if (in.byte() % 4 != 0) {  // Mostly ordinary numbers: the odd ones come one component at a time.
    return aiVector3D(lo + (hi - lo) * in.unit(), lo + (hi - lo) * in.unit(),
                      lo + (hi - lo) * in.unit());
  }
  return aiVector3D(in.value(lo, hi), in.value(lo, hi), in.value(lo, hi));
}

aiQuaternion pick_rotation(FuzzInput& in) {
  if (in.byte() % 4 == 0)
    return aiQuaternion(in.value(-1, 1), in.value(-1, 1), in.value(-1, 1), in.value(-1, 1));
  aiVector3D axis(in.unit() - 0.5f, in.unit() - 0.5f, in.unit() + 0.5f);
  return aiQuaternion(axis.Normalize(), 6.28f * in.unit());
}

aiMatrix4x4 pick_matrix(FuzzInput& in) {
  switch (in.byte() % 4) {
    case 0:
      return aiMatrix4x4();
    case 1: {
      aiMatrix4x4 m;
      for (unsigned r = 0; r < 4; ++r)
        for (unsigned c = 0; c < 4; ++c) m[r][c] = in.value(-2.0f, 2.0f);
      return m;
    }
    default:
      return aiMatrix4x4(pick_vector(in, 0.01f, 2.0f), pick_rotation(in),
                         pick_vector(in, -2.0f, 2.0f));
  }
}

template <class Key, class Value>
Key* pick_keys(FuzzInput& in, unsigned count, Value (*pick)(FuzzInput&)) {
  Key* keys = new Key[count];
  double t = in.byte() % 4 == 0 ? in.value(-1.0f, 1.0f) : 0.0;
  for (unsigned k = 0; k < count; ++k) {
    keys[k].mTime = t;
    keys[k].mValue = pick(in);
    // Mostly increasing; sometimes the same time again, backwards or an odd value.
    switch (in.byte() % 8) {
      case 0:
        break;
      case 1:
        t -= in.unit();
        break;
      case 2:
        t = in.value(-10.0f, 100.0f);
        break;
      default:
        t += 0.1 + in.unit();
        break;
    }
  }
  return keys;
}

aiVector3D pick_translation(FuzzInput& in) { return pick_vector(in, -2.0f, 2.0f); }
aiVector3D pick_scale(FuzzInput& in) { return pick_vector(in, 0.0f, 2.0f); }

// Nodes: a tree, each node's parent an earlier node; the first is the root.
std::vector<aiNode*> build_nodes(FuzzInput& in) {
  const unsigned node_count = 1 + in.byte() % 10;
  std::vector<aiNode*> nodes;
  std::vector<std::vector<aiNode*>> children(node_count);
  for (unsigned i = 0; i < node_count; ++i) {
    aiNode* node = new aiNode();
    node->mName = pick_name(in);
    node->mTransformation = pick_matrix(in);
    if (i > 0) {
      const unsigned parent = in.below(i);
      node->mParent = nodes[parent];
      children[parent].push_back(node);
    }
    nodes.push_back(node);
  }
  for (unsigned i = 0; i < node_count; ++i) {
    if (children[i].empty()) continue;
    nodes[i]->mNumChildren = static_cast<unsigned>(children[i].size());
    nodes[i]->mChildren = new aiNode*[children[i].size()];
    for (std::size_t c = 0; c < children[i].size(); ++c) nodes[i]->mChildren[c] = children[i][c];
  }
  return nodes;
}

// Faces of 3 corners mostly; some points, lines and polygons.
void build_faces(aiMesh* mesh, FuzzInput& in) {
  const unsigned vertices = mesh->mNumVertices;
  const unsigned faces = 1 + in.byte() % 6;
  mesh->mNumFaces = faces;
  mesh->mFaces = new aiFace[faces];
  for (unsigned f = 0; f < faces; ++f) {
    const unsigned corners = in.byte() % 8 == 0 ? 1 + in.byte() % 5 : 3;  // Points, lines, quads.
    aiFace& face = mesh->mFaces[f];
    face.mNumIndices = corners;
    face.mIndices = new unsigned[corners];
    for (unsigned c = 0; c < corners; ++c)
      face.mIndices[c] = static_cast<unsigned>(in.below(vertices));
    mesh->mPrimitiveTypes |= corners == 1   ? aiPrimitiveType_POINT
                             : corners == 2 ? aiPrimitiveType_LINE
                             : corners == 3 ? aiPrimitiveType_TRIANGLE
                                            : aiPrimitiveType_POLYGON;
  }
}

// Bones naming nodes (or not), their weights on any vertex, out of [0, 1] now and then.
void build_bones(aiMesh* mesh, FuzzInput& in) {
  const unsigned vertices = mesh->mNumVertices;
  const unsigned bones = in.byte() % 5;
  if (bones > 0) {
    mesh->mNumBones = bones;
    mesh->mBones = new aiBone*[bones];
  }
  for (unsigned b = 0; b < bones; ++b) {
    aiBone* bone = new aiBone();
    mesh->mBones[b] = bone;
    bone->mName = pick_name(in);
    bone->mOffsetMatrix = pick_matrix(in);
    const unsigned weights = in.byte() % 6;
    if (weights > 0) {
      bone->mNumWeights = weights;
      bone->mWeights = new aiVertexWeight[weights];
    }
    for (unsigned w = 0; w < weights; ++w) {
      bone->mWeights[w].mVertexId = static_cast<unsigned>(in.below(vertices));
      bone->mWeights[w].mWeight = in.byte() % 8 == 0 ? in.value(0.0f, 1.0f) : in.unit();
    }
  }
}

// One mesh: its vertices, maybe normals and texture coordinates, faces and bones.
void build_mesh(aiMesh* mesh, FuzzInput& in) {
  mesh->mName = pick_name(in);
  const unsigned vertices = 3 + in.byte() % 8;
  mesh->mNumVertices = vertices;
  mesh->mVertices = new aiVector3D[vertices];
  for (unsigned v = 0; v < vertices; ++v) mesh->mVertices[v] = pick_vector(in, -1.0f, 1.0f);
  if (in.byte() % 2) {
    mesh->mNormals = new aiVector3D[vertices];
    for (unsigned v = 0; v < vertices; ++v) mesh->mNormals[v] = pick_vector(in, -1.0f, 1.0f);
  }
  if (in.byte() % 2) {
    mesh->mTextureCoords[0] = new aiVector3D[vertices];
    mesh->mNumUVComponents[0] = 2;
    for (unsigned v = 0; v < vertices; ++v)
      mesh->mTextureCoords[0][v] = pick_vector(in, 0.0f, 1.0f);
  }
  build_faces(mesh, in);
  build_bones(mesh, in);
}

// Meshes, each placed on one or two of `nodes`.
void build_meshes(aiScene* scene, const std::vector<aiNode*>& nodes, FuzzInput& in) {
  const unsigned node_count = static_cast<unsigned>(nodes.size());
  const unsigned mesh_count = in.byte() % 4;
  std::vector<std::vector<unsigned>> node_meshes(node_count);
  if (mesh_count > 0) {
    scene->mNumMeshes = mesh_count;
    scene->mMeshes = new aiMesh*[mesh_count];
  }
  for (unsigned m = 0; m < mesh_count; ++m) {
    aiMesh* mesh = new aiMesh();
    scene->mMeshes[m] = mesh;
    build_mesh(mesh, in);
    node_meshes[in.below(node_count)].push_back(m);
    if (in.byte() % 4 == 0) node_meshes[in.below(node_count)].push_back(m);
  }
  for (unsigned i = 0; i < node_count; ++i) {
    if (node_meshes[i].empty()) continue;
    nodes[i]->mNumMeshes = static_cast<unsigned>(node_meshes[i].size());
    nodes[i]->mMeshes = new unsigned[node_meshes[i].size()];
    for (std::size_t k = 0; k < node_meshes[i].size(); ++k)
      nodes[i]->mMeshes[k] = node_meshes[i][k];
  }
}

// Animations: channels naming nodes (or not), keys as pick_keys makes them.
void build_animations(aiScene* scene, FuzzInput& in) {
  const unsigned animations = in.byte() % 3;
  if (animations > 0) {
    scene->mNumAnimations = animations;
    scene->mAnimations = new aiAnimation*[animations];
  }
  for (unsigned a = 0; a < animations; ++a) {
    aiAnimation* anim = new aiAnimation();
    scene->mAnimations[a] = anim;
    anim->mName = pick_name(in);
    anim->mDuration = in.byte() % 4 == 0 ? in.value(0.0f, 100.0f) : 10.0 * in.unit();
    anim->mTicksPerSecond = in.byte() % 2 ? 0.0 : in.value(0.0f, 100.0f);
    const unsigned channels = 1 + in.byte() % 4;
    anim->mNumChannels = channels;
    anim->mChannels = new aiNodeAnim*[channels];
    for (unsigned c = 0; c < channels; ++c) {
      aiNodeAnim* ch = new aiNodeAnim();
      anim->mChannels[c] = ch;
      ch->mNodeName = pick_name(in);
      ch->mNumPositionKeys = 1 + in.byte() % 5;
      ch->mPositionKeys = pick_keys<aiVectorKey>(in, ch->mNumPositionKeys, pick_translation);
      ch->mNumRotationKeys = 1 + in.byte() % 5;
      ch->mRotationKeys = pick_keys<aiQuatKey>(in, ch->mNumRotationKeys, pick_rotation);
      ch->mNumScalingKeys = 1 + in.byte() % 5;
      ch->mScalingKeys = pick_keys<aiVectorKey>(in, ch->mNumScalingKeys, pick_scale);
    }
  }
}

// The scene the bytes of `in` describe, in the order it reads them: nodes, a material, meshes,
// animations.
void build(aiScene* scene, FuzzInput& in) {
  const std::vector<aiNode*> nodes = build_nodes(in);
  scene->mRootNode = nodes[0];

  scene->mNumMaterials = 1;
  scene->mMaterials = new aiMaterial*[1];
  scene->mMaterials[0] = new aiMaterial();

  build_meshes(scene, nodes, in);
  build_animations(scene, in);
}

}  // namespace

bool FuzzSceneImporter::CanRead(const std::string& file, Assimp::IOSystem*, bool) const {
  const std::string ext = std::string(".") + kExtension;
  return file.size() >= ext.size() && file.compare(file.size() - ext.size(), ext.size(), ext) == 0;
}

const aiImporterDesc* FuzzSceneImporter::GetInfo() const {
  static const aiImporterDesc desc = {
      "animscope fuzz scene", "", "", "", 0, 0, 0, 0, 0, kExtension};
  return &desc;
}

void FuzzSceneImporter::InternReadFile(const std::string& file, aiScene* scene,
                                       Assimp::IOSystem* io) {
  std::unique_ptr<Assimp::IOStream> stream(io->Open(file, "rb"));
  if (!stream) throw std::runtime_error("cannot open " + file);
  std::vector<uint8_t> bytes(stream->FileSize());
  if (!bytes.empty() && stream->Read(bytes.data(), 1, bytes.size()) != bytes.size()) {
    throw std::runtime_error("cannot read " + file);
  }
  FuzzInput in(bytes.data(), bytes.size());
  build(scene, in);
}

}  // namespace anim::fuzz
