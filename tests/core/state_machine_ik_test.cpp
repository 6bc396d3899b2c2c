// A def's IK entries (ik_def.h) as StateMachineInstance applies them on the finished pose: the
// pose checked against the IK jobs run by hand on the same animation (ik_chains.h's naive model
// space, corrections multiplied in as the jobs' contract says), targets from vector3 parameters,
// weights from float parameters and layers, the ground, and the state that survives a rewind.
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/aim_ik.h"
#include "anim/local_to_model.h"
#include "anim/state_machine.h"
#include "anim/state_machine_scratch.h"
#include "anim/two_bone_ik.h"
#include "support/ik_chains.h"
#include "support/machines.h"
#include "support/maths.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

// root 0 at (0, 1, 0); an arm: shoulder 1, elbow 2 (bent 30 degrees about x), hand 3, each
// 0.5 below the last; a neck 4 and head 5 above the root.
Skeleton Arm() {
  Skeleton s;
  s.names = {"root", "shoulder", "elbow", "hand", "neck", "head"};
  s.parents = {-1, 0, 1, 2, 0, 4};
  s.rest = {MakeTransform({0, 1, 0}),
            MakeTransform({0.2f, 0, 0}),
            MakeTransform({0, -0.5f, 0}, AxisAngle({1, 0, 0}, 30)),
            MakeTransform({0, -0.5f, 0}),
            MakeTransform({0, 0.3f, 0}),
            MakeTransform({0, 0.2f, 0})};
  return s;
}

// A clip holding the root where the rest pose has it (the other joints keep the rest pose).
Clip Hold(const std::string& name) {
  ClipBuilder b(name, 1.0f, 6);
  b.add_translation(0, 0.0f, glm::vec3(0, 1, 0));
  b.add_translation(0, 1.0f, glm::vec3(0, 1, 0));
  return b.build();
}

ParameterDef Vector(const std::string& name, const glm::vec3& value) {
  ParameterDef p = Parameter(name, ParameterType::kVector3);
  p.default_vector = value;
  return p;
}

IkEntryDef Reach(int target_parameter) {
  IkEntryDef e;
  e.name = "reach";
  e.type = IkType::kTwoBone;
  e.joints = {1, 2, 3};
  e.target.parameter = target_parameter;
  e.pole = IkVector{{0, 0, 1}, -1};
  return e;
}

IkEntryDef Look(const glm::vec3& target) {
  IkEntryDef e;
  e.name = "look";
  e.type = IkType::kAim;
  e.joints = {5};
  e.shares = {1.0f};
  e.target.value = target;
  e.forward = {0, 0, 1};
  e.up = {0, 1, 0};
  e.pole = IkVector{{0, 1, 0}, -1};
  return e;
}

// The arm as a leg: root the pelvis, shoulder-elbow-hand the hip, knee and ankle, not softened.
IkEntryDef ArmAsLeg() {
  IkEntryDef e;
  e.name = "feet";
  e.type = IkType::kFeet;
  e.legs = {{1, 2, 3}};
  e.pelvis = 0;
  e.soften = 1.0f;
  return e;
}

class StateMachineIkTest : public ::testing::Test {
 protected:
  StateMachineIkTest() : skeleton_(Arm()) {
    clips_ = {Hold("hold")};
    def_.parameters = {Vector("target", {0.6f, 0.6f, 0.3f}),
                       Parameter("amount", ParameterType::kFloat)};
    def_.states = {ClipState("Hold", 0)};
  }

  std::vector<Transform> Pose(StateMachineInstance& sm) {
    std::vector<Transform> pose(skeleton_.joint_count());
    EXPECT_TRUE(sm.evaluate(pose));
    return pose;
  }
  IkChain Chain(const std::vector<Transform>& pose) const { return {skeleton_.parents, pose}; }

