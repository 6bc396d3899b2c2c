// Nested state machines in setups: read and written, checked, and flattened by compile_setup into
// the runtime's machine of leaves named by path. Expected flat machines are drawn by hand in each
// test's comment.
#include <functional>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "anim/clip.h"
#include "anim/setup/from_machine.h"
#include "anim/setup/setup.h"
#include "anim/state_machine.h"
#include "support/matchers.h"
#include "support/rigs.h"
#include "support/setups.h"

namespace anim::setup {
namespace {

using namespace ::anim::testutil;

// Idle, and Locomotion {Walk, Run} entered at Walk, left only from Walk (its exit state):
//   Idle -> Locomotion (speed > 0.1); inside, Walk -> Run (speed > 0.6), Run -> Walk (< 0.5);
//   Locomotion -> Idle (speed < 0.05); "*" -> Idle on the trigger "stop".
constexpr const char* kNested = R"({
  "format": "animscope.setup",
  "version": 3,
  "model": "m.glb",
  "parameters": [
    {"name": "speed", "type": "float", "default": 0},
    {"name": "stop", "type": "trigger", "default": 0}
  ],
  "states": [
    {"name": "Idle", "motion": "idle"},
    {"name": "Locomotion", "machine": {
      "states": [{"name": "Walk", "motion": "walk"}, {"name": "Run", "motion": "run"}],
      "default_state": "Walk",
      "transitions": [
        {"from": "Walk", "to": "Run", "conditions": [{"parameter": "speed", "op": ">", "value": 0.6}]},
        {"from": "Run", "to": "Walk", "conditions": [{"parameter": "speed", "op": "<", "value": 0.5}]}
      ],
      "exit_states": ["Walk"]
    }}
  ],
  "default_state": "Idle",
  "transitions": [
    {"from": "Idle", "to": "Locomotion", "conditions": [{"parameter": "speed", "op": ">", "value": 0.1}]},
    {"from": "Locomotion", "to": "Idle", "conditions": [{"parameter": "speed", "op": "<", "value": 0.05}]},
    {"from": "*", "to": "Idle", "conditions": [{"parameter": "stop", "op": "trigger"}]}
  ]
})";

const std::vector<std::string> kClips = {"idle", "walk", "run"};

setup::Setup Nested() {
  Result<setup::Setup> s = parse_setup(kNested, "nested.json");
  EXPECT_TRUE(s.ok()) << s.error().to_string();
  return s.ok() ? s.value() : setup::Setup{};
}

std::vector<Clip> Clips() {
  std::vector<Clip> clips;
  for (const std::string& name : kClips) {
    ClipBuilder b(name, 1.0f, 1);
    b.add_translation(0, 0.0f, {0, 0, 0});
    clips.push_back(b.build());
  }
  return clips;
}

std::vector<std::string> Problems(const setup::Setup& s, Diagnostic::Severity severity) {
  std::vector<std::string> found;
  for (const Diagnostic& d : validate_setup(s, kClips)) {
    if (d.severity == severity) found.push_back(d.pointer + ": " + d.message);
  }
  return found;
}

TEST(SetupNestingTest, ReadsAndWritesAMachineInAState) {
  const setup::Setup s = Nested();
  ASSERT_EQ(s.states.size(), 2u);
  ASSERT_TRUE(s.states[1].is_machine());
  EXPECT_TRUE(s.states[1].motion.empty());
  const SetupMachine& m = *s.states[1].machine;
  EXPECT_EQ(m.default_state, "Walk");
  ASSERT_EQ(m.states.size(), 2u);
  EXPECT_EQ(m.states[1].motion, "run");
  EXPECT_EQ(m.transitions.size(), 2u);
  EXPECT_THAT(m.exit_states, ElementsAre("Walk"));
  // Written without a "motion", and read back the same.
  const std::string text = to_json_text(s);
  const Json written = Json::parse(text);
  EXPECT_FALSE(written["states"][1].contains("motion"));
  EXPECT_EQ(written["states"][1]["machine"]["exit_states"], Json::parse(R"(["Walk"])"));
  const Result<setup::Setup> back = parse_setup(text, "again.json");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(to_json_text(back.value()), text);
}

