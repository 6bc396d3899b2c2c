// The trace put into words and verdicts (transition_why.h): hand-written machines stepped to
// known values, and the exact lines the graph's tooltip, the Inspector and the "why not" line
// under the graph show for them.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clip.h"
#include "anim/setup/setup.h"
#include "anim/skeleton.h"
#include "anim/state_machine.h"
#include "anim/ui/model/transition_why.h"
#include "support/machines.h"
#include "support/setups.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

constexpr int kIdle = 0, kWalk = 1, kRun = 2;
constexpr int kSpeed = 0, kGrounded = 1, kJump = 2, kLives = 3;

class TransitionWhyTest : public IdleWalkRunTest {
 protected:
  TransitionWhyTest() {
    def_.parameters = {
        Parameter("speed", ParameterType::kFloat), Parameter("grounded", ParameterType::kBool),
        Parameter("jump", ParameterType::kTrigger), Parameter("lives", ParameterType::kInt)};
  }
};

TEST(ShortValueTest, DropsTrailingZerosAndKeepsWhatCounts) {
  EXPECT_EQ(short_value(0.6f), "0.6");
  EXPECT_EQ(short_value(2.0f), "2");
  EXPECT_EQ(short_value(-0.25f), "-0.25");
  EXPECT_EQ(short_value(0.3125f, 2), "0.31");
  EXPECT_EQ(short_value(-0.0001f, 2), "0");
  EXPECT_EQ(short_value(12.0f, 0), "12");
}

TEST_F(TransitionWhyTest, AConditionFailingByAKnownValue) {
  def_.default_state = kWalk;
  def_.transitions = {Go(kWalk, kRun, {{kSpeed, ConditionOp::kGreater, 0.6f}})};
  StateMachineInstance sm = Traced();
  sm.set_value(kSpeed, 0.31f);
  sm.update(0.1f);
  const std::vector<TransitionWhy> why = why_not(sm, 0, kWalk);
  ASSERT_EQ(why.size(), 1u);
  EXPECT_EQ(why[0].summary, "Walk -> Run: speed > 0.6 failed (speed = 0.31)");
  EXPECT_EQ(why[0].name, "Walk -> Run");
  EXPECT_EQ(why[0].verdict, Verdict::kFail);
  ASSERT_EQ(why[0].checks.size(), 1u);
  EXPECT_EQ(why[0].checks[0].check, "speed > 0.6");
  EXPECT_EQ(why[0].checks[0].actual, "speed = 0.31");
  EXPECT_EQ(why[0].checks[0].value, "0.31");
  EXPECT_EQ(why[0].checks[0].verdict, Verdict::kFail);

  // Raised past it, the next update fires it and every check turns green.
  sm.set_value(kSpeed, 0.75f);
  sm.update(0.1f);
  const StateMachineInstance::TraceEntry* entry = find_trace(sm, 0, 0);
  ASSERT_NE(entry, nullptr);
  const TransitionWhy fired = explain(sm, *entry);
  EXPECT_EQ(fired.summary, "Walk -> Run: fired");
  EXPECT_EQ(fired.verdict, Verdict::kPass);
  EXPECT_EQ(fired.checks[0].actual, "speed = 0.75");
  EXPECT_EQ(fired.checks[0].verdict, Verdict::kPass);
  // Now in Run, nothing leaves it: Walk's transition is not looked at any more.
  EXPECT_TRUE(why_not(sm, 0, kRun).empty());
  sm.update(0.1f);
  EXPECT_EQ(find_trace(sm, 0, 0), nullptr);
}

TEST_F(TransitionWhyTest, AValueJustShortOfTheOperandShowsTheDecimalsThatDiffer) {
  def_.transitions = {Go(kIdle, kWalk, {{kSpeed, ConditionOp::kGreater, 0.05f}})};
  StateMachineInstance sm = Traced();
  sm.set_value(kSpeed, 0.049f);
  sm.update(0.1f);
  const std::vector<TransitionWhy> why = why_not(sm, 0, kIdle);
  ASSERT_EQ(why.size(), 1u);
  EXPECT_EQ(why[0].summary, "Idle -> Walk: speed > 0.05 failed (speed = 0.049)");
}

