// travel(): the shortest path of transitions to a state, taken one after the other without their
// conditions. The graph, drawn by hand (no condition ever holds: x stays 0):
//
//   A --t0--> B --t1--> D --t4--> A        E: nothing leads there.
//   A --t2--> C --t3--> D
//
// A to D is two steps either way; t0 is listed before t2, so the path is t0, t1.
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "anim/state_machine.h"
#include "anim/state_machine_def.h"
#include "support/clips.h"
#include "support/machines.h"
#include "support/rigs.h"

namespace anim {
namespace {

using namespace ::anim::testutil;
using Travel = StateMachineInstance::TravelResult;

constexpr int kA = 0, kB = 1, kC = 2, kD = 3, kE = 4;

class StateMachineTravelTest : public ::testing::Test {
 protected:
  StateMachineTravelTest() : skeleton_(OneJoint()) {
    clips_ = {StillClip("still")};
    def_.parameters = {Parameter("x", ParameterType::kFloat)};
    for (const char* name : {"A", "B", "C", "D", "E"}) def_.states.push_back(ClipState(name, 0));
    const ConditionDef never{0, ConditionOp::kGreater, 1.0f};
    def_.transitions = {Go(kA, kB, {never}, 0.2f), Go(kB, kD, {never}, 0.2f),
                        Go(kA, kC, {never}, 0.2f), Go(kC, kD, {never}, 0.2f),
                        Go(kD, kA, {never}, 0.2f)};
  }

  Skeleton skeleton_;
  std::vector<Clip> clips_;
  StateMachineDef def_;
};

TEST_F(StateMachineTravelTest, TakesTheShortestPathListedFirst) {
  StateMachineInstance sm(def_, skeleton_, clips_);
  ASSERT_EQ(sm.travel(kD), Travel::kStarted);
  EXPECT_TRUE(sm.traveling());
  EXPECT_THAT(std::vector<int>(sm.travel_path().begin(), sm.travel_path().end()),
              ::testing::ElementsAre(0, 1));
  // Each step waits for the one before to finish (0.2 s), then starts without its condition.
  std::vector<int> states;
  for (int frame = 0; frame < 12; ++frame) {
    sm.update(0.1f);
    if (states.empty() || states.back() != sm.current_state()) states.push_back(sm.current_state());
  }
  EXPECT_THAT(states, ::testing::ElementsAre(kB, kD));
  EXPECT_FALSE(sm.traveling());
  EXPECT_EQ(sm.transition().transition, -1);  // Arrived and settled; nothing else fires.
  EXPECT_EQ(sm.current_state(), kD);
}

TEST_F(StateMachineTravelTest, SaysWhyNot) {
  StateMachineInstance sm(def_, skeleton_, clips_);
  EXPECT_EQ(sm.travel(kE), Travel::kNoPath);
  EXPECT_EQ(sm.travel(kA), Travel::kAlreadyThere);
  EXPECT_EQ(sm.travel(7), Travel::kBadState);
  EXPECT_EQ(sm.travel(-1), Travel::kBadState);
  EXPECT_EQ(sm.travel(kD, 3), Travel::kBadState);  // No such layer.
  EXPECT_FALSE(sm.traveling());
  sm.update(1.0f);
  EXPECT_EQ(sm.current_state(), kA);
}

TEST_F(StateMachineTravelTest, AnAnyStateTransitionIsAStepFromAnywhere) {
  // * -> E: one step from wherever the machine is; then E -> C (t6), C -> D: from A to D is
  // still two steps by t0, t1, but from E to D it is E -> C -> D.
  def_.transitions.push_back(Go(-1, kE, {{0, ConditionOp::kGreater, 1.0f}}, 0.0f));
  def_.transitions.push_back(Go(kE, kC, {{0, ConditionOp::kGreater, 1.0f}}, 0.0f));
  StateMachineInstance sm(def_, skeleton_, clips_);
  ASSERT_EQ(sm.travel(kE), Travel::kStarted);
  EXPECT_THAT(std::vector<int>(sm.travel_path().begin(), sm.travel_path().end()),
              ::testing::ElementsAre(5));
  sm.update(0.1f);
  EXPECT_EQ(sm.current_state(), kE);
  ASSERT_EQ(sm.travel(kD), Travel::kStarted);
  EXPECT_THAT(std::vector<int>(sm.travel_path().begin(), sm.travel_path().end()),
              ::testing::ElementsAre(6, 3));
}

TEST_F(StateMachineTravelTest, ARestoreEndsTheTravel) {
  StateMachineInstance sm(def_, skeleton_, clips_);
  std::vector<StateMachineInstance::SavedParameter> parameters(1);
  std::vector<StateMachineInstance::SavedLayer> layers(1);
  ASSERT_TRUE(sm.save_state(parameters, layers));
  ASSERT_EQ(sm.travel(kD), Travel::kStarted);
  sm.update(0.1f);
  ASSERT_TRUE(sm.restore_state(parameters, layers));
  EXPECT_FALSE(sm.traveling());
  sm.update(1.0f);
  EXPECT_EQ(sm.current_state(), kA);
}

}  // namespace
}  // namespace anim
