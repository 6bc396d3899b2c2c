#include "anim/ik_pose.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/local_to_model.h"
#include "anim/soa_local_to_model.h"
#include "anim/two_bone_ik.h"
#include "support/ik_chains.h"
#include "support/maths.h"
#include "support/random_pose.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

// The pipeline's model space of `local` (SoaLocalToModelJob), as a caller has it before IK.
std::vector<glm::mat4> PipelineModel(const std::vector<int16_t>& parents, const SoaPose& local) {
  std::vector<glm::mat4> model(parents.size());
  EXPECT_TRUE((SoaLocalToModelJob{parents, local, glm::mat4(1.0f), model}.run()));
  return model;
}

SoaPose ToSoa(const std::vector<Transform>& pose) {
  SoaPose soa = make_soa_pose(pose.size());
  to_soa(pose, soa);
  return soa;
}

std::vector<Transform> FromSoa(const SoaPose& soa, std::size_t joints) {
  std::vector<Transform> pose(joints);
  from_soa(soa, pose);
  return pose;
}

bool SameMatrixBits(const glm::mat4& a, const glm::mat4& b) {
  return std::memcmp(&a, &b, sizeof(glm::mat4)) == 0;
}

// Whether `joint` is `ancestor` or below it.
bool Below(const std::vector<int16_t>& parents, int joint, int ancestor) {
  for (int j = joint; j >= 0; j = parents[j]) {
    if (j == ancestor) return true;
  }
  return false;
}

TEST(IkPoseTest, CorrectedSubtreesMatchANaiveReferenceAndTheRestIsUntouched) {
  PoseRandom random(28);
  for (int trial = 0; trial < 50; ++trial) {
    const std::size_t n = 13;
    IkChain reference;
    reference.parents = random.Tree(n);
    reference.local = random.Pose(n);
    SoaPose local = ToSoa(reference.local);
    std::vector<glm::mat4> model = PipelineModel(reference.parents, local);
    const std::vector<glm::mat4> before = model;
    const IkCorrection corrections[] = {
        {static_cast<int16_t>(random.UniformInt(1, 12)), random.Rotation()},
        {static_cast<int16_t>(random.UniformInt(1, 12)), random.Rotation()},
        {static_cast<int16_t>(random.UniformInt(1, 12)), random.Rotation()}};
    for (const IkCorrection& c : corrections) {
      reference = Corrected(reference, c.joint, c.rotation);
    }
    ASSERT_TRUE((
        SoaApplyIkCorrectionsJob{reference.parents, {corrections, 3}, glm::mat4(1.0f), local, model}
            .run()));
    const std::vector<Transform> got = FromSoa(local, n);
    const std::vector<glm::mat4> expected = NaiveModel(reference);
    for (std::size_t j = 0; j < n; ++j) {
      EXPECT_TRUE(SameRotation(got[j].rotation, reference.local[j].rotation, 1e-6f)) << j;
      EXPECT_TRUE(MatNear(model[j], expected[j], 1e-4f)) << "joint " << j << " trial " << trial;
      bool affected = false;
      for (const IkCorrection& c : corrections) affected |= Below(reference.parents, j, c.joint);
      if (!affected) {
        EXPECT_TRUE(SameMatrixBits(model[j], before[j])) << j;
      }
    }
  }
}

// Hips at 1 up, a spine above, and a leg down +x side: hips 0, spine 1, upper leg 2, knee 3,
// foot 4, toe 5 (the leg bent forward at the knee).
std::vector<int16_t> LegParents() { return {-1, 0, 0, 2, 3, 4}; }
std::vector<Transform> LegPose() {
  return {MakeTransform({0, 0, 1}),      MakeTransform({0, 0, 0.3f}),
          MakeTransform({0.1f, 0, 0}),   MakeTransform({0, 0, -0.45f}, AxisAngle({1, 0, 0}, -20)),
          MakeTransform({0, 0, -0.42f}), MakeTransform({0, 0.15f, -0.05f})};
}

