// Loading a model split the way real assets come (a mesh file plus one file per clip, written by
// split_model with assimp's glTF 2 exporter) must give the same skeleton, mesh, clips and poses
// as loading the single-file original: the mesh file keeps every joint, vertex, triangle and skin
// entry and no clips; each clip file has exactly its clip, with the same duration and keys, on a
// skeleton whose animated joints rest where the original's do; sampled poses agree joint by joint
// (matched by name, since the split files may order joints differently). The files are made in a
// temporary directory per test and removed afterwards.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/import/import_model.h"
#include "anim/local_to_model.h"
#include "anim/model.h"
#include "anim/sampling.h"
#include "anim/transform.h"
#include "import_test_support.h"
#include "split_assets.h"

namespace anim::import {
namespace {

namespace fs = std::filesystem;
using test_support::TempDir;

using test_support::max_abs_difference;
using test_support::model_path;
using test_support::model_size;
using test_support::param_name;
using test_support::runtime_pose;
using test_support::split_model;
using test_support::SplitFiles;
using test_support::SplitOptions;

constexpr double kRelativeTolerance = 1e-5;
constexpr float kRestTolerance = 1e-5f;
constexpr int kSampleCount = 9;  // Times sampled per clip, both ends included.

// Animated, skinned files of assimp's sample corpus. Left out: X/anim_test.x (assimp 5.2.5's
// glTF 2 exporter crashes on it, even unedited), MDL/MDL (HL1)/man.mdl (the exporter refuses its
// animations without a message) and node-animated files without bones such as the Collada samples
// (their mesh file has no animation and so loads as a static model, with no skeleton to compare).
const std::vector<std::string>& split_corpus() {
  static const std::vector<std::string> files = {
      "BVH/01_01.bvh",
      "CSM/ThomasFechten.csm",
      "FBX/animation_with_skeleton.fbx",
      "FBX/huesitos.fbx",
      "SMD/WusonSMD.smd",
      "X/BCN_Epileptic.X",
      "X/Testwuson.X",
      "glTF2/simple_skin/simple_skin.gltf",
  };
  return files;
}

std::set<std::string> name_set(const std::vector<std::string>& names) {
  return {names.begin(), names.end()};
}

// Names of the joints `clip` gives keys of any kind.
std::vector<std::string> animated_joints(const Model& model, const Clip& clip) {
  std::vector<std::string> names;
  for (std::size_t j = 0; j < clip.joint_count(); ++j) {
    if (clip.translations.ranges[j].count || clip.rotations.ranges[j].count ||
        clip.scales.ranges[j].count) {
      names.push_back(model.skeleton.names[j]);
    }
  }
  return names;
}

// Largest difference between two TRS transforms' parts; rotations compare up to sign, since q
// and -q are the same rotation.
float transform_difference(const Transform& a, const Transform& b) {
  const glm::vec3 dt = glm::abs(a.translation - b.translation);
  const glm::vec3 ds = glm::abs(a.scale - b.scale);
  const float dot = std::fabs(glm::dot(a.rotation, b.rotation));
  const float dr = 1.0f - std::min(dot, 1.0f);
  return std::max({dt.x, dt.y, dt.z, ds.x, ds.y, ds.z, dr});
}

// The local pose of `clip` at `seconds`; empty when the sampling job refuses to run.
std::vector<Transform> sample_local(const Model& model, const Clip& clip, float seconds) {
  std::vector<Transform> local = model.skeleton.rest;
  SamplingCursor cursor(clip.joint_count());
  SamplingJob sampling;
  sampling.clip = &clip;
  sampling.rest = model.skeleton.rest;
  sampling.time = seconds;
  sampling.cursor = &cursor;
  sampling.output = local;
  if (!sampling.run()) return {};
  return local;
}

class SplitAssetsTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    ASSERT_FALSE(temp_.path().empty()) << "no temporary directory";
    Result<Model> original = import_model(model_path(GetParam()));
    ASSERT_TRUE(original.ok()) << original.error().to_string();
    original_ = std::move(original).value();
    ASSERT_FALSE(original_.clips.empty()) << GetParam() << " has no clips to split";
  }

