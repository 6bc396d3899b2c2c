// Tests of compile_setup and StateMachineInstance on small hand-made setups. The skeleton has two
// joints; every clip moves the root 10 units along one axis over its length, so the root's
// coordinate is 10 * normalized time and blend weights and times can be read back from poses.
// That update() and evaluate() never allocate is checked in allocation_test.cpp.
#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/setup/setup.h"
#include "anim/skeleton.h"
#include "anim/state_machine.h"
#include "anim/state_machine_def.h"
#include "anim/transform.h"
#include "support/maths.h"
#include "support/setups.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr float kTol = 1e-5f;

// Clip indices of the fixture.
constexpr int kRampX = 0;  // "ramp_x": 1 s; root x = 10 * normalized time.
constexpr int kRampY = 1;  // "ramp_y": 2 s; root y = 10 * normalized time.
constexpr int kRampZ = 2;  // "ramp_z": 0.5 s; root z = 10 * normalized time.

// What active_states() should hold for one state.
struct Shown {
  int state;
  float weight;
  float time;  // Normalized.
};

::testing::AssertionResult ActiveAre(const StateMachineInstance& sm,
                                     const std::vector<Shown>& expected) {
  const Span<const StateMachineInstance::ActiveState> active = sm.active_states();
  ::testing::AssertionResult failure = ::testing::AssertionFailure();
  failure << "active (state, weight, time):";
  for (const StateMachineInstance::ActiveState& a : active) {
    failure << " (" << a.state << ", " << a.weight << ", " << a.normalized_time << ")";
  }
  failure << "; expected:";
  for (const Shown& e : expected) {
    failure << " (" << e.state << ", " << e.weight << ", " << e.time << ")";
  }
  if (active.size() != expected.size()) return failure;
  for (std::size_t i = 0; i < active.size(); ++i) {
    if (active[i].state != expected[i].state ||
        !(std::fabs(active[i].weight - expected[i].weight) <= kTol) ||
        !(std::fabs(active[i].normalized_time - expected[i].time) <= kTol)) {
      return failure;
    }
  }
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult TransitionIs(const StateMachineInstance& sm, int transition, int from,
                                        int to, float progress) {
  const StateMachineInstance::TransitionStatus s = sm.transition();
  if (s.transition == transition && s.from == from && s.to == to &&
      std::fabs(s.progress - progress) <= kTol) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << "transition " << s.transition << " from " << s.from << " to " << s.to << " progress "
         << s.progress << "; expected " << transition << " from " << from << " to " << to
         << " progress " << progress;
}

::testing::AssertionResult NoTransition(const StateMachineInstance& sm) {
  return TransitionIs(sm, -1, -1, -1, 0.0f);
}

// A transition at once unless given a duration (a SetupTransition's own default is 0.25 s).
setup::SetupTransition Go(const std::string& from, const std::string& to,
                          std::vector<setup::SetupCondition> conditions, float duration = 0.0f) {
  return Transition(from, to, std::move(conditions), duration);
}

// The first state is the default one. (Written setup::Setup throughout: inside a test body
// a plain Setup would name ::testing::Test::Setup.)
setup::Setup MakeSetup(std::vector<setup::SetupParameter> parameters,
                       std::vector<setup::SetupState> states,
                       std::vector<setup::SetupTransition> transitions) {
  setup::Setup setup;
  setup.model = "test.gltf";
  setup.parameters = std::move(parameters);
  setup.states = std::move(states);
  setup.default_state = setup.states.empty() ? "" : setup.states.front().name;
  setup.transitions = std::move(transitions);
  return setup;
}

// Idle / Move (a blend space) / Jump (a one-shot), with triggers, smoothing, any-state and all
// three interruption modes: for the determinism and allocation tests.
setup::Setup Locomotion() {
  setup::SetupParameter speed = Param("speed", ParameterType::kFloat);
  speed.min = 0.0f;
  speed.max = 1.0f;
  speed.rate = 4.0f;
  setup::Setup setup = MakeSetup(
      {speed, Param("jump", ParameterType::kTrigger), Param("grounded", ParameterType::kBool, 1)},
      {State("Idle", "ramp_z"), State("Move", "loco"), State("Jump", "ramp_x", 1.5f, false)},
      {Go("Idle", "Move", {When("speed", ConditionOp::kGreater, 0.3f)}, 0.25f),
       Go("Move", "Idle", {When("speed", ConditionOp::kLess, 0.1f)}, 0.3f),
       Go("*", "Jump",
          {When("jump", ConditionOp::kTriggerSet), When("grounded", ConditionOp::kTrue)}, 0.1f),
       Go("Jump", "Idle", {}, 0.2f)});
  setup.transitions[0].interruption = Interruption::kSource;
  setup.transitions[1].interruption = Interruption::kDestination;
  setup.transitions[2].interruption = Interruption::kDestination;
  setup.transitions[3].exit_time = 0.9f;
  setup.transitions[3].offset = 0.5f;
  setup::SetupBlendSpace loco;
  loco.name = "loco";
  loco.parameter = "speed";
  loco.points = {{"ramp_x", 0.0f, setup::Json::object()}, {"ramp_y", 1.0f, setup::Json::object()}};
  setup.blend_spaces = {loco};
  return setup;
}

class StateMachineTest : public ::testing::Test {
 protected:
  StateMachineTest() {
    skeleton_.names = {"root", "child"};
    skeleton_.parents = {-1, 0};
    skeleton_.rest = {MakeTransform({0, 0, 0}), MakeTransform({0, 1, 0}, RotZ(30.0f), {2, 2, 2})};
    clips_ = {Ramp("ramp_x", 1.0f, {10, 0, 0}), Ramp("ramp_y", 2.0f, {0, 10, 0}),
              Ramp("ramp_z", 0.5f, {0, 0, 10})};
  }

  // The root moves from the origin to `end` over `duration`; the child is not animated.
  static Clip Ramp(const std::string& name, float duration, const glm::vec3& end) {
    ClipBuilder b(name, duration, 2);
    b.add_translation(0, 0.0f, {0, 0, 0});
    b.add_translation(0, duration, end);
    return b.build();
  }

  // Compiles `setup`; the def lives as long as the fixture.
  const StateMachineDef& Compile(const setup::Setup& setup) {
    Result<StateMachineDef> def = compile_setup(setup, clips_);
    if (!def.ok()) {
      ADD_FAILURE() << def.error().to_string();
      defs_.push_back(std::make_unique<StateMachineDef>());
    } else {
      defs_.push_back(std::make_unique<StateMachineDef>(std::move(def).value()));
    }
    return *defs_.back();
  }

  StateMachineInstance Make(const setup::Setup& setup) {
    return StateMachineInstance(Compile(setup), skeleton_, clips_);
  }

  // Evaluates and returns the root's translation; the child must stay at rest.
  glm::vec3 Root(StateMachineInstance& sm) const {
    std::vector<Transform> pose(2);
    EXPECT_TRUE(sm.evaluate(pose));
    EXPECT_TRUE(TransformNear(pose[1], skeleton_.rest[1], kTol));
    return pose[0].translation;
  }

  // A -> B under one condition on parameter "p" of `type` (instant). With p at each of
  // `blocked` the machine must stay in A; with p = `passing` it must move to B.
  void ExpectConditionGates(ParameterType type, ConditionOp op, float operand,
                            const std::vector<float>& blocked, float passing) {
    const float initial = type == ParameterType::kTrigger ? 0.0f : blocked.front();
    StateMachineInstance sm =
        Make(MakeSetup({Param("p", type, initial)}, {State("A", "ramp_x"), State("B", "ramp_y")},
                       {Go("A", "B", {When("p", op, operand)})}));
    for (float value : blocked) {
      ASSERT_TRUE(sm.set_value(0, value));
      for (int i = 0; i < 3; ++i) sm.update(0.125f);
      EXPECT_EQ(sm.current_state(), 0) << "p = " << value;
    }
    ASSERT_TRUE(sm.set_value(0, passing));
    sm.update(0.125f);
    EXPECT_EQ(sm.current_state(), 1) << "p = " << passing;
    EXPECT_TRUE(NoTransition(sm));  // Zero duration: switched at once.
  }

  Skeleton skeleton_;
  std::vector<Clip> clips_;
  std::vector<std::unique_ptr<StateMachineDef>> defs_;
};

// --- compile_setup ---------------------------------------------------------------------------

// A setup with every kind of name in it (clips, a blend space, states, parameters, the any
// state), compiled in SetUp: each test below reads one part of the def back.
class StateMachineCompileTest : public StateMachineTest {
 protected:
  void SetUp() override {
    const char* text = R"({
      "format": "animscope.setup", "version": 1, "model": "test.gltf",
      "parameters": [
        {"name": "speed", "type": "float", "default": 0.25, "min": 0, "max": 1, "rate": 2},
        {"name": "jump", "type": "trigger", "default": 0},
        {"name": "lives", "type": "int", "default": 3}
      ],
      "blend_spaces": [{"name": "loco", "parameter": "speed",
                        "points": [{"clip": "ramp_x", "position": 0},
                                   {"clip": "ramp_y", "position": 1}]}],
      "states": [
        {"name": "Idle", "motion": "ramp_z"},
        {"name": "Move", "motion": "loco", "speed": 1.5},
        {"name": "Jump", "motion": "ramp_x", "loop": false}
      ],
      "default_state": "Move",
      "transitions": [
        {"from": "Idle", "to": "Move",
         "conditions": [{"parameter": "speed", "op": ">", "value": 0.5}], "duration": 0.3},
        {"from": "*", "to": "Jump",
         "conditions": [{"parameter": "jump", "op": "trigger"},
                        {"parameter": "lives", "op": "!=", "value": 0}],
         "exit_time": 0.8, "duration": 0.1, "offset": 0.25, "interruption": "destination"},
        {"from": "Jump", "to": "Idle", "conditions": [], "exit_time": 1, "interruption": "source"}
      ]
    })";
    Result<setup::Setup> setup = setup::parse_setup(text, "inline");
    ASSERT_TRUE(setup.ok()) << setup.error().to_string();
    def_ = &Compile(setup.value());
  }

  const StateMachineDef* def_ = nullptr;
};

