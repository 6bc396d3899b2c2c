// The scene conversion (model_from_scene) on scenes built here, for what fuzz_import found: a
// file's non-finite or overflowing numbers must end the import with an error naming the node,
// bone or mesh (a package, what the import child sends back, refuses them), or be repaired where
// a default is harmless (texture coordinates, oversized bone weights). Inputs that crashed the
// harness are kept in tests/fuzz/crashes/fuzz_import/.
#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <assimp/scene.h>
#include <gtest/gtest.h>

#include "anim/bake/package_writer.h"
#include "anim/import/import_model.h"
#include "anim/package.h"

namespace anim::import {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// Root "root" holding mesh "quad" (a triangle, vertices weighted to bone "hip"), child "hip",
// and animation "Move" keying "hip" once.
std::unique_ptr<aiScene> make_scene() {
  auto scene = std::make_unique<aiScene>();
  aiNode* root = new aiNode("root");
  aiNode* hip = new aiNode("hip");
  hip->mParent = root;
  hip->mTransformation = aiMatrix4x4(aiVector3D(1, 1, 1), aiQuaternion(), aiVector3D(0, 1, 0));
  root->mNumChildren = 1;
  root->mChildren = new aiNode*[1]{hip};
  root->mNumMeshes = 1;
  root->mMeshes = new unsigned[1]{0};
  scene->mRootNode = root;

  scene->mNumMaterials = 1;
  scene->mMaterials = new aiMaterial*[1]{new aiMaterial()};
  aiMesh* mesh = new aiMesh();
  mesh->mName = aiString("quad");
  mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
  mesh->mNumVertices = 3;
  mesh->mVertices = new aiVector3D[3]{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  mesh->mTextureCoords[0] = new aiVector3D[3]{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  mesh->mNumUVComponents[0] = 2;
  mesh->mNumFaces = 1;
  mesh->mFaces = new aiFace[1];
  mesh->mFaces[0].mNumIndices = 3;
  mesh->mFaces[0].mIndices = new unsigned[3]{0, 1, 2};
  aiBone* bone = new aiBone();
  bone->mName = aiString("hip");
  bone->mNumWeights = 3;
  bone->mWeights = new aiVertexWeight[3]{{0, 1.0f}, {1, 1.0f}, {2, 1.0f}};
  mesh->mNumBones = 1;
  mesh->mBones = new aiBone*[1]{bone};
  scene->mNumMeshes = 1;
  scene->mMeshes = new aiMesh*[1]{mesh};

  aiAnimation* anim = new aiAnimation();
  anim->mName = aiString("Move");
  anim->mDuration = 1.0;
  anim->mTicksPerSecond = 1.0;
  aiNodeAnim* channel = new aiNodeAnim();
  channel->mNodeName = aiString("hip");
  channel->mNumRotationKeys = 1;
  channel->mRotationKeys = new aiQuatKey[1]{aiQuatKey(0.0, aiQuaternion())};
  anim->mNumChannels = 1;
  anim->mChannels = new aiNodeAnim*[1]{channel};
  scene->mNumAnimations = 1;
  scene->mAnimations = new aiAnimation*[1]{anim};
  return scene;
}

// The model as the import child sends it, loaded back as the tool's parent process does.
Status round_trip(const Model& model) {
  Package p;
  p.skeleton = model.skeleton;
  p.skin = model.skin;
  p.mesh = model.mesh;
  p.key_clips = model.clips;
  const std::vector<uint8_t> bytes = bake::write_package(p);
  Result<Package> loaded = load_package(Span<const uint8_t>(bytes.data(), bytes.size()));
  if (!loaded.ok()) return loaded.error();
  return Ok{};
}

TEST(SceneConversion, TheTestSceneConvertsAndPacks) {
  const std::unique_ptr<aiScene> scene = make_scene();
  Result<Model> model = model_from_scene(*scene, "scene");
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  EXPECT_EQ(model.value().skeleton.joint_count(), 2u);
  EXPECT_EQ(model.value().mesh.vertices.size(), 3u);
  EXPECT_TRUE(round_trip(model.value()).ok());
}

TEST(SceneConversion, ANodeTransformThatIsNotFiniteIsAnErrorNamingTheNode) {
  const std::unique_ptr<aiScene> scene = make_scene();
  scene->mRootNode->mChildren[0]->mTransformation.a4 = kNaN;
  Result<Model> model = model_from_scene(*scene, "scene.gltf");
  ASSERT_FALSE(model.ok());
  EXPECT_EQ(model.error().path, "scene.gltf");
  EXPECT_NE(model.error().message.find("node \"hip\""), std::string::npos) << model.error().message;
  EXPECT_NE(model.error().message.find("not finite"), std::string::npos);
}

TEST(SceneConversion, ANodeScaleThatOverflowsIsAnError) {
  // Finite entries whose column length overflows: the decomposed scale would be infinite.
  const std::unique_ptr<aiScene> scene = make_scene();
  aiMatrix4x4& m = scene->mRootNode->mChildren[0]->mTransformation;
  m.a1 = 3e38f;
  m.b1 = 3e38f;
  Result<Model> model = model_from_scene(*scene, "scene");
  ASSERT_FALSE(model.ok());
  EXPECT_NE(model.error().message.find("node \"hip\""), std::string::npos) << model.error().message;
}

TEST(SceneConversion, ABoneOffsetThatIsNotFiniteIsAnErrorNamingTheBone) {
  const std::unique_ptr<aiScene> scene = make_scene();
  scene->mMeshes[0]->mBones[0]->mOffsetMatrix.c3 = kInf;
  Result<Model> model = model_from_scene(*scene, "scene");
  ASSERT_FALSE(model.ok());
  EXPECT_NE(model.error().message.find("bone \"hip\""), std::string::npos) << model.error().message;
}

TEST(SceneConversion, AVertexPositionThatIsNotFiniteIsAnErrorNamingTheMesh) {
  const std::unique_ptr<aiScene> scene = make_scene();
  scene->mMeshes[0]->mVertices[1].y = -kInf;
  Result<Model> model = model_from_scene(*scene, "scene");
  ASSERT_FALSE(model.ok());
  EXPECT_NE(model.error().message.find("mesh \"quad\": vertex 1"), std::string::npos)
      << model.error().message;
}

TEST(SceneConversion, TextureCoordinatesThatAreNotFiniteBecomeZero) {
  const std::unique_ptr<aiScene> scene = make_scene();
  scene->mMeshes[0]->mTextureCoords[0][2] = aiVector3D(kNaN, 0.5f, 0.0f);
  Result<Model> model = model_from_scene(*scene, "scene");
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  EXPECT_EQ(model.value().mesh.vertices[2].uv, glm::vec2(0.0f));
  EXPECT_EQ(model.value().mesh.vertices[1].uv, glm::vec2(1.0f, 0.0f));
  EXPECT_TRUE(round_trip(model.value()).ok());
}

TEST(SceneConversion, HugeBoneWeightsStillNormalizeToFiniteWeights) {
  // Two bones at the float maximum on one vertex: their sum would overflow to infinity.
  const std::unique_ptr<aiScene> scene = make_scene();
  aiMesh* mesh = scene->mMeshes[0];
  aiBone* root_bone = new aiBone();
  root_bone->mName = aiString("root");
  root_bone->mNumWeights = 1;
  root_bone->mWeights = new aiVertexWeight[1]{{0, std::numeric_limits<float>::max()}};
  mesh->mBones[0]->mWeights[0].mWeight = std::numeric_limits<float>::max();
  aiBone** bones = new aiBone*[2]{mesh->mBones[0], root_bone};
  delete[] mesh->mBones;
  mesh->mBones = bones;
  mesh->mNumBones = 2;
  Result<Model> model = model_from_scene(*scene, "scene");
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  const Vertex& v = model.value().mesh.vertices[0];
  EXPECT_FLOAT_EQ(v.weights[0], 0.5f);
  EXPECT_FLOAT_EQ(v.weights[1], 0.5f);
  EXPECT_TRUE(round_trip(model.value()).ok()) << round_trip(model.value()).error().to_string();
}

Span<const uint8_t> bytes_of(const std::string& text) {
  return {reinterpret_cast<const uint8_t*>(text.data()), text.size()};
}

TEST(ImportFromMemory, ReadsAFileInTheFormatItIsTold) {
  const std::string obj = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
  Result<Model> model = import_model_from_memory(bytes_of(obj), "obj", "triangle");
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  EXPECT_EQ(model.value().mesh.triangle_count(), 1u);
  EXPECT_TRUE(model.value().skeleton.parents.empty());
}

TEST(ImportFromMemory, ReadsNoOtherFile) {
  // A glTF whose buffer is a file beside it: there is none to read.
  const std::string gltf = R"({"asset":{"version":"2.0"},"buffers":[{"uri":"/etc/hostname","byteLength":4}],
    "bufferViews":[{"buffer":0,"byteLength":4}],"accessors":[{"bufferView":0,"componentType":5126,
    "count":1,"type":"SCALAR"}],"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],
    "nodes":[{"mesh":0}],"scenes":[{"nodes":[0]}],"scene":0})";
  Result<Model> model = import_model_from_memory(bytes_of(gltf), "gltf", "external.gltf");
  ASSERT_FALSE(model.ok());
  EXPECT_EQ(model.error().path, "external.gltf");
}

TEST(ImportFromMemory, NoBytesIsAnError) {
  Result<Model> model = import_model_from_memory({}, "obj", "empty.obj");
  ASSERT_FALSE(model.ok());
  EXPECT_EQ(model.error().path, "empty.obj");
}

}  // namespace
}  // namespace anim::import
