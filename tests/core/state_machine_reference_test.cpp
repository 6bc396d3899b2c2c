// The state machine's pose against the naive per-joint reference (reference_pose.h), which
// redoes joint by joint what the machine evaluated before its pipeline went SoA: every setup in
// projects/ and a test setup that has every kind of state, transition and layer, on float clips
// and on the compressed clips of a package, over 300 frames of a parameter script that crosses
// every transition (the test checks that each one fired). Poses agree to 1e-5 of the model's
// size in local and model space.
#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "anim/bake/clip_compression.h"
#include "anim/demo/demo_model.h"
#include "anim/import/import_model.h"
#include "anim/setup/setup.h"
#include "anim/state_machine.h"
#include "anim/state_machine_scratch.h"
#include "reference_pose.h"
#include "support/maths.h"
#include "support/setups.h"

namespace anim {
namespace {

using namespace ::anim::testutil;
using testutil::Pose;
using testutil::ReferenceEvaluator;

constexpr int kFrames = 300;
constexpr float kFrame = 1.0f / 30.0f;

// Model-space joint positions of a local pose, parents first.
std::vector<glm::vec3> ModelPositions(const Skeleton& skeleton, const Pose& local) {
  std::vector<glm::mat4> model(local.size());
  std::vector<glm::vec3> out(local.size());
  for (std::size_t j = 0; j < local.size(); ++j) {
    const glm::mat4 m = to_matrix(local[j]);
    const int p = skeleton.parents[j];
    model[j] = p < 0 ? m : model[p] * m;
    out[j] = glm::vec3(model[j][3]);
  }
  return out;
}

// The diagonal of the rest pose's joints' bounding box.
float ModelSize(const Skeleton& skeleton) {
  const std::vector<glm::vec3> p = ModelPositions(skeleton, skeleton.rest);
  glm::vec3 lo = p[0], hi = p[0];
  for (const glm::vec3& v : p) {
    lo = glm::min(lo, v);
    hi = glm::max(hi, v);
  }
  return glm::length(hi - lo);
}

// Frame f's parameter values: floats follow waves over their range (or [-1, 2]), ints and bools
// step through their values, triggers fire now and then; each parameter at its own pace.
void Script(StateMachineInstance& sm, int f) {
  const std::vector<ParameterDef>& params = sm.def().parameters;
  for (std::size_t i = 0; i < params.size(); ++i) {
    const ParameterDef& p = params[i];
    const int k = static_cast<int>(i);
    const float lo = std::max(p.min, -1.0f), hi = std::min(p.max, 2.0f);
    switch (p.type) {
      case ParameterType::kFloat: {
        const float wave = 0.5f + 0.5f * std::sin(f * (0.05f + 0.013f * k) + k);
        sm.set_value(k, lo + (hi - lo) * wave);
        break;
      }
      case ParameterType::kInt: {
        const int values = static_cast<int>(std::min(hi - lo, 3.0f)) + 1;
        sm.set_value(k, lo + static_cast<float>((f / (37 + k)) % values));
        break;
      }
      case ParameterType::kBool:
        sm.set_value(k, static_cast<float>((f / (41 + 7 * k)) % 2));
        break;
      case ParameterType::kTrigger:
        if (f % 150 == 60 + k) sm.set_value(k, 1.0f);
        break;
      case ParameterType::kVector3:  // Only IK reads them; the reference runs no IK.
        break;
    }
  }
}

struct Case {
  std::string name;
  Skeleton skeleton;
  std::vector<Clip> clips;
  StateMachineDef def;
};

int TransitionCount(const StateMachineDef& def, int layer) {
  return static_cast<int>(layer == 0 ? def.transitions.size()
                                     : def.layers[layer - 1].transitions.size());
}

// Runs the script on `clips` and compares every frame's pose with the reference.
void ExpectMatchesReference(const Case& c, const ClipSet& clips) {
  StateMachineInstance sm(c.def, c.skeleton, clips);
  sm.set_trace(true);
  // The game's form: a crowd's character, sharing the rest pose and borrowing the pose buffers of
  // a scratch that another character (played one frame ahead) also uses, the pose kept in SoA.
  // Bit for bit the same: nothing of one evaluation stays in the scratch for the next.
  SoaPose shared_rest = make_soa_pose(c.skeleton.joint_count());
  to_soa(c.skeleton.rest, shared_rest);
  StateMachineInstance game(c.def, c.skeleton, clips, shared_rest);
  StateMachineInstance other(c.def, c.skeleton, clips, shared_rest);
  StateMachineScratch scratch(c.def, c.skeleton.joint_count());
  SoaPose game_pose = make_soa_pose(c.skeleton.joint_count());
  SoaPose other_pose = make_soa_pose(c.skeleton.joint_count());
  EXPECT_FALSE(game.evaluate_soa(game_pose)) << "a crowd's character has no scratch of its own";
  Script(other, 0);
  other.update(kFrame);
  const ReferenceEvaluator reference(c.def, c.skeleton, clips);
  const float tolerance = 1e-5f * ModelSize(c.skeleton);
  std::set<std::pair<int, int>> fired;  // (layer, transition)
  Pose pose(c.skeleton.joint_count());
  int compared = 0;
  for (int f = 0; f < kFrames; ++f) {
    Script(sm, f);
    Script(game, f);
    sm.update(kFrame);
    game.update(kFrame);
    for (const StateMachineInstance::TraceEntry& e : sm.trace()) {
      if (e.fired) fired.insert({e.layer, e.transition});
    }
    ASSERT_TRUE(sm.evaluate(pose)) << "frame " << f;
    Script(other, f + 1);
    other.update(kFrame);
    ASSERT_TRUE(other.evaluate_soa(other_pose, scratch)) << "frame " << f;
    ASSERT_TRUE(game.evaluate_soa(game_pose, scratch)) << "frame " << f;
    for (std::size_t j = 0; j < pose.size(); ++j) {
      ASSERT_TRUE(testutil::SameBits(game_pose[j / 4].get(j % 4), pose[j])) << "frame " << f;
    }
    const Pose expected = reference.Evaluate(sm);
    ASSERT_EQ(expected.size(), pose.size());
    const std::vector<glm::vec3> got_model = ModelPositions(c.skeleton, pose);
    const std::vector<glm::vec3> expected_model = ModelPositions(c.skeleton, expected);
    for (std::size_t j = 0; j < pose.size(); ++j) {
      ASSERT_TRUE(testutil::Vec3Near(pose[j].translation, expected[j].translation, tolerance))
          << "frame " << f << " joint " << j;
      ASSERT_TRUE(testutil::SameRotation(pose[j].rotation, expected[j].rotation, 1e-5f))
          << "frame " << f << " joint " << j;
      ASSERT_TRUE(testutil::Vec3Near(pose[j].scale, expected[j].scale, 1e-5f))
          << "frame " << f << " joint " << j;
      ASSERT_TRUE(testutil::Vec3Near(got_model[j], expected_model[j], tolerance))
          << "frame " << f << " joint " << j;
    }
    ++compared;
  }
  EXPECT_EQ(compared, kFrames);
  for (int layer = 0; layer < sm.layer_count(); ++layer) {
    for (int t = 0; t < TransitionCount(c.def, layer); ++t) {
      EXPECT_TRUE(fired.count({layer, t}))
          << "layer " << layer << " transition " << t << " never fired: the script misses it";
    }
  }
}

void ExpectMatchesReference(const Case& c) {
  {
    SCOPED_TRACE(c.name + " on float clips");
    ExpectMatchesReference(c, ClipSet(c.clips));
  }
  std::vector<CompressedClip> packed;
  for (const Clip& clip : c.clips) {
    Result<bake::CompressedResult> r = bake::compress_clip(clip, c.skeleton);
    ASSERT_TRUE(r.ok());
    packed.push_back(std::move(r.value().clip));
  }
  SCOPED_TRACE(c.name + " on compressed clips");
  ExpectMatchesReference(c, ClipSet(packed));
}

// A project's setup on its model (the demo, or an assimp file); false when the model is absent.
bool LoadProject(const std::string& file, Case& c) {
  const std::string path = std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/" + file;
  Result<setup::Setup> setup = setup::load_setup(path);
  EXPECT_TRUE(setup.ok()) << path;
  if (!setup.ok()) return false;
  Model model;
  if (setup.value().model == demo::kDemoModelPath) {
    model = demo::make_demo_model();
  } else {
    Result<Model> m = import::import_model(setup::resolve_model_path(path, setup.value().model));
    if (!m.ok()) return false;
    model = std::move(m).value();
  }
  Result<StateMachineDef> def = compile_setup(setup.value(), model.clips);
  EXPECT_TRUE(def.ok()) << (def.ok() ? "" : def.error().to_string());
  if (!def.ok()) return false;
  c.name = file;
  c.skeleton = model.skeleton;
  c.clips = model.clips;
  c.def = std::move(def).value();
  return true;
}

TEST(StateMachineReferenceTest, DemoLocomotionProjectMatchesTheReference) {
  Case c;
  ASSERT_TRUE(LoadProject("demo_locomotion.json", c));
  ExpectMatchesReference(c);
}

TEST(StateMachineReferenceTest, DemoLayersProjectMatchesTheReference) {
  Case c;
  ASSERT_TRUE(LoadProject("demo_layers.json", c));
  ExpectMatchesReference(c);
}

TEST(StateMachineReferenceTest, WusonLocomotionProjectMatchesTheReference) {
  Case c;
  if (!LoadProject("wuson_locomotion.json", c)) GTEST_SKIP() << "no Testwuson.X";
  ExpectMatchesReference(c);
}

setup::SetupTransition Go(const std::string& from, const std::string& to,
                          std::vector<setup::SetupCondition> conditions, float duration,
                          Interruption interruption = Interruption::kNone) {
  setup::SetupTransition t = Transition(from, to, std::move(conditions), duration);
  t.interruption = interruption;
  return t;
}

// A parameter of `type` in [lo, hi] changing at `rate` per second.
setup::SetupParameter Ranged(const std::string& name, ParameterType type, float lo, float hi,
                             float rate = 0.0f) {
  setup::SetupParameter p = Bounded(name, lo, hi, 0.0f, rate);
  p.type = type;
  return p;
}

// Every kind of state (clip, 1D, 2D, one-shot), transition (exit time, any state, zero length,
// interruptions) and layer (override under a mask with a weight parameter, additive against a
// reference clip and against each state's start) on the demo model.
Case EverythingSetup() {
  const Model model = demo::make_demo_model();
  setup::Setup s;
  s.model = demo::kDemoModelPath;
  s.parameters = {Ranged("speed", ParameterType::kFloat, 0, 1, 2.0f),
                  Ranged("dir", ParameterType::kFloat, -1, 1),
                  Ranged("turn", ParameterType::kFloat, -1, 1),
                  Ranged("jump", ParameterType::kTrigger, 0, 1),
                  Ranged("crouch", ParameterType::kBool, 0, 1),
                  Ranged("mode", ParameterType::kInt, 0, 2),
                  Ranged("carry", ParameterType::kFloat, 0, 1)};
  setup::SetupBlendSpace move{"Move", "speed", {{"Idle", 0.0f}, {"Walk", 0.5f}, {"Run", 1.0f}}};
  setup::SetupBlendSpace strafe{"Strafe", "dir", {}};
  strafe.parameter_y = "turn";
  const std::pair<const char*, Point2> points[] = {
      {"Idle", {0, 0}}, {"Walk", {0, 1}}, {"Run", {1, 0}}, {"Walk", {-1, 0}}, {"Run", {0, -1}}};
  for (const auto& [clip, at] : points) {
    setup::SetupBlendPoint p{clip, at.x};
    p.position_y = at.y;
    strafe.points.push_back(p);
  }
  s.blend_spaces = {move, strafe};
  s.states = {State("Idle", "Idle"), State("Move", "Move"), State("Strafe", "Strafe", 0.8f),
              State("Jump", "Run", 1.5f, false)};
  s.default_state = "Idle";
  setup::SetupTransition back = Go("Strafe", "Move", {When("crouch", ConditionOp::kFalse)}, 0.3f);
  back.exit_time = 0.5f;
  setup::SetupTransition land = Go("Jump", "Idle", {}, 0.2f);
  land.exit_time = 1.0f;
  s.transitions = {Go("Idle", "Move", {When("speed", ConditionOp::kGreater, 0.3f)}, 0.3f,
                      Interruption::kDestination),
                   Go("Move", "Idle", {When("speed", ConditionOp::kLess, 0.3f)}, 0.25f),
                   Go("Move", "Strafe", {When("turn", ConditionOp::kGreater, 0.6f)}, 0.2f,
                      Interruption::kSource),
                   back,
                   Go("*", "Jump", {When("jump", ConditionOp::kTriggerSet)}, 0.1f),
                   land,
                   Go("Idle", "Strafe", {When("mode", ConditionOp::kEqual, 2.0f)}, 0.0f)};

  setup::SetupLayer upper;
  upper.name = "Upper";
  upper.weight = 0.8f;
  upper.weight_parameter = "carry";
  upper.mask_include = {"spine"};
  upper.mask_exclude = {"head"};
  upper.states = {State("Hold", "Walk", 0.5f), State("Wave", "Run")};
  upper.default_state = "Hold";
  upper.transitions = {Go("Hold", "Wave", {When("mode", ConditionOp::kEqual, 1.0f)}, 0.3f),
                       Go("Wave", "Hold", {When("mode", ConditionOp::kNotEqual, 1.0f)}, 0.3f)};
  setup::SetupLayer lean;
  lean.name = "Lean";
  lean.blend = LayerBlend::kAdditive;
  lean.weight = 0.7f;
  lean.reference = "Idle";
  lean.states = {State("Sway", "Walk"), State("Bob", "Move")};
  lean.default_state = "Sway";
  lean.transitions = {Go("Sway", "Bob", {When("speed", ConditionOp::kGreater, 0.5f)}, 0.4f),
                      Go("Bob", "Sway", {When("speed", ConditionOp::kLess, 0.5f)}, 0.4f)};
  setup::SetupLayer nod;
  nod.name = "Nod";
  nod.blend = LayerBlend::kAdditive;
  nod.mask_include = {"neck"};
  nod.states = {State("A", "Run"), State("B", "Strafe")};
  nod.default_state = "A";
  nod.transitions = {Go("A", "B", {When("crouch", ConditionOp::kTrue)}, 0.5f),
                     Go("B", "A", {When("crouch", ConditionOp::kFalse)}, 0.5f)};
  s.layers = {upper, lean, nod};

  Case c;
  c.name = "everything";
  c.skeleton = model.skeleton;
  c.clips = model.clips;
  Result<StateMachineDef> def = compile_setup(s, model.clips);
  EXPECT_TRUE(def.ok()) << (def.ok() ? "" : def.error().to_string());
  if (def.ok()) c.def = std::move(def).value();
  return c;
}

TEST(StateMachineReferenceTest, EveryKindOfStateTransitionAndLayerMatchesTheReference) {
  const Case c = EverythingSetup();
  ASSERT_FALSE(c.def.states.empty());
  ExpectMatchesReference(c);
}

}  // namespace
}  // namespace anim