TEST_F(StateMachineCompileTest, ResolvesParameters) {
  const StateMachineDef& def = *def_;
  ASSERT_EQ(def.parameters.size(), 3u);
  EXPECT_EQ(def.parameters[0].type, ParameterType::kFloat);
  EXPECT_FLOAT_EQ(def.parameters[0].default_value, 0.25f);
  EXPECT_FLOAT_EQ(def.parameters[0].min, 0.0f);
  EXPECT_FLOAT_EQ(def.parameters[0].max, 1.0f);
  EXPECT_FLOAT_EQ(def.parameters[0].rate, 2.0f);
  EXPECT_EQ(def.parameters[1].type, ParameterType::kTrigger);
  EXPECT_FLOAT_EQ(def.parameters[1].min, 0.0f);  // Flags are 0 or 1.
  EXPECT_FLOAT_EQ(def.parameters[1].max, 1.0f);
  EXPECT_EQ(def.parameters[2].type, ParameterType::kInt);
  EXPECT_FLOAT_EQ(def.parameters[2].default_value, 3.0f);
}

TEST_F(StateMachineCompileTest, ResolvesBlendSpaceNamesToIndices) {
  const StateMachineDef& def = *def_;
  ASSERT_EQ(def.blend_spaces.size(), 1u);
  EXPECT_EQ(def.blend_spaces[0].parameter, 0);
  EXPECT_EQ(def.blend_spaces[0].clips, (std::vector<int>{kRampX, kRampY}));
  EXPECT_EQ(def.blend_spaces[0].positions, (std::vector<float>{0.0f, 1.0f}));
}

TEST_F(StateMachineCompileTest, ResolvesStateMotionsAndTheDefaultState) {
  const StateMachineDef& def = *def_;
  ASSERT_EQ(def.states.size(), 3u);
  EXPECT_EQ(def.states[0].motion.kind, MotionRef::Kind::kClip);
  EXPECT_EQ(def.states[0].motion.index, kRampZ);
  EXPECT_EQ(def.states[1].motion.kind, MotionRef::Kind::kBlendSpace);
  EXPECT_EQ(def.states[1].motion.index, 0);
  EXPECT_FLOAT_EQ(def.states[1].speed, 1.5f);
  EXPECT_TRUE(def.states[1].loop);
  EXPECT_EQ(def.states[2].motion.index, kRampX);
  EXPECT_FALSE(def.states[2].loop);
  EXPECT_EQ(def.default_state, 1);
}

TEST_F(StateMachineCompileTest, ResolvesTransitionNamesToIndices) {
  const StateMachineDef& def = *def_;
  ASSERT_EQ(def.transitions.size(), 3u);
  const TransitionDef& idle_to_move = def.transitions[0];
  EXPECT_EQ(idle_to_move.from, 0);
  EXPECT_EQ(idle_to_move.to, 1);
  ASSERT_EQ(idle_to_move.conditions.size(), 1u);
  EXPECT_EQ(idle_to_move.conditions[0].parameter, 0);
  EXPECT_EQ(idle_to_move.conditions[0].op, ConditionOp::kGreater);
  EXPECT_FLOAT_EQ(idle_to_move.conditions[0].value, 0.5f);
  EXPECT_FALSE(idle_to_move.has_exit_time);
  EXPECT_FLOAT_EQ(idle_to_move.duration, 0.3f);
  EXPECT_EQ(idle_to_move.interruption, Interruption::kNone);

  const TransitionDef& any_to_jump = def.transitions[1];
  EXPECT_EQ(any_to_jump.from, -1);
  EXPECT_EQ(any_to_jump.to, 2);
  ASSERT_EQ(any_to_jump.conditions.size(), 2u);
  EXPECT_EQ(any_to_jump.conditions[0].parameter, 1);
  EXPECT_EQ(any_to_jump.conditions[0].op, ConditionOp::kTriggerSet);
  EXPECT_EQ(any_to_jump.conditions[1].parameter, 2);
  EXPECT_EQ(any_to_jump.conditions[1].op, ConditionOp::kNotEqual);
  EXPECT_TRUE(any_to_jump.has_exit_time);
  EXPECT_FLOAT_EQ(any_to_jump.exit_time, 0.8f);
  EXPECT_FLOAT_EQ(any_to_jump.duration, 0.1f);
  EXPECT_FLOAT_EQ(any_to_jump.offset, 0.25f);
  EXPECT_EQ(any_to_jump.interruption, Interruption::kDestination);

  const TransitionDef& jump_to_idle = def.transitions[2];
  EXPECT_EQ(jump_to_idle.from, 2);
  EXPECT_EQ(jump_to_idle.to, 0);
  EXPECT_TRUE(jump_to_idle.conditions.empty());
  EXPECT_FLOAT_EQ(jump_to_idle.exit_time, 1.0f);
  EXPECT_FLOAT_EQ(jump_to_idle.duration, 0.25f);  // The format's default.
  EXPECT_EQ(jump_to_idle.interruption, Interruption::kSource);
}

TEST_F(StateMachineCompileTest, FindsStatesAndParametersByExactName) {
  const StateMachineDef& def = *def_;
  EXPECT_EQ(def.find_state("Jump"), 2);
  EXPECT_EQ(def.find_state("Nope"), -1);
  EXPECT_EQ(def.find_parameter("lives"), 2);
  EXPECT_EQ(def.find_parameter("Lives"), -1);
}

TEST_F(StateMachineTest, CompileFailsOnUnknownClip) {
  const setup::Setup setup =
      MakeSetup({}, {State("A", "ramp_x"), State("B", "ramp_w")}, {Go("A", "B", {}, 0.1f)});
  const Result<StateMachineDef> def = compile_setup(setup, clips_);
  ASSERT_FALSE(def.ok());
  EXPECT_EQ(def.error().code, Error::Code::kInvalidData);
  EXPECT_NE(def.error().to_string().find("/states/1/motion"), std::string::npos)
      << def.error().to_string();
  EXPECT_NE(def.error().to_string().find("ramp_w"), std::string::npos);
}

TEST_F(StateMachineTest, CompileFailsOnUnknownBlendSpaceClip) {
  setup::Setup setup = MakeSetup({Param("speed", ParameterType::kFloat)}, {State("A", "loco")}, {});
  setup::SetupBlendSpace loco;
  loco.name = "loco";
  loco.parameter = "speed";
  loco.points = {{"ramp_x", 0.0f, setup::Json::object()}, {"jog", 1.0f, setup::Json::object()}};
  setup.blend_spaces = {loco};
  const Result<StateMachineDef> def = compile_setup(setup, clips_);
  ASSERT_FALSE(def.ok());
  EXPECT_NE(def.error().to_string().find("/blend_spaces/0/points/1/clip"), std::string::npos)
      << def.error().to_string();
}

TEST_F(StateMachineTest, CompileFailsOnUnknownState) {
  const setup::Setup setup =
      MakeSetup({}, {State("A", "ramp_x"), State("B", "ramp_y")}, {Go("A", "Nowhere", {}, 0.1f)});
  const Result<StateMachineDef> def = compile_setup(setup, clips_);
  ASSERT_FALSE(def.ok());
  EXPECT_EQ(def.error().code, Error::Code::kInvalidData);
  EXPECT_NE(def.error().to_string().find("/transitions/0/to"), std::string::npos)
      << def.error().to_string();
  EXPECT_NE(def.error().to_string().find("Nowhere"), std::string::npos);

  setup::Setup bad_default = setup;
  bad_default.transitions.clear();
  bad_default.default_state = "Start";
  EXPECT_FALSE(compile_setup(bad_default, clips_).ok());
}

// --- Parameters ------------------------------------------------------------------------------

