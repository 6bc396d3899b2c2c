#include "anim/import/animation_files.h"
#include "anim/import/import_model.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/sampling.h"
#include "support/bvh_take.h"
#include "support/folders.h"
#include "support/maths.h"

namespace anim::import {
namespace {

using testutil::AxisAngle;
using testutil::SameRotation;

Skeleton chain(const std::vector<std::string>& names) {
  Skeleton s;
  for (std::size_t i = 0; i < names.size(); ++i) {
    s.names.push_back(names[i]);
    s.parents.push_back(static_cast<int16_t>(static_cast<int>(i) - 1));
    s.rest.push_back(
        Transform{glm::vec3(0, i == 0 ? 0.0f : 1.0f, 0), glm::quat(1, 0, 0, 0), glm::vec3(1)});
  }
  return s;
}

// A clip turning every joint of `skeleton` by 10 degrees per joint index about X at t = 1.
Clip turning_clip(const std::string& name, const Skeleton& skeleton) {
  ClipBuilder b(name, 1.0f, skeleton.joint_count());
  for (std::size_t j = 0; j < skeleton.joint_count(); ++j) {
    b.add_rotation(j, 0.0f, glm::quat(1, 0, 0, 0));
    b.add_rotation(j, 1.0f, AxisAngle({1, 0, 0}, 10.0f * static_cast<float>(j + 1)));
  }
  return b.build();
}

Model file_with(const std::vector<std::string>& joints, const std::vector<std::string>& clips) {
  Model m;
  m.skeleton = chain(joints);
  for (const std::string& c : clips) m.clips.push_back(turning_clip(c, m.skeleton));
  return m;
}

Model hero() {
  Model m = file_with({"Hips", "Spine", "Head"}, {"Idle"});
  return m;
}

std::vector<std::string> clip_names(const AnimationSet& set) {
  std::vector<std::string> out;
  for (const Clip& c : set.clips) out.push_back(c.name);
  return out;
}

std::string describe(const AnimationSet& set) {
  std::string out;
  for (const Diagnostic& d : set.diagnostics) {
    out += std::string(d.severity == Diagnostic::Severity::kError ? "error " : "warning ") +
           d.pointer + ": " + d.message + "\n";
  }
  return out;
}

TEST(DefaultClipName, OneAnimationIsNamedAfterTheFile) {
  EXPECT_EQ(default_clip_name("clips/Hero@Walk.fbx", "mixamo.com", 1), "Walk");
  EXPECT_EQ(default_clip_name("/mocap/take_07.bvh", "Motion", 1), "take_07");
  EXPECT_EQ(default_clip_name("Run.fbx", "mixamo.com", 1), "Run");
  EXPECT_EQ(default_clip_name("a@b@Jump.glb", "x", 1), "Jump");
  EXPECT_EQ(default_clip_name("Hero@.fbx", "x", 1), "Hero@");
}

TEST(DefaultClipName, SeveralAnimationsAreStemSlashAnimation) {
  EXPECT_EQ(default_clip_name("clips/Hero@Moves.fbx", "Jump", 2), "Hero@Moves/Jump");
}

TEST(AddAnimationFile, NamesBindsAndRecordsWhereEachClipCameFrom) {
  const Model model = hero();
  AnimationSet set;
  add_animation_file(
      model, {"clips/Hero@Walk.fbx", "/animations/0", {}, {}, {}}, 0,
      file_with({"mixamorig:Hips", "mixamorig:Spine", "mixamorig:Head"}, {"mixamo.com"}), set);
  add_animation_file(model, {"Run.fbx", "/animations/1", {}, {}, {}}, 1,
                     file_with({"Hips", "Spine", "Head"}, {"mixamo.com"}), set);
  EXPECT_TRUE(set.diagnostics.empty()) << describe(set);
  EXPECT_EQ(clip_names(set), (std::vector<std::string>{"Walk", "Run"}));
  ASSERT_EQ(set.sources.size(), 2u);
  EXPECT_EQ(set.sources[0].clip, 0);
  EXPECT_EQ(set.sources[0].file, "clips/Hero@Walk.fbx");
  EXPECT_EQ(set.sources[1].entry, 1);
  EXPECT_EQ(set.sources[0].bound_joints.size(), 3u);
  EXPECT_FALSE(set.sources[0].retargeted);
  // The Head (model joint 2) turns 30 degrees at t = 1, as the file's third joint did.
  std::vector<Transform> pose(3);
  SamplingCursor cursor(3);
  ASSERT_TRUE((SamplingJob{&set.clips[0], model.skeleton.rest, 1.0f, &cursor, pose}.run()));
  EXPECT_TRUE(SameRotation(pose[2].rotation, AxisAngle({1, 0, 0}, 30), 1e-6f));
}

TEST(AddAnimationFile, ClipPicksOneAndAsNamesIt) {
  AnimationSet set;
  add_animation_file(hero(), {"moves.fbx", "/animations/0", "Jump", "Hop", {}}, 0,
                     file_with({"Hips", "Spine"}, {"Walk", "Jump"}), set);
  EXPECT_TRUE(set.diagnostics.empty()) << describe(set);
  EXPECT_EQ(clip_names(set), (std::vector<std::string>{"Hop"}));
}

TEST(AddAnimationFile, SeveralAnimationsWithoutAsAreStemSlashName) {
  AnimationSet set;
  add_animation_file(hero(), {"dir/moves.fbx", "/animations/0", {}, {}, {}}, 0,
                     file_with({"Hips", "Spine"}, {"Walk", "Jump"}), set);
  EXPECT_EQ(clip_names(set), (std::vector<std::string>{"moves/Walk", "moves/Jump"}));
  // A picked one keeps the file's naming, so that adding "clip" does not rename it.
  AnimationSet picked;
  add_animation_file(hero(), {"dir/moves.fbx", "/animations/0", "Jump", {}, {}}, 0,
                     file_with({"Hips", "Spine"}, {"Walk", "Jump"}), picked);
  EXPECT_EQ(clip_names(picked), (std::vector<std::string>{"moves/Jump"}));
}

TEST(AddAnimationFile, AnUnknownClipIsAnErrorAtItsPointer) {
  AnimationSet set;
  add_animation_file(hero(), {"moves.fbx", "/animations/4", "Jumpp", {}, {}}, 4,
                     file_with({"Hips"}, {"Walk", "Jump"}), set);
  ASSERT_EQ(set.diagnostics.size(), 1u);
  EXPECT_EQ(set.diagnostics[0].pointer, "/animations/4/clip");
  EXPECT_EQ(set.diagnostics[0].message, "no animation \"Jumpp\" in moves.fbx (it has Walk, Jump)");
  EXPECT_TRUE(set.clips.empty());
}

TEST(AddAnimationFile, AsWithSeveralClipsIsAnError) {
  AnimationSet set;
  add_animation_file(hero(), {"moves.fbx", "/animations/0", {}, "Walk", {}}, 0,
                     file_with({"Hips"}, {"A", "B"}), set);
  ASSERT_TRUE(set.has_errors());
  EXPECT_EQ(set.diagnostics[0].pointer, "/animations/0/as");
  EXPECT_EQ(clip_names(set), (std::vector<std::string>{"moves/A", "moves/B"}));
}

TEST(AddAnimationFile, AFileWithoutAnimationsIsAnErrorAtItsFile) {
  AnimationSet set;
  add_animation_file(hero(), {"mesh.fbx", "/animations/2", {}, {}, {}}, 2, file_with({"Hips"}, {}),
                     set);
  ASSERT_EQ(set.diagnostics.size(), 1u);
  EXPECT_EQ(set.diagnostics[0].pointer, "/animations/2/file");
  EXPECT_EQ(set.diagnostics[0].message, "mesh.fbx has no animations");
}

TEST(AddAnimationFile, TwoClipsWithOneNameIsAnErrorAtTheSecond) {
  AnimationSet set;
  const Model model = hero();
  add_animation_file(model, {"a/Walk.fbx", "/animations/0", {}, {}, {}}, 0,
                     file_with({"Hips"}, {"x"}), set);
  add_animation_file(model, {"b/Walk.fbx", "/animations/1", {}, {}, {}}, 1,
                     file_with({"Hips"}, {"x"}), set);
  add_animation_file(model, {"c.fbx", "/animations/2", {}, "Idle", {}}, 2,
                     file_with({"Hips"}, {"x"}), set);  // The model's own clip.
  ASSERT_EQ(set.diagnostics.size(), 2u) << describe(set);
  EXPECT_EQ(set.diagnostics[0].pointer, "/animations/1");
  EXPECT_EQ(set.diagnostics[0].message,
            "Walk.fbx: a clip named \"Walk\" exists already (name this one with \"as\")");
  EXPECT_EQ(set.diagnostics[1].pointer, "/animations/2/as");
  EXPECT_EQ(clip_names(set), (std::vector<std::string>{"Walk"}));
}

TEST(AddAnimationFile, NothingBoundIsAnErrorNamingTheJoints) {
  AnimationSet set;
  add_animation_file(hero(), {"fish.bvh", "/animations/0", {}, {}, {}}, 0,
                     file_with({"Fin", "Tail"}, {"Swim"}), set);
  ASSERT_EQ(set.diagnostics.size(), 1u);
  EXPECT_EQ(set.diagnostics[0].severity, Diagnostic::Severity::kError);
  EXPECT_EQ(set.diagnostics[0].pointer, "/animations/0");
  EXPECT_EQ(set.diagnostics[0].message,
            "fish.bvh: no animated joint matches a joint of the model (unbound: Fin, Tail)");
  EXPECT_TRUE(set.clips.empty());
}

TEST(AddAnimationFile, AnAnimationWithoutKeysIsAnError) {
  AnimationSet set;
  Model still = file_with({"Hips"}, {});
  still.clips.push_back(ClipBuilder("Hold", 1.0f, 1).build());
  add_animation_file(hero(), {"still.fbx", "/animations/0", {}, {}, {}}, 0, still, set);
  ASSERT_EQ(set.diagnostics.size(), 1u);
  EXPECT_EQ(set.diagnostics[0].pointer, "/animations/0");
  EXPECT_EQ(set.diagnostics[0].message, "still.fbx: its animations move no joint");
}

TEST(AddAnimationFile, BindingUnderHalfIsAWarningAndTheClipStillLoads) {
  AnimationSet set;
  add_animation_file(hero(), {"odd.bvh", "/animations/0", {}, {}, {}}, 0,
                     file_with({"Hips", "A", "B"}, {"x"}), set);
  ASSERT_EQ(set.diagnostics.size(), 1u);
  EXPECT_EQ(set.diagnostics[0].severity, Diagnostic::Severity::kWarning);
  EXPECT_EQ(set.diagnostics[0].message, "odd.bvh: binds 1 of 3 animated joints (unbound: A, B)");
  EXPECT_FALSE(set.has_errors());
  EXPECT_EQ(clip_names(set), (std::vector<std::string>{"odd"}));
}

TEST(AddAnimationFile, JointMapProblemsPointAtTheirKey) {
  AnimationSet set;
  add_animation_file(hero(),
                     {"take.bvh",
                      "/animations/3",
                      {},
                      "Box",
                      {{"Hips", "Hips"}, {"a/b", "Belly"}, {"Ghost", "Spine"}}},
                     3, file_with({"Hips", "a/b"}, {"x"}), set);
  ASSERT_EQ(set.diagnostics.size(), 2u) << describe(set);
  EXPECT_EQ(set.diagnostics[0].pointer, "/animations/3/joint_map/a~1b");
  EXPECT_EQ(set.diagnostics[0].message, "take.bvh: the model has no joint \"Belly\"");
  EXPECT_EQ(set.diagnostics[1].severity, Diagnostic::Severity::kWarning);
  EXPECT_EQ(set.diagnostics[1].pointer, "/animations/3/joint_map/Ghost");
  // Only Hips binds: "a/b" maps to no joint. One of two is half, which is no warning.
  EXPECT_EQ(set.sources[0].unbound_joints, (std::vector<std::string>{"a/b"}));
  EXPECT_EQ(clip_names(set), (std::vector<std::string>{"Box"}));
}

TEST(AddToModel, AppendsClipsAndRebasesTheirSources) {
  Model model = hero();
  AnimationSet set;
  add_animation_file(model, {"Hero@Walk.fbx", "", {}, {}, {}}, 0, file_with({"Hips"}, {"x"}), set);
  add_to_model(std::move(set), model);
  ASSERT_EQ(model.clips.size(), 2u);
  EXPECT_EQ(model.clips[1].name, "Walk");
  EXPECT_EQ(model.clip_source(0), nullptr);
  ASSERT_NE(model.clip_source(1), nullptr);
  EXPECT_EQ(model.clip_source(1)->file, "Hero@Walk.fbx");
}

// --- Files ---

class AnimationFilesOnDisk : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = testutil::FreshTestFolder("animation_files"); }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string bvh(const std::string& name, float spine_degrees) const {
    return test_support::write_bvh_take((dir_ / name).string(), spine_degrees);
  }

