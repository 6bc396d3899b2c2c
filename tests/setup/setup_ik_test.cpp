// Inverse kinematics in a setup (issue 28): vector3 parameters and "ik" entries read, written
// canonically, validated with their JSON pointers, compiled and resolved against a skeleton
// into the runtime's IkEntryDefs, made back by setup_from_machine, and played by a
// StateMachineInstance whose end joint lands on its target.
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/setup/from_machine.h"
#include "anim/setup/ik.h"
#include "anim/setup/setup.h"
#include "anim/skeleton.h"
#include "anim/state_machine.h"
#include "anim/state_machine_def.h"
#include "anim/transform.h"
#include "support/clips.h"
#include "support/jobs.h"
#include "support/rigs.h"

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
      R"([{"name": "look", "type": "vector3", "default": [1, -2.5, 0.25]}, {"name": "w",
          "type": "float", "default": 0.5}])"));
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
      R"([{"name": "p", "type": "vector3", "default": [0, 0, 0], "min": 0, "max": 1,
          "rate": 2}])"));
  EXPECT_THAT(ErrorPointers(setup), ::testing::ElementsAre("/parameters/0/min", "/parameters/0/max",
                                                           "/parameters/0/rate"));
  setup.parameters[0].min.reset();
  setup.parameters[0].max.reset();
  setup.parameters[0].rate = 0.0f;
  setup.parameters[0].default_vector.y = std::numeric_limits<float>::quiet_NaN();
  EXPECT_THAT(ErrorPointers(setup), ::testing::ElementsAre("/parameters/0/default/1"));
}

TEST(SetupIkTest, ConditionsBlendSpacesAndLayerWeightsRefuseVector3) {
  const SetupFile setup = Parse(
      SetupText(R"([{"name": "p", "type": "vector3", "default": [0, 0, 0]}])",
                R"(, "blend_spaces": [{"name": "bs", "parameter": "p", "points": [{"clip": "idle",
          "position": 0}]}],
      "transitions": [{"from": "Idle", "to": "Idle", "conditions": [{"parameter": "p",
      "op": "==", "value": 1}]}],
      "layers": [{"name": "L", "weight_parameter": "p", "states": [{"name": "A",
      "motion": "idle"}], "default_state": "A"}])"));
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

// ---------------------------------------------------------------------------------------------
// IK entries.

// Two legs under the hips and a spine to the head: joints 0 Hips, 1-3 the left leg, 4-6 the
// right one, 7 Spine, 8 Neck, 9 Head.
Skeleton Legs() {
  return Rig({"Hips", "LeftUpLeg", "LeftLeg", "LeftFoot", "RightUpLeg", "RightLeg", "RightFoot",
              "Spine", "Neck", "Head"},
             {-1, 0, 1, 2, 0, 4, 5, 0, 7, 8});
}

// Every field of every type, in the format's order (the canonical text is this, indented), an
// unknown field ("lean") kept, and a layer whose entry shares a top-level entry's name.
constexpr const char* kFull = R"({
  "format": "animscope.setup", "version": 3, "model": "m.x",
  "parameters": [
    {"name": "look", "type": "vector3", "default": [0, 1.5, 2]},
    {"name": "hand", "type": "vector3", "default": [0.5, 1, 0]},
    {"name": "knee", "type": "vector3", "default": [0, 0, 1]},
    {"name": "reach", "type": "float", "default": 0.5, "min": 0, "max": 1}
  ],
  "blend_spaces": [],
  "states": [{"name": "Idle", "motion": "idle", "speed": 1, "loop": true}],
  "default_state": "Idle",
  "transitions": [],
  "ik": [
    {"name": "left_leg", "type": "two_bone", "start": "LeftUpLeg", "mid": "LeftLeg",
     "end": "LeftFoot", "target": "hand", "pole": "knee", "twist": 30, "soften": 0.97,
     "bend_axis": [0, 0, 1], "weight": "reach"},
    {"name": "look", "type": "aim", "joint": "Head", "target": "look", "pole": [1, 0, 0],
     "twist": -45, "forward": [0, 0, 1], "up": [0, 1, 0], "offset": [0, 0.1, 0.05],
     "weight": 0.75},
    {"name": "spine", "type": "aim", "chain": ["Spine", "Neck", "Head"],
     "shares": [0.25, 0.25, 0.5], "target": [0, 2, 3]},
    {"name": "feet", "type": "feet",
     "legs": [["LeftUpLeg", "LeftLeg", "LeftFoot"], ["RightUpLeg", "RightLeg", "RightFoot"]],
     "pelvis": "Hips", "soften": 0.9, "up": [0, 0, 1], "foot_height": 0.1,
     "max_pelvis_drop": 0.25, "lift_height": 0.12, "lean": true}
  ],
  "layers": [
    {"name": "upper", "blend": "override", "weight": 1,
     "mask": {"include": ["Spine"], "exclude": []},
     "states": [{"name": "A", "motion": "idle", "speed": 1, "loop": true}],
     "default_state": "A", "transitions": [],
     "ik": [{"name": "left_leg", "type": "two_bone", "start": "Hips", "mid": "Spine",
             "end": "Head", "target": [0.5, 1, 0.25]}]}
  ],
  "editor": {}
})";

