// Clip libraries on real files: assimp test models split at test time (split_assets.h) into a
// mesh file plus one glTF file per clip, loaded back as a model with clip files, and checked
// against the single-file original; BVH takes of one subject on that subject's skeleton.
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/import/animation_files.h"
#include "anim/import/import_model.h"
#include "anim/local_to_model.h"
#include "anim/sampling.h"
#include "import_test_support.h"
#include "split_assets.h"

namespace anim::import {
namespace {

namespace fs = std::filesystem;
using test_support::model_path;
using test_support::SplitFiles;
using test_support::SplitOptions;
using test_support::TempDir;

// Model-space matrices of `clip` on `model` at `seconds`.
std::vector<glm::mat4> pose(const Model& model, const Clip& clip, float seconds) {
  std::vector<Transform> local = model.skeleton.rest;
  SamplingCursor cursor(model.skeleton.joint_count());
  EXPECT_TRUE((SamplingJob{&clip, model.skeleton.rest, seconds, &cursor, local}.run()));
  std::vector<glm::mat4> out(model.skeleton.joint_count());
  EXPECT_TRUE((LocalToModelJob{model.skeleton.parents, local, glm::mat4(1.0f), out}.run()));
  return out;
}

std::vector<glm::mat4> rest_pose(const Model& model) {
  std::vector<glm::mat4> rest(model.skeleton.joint_count());
  EXPECT_TRUE(
      (LocalToModelJob{model.skeleton.parents, model.skeleton.rest, glm::mat4(1.0f), rest}.run()));
  return rest;
}

float model_size(const Model& model) {
  std::vector<glm::vec3> points;
  for (const glm::mat4& m : rest_pose(model)) points.emplace_back(m[3]);
  return std::max(test_support::box_diagonal(points), 1e-3f);
}

// The largest entry difference between the two models' poses, joint by joint name, at nine
// times across the clip, relative to the original's size.
float worst_pose_difference(const Model& original, const Clip& original_clip, const Model& split,
                            const Clip& split_clip) {
  float worst = 0.0f;
  for (int step = 0; step <= 8; ++step) {
    const float t = original_clip.duration * static_cast<float>(step) / 8.0f;
    const std::vector<glm::mat4> a = pose(original, original_clip, t);
    const std::vector<glm::mat4> b = pose(split, split_clip, t);
    for (std::size_t j = 0; j < original.skeleton.joint_count(); ++j) {
      const int k = split.skeleton.find(original.skeleton.names[j]);
      if (k < 0) continue;  // Counted by the caller.
      for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 4; ++r) worst = std::max(worst, std::fabs(a[j][c][r] - b[k][c][r]));
      }
    }
  }
  return worst / model_size(original);
}

struct Case {
  std::string file;
  SplitOptions options;
  std::string label;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const char* file : {"X/Testwuson.X", "glTF2/simple_skin/simple_skin.gltf",
                           "FBX/huesitos.fbx", "X/BCN_Epileptic.X", "CSM/ThomasFechten.csm"}) {
    out.push_back({file, {}, "plain"});
    out.push_back({file, {"mixamorig:", "mixamo.com"}, "mixamo"});
  }
  return out;
}

void PrintTo(const Case& c, std::ostream* out) { *out << c.file << " (" << c.label << ")"; }

class ClipLibraryTest : public ::testing::TestWithParam<Case> {};

