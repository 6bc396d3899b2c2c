// A state that plays a 2D blend space, compiled from a setup: its pose against the clips sampled
// and mixed by hand at hand-worked barycentric weights, its phase rate, the weights outside the
// points' hull, and the clip whose events it fires.
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/setup/setup.h"
#include "anim/skeleton.h"
#include "anim/state_machine.h"
#include "anim/state_machine_def.h"
#include "anim/transform.h"
#include "support/maths.h"
#include "support/rigs.h"
#include "support/setups.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr float kTol = 1e-5f;

// One clip of the fixture: the root moves from `from` to `to` over `duration`; the child holds
// a rotation about z and a uniform scale for the whole clip.
struct ClipSpec {
  const char* name;
  float duration;
  glm::vec3 from, to;
  float child_degrees;
  float child_scale;
};

// The locomotion diamond: idle at the centre, forward/back on y, left/right on x.
const ClipSpec kSpecs[] = {
    {"idle", 1.0f, {0, 0, 0}, {0, 0, 1}, 10.0f, 1.0f},
    {"forward", 2.0f, {0, 0, 0}, {0, 0, 8}, 40.0f, 1.5f},
    {"back", 0.5f, {1, 0, 0}, {1, 0, -4}, -20.0f, 0.5f},
    {"left", 1.25f, {0, 0, 0}, {-6, 0, 0}, 70.0f, 2.0f},
    {"right", 0.8f, {0, 2, 0}, {6, 2, 0}, 5.0f, 1.25f},
};
constexpr int kIdle = 0, kForward = 1, kBack = 2, kLeft = 3, kRight = 4;

Clip MakeClip(const ClipSpec& spec) {
  ClipBuilder b(spec.name, spec.duration, 2);
  b.add_translation(0, 0.0f, spec.from);
  b.add_translation(0, spec.duration, spec.to);
  b.add_rotation(1, 0.0f, RotZ(spec.child_degrees));
  b.add_scale(1, 0.0f, glm::vec3(spec.child_scale));
  return b.build();
}

// States "Strafe" (the diamond on x, y) and "Idle" (the idle clip); Strafe is the default.
setup::Setup StrafeSetup(float x, float y, float speed = 1.0f) {
  setup::Setup setup = SetupOf(
      "test.gltf", {Param("x", ParameterType::kFloat, x), Param("y", ParameterType::kFloat, y)},
      {State("Strafe", "Diamond", speed), State("Idle", "idle")});
  setup.blend_spaces = {Space("Diamond", "x",
                              {Point("idle", 0, 0), Point("forward", 0, 1), Point("back", 0, -1),
                               Point("left", -1, 0), Point("right", 1, 0)},
                              "y")};
  return setup;
}

struct Weighted {
  int clip;
  float weight;
};

class StateMachine2DTest : public ::testing::Test {
 protected:
  StateMachine2DTest() {
    skeleton_ = Rig({"root", "child"}, {-1, 0});
    skeleton_.rest[1] = MakeTransform({0, 1, 0}, RotZ(30.0f), {2, 2, 2});
    for (const ClipSpec& spec : kSpecs) clips_.push_back(MakeClip(spec));
  }

  const StateMachineDef& Compile(const setup::Setup& setup) {
    Result<StateMachineDef> def = compile_setup(setup, clips_);
    EXPECT_TRUE(def.ok()) << (def.ok() ? "" : def.error().to_string());
    defs_.push_back(
        std::make_unique<StateMachineDef>(def.ok() ? std::move(def).value() : StateMachineDef{}));
    return *defs_.back();
  }

  // The pose the clips give at normalized time `phase`, mixed by hand: translations and scales
  // weighted, the child's rotations (one hemisphere here) summed by weight and normalized.
  std::vector<Transform> HandBlend(const std::vector<Weighted>& mix, float phase) const {
    glm::vec3 root(0.0f), scale(0.0f);
    glm::quat rotation(0, 0, 0, 0);
    for (const Weighted& m : mix) {
      const ClipSpec& spec = kSpecs[m.clip];
      root += m.weight * (spec.from + phase * (spec.to - spec.from));
      const glm::quat q = RotZ(spec.child_degrees);
      rotation = glm::quat(rotation.w + m.weight * q.w, rotation.x + m.weight * q.x,
                           rotation.y + m.weight * q.y, rotation.z + m.weight * q.z);
      scale += m.weight * glm::vec3(spec.child_scale);
    }
    std::vector<Transform> pose = skeleton_.rest;
    pose[0].translation = root;
    pose[1].rotation = glm::normalize(rotation);
    pose[1].scale = scale;
    return pose;
  }

  static float Rate(const std::vector<Weighted>& mix) {
    float rate = 0.0f;
    for (const Weighted& m : mix) rate += m.weight / kSpecs[m.clip].duration;
    return rate;
  }

  void ExpectPose(StateMachineInstance& sm, const std::vector<Weighted>& mix, float phase) {
    std::vector<Transform> pose(2);
    ASSERT_TRUE(sm.evaluate(pose));
    const std::vector<Transform> expected = HandBlend(mix, phase);
    EXPECT_TRUE(TransformNear(pose[0], expected[0], kTol));
    EXPECT_TRUE(TransformNear(pose[1], expected[1], kTol));
  }