TEST(SetupIkTest, EveryFieldReadsIntoTheEntries) {
  const SetupFile setup = Parse(kFull);
  ASSERT_EQ(setup.ik.size(), 4u);
  const SetupIk& leg = setup.ik[0];
  EXPECT_EQ(leg.name, "left_leg");
  EXPECT_EQ(leg.type, IkType::kTwoBone);
  EXPECT_EQ(leg.start, "LeftUpLeg");
  EXPECT_EQ(leg.mid, "LeftLeg");
  EXPECT_EQ(leg.end, "LeftFoot");
  ASSERT_TRUE(leg.target.has_value());
  EXPECT_EQ(leg.target->parameter, std::optional<std::string>("hand"));
  EXPECT_EQ(leg.pole.parameter, std::optional<std::string>("knee"));
  EXPECT_EQ(leg.twist, 30.0f);
  EXPECT_EQ(leg.soften, 0.97f);
  EXPECT_EQ(leg.bend_axis, glm::vec3(0, 0, 1));
  EXPECT_EQ(leg.weight.parameter, std::optional<std::string>("reach"));

  const SetupIk& look = setup.ik[1];
  EXPECT_EQ(look.type, IkType::kAim);
  EXPECT_EQ(look.joint, "Head");
  EXPECT_TRUE(look.chain.empty());
  EXPECT_EQ(look.target->parameter, std::optional<std::string>("look"));
  EXPECT_FALSE(look.pole.parameter.has_value());
  EXPECT_EQ(look.pole.value, glm::vec3(1, 0, 0));
  EXPECT_EQ(look.twist, -45.0f);
  EXPECT_EQ(look.forward, glm::vec3(0, 0, 1));
  EXPECT_EQ(look.up, std::optional<glm::vec3>(glm::vec3(0, 1, 0)));
  EXPECT_EQ(look.offset, glm::vec3(0, 0.1f, 0.05f));
  EXPECT_FALSE(look.weight.parameter.has_value());
  EXPECT_EQ(look.weight.value, 0.75f);

  const SetupIk& spine = setup.ik[2];
  EXPECT_THAT(spine.chain, ::testing::ElementsAre("Spine", "Neck", "Head"));
  EXPECT_THAT(spine.shares, ::testing::ElementsAre(0.25f, 0.25f, 0.5f));
  EXPECT_EQ(spine.target->value, glm::vec3(0, 2, 3));
  EXPECT_FALSE(spine.target->parameter.has_value());
  EXPECT_EQ(spine.pole.value, glm::vec3(0, 0, 1));  // The default.
  EXPECT_FALSE(spine.up.has_value());
  EXPECT_EQ(spine.weight.value, 1.0f);

  const SetupIk& feet = setup.ik[3];
  EXPECT_EQ(feet.type, IkType::kFeet);
  ASSERT_EQ(feet.legs.size(), 2u);
  EXPECT_THAT(feet.legs[1], ::testing::ElementsAre("RightUpLeg", "RightLeg", "RightFoot"));
  EXPECT_EQ(feet.pelvis, "Hips");
  EXPECT_EQ(feet.soften, 0.9f);
  EXPECT_EQ(feet.up, std::optional<glm::vec3>(glm::vec3(0, 0, 1)));
  EXPECT_EQ(feet.foot_height, 0.1f);
  EXPECT_EQ(feet.max_pelvis_drop, 0.25f);
  EXPECT_EQ(feet.lift_height, 0.12f);
  EXPECT_FALSE(feet.target.has_value());
  EXPECT_EQ(feet.extra, Json::parse(R"({"lean": true})"));

  ASSERT_EQ(setup.layers.size(), 1u);
  ASSERT_EQ(setup.layers[0].ik.size(), 1u);
  EXPECT_EQ(setup.layers[0].ik[0].end, "Head");
  EXPECT_EQ(setup.layers[0].ik[0].target->value, glm::vec3(0.5f, 1, 0.25f));
  EXPECT_THAT(Errors(setup, Legs().names, Legs().parents), ::testing::IsEmpty());
}