  // The rest pose with the two-bone job run by hand toward `target` at `weight`.
  IkChain ByHand(const glm::vec3& target, float weight) const {
    const IkChain rest{skeleton_.parents, skeleton_.rest};
    const std::vector<glm::mat4> model = NaiveModel(rest);
    glm::quat start, mid;
    TwoBoneIkJob job;
    job.start = model[1];
    job.mid = model[2];
    job.end = model[3];
    job.target = target;
    job.pole = {0, 0, 1};
    // The animated bend: the elbow turns +30 degrees about x, so the bend axis is +x.
    job.mid_axis = {1, 0, 0};
    job.weight = weight;
    job.start_correction = &start;
    job.mid_correction = &mid;
    EXPECT_TRUE(job.run());
    return Corrected(Corrected(rest, 1, start), 2, mid);
  }

  Skeleton skeleton_;
  std::vector<Clip> clips_;
  StateMachineDef def_;
};

TEST_F(StateMachineIkTest, TwoBoneEntryPutsTheHandOnTheVectorParameter) {
  def_.ik = {Reach(0)};
  StateMachineInstance sm(def_, skeleton_, clips_);
  const glm::vec3 target(0.5f, 0.4f, 0.45f);
  ASSERT_TRUE(sm.set_vector("target", target));
  const std::vector<glm::mat4> model = NaiveModel(Chain(Pose(sm)));
  EXPECT_TRUE(Vec3Near(Origin(model[3]), target, 1e-4f));
  // Bone lengths as at rest.
  EXPECT_NEAR(glm::length(Origin(model[2]) - Origin(model[1])), 0.5f, 1e-5f);
  EXPECT_NEAR(glm::length(Origin(model[3]) - Origin(model[2])), 0.5f, 1e-5f);
  ASSERT_EQ(sm.ik_results().size(), 1u);
  EXPECT_TRUE(sm.ik_results()[0].reached);
  EXPECT_EQ(sm.ik_results()[0].weight, 1.0f);
  EXPECT_TRUE(Vec3Near(sm.ik_results()[0].target, target, 0.0f));
}

TEST_F(StateMachineIkTest, TheDefaultVectorIsTheTargetUntilOneIsSet) {
  def_.ik = {Reach(0)};
  StateMachineInstance sm(def_, skeleton_, clips_);
  const std::vector<glm::mat4> model = NaiveModel(Chain(Pose(sm)));
  EXPECT_TRUE(Vec3Near(Origin(model[3]), {0.6f, 0.6f, 0.3f}, 1e-4f));
}

TEST_F(StateMachineIkTest, HalfWeightFromAFloatParameterIsTheJobsHalfWeight) {
  IkEntryDef reach = Reach(0);
  reach.weight.parameter = 1;  // "amount"
  def_.ik = {reach};
  StateMachineInstance sm(def_, skeleton_, clips_);
  const glm::vec3 target(0.5f, 0.4f, 0.45f);
  ASSERT_TRUE(sm.set_vector(0, target));
  ASSERT_TRUE(sm.set_float("amount", 0.5f));
  const std::vector<Transform> pose = Pose(sm);
  const IkChain expected = ByHand(target, 0.5f);
  for (std::size_t j = 0; j < pose.size(); ++j) {
    EXPECT_TRUE(TransformNear(pose[j], expected.local[j], 1e-5f)) << j;
  }
  EXPECT_EQ(sm.ik_results()[0].weight, 0.5f);
  // Over 1 counts as 1.
  ASSERT_TRUE(sm.set_float("amount", 3.0f));
  EXPECT_TRUE(Vec3Near(Origin(NaiveModel(Chain(Pose(sm)))[3]), target, 1e-4f));
}

