// compile_setup: a small setup written by hand compiles to the StateMachineDef it spells out
// (every index below worked out from the JSON and the model's clip list), names resolve against
// the clips in their order, and a setup naming something that does not exist fails with an
// Error that names it.
#include <algorithm>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/setup/setup.h"
#include "anim/state_machine_def.h"
#include "support/matchers.h"

namespace anim::setup {
namespace {

using namespace ::anim::testutil;

// Parameters 0 speed, 1 crouch, 2 jump, 3 lives, 4 lean, 5 carry; blend spaces move (1D, #0),
// strafe (2D, #0), crawl (1D, #1); states 0 Idle, 1 Move, 2 Strafe, 3 Crawl, 4 Jump.
constexpr const char* kSetup = R"({
  "format": "animscope.setup",
  "version": 3,
  "model": "hero.x",
  "parameters": [
    {"name": "speed", "type": "float", "default": 0.5, "min": 0, "max": 2, "rate": 3},
    {"name": "crouch", "type": "bool", "default": 1},
    {"name": "jump", "type": "trigger", "default": 0},
    {"name": "lives", "type": "int", "default": 3, "min": 0, "max": 9},
    {"name": "lean", "type": "float", "default": -0.25},
    {"name": "carry", "type": "float", "default": 0, "min": 0, "max": 1}
  ],
  "blend_spaces": [
    {"name": "move", "parameter": "speed",
     "points": [{"clip": "walk", "position": 0.5}, {"clip": "run", "position": 2}]},
    {"name": "strafe", "parameters": ["lean", "speed"],
     "points": [{"clip": "idle", "position": [0, 0]}, {"clip": "walk", "position": [1, 0]},
                {"clip": "run", "position": [0, 1]}]},
    {"name": "crawl", "parameter": "lean",
     "points": [{"clip": "wave", "position": -1}, {"clip": "idle", "position": 1}]}
  ],
  "states": [
    {"name": "Idle", "motion": "idle", "speed": 1, "loop": true},
    {"name": "Move", "motion": "move", "speed": 1.25, "loop": true},
    {"name": "Strafe", "motion": "strafe", "speed": 0.5, "loop": true},
    {"name": "Crawl", "motion": "crawl", "speed": 1, "loop": true},
    {"name": "Jump", "motion": "jump", "speed": 2, "loop": false, "root_motion": false}
  ],
  "default_state": "Move",
  "transitions": [
    {"from": "Idle", "to": "Move",
     "conditions": [{"parameter": "speed", "op": ">", "value": 0.1}],
     "exit_time": null, "duration": 0.3, "offset": 0.25, "interruption": "source",
     "blend": "inertialize"},
    {"from": "Move", "to": "Idle",
     "conditions": [{"parameter": "speed", "op": "<", "value": 0.05},
                    {"parameter": "lives", "op": "!=", "value": 0}],
     "exit_time": 0.9, "duration": 0.2, "offset": 0, "interruption": "destination"},
    {"from": "*", "to": "Jump",
     "conditions": [{"parameter": "jump", "op": "trigger"}, {"parameter": "crouch", "op": "false"}],
     "exit_time": null, "duration": 0.1, "offset": 0, "interruption": "none"},
    {"from": "Jump", "to": "Idle", "conditions": [],
     "exit_time": 0.75, "duration": 0.15, "offset": 0.5, "interruption": "none"},
    {"from": "Crawl", "to": "Strafe",
     "conditions": [{"parameter": "lives", "op": "==", "value": 2},
                    {"parameter": "crouch", "op": "true"}],
     "exit_time": null, "duration": 0.35, "offset": 0, "interruption": "none"},
    {"from": "*", "to": "Crawl",
     "conditions": [{"parameter": "crouch", "op": "true"}],
     "exit_time": null, "duration": 0.05, "offset": 0, "interruption": "none"}
  ],
  "events": [
    {"clip": "walk", "time": 0.5, "name": "step_r", "payload": "right"},
    {"clip": "walk", "time": 0, "name": "step_l"},
    {"clip": "idle", "time": 0.75, "name": "blink"}
  ],
  "layers": [
    {"name": "Upper", "blend": "override", "weight": 0.8, "weight_parameter": "carry",
     "mask": {"include": ["spine"], "exclude": ["head"]},
     "states": [{"name": "Wave", "motion": "wave", "speed": 1, "loop": true},
                {"name": "Hold", "motion": "idle", "speed": 1, "loop": true}],
     "default_state": "Hold",
     "transitions": [
       {"from": "Hold", "to": "Wave", "conditions": [{"parameter": "carry", "op": ">",
                                                      "value": 0.5}],
        "exit_time": null, "duration": 0.4, "offset": 0, "interruption": "none"}]},
    {"name": "Lean", "blend": "additive", "weight": 0.5, "reference": "walk",
     "mask": {"include": [], "exclude": []},
     "states": [{"name": "Sway", "motion": "move", "speed": 1, "loop": true}],
     "default_state": "Sway", "transitions": []}
  ],
  "editor": {}
})";