TEST(SetupIkTest, WritesTheCanonicalTextBackByteForByte) {
  const std::string canonical = Json::parse(kFull).dump(2) + "\n";
  EXPECT_EQ(to_json_text(Parse(kFull)), canonical);
  EXPECT_EQ(to_json_text(Parse(canonical)), canonical);
  // Defaults are not written: a bare entry stays bare, keys in the format's order.
  const std::string bare =
      R"([{"name": "a", "type": "aim", "joint": "Head", "target": [0, 0, 0]}])";
  EXPECT_EQ(Json::parse(to_json_text(Parse(SetupText("[]", ", \"ik\": " + bare))))["ik"],
            Json::parse(bare));
}

TEST(SetupIkTest, CompilesAndResolvesToTheRuntimeEntries) {
  const SetupFile setup = Parse(kFull);
  const std::vector<Clip> clips = {StillClip("idle")};
  Result<StateMachineDef> compiled = compile_setup(setup, clips);
  ASSERT_TRUE(compiled.ok()) << compiled.error().message;
  StateMachineDef def = std::move(compiled).value();
  ASSERT_EQ(def.ik.size(), 4u);
  // Before resolving, joints are unknown.
  EXPECT_THAT(def.ik[0].joints, ::testing::ElementsAre(-1, -1, -1));
  const Skeleton skeleton = Legs();
  const Status resolved = resolve_ik(setup, skeleton, &def);
  ASSERT_TRUE(resolved.ok()) << resolved.error().message;

  const IkEntryDef& leg = def.ik[0];
  EXPECT_EQ(leg.name, "left_leg");
  EXPECT_EQ(leg.type, IkType::kTwoBone);
  EXPECT_THAT(leg.joints, ::testing::ElementsAre(1, 2, 3));
  EXPECT_EQ(leg.target.parameter, 1);  // hand
  EXPECT_EQ(leg.pole.parameter, 2);    // knee
  EXPECT_NEAR(leg.twist, 30.0 * M_PI / 180.0, 1e-7);
  EXPECT_EQ(leg.soften, 0.97f);
  EXPECT_EQ(leg.bend_axis, glm::vec3(0, 0, 1));
  EXPECT_EQ(leg.weight.parameter, 3);  // reach

  const IkEntryDef& look = def.ik[1];
  EXPECT_EQ(look.type, IkType::kAim);
  EXPECT_THAT(look.joints, ::testing::ElementsAre(9));
  EXPECT_THAT(look.shares, ::testing::ElementsAre(1.0f));
  EXPECT_EQ(look.target.parameter, 0);
  EXPECT_EQ(look.pole.parameter, -1);
  EXPECT_EQ(look.pole.value, glm::vec3(1, 0, 0));
  EXPECT_NEAR(look.twist, -M_PI / 4.0, 1e-7);
  EXPECT_EQ(look.forward, glm::vec3(0, 0, 1));
  EXPECT_EQ(look.up, glm::vec3(0, 1, 0));
  EXPECT_EQ(look.offset, glm::vec3(0, 0.1f, 0.05f));
  EXPECT_EQ(look.weight.parameter, -1);
  EXPECT_EQ(look.weight.value, 0.75f);

  const IkEntryDef& spine = def.ik[2];
  EXPECT_THAT(spine.joints, ::testing::ElementsAre(7, 8, 9));
  EXPECT_THAT(spine.shares, ::testing::ElementsAre(0.25f, 0.25f, 0.5f));
  EXPECT_EQ(spine.target.parameter, -1);
  EXPECT_EQ(spine.target.value, glm::vec3(0, 2, 3));
  EXPECT_EQ(spine.up, glm::vec3(0, 0, 1));
  EXPECT_EQ(spine.weight.value, 1.0f);

  const IkEntryDef& feet = def.ik[3];
  EXPECT_EQ(feet.type, IkType::kFeet);
  ASSERT_EQ(feet.legs.size(), 2u);
  EXPECT_EQ(feet.legs[0].hip, 1);
  EXPECT_EQ(feet.legs[0].knee, 2);
  EXPECT_EQ(feet.legs[0].ankle, 3);
  EXPECT_EQ(feet.legs[1].hip, 4);
  EXPECT_EQ(feet.legs[1].knee, 5);
  EXPECT_EQ(feet.legs[1].ankle, 6);
  EXPECT_EQ(feet.pelvis, 0);
  EXPECT_EQ(feet.soften, 0.9f);
  EXPECT_EQ(feet.ground_up, glm::vec3(0, 0, 1));
  EXPECT_EQ(feet.foot_height, 0.1f);
  EXPECT_EQ(feet.max_pelvis_drop, 0.25f);
  EXPECT_EQ(feet.lift_height, 0.12f);

  ASSERT_EQ(def.layers.size(), 1u);
  ASSERT_EQ(def.layers[0].ik.size(), 1u);
  EXPECT_THAT(def.layers[0].ik[0].joints, ::testing::ElementsAre(0, 7, 9));
  EXPECT_EQ(def.layers[0].ik[0].target.value, glm::vec3(0.5f, 1, 0.25f));

  // Equal shares when a chain gives none.
  SetupFile equal = setup;
  equal.ik[2].shares.clear();
  Result<StateMachineDef> equal_def = compile_setup(equal, clips);
  ASSERT_TRUE(equal_def.ok());
  EXPECT_THAT(equal_def.value().ik[2].shares,
              ::testing::ElementsAre(1.0f / 3.0f, 1.0f / 3.0f, 1.0f / 3.0f));
}