TEST_F(StateMachineIkTest, WeightZeroLeavesThePoseBitForBit) {
  StateMachineInstance plain(def_, skeleton_, clips_);
  const std::vector<Transform> animated = Pose(plain);
  IkEntryDef reach = Reach(0);
  reach.weight.value = 0.0f;
  def_.ik = {reach, Look({1, 2, 3})};
  def_.ik[1].weight.parameter = 1;  // "amount", 0 by default.
  StateMachineInstance sm(def_, skeleton_, clips_);
  const std::vector<Transform> pose = Pose(sm);
  for (std::size_t j = 0; j < pose.size(); ++j) EXPECT_TRUE(SameBits(pose[j], animated[j])) << j;
  EXPECT_EQ(sm.ik_results()[0].weight, 0.0f);
  EXPECT_EQ(sm.ik_results()[1].weight, 0.0f);
  // The targets are reported all the same (the tool draws them).
  EXPECT_TRUE(Vec3Near(sm.ik_results()[1].target, {1, 2, 3}, 0.0f));
}

TEST_F(StateMachineIkTest, EntriesRunInOrderEachOnThePoseBeforeIt) {
  // The look runs after the reach; the head does not hang below the arm, so the reach leaves it
  // where it was, and the look turns it to face the target from there.
  def_.ik = {Reach(0), Look({0, 3, 2})};
  StateMachineInstance sm(def_, skeleton_, clips_);
  const std::vector<glm::mat4> model = NaiveModel(Chain(Pose(sm)));
  const glm::vec3 head = Origin(model[5]);
  const glm::vec3 forward = glm::normalize(glm::vec3(model[5] * glm::vec4(0, 0, 1, 0)));
  EXPECT_TRUE(Vec3Near(forward, glm::normalize(glm::vec3(0, 3, 2) - head), 1e-5f));
  EXPECT_TRUE(Vec3Near(Origin(model[3]), {0.6f, 0.6f, 0.3f}, 1e-4f));
}

TEST_F(StateMachineIkTest, ALayersEntriesFollowTheTopLevelsAtTheLayersWeight) {
  LayerDef layer;
  layer.name = "upper";
  layer.states = {ClipState("Hold", 0)};
  layer.ik = {Reach(0)};
  def_.layers = {layer};
  const glm::vec3 target(0.5f, 0.4f, 0.45f);
  StateMachineInstance sm(def_, skeleton_, clips_);
  ASSERT_TRUE(sm.set_vector("target", target));
  ASSERT_TRUE(sm.set_layer_weight(1, 0.5f));
  const std::vector<Transform> pose = Pose(sm);
  const IkChain expected = ByHand(target, 0.5f);
  for (std::size_t j = 0; j < pose.size(); ++j) {
    EXPECT_TRUE(TransformNear(pose[j], expected.local[j], 1e-5f)) << j;
  }
  ASSERT_TRUE(sm.set_layer_weight(1, 0.0f));
  const std::vector<Transform> off = Pose(sm);
  for (std::size_t j = 0; j < off.size(); ++j) {
    EXPECT_TRUE(TransformNear(off[j], skeleton_.rest[j], 1e-6f)) << j;
  }
  EXPECT_EQ(sm.ik_results()[0].weight, 0.0f);
}

TEST_F(StateMachineIkTest, AimChainSpreadsTheTurnOverItsJoints) {
  IkEntryDef look = Look({2, 1.5f, 1});
  look.joints = {4, 5};
  look.shares = {0.5f, 0.5f};
  def_.ik = {look};
  StateMachineInstance sm(def_, skeleton_, clips_);
  const std::vector<Transform> pose = Pose(sm);
  const std::vector<glm::mat4> model = NaiveModel(Chain(pose));
  const glm::vec3 forward = glm::normalize(glm::vec3(model[5] * glm::vec4(0, 0, 1, 0)));
  EXPECT_TRUE(Vec3Near(forward, glm::normalize(glm::vec3(2, 1.5f, 1) - Origin(model[5])), 1e-5f));
  // Both joints turned.
  EXPECT_GT(AngleDegrees(pose[4].rotation), 1.0f);
  EXPECT_GT(AngleDegrees(pose[5].rotation), 1.0f);
}