  std::filesystem::path dir_;
};

TEST_F(AnimationFilesOnDisk, LoadsEveryFileAndReportsTheBrokenOnesByPointer) {
  Result<Model> model = import_model(bvh("hero.bvh", 0));
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  const std::string broken = (dir_ / "broken.bvh").string();
  std::ofstream(broken) << "HIERARCHY\nROOT Hips\n{\n";
  std::vector<AnimationFile> files = {
      {bvh("hero@Bend.bvh", 40), "/animations/0", {}, {}, {}},
      {(dir_ / "missing.bvh").string(), "/animations/1", {}, {}, {}},
      {broken, "/animations/2", {}, {}, {}},
      {bvh("hero@Lean.bvh", -20), "/animations/3", {}, {}, {}},
  };
  float last_progress = -1.0f;
  Result<AnimationSet> set = load_animations(model.value(), files, import_model, [&](float f) {
    last_progress = f;
    return true;
  });
  ASSERT_TRUE(set.ok());
  EXPECT_EQ(clip_names(set.value()), (std::vector<std::string>{"Bend", "Lean"}));
  ASSERT_EQ(set.value().diagnostics.size(), 2u) << describe(set.value());
  EXPECT_EQ(set.value().diagnostics[0].pointer, "/animations/1/file");
  EXPECT_NE(set.value().diagnostics[0].message.find("missing.bvh"), std::string::npos);
  EXPECT_EQ(set.value().diagnostics[1].pointer, "/animations/2/file");
  ASSERT_EQ(set.value().files.size(), 4u);
  EXPECT_TRUE(set.value().files[0].read);
  EXPECT_EQ(set.value().files[0].clips, 1);
  EXPECT_TRUE(set.value().files[0].has_mesh);  // assimp draws BVH bones as a mesh.
  EXPECT_FALSE(set.value().files[1].read);
  EXPECT_EQ(set.value().files[1].clips, 0);
  EXPECT_EQ(set.value().files[1].diagnostics, std::vector<int>{0});
  EXPECT_EQ(set.value().files[2].diagnostics, std::vector<int>{1});
  EXPECT_TRUE(set.value().files[3].diagnostics.empty());
  EXPECT_GT(last_progress, 0.0f);
  EXPECT_LE(last_progress, 1.0f);

  // The same rig: the Spine turns 40 degrees about Z at the last frame, as authored.
  const Model& m = model.value();
  const int spine = m.skeleton.find("Spine");
  ASSERT_GE(spine, 0);
  std::vector<Transform> pose(m.skeleton.joint_count());
  SamplingCursor cursor(m.skeleton.joint_count());
  ASSERT_TRUE((SamplingJob{&set.value().clips[0], m.skeleton.rest, 1.0f, &cursor, pose}.run()));
  EXPECT_TRUE(SameRotation(pose[spine].rotation, AxisAngle({0, 0, 1}, 40), 1e-5f));
  EXPECT_FALSE(set.value().sources[0].retargeted);
}

