// Inertialized transitions in the state machine: one joint walking along +x at 1 unit/s in A,
// standing at x = 5 in B. A -> B inertialized over 0.3 s: the machine is in B at once and only
// B plays, the pose at the switch is the one shown before it, then the offset of -4.5 along x
// moving at -1 along it decays onto B (the decay itself is checked against its boundary
// conditions in inertialization_test.cpp), and B exactly from 0.3 s on. A crossfade back that
// interrupts the decay starts from the pose shown; restoring a saved state drops the decay.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <glm/vec3.hpp>

#include "anim/inertialization.h"
#include "anim/state_machine.h"
#include "anim/state_machine_def.h"
#include "support/machines.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr float kDt = 1.0f / 60.0f;

class StateMachineInertiaTest : public ::testing::Test {
 protected:
  StateMachineInertiaTest() : skeleton_(OneJoint()) {
    clips_ = {SlideClip("a", 2.0f, glm::vec3(0.0f), glm::vec3(2.0f, 0.0f, 0.0f)),
              SlideClip("b", 1.0f, glm::vec3(5.0f, 0.0f, 0.0f), glm::vec3(5.0f, 0.0f, 0.0f))};
    def_.parameters = {Parameter("go", ParameterType::kBool)};
    def_.states = {ClipState("A", 0), ClipState("B", 1)};
    def_.default_state = 0;
    TransitionDef there = Go(0, 1, {ConditionDef{0, ConditionOp::kTrue, 0.0f}}, 0.3f);
    there.blend = TransitionBlend::kInertialize;
    def_.transitions = {there, Go(1, 0, {ConditionDef{0, ConditionOp::kFalse, 0.0f}}, 0.2f)};
  }

  // One frame: update, then the pose's x.
  float Frame(StateMachineInstance& sm) {
    sm.update(kDt);
    std::vector<Transform> pose(1);
    EXPECT_TRUE(sm.evaluate(pose));
    return pose[0].translation.x;
  }

  Skeleton skeleton_;
  std::vector<Clip> clips_;
  StateMachineDef def_;
};

TEST_F(StateMachineInertiaTest, SwitchesAtOnceAndDecaysFromThePoseShownOntoTheDestination) {
  StateMachineInstance sm(def_, skeleton_, clips_);
  float shown = 0.0f;
  for (int i = 0; i < 30; ++i) shown = Frame(sm);  // Half a second into A: x = 0.5.
  EXPECT_NEAR(shown, 0.5f, 1e-5f);
  ASSERT_TRUE(sm.set_bool("go", true));
  const float first = Frame(sm);
  // In B at once, alone: nothing is blended and A is no longer sampled.
  EXPECT_EQ(sm.current_state(), 1);
  EXPECT_EQ(sm.transition().transition, -1);
  ASSERT_EQ(sm.active_states().size(), 1u);
  EXPECT_EQ(sm.active_states()[0].state, 1);
  EXPECT_FLOAT_EQ(first, shown);  // No pop.
  // From the pose shown (x = 0.5, moving at +1) towards B at 5: the offset is 4.5 along -x and
  // its speed along that direction -1.
  const InertialDecay decay = InertialDecay::make(4.5f, -1.0f, 0.3f);
  float time = 0.0f;
  for (int i = 0; i < 17; ++i) {
    time += kDt;
    EXPECT_NEAR(Frame(sm), 5.0f - decay.at(time), 1e-4f) << "at " << time;
  }
  // Past the duration: B's own pose exactly.
  Frame(sm);
  EXPECT_EQ(Frame(sm), 5.0f);
}

TEST_F(StateMachineInertiaTest, TheVelocityShownBeforeTheSwitchCarriesOver) {
  // B just ahead (x = 0.6), so the decay is gentle enough for a frame's difference to show the
  // speed it starts with: 1 - a0 dt / 2 + ..., about 0.97.
  clips_[1] = SlideClip("b", 1.0f, glm::vec3(0.6f, 0.0f, 0.0f), glm::vec3(0.6f, 0.0f, 0.0f));
  StateMachineInstance sm(def_, skeleton_, clips_);
  float before = 0.0f, shown = 0.0f;
  for (int i = 0; i < 30; ++i) {
    before = shown;
    shown = Frame(sm);
  }
  ASSERT_TRUE(sm.set_bool("go", true));
  const float first = Frame(sm), second = Frame(sm);
  EXPECT_NEAR((shown - before) / kDt, 1.0f, 1e-3f);
  // The decay starts with that speed (moving on along +x) and then turns towards B.
  EXPECT_NEAR((second - first) / kDt, 1.0f, 0.1f);
}