TEST_F(StateMachineTest, ParametersStartAtTheirDefaults) {
  StateMachineInstance sm =
      Make(MakeSetup({Param("f", ParameterType::kFloat, 0.5f), Param("i", ParameterType::kInt, 3),
                      Param("b", ParameterType::kBool, 1), Param("t", ParameterType::kTrigger)},
                     {State("A", "ramp_x")}, {}));
  EXPECT_FLOAT_EQ(sm.value(0), 0.5f);
  EXPECT_FLOAT_EQ(sm.value(1), 3.0f);
  EXPECT_FLOAT_EQ(sm.value(2), 1.0f);
  EXPECT_FLOAT_EQ(sm.value(3), 0.0f);
  EXPECT_FLOAT_EQ(sm.target(0), 0.5f);
}

TEST_F(StateMachineTest, SettersByNameConvertToTheParameterType) {
  setup::SetupParameter bounded = Param("f", ParameterType::kFloat, 0.5f);
  bounded.min = 0.0f;
  bounded.max = 2.0f;
  StateMachineInstance sm =
      Make(MakeSetup({bounded, Param("i", ParameterType::kInt), Param("b", ParameterType::kBool),
                      Param("t", ParameterType::kTrigger)},
                     {State("A", "ramp_x")}, {}));
  EXPECT_TRUE(sm.set_float("f", 1.25f));
  EXPECT_FLOAT_EQ(sm.value(0), 1.25f);
  EXPECT_TRUE(sm.set_float("f", 5.0f));  // Clamped to max.
  EXPECT_FLOAT_EQ(sm.value(0), 2.0f);
  EXPECT_TRUE(sm.set_float("f", -1.0f));  // Clamped to min.
  EXPECT_FLOAT_EQ(sm.value(0), 0.0f);

  EXPECT_TRUE(sm.set_int("i", 7));
  EXPECT_FLOAT_EQ(sm.value(1), 7.0f);
  EXPECT_TRUE(sm.set_float("i", 2.75f));  // Ints hold whole numbers.
  EXPECT_FLOAT_EQ(sm.value(1), 3.0f);

  EXPECT_TRUE(sm.set_bool("b", true));
  EXPECT_FLOAT_EQ(sm.value(2), 1.0f);
  EXPECT_TRUE(sm.set_bool("b", false));
  EXPECT_FLOAT_EQ(sm.value(2), 0.0f);
  EXPECT_TRUE(sm.set_float("b", 0.25f));  // Bools are 0 or 1.
  EXPECT_FLOAT_EQ(sm.value(2), 1.0f);

  EXPECT_TRUE(sm.set_trigger("t"));
  EXPECT_FLOAT_EQ(sm.value(3), 1.0f);

  EXPECT_TRUE(sm.set_value(0, 1.5f));  // By index.
  EXPECT_FLOAT_EQ(sm.value(0), 1.5f);
}

TEST_F(StateMachineTest, SettersRejectUnknownNamesAndIndices) {
  StateMachineInstance sm =
      Make(MakeSetup({Param("f", ParameterType::kFloat, 0.5f), Param("b", ParameterType::kBool, 1)},
                     {State("A", "ramp_x")}, {}));
  EXPECT_FALSE(sm.set_float("g", 1.0f));
  EXPECT_FALSE(sm.set_int("g", 1));
  EXPECT_FALSE(sm.set_bool("g", true));
  EXPECT_FALSE(sm.set_trigger("g"));
  EXPECT_FALSE(sm.set_float("F", 1.0f));  // Names are case-sensitive.
  EXPECT_FALSE(sm.set_value(-1, 1.0f));
  EXPECT_FALSE(sm.set_value(2, 1.0f));
  EXPECT_FALSE(sm.set_trigger("b"));  // Not a trigger.
  EXPECT_FLOAT_EQ(sm.value(0), 0.5f);
  EXPECT_FLOAT_EQ(sm.value(1), 1.0f);
}

// What the instance reads must outlive it: temporaries do not compile.
static_assert(std::is_constructible_v<StateMachineInstance, const StateMachineDef&, const Skeleton&,
                                      const std::vector<Clip>&>);
static_assert(!std::is_constructible_v<StateMachineInstance, StateMachineDef&&, const Skeleton&,
                                       const std::vector<Clip>&>);
static_assert(!std::is_constructible_v<StateMachineInstance, const StateMachineDef&, Skeleton&&,
                                       const std::vector<Clip>&>);
static_assert(!std::is_constructible_v<StateMachineInstance, const StateMachineDef&,
                                       const Skeleton&, std::vector<Clip>&&>);
static_assert(!std::is_constructible_v<StateMachineInstance, const StateMachineDef&,
                                       const Skeleton&, const std::vector<Clip>&, SoaPose&&>);
static_assert(std::is_constructible_v<StateMachineInstance, const StateMachineDef&, const Skeleton&,
                                      const std::vector<Clip>&, const SoaPose&>);

TEST_F(StateMachineTest, GettersCheckTheirIndexLikeTheSetters) {
  StateMachineInstance sm =
      Make(MakeSetup({Param("f", ParameterType::kFloat, 0.5f)}, {State("A", "ramp_x")}, {}));
  EXPECT_FLOAT_EQ(sm.value(-1), 0.0f);
  EXPECT_FLOAT_EQ(sm.value(1), 0.0f);
  EXPECT_FLOAT_EQ(sm.target(-1), 0.0f);
  EXPECT_FLOAT_EQ(sm.target(1), 0.0f);
  EXPECT_EQ(sm.current_state(1), -1);
  EXPECT_EQ(sm.current_state(-1), -1);
  EXPECT_TRUE(sm.active_states(1).empty());
  EXPECT_TRUE(sm.active_states(-1).empty());
  EXPECT_EQ(sm.transition(1).transition, -1);
  EXPECT_EQ(sm.transition(-7).transition, -1);
  StateMachineInstance::TraceEntry bogus;
  bogus.first_condition = 5;
  bogus.condition_count = 3;
  EXPECT_TRUE(sm.trace_conditions(bogus).empty());
  // The good indices still answer.
  EXPECT_FLOAT_EQ(sm.value(0), 0.5f);
  EXPECT_EQ(sm.current_state(0), 0);
  EXPECT_EQ(sm.active_states(0).size(), 1u);
}

TEST_F(StateMachineTest, SmoothedFloatMovesTowardItsTargetDuringUpdate) {
  setup::SetupParameter speed = Param("speed", ParameterType::kFloat);
  speed.min = 0.0f;
  speed.max = 1.0f;
  speed.rate = 2.0f;  // Units per second.
  StateMachineInstance sm =
      Make(MakeSetup({speed}, {State("A", "ramp_x"), State("B", "ramp_y")},
                     {Go("A", "B", {When("speed", ConditionOp::kGreater, 0.75f)})}));
  ASSERT_TRUE(sm.set_float("speed", 1.0f));
  EXPECT_FLOAT_EQ(sm.value(0), 0.0f);  // Only the target moved.
  EXPECT_FLOAT_EQ(sm.target(0), 1.0f);
  sm.update(0.25f);
  EXPECT_FLOAT_EQ(sm.value(0), 0.5f);
  EXPECT_EQ(sm.current_state(), 0);  // Conditions read the value, not the target.
  sm.update(0.25f);
  EXPECT_FLOAT_EQ(sm.value(0), 1.0f);
  EXPECT_EQ(sm.current_state(), 1);
  sm.update(0.25f);
  EXPECT_FLOAT_EQ(sm.value(0), 1.0f);  // Stops at the target.

  ASSERT_TRUE(sm.set_float("speed", 0.0f));
  sm.update(0.125f);
  EXPECT_FLOAT_EQ(sm.value(0), 0.75f);
}

TEST_F(StateMachineTest, OnlyFloatsAreSmoothed) {
  setup::SetupParameter count = Param("count", ParameterType::kInt);
  count.rate = 2.0f;
  StateMachineInstance sm = Make(MakeSetup({count}, {State("A", "ramp_x")}, {}));
  ASSERT_TRUE(sm.set_int("count", 3));
  EXPECT_FLOAT_EQ(sm.value(0), 3.0f);
}

// --- Conditions ------------------------------------------------------------------------------

TEST_F(StateMachineTest, GreaterConditionIsStrict) {
  ExpectConditionGates(ParameterType::kFloat, ConditionOp::kGreater, 0.5f, {0.25f, 0.5f}, 0.75f);
}

TEST_F(StateMachineTest, LessConditionIsStrict) {
  ExpectConditionGates(ParameterType::kFloat, ConditionOp::kLess, 0.5f, {0.75f, 0.5f}, 0.25f);
}

TEST_F(StateMachineTest, EqualConditionOnInt) {
  ExpectConditionGates(ParameterType::kInt, ConditionOp::kEqual, 2.0f, {1.0f, 3.0f}, 2.0f);
}

TEST_F(StateMachineTest, EqualConditionOnFloat) {
  ExpectConditionGates(ParameterType::kFloat, ConditionOp::kEqual, 0.5f, {0.25f, 0.75f}, 0.5f);
}

TEST_F(StateMachineTest, NotEqualCondition) {
  ExpectConditionGates(ParameterType::kInt, ConditionOp::kNotEqual, 2.0f, {2.0f}, 3.0f);
}