  Skeleton skeleton_;
  std::vector<Clip> clips_;
  std::vector<std::unique_ptr<StateMachineDef>> defs_;
};

TEST_F(StateMachine2DTest, CompileMakesAPrepared2DSpaceAndA2DMotion) {
  const StateMachineDef& def = Compile(StrafeSetup(0, 0));
  EXPECT_TRUE(def.blend_spaces.empty());
  ASSERT_EQ(def.blend_spaces_2d.size(), 1u);
  const BlendSpace2DDef& space = def.blend_spaces_2d[0];
  EXPECT_EQ(space.name, "Diamond");
  EXPECT_EQ(space.parameter_x, 0);
  EXPECT_EQ(space.parameter_y, 1);
  EXPECT_EQ(space.clips, (std::vector<int>{kIdle, kForward, kBack, kLeft, kRight}));
  ASSERT_EQ(space.positions.size(), 5u);
  EXPECT_EQ(space.positions[3].x, -1.0f);
  EXPECT_EQ(space.positions[3].y, 0.0f);
  EXPECT_EQ(space.triangles.size(), 4u);  // One per quadrant, around idle.
  EXPECT_EQ(space.hull_edges.size(), 4u);
  EXPECT_EQ(def.states[0].motion.kind, MotionRef::Kind::kBlendSpace2D);
  EXPECT_EQ(def.states[0].motion.index, 0);
  EXPECT_EQ(def.states[1].motion.kind, MotionRef::Kind::kClip);
  EXPECT_EQ(def.states[1].motion.index, kIdle);
}

TEST_F(StateMachine2DTest, OneAndTwoDSpacesGetTheirOwnIndices) {
  setup::Setup setup = StrafeSetup(0, 0);
  setup::SetupBlendSpace line;
  line.name = "Line";
  line.parameter = "x";
  line.points = {{"idle", 0.0f, setup::Json::object()}, {"right", 1.0f, setup::Json::object()}};
  setup.blend_spaces.insert(setup.blend_spaces.begin(), line);
  setup.states[1].motion = "Line";
  const StateMachineDef& def = Compile(setup);
  ASSERT_EQ(def.blend_spaces.size(), 1u);
  ASSERT_EQ(def.blend_spaces_2d.size(), 1u);
  EXPECT_EQ(def.states[0].motion.kind, MotionRef::Kind::kBlendSpace2D);
  EXPECT_EQ(def.states[0].motion.index, 0);
  EXPECT_EQ(def.states[1].motion.kind, MotionRef::Kind::kBlendSpace);
  EXPECT_EQ(def.states[1].motion.index, 0);
}

TEST_F(StateMachine2DTest, InsideATriangleThePoseIsTheBarycentricBlendOfThreeClips) {
  // (0.25, 0.25) lies in the triangle idle (0,0), right (1,0), forward (0,1):
  // right = x = 0.25, forward = y = 0.25, idle = 1 - x - y = 0.5.
  const std::vector<Weighted> mix = {{kIdle, 0.5f}, {kRight, 0.25f}, {kForward, 0.25f}};
  const StateMachineDef& def = Compile(StrafeSetup(0.25f, 0.25f));
  StateMachineInstance sm(def, skeleton_, clips_);
  // Rate 0.5 / 1 + 0.25 / 0.8 + 0.25 / 2 = 0.9375 per second.
  EXPECT_NEAR(Rate(mix), 0.9375f, 1e-6f);
  sm.update(0.4f);
  ASSERT_EQ(sm.active_states().size(), 1u);
  EXPECT_NEAR(sm.active_states()[0].normalized_time, 0.375f, kTol);
  ExpectPose(sm, mix, 0.375f);
}

TEST_F(StateMachine2DTest, PhaseRateFollowsTheWeightsAndTheStateSpeed) {
  // (-0.5, -0.25): triangle idle, left (-1,0), back (0,-1): left 0.5, back 0.25, idle 0.25.
  const std::vector<Weighted> mix = {{kIdle, 0.25f}, {kLeft, 0.5f}, {kBack, 0.25f}};
  // 0.25 / 1 + 0.5 / 1.25 + 0.25 / 0.5 = 1.15 per second, twice that at speed 2.
  EXPECT_NEAR(Rate(mix), 1.15f, 1e-6f);
  const StateMachineDef& def = Compile(StrafeSetup(-0.5f, -0.25f, 2.0f));
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.125f);
  EXPECT_NEAR(sm.active_states()[0].normalized_time, 0.2875f, kTol);
  ExpectPose(sm, mix, 0.2875f);
  // Moving the parameters changes the rate from the next update on.
  ASSERT_TRUE(sm.set_float("x", 0.0f));
  ASSERT_TRUE(sm.set_float("y", 1.0f));  // Forward alone: 0.5 per second, 1 at speed 2.
  sm.update(0.25f);
  EXPECT_NEAR(sm.active_states()[0].normalized_time, 0.5375f, kTol);
  ExpectPose(sm, {{kForward, 1.0f}}, 0.5375f);
}