TEST_F(StateMachineInertiaTest, ACrossfadeThatInterruptsStartsFromThePoseShown) {
  StateMachineInstance sm(def_, skeleton_, clips_);
  for (int i = 0; i < 30; ++i) Frame(sm);
  ASSERT_TRUE(sm.set_bool("go", true));
  std::vector<float> xs;
  for (int i = 0; i < 6; ++i) xs.push_back(Frame(sm));
  ASSERT_TRUE(sm.set_bool("go", false));  // Back to A (a crossfade), 0.1 s into the decay.
  for (int i = 0; i < 40; ++i) xs.push_back(Frame(sm));
  EXPECT_EQ(sm.current_state(), 0);
  // The offset left at the interruption (about 3 units) would be a jump if it were dropped;
  // from frame to frame the pose moves by no more than the decay's own speed allows.
  for (std::size_t i = 1; i < xs.size(); ++i) {
    EXPECT_LT(std::fabs(xs[i] - xs[i - 1]), 0.6f) << "frame " << i;
  }
  // Both over: A's own pose, 39 updates after the one that started it again from 0.
  EXPECT_NEAR(xs.back(), 39.0f * kDt, 1e-4f);
}

TEST_F(StateMachineInertiaTest, RestoringASavedStateShowsTheMachinesOwnPose) {
  StateMachineInstance sm(def_, skeleton_, clips_);
  for (int i = 0; i < 30; ++i) Frame(sm);
  ASSERT_TRUE(sm.set_bool("go", true));
  Frame(sm);
  std::vector<StateMachineInstance::SavedParameter> parameters(1);
  std::vector<StateMachineInstance::SavedLayer> layers(1);
  ASSERT_TRUE(sm.save_state(parameters, layers));
  ASSERT_TRUE(sm.restore_state(parameters, layers));
  std::vector<Transform> pose(1);
  ASSERT_TRUE(sm.evaluate(pose));
  EXPECT_EQ(pose[0].translation.x, 5.0f);
}

TEST_F(StateMachineInertiaTest, AMachineWithoutInertializedTransitionsKeepsNoHistory) {
  const StateMachineInstance with(def_, skeleton_, clips_);
  def_.transitions[0].blend = TransitionBlend::kCrossfade;
  const StateMachineInstance without(def_, skeleton_, clips_);
  // The offsets (one joint block of three channels) and two poses of history, and no more.
  EXPECT_GT(with.byte_size(), without.byte_size() + 2 * sizeof(SoaTransform));
  EXPECT_LT(with.byte_size(), without.byte_size() + 2048);
}

}  // namespace
}  // namespace anim

namespace anim {
namespace {

// The same machine with A -> B dead-blended: the pose shown keeps moving along its velocity,
// which halves every `half_life`, and fades into B by a smoothstep of the progress.
TEST_F(StateMachineInertiaTest, ADeadBlendCoastsThePoseShownIntoTheDestination) {
  def_.transitions[0].blend = TransitionBlend::kDeadBlend;
  def_.transitions[0].half_life = 0.1f;
  StateMachineInstance sm(def_, skeleton_, clips_);
  float shown = 0.0f;
  for (int i = 0; i < 30; ++i) shown = Frame(sm);  // x = 0.5, moving at +1.
  ASSERT_TRUE(sm.set_bool("go", true));
  const float first = Frame(sm);
  EXPECT_EQ(sm.current_state(), 1);
  ASSERT_EQ(sm.active_states().size(), 1u);  // Only B is sampled.
  EXPECT_FLOAT_EQ(first, shown);             // No pop.
  // By hand: x(t) = 0.5 + (1 - e^(-lambda t)) / lambda, lambda = ln 2 / 0.1, faded into 5 by
  // u^2 (3 - 2u), u = t / 0.3.
  const double lambda = std::log(2.0) / 0.1;
  double time = 0.0;
  for (int i = 0; i < 17; ++i) {
    time += kDt;
    const double coasting = 0.5 + (1.0 - std::exp(-lambda * time)) / lambda;
    const double u = time / 0.3;
    const double weight = u * u * (3.0 - 2.0 * u);
    const float x = Frame(sm);
    EXPECT_NEAR(x, coasting + (5.0 - coasting) * weight, 1e-4) << "at " << time;
  }
  Frame(sm);
  EXPECT_EQ(Frame(sm), 5.0f);  // Past the duration: B's own pose exactly.
}

TEST_F(StateMachineInertiaTest, AnInertializationThatInterruptsADeadBlendStartsFromThePoseShown) {
  def_.transitions[0].blend = TransitionBlend::kDeadBlend;
  TransitionDef back = def_.transitions[1];
  back.blend = TransitionBlend::kInertialize;
  back.duration = 0.3f;
  def_.transitions[1] = back;
  StateMachineInstance sm(def_, skeleton_, clips_);
  for (int i = 0; i < 30; ++i) Frame(sm);
  ASSERT_TRUE(sm.set_bool("go", true));
  std::vector<float> xs;
  for (int i = 0; i < 6; ++i) xs.push_back(Frame(sm));
  ASSERT_TRUE(sm.set_bool("go", false));
  for (int i = 0; i < 40; ++i) xs.push_back(Frame(sm));
  for (std::size_t i = 1; i < xs.size(); ++i) {
    EXPECT_LT(std::fabs(xs[i] - xs[i - 1]), 0.6f) << "frame " << i;
  }
  EXPECT_NEAR(xs.back(), 39.0f * kDt, 1e-4f);  // A's own pose once the decay is over.
}

}  // namespace
}  // namespace anim
