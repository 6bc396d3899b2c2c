// Skins imported meshes on the CPU with the runtime's palette (SamplingJob, LocalToModelJob,
// SkinningPaletteJob, then each vertex's skin entries and weights) and checks the result against
// what the source files say: the bind pose of Testwuson.X gives back the mesh assimp reads,
// simple_skin.gltf deforms exactly as its hand-written buffers say, meshes without bones follow
// their nodes, and every imported vertex's weights obey the Model's documented invariants.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include <assimp/scene.h>
#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/import/import_model.h"
#include "anim/model.h"
#include "anim/sampling.h"
#include "import_test_support.h"

namespace anim::import {
namespace {

using test_support::animated_corpus;
using test_support::LoadedScene;
using test_support::model_path;
using test_support::model_size;
using test_support::param_name;
using test_support::read_scene;
using test_support::runtime_palette;
using test_support::runtime_pose;
using test_support::skin_position;

// Skinned positions are compared to within this fraction of the model size (see
// import_test_support.h: the larger bounding-box diagonal of bind mesh and rest joints).
constexpr float kRelativeTolerance = 1e-4f;

// The Model of a corpus file; an empty one (and a test failure) when the import fails.
Model import_checked(const std::string& relative) {
  Result<Model> imported = import_model(model_path(relative));
  EXPECT_TRUE(imported.ok()) << (imported.ok() ? "" : imported.error().to_string());
  return imported.ok() ? std::move(imported).value() : Model{};
}

// Skins every vertex of `model` in the pose of `clip` at `seconds` (rest pose for a null clip).
std::vector<glm::vec3> skin_all(const Model& model, const Clip* clip, float seconds) {
  SamplingCursor cursor;
  const std::vector<glm::mat4> pose = runtime_pose(model, clip, seconds, cursor);
  EXPECT_EQ(pose.size(), model.skeleton.joint_count());
  const std::vector<glm::mat4> palette = runtime_palette(model, pose);
  EXPECT_EQ(palette.size(), model.skin.size());
  std::vector<glm::vec3> out;
  if (pose.size() != model.skeleton.joint_count() || palette.size() != model.skin.size()) {
    return out;
  }
  for (const Vertex& v : model.mesh.vertices) out.push_back(skin_position(v, palette));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Testwuson.X: skinned in its bind pose, the mesh must come back where assimp put it.

class TestwusonBindPoseTest : public ::testing::Test {
 protected:
  void SetUp() override {
    loaded_ = read_scene(model_path("X/Testwuson.X"));
    ASSERT_NE(loaded_.scene, nullptr) << loaded_.error;
    ASSERT_EQ(loaded_.scene->mNumMeshes, 1u);
    mesh_ = loaded_.scene->mMeshes[0];
    ASSERT_GT(mesh_->mNumBones, 0u);
    model_ = import_checked("X/Testwuson.X");
    ASSERT_EQ(model_.mesh.submeshes.size(), 1u);
    ASSERT_EQ(model_.mesh.submeshes[0].name, mesh_->mName.C_Str());
    ASSERT_EQ(model_.mesh.submeshes[0].base_vertex, 0u);
    ASSERT_EQ(model_.mesh.vertices.size(), mesh_->mNumVertices);
    tolerance_ = kRelativeTolerance * model_size(model_);
  }

  // Largest distance between a skinned vertex and the aiMesh vertex it came from.
  float worst_distance(const std::vector<glm::vec3>& skinned, unsigned& worst_vertex) const {
    float worst = 0.0f;
    worst_vertex = 0;
    for (unsigned i = 0; i < mesh_->mNumVertices; ++i) {
      const aiVector3D& p = mesh_->mVertices[i];
      const float d = glm::length(skinned[i] - glm::vec3(p.x, p.y, p.z));
      if (!(d <= worst)) {
        worst = d;
        worst_vertex = i;
      }
    }
    return worst;
  }

  LoadedScene loaded_;
  const aiMesh* mesh_ = nullptr;
  Model model_;
  float tolerance_ = 0.0f;
};

TEST_F(TestwusonBindPoseTest, BindClipReproducesTheMesh) {
  const int bind = model_.find_clip("Wuson_Bind");
  ASSERT_GE(bind, 0);
  const std::vector<glm::vec3> skinned =
      skin_all(model_, &model_.clips[static_cast<std::size_t>(bind)], 0.0f);
  ASSERT_EQ(skinned.size(), model_.mesh.vertices.size());
  unsigned vertex = 0;
  EXPECT_LE(worst_distance(skinned, vertex), tolerance_) << "vertex " << vertex;
}

TEST_F(TestwusonBindPoseTest, RestPoseReproducesTheMesh) {
  const std::vector<glm::vec3> skinned = skin_all(model_, nullptr, 0.0f);
  ASSERT_EQ(skinned.size(), model_.mesh.vertices.size());
  unsigned vertex = 0;
  EXPECT_LE(worst_distance(skinned, vertex), tolerance_) << "vertex " << vertex;
}

TEST_F(TestwusonBindPoseTest, BindPositionsAreTheMeshPositions) {
  for (unsigned i = 0; i < mesh_->mNumVertices; ++i) {
    const aiVector3D& p = mesh_->mVertices[i];
    ASSERT_EQ(model_.mesh.vertices[i].position, glm::vec3(p.x, p.y, p.z)) << "vertex " << i;
  }
}

TEST_F(TestwusonBindPoseTest, WeightsAreTheBoneWeightsOfTheFile) {
  // Every vertex of Testwuson has at most 4 influences, so nothing is dropped: each vertex's
  // weights must be its aiBone weights (joint by name), divided by their sum.
  ASSERT_LE(model_.max_influences, kMaxInfluences);
  std::vector<std::map<std::string, float>> expected(mesh_->mNumVertices);
  for (unsigned b = 0; b < mesh_->mNumBones; ++b) {
    const aiBone& bone = *mesh_->mBones[b];
    for (unsigned w = 0; w < bone.mNumWeights; ++w) {
      if (bone.mWeights[w].mWeight > 0.0f) {
        expected[bone.mWeights[w].mVertexId][bone.mName.C_Str()] += bone.mWeights[w].mWeight;
      }
    }
  }
  for (unsigned i = 0; i < mesh_->mNumVertices; ++i) {
    SCOPED_TRACE("vertex " + std::to_string(i));
    float total = 0.0f;
    for (const auto& [name, weight] : expected[i]) total += weight;
    ASSERT_GT(total, 0.0f) << "every Wuson vertex is weighted";
    std::map<std::string, float> actual;
    const Vertex& v = model_.mesh.vertices[i];
    for (int k = 0; k < kMaxInfluences; ++k) {
      if (v.weights[k] == 0.0f) continue;
      ASSERT_LT(v.joints[k], model_.skin.size());
      const int joint = model_.skin.joints[v.joints[k]];
      actual[model_.skeleton.names[static_cast<std::size_t>(joint)]] += v.weights[k];
    }
    ASSERT_EQ(actual.size(), expected[i].size());
    for (const auto& [name, weight] : expected[i]) {
      ASSERT_EQ(actual.count(name), 1u) << name;
      EXPECT_NEAR(actual[name], weight / total, 1e-6f) << name;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// simple_skin.gltf, the glTF tutorial's skin, whose buffers are small enough to read by hand:
// nodes 0 (mesh), 1 at (0, 1, 0) and 2 (its child, identity); skin joints [1, 2], both inverse
// binds the translation (-0.5, -1, 0); 10 vertices (0 or 1, y, 0) for y = 0, 0.5, 1, 1.5, 2 with
// weight y / 2 on joint node 2 and the rest on node 1; 8 triangles; one unnamed animation
// turning node 2 about z with 12 linear keys, one every 0.5 s from 0 to 5.5 s: 0°, 45°, 90°,
// 90°, 45°, 0°, 0°, -45°, -90°, -90°, -45°, 0°.

class SimpleSkinTest : public ::testing::Test {
 protected:
  void SetUp() override {
    model_ = import_checked("glTF2/simple_skin/simple_skin.gltf");
    ASSERT_EQ(model_.mesh.vertices.size(), 10u);
  }

  // The imported vertex whose bind position is (x, y, 0).
  const Vertex* vertex_at(float x, float y) const {
    for (const Vertex& v : model_.mesh.vertices) {
      if (v.position == glm::vec3(x, y, 0.0f)) return &v;
    }
    return nullptr;
  }

  // Weight a vertex gives to the joint called `name`.
  float weight_of(const Vertex& v, const std::string& name) const {
    float sum = 0.0f;
    for (int k = 0; k < kMaxInfluences; ++k) {
      const int joint = model_.skin.joints[v.joints[k]];
      if (model_.skeleton.names[static_cast<std::size_t>(joint)] == name) sum += v.weights[k];
    }
    return sum;
  }

  Model model_;
};

TEST_F(SimpleSkinTest, SkeletonIsTheThreeNodes) {
  // assimp names the unnamed glTF nodes "nodes[i]".
  const Skeleton& s = model_.skeleton;
  EXPECT_EQ(s.names, (std::vector<std::string>{"nodes[0]", "nodes[1]", "nodes[2]"}));
  EXPECT_EQ(s.parents, (std::vector<int16_t>{-1, 0, 1}));
  ASSERT_EQ(s.rest.size(), 3u);
  EXPECT_EQ(s.rest[0].translation, glm::vec3(0.0f));
  EXPECT_EQ(s.rest[1].translation, glm::vec3(0.0f, 1.0f, 0.0f));
  EXPECT_EQ(s.rest[2].translation, glm::vec3(0.0f));
}

TEST_F(SimpleSkinTest, MeshAndSkinAreAsInTheBuffers) {
  EXPECT_EQ(model_.mesh.triangle_count(), 8u);
  EXPECT_EQ(model_.mesh.indices.size(), 24u);
  for (const float y : {0.0f, 0.5f, 1.0f, 1.5f, 2.0f}) {
    EXPECT_NE(vertex_at(0.0f, y), nullptr) << "y " << y;
    EXPECT_NE(vertex_at(1.0f, y), nullptr) << "y " << y;
  }
  ASSERT_EQ(model_.skin.size(), 2u);
  std::vector<std::string> followed;
  for (const int16_t j : model_.skin.joints) {
    followed.push_back(model_.skeleton.names[static_cast<std::size_t>(j)]);
  }
  std::sort(followed.begin(), followed.end());
  EXPECT_EQ(followed, (std::vector<std::string>{"nodes[1]", "nodes[2]"}));
  glm::mat4 inverse_bind(1.0f);
  inverse_bind[3] = glm::vec4(-0.5f, -1.0f, 0.0f, 1.0f);
  for (const glm::mat4& m : model_.skin.inverse_bind) EXPECT_EQ(m, inverse_bind);
  EXPECT_EQ(model_.max_influences, 2);
  EXPECT_EQ(model_.truncated_vertices, 0u);
}

TEST_F(SimpleSkinTest, WeightsAreHalfTheHeightOnTheUpperJoint) {
  for (const float x : {0.0f, 1.0f}) {
    for (const float y : {0.0f, 0.5f, 1.0f, 1.5f, 2.0f}) {
      SCOPED_TRACE("vertex (" + std::to_string(x) + ", " + std::to_string(y) + ")");
      const Vertex* v = vertex_at(x, y);
      ASSERT_NE(v, nullptr);
      EXPECT_FLOAT_EQ(weight_of(*v, "nodes[2]"), y / 2.0f);
      EXPECT_FLOAT_EQ(weight_of(*v, "nodes[1]"), 1.0f - y / 2.0f);
      EXPECT_GE(v->weights[0], v->weights[1]);
      EXPECT_FLOAT_EQ(v->weights[0], std::max(y / 2.0f, 1.0f - y / 2.0f));
    }
  }
}

TEST_F(SimpleSkinTest, ClipIsTheUnnamedRotationOfNodeTwo) {
  ASSERT_EQ(model_.clips.size(), 1u);
  const Clip& clip = model_.clips[0];
  EXPECT_EQ(clip.name, "clip0");
  EXPECT_FLOAT_EQ(clip.duration, 5.5f);
  const int node2 = model_.skeleton.find("nodes[2]");
  ASSERT_EQ(node2, 2);
  const TrackRange r = clip.rotations.ranges[2];
  ASSERT_EQ(r.count, 12u);
  for (uint32_t k = 0; k < r.count; ++k) {
    EXPECT_FLOAT_EQ(clip.rotations.times[r.offset + k], 0.5f * static_cast<float>(k));
  }
  // The third key (1 s) is (x, y, z, w) = (0, 0, 0.707, 0.707): 90 degrees about z.
  const glm::quat q = clip.rotations.values[r.offset + 2];
  EXPECT_NEAR(q.w, std::sqrt(0.5f), 1e-6f);
  EXPECT_NEAR(q.z, std::sqrt(0.5f), 1e-6f);
  EXPECT_EQ(clip.rotations.ranges[0].count, 0u);
  EXPECT_EQ(clip.rotations.ranges[1].count, 0u);
}

struct SkinnedVertex {
  glm::vec3 bind;
  glm::vec3 skinned;
};

void expect_skinned(const Model& model, float seconds, const std::vector<SkinnedVertex>& cases) {
  ASSERT_EQ(model.clips.size(), 1u);
  const std::vector<glm::vec3> skinned = skin_all(model, &model.clips[0], seconds);
  ASSERT_EQ(skinned.size(), model.mesh.vertices.size());
  for (const SkinnedVertex& c : cases) {
    bool found = false;
    for (std::size_t i = 0; i < model.mesh.vertices.size(); ++i) {
      if (model.mesh.vertices[i].position != c.bind) continue;
      found = true;
      EXPECT_NEAR(skinned[i].x, c.skinned.x, 1e-5f)
          << "bind (" << c.bind.x << ", " << c.bind.y << ") at " << seconds << " s";
      EXPECT_NEAR(skinned[i].y, c.skinned.y, 1e-5f)
          << "bind (" << c.bind.x << ", " << c.bind.y << ") at " << seconds << " s";
      EXPECT_NEAR(skinned[i].z, c.skinned.z, 1e-5f);
    }
    EXPECT_TRUE(found) << "no vertex at (" << c.bind.x << ", " << c.bind.y << ")";
  }
}

TEST_F(SimpleSkinTest, AtRestEverythingMovesByTheInverseBindOffset) {
  // Palette = T(0, 1, 0) * T(-0.5, -1, 0) = T(-0.5, 0, 0) for both joints at 0 s (0 degrees).
  std::vector<SkinnedVertex> cases;
  for (const float x : {0.0f, 1.0f}) {
    for (const float y : {0.0f, 0.5f, 1.0f, 1.5f, 2.0f}) {
      cases.push_back({{x, y, 0.0f}, {x - 0.5f, y, 0.0f}});
    }
  }
  expect_skinned(model_, 0.0f, cases);
  expect_skinned(model_, 2.75f, cases);  // Between the two 0° keys at 2.5 s and 3 s.
}

TEST_F(SimpleSkinTest, QuarterTurnsBendTheUpperHalf) {
  // Node 2's palette is T(0, 1, 0) * Rz * T(-0.5, -1, 0); node 1's stays T(-0.5, 0, 0). With
  // w = y / 2 on node 2, p = (x, y) goes to (1 - w) (x - 0.5, y) + w Rz(x - 0.5, y - 1) + (0, w).
  // At 1 s Rz turns +90°: (a, b) -> (-b, a); at 4 s -90°: (a, b) -> (b, -a).
  expect_skinned(model_, 1.0f,
                 {{{0, 0, 0}, {-0.5f, 0, 0}},
                  {{1, 0, 0}, {0.5f, 0, 0}},
                  {{0, 0.5f, 0}, {-0.25f, 0.5f, 0}},
                  {{1, 0.5f, 0}, {0.5f, 0.75f, 0}},
                  {{0, 1, 0}, {-0.25f, 0.75f, 0}},
                  {{1, 1, 0}, {0.25f, 1.25f, 0}},
                  {{0, 1.5f, 0}, {-0.5f, 0.75f, 0}},
                  {{1, 1.5f, 0}, {-0.25f, 1.5f, 0}},
                  {{0, 2, 0}, {-1.0f, 0.5f, 0}},
                  {{1, 2, 0}, {-1.0f, 1.5f, 0}}});
  expect_skinned(model_, 4.0f,
                 {{{0, 0, 0}, {-0.5f, 0, 0}},
                  {{1, 0, 0}, {0.5f, 0, 0}},
                  {{0, 0.5f, 0}, {-0.5f, 0.75f, 0}},
                  {{1, 0.5f, 0}, {0.25f, 0.5f, 0}},
                  {{0, 1, 0}, {-0.25f, 1.25f, 0}},
                  {{1, 1, 0}, {0.25f, 0.75f, 0}},
                  {{0, 1.5f, 0}, {0.25f, 1.5f, 0}},
                  {{1, 1.5f, 0}, {0.5f, 0.75f, 0}},
                  {{0, 2, 0}, {1.0f, 1.5f, 0}},
                  {{1, 2, 0}, {1.0f, 0.5f, 0}}});
}

// ---------------------------------------------------------------------------------------------
// Meshes without bones in an animated file are bound rigidly to the joint of the node that holds
// them: in the rest pose they must sit where the node hierarchy puts them.

struct PlacedMesh {
  const aiMesh* mesh;
  glm::dmat4 global;
};

// The meshes import_model merges, in its order: a depth-first walk of the nodes, each mesh with
// triangles once per node that holds it, except that a skinned mesh comes only once.
void collect_placed_meshes(const aiScene& scene, const aiNode& node, const glm::dmat4& parent,
                           std::vector<const aiMesh*>& skinned_seen, std::vector<PlacedMesh>& out) {
  const glm::dmat4 global = parent * test_support::to_dmat4(node.mTransformation);
  for (unsigned i = 0; i < node.mNumMeshes; ++i) {
    const aiMesh* mesh = scene.mMeshes[node.mMeshes[i]];
    const bool triangles =
        (mesh->mPrimitiveTypes & (aiPrimitiveType_TRIANGLE | aiPrimitiveType_POLYGON)) != 0;
    if (!triangles || mesh->mNumVertices == 0) continue;
    if (mesh->mNumBones > 0) {
      if (std::find(skinned_seen.begin(), skinned_seen.end(), mesh) != skinned_seen.end()) continue;
      skinned_seen.push_back(mesh);
    }
    out.push_back({mesh, global});
  }
  for (unsigned c = 0; c < node.mNumChildren; ++c) {
    collect_placed_meshes(scene, *node.mChildren[c], global, skinned_seen, out);
  }
}

class RigidMeshTest : public ::testing::TestWithParam<std::string> {};

TEST_P(RigidMeshTest, UnskinnedMeshesFollowTheirNodesInTheRestPose) {
  const LoadedScene loaded = read_scene(model_path(GetParam()));
  ASSERT_NE(loaded.scene, nullptr) << loaded.error;
  const Model model = import_checked(GetParam());
  std::vector<const aiMesh*> skinned_seen;
  std::vector<PlacedMesh> placed;
  collect_placed_meshes(*loaded.scene, *loaded.scene->mRootNode, glm::dmat4(1.0), skinned_seen,
                        placed);
  ASSERT_EQ(model.mesh.submeshes.size(), placed.size());
  const std::vector<glm::vec3> skinned = skin_all(model, nullptr, 0.0f);
  ASSERT_EQ(skinned.size(), model.mesh.vertices.size());
  const double tolerance = kRelativeTolerance * model_size(model);
  for (std::size_t s = 0; s < placed.size(); ++s) {
    const aiMesh& mesh = *placed[s].mesh;
    const SubMesh& sub = model.mesh.submeshes[s];
    ASSERT_EQ(sub.vertex_count, mesh.mNumVertices) << "submesh " << s;
    if (mesh.mNumBones > 0) continue;
    for (unsigned i = 0; i < mesh.mNumVertices; ++i) {
      const aiVector3D& p = mesh.mVertices[i];
      const glm::dvec4 expected = placed[s].global * glm::dvec4(p.x, p.y, p.z, 1.0);
      const glm::vec3& actual = skinned[sub.base_vertex + i];
      const double distance = glm::length(glm::dvec3(actual) - glm::dvec3(expected));
      ASSERT_LE(distance, tolerance) << "submesh " << s << " \"" << sub.name << "\" vertex " << i;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AnimatedCorpus, RigidMeshTest, ::testing::ValuesIn(animated_corpus()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return param_name(info.param);
                         });

// ---------------------------------------------------------------------------------------------
// The Model's weight invariants, over every animated file of the corpus.

class WeightInvariantsTest : public ::testing::TestWithParam<std::string> {};

TEST_P(WeightInvariantsTest, WeightsAreSortedNormalizedAndTruncationIsRecorded) {
  const Model model = import_checked(GetParam());
  ASSERT_FALSE(model.skeleton.parents.empty()) << "an animated file gets a skeleton";
  std::size_t over_limit = 0;
  for (std::size_t i = 0; i < model.mesh.vertices.size(); ++i) {
    const Vertex& v = model.mesh.vertices[i];
    SCOPED_TRACE("vertex " + std::to_string(i));
    float sum = 0.0f;
    for (int k = 0; k < kMaxInfluences; ++k) {
      ASSERT_GE(v.weights[k], 0.0f);
      if (k > 0) {
        ASSERT_LE(v.weights[k], v.weights[k - 1]) << "weights not sorted descending";
      }
      if (v.weights[k] > 0.0f) {
        ASSERT_LT(v.joints[k], model.skin.size());
      }
      sum += v.weights[k];
    }
    // Every vertex of a model with a skeleton follows something: its bones or its own node.
    ASSERT_NEAR(sum, 1.0f, 1e-5f);
    ASSERT_GE(v.truncated_weight, 0.0f);
    ASSERT_LT(v.truncated_weight, 1.0f);
    if (model.max_influences <= kMaxInfluences) {
      ASSERT_EQ(v.truncated_weight, 0.0f);
    }
    if (v.truncated_weight > 0.0f) ++over_limit;
  }
  if (model.max_influences <= kMaxInfluences) {
    EXPECT_EQ(model.truncated_vertices, 0u);
  }
  EXPECT_LE(over_limit, model.truncated_vertices);
  RecordProperty("max_influences", model.max_influences);
}

INSTANTIATE_TEST_SUITE_P(AnimatedCorpus, WeightInvariantsTest,
                         ::testing::ValuesIn(animated_corpus()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return param_name(info.param);
                         });

}  // namespace
}  // namespace anim::import