// Flat ground at one height, for the feet entry.
struct Floor {
  float height = 0.0f;
  static bool Cast(const void* user, const glm::vec3& o, const glm::vec3& d, float max,
                   GroundHit* hit) {
    const float h = static_cast<const Floor*>(user)->height;
    if (d.y >= 0.0f) return false;
    const float t = (o.y - h) / -d.y;
    if (t < 0.0f || t > max) return false;
    *hit = {o + d * t, {0, 1, 0}};
    return true;
  }
};

TEST_F(StateMachineIkTest, FeetStandOnTheGroundTheGameGives) {
  // The arm as a leg: root the pelvis, shoulder-elbow-hand the hip, knee and ankle. The hand is
  // at rest at y = 1 - 0.5 - 0.5 cos 30.
  IkEntryDef feet = ArmAsLeg();
  feet.foot_height = 0.05f;
  def_.ik = {feet};
  StateMachineInstance sm(def_, skeleton_, clips_);
  // No ground: nothing changes.
  const std::vector<Transform> animated = Pose(sm);
  for (std::size_t j = 0; j < animated.size(); ++j) {
    EXPECT_TRUE(TransformNear(animated[j], skeleton_.rest[j], 1e-6f)) << j;
  }
  EXPECT_FALSE(sm.ik_legs(0)[0].hit);
  // Ground 0.1 below where the sole is: the pelvis drops 0.1, the ankle lands 0.05 above it.
  const float ankle = 0.5f - 0.5f * std::cos(Radians(30));
  Floor floor{ankle - 0.05f - 0.1f};
  sm.set_ground({&Floor::Cast, &floor});
  const std::vector<glm::mat4> model = NaiveModel(Chain(Pose(sm)));
  EXPECT_NEAR(sm.ik_results()[0].pelvis_drop, 0.1f, 1e-5f);
  EXPECT_NEAR(Origin(model[0]).y, 0.9f, 1e-5f);
  EXPECT_NEAR(Origin(model[3]).y, floor.height + 0.05f, 1e-4f);
  ASSERT_EQ(sm.ik_legs(0).size(), 1u);
  EXPECT_TRUE(sm.ik_legs(0)[0].hit);
  EXPECT_TRUE(sm.ik_results()[0].reached);
}

TEST_F(StateMachineIkTest, AFootHighInTheAirIsLessPlanted) {
  IkEntryDef feet = ArmAsLeg();
  feet.lift_height = 0.1f;  // Planted at the model's floor (y = 0), lifted from 0.1 up.
  def_.ik = {feet};
  StateMachineInstance sm(def_, skeleton_, clips_);
  const float ankle = 0.5f - 0.5f * std::cos(Radians(30));  // 0.067 above the floor.
  Floor floor{ankle - 0.1f};
  sm.set_ground({&Floor::Cast, &floor});
  (void)Pose(sm);
  const float x = ankle / 0.1f;
  const float planted = 1.0f - x * x * (3.0f - 2.0f * x);  // Smoothstep down, by hand: 0.26.
  ASSERT_EQ(sm.ik_legs(0).size(), 1u);
  EXPECT_NEAR(sm.ik_legs(0)[0].weight, planted, 1e-5f);
  EXPECT_NEAR(sm.ik_results()[0].pelvis_drop, planted * 0.1f, 1e-5f);
  // Higher than the lift height: not planted, the leg as animated.
  def_.ik[0].lift_height = 0.05f;
  StateMachineInstance lifted(def_, skeleton_, clips_);
  lifted.set_ground({&Floor::Cast, &floor});
  const std::vector<Transform> pose = Pose(lifted);
  for (std::size_t j = 0; j < pose.size(); ++j) {
    EXPECT_TRUE(TransformNear(pose[j], skeleton_.rest[j], 1e-6f)) << j;
  }
  EXPECT_EQ(lifted.ik_legs(0)[0].weight, 0.0f);
}

