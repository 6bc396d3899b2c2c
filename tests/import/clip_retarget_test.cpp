#include "anim/import/clip_retarget.h"

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/local_to_model.h"
#include "anim/sampling.h"
#include "support/maths.h"

namespace anim::import {
namespace {

using testutil::AxisAngle;
using testutil::SameRotation;
using testutil::Vec3Near;

struct JointSpec {
  std::string name;
  int parent;
  glm::vec3 translation;
  glm::quat rotation = glm::quat(1, 0, 0, 0);
  glm::vec3 scale = glm::vec3(1.0f);
};

Skeleton skeleton(const std::vector<JointSpec>& joints) {
  Skeleton s;
  for (const JointSpec& j : joints) {
    s.names.push_back(j.name);
    s.parents.push_back(static_cast<int16_t>(j.parent));
    s.rest.push_back(Transform{j.translation, j.rotation, j.scale});
  }
  return s;
}

std::vector<Transform> sample(const Clip& clip, const Skeleton& s, float t) {
  std::vector<Transform> local(s.joint_count());
  SamplingCursor cursor(s.joint_count());
  EXPECT_TRUE((SamplingJob{&clip, s.rest, t, &cursor, local}.run()));
  return local;
}

std::vector<glm::mat4> to_model(const Skeleton& s, const std::vector<Transform>& local) {
  std::vector<glm::mat4> out(s.joint_count());
  EXPECT_TRUE((LocalToModelJob{s.parents, local, glm::mat4(1.0f), out}.run()));
  return out;
}

glm::vec3 position(const glm::mat4& m) { return glm::vec3(m[3]); }

TEST(RestSize, IsTheDiagonalOfTheBoxAroundTheJoints) {
  const Skeleton s = skeleton({{"a", -1, {1, 0, 0}}, {"b", 0, {0, 3, 0}}, {"c", 1, {0, 0, 4}}});
  // Joints at (1,0,0), (1,3,0), (1,3,4): the box is 0 x 3 x 4.
  EXPECT_NEAR(rest_size(s), 5.0f, 1e-6f);
  EXPECT_EQ(rest_size(Skeleton{}), 0.0f);
}

// The same rig in another joint order with an extra model joint: keys are copied unchanged.
TEST(BindClip, SameRestPoseCopiesTheChannelsAsAuthored) {
  const Skeleton source = skeleton({{"Root", -1, {0, 0, 0}},
                                    {"Hips", 0, {0, 1, 0}, AxisAngle({0, 1, 0}, 10)},
                                    {"Spine", 1, {0, 0.5f, 0}}});
  const Skeleton model = skeleton({{"Root", -1, {0, 0, 0}},
                                   {"Prop", 0, {3, 0, 0}},
                                   {"Hips", 0, {0, 1, 0}, AxisAngle({0, 1, 0}, 10)},
                                   {"Spine", 2, {0, 0.5f, 0}}});
  ClipBuilder b("Walk", 2.0f, source.joint_count());
  b.add_translation(1, 0.0f, {0, 1, 0});
  b.add_translation(1, 2.0f, {0.3f, 1, 0.1f});
  b.add_rotation(1, 0.5f, AxisAngle({1, 0, 0}, 20));
  b.add_rotation(2, 1.0f, AxisAngle({0, 0, 1}, -35));
  b.add_scale(2, 1.5f, {2, 2, 2});
  const Clip clip = b.build();

  const BoundClip bound = bind_clip(clip, source, model, {0, 2, 3});
  EXPECT_FALSE(bound.retargeted);
  EXPECT_EQ(bound.bound, (std::vector<std::string>{"Hips", "Spine"}));
  EXPECT_TRUE(bound.unbound.empty());
  const Clip& out = bound.clip;
  EXPECT_EQ(out.name, "Walk");
  EXPECT_EQ(out.duration, 2.0f);
  ASSERT_TRUE(out.validate(model.joint_count()).ok());
  EXPECT_EQ(out.translations.ranges[1].count, 0u);  // Prop keeps its rest.
  ASSERT_EQ(out.translations.ranges[2].count, 2u);
  const uint32_t t0 = out.translations.ranges[2].offset;
  EXPECT_EQ(out.translations.times[t0 + 1], 2.0f);
  EXPECT_EQ(out.translations.values[t0 + 1], glm::vec3(0.3f, 1, 0.1f));
  ASSERT_EQ(out.rotations.ranges[3].count, 1u);
  EXPECT_EQ(out.rotations.values[out.rotations.ranges[3].offset], AxisAngle({0, 0, 1}, -35));
  ASSERT_EQ(out.scales.ranges[3].count, 1u);
  EXPECT_EQ(out.scales.times[out.scales.ranges[3].offset], 1.5f);
}

TEST(BindClip, ReportsKeyedJointsThatBindToNothing) {
  const Skeleton source = skeleton({{"Hips", -1, {0, 1, 0}}, {"Tail", 0, {0, 0, -1}}});
  const Skeleton model = skeleton({{"Hips", -1, {0, 1, 0}}});
  ClipBuilder b("Wag", 1.0f, 2);
  b.add_rotation(1, 0.0f, AxisAngle({0, 1, 0}, 30));
  b.add_rotation(0, 0.0f, AxisAngle({0, 1, 0}, 5));
  const BoundClip bound = bind_clip(b.build(), source, model, {0, -1});
  EXPECT_EQ(bound.bound, (std::vector<std::string>{"Hips"}));
  EXPECT_EQ(bound.unbound, (std::vector<std::string>{"Tail"}));
  EXPECT_FALSE(bound.retargeted);
}

// Equal local rests are not enough: a scaled armature node above the hips in the clip file
// only would make the copied hip translations mean a hundred times less.
TEST(BindClip, AnAncestorOnlyTheClipFileHasMakesItRetarget) {
  const Skeleton source =
      skeleton({{"Armature", -1, {0, 0, 0}, glm::quat(1, 0, 0, 0), glm::vec3(0.01f)},
                {"Hips", 0, {0, 100, 0}}});
  const Skeleton model = skeleton({{"Hips", -1, {0, 100, 0}}});
  EXPECT_FALSE(same_rest_pose(source, model, {-1, 0}));
  EXPECT_TRUE(same_rest_pose(model, model, {0}));
}

// Source: Hips at (0,1,0), Spine 0.5 above it, Tail 0.25 above that; all rest rotations zero.
// Model: Hips at (0,2,0) turned 90 degrees about Z, so its bones point along local +X: Spine 1
// along it, Head 1.5 further. Different rest orientations, different bone lengths.
class RetargetByHand : public ::testing::Test {
 protected:
  const glm::quat rz90 = AxisAngle({0, 0, 1}, 90);
  const glm::quat hips_turn = AxisAngle({1, 0, 0}, 30);
  const glm::vec3 spine_axis = glm::normalize(glm::vec3(1, 0, 1));
  const glm::quat spine_turn = AxisAngle(spine_axis, 40);
  Skeleton source =
      skeleton({{"Hips", -1, {0, 1, 0}}, {"Spine", 0, {0, 0.5f, 0}}, {"Tail", 1, {0, 0.25f, 0}}});
  Skeleton model =
      skeleton({{"Hips", -1, {0, 2, 0}, rz90}, {"Spine", 0, {1, 0, 0}}, {"Head", 1, {1.5f, 0, 0}}});
  Clip clip;
  BoundClip bound;

