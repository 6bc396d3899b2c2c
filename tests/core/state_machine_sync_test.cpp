// Sync markers in the state machine: a transition synced by markers starts its destination at the
// place the source is between the same markers, and a blend space synced by markers plays its
// lighter clip at its heavier clip's place. Expected clip times are worked out by hand from the
// marker times in each test's comment.
#include <cmath>
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

constexpr int kWalk = 0, kRun = 1;  // Clips.
constexpr int kL = 0, kR = 1;       // Marker names.
constexpr float kWalkLength = 1.2f, kRunLength = 0.8f;

// Walk: left foot down at 0.3 s, right at 0.9 s. Run: right at 0.1 s, left at 0.5 s.
void AddMarkers(StateMachineDef& def) {
  def.marker_names = {"L", "R"};
  def.markers = {{kWalk, kL, 0.3f}, {kWalk, kR, 0.9f}, {kRun, kR, 0.1f}, {kRun, kL, 0.5f}};
}

// The run's time at the walk's place, by hand: from L (walk 0.3 s, run 0.5 s) to R (walk 0.9 s,
// run 0.9 s = 0.1 s of the next cycle), both 0.6 s and 0.4 s long; from R (walk 0.9 s, run
// 0.1 s) to L (walk 1.5 s = 0.3 s, run 0.5 s).
float RunTimeAtWalk(float walk) {
  if (walk >= 0.3f && walk < 0.9f) return std::fmod(0.5f + (walk - 0.3f) / 0.6f * 0.4f, 0.8f);
  const float since_r = walk >= 0.9f ? walk - 0.9f : walk + 1.2f - 0.9f;
  return 0.1f + since_r / 0.6f * 0.4f;
}

// Distance around a cycle of `length`.
float CycleDistance(float a, float b, float length) {
  const float d = std::fmod(std::fabs(a - b), length);
  return std::min(d, length - d);
}

class StateMachineSyncTest : public ::testing::Test {
 protected:
  StateMachineSyncTest() : skeleton_(OneJoint()) {
    // The walk moves joint 0 along x by its own time (x = t), the run along y (y = t), so a
    // pose tells the time of each clip in it.
    clips_ = {SlideClip("walk", kWalkLength, {0, 0, 0}, {kWalkLength, 0, 0}),
              SlideClip("run", kRunLength, {0, 0, 0}, {0, kRunLength, 0})};
  }

  glm::vec3 Translation(StateMachineInstance& sm) {
    std::vector<Transform> pose(1);
    EXPECT_TRUE(sm.evaluate(pose));
    return pose[0].translation;
  }

  Skeleton skeleton_;
  std::vector<Clip> clips_;
};

// Walk -> Run at once when "go" is set.
StateMachineDef WalkToRun(SyncMode sync) {
  StateMachineDef def;
  def.parameters = {Parameter("go", ParameterType::kBool)};
  def.states = {ClipState("Walk", kWalk), ClipState("Run", kRun)};
  def.transitions = {Go(0, 1, {{0, ConditionOp::kTrue, 0.0f}})};
  def.transitions[0].sync = sync;
  def.transitions[0].offset = 0.0f;
  AddMarkers(def);
  return def;
}

TEST_F(StateMachineSyncTest, TransitionStartsTheRunOnTheWalksFoot) {
  // Switching at walk times 0.6 s (half way L -> R: run 0.7 s) and 1.05 s (a quarter R -> L:
  // run 0.2 s).
  for (const auto& [walk, run] : {std::pair{0.6f, 0.7f}, std::pair{1.05f, 0.2f}}) {
    const StateMachineDef def = WalkToRun(SyncMode::kMarkers);
    StateMachineInstance sm(def, skeleton_, clips_);
    sm.update(walk);
    EXPECT_NEAR(Translation(sm).x, walk, 1e-5f);
    const MarkerPosition before = sm.active_marker(0, 0);
    ASSERT_TRUE(sm.set_bool("go", true));
    sm.update(0.0f);
    ASSERT_EQ(sm.current_state(), 1);
    EXPECT_NEAR(Translation(sm).y, run, 1e-5f) << "walk at " << walk;
    const MarkerPosition after = sm.active_marker(0, 0);
    EXPECT_EQ(after.previous, before.previous);
    EXPECT_EQ(after.next, before.next);
    EXPECT_NEAR(after.fraction, before.fraction, 1e-5f);
  }
}

TEST_F(StateMachineSyncTest, WithoutMarkerSyncTheRunStartsAtItsOffset) {
  const StateMachineDef def = WalkToRun(SyncMode::kNormalized);
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.6f);
  ASSERT_TRUE(sm.set_bool("go", true));
  sm.update(0.0f);
  EXPECT_NEAR(Translation(sm).y, 0.0f, 1e-6f);
}

TEST_F(StateMachineSyncTest, ClipsWithoutMarkersFallBackToTheOffset) {
  StateMachineDef def = WalkToRun(SyncMode::kMarkers);
  def.markers.resize(2);  // The run has none.
  def.transitions[0].offset = 0.25f;
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.6f);
  ASSERT_TRUE(sm.set_bool("go", true));
  sm.update(0.0f);
  EXPECT_NEAR(Translation(sm).y, 0.25f * kRunLength, 1e-5f);
  EXPECT_FALSE(sm.active_marker(0, 0).valid());
}