// The leg of AFootHighInTheAirIsLessPlanted, too high to be planted by height, with the clip's
// sync markers "down" at 0.2 s and "up" at 0.6 s naming "down" as its plant marker: planted from
// 0.2 s to 0.6 s (its stance) whatever the height, by height alone (not at all) elsewhere, and
// during a crossfade to a clip without markers by the share of the weight still in the stance.
TEST_F(StateMachineIkTest, PlantMarkersHoldTheFootDownThroughItsStance) {
  IkEntryDef feet = ArmAsLeg();
  feet.lift_height = 0.05f;  // The ankle is 0.067 above the floor: lifted, by height.
  feet.plant_markers = {0};
  def_.ik = {feet};
  def_.marker_names = {"down", "up"};
  def_.markers = {{0, 0, 0.2f}, {0, 1, 0.6f}};
  clips_.push_back(Hold("other"));  // No markers.
  def_.states.push_back(ClipState("Other", 1));
  def_.parameters.push_back(Parameter("go", ParameterType::kBool));
  def_.transitions = {Go(0, 1, {{2, ConditionOp::kTrue, 0.0f}}, 0.4f)};
  const float ankle = 0.5f - 0.5f * std::cos(Radians(30));
  Floor floor{ankle - 0.1f};
  const auto leg_weight = [&](StateMachineInstance& sm) {
    (void)Pose(sm);
    return sm.ik_legs(0)[0].weight;
  };
  StateMachineInstance sm(def_, skeleton_, clips_);
  sm.set_ground({&Floor::Cast, &floor});
  EXPECT_EQ(leg_weight(sm), 0.0f);  // 0 s: before the plant.
  sm.update(0.3f);
  EXPECT_EQ(leg_weight(sm), 1.0f);  // In the stance.
  EXPECT_NEAR(sm.ik_results()[0].pelvis_drop, 0.1f, 1e-5f);
  sm.update(0.2f);
  EXPECT_EQ(leg_weight(sm), 1.0f);  // 0.5 s: still.
  sm.update(0.2f);
  EXPECT_EQ(leg_weight(sm), 0.0f);  // 0.7 s: past "up".
  sm.update(0.6f);                  // 1.3 s: the loop's second stance.
  EXPECT_EQ(leg_weight(sm), 1.0f);
  // A quarter into a 0.4 s crossfade to Other: three quarters of the weight still stand.
  ASSERT_TRUE(sm.set_bool("go", true));
  sm.update(0.0f);
  sm.update(0.1f);
  ASSERT_EQ(sm.active_states().size(), 2u);
  float in_stance = 0.0f;
  for (const StateMachineInstance::ActiveState& a : sm.active_states()) {
    if (a.state == 0) in_stance = a.weight;
  }
  EXPECT_NEAR(in_stance, 0.75f, 1e-5f);
  EXPECT_NEAR(leg_weight(sm), in_stance, 1e-5f);
  // Without plant markers the same leg is never planted (the height says lifted throughout).
  def_.ik[0].plant_markers.clear();
  StateMachineInstance by_height(def_, skeleton_, clips_);
  by_height.set_ground({&Floor::Cast, &floor});
  by_height.update(0.3f);
  EXPECT_EQ(leg_weight(by_height), 0.0f);
}

TEST_F(StateMachineIkTest, VectorParametersRefuseWhatIsNotAFiniteVector) {
  StateMachineInstance sm(def_, skeleton_, clips_);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(sm.set_vector("target", {nan, 0, 0}));
  EXPECT_FALSE(sm.set_vector("target", {std::numeric_limits<float>::infinity(), 0, 0}));
  EXPECT_FALSE(sm.set_vector("amount", {1, 2, 3}));  // A float.
  EXPECT_FALSE(sm.set_vector("nothing", {1, 2, 3}));
  EXPECT_FALSE(sm.set_vector(7, {1, 2, 3}));
  EXPECT_FALSE(sm.set_value(0, 1.0f));  // A vector takes no single number.
  EXPECT_TRUE(Vec3Near(sm.vector(0), {0.6f, 0.6f, 0.3f}, 0.0f));
  EXPECT_TRUE(Vec3Near(sm.vector(1), {0, 0, 0}, 0.0f));
}