TEST_F(StateMachineTest, TrueCondition) {
  ExpectConditionGates(ParameterType::kBool, ConditionOp::kTrue, 0.0f, {0.0f}, 1.0f);
}

TEST_F(StateMachineTest, FalseCondition) {
  ExpectConditionGates(ParameterType::kBool, ConditionOp::kFalse, 0.0f, {1.0f}, 0.0f);
}

TEST_F(StateMachineTest, TriggerSetCondition) {
  ExpectConditionGates(ParameterType::kTrigger, ConditionOp::kTriggerSet, 0.0f, {0.0f}, 1.0f);
}

TEST_F(StateMachineTest, AllConditionsMustHold) {
  StateMachineInstance sm =
      Make(MakeSetup({Param("f", ParameterType::kFloat), Param("b", ParameterType::kBool),
                      Param("i", ParameterType::kInt)},
                     {State("A", "ramp_x"), State("B", "ramp_y")},
                     {Go("A", "B",
                         {When("f", ConditionOp::kGreater, 0.5f), When("b", ConditionOp::kTrue),
                          When("i", ConditionOp::kEqual, 4.0f)})}));
  // Each combination with exactly one condition failing.
  const float combos[3][3] = {{0.0f, 1.0f, 4.0f}, {1.0f, 0.0f, 4.0f}, {1.0f, 1.0f, 3.0f}};
  for (const auto& c : combos) {
    ASSERT_TRUE(sm.set_value(0, c[0]));
    ASSERT_TRUE(sm.set_value(1, c[1]));
    ASSERT_TRUE(sm.set_value(2, c[2]));
    sm.update(0.125f);
    EXPECT_EQ(sm.current_state(), 0) << "f " << c[0] << " b " << c[1] << " i " << c[2];
  }
  ASSERT_TRUE(sm.set_value(2, 4.0f));
  sm.update(0.125f);
  EXPECT_EQ(sm.current_state(), 1);
}

// --- Transitions: weights, progress, completion, offset --------------------------------------

// A (ramp_x, 1 s) -> B (ramp_y, 2 s) when "go" is true, fading over `duration` seconds.
setup::Setup Crossfade(float duration) {
  return MakeSetup({Param("go", ParameterType::kBool)},
                   {State("A", "ramp_x"), State("B", "ramp_y")},
                   {Go("A", "B", {When("go", ConditionOp::kTrue)}, duration)});
}

TEST_F(StateMachineTest, CrossfadeWeightsAndProgressFollowElapsedTime) {
  StateMachineInstance sm = Make(Crossfade(1.0f));
  EXPECT_TRUE(ActiveAre(sm, {{0, 1.0f, 0.0f}}));
  EXPECT_TRUE(NoTransition(sm));

  ASSERT_TRUE(sm.set_bool("go", true));
  sm.update(0.25f);  // A reaches 0.25, then the transition starts: B at 0 with weight 0.
  EXPECT_EQ(sm.current_state(), 1);
  EXPECT_TRUE(TransitionIs(sm, 0, 0, 1, 0.0f));
  EXPECT_TRUE(ActiveAre(sm, {{0, 1.0f, 0.25f}, {1, 0.0f, 0.0f}}));

  sm.update(0.25f);  // A 0.5; B 0.25 s of 2 s = 0.125; a quarter of the fade.
  EXPECT_TRUE(TransitionIs(sm, 0, 0, 1, 0.25f));
  EXPECT_TRUE(ActiveAre(sm, {{0, 0.75f, 0.5f}, {1, 0.25f, 0.125f}}));

  sm.update(0.5f);  // A 1.0 wraps to 0; B 0.375; three quarters.
  EXPECT_TRUE(TransitionIs(sm, 0, 0, 1, 0.75f));
  EXPECT_TRUE(ActiveAre(sm, {{0, 0.25f, 0.0f}, {1, 0.75f, 0.375f}}));
}

TEST_F(StateMachineTest, FinishedTransitionLeavesOnlyTheDestination) {
  StateMachineInstance sm = Make(Crossfade(0.5f));
  ASSERT_TRUE(sm.set_bool("go", true));
  sm.update(0.25f);  // Starts.
  sm.update(0.25f);  // Half-way.
  EXPECT_TRUE(ActiveAre(sm, {{0, 0.5f, 0.5f}, {1, 0.5f, 0.125f}}));
  sm.update(0.25f);  // 0.5 s of 0.5 s: done.
  EXPECT_TRUE(NoTransition(sm));
  EXPECT_EQ(sm.current_state(), 1);
  EXPECT_TRUE(ActiveAre(sm, {{1, 1.0f, 0.25f}}));
  EXPECT_TRUE(Vec3Near(Root(sm), {0, 2.5f, 0}, kTol));
  sm.update(0.5f);
  EXPECT_TRUE(ActiveAre(sm, {{1, 1.0f, 0.5f}}));
}

TEST_F(StateMachineTest, EvaluateBlendsStatesByTheirWeights) {
  StateMachineInstance sm = Make(Crossfade(1.0f));
  sm.update(0.25f);
  EXPECT_TRUE(Vec3Near(Root(sm), {2.5f, 0, 0}, kTol));  // Only A, at 0.25.

  ASSERT_TRUE(sm.set_bool("go", true));
  sm.update(0.25f);  // A 0.5 (weight 1), B 0 (weight 0).
  EXPECT_TRUE(Vec3Near(Root(sm), {5.0f, 0, 0}, kTol));

  sm.update(0.25f);  // A 0.75 at 0.75, B 0.125 at 0.25.
  EXPECT_TRUE(Vec3Near(Root(sm), {0.75f * 7.5f, 0.25f * 1.25f, 0}, kTol));

  sm.update(0.5f);  // A 1.25 -> 0.25 at 0.25, B 0.375 at 0.75.
  EXPECT_TRUE(Vec3Near(Root(sm), {0.25f * 2.5f, 0.75f * 3.75f, 0}, kTol));
}

TEST_F(StateMachineTest, ActivePoseIsEachStateAloneAsEvaluateSampledIt) {
  StateMachineInstance sm = Make(Crossfade(1.0f));
  ASSERT_TRUE(sm.set_bool("go", true));
  sm.update(0.25f);
  sm.update(0.5f);  // A at 0.75 (x = 7.5), B 0.5 s of 2 s (y = 2.5); B weighs a half.
  std::vector<Transform> pose(2);
  ASSERT_TRUE(sm.evaluate(pose));
  EXPECT_TRUE(Vec3Near(pose[0].translation, {0.5f * 7.5f, 0.5f * 2.5f, 0}, kTol));
  // Two joints: one SoA block each.
  ASSERT_EQ(sm.active_pose(0, 0).size(), 1u);
  ASSERT_EQ(sm.active_pose(0, 1).size(), 1u);
  std::vector<Transform> a(2), b(2);
  from_soa(sm.active_pose(0, 0), a);
  from_soa(sm.active_pose(0, 1), b);
  EXPECT_TRUE(Vec3Near(a[0].translation, {7.5f, 0, 0}, kTol));
  EXPECT_TRUE(Vec3Near(b[0].translation, {0, 2.5f, 0}, kTol));
  EXPECT_TRUE(TransformNear(a[1], skeleton_.rest[1], kTol));
  EXPECT_TRUE(sm.active_pose(0, 2).empty());
  EXPECT_TRUE(sm.active_pose(1, 0).empty());
  EXPECT_TRUE(sm.active_pose(-1, 0).empty());
  sm.update(1.0f);  // The transition is over: B alone, sampled straight into the output.
  ASSERT_EQ(sm.active_states(0).size(), 1u);
  EXPECT_TRUE(sm.active_pose(0, 0).empty());
}

TEST_F(StateMachineTest, OffsetStartsTheDestinationPartWay) {
  setup::Setup setup = Crossfade(0.0f);
  setup.transitions[0].offset = 0.25f;
  StateMachineInstance sm = Make(setup);
  ASSERT_TRUE(sm.set_bool("go", true));
  sm.update(0.125f);
  EXPECT_TRUE(ActiveAre(sm, {{1, 1.0f, 0.25f}}));
  EXPECT_TRUE(Vec3Near(Root(sm), {0, 2.5f, 0}, kTol));
  sm.update(0.5f);  // A quarter of B's 2 s more.
  EXPECT_TRUE(ActiveAre(sm, {{1, 1.0f, 0.5f}}));
  EXPECT_TRUE(Vec3Near(Root(sm), {0, 5.0f, 0}, kTol));
}

TEST_F(StateMachineTest, OffsetAppliesWhileFadingIn) {
  setup::Setup setup = Crossfade(1.0f);
  setup.transitions[0].offset = 0.5f;
  StateMachineInstance sm = Make(setup);
  ASSERT_TRUE(sm.set_bool("go", true));
  sm.update(0.25f);
  EXPECT_TRUE(ActiveAre(sm, {{0, 1.0f, 0.25f}, {1, 0.0f, 0.5f}}));
  sm.update(0.5f);  // B 0.5 + 0.25.
  EXPECT_TRUE(ActiveAre(sm, {{0, 0.5f, 0.75f}, {1, 0.5f, 0.75f}}));
}