// The setup with only its IK entries, written: what the entries' comparisons go by.
std::string IkText(const SetupFile& setup) {
  SetupFile only;
  only.ik = setup.ik;
  for (const SetupLayer& layer : setup.layers) {
    only.layers.emplace_back();
    only.layers.back().ik = layer.ik;
  }
  return to_json_text(only);
}

TEST(SetupIkTest, SetupFromMachineWritesTheEntriesBack) {
  SetupFile setup = Parse(kFull);
  const std::vector<Clip> clips = {StillClip("idle")};
  Result<StateMachineDef> def = compile_setup(setup, clips);
  ASSERT_TRUE(def.ok());
  ASSERT_TRUE(resolve_ik(setup, Legs(), &def.value()).ok());
  const SetupFile back = setup_from_machine(def.value(), {"idle"}, "m.x", Legs().names);
  setup.ik[3].extra = Json::object();  // A package keeps no unknown fields.
  EXPECT_EQ(IkText(back), IkText(setup));
  // And compiles to the same entries.
  Result<StateMachineDef> again = compile_setup(back, clips);
  ASSERT_TRUE(again.ok()) << again.error().message;
  ASSERT_TRUE(resolve_ik(back, Legs(), &again.value()).ok());
  EXPECT_EQ(IkText(setup_from_machine(again.value(), {"idle"}, "m.x", Legs().names)),
            IkText(setup));
  ASSERT_EQ(again.value().ik.size(), 4u);
  EXPECT_EQ(again.value().ik[0].twist, def.value().ik[0].twist);
  EXPECT_EQ(again.value().ik[3].legs[1].ankle, 6);
  // Without joint names the joints are empty names, which validation reports.
  const SetupFile nameless = setup_from_machine(def.value(), {"idle"}, "m.x");
  EXPECT_EQ(nameless.ik[0].start, "");
  EXPECT_THAT(ErrorPointers(nameless), ::testing::Contains("/ik/0/start"));
}

// A setup with parameters look (vector3), w (float) and v (vector3), the top-level entries
// `ik` and the layer's `layer_ik` (JSON array texts).
SetupFile IkSetup(const std::string& ik, const std::string& layer_ik = "[]") {
  return Parse(SetupText(R"([{"name": "look", "type": "vector3", "default": [0, 0, 0]},
      {"name": "w", "type": "float", "default": 1}, {"name": "v", "type": "vector3",
      "default": [0, 0, 1]}])",
                         R"(, "ik": )" + ik + R"(, "layers": [{"name": "L", "states": [{"name": "A",
      "motion": "idle"}], "default_state": "A", "ik": )" +
                             layer_ik + "}]"));
}

constexpr const char* kLeg =
    R"({"name": "leg", "type": "two_bone", "start": "LeftUpLeg", "mid": "LeftLeg",
        "end": "LeftFoot", "target": "look")";

