// StateMachineInstance's transition trace (set_trace / trace): which transitions an update looked
// at, each condition with the parameter's value, the exit time required and reached, whether it
// fired and why not. Machines are StateMachineDefs built by hand; every expected entry is worked
// out in the test from the def and the times stepped. That a traced run does not allocate is
// checked in allocation_test.cpp.
#include <cmath>
#include <string>
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

// States of the fixture's base machine; each plays a 1 s looping clip.
constexpr int kIdle = 0, kWalk = 1, kRun = 2;
// Parameters.
constexpr int kSpeed = 0;  // Float, no smoothing.
constexpr int kGo = 1;     // Bool.
constexpr int kJump = 2;   // Trigger.

constexpr float kTol = 1e-5f;

class StateMachineTraceTest : public IdleWalkRunTest {
 protected:
  StateMachineTraceTest() {
    def_.parameters = {Parameter("speed", ParameterType::kFloat),
                       Parameter("go", ParameterType::kBool),
                       Parameter("jump", ParameterType::kTrigger)};
  }
};

TEST_F(StateMachineTraceTest, AFailingConditionShowsTheParametersValue) {
  def_.transitions = {Go(kIdle, kWalk, {{kSpeed, ConditionOp::kGreater, 0.5f}}),
                      Go(kWalk, kIdle, {{kSpeed, ConditionOp::kLess, 0.1f}})};
  StateMachineInstance sm = Traced();
  sm.set_value(kSpeed, 0.3f);
  sm.update(0.1f);

  // Idle is current: Walk -> Idle is not looked at, so not listed.
  ASSERT_EQ(sm.trace().size(), 1u);
  const StateMachineInstance::TraceEntry& e = sm.trace()[0];
  EXPECT_EQ(e.layer, 0);
  EXPECT_EQ(e.transition, 0);
  EXPECT_EQ(e.from, kIdle);
  EXPECT_EQ(e.to, kWalk);
  EXPECT_FALSE(e.fired);
  EXPECT_EQ(e.reason, TraceReason::kConditionFailed);
  EXPECT_STREQ(to_string(e.reason), "condition_failed");
  EXPECT_FALSE(e.has_exit_time);
  ASSERT_EQ(sm.trace_conditions(e).size(), 1u);
  const StateMachineInstance::TraceCondition& c = sm.trace_conditions(e)[0];
  EXPECT_EQ(c.parameter, kSpeed);
  EXPECT_EQ(c.op, ConditionOp::kGreater);
  EXPECT_FLOAT_EQ(c.value, 0.5f);
  EXPECT_FLOAT_EQ(c.actual, 0.3f);
  EXPECT_FALSE(c.pass);
  EXPECT_EQ(sm.current_state(), kIdle);
}

TEST_F(StateMachineTraceTest, AnExitTimeNotReachedThenReached) {
  // Idle -> Walk at 0.9 of Idle's 1 s loop, when "go" holds.
  TransitionDef t = Go(kIdle, kWalk, {{kGo, ConditionOp::kTrue, 0.0f}});
  t.has_exit_time = true;
  t.exit_time = 0.9f;
  def_.transitions = {t};
  StateMachineInstance sm = Traced();

  // 0.5 s in: neither the exit time nor "go"; the exit time is checked first, so it is the
  // reason, and the condition is still listed as evaluated.
  sm.update(0.25f);
  sm.update(0.25f);
  ASSERT_EQ(sm.trace().size(), 1u);
  StateMachineInstance::TraceEntry e = sm.trace()[0];
  EXPECT_TRUE(e.has_exit_time);
  EXPECT_FLOAT_EQ(e.exit_time_required, 0.9f);
  EXPECT_NEAR(e.exit_time_current, 0.5f, kTol);
  EXPECT_FALSE(e.exit_time_pass);
  EXPECT_EQ(e.reason, TraceReason::kExitTimeNotReached);
  ASSERT_EQ(sm.trace_conditions(e).size(), 1u);
  EXPECT_FLOAT_EQ(sm.trace_conditions(e)[0].actual, 0.0f);
  EXPECT_FALSE(sm.trace_conditions(e)[0].pass);

  // 0.95 s in: the exit time is reached; "go" still does not hold.
  sm.update(0.45f);
  ASSERT_EQ(sm.trace().size(), 1u);
  e = sm.trace()[0];
  EXPECT_NEAR(e.exit_time_current, 0.95f, kTol);
  EXPECT_TRUE(e.exit_time_pass);
  EXPECT_EQ(e.reason, TraceReason::kConditionFailed);
  EXPECT_FALSE(e.fired);

  // 0.97 s in, with "go": it fires.
  sm.set_bool("go", true);
  sm.update(0.02f);
  ASSERT_EQ(sm.trace().size(), 1u);
  e = sm.trace()[0];
  EXPECT_NEAR(e.exit_time_current, 0.97f, kTol);
  EXPECT_TRUE(e.fired);
  EXPECT_EQ(e.reason, TraceReason::kFired);
  EXPECT_TRUE(sm.trace_conditions(e)[0].pass);
  EXPECT_EQ(sm.current_state(), kWalk);
}