// --- Exit time -------------------------------------------------------------------------------

TEST_F(StateMachineTest, ExitTimeWaitsForTheSourcesNormalizedTime) {
  setup::Setup setup =
      MakeSetup({}, {State("A", "ramp_x"), State("B", "ramp_y")}, {Go("A", "B", {})});
  setup.transitions[0].exit_time = 0.75f;
  StateMachineInstance sm = Make(setup);
  sm.update(0.25f);
  sm.update(0.25f);
  EXPECT_EQ(sm.current_state(), 0);  // 0.5.
  EXPECT_TRUE(ActiveAre(sm, {{0, 1.0f, 0.5f}}));
  sm.update(0.25f);  // 0.75.
  EXPECT_EQ(sm.current_state(), 1);
}

TEST_F(StateMachineTest, ExitTimeFollowsTheSourcesSpeed) {
  setup::Setup setup =
      MakeSetup({}, {State("A", "ramp_x", 0.5f), State("B", "ramp_y")}, {Go("A", "B", {})});
  setup.transitions[0].exit_time = 0.5f;
  StateMachineInstance sm = Make(setup);
  sm.update(0.75f);  // Half speed: 0.375.
  EXPECT_EQ(sm.current_state(), 0);
  sm.update(0.25f);  // 0.5.
  EXPECT_EQ(sm.current_state(), 1);
}

TEST_F(StateMachineTest, ExitTimeOnALoopIsCheckedInEveryCycle) {
  setup::Setup setup = Crossfade(0.0f);
  setup.transitions[0].exit_time = 0.5f;
  StateMachineInstance sm = Make(setup);
  for (int i = 0; i < 4; ++i) sm.update(0.25f);  // Past 0.5 while "go" was false; now 1.0.
  EXPECT_EQ(sm.current_state(), 0);
  ASSERT_TRUE(sm.set_bool("go", true));
  sm.update(0.25f);  // 1.25: 0.25 into the second cycle.
  EXPECT_EQ(sm.current_state(), 0);
  sm.update(0.25f);  // 1.5: the second cycle's exit time.
  EXPECT_EQ(sm.current_state(), 1);
}

TEST_F(StateMachineTest, ExitTimeIsNotMissedByAFrameThatStepsOverIt) {
  setup::Setup setup =
      MakeSetup({}, {State("A", "ramp_x"), State("B", "ramp_y")}, {Go("A", "B", {})});
  setup.transitions[0].exit_time = 0.9f;  // A 0.1-long window at the end of each 1 s cycle.
  StateMachineInstance sm = Make(setup);
  for (int i = 0; i < 3; ++i) {
    sm.update(0.25f);  // 4 Hz: 0.25, 0.5, 0.75.
    EXPECT_EQ(sm.current_state(), 0) << "after " << (i + 1) * 0.25f << " s";
  }
  sm.update(0.25f);  // 0.75 -> 1.0 (shown as 0.0) steps over 0.9.
  EXPECT_EQ(sm.current_state(), 1);
}

// After 100,000 hours of a 1 s loop the state still moves by a quarter cycle per quarter second
// and its exit window is still found. (A float normalized time of 3.6e8 steps by 32 cycles:
// adding 0.25 did nothing.)
TEST_F(StateMachineTest, NormalizedTimeKeepsItsPrecisionAfterHundredsOfMillionsOfCycles) {
  setup::Setup setup = Crossfade(0.0f);
  setup.transitions[0].exit_time = 0.9f;
  StateMachineInstance sm = Make(setup);
  for (int hour = 0; hour < 100000; ++hour) sm.update(3600.0f);  // Whole cycles: back at 0.
  EXPECT_TRUE(ActiveAre(sm, {{0, 1.0f, 0.0f}}));
  sm.update(0.25f);
  EXPECT_TRUE(ActiveAre(sm, {{0, 1.0f, 0.25f}}));
  sm.update(0.5f);
  EXPECT_TRUE(ActiveAre(sm, {{0, 1.0f, 0.75f}}));
  ASSERT_TRUE(sm.set_bool("go", true));
  sm.update(0.125f);  // 0.875: not yet.
  EXPECT_EQ(sm.current_state(), 0);
  sm.update(0.25f);  // Steps over 0.9 into the next cycle.
  EXPECT_EQ(sm.current_state(), 1);
}

TEST_F(StateMachineTest, ExitTimeAboveOneCountsLoops) {
  setup::Setup setup =
      MakeSetup({}, {State("A", "ramp_x"), State("B", "ramp_y")}, {Go("A", "B", {})});
  setup.transitions[0].exit_time = 1.5f;
  StateMachineInstance sm = Make(setup);
  for (int i = 0; i < 5; ++i) {
    sm.update(0.25f);  // 0.25 ... 1.25.
    EXPECT_EQ(sm.current_state(), 0) << "after " << (i + 1) * 0.25f << " s";
  }
  sm.update(0.25f);  // 1.5.
  EXPECT_EQ(sm.current_state(), 1);
}

TEST_F(StateMachineTest, ExitTimeOnAOneShot) {
  setup::Setup setup =
      MakeSetup({}, {State("A", "ramp_x", 1.0f, false), State("B", "ramp_y")}, {Go("A", "B", {})});
  setup.transitions[0].exit_time = 1.0f;  // The end of the clip.
  StateMachineInstance sm = Make(setup);
  sm.update(0.5f);
  sm.update(0.25f);
  EXPECT_EQ(sm.current_state(), 0);
  sm.update(0.25f);
  EXPECT_EQ(sm.current_state(), 1);
}

// --- States: speed, loop, blend space --------------------------------------------------------

TEST_F(StateMachineTest, SpeedScalesNormalizedTime) {
  StateMachineInstance fast = Make(MakeSetup({}, {State("A", "ramp_x", 2.0f)}, {}));
  fast.update(0.25f);  // 2 * 0.25 s of a 1 s clip.
  EXPECT_TRUE(ActiveAre(fast, {{0, 1.0f, 0.5f}}));
  EXPECT_TRUE(Vec3Near(Root(fast), {5.0f, 0, 0}, kTol));

  StateMachineInstance slow = Make(MakeSetup({}, {State("A", "ramp_y", 0.5f)}, {}));
  slow.update(1.0f);  // 0.5 * 1 s of a 2 s clip.
  EXPECT_TRUE(ActiveAre(slow, {{0, 1.0f, 0.25f}}));
  EXPECT_TRUE(Vec3Near(Root(slow), {0, 2.5f, 0}, kTol));
}

TEST_F(StateMachineTest, LoopingStateWrapsNormalizedTime) {
  StateMachineInstance sm = Make(MakeSetup({}, {State("A", "ramp_z")}, {}));
  sm.update(0.625f);  // 1.25 loops of a 0.5 s clip.
  EXPECT_TRUE(ActiveAre(sm, {{0, 1.0f, 0.25f}}));
  EXPECT_TRUE(Vec3Near(Root(sm), {0, 0, 2.5f}, kTol));
}

TEST_F(StateMachineTest, OneShotStateClampsAtItsEnd) {
  StateMachineInstance sm = Make(MakeSetup({}, {State("A", "ramp_z", 1.0f, false)}, {}));
  sm.update(0.625f);
  EXPECT_TRUE(ActiveAre(sm, {{0, 1.0f, 1.0f}}));
  EXPECT_TRUE(Vec3Near(Root(sm), {0, 0, 10.0f}, kTol));
  sm.update(1.0f);
  EXPECT_TRUE(ActiveAre(sm, {{0, 1.0f, 1.0f}}));
  EXPECT_TRUE(Vec3Near(Root(sm), {0, 0, 10.0f}, kTol));
}

// A state on blend space "loco": ramp_x (1 s) at speed 0, ramp_y (2 s) at speed 1.
setup::Setup BlendSpaceSetup(float speed, float state_speed = 1.0f) {
  setup::SetupParameter p = Param("speed", ParameterType::kFloat, speed);
  p.min = 0.0f;
  p.max = 1.0f;
  setup::Setup setup = MakeSetup({p}, {State("Move", "loco", state_speed)}, {});
  setup::SetupBlendSpace loco;
  loco.name = "loco";
  loco.parameter = "speed";
  loco.points = {{"ramp_x", 0.0f, setup::Json::object()}, {"ramp_y", 1.0f, setup::Json::object()}};
  setup.blend_spaces = {loco};
  return setup;
}

TEST_F(StateMachineTest, BlendSpaceStateAdvancesAtTheBlendedRate) {
  StateMachineInstance sm = Make(BlendSpaceSetup(0.5f));
  // Half-way: rates 1/s and 0.5/s average to 0.75/s.
  sm.update(0.5f);
  EXPECT_TRUE(ActiveAre(sm, {{0, 1.0f, 0.375f}}));
  // Both clips at 0.375, blended half and half.
  EXPECT_TRUE(Vec3Near(Root(sm), {0.5f * 3.75f, 0.5f * 3.75f, 0}, kTol));

  ASSERT_TRUE(sm.set_float("speed", 0.25f));
  sm.update(0.5f);  // Rate 0.75 * 1 + 0.25 * 0.5 = 0.875/s: + 0.4375.
  EXPECT_TRUE(ActiveAre(sm, {{0, 1.0f, 0.8125f}}));
  EXPECT_TRUE(Vec3Near(Root(sm), {0.75f * 8.125f, 0.25f * 8.125f, 0}, kTol));
}