// One state playing walk (at 0) and run (at 1) on "speed", synced by markers or not.
StateMachineDef Locomotion(SyncMode sync) {
  StateMachineDef def;
  def.parameters = {Parameter("speed", ParameterType::kFloat)};
  def.blend_spaces = {Space1D("move", 0, {kWalk, kRun}, {0.0f, 1.0f})};
  def.blend_spaces[0].sync = sync;
  def.states = {SpaceState("Move", 0)};
  AddMarkers(def);
  return def;
}

TEST_F(StateMachineSyncTest, BlendSpaceAtHalfKeepsBothClipsOnTheSameFoot) {
  const StateMachineDef def = Locomotion(SyncMode::kMarkers);
  StateMachineInstance sm(def, skeleton_, clips_);
  ASSERT_TRUE(sm.set_float("speed", 0.5f));
  // Equal weights: the walk (listed first) leads. x = walk / 2, y = run / 2.
  for (int frame = 0; frame < 90; ++frame) {
    sm.update(1.0f / 30.0f);
    const glm::vec3 t = Translation(sm);
    const float walk = 2.0f * t.x, run = 2.0f * t.y;
    EXPECT_LT(CycleDistance(run, RunTimeAtWalk(walk), kRunLength), 1e-4f)
        << "frame " << frame << ": walk " << walk << " s, run " << run << " s";
  }
}

TEST_F(StateMachineSyncTest, NormalizedBlendSpaceIsNotOnTheSameFoot) {
  // The same space in normalized time: the run is at the walk's fraction of its length, which
  // for these markers is a different place (walk 0.6 s: run 0.4 s, not 0.7 s).
  const StateMachineDef def = Locomotion(SyncMode::kNormalized);
  StateMachineInstance sm(def, skeleton_, clips_);
  ASSERT_TRUE(sm.set_float("speed", 0.5f));
  float worst = 0.0f;
  for (int frame = 0; frame < 30; ++frame) {
    sm.update(1.0f / 30.0f);
    const glm::vec3 t = Translation(sm);
    worst = std::max(worst, CycleDistance(2.0f * t.y, RunTimeAtWalk(2.0f * t.x), kRunLength));
  }
  EXPECT_GT(worst, 0.1f);
}

TEST_F(StateMachineSyncTest, ANewLeaderTakesOverWithoutAJump) {
  // Speed rises from 0.2 to 0.8 over 60 frames: the run takes the lead at 0.5. Each clip's time
  // moves on by about a frame's worth every frame (no jump when the lead changes hands), and the
  // two stay at one place between their markers throughout.
  const StateMachineDef def = Locomotion(SyncMode::kMarkers);
  StateMachineInstance sm(def, skeleton_, clips_);
  const float dt = 1.0f / 60.0f;
  float last_walk = -1.0f, last_run = -1.0f;
  for (int frame = 0; frame <= 60; ++frame) {
    const float speed = 0.2f + 0.6f * static_cast<float>(frame) / 60.0f;
    ASSERT_TRUE(sm.set_float("speed", speed));
    sm.update(dt);
    const glm::vec3 t = Translation(sm);
    const float walk = t.x / (1.0f - speed), run = t.y / speed;
    EXPECT_LT(CycleDistance(run, RunTimeAtWalk(walk), kRunLength), 1e-3f) << "frame " << frame;
    if (last_walk >= 0.0f) {
      // The fastest either clip can move: the run's rate stretched by the walk's shorter stretch.
      EXPECT_LT(CycleDistance(walk, last_walk, kWalkLength), 3.0f * dt) << "frame " << frame;
      EXPECT_LT(CycleDistance(run, last_run, kRunLength), 3.0f * dt) << "frame " << frame;
    }
    last_walk = walk;
    last_run = run;
  }
}

TEST_F(StateMachineSyncTest, SavedStateKeepsTheLeader) {
  const StateMachineDef def = Locomotion(SyncMode::kMarkers);
  StateMachineInstance sm(def, skeleton_, clips_);
  ASSERT_TRUE(sm.set_float("speed", 0.7f));
  sm.update(0.37f);
  std::vector<StateMachineInstance::SavedParameter> params(1);
  std::vector<StateMachineInstance::SavedLayer> layers(1);
  ASSERT_TRUE(sm.save_state(params, layers));
  EXPECT_EQ(layers[0].tracks[0].leader, kRun);
  StateMachineInstance copy(def, skeleton_, clips_);
  ASSERT_TRUE(copy.restore_state(params, layers));
  for (int frame = 0; frame < 20; ++frame) {
    ASSERT_TRUE(sm.set_float("speed", 0.7f - 0.03f * frame));
    ASSERT_TRUE(copy.set_float("speed", 0.7f - 0.03f * frame));
    sm.update(0.05f);
    copy.update(0.05f);
    EXPECT_EQ(Translation(sm), Translation(copy)) << "frame " << frame;
  }
  // A leader that names no clip is refused.
  layers[0].tracks[0].leader = 7;
  EXPECT_FALSE(copy.restore_state(params, layers));
}

}  // namespace
}  // namespace anim