  SplitFiles split(const SplitOptions& options = {}) {
    Result<SplitFiles> files = split_model(model_path(GetParam()), temp_.path(), options);
    EXPECT_TRUE(files.ok()) << files.error().to_string();
    return files.ok() ? std::move(files).value() : SplitFiles{};
  }

  TempDir temp_;
  Model original_;
};

TEST_P(SplitAssetsTest, WritesOneFilePerClip) {
  const SplitFiles files = split();
  EXPECT_TRUE(fs::is_regular_file(files.mesh_file)) << files.mesh_file;
  ASSERT_EQ(files.clip_files.size(), original_.clips.size());
  ASSERT_EQ(files.clip_names.size(), original_.clips.size());
  for (std::size_t i = 0; i < files.clip_files.size(); ++i) {
    EXPECT_TRUE(fs::is_regular_file(files.clip_files[i])) << files.clip_files[i];
    // import_model keeps the source's animation order and names unnamed animations "clip<N>".
    if (!files.clip_names[i].empty()) {
      EXPECT_EQ(original_.clips[i].name, files.clip_names[i]);
    }
  }
}

TEST_P(SplitAssetsTest, MeshFileKeepsSkeletonMeshAndSkinButNoClips) {
  const SplitFiles files = split();
  Result<Model> loaded = import_model(files.mesh_file);
  ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
  const Model& mesh = loaded.value();

  EXPECT_EQ(name_set(mesh.skeleton.names), name_set(original_.skeleton.names));
  EXPECT_EQ(mesh.skeleton.names, original_.skeleton.names) << "joint order differs";
  EXPECT_EQ(mesh.mesh.vertices.size(), original_.mesh.vertices.size());
  EXPECT_EQ(mesh.mesh.triangle_count(), original_.mesh.triangle_count());
  EXPECT_EQ(mesh.skin.size(), original_.skin.size());
  EXPECT_EQ(mesh.skinned_joint_count(), original_.skinned_joint_count());
  EXPECT_TRUE(mesh.clips.empty());

  // Every joint rests where it did, and the skin follows the same joints with the same inverse
  // binds, so that the clip files' poses deform this mesh as they did the original.
  const double tolerance = kRelativeTolerance * model_size(original_);
  for (std::size_t o = 0; o < original_.skeleton.joint_count(); ++o) {
    const std::string& name = original_.skeleton.names[o];
    const int s = mesh.skeleton.find(name);
    ASSERT_GE(s, 0) << name;
    EXPECT_LE(transform_difference(mesh.skeleton.rest[static_cast<std::size_t>(s)],
                                   original_.skeleton.rest[o]),
              kRestTolerance)
        << name;
  }
  ASSERT_EQ(mesh.skin.size(), original_.skin.size());
  for (std::size_t k = 0; k < original_.skin.size(); ++k) {
    const auto o = static_cast<std::size_t>(original_.skin.joints[k]);
    const auto s = static_cast<std::size_t>(mesh.skin.joints[k]);
    EXPECT_EQ(mesh.skeleton.names[s], original_.skeleton.names[o]) << "skin entry " << k;
    EXPECT_LE(
        max_abs_difference(mesh.skin.inverse_bind[k], glm::dmat4(original_.skin.inverse_bind[k])),
        tolerance)
        << "skin entry " << k;
  }
}