TEST_F(AnimationFilesOnDisk, CompanionFilesAreStemAtAnythingWithTheSameExtension) {
  for (const char* name : {"Hero.fbx", "Hero@Walk.fbx", "Hero@Run.FBX", "Hero@Walk.png",
                           "Heroine@Walk.fbx", "Hero@.fbx", "hero@Jump.fbx", "Other.fbx"}) {
    std::ofstream((dir_ / name).string()) << "x";
  }
  std::filesystem::create_directories(dir_ / "Hero@Folder.fbx");
  const std::string model = (dir_ / "Hero.fbx").string();
  EXPECT_EQ(find_companion_clip_files(model),
            (std::vector<std::string>{(dir_ / "Hero@Run.FBX").string(),
                                      (dir_ / "Hero@Walk.fbx").string()}));
  EXPECT_TRUE(find_companion_clip_files((dir_ / "none" / "Hero.fbx").string()).empty());
}

TEST_F(AnimationFilesOnDisk, CancellingEndsTheLoadWithAnError) {
  Result<Model> model = import_model(bvh("hero.bvh", 0));
  ASSERT_TRUE(model.ok());
  Result<AnimationSet> set = load_animations(
      model.value(), {{bvh("a.bvh", 10), "", {}, {}, {}}, {bvh("b.bvh", 10), "", {}, {}, {}}},
      import_model, [](float) { return false; });
  ASSERT_FALSE(set.ok());
  EXPECT_EQ(set.error().code, Error::Code::kCancelled);
}

}  // namespace
}  // namespace anim::import