TEST_F(StateMachineTest, BlendSpaceStateAtAnEndPlaysOneClip) {
  StateMachineInstance sm = Make(BlendSpaceSetup(1.0f, 2.0f));
  sm.update(0.25f);  // ramp_y only, at twice its rate of 0.5/s.
  EXPECT_TRUE(ActiveAre(sm, {{0, 1.0f, 0.25f}}));
  EXPECT_TRUE(Vec3Near(Root(sm), {0, 2.5f, 0}, kTol));
}

// --- Any state -------------------------------------------------------------------------------

TEST_F(StateMachineTest, AnyStateTransitionLeavesEveryState) {
  const setup::Setup setup =
      MakeSetup({Param("toB", ParameterType::kBool), Param("jump", ParameterType::kTrigger)},
                {State("A", "ramp_x"), State("B", "ramp_y"), State("C", "ramp_z")},
                {Go("A", "B", {When("toB", ConditionOp::kTrue)}),
                 Go("*", "C", {When("jump", ConditionOp::kTriggerSet)})});
  StateMachineInstance from_a = Make(setup);
  from_a.update(0.125f);
  EXPECT_EQ(from_a.current_state(), 0);
  ASSERT_TRUE(from_a.set_trigger("jump"));
  from_a.update(0.125f);
  EXPECT_EQ(from_a.current_state(), 2);

  StateMachineInstance from_b = Make(setup);
  ASSERT_TRUE(from_b.set_bool("toB", true));
  from_b.update(0.125f);
  EXPECT_EQ(from_b.current_state(), 1);
  ASSERT_TRUE(from_b.set_trigger("jump"));
  from_b.update(0.125f);
  EXPECT_EQ(from_b.current_state(), 2);
}

TEST_F(StateMachineTest, AnyStateTransitionDoesNotRestartItsTarget) {
  // No conditions: it holds on every update.
  const setup::Setup setup =
      MakeSetup({}, {State("A", "ramp_z"), State("C", "ramp_x")}, {Go("*", "C", {})});
  StateMachineInstance sm = Make(setup);
  sm.update(0.25f);  // A -> C; C starts at 0.
  EXPECT_TRUE(ActiveAre(sm, {{1, 1.0f, 0.0f}}));
  sm.update(0.25f);
  sm.update(0.25f);
  EXPECT_TRUE(ActiveAre(sm, {{1, 1.0f, 0.5f}}));  // Kept running, not restarted each update.
  EXPECT_TRUE(NoTransition(sm));

  setup::Setup starting_there = setup;
  starting_there.default_state = "C";
  StateMachineInstance sm2 = Make(starting_there);
  sm2.update(0.25f);
  sm2.update(0.5f);
  EXPECT_TRUE(ActiveAre(sm2, {{1, 1.0f, 0.75f}}));
  EXPECT_TRUE(NoTransition(sm2));
}

// --- Triggers --------------------------------------------------------------------------------

TEST_F(StateMachineTest, TriggerIsConsumedWhenItsTransitionFires) {
  // Both directions use the same trigger: an unconsumed trigger would bounce straight back.
  StateMachineInstance sm = Make(MakeSetup({Param("go", ParameterType::kTrigger)},
                                           {State("A", "ramp_x"), State("B", "ramp_y")},
                                           {Go("A", "B", {When("go", ConditionOp::kTriggerSet)}),
                                            Go("B", "A", {When("go", ConditionOp::kTriggerSet)})}));
  ASSERT_TRUE(sm.set_trigger("go"));
  sm.update(0.125f);
  EXPECT_EQ(sm.current_state(), 1);
  EXPECT_FLOAT_EQ(sm.value(0), 0.0f);
  EXPECT_FLOAT_EQ(sm.target(0), 0.0f);
  for (int i = 0; i < 4; ++i) sm.update(0.125f);
  EXPECT_EQ(sm.current_state(), 1);

  ASSERT_TRUE(sm.set_trigger("go"));
  sm.update(0.125f);
  EXPECT_EQ(sm.current_state(), 0);
  EXPECT_FLOAT_EQ(sm.value(0), 0.0f);
}

TEST_F(StateMachineTest, TriggerStaysSetUntilATransitionFiresOnIt) {
  StateMachineInstance sm = Make(MakeSetup(
      {Param("go", ParameterType::kTrigger), Param("ready", ParameterType::kBool)},
      {State("A", "ramp_x"), State("B", "ramp_y")},
      {Go("A", "B", {When("go", ConditionOp::kTriggerSet), When("ready", ConditionOp::kTrue)})}));
  ASSERT_TRUE(sm.set_trigger("go"));
  for (int i = 0; i < 5; ++i) sm.update(0.125f);
  EXPECT_EQ(sm.current_state(), 0);
  EXPECT_FLOAT_EQ(sm.value(0), 1.0f);  // Not fired, so not consumed.
  ASSERT_TRUE(sm.set_bool("ready", true));
  sm.update(0.125f);
  EXPECT_EQ(sm.current_state(), 1);
  EXPECT_FLOAT_EQ(sm.value(0), 0.0f);
}

TEST_F(StateMachineTest, FiringConsumesOnlyItsOwnTriggers) {
  StateMachineInstance sm =
      Make(MakeSetup({Param("t1", ParameterType::kTrigger), Param("t2", ParameterType::kTrigger)},
                     {State("A", "ramp_x"), State("B", "ramp_y"), State("C", "ramp_z")},
                     {Go("A", "B", {When("t1", ConditionOp::kTriggerSet)}),
                      Go("B", "C", {When("t2", ConditionOp::kTriggerSet)})}));
  ASSERT_TRUE(sm.set_trigger("t1"));
  ASSERT_TRUE(sm.set_trigger("t2"));
  sm.update(0.125f);  // One transition per update: A -> B.
  EXPECT_EQ(sm.current_state(), 1);
  EXPECT_FLOAT_EQ(sm.value(0), 0.0f);
  EXPECT_FLOAT_EQ(sm.value(1), 1.0f);
  sm.update(0.125f);
  EXPECT_EQ(sm.current_state(), 2);
  EXPECT_FLOAT_EQ(sm.value(1), 0.0f);
}

// --- Interruption ----------------------------------------------------------------------------

// A -> B (1 s, interruption `mode`) on "toB"; A -> C (1 s) on "fromA"; B -> D (0.5 s) on "fromB".
// A is ramp_x (1 s), B ramp_y (2 s), C and D ramp_z (0.5 s).
constexpr int kA = 0, kB = 1, kC = 2, kD = 3;
setup::Setup InterruptionSetup(Interruption mode) {
  setup::Setup setup = MakeSetup(
      {Param("toB", ParameterType::kBool), Param("fromA", ParameterType::kBool),
       Param("fromB", ParameterType::kBool)},
      {State("A", "ramp_x"), State("B", "ramp_y"), State("C", "ramp_z"), State("D", "ramp_z")},
      {Go("A", "B", {When("toB", ConditionOp::kTrue)}, 1.0f),
       Go("A", "C", {When("fromA", ConditionOp::kTrue)}, 1.0f),
       Go("B", "D", {When("fromB", ConditionOp::kTrue)}, 0.5f)});
  setup.transitions[0].interruption = mode;
  return setup;
}

// Starts A -> B, lets it reach 0.75 and raises both other transitions' conditions on the way.
void RunUntilInterruptible(StateMachineInstance& sm) {
  ASSERT_TRUE(sm.set_bool("toB", true));
  sm.update(0.25f);  // A 0.25; A -> B starts.
  sm.update(0.5f);   // A 0.75, B 0.25; half-way.
  ASSERT_TRUE(ActiveAre(sm, {{kA, 0.5f, 0.75f}, {kB, 0.5f, 0.25f}}));
  ASSERT_TRUE(sm.set_bool("fromA", true));
  ASSERT_TRUE(sm.set_bool("fromB", true));
  sm.update(0.25f);  // A 1.0 (wraps to 0), B 0.375; three quarters, then the check.
}

TEST_F(StateMachineTest, NonInterruptibleTransitionRunsToItsEnd) {
  StateMachineInstance sm = Make(InterruptionSetup(Interruption::kNone));
  RunUntilInterruptible(sm);
  EXPECT_TRUE(TransitionIs(sm, 0, kA, kB, 0.75f));
  EXPECT_TRUE(ActiveAre(sm, {{kA, 0.25f, 0.0f}, {kB, 0.75f, 0.375f}}));

  sm.update(0.25f);  // A -> B ends; then B -> D may start.
  EXPECT_TRUE(TransitionIs(sm, 2, kB, kD, 0.0f));
  EXPECT_TRUE(ActiveAre(sm, {{kB, 1.0f, 0.5f}, {kD, 0.0f, 0.0f}}));
}

