// What the trace and carry_over() say about how a transition moves the pose over: the fired
// entry's interruption, its destination's start (a marker-synced one's place between the markers,
// or its offset when a clip lacks them, or that it resumes a state still fading out), and the
// decay an inertialized or dead-blended switch leaves behind (carry_over), which transition()
// no longer shows. Machines are written by hand; expected values are worked out from them.
#include <vector>

#include <gtest/gtest.h>

#include "anim/clip.h"
#include "anim/skeleton.h"
#include "anim/state_machine.h"
#include "anim/state_machine_def.h"
#include "support/machines.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr int kWalk = 0, kRun = 1;  // States and clips.
constexpr int kGo = 0;              // Bool parameter.
constexpr float kDt = 0.05f;

class StateMachineTraceBlendTest : public ::testing::Test {
 protected:
  StateMachineTraceBlendTest() : skeleton_(OneJoint()) {
    // Walk 1.2 s, run 0.8 s.
    clips_ = {StillClip("walk", 1.2f), StillClip("run", 0.8f)};
    def_.parameters = {Parameter("go", ParameterType::kBool)};
    def_.states = {ClipState("Walk", kWalk), ClipState("Run", kRun)};
    // Walk -> Run when go; Run -> Walk when not.
    def_.transitions = {Go(kWalk, kRun, {{kGo, ConditionOp::kTrue, 0.0f}}, 0.25f),
                        Go(kRun, kWalk, {{kGo, ConditionOp::kFalse, 0.0f}}, 0.25f)};
  }

  StateMachineInstance Traced() {
    StateMachineInstance sm(def_, skeleton_, clips_);
    sm.set_trace(true);
    return sm;
  }

  // One frame as the tool runs it: update, then evaluate (the carry-over starts at an evaluate).
  static void Frame(StateMachineInstance& sm, float dt = kDt) {
    sm.update(dt);
    std::vector<Transform> pose(1);
    ASSERT_TRUE(sm.evaluate(pose));
  }

  // The entry of the last update that fired, or null.
  static const StateMachineInstance::TraceEntry* Fired(const StateMachineInstance& sm) {
    for (const StateMachineInstance::TraceEntry& e : sm.trace()) {
      if (e.fired) return &e;
    }
    return nullptr;
  }

  Skeleton skeleton_;
  std::vector<Clip> clips_;
  StateMachineDef def_;
};

TEST_F(StateMachineTraceBlendTest, AnInertializedSwitchCarriesOverForItsDuration) {
  def_.transitions[0].blend = TransitionBlend::kInertialize;
  def_.transitions[0].offset = 0.25f;
  StateMachineInstance sm = Traced();
  Frame(sm);
  EXPECT_EQ(sm.carry_over().transition, -1);  // Nothing switched yet.
  sm.set_bool("go", true);
  Frame(sm);
  const StateMachineInstance::TraceEntry* fired = Fired(sm);
  ASSERT_NE(fired, nullptr);
  EXPECT_EQ(fired->transition, 0);
  EXPECT_FALSE(fired->interrupted);  // Nothing ran before it.
  EXPECT_FALSE(fired->resumed);
  EXPECT_FLOAT_EQ(fired->start_time, 0.25f);  // Its offset: no marker sync.
  EXPECT_FALSE(fired->start_marker.valid());

  // Switched at once: no running transition, but the pose carries over.
  EXPECT_EQ(sm.transition().transition, -1);
  StateMachineInstance::CarryOver c = sm.carry_over();
  EXPECT_EQ(c.transition, 0);
  EXPECT_EQ(c.from, kWalk);
  EXPECT_EQ(c.to, kRun);
  EXPECT_EQ(c.blend, TransitionBlend::kInertialize);
  EXPECT_FLOAT_EQ(c.duration, 0.25f);
  EXPECT_FLOAT_EQ(c.elapsed, 0.0f);
  EXPECT_FALSE(c.interrupted);

  // 4 frames of 0.05 s later: 0.2 s of 0.25; at the fifth it is over.
  for (int i = 0; i < 4; ++i) Frame(sm);
  c = sm.carry_over();
  EXPECT_EQ(c.transition, 0);
  EXPECT_NEAR(c.elapsed, 0.2f, 1e-5f);
  Frame(sm);
  Frame(sm);
  EXPECT_EQ(sm.carry_over().transition, -1);
  EXPECT_EQ(sm.carry_over(5).transition, -1);  // A bad layer.
}

TEST_F(StateMachineTraceBlendTest, ADeadBlendCarriesItsHalfLife) {
  def_.transitions[0].blend = TransitionBlend::kDeadBlend;
  def_.transitions[0].half_life = 0.15f;
  StateMachineInstance sm = Traced();
  Frame(sm);
  sm.set_bool("go", true);
  Frame(sm);
  const StateMachineInstance::CarryOver c = sm.carry_over();
  EXPECT_EQ(c.transition, 0);
  EXPECT_EQ(c.blend, TransitionBlend::kDeadBlend);
  EXPECT_FLOAT_EQ(c.half_life, 0.15f);
}