TEST_F(StateMachineTraceTest, AfterOneFiresTheLaterOnesThatHoldSayAnEarlierOneWon) {
  def_.transitions = {Go(kIdle, kWalk, {{kSpeed, ConditionOp::kGreater, 0.5f}}),
                      Go(kIdle, kRun, {{kSpeed, ConditionOp::kGreater, 0.2f}}),
                      Go(-1, kIdle, {{kGo, ConditionOp::kTrue, 0.0f}}),
                      Go(kIdle, kRun, {{kSpeed, ConditionOp::kGreater, 0.9f}})};
  StateMachineInstance sm = Traced();
  sm.set_value(kSpeed, 0.7f);
  sm.set_bool("go", true);
  sm.update(0.1f);

  // The runtime stops at the first that holds; the trace still evaluates the rest, with the
  // state as it was when the choice was made (Idle).
  ASSERT_EQ(sm.trace().size(), 4u);
  const Span<const StateMachineInstance::TraceEntry> trace = sm.trace();
  EXPECT_TRUE(trace[0].fired);
  EXPECT_EQ(trace[0].reason, TraceReason::kFired);
  EXPECT_EQ(trace[1].transition, 1);
  EXPECT_FALSE(trace[1].fired);
  EXPECT_EQ(trace[1].reason, TraceReason::kEarlierTransitionFired);
  EXPECT_STREQ(to_string(trace[1].reason), "earlier_transition_fired");
  EXPECT_TRUE(sm.trace_conditions(trace[1])[0].pass);
  // Any state to Idle, while in Idle: never restarts it, whatever its conditions.
  EXPECT_EQ(trace[2].from, -1);
  EXPECT_EQ(trace[2].reason, TraceReason::kAlreadyInState);
  EXPECT_TRUE(sm.trace_conditions(trace[2])[0].pass);
  // A later one that does not hold gives its own reason, not the earlier one's win.
  EXPECT_EQ(trace[3].reason, TraceReason::kConditionFailed);
  EXPECT_FLOAT_EQ(sm.trace_conditions(trace[3])[0].actual, 0.7f);
  EXPECT_EQ(sm.current_state(), kWalk);

  // Now in Walk, "*" -> Idle is looked at from Walk and fires; Idle's own are not listed.
  sm.update(0.1f);
  ASSERT_EQ(sm.trace().size(), 1u);
  EXPECT_EQ(sm.trace()[0].transition, 2);
  EXPECT_EQ(sm.trace()[0].reason, TraceReason::kFired);
}

// Idle -> Walk runs for 1 s under `rule`; then Idle -> Run (from the state it leaves) and
// Walk -> Run (from its destination) both hold.
struct InterruptionCase {
  Interruption rule;
  TraceReason from_source;       // Idle -> Run's reason.
  TraceReason from_destination;  // Walk -> Run's reason.
};

class StateMachineTraceInterruptionTest : public StateMachineTraceTest,
                                          public ::testing::WithParamInterface<InterruptionCase> {};

TEST_P(StateMachineTraceInterruptionTest, TheRunningTransitionsRuleBlocksOrLetsThrough) {
  const InterruptionCase& p = GetParam();
  TransitionDef walk = Go(kIdle, kWalk, {{kGo, ConditionOp::kTrue, 0.0f}}, 1.0f);
  walk.interruption = p.rule;
  def_.transitions = {walk, Go(kIdle, kRun, {{kSpeed, ConditionOp::kGreater, 0.5f}}),
                      Go(kWalk, kRun, {{kSpeed, ConditionOp::kGreater, 0.5f}}),
                      Go(kRun, kIdle, {{kSpeed, ConditionOp::kLess, 0.1f}})};
  StateMachineInstance sm = Traced();
  sm.set_bool("go", true);
  sm.update(0.1f);
  ASSERT_EQ(sm.transition().transition, 0);

  sm.set_value(kSpeed, 0.7f);
  sm.update(0.1f);
  // The running transition (0) and Run -> Idle are not listed.
  ASSERT_EQ(sm.trace().size(), 2u);
  const Span<const StateMachineInstance::TraceEntry> trace = sm.trace();
  EXPECT_EQ(trace[0].transition, 1);
  EXPECT_EQ(trace[0].reason, p.from_source);
  EXPECT_EQ(trace[0].fired, p.from_source == TraceReason::kFired);
  EXPECT_TRUE(sm.trace_conditions(trace[0])[0].pass);
  EXPECT_EQ(trace[1].transition, 2);
  EXPECT_EQ(trace[1].reason, p.from_destination);
  EXPECT_EQ(trace[1].fired, p.from_destination == TraceReason::kFired);
  // What the runtime did agrees.
  const bool fired =
      p.from_source == TraceReason::kFired || p.from_destination == TraceReason::kFired;
  EXPECT_EQ(sm.current_state(), fired ? kRun : kWalk);
}

