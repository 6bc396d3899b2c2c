// Layers above the base machine in StateMachineInstance: an override layer under a mask, an
// additive layer against its two kinds of reference, layer weights, transitions and triggers
// within layers, events from layers, and continue_from. Machines are StateMachineDefs built by
// hand; every expected pose is worked out in the test's comment from the clips below.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/skeleton.h"
#include "anim/state_machine.h"
#include "anim/state_machine_def.h"
#include "support/machines.h"
#include "support/maths.h"
#include "support/rigs.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

// Joints: root -> spine -> arm. Rest: identity everywhere.
constexpr int kRoot = 0, kSpine = 1, kArm = 2;
// Clips, 1 s each.
constexpr int kWalk = 0;  // Every joint at (1, 0, 0), unrotated, all along.
constexpr int kWave = 1;  // Every joint at (0, 4, 0), turned 90° about z, all along.
constexpr int kLean = 2;  // The root from (0, 0, 0) unrotated at 0 s to (0, 2, 0) at 30° at 1 s.

Clip Constant(const std::string& name, const glm::vec3& t, const glm::quat& r) {
  ClipBuilder b(name, 1.0f, 3);
  for (std::size_t j = 0; j < 3; ++j) {
    b.add_translation(j, 0.0f, t);
    b.add_translation(j, 1.0f, t);
    b.add_rotation(j, 0.0f, r);
    b.add_rotation(j, 1.0f, r);
  }
  return b.build();
}

Clip Lean() {
  ClipBuilder b("lean", 1.0f, 3);
  b.add_translation(kRoot, 0.0f, {0, 0, 0});
  b.add_translation(kRoot, 1.0f, {0, 2, 0});
  b.add_rotation(kRoot, 0.0f, RotZ(0));
  b.add_rotation(kRoot, 1.0f, RotZ(30));
  return b.build();
}

// A parameter; bools and triggers bounded to [0, 1].
ParameterDef LayerParameter(const std::string& name, ParameterType type) {
  ParameterDef p = Parameter(name, type);
  if (type != ParameterType::kFloat) {
    p.min = 0.0f;
    p.max = 1.0f;
  }
  return p;
}

// A transition on one condition, switching at once.
TransitionDef When(int from, int to, int parameter, ConditionOp op) {
  TransitionDef t;
  t.from = from;
  t.to = to;
  t.conditions = {ConditionDef{parameter, op, 0.0f}};
  t.duration = 0.0f;
  return t;
}

LayerDef Layer(const std::string& name, LayerBlend blend, std::vector<StateDef> states) {
  LayerDef layer;
  layer.name = name;
  layer.blend = blend;
  layer.states = std::move(states);
  return layer;
}

class StateMachineLayersTest : public ::testing::Test {
 protected:
  StateMachineLayersTest() {
    skeleton_ = Rig({"root", "spine", "arm"}, {-1, 0, 1});
    clips_ = {Constant("walk", {1, 0, 0}, RotZ(0)), Constant("wave", {0, 4, 0}, RotZ(90)), Lean()};
    base_.states = {ClipState("Walk", kWalk)};
  }

  std::vector<Transform> Pose(StateMachineInstance& sm) {
    std::vector<Transform> pose(3);
    EXPECT_TRUE(sm.evaluate(pose));
    return pose;
  }

  Skeleton skeleton_;
  std::vector<Clip> clips_;
  StateMachineDef base_;
};

TEST_F(StateMachineLayersTest, AMaskedOverrideLayerMovesOnlyItsJointsByItsWeight) {
  StateMachineDef def = base_;
  LayerDef upper = Layer("UpperBody", LayerBlend::kOverride, {ClipState("Wave", kWave)});
  upper.weight = 0.5f;
  upper.mask.include = {"spine"};
  def.layers = {upper};
  StateMachineInstance sm(def, skeleton_, clips_);
  ASSERT_EQ(sm.layer_count(), 2);
  sm.update(0.25f);
  const std::vector<Transform> pose = Pose(sm);
  // The root keeps the walk. The spine and, under it, the arm go halfway from the walk's
  // (1, 0, 0) unrotated to the wave's (0, 4, 0) at 90°: (0.5, 2, 0) at 45°.
  EXPECT_TRUE(TransformNear(pose[kRoot], MakeTransform({1, 0, 0}), 1e-6f));
  EXPECT_TRUE(TransformNear(pose[kSpine], MakeTransform({0.5f, 2, 0}, RotZ(45)), 1e-6f));
  EXPECT_TRUE(TransformNear(pose[kArm], MakeTransform({0.5f, 2, 0}, RotZ(45)), 1e-6f));
}