TEST_F(StateMachineTest, SourceInterruptionTakesTransitionsFromTheSource) {
  StateMachineInstance sm = Make(InterruptionSetup(Interruption::kSource));
  RunUntilInterruptible(sm);
  // A -> C starts from what was shown: A 0.25, B 0.75.
  EXPECT_EQ(sm.current_state(), kC);
  EXPECT_TRUE(TransitionIs(sm, 1, kA, kC, 0.0f)) << "A -> C leaves A, whatever A -> B reached";
  EXPECT_TRUE(ActiveAre(sm, {{kA, 0.25f, 0.0f}, {kB, 0.75f, 0.375f}, {kC, 0.0f, 0.0f}}));

  sm.update(0.25f);  // A 0.25, B 0.5, C 0.5; a quarter of A -> C.
  EXPECT_TRUE(ActiveAre(sm, {{kA, 0.1875f, 0.25f}, {kB, 0.5625f, 0.5f}, {kC, 0.25f, 0.5f}}));
  // Blend of A at 0.25, B at 0.5, C at 0.5.
  EXPECT_TRUE(Vec3Near(Root(sm), {0.1875f * 2.5f, 0.5625f * 5.0f, 0.25f * 5.0f}, kTol));
}

TEST_F(StateMachineTest, SourceInterruptionWaitsForTheSourcesExitTime) {
  setup::Setup setup = InterruptionSetup(Interruption::kSource);
  setup.transitions[1].exit_time = 0.75f;  // Of A, which is fading out.
  setup.transitions[1].duration = 0.0f;
  StateMachineInstance sm = Make(setup);
  ASSERT_TRUE(sm.set_bool("toB", true));
  ASSERT_TRUE(sm.set_bool("fromA", true));
  sm.update(0.25f);  // A 0.25 < 0.75: A -> B starts instead.
  EXPECT_TRUE(TransitionIs(sm, 0, kA, kB, 0.0f));
  sm.update(0.25f);  // A 0.5.
  EXPECT_TRUE(TransitionIs(sm, 0, kA, kB, 0.25f));
  sm.update(0.25f);  // A 0.75 (B only 0.25): A -> C, at once.
  EXPECT_TRUE(NoTransition(sm));
  EXPECT_TRUE(ActiveAre(sm, {{kC, 1.0f, 0.0f}}));
}

TEST_F(StateMachineTest, DestinationInterruptionTakesTransitionsFromTheDestination) {
  StateMachineInstance sm = Make(InterruptionSetup(Interruption::kDestination));
  RunUntilInterruptible(sm);
  EXPECT_TRUE(TransitionIs(sm, 2, kB, kD, 0.0f));
  EXPECT_TRUE(ActiveAre(sm, {{kA, 0.25f, 0.0f}, {kB, 0.75f, 0.375f}, {kD, 0.0f, 0.0f}}));

  sm.update(0.25f);  // Half of the 0.5 s B -> D.
  EXPECT_TRUE(TransitionIs(sm, 2, kB, kD, 0.5f));
  EXPECT_TRUE(ActiveAre(sm, {{kA, 0.125f, 0.25f}, {kB, 0.375f, 0.5f}, {kD, 0.5f, 0.5f}}));
  sm.update(0.25f);
  EXPECT_TRUE(NoTransition(sm));
  EXPECT_TRUE(ActiveAre(sm, {{kD, 1.0f, 0.0f}}));  // 1.0 of a loop wraps to 0.
}

TEST_F(StateMachineTest, ReturningToAFadingStateResumesItsTime) {
  setup::Setup setup =
      MakeSetup({Param("toB", ParameterType::kBool), Param("back", ParameterType::kBool)},
                {State("A", "ramp_x"), State("B", "ramp_y")},
                {Go("A", "B", {When("toB", ConditionOp::kTrue)}, 1.0f),
                 Go("B", "A", {When("back", ConditionOp::kTrue)}, 1.0f)});
  setup.transitions[0].interruption = Interruption::kDestination;
  StateMachineInstance sm = Make(setup);
  ASSERT_TRUE(sm.set_bool("toB", true));
  sm.update(0.25f);  // A 0.25; A -> B starts.
  ASSERT_TRUE(sm.set_bool("toB", false));
  sm.update(0.25f);  // A 0.5, B 0.125; a quarter.
  EXPECT_TRUE(ActiveAre(sm, {{kA, 0.75f, 0.5f}, {kB, 0.25f, 0.125f}}));
  ASSERT_TRUE(sm.set_bool("back", true));
  sm.update(0.25f);  // A 0.75, B 0.25; half-way, then B -> A takes A's layer as it is.
  EXPECT_TRUE(TransitionIs(sm, 1, kB, kA, 0.0f));
  EXPECT_TRUE(ActiveAre(sm, {{kB, 0.5f, 0.25f}, {kA, 0.5f, 0.75f}}));
  sm.update(0.5f);  // A 1.25 -> 0.25, B 0.5; half of B -> A.
  EXPECT_TRUE(ActiveAre(sm, {{kB, 0.25f, 0.5f}, {kA, 0.75f, 0.25f}}));
}

TEST_F(StateMachineTest, BeyondMaxActiveTheFaintestStateIsDropped) {
  // S0 -> S1 -> ... -> S6, 1 s each, each interruptible by the next: one starts per update.
  std::vector<setup::SetupState> states;
  std::vector<setup::SetupTransition> transitions;
  for (int i = 0; i <= 6; ++i) {
    states.push_back(State("S" + std::to_string(i), "ramp_x"));
    if (i > 0) {
      transitions.push_back(Go("S" + std::to_string(i - 1), "S" + std::to_string(i),
                               {When("go", ConditionOp::kTrue)}, 1.0f));
      transitions.back().interruption = Interruption::kDestination;
    }
  }
  StateMachineInstance sm =
      Make(MakeSetup({Param("go", ParameterType::kBool, 1)}, std::move(states), transitions));
  for (int i = 0; i < 5; ++i) sm.update(0.125f);
  ASSERT_EQ(sm.active_states().size(), 6u);  // S0 ... S5, S5 just started.
  sm.update(0.125f);
  // Before S5 -> S6 starts, 0.125 s of a 1 s fade scaled each weight by 0.875 and gave the
  // newest 0.125: S0 0.875^5, S1 0.125 * 0.875^4, ..., S5 0.125. S1 (0.125 * 0.875^4 =
  // 0.073272705078125) is now the faintest: dropped, the rest renormalized.
  const float rest = 1.0f - 0.073272705078125f;
  EXPECT_TRUE(ActiveAre(sm, {{0, 0.512908935546875f / rest, 0.75f},
                             {2, 0.083740234375f / rest, 0.5f},
                             {3, 0.095703125f / rest, 0.375f},
                             {4, 0.109375f / rest, 0.25f},
                             {5, 0.125f / rest, 0.125f},
                             {6, 0.0f, 0.0f}}));
  EXPECT_TRUE(TransitionIs(sm, 5, 5, 6, 0.0f));
}

// --- Robustness ------------------------------------------------------------------------------

TEST_F(StateMachineTest, NoValidTransitionNeverLeavesTheDefaultState) {
  setup::SetupParameter f = Param("f", ParameterType::kFloat);
  f.max = 1.0f;
  StateMachineInstance sm =
      Make(MakeSetup({f, Param("t", ParameterType::kTrigger)},
                     {State("A", "ramp_x"), State("B", "ramp_y"), State("C", "ramp_z")},
                     {Go("A", "B", {When("f", ConditionOp::kGreater, 2.0f)}),  // f cannot pass 1.
                      Go("A", "C", {When("t", ConditionOp::kTriggerSet)}),     // Never set.
                      Go("B", "C", {})}));                                     // Not in B.
  ASSERT_TRUE(sm.set_float("f", 5.0f));
  for (int i = 0; i < 1000; ++i) {
    sm.update(1.0f / 64.0f);
    ASSERT_EQ(sm.current_state(), 0) << "update " << i;
    ASSERT_TRUE(NoTransition(sm)) << "update " << i;
  }
  // 1000 / 64 s = 15.625 loops of A.
  EXPECT_TRUE(ActiveAre(sm, {{0, 1.0f, 0.625f}}));
}