// Vertices are compared corner by corner of each triangle, since reading the glTF file back
// numbers them in first-use order, not the source's. The exporter writes at most four influences
// a vertex (one JOINTS_0/WEIGHTS_0 pair): where the source had more, the mesh file holds four,
// not necessarily the heaviest, so such a source's weights are only checked for their count.
TEST_P(SplitAssetsTest, MeshFileKeepsTrianglesAndTheirInfluences) {
  const SplitFiles files = split();
  Result<Model> loaded = import_model(files.mesh_file);
  ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
  const Model& mesh = loaded.value();
  EXPECT_EQ(mesh.max_influences, std::min(original_.max_influences, kMaxInfluences));
  EXPECT_EQ(mesh.truncated_vertices, 0u);
  const bool same_weights = original_.max_influences <= kMaxInfluences;
  const auto joint_of = [](const Model& m, uint16_t entry) {
    return m.skeleton.names[static_cast<std::size_t>(m.skin.joints[entry])];
  };

  const float tolerance = static_cast<float>(kRelativeTolerance) * model_size(original_);
  ASSERT_EQ(mesh.mesh.submeshes.size(), original_.mesh.submeshes.size());
  for (std::size_t m = 0; m < original_.mesh.submeshes.size(); ++m) {
    const SubMesh& want_sub = original_.mesh.submeshes[m];
    const SubMesh& got_sub = mesh.mesh.submeshes[m];
    ASSERT_EQ(got_sub.index_count, want_sub.index_count) << "submesh " << m;
    for (uint32_t k = 0; k < want_sub.index_count; ++k) {
      const Vertex& want =
          original_.mesh
              .vertices[want_sub.base_vertex + original_.mesh.indices[want_sub.first_index + k]];
      const Vertex& got =
          mesh.mesh.vertices[got_sub.base_vertex + mesh.mesh.indices[got_sub.first_index + k]];
      const glm::vec3 d = glm::abs(got.position - want.position);
      ASSERT_LE(std::max({d.x, d.y, d.z}), tolerance) << "submesh " << m << " corner " << k;
      if (!same_weights) continue;
      for (int i = 0; i < kMaxInfluences; ++i) {
        ASSERT_NEAR(got.weights[i], want.weights[i], 1e-6f) << "corner " << k << " influence " << i;
        if (want.weights[i] == 0.0f) continue;
        ASSERT_EQ(joint_of(mesh, got.joints[i]), joint_of(original_, want.joints[i]))
            << "corner " << k << " influence " << i;
      }
    }
  }
}

TEST_P(SplitAssetsTest, ClipFileHoldsOneClipWithTheOriginalKeysAndRest) {
  const SplitFiles files = split();
  ASSERT_EQ(files.clip_files.size(), original_.clips.size());
  for (std::size_t i = 0; i < files.clip_files.size(); ++i) {
    SCOPED_TRACE(files.clip_files[i]);
    Result<Model> loaded = import_model(files.clip_files[i]);
    ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
    const Model& split_model = loaded.value();
    const Clip& original_clip = original_.clips[i];

    ASSERT_EQ(split_model.clips.size(), 1u);
    const Clip& clip = split_model.clips.front();
    if (!files.clip_names[i].empty()) {
      EXPECT_EQ(clip.name, original_clip.name);
    } else {
      // assimp's glTF 2 exporter calls an unnamed animation "anim".
      EXPECT_EQ(clip.name, "anim");
    }
    EXPECT_NEAR(clip.duration, original_clip.duration, 1e-5f * original_clip.duration);
    EXPECT_EQ(clip.key_count(), original_clip.key_count());
    EXPECT_TRUE(split_model.mesh.vertices.empty());

    for (const std::string& name : animated_joints(original_, original_clip)) {
      SCOPED_TRACE(name);
      const int o = original_.skeleton.find(name);
      const int s = split_model.skeleton.find(name);
      ASSERT_GE(s, 0) << "animated joint missing from the clip file";
      const auto os = static_cast<std::size_t>(o), ss = static_cast<std::size_t>(s);
      EXPECT_LE(transform_difference(split_model.skeleton.rest[ss], original_.skeleton.rest[os]),
                kRestTolerance);
      EXPECT_EQ(clip.translations.ranges[ss].count, original_clip.translations.ranges[os].count);
      EXPECT_EQ(clip.rotations.ranges[ss].count, original_clip.rotations.ranges[os].count);
      EXPECT_EQ(clip.scales.ranges[ss].count, original_clip.scales.ranges[os].count);
    }
  }
}