TEST_P(ClipLibraryTest, SplitFilesPlayLikeTheSingleFileOriginal) {
  const Case& c = GetParam();
  TempDir temp;
  ASSERT_FALSE(temp.path().empty());
  Result<SplitFiles> split = test_support::split_model(model_path(c.file), temp.path(), c.options);
  ASSERT_TRUE(split.ok()) << split.error().to_string();
  Result<Model> original = import_model(model_path(c.file));
  ASSERT_TRUE(original.ok()) << original.error().to_string();
  Result<Model> mesh = import_model(split.value().mesh_file);
  ASSERT_TRUE(mesh.ok()) << mesh.error().to_string();
  ASSERT_TRUE(mesh.value().clips.empty());

  std::vector<AnimationFile> files;
  for (std::size_t i = 0; i < split.value().clip_files.size(); ++i) {
    files.push_back({split.value().clip_files[i], "/animations/" + std::to_string(i), {}, {}, {}});
  }
  Result<AnimationSet> set = load_animations(mesh.value(), files, import_model);
  ASSERT_TRUE(set.ok()) << set.error().to_string();
  for (const Diagnostic& d : set.value().diagnostics)
    ADD_FAILURE() << d.pointer << ": " << d.message;
  Model model = std::move(mesh).value();
  add_to_model(std::move(set).value(), model);
  ASSERT_EQ(model.clips.size(), original.value().clips.size());

  for (std::size_t i = 0; i < original.value().clips.size(); ++i) {
    const Clip& clip = original.value().clips[i];
    const std::string name = default_clip_name(split.value().clip_files[i], "", 1);
    SCOPED_TRACE(clip.name + " as " + name);
    const int index = model.find_clip(name);
    ASSERT_GE(index, 0);
    const ClipSource* source = model.clip_source(index);
    ASSERT_NE(source, nullptr);
    EXPECT_FALSE(source->retargeted) << "the same rig plays as authored";
    EXPECT_TRUE(source->unbound_joints.empty());
    EXPECT_EQ(model.clips[index].duration, clip.duration);
    EXPECT_LE(worst_pose_difference(original.value(), clip, model, model.clips[index]), 1e-5f);
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, ClipLibraryTest, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           std::string name = info.param.file + "_" + info.param.label;
                           for (char& ch : name) {
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           }
                           return name;
                         });

// CMU subject 01: two takes of one performer share the skeleton, so the second take's channels
// play on the first file's skeleton exactly as in their own file.
TEST(ClipLibraryBvh, ATakeOfTheSameSubjectPlaysAsAuthored) {
  Result<Model> model = import_model(model_path("BVH/01_01.bvh"));
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  Result<Model> take = import_model(model_path("BVH/01_03.bvh"));
  ASSERT_TRUE(take.ok()) << take.error().to_string();
  Result<AnimationSet> set =
      load_animations(model.value(), {{model_path("BVH/01_03.bvh"), "/animations/0", {}, {}, {}}},
                      import_model);
  ASSERT_TRUE(set.ok());
  ASSERT_TRUE(set.value().diagnostics.empty());
  ASSERT_EQ(set.value().clips.size(), 1u);
  EXPECT_EQ(set.value().clips[0].name, "01_03");
  EXPECT_FALSE(set.value().sources[0].retargeted);
  EXPECT_EQ(set.value().sources[0].bound_joints.size(),
            take.value().clips[0].animated_joint_count());
  EXPECT_LE(worst_pose_difference(take.value(), take.value().clips[0], model.value(),
                                  set.value().clips[0]),
            1e-5f);
}

// Model-space rotation of each joint (the rotation part of its model matrix).
std::vector<glm::quat> rotations(const std::vector<glm::mat4>& matrices) {
  std::vector<glm::quat> out;
  for (const glm::mat4& m : matrices) out.push_back(decompose(m).rotation);
  return out;
}

float angle_between(const glm::quat& a, const glm::quat& b) {
  const float d = std::min(1.0f, std::fabs(glm::dot(glm::normalize(a), glm::normalize(b))));
  return 2.0f * std::acos(d);
}