TEST(SetupIkTest, ReadingRefusesBadForms) {
  const auto first_problem = [](const std::string& ik) {
    std::vector<Diagnostic> problems;
    const Result<SetupFile> setup =
        parse_setup(SetupText("[]", R"(, "ik": )" + ik), "t", &problems);
    EXPECT_FALSE(setup.ok()) << ik;
    return problems.empty() ? std::string() : problems[0].pointer;
  };
  EXPECT_EQ(first_problem(R"([{"name": "a", "type": "magic"}])"), "/ik/0/type");
  EXPECT_EQ(first_problem(R"([{"type": "aim"}])"), "/ik/0/name");
  EXPECT_EQ(first_problem(R"([{"name": "a", "type": "aim", "joint": "H", "target": 5}])"),
            "/ik/0/target");
  EXPECT_EQ(first_problem(R"([{"name": "a", "type": "aim", "joint": "H", "target": [1, 2]}])"),
            "/ik/0/target");
  EXPECT_EQ(first_problem(R"([{"name": "a", "type": "aim", "joint": "H", "target": [1, "y", 2]}])"),
            "/ik/0/target/1");
  EXPECT_EQ(first_problem(R"([{"name": "a", "type": "aim", "joint": "H", "weight": [1]}])"),
            "/ik/0/weight");
  EXPECT_EQ(first_problem(R"([{"name": "a", "type": "aim", "chain": ["H"], "shares": ["x"]}])"),
            "/ik/0/shares/0");
  EXPECT_EQ(
      first_problem(R"([{"name": "f", "type": "feet", "legs": [["a", "b", "c"], ["a", "b"]]}])"),
      "/ik/0/legs/1");
  EXPECT_EQ(first_problem(R"([{"name": "f", "type": "feet", "legs": [["a", "b", 3]]}])"),
            "/ik/0/legs/0/2");
  EXPECT_EQ(first_problem(R"([{"name": "f", "type": "feet", "up": [0, 1]}])"), "/ik/0/up");
  EXPECT_EQ(first_problem(R"({"name": "f"})"), "/ik");
}