INSTANTIATE_TEST_SUITE_P(
    Rules, StateMachineTraceInterruptionTest,
    ::testing::Values(InterruptionCase{Interruption::kNone, TraceReason::kInterruptionBlocked,
                                       TraceReason::kInterruptionBlocked},
                      InterruptionCase{Interruption::kSource, TraceReason::kFired,
                                       TraceReason::kInterruptionBlocked},
                      InterruptionCase{Interruption::kDestination,
                                       TraceReason::kInterruptionBlocked, TraceReason::kFired}));

TEST_F(StateMachineTraceTest, OffByDefaultAndEmptyOnceTurnedOff) {
  def_.transitions = {Go(kIdle, kWalk, {{kSpeed, ConditionOp::kGreater, 0.5f}}),
                      Go(kWalk, kIdle, {{kSpeed, ConditionOp::kLess, 0.5f}})};
  StateMachineInstance sm(def_, skeleton_, clips_);
  EXPECT_FALSE(sm.tracing());
  sm.set_value(kSpeed, 0.7f);
  sm.update(0.1f);
  EXPECT_EQ(sm.current_state(), kWalk);
  EXPECT_TRUE(sm.trace().empty());

  sm.set_trace(true);
  EXPECT_TRUE(sm.trace().empty());  // Nothing until an update looks.
  sm.set_value(kSpeed, 0.0f);
  sm.update(0.1f);
  ASSERT_EQ(sm.trace().size(), 1u);
  EXPECT_EQ(sm.trace()[0].transition, 1);
  EXPECT_TRUE(sm.trace()[0].fired);

  sm.set_trace(false);
  EXPECT_FALSE(sm.tracing());
  EXPECT_TRUE(sm.trace().empty());
  sm.set_value(kSpeed, 0.7f);
  sm.update(0.1f);
  EXPECT_TRUE(sm.trace().empty());
  EXPECT_EQ(sm.current_state(), kWalk);
}