// The model's clips, in its order: idle 0, walk 1, run 2, jump 3, wave 4.
std::vector<Clip> ModelClips() {
  const char* names[] = {"idle", "walk", "run", "jump", "wave"};
  const float durations[] = {1.0f, 1.0f, 0.8f, 1.2f, 2.0f};
  std::vector<Clip> clips;
  for (int i = 0; i < 5; ++i) {
    ClipBuilder b(names[i], durations[i], 1);
    b.add_translation(0, 0.0f, glm::vec3(0.0f));
    clips.push_back(b.build());
  }
  return clips;
}

Setup Parse(const std::string& text) {
  std::vector<Diagnostic> problems;
  Result<Setup> setup = parse_setup(text, "hero.setup.json", &problems);
  EXPECT_TRUE(setup.ok()) << setup.error().to_string();
  return setup.ok() ? setup.value() : Setup{};
}

StateMachineDef Compile(const std::string& text, const std::vector<Clip>& clips) {
  Result<StateMachineDef> def = compile_setup(Parse(text), clips);
  EXPECT_TRUE(def.ok()) << def.error().to_string();
  return def.ok() ? def.value() : StateMachineDef{};
}

// `text` with its first `from` replaced by `to`.
std::string Replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// The message of the Error that compiling `text` gives.
std::string CompileError(const std::string& text) {
  const Result<StateMachineDef> def = compile_setup(Parse(text), ModelClips());
  EXPECT_FALSE(def.ok());
  return def.ok() ? std::string() : def.error().to_string();
}

// "Kind index" of a motion, for readable comparisons.
std::string Motion(const MotionRef& m) {
  const char* kind = m.kind == MotionRef::Kind::kClip         ? "clip"
                     : m.kind == MotionRef::Kind::kBlendSpace ? "1d"
                                                              : "2d";
  return std::string(kind) + " " + std::to_string(m.index);
}

// "parameter op value" of a condition.
std::string Condition(const ConditionDef& c) {
  return std::to_string(c.parameter) + " " + to_string(c.op) + " " + std::to_string(c.value);
}

TEST(SetupCompileTest, ParametersKeepTheirTypeDefaultAndRange) {
  const StateMachineDef def = Compile(kSetup, ModelClips());
  ASSERT_EQ(def.parameters.size(), 6u);
  const ParameterDef& speed = def.parameters[0];
  EXPECT_EQ(speed.name, "speed");
  EXPECT_EQ(speed.type, ParameterType::kFloat);
  EXPECT_EQ(speed.default_value, 0.5f);
  EXPECT_EQ(speed.min, 0.0f);
  EXPECT_EQ(speed.max, 2.0f);
  EXPECT_EQ(speed.rate, 3.0f);
  // Bools and triggers range over 0 and 1.
  const ParameterDef& crouch = def.parameters[1];
  EXPECT_EQ(crouch.name, "crouch");
  EXPECT_EQ(crouch.type, ParameterType::kBool);
  EXPECT_EQ(crouch.default_value, 1.0f);
  EXPECT_EQ(crouch.min, 0.0f);
  EXPECT_EQ(crouch.max, 1.0f);
  const ParameterDef& jump = def.parameters[2];
  EXPECT_EQ(jump.name, "jump");
  EXPECT_EQ(jump.type, ParameterType::kTrigger);
  EXPECT_EQ(jump.default_value, 0.0f);
  EXPECT_EQ(jump.min, 0.0f);
  EXPECT_EQ(jump.max, 1.0f);
  const ParameterDef& lives = def.parameters[3];
  EXPECT_EQ(lives.name, "lives");
  EXPECT_EQ(lives.type, ParameterType::kInt);
  EXPECT_EQ(lives.default_value, 3.0f);
  EXPECT_EQ(lives.min, 0.0f);
  EXPECT_EQ(lives.max, 9.0f);
  EXPECT_EQ(lives.rate, 0.0f);
  // No bounds written: unbounded.
  const ParameterDef& lean = def.parameters[4];
  EXPECT_EQ(lean.name, "lean");
  EXPECT_EQ(lean.default_value, -0.25f);
  EXPECT_EQ(lean.min, kUnboundedMin);
  EXPECT_EQ(lean.max, kUnboundedMax);
  EXPECT_EQ(lean.rate, 0.0f);
  EXPECT_EQ(def.parameters[5].name, "carry");
  EXPECT_EQ(def.parameters[5].max, 1.0f);
}