TEST_F(TransitionWhyTest, AnExitTimeNotReached) {
  TransitionDef t = Go(kIdle, kWalk, {});
  t.has_exit_time = true;
  t.exit_time = 0.9f;
  def_.transitions = {t};
  StateMachineInstance sm = Traced();
  sm.update(0.62f);  // Idle's clip lasts 1 s: 0.62 of its cycle.
  std::vector<TransitionWhy> why = why_not(sm, 0, kIdle);
  ASSERT_EQ(why.size(), 1u);
  EXPECT_EQ(why[0].summary, "Idle -> Walk: exit time 0.62 of 0.90");
  ASSERT_EQ(why[0].checks.size(), 1u);
  EXPECT_EQ(why[0].checks[0].check, "exit time 0.90");
  EXPECT_EQ(why[0].checks[0].actual, "now 0.62");
  EXPECT_EQ(why[0].checks[0].value, "0.62");
  EXPECT_EQ(why[0].checks[0].verdict, Verdict::kFail);

  sm.update(0.3f);  // 0.92: past it.
  const StateMachineInstance::TraceEntry* entry = find_trace(sm, 0, 0);
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(explain(sm, *entry).summary, "Idle -> Walk: fired");
  EXPECT_EQ(explain(sm, *entry).checks[0].verdict, Verdict::kPass);
}

TEST_F(TransitionWhyTest, AnExitTimeNotReachedAlsoNamesTheFailedConditions) {
  TransitionDef t = Go(
      kIdle, kWalk, {{kGrounded, ConditionOp::kTrue, 0.0f}, {kLives, ConditionOp::kGreater, 0.0f}});
  t.has_exit_time = true;
  t.exit_time = 0.5f;
  def_.transitions = {t};
  StateMachineInstance sm = Traced();
  sm.set_value(kLives, 3.0f);
  sm.update(0.25f);
  const std::vector<TransitionWhy> why = why_not(sm, 0, kIdle);
  ASSERT_EQ(why.size(), 1u);
  EXPECT_EQ(why[0].summary,
            "Idle -> Walk: exit time 0.25 of 0.50, grounded failed (grounded = false)");
  ASSERT_EQ(why[0].checks.size(), 3u);
  EXPECT_EQ(why[0].checks[0].check, "grounded");
  EXPECT_EQ(why[0].checks[0].verdict, Verdict::kFail);
  EXPECT_EQ(why[0].checks[1].check, "lives > 0");
  EXPECT_EQ(why[0].checks[1].actual, "lives = 3");
  EXPECT_EQ(why[0].checks[1].verdict, Verdict::kPass);
  EXPECT_EQ(why[0].checks[2].verdict, Verdict::kFail);
}

TEST_F(TransitionWhyTest, ATriggerNotSetAndAFalseBool) {
  def_.transitions = {Go(-1, kRun, {{kJump, ConditionOp::kTriggerSet, 0.0f}}),
                      Go(kIdle, kWalk, {{kGrounded, ConditionOp::kFalse, 0.0f}})};
  StateMachineInstance sm = Traced();
  sm.set_value(kGrounded, 1.0f);
  sm.update(0.1f);
  const std::vector<TransitionWhy> why = why_not(sm, 0, kIdle);
  ASSERT_EQ(why.size(), 2u);  // The any-state one first: the def lists it first.
  EXPECT_EQ(why[0].summary, "* -> Run: jump failed (jump not set)");
  EXPECT_EQ(why[0].checks[0].value, "not set");
  EXPECT_EQ(why[1].checks[0].value, "true");
  EXPECT_EQ(why[1].summary, "Idle -> Walk: !grounded failed (grounded = true)");
}

