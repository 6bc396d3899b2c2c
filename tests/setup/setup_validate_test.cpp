#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "anim/setup/setup.h"
#include "support/diagnostics.h"
#include "support/matchers.h"
#include "support/setup_files.h"
#include "support/setups.h"

namespace anim::setup {
namespace {

using namespace ::anim::testutil;

const std::vector<std::string> kClips = {"idle", "walk", "run", "jump"};
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// Parameters speed (float 0..1), lives (int), grounded (bool), jump (trigger); blend space
// "locomotion" (walk at 0, run at 1); states Idle, Run, Jump; Jump only through "*".
setup::Setup valid_setup() {
  setup::Setup s;
  s.model = "wuson.x";
  s.parameters.push_back(Param("speed", ParameterType::kFloat, 0.0f));
  s.parameters[0].min = 0.0f;
  s.parameters[0].max = 1.0f;
  s.parameters.push_back(Param("lives", ParameterType::kInt, 3.0f));
  s.parameters.push_back(Param("grounded", ParameterType::kBool, 1.0f));
  s.parameters.push_back(Param("jump", ParameterType::kTrigger, 0.0f));
  SetupBlendSpace space;
  space.name = "locomotion";
  space.parameter = "speed";
  space.points.resize(2);
  space.points[0].clip = "walk";
  space.points[0].position = 0.0f;
  space.points[1].clip = "run";
  space.points[1].position = 1.0f;
  s.blend_spaces.push_back(space);
  s.states = {State("Idle", "idle"), State("Run", "locomotion"), State("Jump", "jump")};
  s.default_state = "Idle";
  s.transitions.push_back(
      Transition("Idle", "Run", {When("speed", ConditionOp::kGreater, 0.1f)}));
  s.transitions.push_back(
      Transition("Run", "Idle", {When("speed", ConditionOp::kLess, 0.05f)}));
  s.transitions.push_back(Transition(
      "*", "Jump",
      {When("jump", ConditionOp::kTriggerSet), When("grounded", ConditionOp::kTrue),
       When("lives", ConditionOp::kNotEqual, 0.0f)}));
  s.transitions.push_back(Transition("Jump", "Idle", {}));
  s.transitions.back().exit_time = 0.9f;
  return s;
}

std::vector<Diagnostic> check(const setup::Setup& s) { return validate_setup(s, kClips); }

// The warning for a parameter nothing reads.
std::string unread(const std::string& name) {
  return "parameter \"" + name +
         "\" is read by no condition, blend space or layer weight: setting it changes nothing";
}

TEST(SetupValidateTest, ValidSetupHasNoFindings) { EXPECT_THAT(check(valid_setup()), IsEmpty()); }

TEST(SetupValidateTest, CompleteExampleHasNoFindings) {
  const Result<setup::Setup> s = load_setup(testing::setup_example_path("complete.setup.json"));
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  EXPECT_THAT(validate_setup(s.value(), kClips), IsEmpty());
}

// --- Names that do not resolve.

TEST(SetupValidateTest, UnknownClipInABlendSpacePoint) {
  setup::Setup s = valid_setup();
  s.blend_spaces[0].points[0].clip = "wlak";
  s.blend_spaces[0].points[1].clip = "sprint";
  EXPECT_THAT(check(s),
              ElementsAre(IsError("/blend_spaces/0/points/0/clip",
                                  "unknown clip \"wlak\" (did you mean \"walk\"?)"),
                          IsError("/blend_spaces/0/points/1/clip", "unknown clip \"sprint\"")));
}

TEST(SetupValidateTest, MotionMustNameAClipOrABlendSpace) {
  setup::Setup s = valid_setup();
  s.states[0].motion = "idel";
  s.states[1].motion = "locomotoin";
  s.states[2].motion = "";
  EXPECT_THAT(check(s),
              ElementsAre(IsError("/states/0/motion",
                                  "unknown clip or blend space \"idel\" (did you mean "
                                  "\"idle\"?)"),
                          IsError("/states/1/motion",
                                  "unknown clip or blend space \"locomotoin\" (did you "
                                  "mean \"locomotion\"?)"),
                          IsError("/states/2/motion", "unknown clip or blend space \"\"")));
}

TEST(SetupValidateTest, UnknownStateInTransitions) {
  setup::Setup s = valid_setup();
  s.transitions[0].to = "Runn";
  s.transitions[1].from = "Walking";
  EXPECT_THAT(check(s), ElementsAre(IsError("/transitions/0/to",
                                            "unknown state \"Runn\" (did you mean \"Run\"?)"),
                                    IsError("/transitions/1/from", "unknown state \"Walking\""),
                                    // Run is now reached by no transition.
                                    IsWarning("/states/1",
                                              "state \"Run\" is not reachable from the "
                                              "default state \"Idle\"")));
}

TEST(SetupValidateTest, AnyStateIsOnlyAllowedAsSource) {
  setup::Setup s = valid_setup();
  s.transitions[0].to = "*";
  EXPECT_THAT(check(s), Contains(IsError("/transitions/0/to",
                                         "\"*\" (any state) is only allowed in \"from\"")));
}

TEST(SetupValidateTest, DefaultStateMustExist) {
  setup::Setup s = valid_setup();
  s.default_state = "Idel";
  EXPECT_THAT(check(s), ElementsAre(IsError("/default_state",
                                            "unknown state \"Idel\" (did you mean \"Idle\"?)")));
  s.default_state = "";
  EXPECT_THAT(check(s), ElementsAre(IsError("/default_state", "no default state")));
}

// A parameter counts as read by any machine's condition, a blend space axis or a layer weight.
TEST(SetupValidateTest, AParameterNothingReadsIsAWarning) {
  setup::Setup s = valid_setup();
  s.parameters.push_back(Param("aim", ParameterType::kFloat, 0.0f));
  s.parameters.push_back(Param("wave", ParameterType::kTrigger, 0.0f));
  EXPECT_THAT(check(s), ElementsAre(IsWarning("/parameters/4", unread("aim")),
                                    IsWarning("/parameters/5",
                                              "trigger \"wave\" is tested by no transition: "
                                              "firing it does nothing")));
  // Read by a layer: aim weighs it, and one of its transitions tests wave.
  SetupLayer layer;
  layer.name = "Arms";
  layer.weight_parameter = "aim";
  layer.states = s.states;
  layer.default_state = s.default_state;
  layer.transitions = {
      Transition("Idle", "Jump", {When("wave", ConditionOp::kTriggerSet, 0.0f)})};
  s.layers = {layer};
  for (const Diagnostic& d : check(s)) {
    EXPECT_EQ(d.pointer.rfind("/parameters/", 0), std::string::npos) << d.message;
  }
}

TEST(SetupValidateTest, SetupNeedsAState) {
  setup::Setup s = valid_setup();
  s.states.clear();
  s.transitions.clear();
  // Without transitions nothing reads lives, grounded or jump any more.
  EXPECT_THAT(check(s),
              ElementsAre(IsError("/states", "a setup needs at least one state"),
                          IsError("/default_state", "unknown state \"Idle\""),
                          IsWarning("/parameters/1", unread("lives")),
                          IsWarning("/parameters/2", unread("grounded")),
                          IsWarning("/parameters/3",
                                    "trigger \"jump\" is tested by no transition: firing it "
                                    "does nothing")));
}

TEST(SetupValidateTest, UnknownParameterInBlendSpaceAndCondition) {
  setup::Setup s = valid_setup();
  s.blend_spaces[0].parameter = "sped";
  s.transitions[2].conditions[1].parameter = "on_ground";
  EXPECT_THAT(check(s), ElementsAre(IsError("/blend_spaces/0/parameter",
                                            "unknown parameter \"sped\" (did you mean "
                                            "\"speed\"?)"),
                                    IsError("/transitions/2/conditions/1/parameter",
                                            "unknown parameter \"on_ground\""),
                                    IsWarning("/parameters/2", unread("grounded"))));
}

// --- Names that clash.

TEST(SetupValidateTest, DuplicateNames) {
  setup::Setup s = valid_setup();
  s.parameters.push_back(Param("lives", ParameterType::kInt, 0.0f));
  s.blend_spaces.push_back(s.blend_spaces[0]);
  s.states.push_back(State("Run", "run"));
  EXPECT_THAT(check(s), ElementsAre(IsError("/parameters/4/name",
                                            "duplicate parameter name \"lives\" (first at "
                                            "/parameters/1)"),
                                    IsError("/blend_spaces/1/name",
                                            "duplicate blend space name \"locomotion\" (first at "
                                            "/blend_spaces/0)"),
                                    IsError("/states/3/name",
                                            "duplicate state name \"Run\" (first at /states/1)")));
}

TEST(SetupValidateTest, EmptyNames) {
  setup::Setup s = valid_setup();
  s.parameters.push_back(Param("", ParameterType::kFloat, 0.0f));
  s.blend_spaces.push_back(s.blend_spaces[0]);
  s.blend_spaces[1].name = "";
  s.states.push_back(State("", "idle"));
  EXPECT_THAT(check(s), ElementsAre(IsError("/parameters/4/name", "parameter name is empty"),
                                    IsError("/blend_spaces/1/name", "blend space name is empty"),
                                    IsError("/states/3/name", "state name is empty")));
}

TEST(SetupValidateTest, BlendSpaceMayNotShareAClipName) {
  setup::Setup s = valid_setup();
  s.blend_spaces[0].name = "run";
  s.states[1].motion = "run";
  EXPECT_THAT(check(s), ElementsAre(IsError("/blend_spaces/0/name",
                                            "blend space name \"run\" is also a clip name; "
                                            "states could not tell them apart")));
}

// --- Condition types.

TEST(SetupValidateTest, ConditionOpMustSuitTheParameterType) {
  setup::Setup s = valid_setup();
  s.transitions[0].conditions = {
      When("jump", ConditionOp::kTrue),            // Trigger with a bool op.
      When("speed", ConditionOp::kTriggerSet),     // "trigger" on a float.
      When("lives", ConditionOp::kFalse),          // true/false on an int.
      When("grounded", ConditionOp::kGreater, 0),  // > on a bool.
      When("jump", ConditionOp::kLess, 1),         // < on a trigger.
      When("jump", ConditionOp::kEqual, 1),        // == on a trigger.
      When("grounded", ConditionOp::kTriggerSet),  // "trigger" on a bool.
  };
  EXPECT_THAT(
      check(s),
      ElementsAre(IsError("/transitions/0/conditions/0/op",
                          "op \"true\" needs a bool parameter; \"jump\" has type trigger"),
                  IsError("/transitions/0/conditions/1/op",
                          "op \"trigger\" needs a trigger parameter; \"speed\" has type float"),
                  IsError("/transitions/0/conditions/2/op",
                          "op \"false\" needs a bool parameter; \"lives\" has type int"),
                  IsError("/transitions/0/conditions/3/op",
                          "op \">\" needs a float or int parameter; \"grounded\" has type bool"),
                  IsError("/transitions/0/conditions/4/op",
                          "op \"<\" needs a float or int parameter; \"jump\" has type trigger"),
                  IsError("/transitions/0/conditions/5/op",
                          "op \"==\" cannot test a trigger; use op \"trigger\""),
                  IsError("/transitions/0/conditions/6/op",
                          "op \"trigger\" needs a trigger parameter; \"grounded\" has type bool")));
}

TEST(SetupValidateTest, ComparisonsThatSuitTheirTypesPass) {
  setup::Setup s = valid_setup();
  s.transitions[0].conditions = {
      When("speed", ConditionOp::kEqual, 0.5f), When("speed", ConditionOp::kNotEqual, 0),
      When("lives", ConditionOp::kGreater, 2),  When("lives", ConditionOp::kEqual, -1),
      When("grounded", ConditionOp::kEqual, 1), When("grounded", ConditionOp::kFalse),
  };
  EXPECT_THAT(check(s), IsEmpty());
}

TEST(SetupValidateTest, ComparedValueMustSuitTheType) {
  setup::Setup s = valid_setup();
  s.transitions[0].conditions = {When("lives", ConditionOp::kLess, 0.5f),
                                 When("grounded", ConditionOp::kNotEqual, 2.0f),
                                 When("speed", ConditionOp::kGreater, kNaN)};
  EXPECT_THAT(
      check(s),
      ElementsAre(IsError("/transitions/0/conditions/0/value",
                          "int parameter \"lives\" compared with 0.5, which is not a "
                          "whole number"),
                  IsError("/transitions/0/conditions/1/value",
                          "bool parameter \"grounded\" compared with 2; use 0 or 1"),
                  IsError("/transitions/0/conditions/2/value", "value is not a finite number")));
}

// --- Blend spaces.

TEST(SetupValidateTest, BlendSpaceParameterMustBeFloatOrInt) {
  setup::Setup s = valid_setup();
  s.blend_spaces[0].parameter = "grounded";
  EXPECT_THAT(check(s), ElementsAre(IsError("/blend_spaces/0/parameter",
                                            "parameter \"grounded\" has type bool; a blend space "
                                            "needs a float or int parameter")));
  s.blend_spaces[0].parameter = "lives";
  EXPECT_THAT(check(s), IsEmpty());
}

TEST(SetupValidateTest, BlendSpaceNeedsAPoint) {
  setup::Setup s = valid_setup();
  s.blend_spaces[0].points.clear();
  EXPECT_THAT(check(s), ElementsAre(IsError("/blend_spaces/0/points",
                                            "a blend space needs at least one point")));
}

TEST(SetupValidateTest, BlendSpacePositionsMustIncreaseStrictly) {
  setup::Setup s = valid_setup();
  s.blend_spaces[0].points.push_back(s.blend_spaces[0].points[1]);  // Equal to the previous.
  s.blend_spaces[0].points.push_back(s.blend_spaces[0].points[0]);  // Below it.
  s.blend_spaces[0].points[3].position = -1.0f;
  EXPECT_THAT(check(s),
              ElementsAre(IsError("/blend_spaces/0/points/2/position",
                                  "position 1 is not greater than the previous point's 1"),
                          IsError("/blend_spaces/0/points/3/position",
                                  "position -1 is not greater than the previous point's 1")));
}

// --- Parameter ranges.

TEST(SetupValidateTest, ParameterRanges) {
  setup::Setup s = valid_setup();
  s.parameters[0].min = 2.0f;  // Above max 1.
  s.parameters[1].min = 5.0f;  // Default 3 below it.
  s.parameters[1].max = 9.0f;
  s.parameters.push_back(Param("weight", ParameterType::kFloat, 1.5f));
  s.parameters[4].max = 1.0f;  // Default above it.
  s.parameters.push_back(Param("count", ParameterType::kInt, 0.5f));
  s.parameters.push_back(Param("smooth", ParameterType::kFloat, 0.0f));
  s.parameters[6].rate = -2.0f;
  EXPECT_THAT(
      check(s),
      ElementsAre(
          IsError("/parameters/0/min", "min 2 is greater than max 1"),
          IsError("/parameters/1/default", "default 3 is below min 5"),
          IsError("/parameters/4/default", "default 1.5 is above max 1"),
          IsError("/parameters/5/default", "default 0.5 of an int parameter is not a whole number"),
          IsError("/parameters/6/rate", "negative rate -2"),
          IsWarning("/parameters/4", unread("weight")), IsWarning("/parameters/5", unread("count")),
          IsWarning("/parameters/6", unread("smooth"))));
}

// A single bound beyond the other, unset, one (±1e30) would make a range with min > max, which
// the runtime's clamp cannot take.
TEST(SetupValidateTest, SingleBoundBeyondTheUnsetOther) {
  setup::Setup s = valid_setup();
  s.parameters.push_back(Param("far", ParameterType::kFloat, 3e30f));
  s.parameters.back().min = 2e30f;
  s.parameters.push_back(Param("low", ParameterType::kFloat, -3e30f));
  s.parameters.back().max = -2e30f;
  EXPECT_THAT(
      check(s),
      ElementsAre(IsError("/parameters/4/min", "min 2e+30 is greater than unset max 1e+30"),
                  IsError("/parameters/5/max", "unset min -1e+30 is greater than max -2e+30"),
                  IsWarning("/parameters/4", unread("far")),
                  IsWarning("/parameters/5", unread("low"))));
  EXPECT_EQ(anim::kUnboundedMax, 1e30f);
}

TEST(SetupValidateTest, NonFiniteParameterNumbers) {
  setup::Setup s = valid_setup();
  s.parameters[0].default_value = kNaN;
  s.parameters[0].min = -kInf;
  s.parameters[0].rate = kInf;
  EXPECT_THAT(check(s),
              ElementsAre(IsError("/parameters/0/default", "default is not a finite number"),
                          IsError("/parameters/0/min", "min is not a finite number"),
                          IsError("/parameters/0/rate", "rate is not a finite number")));
}

// --- States and transitions.

TEST(SetupValidateTest, StateSpeedMustBeFinite) {
  setup::Setup s = valid_setup();
  s.states[0].speed = kInf;
  s.states[1].speed = kNaN;
  s.states[2].speed = -1.0f;  // Playing backwards is allowed.
  EXPECT_THAT(check(s), ElementsAre(IsError("/states/0/speed", "speed is not a finite number"),
                                    IsError("/states/1/speed", "speed is not a finite number")));
}

TEST(SetupValidateTest, TransitionTimes) {
  setup::Setup s = valid_setup();
  s.transitions[0].duration = -0.5f;
  s.transitions[1].offset = 1.5f;
  s.transitions[2].offset = -0.25f;
  s.transitions[3].exit_time = -0.1f;
  s.transitions[3].duration = kNaN;
  EXPECT_THAT(check(s),
              ElementsAre(IsError("/transitions/0/duration", "negative duration -0.5"),
                          IsError("/transitions/1/offset", "offset 1.5 is outside [0, 1]"),
                          IsError("/transitions/2/offset", "offset -0.25 is outside [0, 1]"),
                          IsError("/transitions/3/exit_time", "negative exit time -0.1"),
                          IsError("/transitions/3/duration", "duration is not a finite number")));
}

TEST(SetupValidateTest, BoundaryTimesAreAllowed) {
  setup::Setup s = valid_setup();
  s.transitions[0].duration = 0.0f;
  s.transitions[1].offset = 1.0f;
  s.transitions[3].exit_time = 0.0f;
  s.transitions[3].offset = 0.0f;
  EXPECT_THAT(check(s), IsEmpty());
}

TEST(SetupValidateTest, TransitionWithoutConditionOrExitTimeIsAWarning) {
  setup::Setup s = valid_setup();
  s.transitions[3].exit_time.reset();
  EXPECT_THAT(check(s), ElementsAre(IsWarning("/transitions/3",
                                              "no conditions and no exit "
                                              "time: the transition fires at "
                                              "once")));
}

// --- Transitions that never fire, states that never end.

TEST(SetupValidateTest, ConditionsOutsideTheirParametersRangeNeverHold) {
  setup::Setup s = valid_setup();  // speed in [0, 1]; lives unbounded.
  s.transitions[0].conditions[0].value = 1.0f;                   // speed > 1.
  s.transitions[1].conditions[0].value = 0.0f;                   // speed < 0.
  s.transitions[2].conditions[2] = When("lives", ConditionOp::kGreater, 1e6f);  // Fine.
  s.transitions.push_back(Transition("Idle", "Jump", {When("speed", ConditionOp::kEqual, 2)}));
  s.transitions.push_back(
      Transition("Idle", "Jump", {When("speed", ConditionOp::kLess, 0.5f)}));  // Fine.
  EXPECT_THAT(check(s),
              ElementsAre(IsWarning("/transitions/0/conditions/0",
                                    "never holds: \"speed\" stays in [0, 1]; the transition "
                                    "never fires"),
                          IsWarning("/transitions/1/conditions/0",
                                    "never holds: \"speed\" stays in [0, 1]; the transition "
                                    "never fires"),
                          IsWarning("/transitions/4/conditions/0",
                                    "never holds: \"speed\" stays in [0, 1]; the transition "
                                    "never fires")));
}

TEST(SetupValidateTest, ATransitionShadowedByAnEarlierOneNeverFires) {
  setup::Setup s = valid_setup();
  // Idle -> Run on speed > 0.1 (transition 0) also holds whenever this one does.
  s.transitions.push_back(Transition("Idle", "Jump",
                                     {When("grounded", ConditionOp::kTrue),
                                      When("speed", ConditionOp::kGreater, 0.1f)}));
  // Not shadowed: a condition transition 0 lacks is not enough; it needs all of 0's.
  s.transitions.push_back(
      Transition("Idle", "Jump", {When("speed", ConditionOp::kGreater, 0.2f)}));
  // Jump -> Idle waits for 0.9; a later one at 0.95 with no conditions never gets its turn,
  // one at 0.5 does.
  s.transitions.push_back(Transition("Jump", "Run", {}));
  s.transitions.back().exit_time = 0.95f;
  s.transitions.push_back(Transition("Jump", "Run", {}));
  s.transitions.back().exit_time = 0.5f;
  EXPECT_THAT(check(s),
              ElementsAre(IsWarning("/transitions/4",
                                    "never fires: /transitions/0 (to \"Run\") is checked first "
                                    "and holds whenever this one does"),
                          IsWarning("/transitions/6",
                                    "never fires: /transitions/3 (to \"Idle\") is checked first "
                                    "and holds whenever this one does")));
}

TEST(SetupValidateTest, AnyStateTransitionsToOtherStatesDoNotShadowEachOther) {
  setup::Setup s = valid_setup();
  // "*" -> Jump stands aside while in Jump, where this one can fire.
  s.transitions.push_back(s.transitions[2]);
  s.transitions.back().to = "Idle";
  EXPECT_THAT(check(s), IsEmpty());
  s.transitions.push_back(s.transitions[2]);  // The same target: never.
  EXPECT_THAT(check(s), ElementsAre(IsWarning("/transitions/5",
                                              "never fires: /transitions/2 (to \"Jump\") is "
                                              "checked first and holds whenever this one does")));
}

TEST(SetupValidateTest, AOneShotStateWithNoWayOutIsAWarning) {
  setup::Setup s = valid_setup();
  s.states[2].loop = false;  // Jump -> Idle leaves it.
  EXPECT_THAT(check(s), IsEmpty());
  s.transitions.pop_back();
  EXPECT_THAT(check(s), ElementsAre(IsWarning("/states/2",
                                              "one-shot state \"Jump\" has no way out: it plays "
                                              "once and holds its last frame")));
  // An any-state transition elsewhere leaves it too.
  s.transitions.push_back(Transition("*", "Idle", {When("grounded", ConditionOp::kFalse)}));
  EXPECT_THAT(check(s), IsEmpty());
}

// --- Reachability.

TEST(SetupValidateTest, UnreachableStatesAreWarnings) {
  setup::Setup s = valid_setup();
  s.states.push_back(State("Dance", "idle"));
  s.states.push_back(State("Bow", "idle"));
  s.transitions.push_back(Transition("Dance", "Bow", {}));  // From an unreachable state.
  s.transitions.back().exit_time = 1.0f;
  EXPECT_THAT(check(s), ElementsAre(IsWarning("/states/3",
                                              "state \"Dance\" is not reachable from the "
                                              "default state \"Idle\""),
                                    IsWarning("/states/4",
                                              "state \"Bow\" is not reachable from the "
                                              "default state \"Idle\"")));
}

TEST(SetupValidateTest, AnyStateTransitionsReachTheirTargetAndBeyond) {
  setup::Setup s = valid_setup();
  s.states.push_back(State("Land", "idle"));
  s.transitions[3].to = "Land";  // Jump (reached only through "*") -> Land.
  s.transitions.push_back(Transition("Land", "Idle", {}));
  s.transitions.back().exit_time = 1.0f;
  EXPECT_THAT(check(s), IsEmpty());
  s.transitions[2].from = "Run";  // Now through Idle -> Run -> Jump -> Land.
  EXPECT_THAT(check(s), IsEmpty());
  s.transitions[0].from = "Land";  // Run, Jump and Land only reach each other.
  EXPECT_THAT(check(s), ElementsAre(IsWarning("/states/1",
                                              "state \"Run\" is not reachable "
                                              "from the default state \"Idle\""),
                                    IsWarning("/states/2",
                                              "state \"Jump\" is not reachable "
                                              "from the default state \"Idle\""),
                                    IsWarning("/states/3",
                                              "state \"Land\" is not reachable "
                                              "from the default state \"Idle\"")));
}

TEST(SetupValidateTest, NoReachabilityWarningsWithoutAValidDefaultState) {
  setup::Setup s = valid_setup();
  s.default_state = "Nowhere";
  EXPECT_THAT(check(s), Not(Contains(::testing::Field(&Diagnostic::severity, Severity::kWarning))));
}

TEST(SetupValidateTest, ReportsEveryProblemAtOnce) {
  setup::Setup s = valid_setup();
  s.blend_spaces[0].points[0].clip = "nope";
  s.states[0].speed = kNaN;
  s.transitions[0].to = "Nope";
  s.transitions[1].duration = -1.0f;
  s.default_state = "";
  EXPECT_EQ(check(s).size(), 5u);
}

// A machine without transitions is being laid out (a new setup has one state per clip and none):
// nothing is unreachable yet. Its first transition brings the warnings back.
TEST(SetupValidateTest, NoReachabilityWarningsInAMachineWithoutTransitions) {
  // Only the reachability warnings (the parameters no transition reads have theirs).
  const auto reachability = [](const setup::Setup& s) {
    std::vector<Diagnostic> found;
    for (const Diagnostic& d : check(s)) {
      if (d.message.find("reachable") != std::string::npos) found.push_back(d);
    }
    return found;
  };
  setup::Setup s = valid_setup();
  s.transitions.clear();
  EXPECT_THAT(reachability(s), IsEmpty());
  s.transitions.push_back(Transition("Idle", "Run", {When("speed", ConditionOp::kGreater, 0.1f)}));
  EXPECT_THAT(reachability(s), ElementsAre(IsWarning("/states/2",
                                                     "state \"Jump\" is not reachable from the "
                                                     "default state \"Idle\"")));
}

}  // namespace
}  // namespace anim::setup