TEST(SetupCompileTest, BlendSpacesGoToTheListOfTheirKind) {
  const StateMachineDef def = Compile(kSetup, ModelClips());
  ASSERT_EQ(def.blend_spaces.size(), 2u);
  EXPECT_EQ(def.blend_spaces[0].name, "move");
  EXPECT_EQ(def.blend_spaces[0].parameter, 0);                // speed
  EXPECT_THAT(def.blend_spaces[0].clips, ElementsAre(1, 2));  // walk, run
  EXPECT_THAT(def.blend_spaces[0].positions, ElementsAre(0.5f, 2.0f));
  EXPECT_EQ(def.blend_spaces[1].name, "crawl");
  EXPECT_EQ(def.blend_spaces[1].parameter, 4);                // lean
  EXPECT_THAT(def.blend_spaces[1].clips, ElementsAre(4, 0));  // wave, idle
  EXPECT_THAT(def.blend_spaces[1].positions, ElementsAre(-1.0f, 1.0f));
  ASSERT_EQ(def.blend_spaces_2d.size(), 1u);
  const BlendSpace2DDef& strafe = def.blend_spaces_2d[0];
  EXPECT_EQ(strafe.name, "strafe");
  EXPECT_EQ(strafe.parameter_x, 4);  // lean
  EXPECT_EQ(strafe.parameter_y, 0);  // speed
  EXPECT_THAT(strafe.clips, ElementsAre(0, 1, 2));
  ASSERT_EQ(strafe.positions.size(), 3u);
  EXPECT_EQ(strafe.positions[1].x, 1.0f);
  EXPECT_EQ(strafe.positions[1].y, 0.0f);
  EXPECT_EQ(strafe.positions[2].x, 0.0f);
  EXPECT_EQ(strafe.positions[2].y, 1.0f);
}

TEST(SetupCompileTest, StatesPlayTheirClipOrBlendSpace) {
  const StateMachineDef def = Compile(kSetup, ModelClips());
  ASSERT_EQ(def.states.size(), 5u);
  std::vector<std::string> states;
  for (const StateDef& s : def.states) {
    states.push_back(s.name + ": " + Motion(s.motion) + " x" + std::to_string(s.speed) +
                     (s.loop ? " loop" : " once") + (s.root_motion ? "" : " in place"));
  }
  EXPECT_THAT(states, ElementsAre("Idle: clip 0 x1.000000 loop", "Move: 1d 0 x1.250000 loop",
                                  "Strafe: 2d 0 x0.500000 loop", "Crawl: 1d 1 x1.000000 loop",
                                  "Jump: clip 3 x2.000000 once in place"));
  EXPECT_EQ(def.default_state, 1);  // Move
  EXPECT_EQ(def.root_motion_joint, -1);
}