// Another performer's boxing take on the CMU skeleton, through a joint map: every mapped joint
// turns in model space as its source joint turns away from its rest, bones keep the CMU
// lengths, and the hips travel the boxer's path scaled by the skeletons' sizes.
TEST(ClipLibraryBvh, ATakeOfAnotherSkeletonIsRetargetedThroughAJointMap) {
  Result<Model> model = import_model(model_path("BVH/01_01.bvh"));
  Result<Model> boxer = import_model(model_path("BVH/Boxing_Toes.bvh"));
  ASSERT_TRUE(model.ok() && boxer.ok());
  const JointMap map = {{"Hips", "Hips"},
                        {"Ab", "LowerBack"},
                        {"Chest", "Spine1"},
                        {"Neck", "Neck"},
                        {"Head", "Head"},
                        {"LeftCollar", "LeftShoulder"},
                        {"LeftShoulder", "LeftArm"},
                        {"LeftElbow", "LeftForeArm"},
                        {"LeftWrist", "LeftHand"},
                        {"RightCollar", "RightShoulder"},
                        {"RightShoulder", "RightArm"},
                        {"RightElbow", "RightForeArm"},
                        {"RightWrist", "RightHand"},
                        {"LeftHip", "LeftUpLeg"},
                        {"LeftKnee", "LeftLeg"},
                        {"LeftAnkle", "LeftFoot"},
                        {"LeftToes", "LeftToeBase"},
                        {"RightHip", "RightUpLeg"},
                        {"RightKnee", "RightLeg"},
                        {"RightAnkle", "RightFoot"},
                        {"RightToes", "RightToeBase"}};
  Result<AnimationSet> set = load_animations(
      model.value(), {{model_path("BVH/Boxing_Toes.bvh"), "/animations/0", {}, "Boxing", map}}, import_model);
  ASSERT_TRUE(set.ok());
  for (const Diagnostic& d : set.value().diagnostics)
    ADD_FAILURE() << d.pointer << ": " << d.message;
  ASSERT_EQ(set.value().clips.size(), 1u);
  const Clip& clip = set.value().clips[0];
  EXPECT_EQ(clip.name, "Boxing");
  EXPECT_TRUE(set.value().sources[0].retargeted);
  EXPECT_EQ(set.value().sources[0].bound_joints.size(), map.size());

  const Model& m = model.value();
  const Model& b = boxer.value();
  const std::vector<glm::mat4> m_rest = rest_pose(m), b_rest = rest_pose(b);
  const std::vector<glm::quat> m_rest_q = rotations(m_rest), b_rest_q = rotations(b_rest);
  std::vector<glm::vec3> m_points, b_points;
  for (const glm::mat4& x : m_rest) m_points.emplace_back(x[3]);
  for (const glm::mat4& x : b_rest) b_points.emplace_back(x[3]);
  const float ratio = test_support::box_diagonal(m_points) / test_support::box_diagonal(b_points);
  const int m_hips = m.skeleton.find("Hips"), b_hips = b.skeleton.find("Hips");
  for (int frame : {0, 400, 900, 1500, 2200, 3000}) {
    const float t = static_cast<float>(frame) * 0.01f;  // The take's frames are 10 ms apart.
    SCOPED_TRACE("t = " + std::to_string(t));
    const std::vector<glm::mat4> mt = pose(m, clip, t), bt = pose(b, b.clips[0], t);
    const std::vector<glm::quat> mq = rotations(mt), bq = rotations(bt);
    for (const auto& [from, to] : map) {
      const int s = b.skeleton.find(from), j = m.skeleton.find(to);
      ASSERT_GE(s, 0);
      ASSERT_GE(j, 0);
      const glm::quat turn_b = bq[s] * glm::inverse(b_rest_q[s]);
      const glm::quat turn_m = mq[j] * glm::inverse(m_rest_q[j]);
      EXPECT_LT(angle_between(turn_b, turn_m), 1e-3f) << from << " -> " << to;
    }
    for (std::size_t j = 1; j < m.skeleton.joint_count(); ++j) {
      const int p = m.skeleton.parents[j];
      if (p < 0 || static_cast<int>(j) == m_hips) continue;
      const float now = glm::length(glm::vec3(mt[j][3]) - glm::vec3(mt[p][3]));
      const float rest = glm::length(glm::vec3(m_rest[j][3]) - glm::vec3(m_rest[p][3]));
      EXPECT_NEAR(now, rest, 1e-3f) << m.skeleton.names[j];
    }
    const glm::vec3 moved_b = glm::vec3(bt[b_hips][3]) - glm::vec3(b_rest[b_hips][3]);
    const glm::vec3 moved_m = glm::vec3(mt[m_hips][3]) - glm::vec3(m_rest[m_hips][3]);
    EXPECT_LT(glm::length(moved_m - ratio * moved_b), 1e-3f);
  }
}

}  // namespace
}  // namespace anim::import
