// Importer behaviour that the format-by-format suites do not pin down: the 25 ticks-per-second
// fallback, the progress callback and cancelling, clip and joint naming, the list of supported
// extensions, edge cases no sample file holds (scenes built here and written as .assbin: key
// order, missing nodes, more than four influences), and properties every imported mesh must have
// (unit normals, repeatable loads).
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <assimp/anim.h>
#include <assimp/material.h>
#include <assimp/mesh.h>
#include <assimp/scene.h>
#include <gtest/gtest.h>
#include <assimp/Exporter.hpp>
#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/import/import_model.h"
#include "anim/model.h"
#include "import_test_support.h"

namespace anim::import {
namespace {

namespace fs = std::filesystem;

using namespace test_support;

// ---------------------------------------------------------------------------------------------
// Ticks per second.

TEST(TicksPerSecondTest, ZeroMeansTwentyFive) {
  // assimp 5.2.5 leaves mTicksPerSecond at 0 for 3DS keyframes; RotatingCube.3DS turns its box
  // with 182 rotation keys at ticks 0, 1, ..., 181.
  const std::string path = model_path("3DS/RotatingCube.3DS");
  const LoadedScene loaded = read_scene(path);
  ASSERT_NE(loaded.scene, nullptr) << loaded.error;
  ASSERT_EQ(loaded.scene->mNumAnimations, 1u);
  const aiAnimation& animation = *loaded.scene->mAnimations[0];
  ASSERT_EQ(animation.mTicksPerSecond, 0.0) << "the file no longer exercises the fallback";
  ASSERT_EQ(animation.mDuration, 181.0);
  ASSERT_EQ(animation.mNumChannels, 1u);
  const aiNodeAnim& channel = *animation.mChannels[0];

  Result<Model> result = import_model(path);
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  const Model& model = result.value();
  ASSERT_EQ(model.clips.size(), 1u);
  const Clip& clip = model.clips[0];
  EXPECT_FLOAT_EQ(clip.duration, 181.0f / 25.0f);
  const int joint = model.skeleton.find(channel.mNodeName.C_Str());
  ASSERT_GE(joint, 0);
  const TrackRange r = clip.rotations.ranges[static_cast<std::size_t>(joint)];
  ASSERT_EQ(r.count, channel.mNumRotationKeys);
  for (unsigned k = 0; k < r.count; ++k) {
    EXPECT_FLOAT_EQ(clip.rotations.times[r.offset + k],
                    static_cast<float>(channel.mRotationKeys[k].mTime / 25.0))
        << "key " << k;
  }
}

// A file written by the test into its own temporary directory, removed afterwards.
class TemporaryFile {
 public:
  TemporaryFile(const std::string& name, const std::string& contents) {
    dir_ = fs::temp_directory_path() /
           ("animscope_import_test_" + std::to_string(static_cast<long>(getpid())));
    fs::create_directories(dir_);
    path_ = (dir_ / name).string();
    std::ofstream out(path_, std::ios::binary);
    out << contents;
  }
  ~TemporaryFile() {
    std::error_code ec;
    fs::remove(path_, ec);
    fs::remove(dir_, ec);  // Only when empty.
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;

  const std::string& path() const { return path_; }

 private:
  fs::path dir_;
  std::string path_;
};

TEST(TicksPerSecondTest, BvhWithZeroFrameTimeFallsBackToTwentyFive) {
  // A BVH "Frame Time: 0" makes assimp report 1 / 0 = infinite ticks per second. A rate that is
  // not a positive finite number is treated like 0: 25 ticks per second, so the three frames at
  // ticks 0, 1, 2 land at 0, 0.04 and 0.08 s instead of collapsing onto one time.
  const TemporaryFile file("zero_frame_time.bvh",
                           "HIERARCHY\n"
                           "ROOT Hips\n"
                           "{\n"
                           "  OFFSET 0 0 0\n"
                           "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation "
                           "Yrotation\n"
                           "  JOINT Chest\n"
                           "  {\n"
                           "    OFFSET 0 1 0\n"
                           "    CHANNELS 3 Zrotation Xrotation Yrotation\n"
                           "    End Site\n"
                           "    {\n"
                           "      OFFSET 0 1 0\n"
                           "    }\n"
                           "  }\n"
                           "}\n"
                           "MOTION\n"
                           "Frames: 3\n"
                           "Frame Time: 0\n"
                           "0 0 0 0 0 0 0 0 0\n"
                           "1 0 0 0 0 0 0 0 90\n"
                           "2 0 0 0 0 0 0 0 0\n");
  const LoadedScene loaded = read_scene(file.path());
  ASSERT_NE(loaded.scene, nullptr) << loaded.error;
  ASSERT_EQ(loaded.scene->mNumAnimations, 1u);
  ASSERT_FALSE(std::isfinite(loaded.scene->mAnimations[0]->mTicksPerSecond))
      << "assimp no longer reports an infinite rate for this file";

  Result<Model> result = import_model(file.path());
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  const Model& model = result.value();
  ASSERT_EQ(model.clips.size(), 1u);
  const Clip& clip = model.clips[0];
  EXPECT_FLOAT_EQ(clip.duration, 2.0f / 25.0f);
  const int hips = model.skeleton.find("Hips");
  ASSERT_GE(hips, 0);
  const TrackRange r = clip.translations.ranges[static_cast<std::size_t>(hips)];
  ASSERT_EQ(r.count, 3u);
  EXPECT_FLOAT_EQ(clip.translations.times[r.offset + 1], 0.04f);
  EXPECT_FLOAT_EQ(clip.translations.times[r.offset + 2], 0.08f);
  // Frame 1 moves the hips to x = 1.
  EXPECT_EQ(clip.translations.values[r.offset + 1], glm::vec3(1.0f, 0.0f, 0.0f));
}

// ---------------------------------------------------------------------------------------------
// Progress and cancelling.

TEST(ProgressTest, ReportsRisingFractionsEndingAtOne) {
  std::vector<float> fractions;
  Result<Model> result = import_model(model_path("X/Testwuson.X"), [&](float f) {
    fractions.push_back(f);
    return true;
  });
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  ASSERT_FALSE(fractions.empty()) << "the callback was never called";
  for (std::size_t i = 0; i < fractions.size(); ++i) {
    EXPECT_GE(fractions[i], 0.0f) << "call " << i;
    EXPECT_LE(fractions[i], 1.0f) << "call " << i;
    if (i > 0) {
      EXPECT_GE(fractions[i], fractions[i - 1]) << "call " << i << " went backwards";
    }
  }
  EXPECT_EQ(fractions.back(), 1.0f) << "a finished load reports all of it done";
}

TEST(ProgressTest, CancellingAtOnceGivesCancelledNamingTheFile) {
  const std::string path = model_path("X/Testwuson.X");
  int calls = 0;
  Result<Model> result = import_model(path, [&](float) {
    ++calls;
    return false;
  });
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().code, Error::Code::kCancelled);
  EXPECT_EQ(result.error().path, path);
  EXPECT_FALSE(result.error().message.empty());
  EXPECT_GE(calls, 1);
}

TEST(ProgressTest, CancellingHalfWayGivesCancelled) {
  int calls = 0;
  Result<Model> result =
      import_model(model_path("glTF2/simple_skin/simple_skin.gltf"), [&](float f) {
        ++calls;
        return f < 0.5f;
      });
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().code, Error::Code::kCancelled);
  EXPECT_GE(calls, 2);
}

TEST(ProgressTest, CancellingAtTheLastCallStillCancels) {
  // Answering "stop" to the final 1.0 call still discards the Model.
  Result<Model> result = import_model(model_path("OBJ/box.obj"), [](float f) { return f < 1.0f; });
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().code, Error::Code::kCancelled);
}