// restore_trace: an instance showing another's state (a game's character in the tool) takes that
// instance's trace as it is; one that does not fit its def is refused and changes nothing.
TEST_F(StateMachineTraceTest, RestoredTraceIsTheOtherInstancesOrRefused) {
  def_.transitions = {Go(kIdle, kWalk, {{kSpeed, ConditionOp::kGreater, 0.5f}}),
                      Go(kIdle, kRun, {{kSpeed, ConditionOp::kGreater, 1.5f},
                                       {kGo, ConditionOp::kTrue, 0.0f}}),
                      Go(kWalk, kIdle, {{kSpeed, ConditionOp::kLess, 0.1f}})};
  StateMachineInstance game = Traced();
  game.set_value(kSpeed, 0.3f);
  game.update(0.1f);
  // Idle is current: Idle -> Walk and Idle -> Run were looked at, both failing on speed 0.3.
  ASSERT_EQ(game.trace().size(), 2u);
  std::vector<StateMachineInstance::TraceEntry> entries(game.trace().begin(), game.trace().end());
  std::vector<StateMachineInstance::TraceCondition> conditions;
  for (StateMachineInstance::TraceEntry& e : entries) {
    const auto given = game.trace_conditions(e);
    e.first_condition = static_cast<int>(conditions.size());
    conditions.insert(conditions.end(), given.begin(), given.end());
  }
  ASSERT_EQ(conditions.size(), 3u);

  StateMachineInstance shown = Traced();
  EXPECT_TRUE(shown.trace().empty());
  ASSERT_TRUE(shown.restore_trace(entries, conditions));
  ASSERT_EQ(shown.trace().size(), 2u);
  EXPECT_EQ(shown.trace()[0].transition, 0);
  EXPECT_EQ(shown.trace()[0].reason, TraceReason::kConditionFailed);
  EXPECT_EQ(shown.trace()[1].transition, 1);
  ASSERT_EQ(shown.trace_conditions(shown.trace()[1]).size(), 2u);
  EXPECT_FLOAT_EQ(shown.trace_conditions(shown.trace()[1])[0].actual, 0.3f);
  EXPECT_EQ(shown.trace_conditions(shown.trace()[1])[1].parameter, kGo);
  EXPECT_FALSE(shown.trace_conditions(shown.trace()[1])[1].pass);

  // Each of these is refused, and the trace stays the one restored.
  auto refused = [&](std::vector<StateMachineInstance::TraceEntry> e,
                     std::vector<StateMachineInstance::TraceCondition> c) {
    const bool taken = shown.restore_trace(e, c);
    EXPECT_EQ(shown.trace().size(), 2u);
    EXPECT_EQ(shown.trace()[1].transition, 1);
    return !taken;
  };
  auto bad = entries;
  bad[0].transition = 3;  // No such transition.
  EXPECT_TRUE(refused(bad, conditions));
  bad = entries;
  bad[0].to = kRun;  // Not that transition's end.
  EXPECT_TRUE(refused(bad, conditions));
  bad = entries;
  bad[1].layer = 1;  // No such layer.
  EXPECT_TRUE(refused(bad, conditions));
  bad = entries;
  bad[1].condition_count = 1;  // The def's has two.
  EXPECT_TRUE(refused(bad, conditions));
  bad = entries;
  bad[1].first_condition = 2;  // Runs past the conditions given.
  EXPECT_TRUE(refused(bad, conditions));
  bad = entries;
  bad[0].fired = true;  // Fired, yet failed on a condition.
  EXPECT_TRUE(refused(bad, conditions));
  bad = {entries[0], entries[0]};  // The same transition twice.
  EXPECT_TRUE(refused(bad, conditions));
  auto wrong = conditions;
  wrong[0].parameter = kGo;  // Not the condition's parameter.
  EXPECT_TRUE(refused(entries, wrong));
  wrong = conditions;
  wrong[2].actual = std::nanf("");
  EXPECT_TRUE(refused(entries, wrong));
  // Without tracing there is nothing to restore into.
  StateMachineInstance untraced(def_, skeleton_, clips_);
  EXPECT_FALSE(untraced.restore_trace(entries, conditions));
  EXPECT_TRUE(untraced.trace().empty());
  // An empty trace (an update that looked at nothing) empties it.
  EXPECT_TRUE(shown.restore_trace({}, {}));
  EXPECT_TRUE(shown.trace().empty());
}

TEST_F(StateMachineTraceTest, LayersFollowTheBaseAndSeeATriggerBeforeItIsConsumed) {
  def_.transitions = {Go(kIdle, kRun, {{kJump, ConditionOp::kTriggerSet, 0.0f}})};
  LayerDef upper;
  upper.name = "upper";
  upper.states = {ClipState("Rest", 0), ClipState("Wave", 1)};
  upper.transitions = {Go(1, 0, {}), Go(0, 1, {{kJump, ConditionOp::kTriggerSet, 0.0f}})};
  def_.layers = {upper};
  StateMachineInstance sm = Traced();
  sm.set_trigger("jump");
  sm.update(0.1f);

  ASSERT_EQ(sm.trace().size(), 2u);
  const Span<const StateMachineInstance::TraceEntry> trace = sm.trace();
  EXPECT_EQ(trace[0].layer, 0);
  EXPECT_TRUE(trace[0].fired);
  // The layer's Rest -> Wave (its transition 1) still sees the trigger the base used.
  EXPECT_EQ(trace[1].layer, 1);
  EXPECT_EQ(trace[1].transition, 1);
  EXPECT_EQ(trace[1].from, 0);
  EXPECT_EQ(trace[1].to, 1);
  EXPECT_TRUE(trace[1].fired);
  EXPECT_FLOAT_EQ(sm.trace_conditions(trace[1])[0].actual, 1.0f);
  EXPECT_EQ(sm.trace_conditions(trace[1])[0].op, ConditionOp::kTriggerSet);

  // Consumed since: the layer's Wave -> Rest (no conditions) fires, the base's Run has none.
  sm.update(0.1f);
  ASSERT_EQ(sm.trace().size(), 1u);
  EXPECT_EQ(sm.trace()[0].layer, 1);
  EXPECT_EQ(sm.trace()[0].transition, 0);
  EXPECT_TRUE(sm.trace_conditions(sm.trace()[0]).empty());
  EXPECT_TRUE(sm.trace()[0].fired);
}

}  // namespace
}  // namespace anim