TEST(SetupCompileTest, TransitionsResolveStatesAndConditions) {
  const StateMachineDef def = Compile(kSetup, ModelClips());
  ASSERT_EQ(def.transitions.size(), 6u);
  const TransitionDef* t = def.transitions.data();
  // Idle -> Move when speed > 0.1.
  EXPECT_EQ(t[0].from, 0);
  EXPECT_EQ(t[0].to, 1);
  ASSERT_EQ(t[0].conditions.size(), 1u);
  EXPECT_EQ(t[0].conditions[0].parameter, 0);
  EXPECT_EQ(t[0].conditions[0].op, ConditionOp::kGreater);
  EXPECT_EQ(t[0].conditions[0].value, 0.1f);
  EXPECT_FALSE(t[0].has_exit_time);
  EXPECT_EQ(t[0].duration, 0.3f);
  EXPECT_EQ(t[0].offset, 0.25f);
  EXPECT_EQ(t[0].interruption, Interruption::kSource);
  EXPECT_EQ(t[0].blend, TransitionBlend::kInertialize);
  // Move -> Idle when speed < 0.05 and lives != 0, after 90%.
  EXPECT_EQ(t[1].from, 1);
  EXPECT_EQ(t[1].to, 0);
  ASSERT_EQ(t[1].conditions.size(), 2u);
  EXPECT_EQ(t[1].conditions[0].parameter, 0);
  EXPECT_EQ(t[1].conditions[0].op, ConditionOp::kLess);
  EXPECT_EQ(t[1].conditions[0].value, 0.05f);
  EXPECT_EQ(t[1].conditions[1].parameter, 3);
  EXPECT_EQ(t[1].conditions[1].op, ConditionOp::kNotEqual);
  EXPECT_EQ(t[1].conditions[1].value, 0.0f);
  EXPECT_TRUE(t[1].has_exit_time);
  EXPECT_EQ(t[1].exit_time, 0.9f);
  EXPECT_EQ(t[1].duration, 0.2f);
  EXPECT_EQ(t[1].interruption, Interruption::kDestination);
  EXPECT_EQ(t[1].blend, TransitionBlend::kCrossfade);
  // Jump -> Idle on exit time alone.
  EXPECT_EQ(t[3].from, 4);
  EXPECT_EQ(t[3].to, 0);
  EXPECT_THAT(t[3].conditions, IsEmpty());
  EXPECT_TRUE(t[3].has_exit_time);
  EXPECT_EQ(t[3].exit_time, 0.75f);
  EXPECT_EQ(t[3].duration, 0.15f);
  EXPECT_EQ(t[3].offset, 0.5f);
  EXPECT_EQ(t[3].interruption, Interruption::kNone);
  // Crawl -> Strafe when lives == 2 and crouch.
  EXPECT_EQ(t[4].from, 3);
  EXPECT_EQ(t[4].to, 2);
  ASSERT_EQ(t[4].conditions.size(), 2u);
  EXPECT_EQ(Condition(t[4].conditions[0]), "3 == 2.000000");
  EXPECT_EQ(Condition(t[4].conditions[1]), "1 true 0.000000");
  EXPECT_EQ(t[4].duration, 0.35f);
}

TEST(SetupCompileTest, AnyStateTransitionsComeFromMinusOne) {
  const StateMachineDef def = Compile(kSetup, ModelClips());
  ASSERT_EQ(def.transitions.size(), 6u);
  // * -> Jump on the jump trigger when not crouching; * -> Crawl when crouching.
  const TransitionDef& jump = def.transitions[2];
  EXPECT_EQ(jump.from, -1);
  EXPECT_EQ(jump.to, 4);
  ASSERT_EQ(jump.conditions.size(), 2u);
  EXPECT_EQ(jump.conditions[0].parameter, 2);
  EXPECT_EQ(jump.conditions[0].op, ConditionOp::kTriggerSet);
  EXPECT_EQ(jump.conditions[1].parameter, 1);
  EXPECT_EQ(jump.conditions[1].op, ConditionOp::kFalse);
  EXPECT_FALSE(jump.has_exit_time);
  EXPECT_EQ(jump.duration, 0.1f);
  const TransitionDef& crawl = def.transitions[5];
  EXPECT_EQ(crawl.from, -1);
  EXPECT_EQ(crawl.to, 3);
  ASSERT_EQ(crawl.conditions.size(), 1u);
  EXPECT_EQ(crawl.conditions[0].parameter, 1);
  EXPECT_EQ(crawl.conditions[0].op, ConditionOp::kTrue);
  EXPECT_EQ(crawl.duration, 0.05f);
}

TEST(SetupCompileTest, EventsNameTheirClipAndAreSortedByClipThenTime) {
  const StateMachineDef def = Compile(kSetup, ModelClips());
  ASSERT_EQ(def.events.size(), 3u);
  // blink on idle (clip 0) first, then walk's (clip 1) by time.
  EXPECT_EQ(def.events[0].name, "blink");
  EXPECT_EQ(def.events[0].clip, 0);
  EXPECT_EQ(def.events[0].time, 0.75f);
  EXPECT_EQ(def.events[0].payload, "");
  EXPECT_EQ(def.events[1].name, "step_l");
  EXPECT_EQ(def.events[1].clip, 1);
  EXPECT_EQ(def.events[1].time, 0.0f);
  EXPECT_EQ(def.events[2].name, "step_r");
  EXPECT_EQ(def.events[2].clip, 1);
  EXPECT_EQ(def.events[2].time, 0.5f);
  EXPECT_EQ(def.events[2].payload, "right");
}