TEST(ProgressTest, AnEmptyCallbackIsAllowed) {
  Result<Model> result = import_model(model_path("OBJ/box.obj"), ProgressCallback{});
  EXPECT_TRUE(result.ok()) << result.error().to_string();
}

TEST(ProgressTest, MissingFileFailsWithoutCancelling) {
  // The callback says "stop" whenever asked, but the missing file is the error to report.
  Result<Model> result = import_model(model_path("X/missing.x"), [](float) { return false; });
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().code, Error::Code::kNotFound);
}

// ---------------------------------------------------------------------------------------------
// Names.

TEST(ClipNameTest, RepeatedAnimationNamesGetNumberSuffixes) {
  // man.mdl has four sequences called "arms_up".
  Result<Model> result = import_model(model_path("MDL/MDL (HL1)/man.mdl"));
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  std::vector<std::string> names;
  for (const Clip& clip : result.value().clips) names.push_back(clip.name);
  EXPECT_EQ(names, (std::vector<std::string>{"reference", "walk", "arms_up", "arms_up#2",
                                             "arms_up#3", "arms_up#4"}));
  EXPECT_EQ(result.value().find_clip("arms_up#3"), 4);
}

TEST(ClipNameTest, UnnamedAnimationsAreNumberedByTheirIndex) {
  // ASE and SMD files carry one unnamed animation; simple_skin.gltf's has no name either.
  for (const char* file :
       {"ASE/anim.ASE", "SMD/triangle.smd", "glTF2/simple_skin/simple_skin.gltf"}) {
    Result<Model> result = import_model(model_path(file));
    ASSERT_TRUE(result.ok()) << result.error().to_string();
    ASSERT_EQ(result.value().clips.size(), 1u) << file;
    EXPECT_EQ(result.value().clips[0].name, "clip0") << file;
  }
}