TEST_F(StateMachine2DTest, OutsideTheHullTheClosestEdgeIsBlended) {
  // (2, 2) is closest to (0.5, 0.5) on the edge right (1,0) - forward (0,1): half of each.
  const std::vector<Weighted> mix = {{kRight, 0.5f}, {kForward, 0.5f}};
  const StateMachineDef& def = Compile(StrafeSetup(2.0f, 2.0f));
  StateMachineInstance sm(def, skeleton_, clips_);
  // 0.5 / 0.8 + 0.5 / 2 = 0.875 per second.
  sm.update(0.5f);
  EXPECT_NEAR(sm.active_states()[0].normalized_time, 0.4375f, kTol);
  ExpectPose(sm, mix, 0.4375f);
  // Far beyond a corner: that corner alone.
  ASSERT_TRUE(sm.set_float("x", -50.0f));
  ASSERT_TRUE(sm.set_float("y", 0.0f));
  sm.update(0.0f);
  ExpectPose(sm, {{kLeft, 1.0f}}, 0.4375f);
}

TEST_F(StateMachine2DTest, CrossfadeFromA2DStateBlendsItWithTheNextState) {
  setup::Setup setup = StrafeSetup(0.25f, 0.25f);
  setup.parameters.push_back(Param("stop", ParameterType::kBool));
  setup.transitions = {Transition("Strafe", "Idle", {When("stop", ConditionOp::kTrue)}, 1.0f)};
  const StateMachineDef& def = Compile(setup);
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.4f);  // Strafe at 0.375.
  ASSERT_TRUE(sm.set_bool("stop", true));
  sm.update(0.0f);   // The transition starts: Idle enters at 0.
  sm.update(0.25f);  // A quarter through: Strafe 0.75, Idle 0.25.
  ASSERT_EQ(sm.active_states().size(), 2u);
  const float strafe_time = 0.375f + 0.25f * 0.9375f;
  EXPECT_NEAR(sm.active_states()[0].normalized_time, strafe_time, kTol);
  EXPECT_NEAR(sm.active_states()[1].normalized_time, 0.25f, kTol);
  EXPECT_NEAR(sm.active_states()[0].weight, 0.75f, kTol);
  // The strafe blend and the idle clip, nested weights multiplied out. Both rotations sit in one
  // hemisphere, so the nested normalized sums equal one sum over the root's translation and
  // scale; the child's rotation is checked against the nested blend below.
  std::vector<Transform> pose(2);
  ASSERT_TRUE(sm.evaluate(pose));
  const std::vector<Transform> strafe =
      HandBlend({{kIdle, 0.5f}, {kRight, 0.25f}, {kForward, 0.25f}}, strafe_time);
  const std::vector<Transform> idle = HandBlend({{kIdle, 1.0f}}, 0.25f);
  const glm::vec3 root = 0.75f * strafe[0].translation + 0.25f * idle[0].translation;
  EXPECT_NEAR(pose[0].translation.x, root.x, kTol);
  EXPECT_NEAR(pose[0].translation.y, root.y, kTol);
  EXPECT_NEAR(pose[0].translation.z, root.z, kTol);
  const glm::quat q =
      glm::normalize(glm::quat(0.75f * strafe[1].rotation.w + 0.25f * idle[1].rotation.w,
                               0.75f * strafe[1].rotation.x + 0.25f * idle[1].rotation.x,
                               0.75f * strafe[1].rotation.y + 0.25f * idle[1].rotation.y,
                               0.75f * strafe[1].rotation.z + 0.25f * idle[1].rotation.z));
  EXPECT_NEAR(std::fabs(glm::dot(pose[1].rotation, q)), 1.0f, kTol);
}

TEST_F(StateMachine2DTest, EventsComeFromTheHeaviestPoint) {
  setup::Setup setup = StrafeSetup(0.25f, 0.25f);  // Idle is heaviest (0.5).
  const StateMachineDef& compiled = Compile(setup);
  StateMachineDef def = compiled;
  // One event per clip, at a quarter of each clip's length.
  for (int c = 0; c < 5; ++c) {
    def.events.push_back({kSpecs[c].name, c, 0.25f * kSpecs[c].duration, ""});
  }
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.4f);  // 0 -> 0.375 crosses 0.25.
  ASSERT_EQ(sm.events().size(), 1u);
  EXPECT_EQ(def.events[sm.events()[0].event].name, "idle");
  // At (0.1, 0.7): forward 0.7, right 0.1, idle 0.2: forward fires.
  ASSERT_TRUE(sm.set_float("x", 0.1f));
  ASSERT_TRUE(sm.set_float("y", 0.7f));
  sm.update(1.5f);  // Rate 0.675: 0.375 -> 1.3875 crosses the next cycle's quarter.
  ASSERT_EQ(sm.events().size(), 1u);
  EXPECT_EQ(def.events[sm.events()[0].event].name, "forward");
}

}  // namespace
}  // namespace anim