TEST_F(TransitionWhyTest, LaterOnesThatHoldSayWhichFiredFirst) {
  def_.transitions = {Go(kIdle, kWalk, {{kSpeed, ConditionOp::kGreater, 0.1f}}),
                      Go(kIdle, kRun, {{kSpeed, ConditionOp::kGreater, 0.5f}})};
  StateMachineInstance sm = Traced();
  sm.set_value(kSpeed, 0.8f);
  sm.update(0.1f);
  const std::vector<TransitionWhy> why = why_not(sm, 0, kIdle);
  ASSERT_EQ(why.size(), 2u);
  EXPECT_EQ(why[0].summary, "Idle -> Walk: fired");
  EXPECT_EQ(why[1].summary, "Idle -> Run: holds, but Idle -> Walk fired first");
  EXPECT_EQ(why[1].verdict, Verdict::kMoot);
  EXPECT_EQ(why[1].checks[0].verdict, Verdict::kPass);
}

TEST_F(TransitionWhyTest, ARunningTransitionThatMayNotBeInterrupted) {
  TransitionDef walk = Go(kIdle, kWalk, {{kSpeed, ConditionOp::kGreater, 0.1f}}, 1.0f);
  walk.interruption = Interruption::kNone;
  def_.transitions = {walk, Go(kWalk, kIdle, {{kSpeed, ConditionOp::kLess, 0.1f}})};
  StateMachineInstance sm = Traced();
  sm.set_value(kSpeed, 0.5f);
  sm.update(0.1f);  // Idle -> Walk starts, for a second.
  sm.set_value(kSpeed, 0.0f);
  sm.update(0.1f);
  const std::vector<TransitionWhy> why = why_not(sm, 0, kWalk);
  ASSERT_EQ(why.size(), 1u);
  EXPECT_EQ(why[0].summary,
            "Walk -> Idle: waits: Idle -> Walk may not be interrupted by it (interruption: none)");
  EXPECT_EQ(why[0].verdict, Verdict::kMoot);
  EXPECT_EQ(why[0].checks[0].verdict, Verdict::kPass);
  // The running one is not traced; it says how far it is: it started at the end of the first
  // update, so the second one's 0.1 s of its 1 s.
  setup::Setup setup;
  setup.transitions = {Transition("Idle", "Walk"), Transition("Walk", "Idle")};
  EXPECT_EQ(find_setup_trace(sm, setup, 0, 0), nullptr);
  EXPECT_EQ(running_text(setup_transition_live(sm, setup, 0, 0)), "Now: running, 10% done");
  EXPECT_EQ(running_text(setup_transition_live(sm, setup, 0, 1)), "");
}

TEST_F(TransitionWhyTest, TheSetupsTransitionIsFoundWhenTheRunningOneHasItsEnds) {
  def_.transitions = {Go(kIdle, kWalk, {{kSpeed, ConditionOp::kGreater, 0.1f}}),
                      Go(-1, kRun, {{kJump, ConditionOp::kTriggerSet, 0.0f}})};
  StateMachineInstance sm = Traced();
  sm.update(0.1f);
  setup::Setup setup;
  const setup::SetupTransition walk = Transition("Idle", "Walk");
  const setup::SetupTransition run = Transition("*", "Run");
  setup.transitions = {walk, run};
  EXPECT_EQ(running_layer(sm, setup, 0), 0);
  EXPECT_EQ(running_layer(sm, setup, 1), -1);  // No such layer in the setup.
  EXPECT_EQ(find_setup_trace(sm, setup, 0, 0), find_trace(sm, 0, 0));
  EXPECT_NE(find_setup_trace(sm, setup, 0, 1), nullptr);
  EXPECT_EQ(find_setup_trace(sm, setup, 0, 2), nullptr);
  // An edit not running yet (the setup has errors, say): the order differs, nothing is shown.
  setup.transitions = {run, walk};
  EXPECT_EQ(find_setup_trace(sm, setup, 0, 0), nullptr);
  EXPECT_EQ(find_setup_trace(sm, setup, 0, 1), nullptr);
}

TEST_F(TransitionWhyTest, EmptyWhileTracingIsOff) {
  def_.transitions = {Go(kIdle, kWalk, {{kSpeed, ConditionOp::kGreater, 0.1f}})};
  StateMachineInstance sm(def_, skeleton_, clips_);
  sm.update(0.1f);
  EXPECT_TRUE(why_not(sm, 0, kIdle).empty());
  EXPECT_EQ(find_trace(sm, 0, 0), nullptr);
}

}  // namespace
}  // namespace anim::ui