TEST(IkPoseTest, TwoBoneIkOnThePipelineOutputPlantsTheFoot) {
  const std::vector<int16_t> parents = LegParents();
  SoaPose local = ToSoa(LegPose());
  std::vector<glm::mat4> model = PipelineModel(parents, local);
  const std::vector<glm::mat4> before = model;
  glm::quat start, mid;
  bool reached = false;
  TwoBoneIkJob ik;
  ik.start = model[2];
  ik.mid = model[3];
  ik.end = model[4];
  ik.target = glm::vec3(0.15f, 0.2f, 0.3f);
  ik.pole = glm::vec3(0, 1, 0);       // Knee forward.
  ik.mid_axis = glm::vec3(-1, 0, 0);  // The knee bends by turning the shin about -x.
  ik.start_correction = &start;
  ik.mid_correction = &mid;
  ik.reached = &reached;
  ASSERT_TRUE(ik.run());
  EXPECT_TRUE(reached);
  const IkCorrection corrections[] = {{2, start}, {3, mid}};
  ASSERT_TRUE(
      (SoaApplyIkCorrectionsJob{parents, {corrections, 2}, glm::mat4(1.0f), local, model}.run()));
  EXPECT_TRUE(Vec3Near(Origin(model[4]), ik.target, 1e-5f));
  EXPECT_GT(Origin(model[3]).y, 0.0f);  // The knee points along the pole.
  // Hips and spine untouched; the whole pose as a fresh local-to-model of the corrected pose.
  EXPECT_TRUE(SameMatrixBits(model[0], before[0]));
  EXPECT_TRUE(SameMatrixBits(model[1], before[1]));
  const std::vector<glm::mat4> fresh = PipelineModel(parents, local);
  for (std::size_t j = 0; j < model.size(); ++j) EXPECT_TRUE(MatNear(model[j], fresh[j], 1e-6f));
}

TEST(IkPoseTest, TheTransformFormAgreesWithTheSoaForm) {
  PoseRandom random(3);
  const std::size_t n = 10;
  const std::vector<int16_t> parents = random.Tree(n);
  std::vector<Transform> pose = random.Pose(n);
  SoaPose soa = ToSoa(pose);
  std::vector<glm::mat4> model(n);
  ASSERT_TRUE((LocalToModelJob{parents, pose, glm::mat4(1.0f), model}.run()));
  std::vector<glm::mat4> soa_model = PipelineModel(parents, soa);
  const IkCorrection corrections[] = {{4, random.Rotation()}, {2, random.Rotation()}};
  ASSERT_TRUE(
      (ApplyIkCorrectionsJob{parents, {corrections, 2}, glm::mat4(1.0f), pose, model}.run()));
  ASSERT_TRUE(
      (SoaApplyIkCorrectionsJob{parents, {corrections, 2}, glm::mat4(1.0f), soa, soa_model}.run()));
  const std::vector<Transform> from_soa = FromSoa(soa, n);
  for (std::size_t j = 0; j < n; ++j) {
    EXPECT_TRUE(SameBits(pose[j], from_soa[j])) << j;
    EXPECT_TRUE(MatNear(model[j], soa_model[j], 1e-4f)) << j;
  }
  std::vector<Transform> short_pose(n - 1);
  EXPECT_FALSE((ApplyIkCorrectionsJob{parents, {corrections, 2}, glm::mat4(1.0f), short_pose, model}
                    .validate()));
}