TEST(SetupIkTest, ValidationReportsEachProblemAtItsPointer) {
  const Skeleton legs = Legs();
  const auto errors = [&](const std::string& ik, const std::string& layer_ik = "[]") {
    return ErrorPointers(IkSetup(ik, layer_ik), legs.names, legs.parents);
  };
  using ::testing::ElementsAre;
  EXPECT_THAT(errors(std::string("[") + kLeg + "}]"), ::testing::IsEmpty());
  // Names.
  EXPECT_THAT(errors(std::string("[") + kLeg + "}, " + kLeg + "}]"), ElementsAre("/ik/1/name"));
  // Missing and unknown joints, and joints that do not hang from one another.
  EXPECT_THAT(errors(
                  R"([{"name": "a", "type": "two_bone", "start": "LeftUpLeg", "end": "LeftFoot",
              "target": "look"}])"),
              ElementsAre("/ik/0/mid"));
  EXPECT_THAT(errors(
                  R"([{"name": "a", "type": "two_bone", "start": "LeftUpLeg", "mid": "LeftLeg",
              "end": "LeftFot", "target": "look"}])"),
              ElementsAre("/ik/0/end"));
  EXPECT_THAT(errors(
                  R"([{"name": "a", "type": "two_bone", "start": "LeftLeg", "mid": "LeftUpLeg",
              "end": "LeftFoot", "target": "look"}])"),
              ElementsAre("/ik/0/mid"));
  EXPECT_THAT(errors(
                  R"([{"name": "a", "type": "two_bone", "start": "LeftUpLeg", "mid": "LeftLeg",
              "end": "RightFoot", "target": "look"}])"),
              ElementsAre("/ik/0/end"));
  EXPECT_THAT(errors(
                  R"([{"name": "a", "type": "aim", "chain": ["Spine", "Head", "Neck"],
              "target": "look"}])"),
              ElementsAre("/ik/0/chain/2"));
  EXPECT_THAT(errors(R"([{"name": "a", "type": "aim", "target": "look"}])"),
              ElementsAre("/ik/0/joint"));
  EXPECT_THAT(errors(
                  R"([{"name": "a", "type": "aim", "joint": "Head", "chain": ["Head"],
              "target": "look"}])"),
              ElementsAre("/ik/0/chain"));
  EXPECT_THAT(errors(
                  R"([{"name": "f", "type": "feet", "legs": [["LeftUpLeg", "LeftLeg", "LeftFoot"],
              ["RightUpLeg", "RightLeg", "RightFoot"]], "pelvis": "Spine"}])"),
              ElementsAre("/ik/0/legs/0/0", "/ik/0/legs/1/0"));
  EXPECT_THAT(
      errors("[]",
             R"([{"name": "f", "type": "feet", "legs": [["LeftUpLeg", "LeftLeg", "LeftFoot"],
              ["RightUpLeg", "RightLeg", "RightFeet"]], "pelvis": "Hips"}])"),
      ElementsAre("/layers/0/ik/0/legs/1/2"));
  EXPECT_THAT(
      errors(R"([{"name": "f", "type": "feet", "legs": [["LeftUpLeg", "LeftLeg", "LeftFoot"]]}])"),
      ElementsAre("/ik/0/pelvis"));
  // Fields of another type, and a missing target.
  EXPECT_THAT(errors(std::string("[") + kLeg +
                     R"(, "legs": [["Hips", "Spine", "Head"]], "joint": "Head"}])"),
              ElementsAre("/ik/0/joint", "/ik/0/legs"));
  EXPECT_THAT(errors(R"([{"name": "a", "type": "aim", "joint": "Head"}])"),
              ElementsAre("/ik/0/target"));
  EXPECT_THAT(errors(
                  R"([{"name": "f", "type": "feet", "legs": [["LeftUpLeg", "LeftLeg", "LeftFoot"]],
              "pelvis": "Hips", "target": "look"}])"),
              ElementsAre("/ik/0/target"));
  // Parameters of the wrong type, or none.
  EXPECT_THAT(errors(
                  R"([{"name": "a", "type": "aim", "joint": "Head", "target": "w", "pole": "w",
              "weight": "v"}])"),
              ElementsAre("/ik/0/target", "/ik/0/pole", "/ik/0/weight"));
  EXPECT_THAT(errors(
                  R"([{"name": "a", "type": "aim", "joint": "Head", "target": "nothing",
              "weight": "none"}])"),
              ElementsAre("/ik/0/target", "/ik/0/weight"));
  // Shares.
  EXPECT_THAT(errors(
                  R"([{"name": "a", "type": "aim", "chain": ["Spine", "Neck", "Head"],
              "shares": [0.5, -0.25, 0.75], "target": "look"}])"),
              ElementsAre("/ik/0/shares/1"));
  EXPECT_THAT(errors(
                  R"([{"name": "a", "type": "aim", "chain": ["Spine", "Neck", "Head"],
              "shares": [0.5, 0.25, 0.2], "target": "look"}])"),
              ElementsAre("/ik/0/shares"));
  EXPECT_THAT(errors(
                  R"([{"name": "a", "type": "aim", "chain": ["Spine", "Neck", "Head"],
              "shares": [0.5, 0.25, 0.2495], "target": "look"}])"),
              ::testing::IsEmpty());  // Within 1e-3 of 1.
  EXPECT_THAT(errors(
                  R"([{"name": "a", "type": "aim", "chain": ["Spine", "Head"], "shares": [1],
              "target": "look"}])"),
              ElementsAre("/ik/0/shares"));
  // Counts.
  const std::string leg = R"(["LeftUpLeg", "LeftLeg", "LeftFoot"])";
  EXPECT_THAT(errors(R"([{"name": "f", "type": "feet", "legs": [)" + leg + "," + leg + "," + leg +
                     "," + leg + "," + leg + R"(], "pelvis": "Hips"}])"),
              ElementsAre("/ik/0/legs"));
  EXPECT_THAT(errors(R"([{"name": "f", "type": "feet", "legs": [], "pelvis": "Hips"}])"),
              ElementsAre("/ik/0/legs"));
  std::string chain = R"("Head")";
  for (int k = 0; k < 16; ++k) chain += R"(, "Head")";
  EXPECT_THAT(ErrorPointers(IkSetup(R"([{"name": "a", "type": "aim", "chain": [)" + chain +
                                    R"(], "target": "look"}])")),
              ElementsAre("/ik/0/chain"));
  // Ranges.
  EXPECT_THAT(errors(std::string("[") + kLeg + R"(, "soften": 1.5, "weight": -0.5}])"),
              ElementsAre("/ik/0/soften", "/ik/0/weight"));
  EXPECT_THAT(
      errors(
          R"([{"name": "f", "type": "feet", "legs": [)" + leg +
          R"(], "pelvis": "Hips", "soften": -0.1, "foot_height": -0.1, "max_pelvis_drop": -1, "lift_height": -2}])"),
      ElementsAre("/ik/0/soften", "/ik/0/foot_height", "/ik/0/max_pelvis_drop",
                  "/ik/0/lift_height"));
  EXPECT_THAT(errors(
                  R"([{"name": "a", "type": "aim", "joint": "Head", "target": "look",
              "forward": [0, 0, 0], "pole": [0, 0, 0]}])"),
              ElementsAre("/ik/0/pole", "/ik/0/forward"));
}