TEST_F(StateMachineTest, SameInputsGiveTheSameStatesAndPoses) {
  const StateMachineDef& def = Compile(Locomotion());
  StateMachineInstance a(def, skeleton_, clips_);
  StateMachineInstance b(def, skeleton_, clips_);
  std::vector<Transform> pose_a(2), pose_b(2);
  std::set<int> visited;
  int transitions_seen = 0;
  for (int i = 0; i < 600; ++i) {
    const float speed = 0.45f + 0.55f * std::sin(0.02f * static_cast<float>(i));
    const bool grounded = i % 170 >= 20;
    const float dt = static_cast<float>(1 + i % 3) / 120.0f;
    for (StateMachineInstance* sm : {&a, &b}) {
      sm->set_value(0, speed);
      sm->set_value(2, grounded ? 1.0f : 0.0f);
      if (i % 97 == 13) sm->set_trigger("jump");
      sm->update(dt);
    }
    ASSERT_TRUE(a.evaluate(pose_a));
    ASSERT_TRUE(b.evaluate(pose_b));
    const auto sa = a.active_states();
    const auto sb = b.active_states();
    ASSERT_EQ(sa.size(), sb.size()) << "update " << i;
    for (std::size_t k = 0; k < sa.size(); ++k) {
      ASSERT_EQ(sa[k].state, sb[k].state) << "update " << i;
      ASSERT_EQ(sa[k].weight, sb[k].weight) << "update " << i;
      ASSERT_EQ(sa[k].normalized_time, sb[k].normalized_time) << "update " << i;
    }
    ASSERT_EQ(a.transition().transition, b.transition().transition) << "update " << i;
    ASSERT_EQ(a.transition().progress, b.transition().progress) << "update " << i;
    ASSERT_EQ(a.value(0), b.value(0));
    for (std::size_t j = 0; j < 2; ++j) ASSERT_TRUE(SameBits(pose_a[j], pose_b[j])) << i;
    visited.insert(a.current_state());
    transitions_seen += a.transition().transition >= 0 ? 1 : 0;
  }
  // The run must really have exercised the machine.
  EXPECT_EQ(visited.size(), 3u);
  EXPECT_GT(transitions_seen, 0);
}

TEST_F(StateMachineTest, MissingDefaultStateEvaluatesNothing) {
  StateMachineDef def;  // No states at all.
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.5f);
  EXPECT_EQ(sm.current_state(), -1);
  EXPECT_EQ(sm.active_states().size(), 0u);
  std::vector<Transform> pose(2);
  EXPECT_FALSE(sm.evaluate(pose));
}

TEST_F(StateMachineTest, EvaluateRejectsAWrongPoseSize) {
  StateMachineInstance sm = Make(MakeSetup({}, {State("A", "ramp_x")}, {}));
  std::vector<Transform> pose(3);
  EXPECT_FALSE(sm.evaluate(pose));
  SoaPose none, two_blocks = make_soa_pose(5);  // Two joints take one block.
  EXPECT_FALSE(sm.evaluate_soa(none));
  EXPECT_FALSE(sm.evaluate_soa(two_blocks));
}

TEST_F(StateMachineTest, EvaluateSoaGivesThePoseEvaluateConvertsWithIdentityPastTheLastJoint) {
  StateMachineInstance sm = Make(Crossfade(1.0f));
  ASSERT_TRUE(sm.set_bool("go", true));
  sm.update(0.25f);
  sm.update(0.5f);  // Mid-transition: A at 0.75 (x = 7.5), B at 0.5 s (y = 2.5), half each.
  SoaPose soa = make_soa_pose(2);
  soa[0].set(3, MakeTransform({9, 9, 9}));  // Lane 3 is past the last joint.
  ASSERT_TRUE(sm.evaluate_soa(soa));
  std::vector<Transform> pose(2);
  ASSERT_TRUE(sm.evaluate(pose));
  EXPECT_TRUE(Vec3Near(soa[0].get(0).translation, {0.5f * 7.5f, 0.5f * 2.5f, 0}, kTol));
  EXPECT_TRUE(SameBits(soa[0].get(0), pose[0]));
  EXPECT_TRUE(SameBits(soa[0].get(1), pose[1]));
  for (std::size_t lane = 2; lane < 4; ++lane) {
    EXPECT_TRUE(TransformNear(soa[0].get(lane), Transform::identity(), 0.0f)) << lane;
  }
}

// --- continue_from: the tool's edits keep playback going ------------------------------------

TEST_F(StateMachineTest, ContinueFromKeepsTheCurrentStateItsTimeAndTheParameters) {
  setup::Setup setup = Crossfade(0.5f);
  setup.parameters.push_back(Param("speed", ParameterType::kFloat, 0.25f));
  setup.parameters.back().min = 0.0f;
  setup.parameters.back().max = 2.0f;
  setup.parameters.back().rate = 1.0f;
  StateMachineInstance before = Make(setup);
  ASSERT_TRUE(before.set_bool("go", true));
  before.update(0.25f);  // A at 0.25 s; the fade to B starts.
  before.update(0.5f);   // Done: B alone at 0.5 s of 2 s.
  ASSERT_TRUE(before.set_float("speed", 1.5f));
  before.update(0.5f);  // B at 1 s = 0.5; speed moves 0.5 toward 1.5: 0.75.
  ASSERT_TRUE(ActiveAre(before, {{1, 1.0f, 0.5f}}));
  ASSERT_NEAR(before.value(1), 0.75f, kTol);

  // The edit: states reordered, a state and a parameter added, B's transition slower.
  setup::Setup edited = setup;
  edited.parameters.insert(edited.parameters.begin(), Param("new", ParameterType::kInt, 3));
  edited.states = {State("C", "ramp_z"), State("B", "ramp_y"), State("A", "ramp_x")};
  edited.default_state = "A";
  edited.transitions[0].duration = 2.0f;
  StateMachineInstance after = Make(edited);
  after.continue_from(before);
  EXPECT_TRUE(ActiveAre(after, {{1, 1.0f, 0.5f}}));  // B, now index 1 of C, B, A, at 0.5.
  EXPECT_TRUE(NoTransition(after));
  EXPECT_EQ(after.value(0), 3.0f);           // "new": its default.
  EXPECT_EQ(after.value(1), 1.0f);           // "go": true, as it was.
  EXPECT_NEAR(after.value(2), 0.75f, kTol);  // "speed": value and target kept.
  EXPECT_EQ(after.target(2), 1.5f);
  EXPECT_TRUE(Vec3Near(Root(after), {0, 5.0f, 0}, kTol));  // ramp_y at half its length.
  after.update(0.5f);  // Goes on from there: 1.5 s of 2 s; speed 1.25.
  EXPECT_TRUE(ActiveAre(after, {{1, 1.0f, 0.75f}}));
  EXPECT_NEAR(after.value(2), 1.25f, kTol);
}

TEST_F(StateMachineTest, ContinueFromSettlesARunningTransitionInItsDestination) {
  StateMachineInstance before = Make(Crossfade(1.0f));
  ASSERT_TRUE(before.set_bool("go", true));
  before.update(0.25f);
  before.update(0.5f);  // A fading out, B at 0.5 s of 2 s.
  ASSERT_TRUE(TransitionIs(before, 0, 0, 1, 0.5f));
  StateMachineInstance after = Make(Crossfade(1.0f));
  after.continue_from(before);
  EXPECT_TRUE(NoTransition(after));
  EXPECT_TRUE(ActiveAre(after, {{1, 1.0f, 0.25f}}));
}

TEST_F(StateMachineTest, ContinueFromFitsValuesToTheNewTypeAndRange) {
  setup::Setup setup =
      MakeSetup({Param("p", ParameterType::kFloat, 0.0f), Param("q", ParameterType::kFloat, 0.0f)},
                {State("A", "ramp_x")}, {});
  StateMachineInstance before = Make(setup);
  ASSERT_TRUE(before.set_float("p", 2.6f));
  ASSERT_TRUE(before.set_float("q", 7.0f));
  setup::Setup edited = setup;
  edited.parameters[0].type = ParameterType::kInt;
  edited.parameters[1].min = -1.0f;
  edited.parameters[1].max = 5.0f;
  StateMachineInstance after = Make(edited);
  after.continue_from(before);
  EXPECT_EQ(after.value(0), 3.0f);  // Rounded to an int.
  EXPECT_EQ(after.value(1), 5.0f);  // Clamped into the new range.
  EXPECT_EQ(after.target(1), 5.0f);
}

TEST_F(StateMachineTest, ContinueFromStartsAfreshWhenTheStateIsGone) {
  StateMachineInstance before = Make(Crossfade(0.0f));
  ASSERT_TRUE(before.set_bool("go", true));
  before.update(0.25f);  // In B at once.
  before.update(0.5f);
  ASSERT_EQ(before.current_state(), 1);
  setup::Setup edited = Crossfade(0.0f);
  edited.states[1].name = "Renamed";
  edited.transitions[0].to = "Renamed";
  StateMachineInstance after = Make(edited);
  after.continue_from(before);
  EXPECT_TRUE(ActiveAre(after, {{0, 1.0f, 0.0f}}));  // The default state, from its start.
  EXPECT_EQ(after.value(0), 1.0f);                   // The parameter still carries over.
}

TEST_F(StateMachineTest, ContinueFromStopsAOneShotAtItsEnd) {
  setup::Setup setup = MakeSetup({}, {State("A", "ramp_x")}, {});
  StateMachineInstance before = Make(setup);
  before.update(2.5f);  // Looping: 2.5 cycles.
  setup::Setup edited = setup;
  edited.states[0].loop = false;
  StateMachineInstance after = Make(edited);
  after.continue_from(before);
  EXPECT_TRUE(ActiveAre(after, {{0, 1.0f, 1.0f}}));
  EXPECT_TRUE(Vec3Near(Root(after), {10, 0, 0}, kTol));
}

}  // namespace
}  // namespace anim