  void SetUp() override {
    ClipBuilder b("Lean", 1.0f, 3);
    b.add_rotation(0, 0.0f, hips_turn);
    b.add_translation(0, 0.0f, {0, 1, 0});
    b.add_translation(0, 1.0f, {0.2f, 1, 0});
    b.add_rotation(1, 0.0f, spine_turn);
    b.add_translation(1, 1.0f, {0, 0.7f, 0});  // A longer spine in the source: not taken.
    clip = b.build();
    bound = bind_clip(clip, source, model, {0, 1, -1});  // Tail is unbound.
  }
};

TEST_F(RetargetByHand, RetargetsBecauseTheRestPosesDiffer) {
  EXPECT_TRUE(bound.retargeted);
  EXPECT_EQ(bound.bound, (std::vector<std::string>{"Hips", "Spine"}));
  ASSERT_TRUE(bound.clip.validate(model.joint_count()).ok());
  EXPECT_EQ(bound.clip.duration, 1.0f);
}

TEST_F(RetargetByHand, LocalRotationsAreTheSourceTurnsSeenFromTheModelsRest) {
  for (float t : {0.0f, 1.0f}) {
    const std::vector<Transform> local = sample(bound.clip, model, t);
    // Hips: model-space turn 30 about X on top of its rest Rz90.
    EXPECT_TRUE(SameRotation(local[0].rotation, hips_turn * rz90, 1e-5f)) << t;
    // Spine: Rz90^-1 * turn * Rz90, a 40-degree turn about the axis (1,0,1) carried by -90
    // degrees about Z, i.e. about (0,-1,1).
    EXPECT_TRUE(
        SameRotation(local[1].rotation, AxisAngle(glm::normalize(glm::vec3(0, -1, 1)), 40), 1e-5f))
        << t;
    // Head is unbound: it keeps its rest.
    EXPECT_TRUE(SameRotation(local[2].rotation, glm::quat(1, 0, 0, 0), 1e-6f));
    EXPECT_TRUE(Vec3Near(local[2].translation, {1.5f, 0, 0}, 1e-6f));
  }
  EXPECT_EQ(bound.clip.rotations.ranges[2].count, 0u);
}

TEST_F(RetargetByHand, BonesKeepTheModelsLengthsAndPointTheSourcesWay) {
  for (float t : {0.0f, 0.5f, 1.0f}) {
    const std::vector<glm::mat4> m = to_model(model, sample(bound.clip, model, t));
    const std::vector<glm::mat4> s = to_model(source, sample(clip, source, t));
    EXPECT_NEAR(glm::length(position(m[1]) - position(m[0])), 1.0f, 1e-5f);
    EXPECT_NEAR(glm::length(position(m[2]) - position(m[1])), 1.5f, 1e-5f);
    // Both chains point where the source's do: hips turn times (0,1,0), then hips turn times
    // spine turn times (0,1,0).
    const glm::vec3 hips_dir = hips_turn * glm::vec3(0, 1, 0);
    const glm::vec3 spine_dir = hips_turn * (spine_turn * glm::vec3(0, 1, 0));
    EXPECT_TRUE(Vec3Near(glm::normalize(position(m[1]) - position(m[0])), hips_dir, 1e-5f)) << t;
    EXPECT_TRUE(Vec3Near(glm::normalize(position(m[2]) - position(m[1])), spine_dir, 1e-5f)) << t;
    EXPECT_TRUE(Vec3Near(glm::normalize(position(s[2]) - position(s[1])), spine_dir, 1e-5f)) << t;
  }
}

TEST_F(RetargetByHand, OnlyTheRootMovesScaledByTheSkeletonSizes) {
  // Source joints span y 1..1.75 (size 0.75); model joints y 2..4.5 (size 2.5). The source
  // hips move 0.2 along X by t = 1, so the model's move 0.2 * 2.5 / 0.75.
  EXPECT_NEAR(rest_size(source), 0.75f, 1e-6f);
  EXPECT_NEAR(rest_size(model), 2.5f, 1e-6f);
  const std::vector<Transform> at0 = sample(bound.clip, model, 0.0f);
  const std::vector<Transform> at1 = sample(bound.clip, model, 1.0f);
  EXPECT_TRUE(Vec3Near(at0[0].translation, {0, 2, 0}, 1e-5f));
  EXPECT_TRUE(Vec3Near(at1[0].translation, {0.2f * 2.5f / 0.75f, 2, 0}, 1e-5f));
  EXPECT_TRUE(Vec3Near(at1[1].translation, {1, 0, 0}, 1e-6f));  // Not the source's 0.7.
  EXPECT_EQ(bound.clip.translations.ranges[1].count, 0u);
}

// The source's own rest orientation is taken away: a source joint resting turned 90 degrees
// about Y that plays its rest rotation leaves the model joint at its rest, and one turned a
// further 30 degrees about X in model space turns the model joint 30 degrees about X.
TEST(BindClip, TheSourcesRestOrientationIsTakenAway) {
  const glm::quat ry90 = AxisAngle({0, 1, 0}, 90), rz90 = AxisAngle({0, 0, 1}, 90);
  const glm::quat rx30 = AxisAngle({1, 0, 0}, 30);
  const Skeleton source = skeleton({{"Hips", -1, {0, 1, 0}, ry90}, {"Spine", 0, {0, 1, 0}}});
  const Skeleton model = skeleton({{"Hips", -1, {0, 1, 0}, rz90}, {"Spine", 0, {1, 0, 0}}});
  ClipBuilder b("Turn", 1.0f, 2);
  b.add_rotation(0, 0.0f, ry90);
  b.add_rotation(0, 1.0f, rx30 * ry90);
  // The spine keeps its rest locally, so in model space it turns with the hips.
  const BoundClip bound = bind_clip(b.build(), source, model, {0, 1});
  ASSERT_TRUE(bound.retargeted);
  const std::vector<Transform> at0 = sample(bound.clip, model, 0.0f);
  const std::vector<Transform> at1 = sample(bound.clip, model, 1.0f);
  EXPECT_TRUE(SameRotation(at0[0].rotation, rz90, 1e-5f));
  EXPECT_TRUE(SameRotation(at0[1].rotation, glm::quat(1, 0, 0, 0), 1e-5f));
  EXPECT_TRUE(SameRotation(at1[0].rotation, rx30 * rz90, 1e-5f));
  EXPECT_TRUE(SameRotation(at1[1].rotation, glm::quat(1, 0, 0, 0), 1e-5f));
}

TEST(BindClip, RootTranslationIsTakenInTheParentsFrame) {
  // The model root sits under an unbound, turned and scaled node: the displacement is applied
  // in model space, then brought into the parent's frame.
  const Skeleton source = skeleton({{"Hips", -1, {0, 1, 0}}, {"Spine", 0, {0, 1, 0}}});
  const Skeleton model =
      skeleton({{"Armature", -1, {0, 0, 0}, AxisAngle({0, 0, 1}, 90), glm::vec3(2.0f)},
                {"Hips", 0, {0.5f, 0, 0}},
                {"Spine", 1, {0.5f, 0, 0}}});
  ClipBuilder b("Shift", 1.0f, 2);
  b.add_translation(0, 0.0f, {1, 1, 0});
  const BoundClip bound = bind_clip(b.build(), source, model, {1, 2});
  ASSERT_TRUE(bound.retargeted);
  const std::vector<glm::mat4> m = to_model(model, sample(bound.clip, model, 0.0f));
  // Model rest: Armature turns X to Y and doubles, so Hips is at (0,1,0) and Spine at (0,2,0);
  // the model's joints span 2 (from the armature at the origin), the source's 1, so the hips
  // move by twice the source's (1,0,0), and Spine goes along.
  EXPECT_TRUE(Vec3Near(position(m[1]), {2, 1, 0}, 1e-5f));
  EXPECT_TRUE(Vec3Near(position(m[2]), {2, 2, 0}, 1e-5f));
}

TEST(BindClip, NothingBoundGivesAClipWithoutKeys) {
  const Skeleton source = skeleton({{"Bone", -1, {0, 1, 0}}});
  const Skeleton model = skeleton({{"Hips", -1, {0, 2, 0}}});
  ClipBuilder b("Idle", 1.0f, 1);
  b.add_rotation(0, 0.0f, AxisAngle({1, 0, 0}, 10));
  const BoundClip bound = bind_clip(b.build(), source, model, {-1});
  EXPECT_TRUE(bound.bound.empty());
  EXPECT_EQ(bound.unbound, (std::vector<std::string>{"Bone"}));
  EXPECT_EQ(bound.clip.key_count(), 0u);
  EXPECT_TRUE(bound.clip.validate(1).ok());
}

}  // namespace
}  // namespace anim::import
