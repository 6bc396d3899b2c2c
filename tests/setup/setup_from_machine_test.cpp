// setup_from_machine: a compiled state machine made back into a setup compiles to the same
// runtime form, for the example projects and for a setup using every kind of field.
#include "anim/setup/from_machine.h"

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/demo/demo_model.h"
#include "anim/import/import_model.h"
#include "anim/setup/ik.h"
#include "anim/setup/setup.h"

namespace anim::setup {
namespace {

namespace fs = std::filesystem;

Result<Model> model_of(const std::string& setup_path, const Setup& setup) {
  if (setup.model == demo::kDemoModelPath) return demo::make_demo_model();
  return import::import_model(resolve_model_path(setup_path, setup.model));
}

std::vector<std::string> names_of(const std::vector<Clip>& clips) {
  std::vector<std::string> names;
  for (const Clip& c : clips) names.push_back(c.name);
  return names;
}

// Field by field, so that a difference names its place.
void expect_same(const StateMachineDef& a, const StateMachineDef& b) {
  ASSERT_EQ(a.parameters.size(), b.parameters.size());
  for (std::size_t i = 0; i < a.parameters.size(); ++i) {
    SCOPED_TRACE("parameter " + a.parameters[i].name);
    EXPECT_EQ(a.parameters[i].name, b.parameters[i].name);
    EXPECT_EQ(a.parameters[i].type, b.parameters[i].type);
    EXPECT_EQ(a.parameters[i].default_value, b.parameters[i].default_value);
    EXPECT_EQ(a.parameters[i].min, b.parameters[i].min);
    EXPECT_EQ(a.parameters[i].max, b.parameters[i].max);
    EXPECT_EQ(a.parameters[i].rate, b.parameters[i].rate);
  }
  ASSERT_EQ(a.blend_spaces.size(), b.blend_spaces.size());
  for (std::size_t i = 0; i < a.blend_spaces.size(); ++i) {
    SCOPED_TRACE("blend space " + a.blend_spaces[i].name);
    EXPECT_EQ(a.blend_spaces[i].name, b.blend_spaces[i].name);
    EXPECT_EQ(a.blend_spaces[i].parameter, b.blend_spaces[i].parameter);
    EXPECT_EQ(a.blend_spaces[i].clips, b.blend_spaces[i].clips);
    EXPECT_EQ(a.blend_spaces[i].positions, b.blend_spaces[i].positions);
  }
  ASSERT_EQ(a.states.size(), b.states.size());
  for (std::size_t i = 0; i < a.states.size(); ++i) {
    SCOPED_TRACE("state " + a.states[i].name);
    EXPECT_EQ(a.states[i].name, b.states[i].name);
    EXPECT_EQ(a.states[i].motion.kind, b.states[i].motion.kind);
    EXPECT_EQ(a.states[i].motion.index, b.states[i].motion.index);
    EXPECT_EQ(a.states[i].speed, b.states[i].speed);
    EXPECT_EQ(a.states[i].loop, b.states[i].loop);
  }
  ASSERT_EQ(a.transitions.size(), b.transitions.size());
  for (std::size_t i = 0; i < a.transitions.size(); ++i) {
    SCOPED_TRACE("transition " + std::to_string(i));
    const TransitionDef& x = a.transitions[i];
    const TransitionDef& y = b.transitions[i];
    EXPECT_EQ(x.from, y.from);
    EXPECT_EQ(x.to, y.to);
    ASSERT_EQ(x.conditions.size(), y.conditions.size());
    for (std::size_t c = 0; c < x.conditions.size(); ++c) {
      EXPECT_EQ(x.conditions[c].parameter, y.conditions[c].parameter);
      EXPECT_EQ(x.conditions[c].op, y.conditions[c].op);
      EXPECT_EQ(x.conditions[c].value, y.conditions[c].value);
    }
    EXPECT_EQ(x.has_exit_time, y.has_exit_time);
    EXPECT_EQ(x.exit_time, y.exit_time);
    EXPECT_EQ(x.duration, y.duration);
    EXPECT_EQ(x.offset, y.offset);
    EXPECT_EQ(x.interruption, y.interruption);
  }
  EXPECT_EQ(a.default_state, b.default_state);
}

// Compiles `setup` (its IK entries' joints resolved on `skeleton`, when given), makes it back from
// the result and compiles that.
void expect_round_trip(const Setup& setup, const std::vector<Clip>& clips,
                       const Skeleton* skeleton = nullptr) {
  Result<StateMachineDef> original = compile_setup(setup, clips);
  ASSERT_TRUE(original.ok()) << original.error().to_string();
  if (skeleton != nullptr) {
    const Status resolved = resolve_ik(setup, *skeleton, &original.value());
    ASSERT_TRUE(resolved.ok()) << resolved.error().to_string();
  }
  const setup::Setup rebuilt =
      setup_from_machine(original.value(), names_of(clips), setup.model,
                         skeleton != nullptr ? skeleton->names : std::vector<std::string>{});
  EXPECT_EQ(rebuilt.ik.size(), setup.ik.size());
  EXPECT_EQ(rebuilt.model, setup.model);
  for (const Diagnostic& d : validate_setup(rebuilt, names_of(clips))) {
    EXPECT_NE(d.severity, Diagnostic::Severity::kError) << d.pointer << ": " << d.message;
  }
  Result<StateMachineDef> again = compile_setup(rebuilt, clips);
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  expect_same(original.value(), again.value());
}

TEST(SetupFromMachine, EveryProjectCompilesToTheSameMachine) {
  int projects = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(ANIMSCOPE_SOURCE_DIR "/projects")) {
    if (e.path().extension() != ".json") continue;
    SCOPED_TRACE(e.path().string());
    Result<setup::Setup> setup = load_setup(e.path().string());
    ASSERT_TRUE(setup.ok()) << setup.error().to_string();
    Result<Model> model = model_of(e.path().string(), setup.value());
    ASSERT_TRUE(model.ok()) << model.error().to_string();
    expect_round_trip(setup.value(), model.value().clips, &model.value().skeleton);
    ++projects;
  }
  EXPECT_GE(projects, 2);
}

// Every kind of parameter, ranges present and absent, exit times, offsets, interruptions,
// conditions of each operator, a clip used both directly and in a blend space.
setup::Setup every_field() {
  setup::Setup s;
  s.model = "builtin:demo";
  s.parameters = {
      {"speed", ParameterType::kFloat, 0.25f, 0.0f, 2.0f, 3.0f, Json::object()},
      {"free", ParameterType::kFloat, -4.0f, std::nullopt, 8.0f, 0.0f, Json::object()},
      {"gear", ParameterType::kInt, 2.0f, -1.0f, std::nullopt, 0.0f, Json::object()},
      {"armed", ParameterType::kBool, 1.0f, std::nullopt, std::nullopt, 0.0f, Json::object()},
      {"jump", ParameterType::kTrigger, 0.0f, std::nullopt, std::nullopt, 0.0f, Json::object()}};
  s.blend_spaces = {{"Move", "speed", {{"Walk", 0.0f, {}}, {"Run", 1.5f, {}}}, Json::object()},
                    {"Gears", "gear", {{"Idle", -1.0f, {}}, {"Walk", 3.0f, {}}}, Json::object()}};
  s.states = {{"Stand", "Idle", 0.5f, false, Json::object()},
              {"Go", "Move", 1.25f, true, Json::object()},
              {"Shift", "Gears", 1.0f, true, Json::object()},
              {"Sprint", "Run", 2.0f, true, Json::object()}};
  s.default_state = "Go";
  SetupTransition a{
      "Stand",
      "Go",
      {{"speed", ConditionOp::kGreater, 0.1f, {}}, {"armed", ConditionOp::kTrue, 0.0f, {}}},
      0.75f,
      0.3f,
      0.2f,
      Interruption::kSource,
      Json::object()};
  SetupTransition b{"*",
                    "Stand",
                    {{"jump", ConditionOp::kTriggerSet, 0.0f, {}}},
                    std::nullopt,
                    0.1f,
                    0.0f,
                    Interruption::kDestination,
                    Json::object()};
  SetupTransition c{"Go",
                    "Shift",
                    {{"gear", ConditionOp::kNotEqual, 2.0f, {}},
                     {"free", ConditionOp::kLess, -1.0f, {}},
                     {"armed", ConditionOp::kFalse, 0.0f, {}}},
                    std::nullopt,
                    0.0f,
                    0.5f,
                    Interruption::kNone,
                    Json::object()};
  SetupTransition d{"Shift",
                    "Sprint",
                    {{"gear", ConditionOp::kEqual, 3.0f, {}}},
                    1.0f,
                    0.4f,
                    0.0f,
                    Interruption::kNone,
                    Json::object()};
  c.blend = TransitionBlend::kInertialize;
  s.transitions = {a, b, c, d};
  return s;
}

TEST(SetupFromMachine, EveryKindOfFieldSurvives) {
  const Model demo = demo::make_demo_model();
  const setup::Setup setup = every_field();
  expect_round_trip(setup, demo.clips);
  Result<StateMachineDef> def = compile_setup(setup, demo.clips);
  ASSERT_TRUE(def.ok()) << def.error().to_string();
  const setup::Setup rebuilt =
      setup_from_machine(def.value(), names_of(demo.clips), "hero.animpack");
  EXPECT_EQ(rebuilt.model, "hero.animpack");
  // What the setup said, by name: ranges only where it gave them.
  ASSERT_EQ(rebuilt.parameters.size(), 5u);
  EXPECT_EQ(rebuilt.parameters[1].min, std::nullopt);
  EXPECT_EQ(rebuilt.parameters[1].max, 8.0f);
  EXPECT_EQ(rebuilt.parameters[2].min, -1.0f);
  EXPECT_EQ(rebuilt.parameters[2].max, std::nullopt);
  EXPECT_EQ(rebuilt.parameters[3].min, std::nullopt);
  EXPECT_EQ(rebuilt.states[1].motion, "Move");
  EXPECT_EQ(rebuilt.states[3].motion, "Run");
  EXPECT_EQ(rebuilt.blend_spaces[1].parameter, "gear");
  EXPECT_EQ(rebuilt.blend_spaces[1].points[0].clip, "Idle");
  EXPECT_EQ(rebuilt.transitions[1].from, "*");
  EXPECT_EQ(rebuilt.transitions[0].exit_time, 0.75f);
  EXPECT_EQ(rebuilt.transitions[2].exit_time, std::nullopt);
  EXPECT_EQ(rebuilt.transitions[2].blend, TransitionBlend::kInertialize);
  EXPECT_EQ(rebuilt.transitions[3].blend, TransitionBlend::kCrossfade);
  EXPECT_EQ(rebuilt.default_state, "Go");
}

TEST(SetupFromMachine, IndicesOutOfRangeBecomeProblemsAtTheirPointers) {
  StateMachineDef def;
  def.parameters.push_back({"speed", ParameterType::kFloat, 0.0f, 0.0f, 1.0f, 0.0f});
  def.states.push_back({"A", {MotionRef::Kind::kClip, 7}, 1.0f, true});
  def.transitions.push_back({0, 3, {{5, ConditionOp::kGreater, 0.5f}}, false, 0, 0.2f, 0, {}});
  const setup::Setup setup = setup_from_machine(def, {"Walk"}, "m.animpack");
  std::vector<std::string> pointers;
  for (const Diagnostic& d : validate_setup(setup, {"Walk"})) {
    if (d.severity == Diagnostic::Severity::kError) pointers.push_back(d.pointer);
  }
  auto has = [&](const std::string& p) {
    return std::find(pointers.begin(), pointers.end(), p) != pointers.end();
  };
  EXPECT_TRUE(has("/states/0/motion"));
  EXPECT_TRUE(has("/transitions/0/to"));
  EXPECT_TRUE(has("/transitions/0/conditions/0/parameter"));
}

}  // namespace
}  // namespace anim::setup