TEST(IkPoseTest, ATranslationCorrectionMovesTheJointInItsParentsSpace) {
  // The hips turned 90 degrees about z: the upper leg's local +x is model +y. Moving the upper
  // leg by (0.2, 0, 0) in its parent's (the hips') space moves it and the leg below by 0.2 along
  // model y, and nothing turns. The hips' rotation, an exact identity correction, keeps its bits.
  const std::vector<int16_t> parents = LegParents();
  std::vector<Transform> pose = LegPose();
  pose[0].rotation = RotZ(90);
  SoaPose local = ToSoa(pose);
  std::vector<glm::mat4> model = PipelineModel(parents, local);
  const std::vector<glm::mat4> before = model;
  IkCorrection corrections[2];
  corrections[0].joint = 2;
  corrections[0].translation = glm::vec3(0.2f, 0, 0);
  corrections[1].joint = 0;
  ASSERT_TRUE(
      (SoaApplyIkCorrectionsJob{parents, {corrections, 2}, glm::mat4(1.0f), local, model}.run()));
  const std::vector<Transform> got = FromSoa(local, parents.size());
  EXPECT_TRUE(SameBits(got[0], pose[0]));
  EXPECT_TRUE(Vec3Near(got[2].translation, pose[2].translation + glm::vec3(0.2f, 0, 0), 1e-7f));
  EXPECT_EQ(got[2].rotation, pose[2].rotation);
  for (int j : {2, 3, 4, 5}) {
    EXPECT_TRUE(Vec3Near(Origin(model[j]), Origin(before[j]) + glm::vec3(0, 0.2f, 0), 1e-6f)) << j;
    EXPECT_TRUE(MatNear(glm::mat4(glm::mat3(model[j])), glm::mat4(glm::mat3(before[j])), 1e-6f));
  }
  EXPECT_TRUE(SameMatrixBits(model[1], before[1]));
  const float nan = std::numeric_limits<float>::quiet_NaN();
  corrections[0].translation = glm::vec3(0, nan, 0);
  EXPECT_FALSE(
      (SoaApplyIkCorrectionsJob{parents, {corrections, 1}, glm::mat4(1.0f), local, model}.run()));
}

TEST(IkPoseTest, NoCorrectionsChangeNothing) {
  const std::vector<int16_t> parents = LegParents();
  SoaPose local = ToSoa(LegPose());
  std::vector<glm::mat4> model = PipelineModel(parents, local);
  const std::vector<glm::mat4> before = model;
  ASSERT_TRUE((SoaApplyIkCorrectionsJob{parents, {}, glm::mat4(1.0f), local, model}.run()));
  for (std::size_t j = 0; j < model.size(); ++j) EXPECT_TRUE(SameMatrixBits(model[j], before[j]));
}

TEST(IkPoseTest, InvalidInputsAreRefusedAndChangeNothing) {
  const std::vector<int16_t> parents = LegParents();
  SoaPose local = ToSoa(LegPose());
  std::vector<glm::mat4> model = PipelineModel(parents, local);
  const std::vector<glm::mat4> before = model;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const IkCorrection out_of_range[] = {{2, RotZ(10)}, {6, RotZ(10)}};
  const IkCorrection negative[] = {{-1, RotZ(10)}};
  const IkCorrection not_a_number[] = {{2, glm::quat(nan, 0, 0, 0)}};
  const IkCorrection zero[] = {{2, glm::quat(0, 0, 0, 0)}};
  EXPECT_FALSE(
      (SoaApplyIkCorrectionsJob{parents, {out_of_range, 2}, glm::mat4(1.0f), local, model}.run()));
  EXPECT_FALSE(
      (SoaApplyIkCorrectionsJob{parents, {negative, 1}, glm::mat4(1.0f), local, model}.run()));
  EXPECT_FALSE(
      (SoaApplyIkCorrectionsJob{parents, {not_a_number, 1}, glm::mat4(1.0f), local, model}.run()));
  EXPECT_FALSE((SoaApplyIkCorrectionsJob{parents, {zero, 1}, glm::mat4(1.0f), local, model}.run()));
  std::vector<glm::mat4> short_model(parents.size() - 1);
  EXPECT_FALSE((
      SoaApplyIkCorrectionsJob{parents, {negative, 0}, glm::mat4(1.0f), local, short_model}.run()));
  const std::vector<int16_t> unordered = {-1, 2, 0, 2, 3, 4};
  EXPECT_FALSE((SoaApplyIkCorrectionsJob{unordered, {}, glm::mat4(1.0f), local, model}.run()));
  for (std::size_t j = 0; j < model.size(); ++j) EXPECT_TRUE(SameMatrixBits(model[j], before[j]));
  const std::vector<Transform> pose = FromSoa(local, parents.size());
  for (std::size_t j = 0; j < pose.size(); ++j) EXPECT_TRUE(SameBits(pose[j], LegPose()[j]));
}

}  // namespace
}  // namespace anim