TEST(SupportedExtensionsTest, ListsTheFormatsInLowerCaseSortedAndOnce) {
  const std::vector<std::string> ext = supported_extensions();
  ASSERT_FALSE(ext.empty());
  for (const char* wanted :
       {"x", "gltf", "glb", "fbx", "dae", "bvh", "smd", "obj", "md5mesh", "mesh.xml"}) {
    EXPECT_TRUE(std::binary_search(ext.begin(), ext.end(), std::string(wanted))) << wanted;
  }
  EXPECT_TRUE(std::is_sorted(ext.begin(), ext.end()));
  EXPECT_EQ(std::adjacent_find(ext.begin(), ext.end()), ext.end()) << "listed twice";
  for (const std::string& e : ext) {
    // No leading dot; a compound extension such as Ogre's "mesh.xml" keeps its inner one.
    ASSERT_FALSE(e.empty());
    EXPECT_NE(e.front(), '.') << e;
    EXPECT_NE(e.back(), '.') << e;
    EXPECT_EQ(e.find('*'), std::string::npos) << e;
    for (const char c : e) {
      EXPECT_FALSE(std::isupper(static_cast<unsigned char>(c))) << e;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Scenes built here in memory and written as .assbin, assimp's lossless binary dump, for cases no
// sample file holds. assimp reads them back through the same ReadFile and post-processing.

template <class T>
void append(T**& array, unsigned& count, T* item) {
  T** grown = new T*[count + 1];
  for (unsigned i = 0; i < count; ++i) grown[i] = array[i];
  grown[count] = item;
  delete[] array;
  array = grown;
  ++count;
}

class SyntheticScene {
 public:
  SyntheticScene() : scene_(std::make_unique<aiScene>()) {
    scene_->mRootNode = new aiNode("root");
    append(scene_->mMaterials, scene_->mNumMaterials, new aiMaterial());
    // One triangle on the root, so that the scene validates.
    add_mesh(scene_->mRootNode);
  }

  aiNode* root() { return scene_->mRootNode; }

  aiNode* add_node(aiNode* parent, const std::string& name, const aiVector3D& translation) {
    aiNode* node = new aiNode(name);
    node->mTransformation = aiMatrix4x4(aiVector3D(1, 1, 1), aiQuaternion(), translation);
    parent->addChildren(1, &node);
    return node;
  }

  // A one-triangle mesh held by `node`.
  aiMesh* add_mesh(aiNode* node) {
    aiMesh* mesh = new aiMesh();
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    mesh->mNumVertices = 3;
    mesh->mVertices = new aiVector3D[3]{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    mesh->mNumFaces = 1;
    mesh->mFaces = new aiFace[1];
    mesh->mFaces[0].mNumIndices = 3;
    mesh->mFaces[0].mIndices = new unsigned[3]{0, 1, 2};
    const unsigned index = scene_->mNumMeshes;
    append(scene_->mMeshes, scene_->mNumMeshes, mesh);
    unsigned* meshes = new unsigned[node->mNumMeshes + 1];
    for (unsigned i = 0; i < node->mNumMeshes; ++i) meshes[i] = node->mMeshes[i];
    meshes[node->mNumMeshes++] = index;
    delete[] node->mMeshes;
    node->mMeshes = meshes;
    return mesh;
  }

  // A bone of `mesh` named `name`, weighting vertex 0 by `weight`.
  void add_bone(aiMesh* mesh, const std::string& name, float weight) {
    aiBone* bone = new aiBone();
    bone->mName = aiString(name);
    bone->mNumWeights = 1;
    bone->mWeights = new aiVertexWeight[1]{aiVertexWeight(0, weight)};
    append(mesh->mBones, mesh->mNumBones, bone);
  }

  aiAnimation* add_animation(const std::string& name, double ticks_per_second, double duration) {
    aiAnimation* animation = new aiAnimation();
    animation->mName = aiString(name);
    animation->mTicksPerSecond = ticks_per_second;
    animation->mDuration = duration;
    append(scene_->mAnimations, scene_->mNumAnimations, animation);
    return animation;
  }

  // A channel of `animation` for the node called `node`, with position keys only.
  aiNodeAnim* add_channel(aiAnimation* animation, const std::string& node,
                          const std::vector<aiVectorKey>& positions) {
    aiNodeAnim* channel = new aiNodeAnim();
    channel->mNodeName = aiString(node);
    channel->mNumPositionKeys = static_cast<unsigned>(positions.size());
    channel->mPositionKeys = new aiVectorKey[positions.size()];
    std::copy(positions.begin(), positions.end(), channel->mPositionKeys);
    append(animation->mChannels, animation->mNumChannels, channel);
    return channel;
  }

  // Writes the scene to `path` as .assbin; false (with a test failure) if assimp refuses.
  bool write(const std::string& path) {
    Assimp::Exporter exporter;
    const aiReturn r = exporter.Export(scene_.get(), "assbin", path);
    EXPECT_EQ(r, aiReturn_SUCCESS) << exporter.GetErrorString();
    return r == aiReturn_SUCCESS;
  }

 private:
  std::unique_ptr<aiScene> scene_;
};

// Writes `scene` into a temporary .assbin file and imports it.
Result<Model> import_synthetic(SyntheticScene& scene, const std::string& name) {
  const TemporaryFile file(name + ".assbin", "");
  if (!scene.write(file.path())) return Error{Error::Code::kIo, "export failed", file.path()};
  return import_model(file.path());
}

TEST(SyntheticSceneTest, ZeroAndNegativeTicksPerSecondMeanTwentyFive) {
  SyntheticScene scene;
  scene.add_node(scene.root(), "mover", {0, 0, 0});
  for (const double tps : {0.0, -10.0}) {
    aiAnimation* a = scene.add_animation(tps == 0.0 ? "zero" : "negative", tps, 50.0);
    scene.add_channel(a, "mover", {aiVectorKey(0.0, {0, 0, 0}), aiVectorKey(50.0, {1, 0, 0})});
  }
  Result<Model> result = import_synthetic(scene, "ticks");
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  ASSERT_EQ(result.value().clips.size(), 2u);
  for (const Clip& clip : result.value().clips) {
    EXPECT_FLOAT_EQ(clip.duration, 2.0f) << clip.name << ": 50 ticks at 25 per second";
    const int mover = result.value().skeleton.find("mover");
    ASSERT_GE(mover, 0);
    const TrackRange r = clip.translations.ranges[static_cast<std::size_t>(mover)];
    ASSERT_EQ(r.count, 2u);
    EXPECT_FLOAT_EQ(clip.translations.times[r.offset + 1], 2.0f);
  }
}

TEST(SyntheticSceneTest, UnnamedAnimationNamesStepAroundTakenOnes) {
  // "clip1" is taken by animation 0, so unnamed animation 1 becomes "clip1#2"; animation 2,
  // unnamed too, is plain "clip2".
  SyntheticScene scene;
  scene.add_node(scene.root(), "mover", {0, 0, 0});
  for (const char* name : {"clip1", "", ""}) {
    aiAnimation* a = scene.add_animation(name, 25.0, 1.0);
    scene.add_channel(a, "mover", {aiVectorKey(0.0, {0, 0, 0}), aiVectorKey(1.0, {1, 0, 0})});
  }
  Result<Model> result = import_synthetic(scene, "names");
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  std::vector<std::string> names;
  for (const Clip& clip : result.value().clips) names.push_back(clip.name);
  EXPECT_EQ(names, (std::vector<std::string>{"clip1", "clip1#2", "clip2"}));
}

TEST(SyntheticSceneTest, KeysOutOfOrderAreSortedAndRepeatedTimesKeepTheLast) {
  SyntheticScene scene;
  scene.add_node(scene.root(), "mover", {0, 0, 0});
  aiAnimation* a = scene.add_animation("shuffled", 1.0, 2.0);
  scene.add_channel(a, "mover",
                    {aiVectorKey(2.0, {2, 0, 0}), aiVectorKey(0.0, {0, 0, 0}),
                     aiVectorKey(1.0, {5, 0, 0}), aiVectorKey(1.0, {1, 0, 0})});
  Result<Model> result = import_synthetic(scene, "shuffled");
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  const Model& model = result.value();
  const Clip& clip = model.clips.at(0);
  const TrackRange r =
      clip.translations.ranges[static_cast<std::size_t>(model.skeleton.find("mover"))];
  ASSERT_EQ(r.count, 3u);
  for (uint32_t k = 0; k < 3; ++k) {
    EXPECT_EQ(clip.translations.times[r.offset + k], static_cast<float>(k));
    EXPECT_EQ(clip.translations.values[r.offset + k], glm::vec3(static_cast<float>(k), 0, 0));
  }
}

TEST(SyntheticSceneTest, DuplicateNodeNamesGetNumberSuffixes) {
  SyntheticScene scene;
  scene.add_mesh(scene.add_node(scene.root(), "twin", {1, 0, 0}));
  scene.add_mesh(scene.add_node(scene.root(), "twin", {2, 0, 0}));
  aiAnimation* a = scene.add_animation("still", 25.0, 0.0);
  scene.add_channel(a, "root", {aiVectorKey(0.0, {0, 0, 0})});
  Result<Model> result = import_synthetic(scene, "twins");
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  const Skeleton& skeleton = result.value().skeleton;
  EXPECT_EQ(skeleton.names, (std::vector<std::string>{"root", "twin", "twin#2"}));
  EXPECT_EQ(skeleton.rest[1].translation, glm::vec3(1, 0, 0));
  EXPECT_EQ(skeleton.rest[2].translation, glm::vec3(2, 0, 0));
}

TEST(SyntheticSceneTest, ChannelForNoNodeIsIgnored) {
  SyntheticScene scene;
  scene.add_node(scene.root(), "mover", {0, 0, 0});
  aiAnimation* a = scene.add_animation("ghostly", 25.0, 1.0);
  scene.add_channel(a, "ghost", {aiVectorKey(0.0, {0, 0, 0}), aiVectorKey(1.0, {1, 0, 0})});
  scene.add_channel(a, "mover", {aiVectorKey(0.0, {0, 0, 0}), aiVectorKey(1.0, {1, 0, 0})});
  Result<Model> result = import_synthetic(scene, "ghost_channel");
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  const Model& model = result.value();
  EXPECT_EQ(model.skeleton.find("ghost"), -1);
  ASSERT_EQ(model.clips.size(), 1u);
  EXPECT_EQ(model.clips[0].animated_joint_count(), 1u);
}

TEST(SyntheticSceneTest, BoneForNoNodeLeavesTheVertexOnItsMeshNode) {
  // Vertex 0 is weighted only by a bone that names no node: it must follow its mesh's node, with
  // weight 1, like the two unweighted vertices.
  SyntheticScene scene;
  aiNode* holder = scene.add_node(scene.root(), "holder", {0, 3, 0});
  aiMesh* mesh = scene.add_mesh(holder);
  scene.add_bone(mesh, "ghost", 1.0f);
  Result<Model> result = import_synthetic(scene, "ghost_bone");
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  const Model& model = result.value();
  const int joint = model.skeleton.find("holder");
  ASSERT_GE(joint, 0);
  const SubMesh& sub = model.mesh.submeshes.at(1);  // The root's triangle comes first.
  ASSERT_EQ(sub.vertex_count, 3u);
  for (uint32_t i = 0; i < 3; ++i) {
    const Vertex& v = model.mesh.vertices[sub.base_vertex + i];
    EXPECT_EQ(v.weights[0], 1.0f) << "vertex " << i;
    EXPECT_EQ(model.skin.joints.at(v.joints[0]), joint) << "vertex " << i;
    EXPECT_EQ(model.skin.inverse_bind.at(v.joints[0]), glm::mat4(1.0f));
  }
}

TEST(SyntheticSceneTest, MoreThanFourInfluencesKeepTheStrongestFour) {
  // Vertex 0 has six bones weighing 0.3, 0.25, 0.2, 0.1, 0.1 and 0.05: the last two are dropped
  // (0.15 of 1.0), the four kept are divided by their sum 0.85.
  SyntheticScene scene;
  aiNode* holder = scene.add_node(scene.root(), "holder", {0, 0, 0});
  aiMesh* mesh = scene.add_mesh(holder);
  const std::vector<std::pair<const char*, float>> bones = {
      {"b5", 0.1f}, {"b1", 0.3f}, {"b6", 0.05f}, {"b3", 0.2f}, {"b2", 0.25f}, {"b4", 0.1f}};
  for (const auto& [name, weight] : bones) {
    scene.add_node(holder, name, {0, 0, 0});
    scene.add_bone(mesh, name, weight);
  }
  Result<Model> result = import_synthetic(scene, "six_bones");
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  const Model& model = result.value();
  EXPECT_EQ(model.max_influences, 6);
  EXPECT_EQ(model.truncated_vertices, 1u);
  const Vertex& v = model.mesh.vertices.at(model.mesh.submeshes.at(1).base_vertex);
  EXPECT_NEAR(v.truncated_weight, 0.15f, 1e-6f);
  const float expected[4] = {0.3f / 0.85f, 0.25f / 0.85f, 0.2f / 0.85f, 0.1f / 0.85f};
  const char* names[3] = {"b1", "b2", "b3"};
  for (int k = 0; k < 4; ++k) EXPECT_NEAR(v.weights[k], expected[k], 1e-6f) << "influence " << k;
  for (int k = 0; k < 3; ++k) {
    const int joint = model.skin.joints.at(v.joints[k]);
    EXPECT_EQ(model.skeleton.names.at(static_cast<std::size_t>(joint)), names[k]);
  }
  // The fourth is one of the two bones at 0.1.
  const std::string fourth =
      model.skeleton.names.at(static_cast<std::size_t>(model.skin.joints.at(v.joints[3])));
  EXPECT_TRUE(fourth == "b4" || fourth == "b5") << fourth;
}

// A channel binds to the node it names (aiNode::FindNode), not to a joint name after
// deduplication: an unnamed node's joint is renamed "node" but keeps its keys.
TEST(SyntheticSceneTest, ChannelOfAnUnnamedNodeKeepsItsKeys) {
  SyntheticScene scene;
  scene.add_node(scene.root(), "", {2, 0, 0});
  aiAnimation* a = scene.add_animation("lift", 1.0, 1.0);
  scene.add_channel(a, "", {aiVectorKey(0.0, {0, 5, 0}), aiVectorKey(1.0, {0, 6, 0})});
  Result<Model> result = import_synthetic(scene, "unnamed_node");
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  const Model& model = result.value();
  ASSERT_EQ(model.skeleton.joint_count(), 2u) << "root and the unnamed, animated node";
  ASSERT_EQ(model.clips.size(), 1u);
  EXPECT_EQ(model.clips[0].translations.ranges[1].count, 2u) << "the channel's keys were dropped";
}

// With nodes "twin", "twin" and "twin#2", the second "twin" is renamed "twin#2" and the real
// "twin#2" becomes "twin#2#2"; a channel for "twin#2" must still drive the third node.
TEST(SyntheticSceneTest, ChannelBindsToTheNodeItNamesNotToARenamedTwin) {
  SyntheticScene scene;
  scene.add_mesh(scene.add_node(scene.root(), "twin", {1, 0, 0}));
  scene.add_mesh(scene.add_node(scene.root(), "twin", {2, 0, 0}));
  scene.add_mesh(scene.add_node(scene.root(), "twin#2", {3, 0, 0}));
  aiAnimation* a = scene.add_animation("lift", 1.0, 1.0);
  scene.add_channel(a, "twin#2", {aiVectorKey(0.0, {3, 5, 0}), aiVectorKey(1.0, {3, 6, 0})});
  Result<Model> result = import_synthetic(scene, "twin_channel");
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  const Model& model = result.value();
  ASSERT_EQ(model.skeleton.joint_count(), 4u);
  // Joints in file order: root, twin (x 1), twin#2 (the second twin, x 2), twin#2#2 (x 3).
  EXPECT_EQ(model.skeleton.rest[3].translation, glm::vec3(3, 0, 0));
  const Clip& clip = model.clips.at(0);
  EXPECT_EQ(clip.translations.ranges[3].count, 2u) << "the node named twin#2 lost its keys";
  EXPECT_EQ(clip.translations.ranges[2].count, 0u) << "the second twin got another node's keys";
}

// ---------------------------------------------------------------------------------------------
// Properties of every imported animated model.

class ImportedModelTest : public ::testing::TestWithParam<std::string> {};

TEST_P(ImportedModelTest, NormalsAreUnitLengthAndNamesAreNonEmpty) {
  Result<Model> result = import_model(model_path(GetParam()));
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  const Model& model = result.value();
  for (std::size_t i = 0; i < model.mesh.vertices.size(); ++i) {
    const glm::vec3& n = model.mesh.vertices[i].normal;
    ASSERT_NEAR(glm::length(n), 1.0f, 1e-4f) << "vertex " << i;
  }
  for (const std::string& name : model.skeleton.names) EXPECT_FALSE(name.empty());
  for (const Clip& clip : model.clips) EXPECT_FALSE(clip.name.empty());
}

TEST_P(ImportedModelTest, LoadingTwiceGivesTheSameModel) {
  Result<Model> first = import_model(model_path(GetParam()));
  Result<Model> second = import_model(model_path(GetParam()));
  ASSERT_TRUE(first.ok() && second.ok());
  const Model& a = first.value();
  const Model& b = second.value();
  EXPECT_EQ(a.skeleton.names, b.skeleton.names);
  EXPECT_EQ(a.skeleton.parents, b.skeleton.parents);
  EXPECT_EQ(a.skin.joints, b.skin.joints);
  ASSERT_EQ(a.mesh.vertices.size(), b.mesh.vertices.size());
  for (std::size_t i = 0; i < a.mesh.vertices.size(); ++i) {
    const Vertex& u = a.mesh.vertices[i];
    const Vertex& v = b.mesh.vertices[i];
    ASSERT_TRUE(u.position == v.position && u.normal == v.normal && u.uv == v.uv &&
                std::equal(u.joints, u.joints + kMaxInfluences, v.joints) &&
                std::equal(u.weights, u.weights + kMaxInfluences, v.weights) &&
                u.truncated_weight == v.truncated_weight)
        << "vertex " << i;
  }
  EXPECT_EQ(a.mesh.indices, b.mesh.indices);
  ASSERT_EQ(a.clips.size(), b.clips.size());
  for (std::size_t c = 0; c < a.clips.size(); ++c) {
    EXPECT_EQ(a.clips[c].name, b.clips[c].name);
    EXPECT_EQ(a.clips[c].rotations.times, b.clips[c].rotations.times);
    EXPECT_EQ(a.clips[c].translations.values, b.clips[c].translations.values);
  }
}

INSTANTIATE_TEST_SUITE_P(AnimatedCorpus, ImportedModelTest, ::testing::ValuesIn(animated_corpus()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return param_name(info.param);
                         });

}  // namespace
}  // namespace anim::import