TEST_F(StateMachineTraceBlendTest, InterruptingARunningCrossfadeOrACarryOver) {
  // Walk -> Run crossfades for 0.5 s and lets transitions from Run interrupt it; Run -> Walk is
  // inertialized.
  def_.transitions[0].duration = 0.5f;
  def_.transitions[0].interruption = Interruption::kDestination;
  def_.transitions[1].blend = TransitionBlend::kInertialize;
  StateMachineInstance sm = Traced();
  Frame(sm);
  sm.set_bool("go", true);
  Frame(sm);
  ASSERT_NE(Fired(sm), nullptr);
  EXPECT_FALSE(Fired(sm)->interrupted);
  Frame(sm);  // 0.05 s into the crossfade.
  ASSERT_EQ(sm.transition().transition, 0);
  sm.set_bool("go", false);
  Frame(sm);
  const StateMachineInstance::TraceEntry* back = Fired(sm);
  ASSERT_NE(back, nullptr);
  EXPECT_EQ(back->transition, 1);
  EXPECT_TRUE(back->interrupted);
  // Walk was still fading out: it goes on where it was.
  EXPECT_TRUE(back->resumed);
  EXPECT_TRUE(sm.carry_over().interrupted);

  // Walk -> Run again while Run -> Walk's pose still carries over: it interrupts that.
  sm.set_bool("go", true);
  Frame(sm);
  ASSERT_NE(Fired(sm), nullptr);
  EXPECT_EQ(Fired(sm)->transition, 0);
  EXPECT_TRUE(Fired(sm)->interrupted);
  EXPECT_FALSE(Fired(sm)->resumed);  // The switch left Walk alone: Run starts afresh.
}

TEST_F(StateMachineTraceBlendTest, AMarkerSyncedStartNamesThePlaceOrTheFallBack) {
  // Walk: L at 0.3 s, R at 0.9 s. Run: R at 0.1 s, L at 0.5 s. At walk 0.6 s the walk is half way
  // from L to R; the run is there at 0.5 + 0.5 * 0.4 = 0.7 s, normalized 0.875.
  def_.marker_names = {"L", "R"};
  def_.markers = {{kWalk, 0, 0.3f}, {kWalk, 1, 0.9f}, {kRun, 1, 0.1f}, {kRun, 0, 0.5f}};
  def_.transitions[0].sync = SyncMode::kMarkers;
  def_.transitions[0].offset = 0.1f;
  {
    StateMachineInstance sm = Traced();
    Frame(sm, 0.6f);
    sm.set_bool("go", true);
    Frame(sm, 0.0f);
    const StateMachineInstance::TraceEntry* fired = Fired(sm);
    ASSERT_NE(fired, nullptr);
    ASSERT_TRUE(fired->start_marker.valid());
    EXPECT_EQ(fired->start_marker.previous, 0);
    EXPECT_EQ(fired->start_marker.next, 1);
    EXPECT_NEAR(fired->start_marker.fraction, 0.5f, 1e-5f);
    EXPECT_NEAR(fired->start_time, 0.875f, 1e-5f);
  }
  // The run without markers: at its offset.
  def_.markers.resize(2);
  StateMachineInstance sm = Traced();
  Frame(sm, 0.6f);
  sm.set_bool("go", true);
  Frame(sm, 0.0f);
  const StateMachineInstance::TraceEntry* fired = Fired(sm);
  ASSERT_NE(fired, nullptr);
  EXPECT_FALSE(fired->start_marker.valid());
  EXPECT_FLOAT_EQ(fired->start_time, 0.1f);
}

TEST_F(StateMachineTraceBlendTest, JoiningAPlayingSyncGroupStartsAtItsLeadersPlace) {
  // Walk and Run in one group, no markers: at walk 0.3 s of 1.2 (normalized 0.25) Run joins at
  // the walk's normalized time, not at its offset 0.1.
  def_.sync_groups = {"feet"};
  def_.states[kWalk].sync_group = def_.states[kRun].sync_group = 0;
  def_.transitions[0].offset = 0.1f;
  StateMachineInstance sm = Traced();
  Frame(sm, 0.3f);
  sm.set_bool("go", true);
  Frame(sm, 0.0f);
  const StateMachineInstance::TraceEntry* fired = Fired(sm);
  ASSERT_NE(fired, nullptr);
  EXPECT_TRUE(fired->joined_group);
  EXPECT_NEAR(fired->start_time, 0.25f, 1e-5f);
  EXPECT_FALSE(fired->start_marker.valid());
}

}  // namespace
}  // namespace anim