TEST(SetupIkTest, ValidationReportsNumbersThatAreNotFinite) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  SetupFile setup = IkSetup(R"([{"name": "a", "type": "aim", "joint": "Head", "target": [0, 0, 0]},
      {"name": "f", "type": "feet", "legs": [["LeftUpLeg", "LeftLeg", "LeftFoot"]],
      "pelvis": "Hips"}])");
  setup.ik[0].target->value.y = nan;
  setup.ik[0].pole.value.z = inf;
  setup.ik[0].twist = nan;
  setup.ik[0].offset.x = -inf;
  setup.ik[0].weight.value = nan;
  setup.ik[1].foot_height = inf;
  setup.ik[1].up = glm::vec3(0, nan, 0);
  EXPECT_THAT(
      ErrorPointers(setup),
      ::testing::ElementsAre("/ik/0/target/1", "/ik/0/pole/2", "/ik/0/twist", "/ik/0/offset/0",
                             "/ik/0/weight", "/ik/1/up/1", "/ik/1/foot_height"));
}

TEST(SetupIkTest, ParametersReadByIkAreNotReportedUnread) {
  const SetupFile setup = IkSetup(std::string("[") + kLeg + R"(, "pole": "v", "weight": "w"}])");
  for (const Diagnostic& d : validate_setup(setup, {"idle"})) {
    EXPECT_NE(d.pointer.rfind("/parameters/", 0), 0u) << d.pointer << ": " << d.message;
  }
}

TEST(SetupIkTest, ResolveReportsTheFirstJointProblemAtItsPointer) {
  const SetupFile setup = IkSetup(std::string("[") + kLeg + "}]", R"([{"name": "f", "type": "feet",
      "legs": [["LeftUpLeg", "LeftLeg", "LeftFoot"], ["RightUpLeg", "RightLeg", "RightFeet"]],
      "pelvis": "Hips"}])");
  const std::vector<Clip> clips = {StillClip("idle")};
  Result<StateMachineDef> def = compile_setup(setup, clips);
  ASSERT_TRUE(def.ok()) << def.error().message;
  const StateMachineDef before = def.value();
  const Status resolved = resolve_ik(setup, Legs(), &def.value());
  ASSERT_FALSE(resolved.ok());
  EXPECT_EQ(resolved.error().path, "/layers/0/ik/0/legs/1/2");
  EXPECT_THAT(resolved.error().message, ::testing::HasSubstr("\"RightFeet\""));
  // Nothing was resolved.
  EXPECT_THAT(def.value().ik[0].joints, ::testing::ElementsAre(-1, -1, -1));
}

// The end joint of a two-bone entry whose target is a vector3 parameter lands on the target the
// game sets, measured on the evaluated pose by LocalToModelJob.
TEST(SetupIkTest, TwoBoneEntryPutsTheFootOnTheParametersTarget) {
  Skeleton skeleton = Rig({"Hips", "UpLeg", "Leg", "Foot"}, {-1, 0, 1, 2});
  skeleton.rest[1].translation = glm::vec3(0.2f, 0.0f, 0.0f);
  skeleton.rest[2].translation = glm::vec3(0.0f, -1.0f, 0.05f);
  skeleton.rest[3].translation = glm::vec3(0.0f, -1.0f, -0.05f);
  const SetupFile setup = Parse(
      SetupText(R"([{"name": "foot", "type": "vector3", "default": [0.3, -1.6, 0.3]}])",
                R"(, "ik": [{"name": "leg", "type": "two_bone", "start": "UpLeg", "mid": "Leg",
          "end": "Foot", "target": "foot"}])"));
  const std::vector<Clip> clips = {StillClip("idle", 1.0f, 4)};
  Result<StateMachineDef> def = compile_setup(setup, clips);
  ASSERT_TRUE(def.ok()) << def.error().message;
  ASSERT_TRUE(resolve_ik(setup, skeleton, &def.value()).ok());

  StateMachineInstance sm(def.value(), skeleton, clips);
  const auto foot_at = [&]() {
    (void)sm.update(0.1f);
    std::vector<Transform> pose(skeleton.joint_count());
    EXPECT_TRUE(sm.evaluate(pose));
    const std::vector<glm::mat4> model = ModelMatrices(skeleton.parents, pose);
    // Bone lengths are the rest's.
    EXPECT_NEAR(glm::length(glm::vec3(model[2][3]) - glm::vec3(model[1][3])),
                glm::length(skeleton.rest[2].translation), 1e-5f);
    EXPECT_NEAR(glm::length(glm::vec3(model[3][3]) - glm::vec3(model[2][3])),
                glm::length(skeleton.rest[3].translation), 1e-5f);
    return glm::vec3(model[3][3]);
  };
  const auto expect_near = [](const glm::vec3& a, const glm::vec3& b) {
    EXPECT_NEAR(a.x, b.x, 1e-4f);
    EXPECT_NEAR(a.y, b.y, 1e-4f);
    EXPECT_NEAR(a.z, b.z, 1e-4f);
  };
  // The parameter's default first, then what the game sets.
  expect_near(foot_at(), glm::vec3(0.3f, -1.6f, 0.3f));
  ASSERT_TRUE(sm.set_vector("foot", glm::vec3(-0.1f, -1.2f, 0.5f)));
  expect_near(foot_at(), glm::vec3(-0.1f, -1.2f, 0.5f));
  ASSERT_EQ(sm.ik_results().size(), 1u);
  EXPECT_TRUE(sm.ik_results()[0].reached);
  // Without the entry, the foot stays where the rest pose puts it.
  StateMachineDef plain = def.value();
  plain.ik.clear();
  StateMachineInstance rest(plain, skeleton, clips);
  (void)rest.update(0.1f);
  std::vector<Transform> pose(skeleton.joint_count());
  ASSERT_TRUE(rest.evaluate(pose));
  expect_near(glm::vec3(ModelMatrices(skeleton.parents, pose)[3][3]), glm::vec3(0.2f, -2.0f, 0.0f));
}

