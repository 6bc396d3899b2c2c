// Sync groups in the state machine: the looping states of a group that play at once, in the base
// machine and its layers, keep the place of the heaviest (its role deciding first). The walk clip
// is 1.2 s long and the run 0.8 s; each moves joint 0 along its own axis by its own time, so a
// pose tells each clip's time. Expected times are worked out by hand in each test's comments.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clip.h"
#include "anim/skeleton.h"
#include "anim/state_machine.h"
#include "anim/state_machine_def.h"
#include "support/clips.h"
#include "support/machines.h"
#include "support/rigs.h"

namespace anim {
namespace {

using namespace ::anim::testutil;
using GroupSync = StateMachineInstance::GroupSync;

constexpr int kWalk = 0, kRun = 1;  // Clips.
constexpr float kWalkLength = 1.2f, kRunLength = 0.8f;

StateDef Grouped(StateDef s, SyncRole role = SyncRole::kAuto) {
  s.sync_group = 0;
  s.sync_role = role;
  return s;
}

// The base walks; a full-body override layer runs; both in group "loco" unless a test changes it.
StateMachineDef WalkUnderRun() {
  StateMachineDef def;
  def.sync_groups = {"loco"};
  def.states = {Grouped(ClipState("Walk", kWalk))};
  LayerDef layer;
  layer.name = "Upper";
  layer.states = {Grouped(ClipState("Run", kRun), SyncRole::kFollower)};
  def.layers = {layer};
  return def;
}

class StateMachineSyncGroupsTest : public ::testing::Test {
 protected:
  StateMachineSyncGroupsTest() : skeleton_(OneJoint()) {
    // The walk moves joint 0 along x by its own time (x = t), the run along y (y = t), so a
    // pose tells the time of each clip in it.
    clips_ = {SlideClip("walk", kWalkLength, {0, 0, 0}, {kWalkLength, 0, 0}),
              SlideClip("run", kRunLength, {0, 0, 0}, {0, kRunLength, 0})};
  }

  static float Time(const StateMachineInstance& sm, int layer, std::size_t index = 0) {
    return sm.active_states(layer)[index].normalized_time;
  }
  static GroupSync Part(const StateMachineInstance& sm, int layer, std::size_t index = 0) {
    return sm.active_states(layer)[index].group;
  }

  Skeleton skeleton_;
  std::vector<Clip> clips_;
};

TEST_F(StateMachineSyncGroupsTest, ALayerFollowsTheBaseInNormalizedTime) {
  const StateMachineDef def = WalkUnderRun();
  StateMachineInstance sm(def, skeleton_, clips_);
  // 0.9 s: the walk is 0.75 of its way; alone the run would be at 0.9 - 0.8 = 0.1 s (0.125).
  sm.update(0.5f);
  sm.update(0.4f);
  EXPECT_NEAR(Time(sm, 0), 0.75f, 1e-5f);
  EXPECT_NEAR(Time(sm, 1), 0.75f, 1e-5f);
  EXPECT_EQ(Part(sm, 0), GroupSync::kLeads);
  EXPECT_EQ(Part(sm, 1), GroupSync::kFollows);
  // The layer overrides the whole body: the pose is the run at 0.75 * 0.8 = 0.6 s.
  std::vector<Transform> pose(1);
  ASSERT_TRUE(sm.evaluate(pose));
  EXPECT_NEAR(pose[0].translation.y, 0.6f, 1e-5f);
  EXPECT_NEAR(pose[0].translation.x, 0.0f, 1e-6f);
}

TEST_F(StateMachineSyncGroupsTest, OutOfTheGroupTheLayerKeepsItsOwnTime) {
  StateMachineDef def = WalkUnderRun();
  def.layers[0].states[0].sync_group = -1;
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.5f);
  sm.update(0.4f);
  EXPECT_NEAR(Time(sm, 1), 0.125f, 1e-5f);
  EXPECT_EQ(Part(sm, 1), GroupSync::kApart);
}

TEST_F(StateMachineSyncGroupsTest, AFollowerGroupWithoutALeaderPlaysOnItsOwn) {
  StateMachineDef def = WalkUnderRun();
  def.states[0].sync_role = SyncRole::kFollower;
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.9f);
  EXPECT_NEAR(Time(sm, 0), 0.75f, 1e-5f);
  EXPECT_NEAR(Time(sm, 1), 0.125f, 1e-5f);
  EXPECT_EQ(Part(sm, 0), GroupSync::kApart);
  EXPECT_EQ(Part(sm, 1), GroupSync::kApart);
}

TEST_F(StateMachineSyncGroupsTest, OneShotStatesDoNotJoin) {
  StateMachineDef def = WalkUnderRun();
  def.layers[0].states[0].loop = false;
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.4f);  // The run alone: 0.4 of 0.8 s.
  EXPECT_NEAR(Time(sm, 1), 0.5f, 1e-5f);
  EXPECT_EQ(Part(sm, 1), GroupSync::kApart);
}

TEST_F(StateMachineSyncGroupsTest, TheHeavierLeadsAndTheLeaderRoleLeadsEvenWhenLighter) {
  // Both may lead: the base's walk (1) outweighs the layer's run (0.6).
  StateMachineDef def = WalkUnderRun();
  def.layers[0].states[0].sync_role = SyncRole::kAuto;
  {
    StateMachineInstance sm(def, skeleton_, clips_);
    ASSERT_TRUE(sm.set_layer_weight(1, 0.6f));
    sm.update(0.9f);
    EXPECT_EQ(Part(sm, 0), GroupSync::kLeads);
    EXPECT_NEAR(Time(sm, 1), 0.75f, 1e-5f);
  }
  // As leader, the run at a weight of 0.2 leads: after 0.3 s the run is 0.375 of its way (the
  // walk alone 0.25), then after 0.9 s 1.125 -> 0.125.
  def.layers[0].states[0].sync_role = SyncRole::kLeader;
  StateMachineInstance sm(def, skeleton_, clips_);
  ASSERT_TRUE(sm.set_layer_weight(1, 0.2f));
  sm.update(0.3f);
  EXPECT_NEAR(Time(sm, 0), 0.375f, 1e-5f);
  sm.update(0.6f);
  EXPECT_EQ(Part(sm, 1), GroupSync::kLeads);
  EXPECT_EQ(Part(sm, 0), GroupSync::kFollows);
  EXPECT_NEAR(Time(sm, 1), 0.125f, 1e-5f);
  EXPECT_NEAR(Time(sm, 0), 0.125f, 1e-5f);
}