TEST(SetupNestingTest, StructuralProblemsHaveTheirPointers) {
  const auto problem = [](const std::function<void(Json&)>& spoil) {
    Json doc = Json::parse(kNested);
    spoil(doc);
    std::vector<Diagnostic> diagnostics;
    EXPECT_FALSE(parse_setup(doc.dump(), "bad.json", &diagnostics).ok());
    return diagnostics.empty() ? std::string()
                               : diagnostics[0].pointer + ": " + diagnostics[0].message;
  };
  EXPECT_EQ(problem([](Json& d) { d["states"][1]["motion"] = "walk"; }),
            "/states/1/motion: give a state \"motion\" or \"machine\", not both");
  EXPECT_EQ(problem([](Json& d) { d["states"][1]["machine"] = 5; }),
            "/states/1/machine: expected an object: {\"states\": [...], \"default_state\", "
            "\"transitions\": [...], \"exit_states\": [...]}");
  EXPECT_EQ(problem([](Json& d) { d["states"][1]["machine"].erase("states"); }),
            "/states/1/machine/states: missing required field");
  EXPECT_EQ(problem([](Json& d) { d["states"][0].erase("motion"); }),
            "/states/0/motion: missing required field");
  EXPECT_EQ(problem([](Json& d) { d["states"][1]["machine"]["exit_states"] = "Walk"; }),
            "/states/1/machine/exit_states: expected an array of names");
}

TEST(SetupNestingTest, ValidationLooksIntoNestedMachines) {
  setup::Setup s = Nested();
  EXPECT_THAT(Problems(s, Diagnostic::Severity::kError), IsEmpty());
  SetupMachine& m = *s.states[1].machine;
  s.transitions[0].to = "Locomotion/Runn";
  m.transitions[0].to = "Jog";
  m.exit_states = {"Wlak"};
  m.states.push_back(State("Sprint/Fast", "run"));
  EXPECT_THAT(Problems(s, Diagnostic::Severity::kError),
              ElementsAre("/states/1/machine/states/2/name: state name \"Sprint/Fast\" has a "
                          "\"/\", which separates the parts of a path",
                          "/states/1/machine/transitions/0/to: unknown state \"Jog\"",
                          "/states/1/machine/exit_states/0: unknown exit state \"Wlak\" (did you "
                          "mean \"Walk\"?)",
                          "/transitions/0/to: unknown state \"Locomotion/Runn\""));
  // A machine without states, and one whose default names nothing.
  s = Nested();
  s.states[1].machine->states.clear();
  EXPECT_THAT(
      Problems(s, Diagnostic::Severity::kError),
      ::testing::IsSupersetOf({"/states/1/machine/states: a machine needs at least one state",
                               "/states/1/machine/default_state: unknown state \"Walk\""}));
}

TEST(SetupNestingTest, AnUnreachableNestedStateIsAWarning) {
  setup::Setup s = Nested();
  s.states[1].machine->states.push_back(State("Limp", "walk"));
  EXPECT_THAT(
      Problems(s, Diagnostic::Severity::kWarning),
      ::testing::Contains("/states/1/machine/states/2: state \"Limp\" is not reachable from the "
                          "default state \"Walk\""));
}

TEST(SetupNestingTest, TransitionsFiringAtOnceRoundACycleAreAnError) {
  // Walk -> Run and Run -> Walk with no conditions and no exit time: every update would switch.
  setup::Setup s = Nested();
  SetupMachine& m = *s.states[1].machine;
  m.transitions[0].conditions.clear();
  m.transitions[1].conditions.clear();
  EXPECT_THAT(Problems(s, Diagnostic::Severity::kError),
              ElementsAre("/states/1/machine/transitions/0: transitions without conditions or "
                          "exit time fire round a cycle: Locomotion/Walk -> Locomotion/Run -> "
                          "Locomotion/Walk"));
  m.transitions[1].exit_time = 1.0f;  // Run plays once through first: no longer at once.
  EXPECT_THAT(Problems(s, Diagnostic::Severity::kError), IsEmpty());
}