TEST_F(StateMachineIkTest, HostileTargetsNeverPutNaNInThePose) {
  def_.ik = {Reach(0), Look({0, 0, 0})};
  StateMachineInstance sm(def_, skeleton_, clips_);
  for (const glm::vec3& target : {glm::vec3(1e30f, -1e30f, 1e30f), glm::vec3(3e38f, 0, 0),
                                  glm::vec3(0.2f, 1, 0) /* on the shoulder */}) {
    ASSERT_TRUE(sm.set_vector("target", target));
    for (const Transform& t : Pose(sm)) {
      EXPECT_TRUE(std::isfinite(t.rotation.w + t.rotation.x + t.rotation.y + t.rotation.z));
      EXPECT_TRUE(std::isfinite(t.translation.x + t.translation.y + t.translation.z));
    }
  }
}

TEST_F(StateMachineIkTest, SavedStateAndContinueFromKeepVectors) {
  def_.ik = {Reach(0)};
  StateMachineInstance sm(def_, skeleton_, clips_);
  ASSERT_TRUE(sm.set_vector("target", {0.1f, 0.2f, 0.3f}));
  std::vector<StateMachineInstance::SavedParameter> params(def_.parameters.size());
  std::vector<StateMachineInstance::SavedLayer> layers(1);
  ASSERT_TRUE(sm.save_state(params, layers));
  ASSERT_TRUE(sm.set_vector("target", {4, 5, 6}));
  ASSERT_TRUE(sm.restore_state(params, layers));
  EXPECT_TRUE(Vec3Near(sm.vector(0), {0.1f, 0.2f, 0.3f}, 0.0f));
  // A saved vector that is not finite is refused, changing nothing.
  params[0].vector.y = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(sm.restore_state(params, layers));
  EXPECT_TRUE(Vec3Near(sm.vector(0), {0.1f, 0.2f, 0.3f}, 0.0f));

  // Another def with the vector under the same name (and a float of that name elsewhere).
  StateMachineDef next = def_;
  next.parameters = {Parameter("other", ParameterType::kFloat), Vector("target", {9, 9, 9})};
  next.ik[0].target.parameter = 1;
  StateMachineInstance after(next, skeleton_, clips_);
  after.continue_from(sm);
  EXPECT_TRUE(Vec3Near(after.vector(1), {0.1f, 0.2f, 0.3f}, 0.0f));
}

TEST_F(StateMachineIkTest, ACrowdScratchMustHaveRoomForTheIk) {
  def_.ik = {Reach(0)};
  const SoaPose rest = [&] {
    SoaPose p = make_soa_pose(skeleton_.joint_count());
    to_soa(skeleton_.rest, p);
    return p;
  }();
  StateMachineInstance sm(def_, skeleton_, clips_, rest);
  SoaPose out = make_soa_pose(skeleton_.joint_count());
  StateMachineDef no_ik = def_;
  no_ik.ik.clear();
  StateMachineScratch small(no_ik, skeleton_.joint_count());
  EXPECT_FALSE(small.fits(def_, skeleton_.joint_count()));
  EXPECT_FALSE(sm.evaluate_soa(out, small));
  StateMachineScratch room(def_, skeleton_.joint_count());
  ASSERT_TRUE(sm.evaluate_soa(out, room));
  std::vector<Transform> pose(skeleton_.joint_count());
  from_soa(out, pose);
  EXPECT_TRUE(Vec3Near(Origin(NaiveModel(Chain(pose))[3]), {0.6f, 0.6f, 0.3f}, 1e-4f));
}

}  // namespace
}  // namespace anim