TEST(SetupCompileTest, LayersCompileTheirOwnStatesOverTheSharedParameters) {
  const StateMachineDef def = Compile(kSetup, ModelClips());
  ASSERT_EQ(def.layers.size(), 2u);
  const LayerDef& upper = def.layers[0];
  EXPECT_EQ(upper.name, "Upper");
  EXPECT_EQ(upper.blend, LayerBlend::kOverride);
  EXPECT_EQ(upper.weight, 0.8f);
  EXPECT_EQ(upper.weight_parameter, 5);  // carry
  EXPECT_THAT(upper.mask.include, ElementsAre("spine"));
  EXPECT_THAT(upper.mask.exclude, ElementsAre("head"));
  EXPECT_EQ(upper.reference_clip, -1);
  ASSERT_EQ(upper.states.size(), 2u);
  EXPECT_EQ(upper.states[0].name, "Wave");
  EXPECT_EQ(Motion(upper.states[0].motion), "clip 4");
  EXPECT_EQ(upper.states[1].name, "Hold");
  EXPECT_EQ(Motion(upper.states[1].motion), "clip 0");
  EXPECT_EQ(upper.default_state, 1);  // Hold, in the layer's own states.
  ASSERT_EQ(upper.transitions.size(), 1u);
  EXPECT_EQ(upper.transitions[0].from, 1);
  EXPECT_EQ(upper.transitions[0].to, 0);
  ASSERT_EQ(upper.transitions[0].conditions.size(), 1u);
  EXPECT_EQ(upper.transitions[0].conditions[0].parameter, 5);
  EXPECT_EQ(upper.transitions[0].conditions[0].value, 0.5f);
  EXPECT_EQ(upper.transitions[0].duration, 0.4f);

  const LayerDef& lean = def.layers[1];
  EXPECT_EQ(lean.name, "Lean");
  EXPECT_EQ(lean.blend, LayerBlend::kAdditive);
  EXPECT_EQ(lean.weight, 0.5f);
  EXPECT_EQ(lean.weight_parameter, -1);
  EXPECT_THAT(lean.mask.include, IsEmpty());
  EXPECT_THAT(lean.mask.exclude, IsEmpty());
  EXPECT_EQ(lean.reference_clip, 1);  // walk
  ASSERT_EQ(lean.states.size(), 1u);
  EXPECT_EQ(Motion(lean.states[0].motion), "1d 0");  // The base's "move".
  EXPECT_EQ(lean.default_state, 0);
  EXPECT_THAT(lean.transitions, IsEmpty());
}

TEST(SetupCompileTest, ClipNamesResolveInTheModelsOrder) {
  // The same clips listed the other way round: wave 0, jump 1, run 2, walk 3, idle 4.
  std::vector<Clip> reversed = ModelClips();
  std::reverse(reversed.begin(), reversed.end());
  const StateMachineDef def = Compile(kSetup, reversed);
  ASSERT_EQ(def.states.size(), 5u);
  EXPECT_EQ(Motion(def.states[0].motion), "clip 4");  // idle
  EXPECT_EQ(Motion(def.states[4].motion), "clip 1");  // jump
  ASSERT_EQ(def.blend_spaces.size(), 2u);
  EXPECT_THAT(def.blend_spaces[0].clips, ElementsAre(3, 2));
  EXPECT_THAT(def.blend_spaces[1].clips, ElementsAre(0, 4));
  ASSERT_EQ(def.blend_spaces_2d.size(), 1u);
  EXPECT_THAT(def.blend_spaces_2d[0].clips, ElementsAre(4, 3, 2));
  ASSERT_EQ(def.layers.size(), 2u);
  EXPECT_EQ(def.layers[1].reference_clip, 3);
  ASSERT_EQ(def.events.size(), 3u);
  // Sorted by the new indices: walk's (3) events before idle's (4).
  EXPECT_EQ(def.events[0].name, "step_l");
  EXPECT_EQ(def.events[0].clip, 3);
  EXPECT_EQ(def.events[1].name, "step_r");
  EXPECT_EQ(def.events[2].name, "blink");
  EXPECT_EQ(def.events[2].clip, 4);
}

TEST(SetupCompileTest, ClipsTheSetupDoesNotUseMayBeAnywhere) {
  std::vector<Clip> clips = ModelClips();
  ClipBuilder b("unused", 1.0f, 1);
  clips.insert(clips.begin(), b.build());
  const StateMachineDef def = Compile(kSetup, clips);
  ASSERT_EQ(def.states.size(), 5u);
  EXPECT_EQ(Motion(def.states[0].motion), "clip 1");  // idle moved one down
  EXPECT_EQ(Motion(def.states[4].motion), "clip 4");  // jump
}