// A feet entry planted by the idle clip's sync markers "L" and "R" (`plant` is its
// "plant_markers" JSON text, `lift` its lift height).
SetupFile PlantedFeet(const std::string& plant, float lift = 0.1f) {
  return Parse(SetupText(
      "[]", R"(, "clips": [{"name": "idle", "markers": [{"name": "L", "time": 0.1},
      {"name": "R", "time": 0.6}]}], "ik": [{"name": "feet", "type": "feet", "legs":
      [["LeftUpLeg", "LeftLeg", "LeftFoot"], ["RightUpLeg", "RightLeg", "RightFoot"]],
      "pelvis": "Hips", "lift_height": )" +
                std::to_string(lift) + R"(, "plant_markers": )" + plant + "}]"));
}

TEST(SetupIkTest, PlantMarkersCompileToMarkerIndicesAndComeBack) {
  const SetupFile setup = PlantedFeet(R"(["R", "L"])");
  ASSERT_EQ(setup.ik.size(), 1u);
  EXPECT_THAT(setup.ik[0].plant_markers, ::testing::ElementsAre("R", "L"));
  EXPECT_THAT(Errors(setup, Legs().names, Legs().parents), ::testing::IsEmpty());
  const std::vector<Clip> clips = {StillClip("idle")};
  Result<StateMachineDef> def = compile_setup(setup, clips);
  ASSERT_TRUE(def.ok()) << def.error().message;
  ASSERT_TRUE(resolve_ik(setup, Legs(), &def.value()).ok());
  // The clip's markers name "L" first (0) and "R" second (1).
  EXPECT_THAT(def.value().marker_names, ::testing::ElementsAre("L", "R"));
  EXPECT_THAT(def.value().ik[0].plant_markers, ::testing::ElementsAre(1, 0));
  const SetupFile back = setup_from_machine(def.value(), {"idle"}, "m.x", Legs().names);
  EXPECT_EQ(IkText(back), IkText(setup));
  // Written only when given.
  EXPECT_EQ(Json::parse(to_json_text(setup))["ik"][0]["plant_markers"],
            Json::parse(R"(["R", "L"])"));
  EXPECT_FALSE(Json::parse(to_json_text(PlantedFeet("[]")))["ik"][0].contains("plant_markers"));
}

TEST(SetupIkTest, PlantMarkersNeedOnePerLegNamesTheClipsHaveAndALiftHeight) {
  EXPECT_THAT(Errors(PlantedFeet(R"(["L"])"), Legs().names, Legs().parents),
              ::testing::ElementsAre("/ik/0/plant_markers: 1 plant markers for 2 legs; give one "
                                     "per leg"));
  EXPECT_THAT(Errors(PlantedFeet(R"(["L", "Rr"])"), Legs().names, Legs().parents),
              ::testing::ElementsAre(::testing::StartsWith(
                  "/ik/0/plant_markers/1: no clip has a sync marker \"Rr\" (did you mean \"R\"?)")));
  EXPECT_THAT(Errors(PlantedFeet(R"(["L", "R"])", 0.0f), Legs().names, Legs().parents),
              ::testing::ElementsAre(::testing::StartsWith(
                  "/ik/0/lift_height: plant markers need a lift height above 0")));
  const SetupFile aim = IkSetup(
      R"([{"name": "a", "type": "aim", "joint": "Head", "target": "look", "plant_markers": ["L"]}])");
  EXPECT_THAT(ErrorPointers(aim), ::testing::Contains("/ik/0/plant_markers"));
}

}  // namespace
}  // namespace anim::setup