// The flat machine, by hand:
//   states Idle, Locomotion/Walk, Locomotion/Run; default Idle;
//   transitions, the top's first: Idle -> Locomotion/Walk, Locomotion/Walk -> Idle (from the exit
//   state only), * -> Idle, then the machine's: Locomotion/Walk -> Locomotion/Run and back.
TEST(SetupNestingTest, CompileFlattensToLeavesNamedByPath) {
  const Result<StateMachineDef> def = compile_setup(Nested(), Clips());
  ASSERT_TRUE(def.ok()) << def.error().to_string();
  const StateMachineDef& d = def.value();
  std::vector<std::string> states;
  for (const StateDef& s : d.states) states.push_back(s.name);
  EXPECT_THAT(states, ElementsAre("Idle", "Locomotion/Walk", "Locomotion/Run"));
  EXPECT_EQ(d.default_state, 0);
  EXPECT_EQ(d.states[2].motion.index, 2);  // run
  std::vector<std::string> transitions;
  for (const TransitionDef& t : d.transitions) {
    transitions.push_back((t.from < 0 ? "*" : d.states[t.from].name) + " -> " +
                          d.states[t.to].name);
  }
  EXPECT_THAT(transitions, ElementsAre("Idle -> Locomotion/Walk", "Locomotion/Walk -> Idle",
                                       "* -> Idle", "Locomotion/Walk -> Locomotion/Run",
                                       "Locomotion/Run -> Locomotion/Walk"));
}

TEST(SetupNestingTest, AnyStateInsideAMachineLeavesFromEachOfItsStates) {
  // "*" -> Walk inside Locomotion: from Run (not from Walk itself), and from nothing outside.
  setup::Setup s = Nested();
  SetupTransition back = Transition("*", "Walk", {When("stop", ConditionOp::kTriggerSet)});
  s.states[1].machine->transitions.push_back(back);
  s.transitions[2].to = "Locomotion/Run";  // And a top transition straight into a nested state.
  const Result<StateMachineDef> def = compile_setup(s, Clips());
  ASSERT_TRUE(def.ok()) << def.error().to_string();
  const StateMachineDef& d = def.value();
  ASSERT_EQ(d.transitions.size(), 6u);
  EXPECT_EQ(d.transitions[2].from, -1);
  EXPECT_EQ(d.transitions[2].to, 2);    // * -> Locomotion/Run
  EXPECT_EQ(d.transitions[5].from, 2);  // Locomotion/Run -> Locomotion/Walk
  EXPECT_EQ(d.transitions[5].to, 1);
}

TEST(SetupNestingTest, AMachineMadeBackIntoASetupNestsItsPathsAgain) {
  // The flat machine's leaves Locomotion/Walk and Locomotion/Run become a machine Locomotion
  // again; its transitions stay at the top naming paths, so it flattens to the same machine.
  const Result<StateMachineDef> def = compile_setup(Nested(), Clips());
  ASSERT_TRUE(def.ok());
  const setup::Setup back = setup_from_machine(def.value(), kClips, "m.glb");
  ASSERT_EQ(back.states.size(), 2u);
  ASSERT_TRUE(back.states[1].is_machine());
  EXPECT_EQ(back.states[1].name, "Locomotion");
  EXPECT_EQ(back.states[1].machine->default_state, "Walk");
  ASSERT_EQ(back.states[1].machine->states.size(), 2u);
  EXPECT_EQ(back.states[1].machine->states[1].name, "Run");
  EXPECT_EQ(back.transitions[0].to, "Locomotion/Walk");
  const Result<StateMachineDef> again = compile_setup(back, Clips());
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  ASSERT_EQ(again.value().transitions.size(), def.value().transitions.size());
  for (std::size_t i = 0; i < def.value().transitions.size(); ++i) {
    EXPECT_EQ(again.value().transitions[i].from, def.value().transitions[i].from) << i;
    EXPECT_EQ(again.value().transitions[i].to, def.value().transitions[i].to) << i;
  }
}

TEST(SetupNestingTest, TheRuntimePlaysThePathsAndLeavesOnlyFromTheExit) {
  const Result<StateMachineDef> def = compile_setup(Nested(), Clips());
  ASSERT_TRUE(def.ok());
  const Skeleton skeleton = OneJoint();
  const std::vector<Clip> clips = Clips();
  StateMachineInstance sm(def.value(), skeleton, clips);
  const auto at = [&] { return def.value().states[sm.current_state()].name; };
  // Steps longer than the transitions (0.25 s each), so each update finishes the one before.
  ASSERT_TRUE(sm.set_float("speed", 0.8f));
  sm.update(0.3f);
  EXPECT_EQ(at(), "Locomotion/Walk");  // Entered at its default.
  sm.update(0.3f);
  EXPECT_EQ(at(), "Locomotion/Run");
  ASSERT_TRUE(sm.set_float("speed", 0.0f));
  sm.update(0.3f);
  EXPECT_EQ(at(), "Locomotion/Walk");  // Run is no exit: back to Walk first,
  sm.update(0.3f);
  EXPECT_EQ(at(), "Idle");  // then out.
}

}  // namespace
}  // namespace anim::setup