// ---------------------------------------------------------------------------------------------
// Names that do not exist

// The message names the problem, the thing in quotes and where the setup says it.
::testing::Matcher<std::string> Names(const std::string& pointer, const std::string& problem,
                                      const std::string& name) {
  return ::testing::AllOf(StartsWith(pointer + ": "), HasSubstr(problem + " \"" + name + "\""));
}

TEST(SetupCompileTest, AnUnknownClipIsNamed) {
  EXPECT_THAT(CompileError(Replaced(kSetup, R"("motion": "jump")", R"("motion": "leap")")),
              Names("/states/4/motion", "unknown clip or blend space", "leap"));
  EXPECT_THAT(CompileError(Replaced(kSetup, R"({"clip": "run", "position": 2})",
                                    R"({"clip": "sprint", "position": 2})")),
              Names("/blend_spaces/0/points/1/clip", "unknown clip", "sprint"));
  EXPECT_THAT(CompileError(Replaced(kSetup, R"({"clip": "idle", "time": 0.75)",
                                    R"({"clip": "blinking", "time": 0.75)")),
              Names("/events/2/clip", "unknown clip", "blinking"));
  EXPECT_THAT(CompileError(Replaced(kSetup, R"("reference": "walk")", R"("reference": "strut")")),
              Names("/layers/1/reference", "unknown clip", "strut"));
  // A clip the model does not have, though the setup names it as before: the first place that
  // plays it is named.
  std::vector<Clip> clips = ModelClips();
  clips.erase(clips.begin() + 4);  // wave
  const Result<StateMachineDef> def = compile_setup(Parse(kSetup), clips);
  ASSERT_FALSE(def.ok());
  EXPECT_EQ(def.error().code, Error::Code::kInvalidData);
  EXPECT_THAT(def.error().to_string(), HasSubstr("unknown clip \"wave\""));
  // The place is the error's path, apart from its message: a caller puts its file in front.
  EXPECT_EQ(def.error().path, "/blend_spaces/2/points/0/clip");  // crawl's first point
  EXPECT_EQ(def.error().to_string(), def.error().path + ": " + def.error().message);
}

TEST(SetupCompileTest, AnUnknownStateIsNamed) {
  EXPECT_THAT(CompileError(Replaced(kSetup, R"("from": "Jump")", R"("from": "Leap")")),
              Names("/transitions/3/from", "unknown state", "Leap"));
  EXPECT_THAT(CompileError(Replaced(kSetup, R"("to": "Strafe")", R"("to": "Sidestep")")),
              Names("/transitions/4/to", "unknown state", "Sidestep"));
  EXPECT_THAT(
      CompileError(Replaced(kSetup, R"("default_state": "Move")", R"("default_state": "Run")")),
      Names("/default_state", "unknown state", "Run"));
  EXPECT_THAT(
      CompileError(Replaced(kSetup, R"("default_state": "Hold")", R"("default_state": "Grip")")),
      Names("/layers/0/default_state", "unknown state", "Grip"));
}

TEST(SetupCompileTest, AnUnknownParameterIsNamed) {
  EXPECT_THAT(CompileError(Replaced(kSetup, R"({"parameter": "lives", "op": "==")",
                                    R"({"parameter": "health", "op": "==")")),
              Names("/transitions/4/conditions/0/parameter", "unknown parameter", "health"));
  EXPECT_THAT(CompileError(Replaced(kSetup, R"("parameter": "lean",)", R"("parameter": "tilt",)")),
              Names("/blend_spaces/2/parameter", "unknown parameter", "tilt"));
  EXPECT_THAT(CompileError(Replaced(kSetup, R"("weight_parameter": "carry")",
                                    R"("weight_parameter": "load")")),
              Names("/layers/0/weight_parameter", "unknown parameter", "load"));
}

TEST(SetupCompileTest, SeveralProblemsAreCounted) {
  std::string text = Replaced(kSetup, R"("motion": "jump")", R"("motion": "leap")");
  text = Replaced(text, R"("to": "Strafe")", R"("to": "Sidestep")");
  const std::string message = CompileError(text);
  EXPECT_THAT(message, HasSubstr("\"leap\""));
  EXPECT_THAT(message, HasSubstr("(and 1 more problem)"));
}

}  // namespace
}  // namespace anim::setup