TEST_F(StateMachineLayersTest, AnAdditiveLayerAddsItsChangeSinceItsFirstFrame) {
  StateMachineDef def = base_;
  def.layers = {Layer("Lean", LayerBlend::kAdditive, {ClipState("Lean", kLean)})};
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.5f);
  const std::vector<Transform> pose = Pose(sm);
  // At 0.5 s the lean's root is at (0, 1, 0), 15° about z; its first frame is at the origin,
  // unrotated, so that is also the delta. The walk's root (1, 0, 0) becomes (1, 1, 0) at 15°.
  // The other joints have no lean keys: their delta is nothing.
  EXPECT_TRUE(TransformNear(pose[kRoot], MakeTransform({1, 1, 0}, RotZ(15)), 1e-5f));
  EXPECT_TRUE(TransformNear(pose[kSpine], MakeTransform({1, 0, 0}), 1e-6f));
}

TEST_F(StateMachineLayersTest, AnAdditiveLayerWithAReferenceClipAddsItsDifferenceFromIt) {
  StateMachineDef def = base_;
  LayerDef lean = Layer("Lean", LayerBlend::kAdditive, {ClipState("Lean", kLean)});
  lean.reference_clip = kWave;
  lean.weight = 0.5f;
  def.layers = {lean};
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.5f);
  const std::vector<Transform> pose = Pose(sm);
  // Root: the lean at 0.5 s is (0, 1, 0) at 15°, the wave's first frame (0, 4, 0) at 90°: the
  // delta is (0, -3, 0) at -75°. Half of it onto the walk's root: (1, -1.5, 0) at -37.5°.
  EXPECT_TRUE(TransformNear(pose[kRoot], MakeTransform({1, -1.5f, 0}, RotZ(-37.5f)), 1e-5f));
  // Spine: no lean keys, so the rest pose (origin, unrotated) against the wave's (0, 4, 0) at
  // 90°: (0, -4, 0) at -90°, half of it onto (1, 0, 0): (1, -2, 0) at -45°.
  EXPECT_TRUE(TransformNear(pose[kSpine], MakeTransform({1, -2, 0}, RotZ(-45)), 1e-5f));
}

TEST_F(StateMachineLayersTest, AWeightParameterScalesTheLayerAndSetLayerWeightReplacesItsWeight) {
  StateMachineDef def = base_;
  def.parameters = {LayerParameter("aim", ParameterType::kFloat)};
  LayerDef upper = Layer("UpperBody", LayerBlend::kOverride, {ClipState("Wave", kWave)});
  upper.weight_parameter = 0;
  def.layers = {upper};
  StateMachineInstance sm(def, skeleton_, clips_);
  ASSERT_TRUE(sm.set_float("aim", 0.25f));
  sm.update(0.1f);
  EXPECT_FLOAT_EQ(sm.layer_weight(1), 0.25f);
  EXPECT_FLOAT_EQ(sm.layer_weight(0), 1.0f);
  // A quarter of the way from (1, 0, 0) to (0, 4, 0): (0.75, 1, 0).
  EXPECT_TRUE(Pose(sm)[kRoot].translation == glm::vec3(0.75f, 1, 0));
  ASSERT_TRUE(sm.set_float("aim", 3.0f));  // Clamped to 1 as a weight.
  EXPECT_FLOAT_EQ(sm.layer_weight(1), 1.0f);
  ASSERT_TRUE(sm.set_layer_weight(1, 0.5f));
  EXPECT_FLOAT_EQ(sm.layer_weight(1), 0.5f);
  ASSERT_TRUE(sm.set_layer_weight(1, 0.0f));
  EXPECT_TRUE(TransformNear(Pose(sm)[kRoot], MakeTransform({1, 0, 0}), 0.0f)) << "weight 0";
  EXPECT_FALSE(sm.set_layer_weight(0, 0.5f)) << "the base has no weight to set";
  EXPECT_FALSE(sm.set_layer_weight(2, 0.5f));
  EXPECT_FALSE(sm.set_layer_weight(1, std::nanf("")));
}