TEST_F(StateMachineSyncGroupsTest, ACrossfadeHandsTheLeadToTheHeavierState) {
  // Walk -> Run over 1 s on "go", both in the group.
  StateMachineDef def;
  def.sync_groups = {"loco"};
  def.parameters = {Parameter("go", ParameterType::kBool)};
  def.states = {Grouped(ClipState("Walk", kWalk)), Grouped(ClipState("Run", kRun))};
  def.transitions = {Go(0, 1, {{0, ConditionOp::kTrue, 0.0f}}, 1.0f)};
  def.transitions[0].offset = 0.9f;  // The group's place wins over the offset.
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.3f);  // Walk at 0.25.
  ASSERT_TRUE(sm.set_bool("go", true));
  sm.update(0.0f);  // Run starts at the walk's 0.25.
  ASSERT_EQ(sm.active_states().size(), 2u);
  EXPECT_NEAR(Time(sm, 0, 1), 0.25f, 1e-5f);
  // 0.2 s in (weights 0.8, 0.2): the walk leads, 0.25 + 0.2 / 1.2 = 0.41667; the run follows.
  sm.update(0.2f);
  EXPECT_EQ(Part(sm, 0, 0), GroupSync::kLeads);
  EXPECT_NEAR(Time(sm, 0, 0), 0.25f + 0.2f / 1.2f, 1e-5f);
  EXPECT_NEAR(Time(sm, 0, 1), 0.25f + 0.2f / 1.2f, 1e-5f);
  // 0.6 s in (0.4, 0.6): the run leads, 0.41667 + 0.4 / 0.8 = 0.91667; the walk follows.
  sm.update(0.4f);
  EXPECT_EQ(Part(sm, 0, 1), GroupSync::kLeads);
  EXPECT_EQ(Part(sm, 0, 0), GroupSync::kFollows);
  EXPECT_NEAR(Time(sm, 0, 1), 0.25f + 0.2f / 1.2f + 0.5f, 1e-5f);
  EXPECT_NEAR(Time(sm, 0, 0), 0.25f + 0.2f / 1.2f + 0.5f, 1e-5f);
}

TEST_F(StateMachineSyncGroupsTest, MembersWithMarkersKeepTheSameFootDown) {
  // Walk: L at 0.3 s, R at 0.9 s. Run: R at 0.1 s, L at 0.5 s. At walk 0.6 s (half way L -> R)
  // the run is half way from its L (0.5 s) to its R (0.9 s = 0.1 s): 0.7 s.
  StateMachineDef def = WalkUnderRun();
  def.marker_names = {"L", "R"};
  def.markers = {{kWalk, 0, 0.3f}, {kWalk, 1, 0.9f}, {kRun, 1, 0.1f}, {kRun, 0, 0.5f}};
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.6f);
  EXPECT_NEAR(Time(sm, 1) * kRunLength, 0.7f, 1e-5f);
  // Walk 1.05 s: a quarter of R (0.9 s) -> L (1.5 s); the run a quarter of R (0.1 s) -> L
  // (0.5 s): 0.2 s.
  sm.update(0.45f);
  EXPECT_NEAR(Time(sm, 1) * kRunLength, 0.2f, 1e-5f);
  const MarkerPosition walk = sm.active_marker(0, 0);
  const MarkerPosition run = sm.active_marker(1, 0);
  EXPECT_EQ(walk.previous, run.previous);
  EXPECT_NEAR(walk.fraction, run.fraction, 1e-5f);
}

TEST_F(StateMachineSyncGroupsTest, AFollowersEventsFireWhenTheGroupReachesThem) {
  // An event half way through the run (0.4 s). Followed, the run is half way when the walk is
  // (0.6 s): not in the first update to 0.5 s (alone, the run would be past it at 0.5 s).
  StateMachineDef def = WalkUnderRun();
  def.events = {EventDef{"step", kRun, 0.4f, ""}};
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.5f);
  EXPECT_EQ(sm.events().size(), 0u);
  sm.update(0.2f);
  ASSERT_EQ(sm.events().size(), 1u);
  EXPECT_EQ(sm.events()[0].layer, 1);
}

TEST_F(StateMachineSyncGroupsTest, ARestoredRunGoesOnAsTheOriginal) {
  const StateMachineDef def = WalkUnderRun();
  StateMachineInstance a(def, skeleton_, clips_), b(def, skeleton_, clips_);
  a.update(0.35f);
  std::vector<StateMachineInstance::SavedParameter> params(def.parameters.size());
  std::vector<StateMachineInstance::SavedLayer> layers(2);
  ASSERT_TRUE(a.save_state(params, layers));
  ASSERT_TRUE(b.restore_state(params, layers));
  for (int i = 0; i < 5; ++i) {
    a.update(0.13f);
    b.update(0.13f);
    EXPECT_FLOAT_EQ(Time(a, 1), Time(b, 1));
    EXPECT_EQ(Part(a, 1), Part(b, 1));
  }
}

}  // namespace
}  // namespace anim