TEST_P(SplitAssetsTest, SampledPosesMatchTheOriginal) {
  const SplitFiles files = split();
  const double tolerance = kRelativeTolerance * model_size(original_);
  for (std::size_t i = 0; i < files.clip_files.size(); ++i) {
    SCOPED_TRACE(files.clip_files[i]);
    Result<Model> loaded = import_model(files.clip_files[i]);
    ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
    const Model& split_model = loaded.value();
    ASSERT_EQ(split_model.clips.size(), 1u);
    const Clip& clip = split_model.clips.front();
    const Clip& original_clip = original_.clips[i];
    const std::vector<std::string> animated = animated_joints(original_, original_clip);

    SamplingCursor original_cursor, split_cursor;
    for (int k = 0; k < kSampleCount; ++k) {
      const float t = original_clip.duration * static_cast<float>(k) / (kSampleCount - 1);
      const std::vector<glm::mat4> want =
          runtime_pose(original_, &original_clip, t, original_cursor);
      const std::vector<glm::mat4> got = runtime_pose(split_model, &clip, t, split_cursor);
      const std::vector<Transform> want_local = sample_local(original_, original_clip, t);
      const std::vector<Transform> got_local = sample_local(split_model, clip, t);
      ASSERT_FALSE(want.empty() || got.empty() || want_local.empty() || got_local.empty());
      for (const std::string& name : animated) {
        const auto o = static_cast<std::size_t>(original_.skeleton.find(name));
        const auto s = static_cast<std::size_t>(split_model.skeleton.find(name));
        EXPECT_LE(max_abs_difference(got[s], glm::dmat4(want[o])), tolerance)
            << name << " at " << t << " s (model space)";
        EXPECT_LE(transform_difference(got_local[s], want_local[o]), kRestTolerance)
            << name << " at " << t << " s (local)";
      }
    }
  }
}

TEST_P(SplitAssetsTest, PrefixAndAnimationNameApplyToClipFilesOnly) {
  SplitOptions options;
  options.name_prefix = "mixamorig:";
  options.clip_file_animation_name = "mixamo.com";
  const SplitFiles files = split(options);

  Result<Model> mesh = import_model(files.mesh_file);
  ASSERT_TRUE(mesh.ok()) << mesh.error().to_string();
  EXPECT_EQ(name_set(mesh.value().skeleton.names), name_set(original_.skeleton.names));

  ASSERT_EQ(files.clip_files.size(), original_.clips.size());
  for (std::size_t i = 0; i < files.clip_files.size(); ++i) {
    SCOPED_TRACE(files.clip_files[i]);
    Result<Model> loaded = import_model(files.clip_files[i]);
    ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
    const Model& split_model = loaded.value();
    ASSERT_EQ(split_model.clips.size(), 1u);
    EXPECT_EQ(split_model.clips.front().name, "mixamo.com");
    for (const std::string& name : split_model.skeleton.names) {
      EXPECT_EQ(name.rfind(options.name_prefix, 0), 0u) << name;
    }
    const Clip& original_clip = original_.clips[i];
    for (const std::string& name : animated_joints(original_, original_clip)) {
      EXPECT_GE(split_model.skeleton.find(options.name_prefix + name), 0) << name;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, SplitAssetsTest, ::testing::ValuesIn(split_corpus()),
                         [](const auto& info) { return param_name(info.param); });

TEST(SplitModel, UnreadableSourceGivesAnErrorNamingIt) {
  TempDir temp;
  const std::string missing = temp.path() + "/missing.x";
  const Result<SplitFiles> files = split_model(missing, temp.path());
  ASSERT_FALSE(files.ok());
  EXPECT_EQ(files.error().path, missing);
}

TEST(SplitModel, MissingDirectoryGivesAnError) {
  const Result<SplitFiles> files =
      split_model(model_path("X/Testwuson.X"), "/nonexistent/animscope_split");
  ASSERT_FALSE(files.ok());
  EXPECT_EQ(files.error().path, "/nonexistent/animscope_split");
}

}  // namespace
}  // namespace anim::import