TEST_F(StateMachineLayersTest, EachLayerRunsItsOwnTransitionsAndATriggerServesThemAll) {
  StateMachineDef def = base_;
  def.states.push_back(ClipState("Wave", kWave));
  def.parameters = {LayerParameter("attack", ParameterType::kTrigger),
                    LayerParameter("waving", ParameterType::kBool)};
  def.transitions = {When(0, 1, 0, ConditionOp::kTriggerSet)};
  LayerDef upper = Layer("UpperBody", LayerBlend::kOverride, {ClipState("Still", kWalk),
                                                              ClipState("Wave", kWave),
                                                              ClipState("Strike", kLean)});
  upper.transitions = {When(0, 1, 1, ConditionOp::kTrue), When(1, 2, 0, ConditionOp::kTriggerSet)};
  def.layers = {upper};
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.1f);
  EXPECT_EQ(sm.current_state(0), 0);
  EXPECT_EQ(sm.current_state(1), 0);
  ASSERT_TRUE(sm.set_bool("waving", true));
  sm.update(0.1f);
  EXPECT_EQ(sm.current_state(0), 0) << "the base has no transition on waving";
  EXPECT_EQ(sm.current_state(1), 1);
  // One trigger starts a transition in the base and in the layer in the same update, and is
  // consumed after both have seen it.
  ASSERT_TRUE(sm.set_trigger("attack"));
  sm.update(0.1f);
  EXPECT_EQ(sm.current_state(0), 1);
  EXPECT_EQ(sm.current_state(1), 2);
  EXPECT_EQ(sm.value(0), 0.0f);
  ASSERT_EQ(sm.active_states(1).size(), 1u);
  EXPECT_EQ(sm.active_states(1)[0].state, 2);
}

TEST_F(StateMachineLayersTest, ALayerFiresItsClipsEventsUnderItsOwnIndex) {
  StateMachineDef def = base_;
  EventDef hit;
  hit.name = "hit";
  hit.clip = kWave;
  hit.time = 0.5f;
  def.events = {hit};
  def.layers = {Layer("UpperBody", LayerBlend::kOverride, {ClipState("Still", kWalk),
                                                           ClipState("Wave", kWave)})};
  def.layers[0].default_state = 1;
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.4f);
  EXPECT_EQ(sm.events().size(), 0u);
  sm.update(0.2f);  // 0.4 s -> 0.6 s crosses 0.5 s.
  ASSERT_EQ(sm.events().size(), 1u);
  EXPECT_EQ(sm.events()[0].layer, 1);
  EXPECT_EQ(sm.events()[0].state, 1) << "an index into the layer's states";
  EXPECT_FLOAT_EQ(sm.events()[0].weight, 1.0f);
}

TEST_F(StateMachineLayersTest, ContinueFromKeepsEachLayersStateByName) {
  StateMachineDef def = base_;
  def.parameters = {LayerParameter("waving", ParameterType::kBool)};
  LayerDef upper = Layer("UpperBody", LayerBlend::kOverride, {ClipState("Still", kWalk),
                                                              ClipState("Wave", kWave)});
  upper.transitions = {When(0, 1, 0, ConditionOp::kTrue)};
  def.layers = {upper};
  StateMachineInstance before(def, skeleton_, clips_);
  ASSERT_TRUE(before.set_bool("waving", true));
  before.update(0.1f);
  before.update(0.3f);
  ASSERT_EQ(before.current_state(1), 1);
  ASSERT_TRUE(before.set_layer_weight(1, 0.75f));

  // The edited machine lists the layer's states the other way round.
  StateMachineDef edited = def;
  std::swap(edited.layers[0].states[0], edited.layers[0].states[1]);
  edited.layers[0].transitions = {When(1, 0, 0, ConditionOp::kTrue)};
  StateMachineInstance after(edited, skeleton_, clips_);
  after.continue_from(before);
  EXPECT_EQ(after.current_state(1), 0) << "Wave, now first";
  EXPECT_NEAR(after.active_states(1)[0].normalized_time, 0.3f, 1e-6f);
  EXPECT_FLOAT_EQ(after.layer_weight(1), 0.75f) << "set at runtime: kept";

  // A weight that came from the def follows the edited def (the tool's live edits).
  StateMachineInstance from_def(def, skeleton_, clips_);
  edited.layers[0].weight = 0.25f;
  StateMachineInstance reweighted(edited, skeleton_, clips_);
  reweighted.continue_from(from_def);
  EXPECT_FLOAT_EQ(reweighted.layer_weight(1), 0.25f);

  // A layer the old machine lacks starts in its default state, not in the base's state.
  StateMachineDef renamed = def;
  renamed.layers[0].name = "Arms";
  renamed.layers[0].states[0].name = "Walk";  // The base's current state's name.
  StateMachineInstance fresh(renamed, skeleton_, clips_);
  fresh.continue_from(before);
  EXPECT_EQ(fresh.current_state(1), 0);
  EXPECT_NEAR(fresh.active_states(1)[0].normalized_time, 0.0f, 1e-6f);
  EXPECT_FLOAT_EQ(fresh.layer_weight(1), 1.0f);
}

TEST_F(StateMachineLayersTest, ALayerWithoutStatesLeavesTheBaseAlone) {
  StateMachineDef def = base_;
  def.layers = {Layer("Empty", LayerBlend::kOverride, {})};
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.1f);
  EXPECT_EQ(sm.current_state(1), -1);
  EXPECT_TRUE(TransformNear(Pose(sm)[kArm], MakeTransform({1, 0, 0}), 0.0f));
}

}  // namespace
}  // namespace anim
