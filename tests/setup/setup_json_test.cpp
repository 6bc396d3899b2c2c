#include <stdlib.h>
#include <sys/stat.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "anim/files/file_io.h"
#include "anim/setup/setup.h"
#include "support/diagnostics.h"
#include "support/matchers.h"
#include "support/setup_files.h"
#include "support/setups.h"

namespace anim::setup {
namespace {

using namespace ::anim::testutil;

namespace fs = std::filesystem;
using ::anim::testing::read_text_file;
using ::anim::testing::setup_example_path;

setup::Setup load_example(const std::string& name) {
  Result<setup::Setup> setup = load_setup(setup_example_path(name));
  EXPECT_TRUE(setup.ok()) << setup.error().to_string();
  return setup.ok() ? std::move(setup).value() : setup::Setup{};
}

// A small valid document; the structural tests spoil one field of it at a time.
Json base_document() {
  return Json::parse(R"({
    "format": "animscope.setup", "version": 1, "model": "m.x",
    "parameters": [{"name": "speed", "type": "float", "default": 0},
                   {"name": "on", "type": "bool", "default": true}],
    "blend_spaces": [{"name": "move", "parameter": "speed",
                      "points": [{"clip": "walk", "position": 0},
                                 {"clip": "run", "position": 1}]}],
    "states": [{"name": "Idle", "motion": "idle"}, {"name": "Move", "motion": "move"},
               {"name": "Fall", "motion": "fall"}],
    "default_state": "Idle",
    "transitions": [{"from": "Idle", "to": "Move",
                     "conditions": [{"parameter": "speed", "op": ">", "value": 0.1}]}],
    "editor": {}
  })");
}

// A folder removed with everything in it at the end of the test.
class TempFolder {
 public:
  TempFolder() {
    std::string name = (fs::temp_directory_path() / "animscope-setup-XXXXXX").string();
    if (mkdtemp(name.data()) != nullptr) path_ = name;
  }
  ~TempFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;

  std::string file(const std::string& name) const { return (path_ / name).string(); }

  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const fs::directory_entry& e : fs::directory_iterator(path_)) {
      names.push_back(e.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
  }

 private:
  fs::path path_;
};

void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// ---------------------------------------------------------------------------------------------
// Enum names.

TEST(SetupNamesTest, EnumsUseTheFileNames) {
  EXPECT_STREQ(to_string(ParameterType::kFloat), "float");
  EXPECT_STREQ(to_string(ParameterType::kInt), "int");
  EXPECT_STREQ(to_string(ParameterType::kBool), "bool");
  EXPECT_STREQ(to_string(ParameterType::kTrigger), "trigger");
  EXPECT_STREQ(to_string(ConditionOp::kGreater), ">");
  EXPECT_STREQ(to_string(ConditionOp::kLess), "<");
  EXPECT_STREQ(to_string(ConditionOp::kEqual), "==");
  EXPECT_STREQ(to_string(ConditionOp::kNotEqual), "!=");
  EXPECT_STREQ(to_string(ConditionOp::kTrue), "true");
  EXPECT_STREQ(to_string(ConditionOp::kFalse), "false");
  EXPECT_STREQ(to_string(ConditionOp::kTriggerSet), "trigger");
  EXPECT_STREQ(to_string(Interruption::kNone), "none");
  EXPECT_STREQ(to_string(Interruption::kSource), "source");
  EXPECT_STREQ(to_string(Interruption::kDestination), "destination");
  EXPECT_STREQ(to_string(TransitionBlend::kCrossfade), "crossfade");
  EXPECT_STREQ(to_string(TransitionBlend::kInertialize), "inertialize");
  EXPECT_STREQ(to_string(TransitionBlend::kDeadBlend), "dead_blend");
  EXPECT_STREQ(to_string(SyncMode::kNormalized), "normalized");
  EXPECT_STREQ(to_string(SyncMode::kMarkers), "markers");
}

// ---------------------------------------------------------------------------------------------
// Reading valid files.

TEST(SetupParseTest, ReadsEveryFieldOfTheCompleteExample) {
  const setup::Setup s = load_example("complete.setup.json");
  EXPECT_EQ(s.model, "../models/wuson.x");
  ASSERT_THAT(s.animations, SizeIs(2));
  EXPECT_EQ(s.animations[0].file, "clips/wuson@Trot.x");
  EXPECT_EQ(s.animations[1].clip, std::optional<std::string>("Motion"));
  EXPECT_EQ(s.animations[1].alias, std::optional<std::string>("Boxing"));
  ASSERT_THAT(s.animations[1].joint_map, SizeIs(2));
  EXPECT_EQ(s.animations[1].joint_map[1].second, "Spine_Back01");

  ASSERT_THAT(s.parameters, SizeIs(4));
  EXPECT_EQ(s.parameters[0].name, "speed");
  EXPECT_EQ(s.parameters[0].type, ParameterType::kFloat);
  EXPECT_EQ(s.parameters[0].default_value, 0.0f);
  EXPECT_EQ(s.parameters[0].min, 0.0f);
  EXPECT_EQ(s.parameters[0].max, 1.0f);
  EXPECT_EQ(s.parameters[0].rate, 2.5f);
  EXPECT_EQ(s.parameters[1].name, "lives");
  EXPECT_EQ(s.parameters[1].type, ParameterType::kInt);
  EXPECT_EQ(s.parameters[1].default_value, 3.0f);
  EXPECT_EQ(s.parameters[1].max, 9.0f);
  EXPECT_EQ(s.parameters[1].rate, 0.0f);
  EXPECT_EQ(s.parameters[2].type, ParameterType::kBool);
  EXPECT_EQ(s.parameters[2].default_value, 1.0f);
  EXPECT_FALSE(s.parameters[2].min.has_value());
  EXPECT_FALSE(s.parameters[2].max.has_value());
  EXPECT_EQ(s.parameters[3].type, ParameterType::kTrigger);
  EXPECT_EQ(s.parameters[3].default_value, 0.0f);

  ASSERT_THAT(s.blend_spaces, SizeIs(1));
  EXPECT_EQ(s.blend_spaces[0].name, "locomotion");
  EXPECT_EQ(s.blend_spaces[0].parameter, "speed");
  ASSERT_THAT(s.blend_spaces[0].points, SizeIs(2));
  EXPECT_EQ(s.blend_spaces[0].points[0].clip, "walk");
  EXPECT_EQ(s.blend_spaces[0].points[0].position, 0.0f);
  EXPECT_EQ(s.blend_spaces[0].points[1].clip, "run");
  EXPECT_EQ(s.blend_spaces[0].points[1].position, 1.0f);

  ASSERT_THAT(s.states, SizeIs(3));
  EXPECT_EQ(s.states[1].name, "Run");
  EXPECT_EQ(s.states[1].motion, "locomotion");
  EXPECT_EQ(s.states[1].speed, 1.25f);
  EXPECT_TRUE(s.states[1].loop);
  EXPECT_EQ(s.states[2].name, "Jump");
  EXPECT_FALSE(s.states[2].loop);
  EXPECT_EQ(s.default_state, "Idle");

  ASSERT_THAT(s.transitions, SizeIs(4));
  const SetupTransition& to_run = s.transitions[0];
  EXPECT_EQ(to_run.from, "Idle");
  EXPECT_EQ(to_run.to, "Run");
  ASSERT_THAT(to_run.conditions, SizeIs(1));
  EXPECT_EQ(to_run.conditions[0].parameter, "speed");
  EXPECT_EQ(to_run.conditions[0].op, ConditionOp::kGreater);
  EXPECT_EQ(to_run.conditions[0].value, 0.1f);
  EXPECT_FALSE(to_run.exit_time.has_value());
  EXPECT_EQ(to_run.duration, 0.25f);
  EXPECT_EQ(to_run.interruption, Interruption::kNone);
  EXPECT_EQ(s.transitions[1].conditions[0].op, ConditionOp::kLess);
  EXPECT_EQ(s.transitions[1].interruption, Interruption::kSource);
  const SetupTransition& jump = s.transitions[2];
  EXPECT_EQ(jump.from, "*");
  ASSERT_THAT(jump.conditions, SizeIs(3));
  EXPECT_EQ(jump.conditions[0].op, ConditionOp::kTriggerSet);
  EXPECT_EQ(jump.conditions[1].op, ConditionOp::kTrue);
  EXPECT_EQ(jump.conditions[2].op, ConditionOp::kNotEqual);
  EXPECT_EQ(jump.conditions[2].value, 0.0f);
  const SetupTransition& land = s.transitions[3];
  EXPECT_THAT(land.conditions, IsEmpty());
  EXPECT_EQ(land.exit_time, 0.9f);
  EXPECT_EQ(land.duration, 0.2f);
  EXPECT_EQ(land.offset, 0.5f);
  EXPECT_EQ(land.interruption, Interruption::kDestination);

  EXPECT_EQ(s.editor["camera"]["distance"], 4.5);
  EXPECT_EQ(s.editor["note"], "caf\u00e9");
}

TEST(SetupParseTest, MissingOptionalFieldsTakeTheirDefaults) {
  const setup::Setup s = load_example("minimal.setup.json");
  EXPECT_THAT(s.parameters, IsEmpty());
  EXPECT_THAT(s.blend_spaces, IsEmpty());
  EXPECT_THAT(s.transitions, IsEmpty());
  ASSERT_THAT(s.states, SizeIs(1));
  EXPECT_EQ(s.states[0].speed, 1.0f);
  EXPECT_TRUE(s.states[0].loop);
  EXPECT_EQ(s.editor, Json::object());
  EXPECT_EQ(s.extra, Json::object());

  Json doc = base_document();
  doc["parameters"][0] = Json::parse(R"({"name": "a", "type": "float", "default": 0.5})");
  doc["transitions"][0] = Json::parse(R"({"from": "Idle", "to": "Move"})");
  const Result<setup::Setup> parsed = parse_setup(doc.dump(), "t.json");
  ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
  const SetupParameter& p = parsed.value().parameters[0];
  EXPECT_FALSE(p.min.has_value());
  EXPECT_FALSE(p.max.has_value());
  EXPECT_EQ(p.rate, 0.0f);
  const SetupTransition& t = parsed.value().transitions[0];
  EXPECT_THAT(t.conditions, IsEmpty());
  EXPECT_FALSE(t.exit_time.has_value());
  EXPECT_EQ(t.duration, 0.25f);
  EXPECT_EQ(t.offset, 0.0f);
  EXPECT_EQ(t.interruption, Interruption::kNone);
}

TEST(SetupParseTest, BoolValuesMayBeGivenAsTrueFalseOrNumbers) {
  Json doc = base_document();
  doc["parameters"][1]["default"] = true;
  doc["parameters"].push_back(Json::parse(R"({"name": "t", "type": "trigger", "default": 0})"));
  doc["transitions"][0]["conditions"] = Json::parse(R"([{"parameter": "on", "op": "==",
                                                         "value": false},
                                                        {"parameter": "on", "op": "!=",
                                                         "value": 1}])");
  const Result<setup::Setup> parsed = parse_setup(doc.dump(), "t.json");
  ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
  EXPECT_EQ(parsed.value().parameters[1].default_value, 1.0f);
  EXPECT_EQ(parsed.value().parameters[2].default_value, 0.0f);
  EXPECT_EQ(parsed.value().transitions[0].conditions[0].value, 0.0f);
  EXPECT_EQ(parsed.value().transitions[0].conditions[1].value, 1.0f);
  // Written back as numbers, as the struct holds them.
  EXPECT_THAT(to_json_text(parsed.value()), HasSubstr("\"type\": \"bool\",\n      \"default\": 1"));
}

TEST(SetupParseTest, ValueOfAnOpWithoutValueIsCheckedAndNotWrittenBack) {
  Json doc = base_document();
  doc["transitions"][0]["conditions"] =
      Json::parse(R"([{"parameter": "on", "op": "true", "value": 1}])");
  const Result<setup::Setup> parsed = parse_setup(doc.dump(), "t.json");
  ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
  EXPECT_THAT(to_json_text(parsed.value()),
              HasSubstr("\"parameter\": \"on\",\n          \"op\": \"true\"\n"));
}

// ---------------------------------------------------------------------------------------------
// Syntax errors.

TEST(SetupParseTest, SyntaxErrorGivesLineAndColumn) {
  const std::string text = "{\n  \"format\": \"animscope.setup\",\n  \"version\": 1,\n  oops\n}";
  std::vector<Diagnostic> diagnostics;
  const Result<setup::Setup> parsed = parse_setup(text, "broken.json", &diagnostics);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().code, Error::Code::kParse);
  EXPECT_EQ(parsed.error().path, "broken.json");
  EXPECT_THAT(parsed.error().message,
              StartsWith("line 4, column 3: syntax error while parsing object key"));
  EXPECT_THAT(parsed.error().to_string(), StartsWith("broken.json: line 4, column 3: "));
  ASSERT_THAT(diagnostics, SizeIs(1));
  EXPECT_EQ(diagnostics[0].pointer, "");
  EXPECT_EQ(diagnostics[0].message, parsed.error().message);
}

TEST(SetupParseTest, SyntaxErrorsOfManyKinds) {
  struct Case {
    const char* text;
    const char* message_start;
  };
  const Case cases[] = {
      {"", "line 1, column 1: syntax error while parsing value - unexpected end of input"},
      {"[1, 2", "line 1, column 6: syntax error while parsing array - unexpected end of input"},
      {"{\"a\": 1,}", "line 1, column 9: syntax error while parsing object key - unexpected '}'"},
      {"{\"a\": \"\xff\"}", "line 1, column 8: syntax error while parsing value - invalid string"},
      {"{}\n{}", "line 2, column 1: syntax error while parsing value - unexpected '{'"},
      {"{\n\n  \"a\": 1e400}", "line 3, column 8: number overflow parsing '1e400'"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    const Result<setup::Setup> parsed = parse_setup(c.text, "x.json");
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().code, Error::Code::kParse);
    EXPECT_THAT(parsed.error().message, StartsWith(c.message_start));
  }
}

TEST(SetupParseTest, RefusesDeepNesting) {
  const std::string text = "{\"editor\": {\"x\": " + std::string(100000, '[') + "}}";
  const Result<setup::Setup> parsed = parse_setup(text, "deep.json");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().code, Error::Code::kParse);
  EXPECT_EQ(parsed.error().message, "line 1, column 272: nested deeper than 256 levels");
}

// ---------------------------------------------------------------------------------------------
// Structural errors: each spoils one field and expects exactly one problem.

struct BrokenCase {
  const char* name;
  std::function<void(Json&)> spoil;
  const char* pointer;
  const char* message;
};

// Each case, spoiled from the base document, fails to parse with exactly its one problem.
void expect_one_problem_each(const std::vector<BrokenCase>& cases) {
  for (const BrokenCase& c : cases) {
    SCOPED_TRACE(c.name);
    Json doc = base_document();
    c.spoil(doc);
    std::vector<Diagnostic> diagnostics;
    const Result<setup::Setup> parsed = parse_setup(doc.dump(2), "broken.json", &diagnostics);
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().code, Error::Code::kInvalidData);
    EXPECT_EQ(parsed.error().path, "broken.json");
    const std::string pointer = c.pointer;
    EXPECT_EQ(parsed.error().message, pointer.empty() ? c.message : pointer + ": " + c.message);
    EXPECT_THAT(diagnostics, ElementsAre(IsError(c.pointer, c.message)));
  }
}

TEST(SetupParseTest, ReportsEachStructuralProblemOfTheRootAndAnimationsWithItsPointer) {
  expect_one_problem_each({
      {"root not an object", [](Json& d) { d = Json::array(); }, "", "expected an object"},
      {"wrong format", [](Json& d) { d["format"] = "animscope.scene"; }, "/format",
       "expected \"animscope.setup\", got \"animscope.scene\""},
      {"format not a string", [](Json& d) { d["format"] = 1; }, "/format", "expected a string"},
      {"version 4", [](Json& d) { d["version"] = 4; }, "/version",
       "unsupported version 4 (this build reads versions 1 to 3)"},
      {"version as text", [](Json& d) { d["version"] = "1"; }, "/version", "expected a number"},
      {"model not a string", [](Json& d) { d["model"] = 5; }, "/model", "expected a string"},
      {"animations not an array", [](Json& d) { d["animations"] = Json::object(); }, "/animations",
       "expected an array"},
      {"animation not an object", [](Json& d) { d["animations"] = Json::array({"a.fbx"}); }, "/animations/0",
       "expected an object"},
      {"animation without file", [](Json& d) { d["animations"] = Json::array({Json::object()}); },
       "/animations/0/file", "missing required field"},
      {"animation file empty",
       [](Json& d) {
         d["animations"] = {{{"file", ""}}};
       },
       "/animations/0/file", "must not be empty"},
      {"animation file not a string",
       [](Json& d) {
         d["animations"] = {{{"file", 1}}};
       },
       "/animations/0/file", "expected a string"},
      {"animation clip not a string",
       [](Json& d) {
         d["animations"] = {{{"file", "a.fbx"}, {"clip", 2}}};
       },
       "/animations/0/clip", "expected a string"},
      {"animation as empty",
       [](Json& d) {
         d["animations"] = {{{"file", "a.fbx"}, {"as", ""}}};
       },
       "/animations/0/as", "must not be empty"},
      {"joint_map not an object",
       [](Json& d) {
         d["animations"] = {{{"file", "a.fbx"}, {"joint_map", {"Hips"}}}};
       },
       "/animations/0/joint_map", "expected an object of source joint -> model joint names"},
      {"joint_map value not a string",
       [](Json& d) {
         d["animations"] = {{{"file", "a.fbx"}, {"joint_map", {{"Hips", "Hips"}, {"a/b", 1}}}}};
       },
       "/animations/0/joint_map/a~1b", "expected the name of a model joint"},
      {"joint_map value empty",
       [](Json& d) {
         d["animations"] = {{{"file", "a.fbx"}, {"joint_map", {{"Ab", ""}}}}};
       },
       "/animations/0/joint_map/Ab", "expected the name of a model joint"},
  });
}

TEST(SetupParseTest, ReportsEachStructuralProblemOfParametersWithItsPointer) {
  expect_one_problem_each({
      {"parameters not an array", [](Json& d) { d["parameters"] = Json::object(); }, "/parameters",
       "expected an array"},
      {"parameter not an object", [](Json& d) { d["parameters"][1] = "on"; }, "/parameters/1",
       "expected an object"},
      {"parameter without name", [](Json& d) { d["parameters"][0].erase("name"); },
       "/parameters/0/name", "missing required field"},
      {"parameter without type", [](Json& d) { d["parameters"][0].erase("type"); },
       "/parameters/0/type", "missing required field"},
      {"parameter without default", [](Json& d) { d["parameters"][0].erase("default"); },
       "/parameters/0/default", "missing required field"},
      {"unknown parameter type", [](Json& d) { d["parameters"][0]["type"] = "double"; },
       "/parameters/0/type",
       "unknown parameter type \"double\" (expected float, int, bool, trigger or "
       "vector3)"},
      {"float default as bool", [](Json& d) { d["parameters"][0]["default"] = true; },
       "/parameters/0/default", "expected a number"},
      {"bool default as text", [](Json& d) { d["parameters"][1]["default"] = "yes"; },
       "/parameters/1/default", "expected a number or true/false"},
      {"min as text", [](Json& d) { d["parameters"][0]["min"] = "0"; }, "/parameters/0/min",
       "expected a number"},
      {"max as null", [](Json& d) { d["parameters"][0]["max"] = nullptr; }, "/parameters/0/max",
       "expected a number"},
      {"rate beyond float range", [](Json& d) { d["parameters"][0]["rate"] = 1e39; },
       "/parameters/0/rate", "number out of range for a float"},
  });
}

TEST(SetupParseTest, ReportsEachStructuralProblemOfBlendSpacesAndStatesWithItsPointer) {
  expect_one_problem_each({
      {"blend space without points", [](Json& d) { d["blend_spaces"][0].erase("points"); },
       "/blend_spaces/0/points", "missing required field"},
      {"blend space name not a string", [](Json& d) { d["blend_spaces"][0]["name"] = 1; },
       "/blend_spaces/0/name", "expected a string"},
      {"blend space without parameter", [](Json& d) { d["blend_spaces"][0].erase("parameter"); },
       "/blend_spaces/0/parameter", "missing required field"},
      {"point position as text",
       [](Json& d) { d["blend_spaces"][0]["points"][1]["position"] = "1"; },
       "/blend_spaces/0/points/1/position", "expected a number"},
      {"point without clip", [](Json& d) { d["blend_spaces"][0]["points"][0].erase("clip"); },
       "/blend_spaces/0/points/0/clip", "missing required field"},
      {"point not an object", [](Json& d) { d["blend_spaces"][0]["points"][0] = 0; },
       "/blend_spaces/0/points/0", "expected an object"},
      {"states missing", [](Json& d) { d.erase("states"); }, "/states", "missing required field"},
      {"state speed as text", [](Json& d) { d["states"][2]["speed"] = "fast"; }, "/states/2/speed",
       "expected a number"},
      {"state loop as number", [](Json& d) { d["states"][0]["loop"] = 1; }, "/states/0/loop",
       "expected true or false"},
      {"state without motion", [](Json& d) { d["states"][1].erase("motion"); }, "/states/1/motion",
       "missing required field"},
      {"default state as number", [](Json& d) { d["default_state"] = 0; }, "/default_state",
       "expected a string"},
  });
}

TEST(SetupParseTest, ReportsEachStructuralProblemOfTransitionsAndTheEditorWithItsPointer) {
  expect_one_problem_each({
      {"transitions not an array", [](Json& d) { d["transitions"] = "none"; }, "/transitions",
       "expected an array"},
      {"transition without from", [](Json& d) { d["transitions"][0].erase("from"); },
       "/transitions/0/from", "missing required field"},
      {"transition to as number", [](Json& d) { d["transitions"][0]["to"] = 7; },
       "/transitions/0/to", "expected a string"},
      {"conditions not an array", [](Json& d) { d["transitions"][0]["conditions"] = 1; },
       "/transitions/0/conditions", "expected an array"},
      {"unknown op", [](Json& d) { d["transitions"][0]["conditions"][0]["op"] = "=>"; },
       "/transitions/0/conditions/0/op",
       "unknown op \"=>\" (expected >, <, ==, !=, true, false or trigger)"},
      {"op missing", [](Json& d) { d["transitions"][0]["conditions"][0].erase("op"); },
       "/transitions/0/conditions/0/op", "missing required field"},
      {"comparison without value",
       [](Json& d) { d["transitions"][0]["conditions"][0].erase("value"); },
       "/transitions/0/conditions/0/value", "missing required field"},
      {"value as text", [](Json& d) { d["transitions"][0]["conditions"][0]["value"] = "x"; },
       "/transitions/0/conditions/0/value", "expected a number or true/false"},
      {"condition without parameter",
       [](Json& d) { d["transitions"][0]["conditions"][0].erase("parameter"); },
       "/transitions/0/conditions/0/parameter", "missing required field"},
      {"exit time as text", [](Json& d) { d["transitions"][0]["exit_time"] = "end"; },
       "/transitions/0/exit_time", "expected a number or null"},
      {"duration as null", [](Json& d) { d["transitions"][0]["duration"] = nullptr; },
       "/transitions/0/duration", "expected a number"},
      {"offset as bool", [](Json& d) { d["transitions"][0]["offset"] = false; },
       "/transitions/0/offset", "expected a number"},
      {"unknown interruption", [](Json& d) { d["transitions"][0]["interruption"] = "both"; },
       "/transitions/0/interruption",
       "unknown interruption \"both\" (expected none, source or destination)"},
      {"interruption as number", [](Json& d) { d["transitions"][0]["interruption"] = 0; },
       "/transitions/0/interruption", "expected a string"},
      {"unknown blend", [](Json& d) { d["transitions"][0]["blend"] = "fade"; },
       "/transitions/0/blend",
       "unknown transition blend \"fade\" (expected crossfade, inertialize or dead_blend)"},
      {"blend as bool", [](Json& d) { d["transitions"][0]["blend"] = true; },
       "/transitions/0/blend", "expected a string"},
      {"half-life as text", [](Json& d) { d["transitions"][0]["half_life"] = "short"; },
       "/transitions/0/half_life", "expected a number"},
      {"unknown transition sync", [](Json& d) { d["transitions"][0]["sync"] = "feet"; },
       "/transitions/0/sync", "unknown sync \"feet\" (expected normalized or markers)"},
      {"unknown blend space sync", [](Json& d) { d["blend_spaces"][0]["sync"] = 1; },
       "/blend_spaces/0/sync", "expected a string"},
      {"clips not an array", [](Json& d) { d["clips"] = Json::object(); }, "/clips",
       "expected an array"},
      {"clip without name", [](Json& d) { d["clips"] = Json::parse(R"([{"markers": []}])"); },
       "/clips/0/name", "missing required field"},
      {"marker without time",
       [](Json& d) { d["clips"] = Json::parse(R"([{"name": "walk", "markers": [{"name": "L"}]}])"); },
       "/clips/0/markers/0/time", "missing required field"},
      {"marker with an empty name",
       [](Json& d) {
         d["clips"] = Json::parse(R"([{"name": "walk", "markers": [{"name": "", "time": 0}]}])");
       },
       "/clips/0/markers/0/name", "must not be empty"},
      {"animation markers as object",
       [](Json& d) { d["animations"] = Json::parse(R"([{"file": "a.bvh", "markers": {}}])"); },
       "/animations/0/markers", "expected an array"},
      {"editor as array", [](Json& d) { d["editor"] = Json::array(); }, "/editor",
       "expected an object"},
  });
}

TEST(SetupParseTest, ReportsEveryMissingRequiredField) {
  std::vector<Diagnostic> diagnostics;
  const Result<setup::Setup> parsed = parse_setup("{\"editor\": {}}", "empty.json", &diagnostics);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().message, "/format: missing required field (and 4 more problems)");
  EXPECT_THAT(diagnostics, ElementsAre(IsError("/format", "missing required field"),
                                       IsError("/version", "missing required field"),
                                       IsError("/model", "missing required field"),
                                       IsError("/states", "missing required field"),
                                       IsError("/default_state", "missing required field")));
}

TEST(SetupParseTest, CollectsAllProblemsAndSummarisesTheFirst) {
  Json doc = base_document();
  doc["states"][2]["speed"] = "fast";
  doc["states"][0]["loop"] = "yes";
  doc["transitions"][0]["conditions"][0]["op"] = "~";
  doc["transitions"][0]["interruption"] = "never";
  std::vector<Diagnostic> diagnostics;
  const Result<setup::Setup> parsed = parse_setup(doc.dump(), "many.json", &diagnostics);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().message, "/states/0/loop: expected true or false (and 3 more problems)");
  ASSERT_THAT(diagnostics, SizeIs(4));
  EXPECT_EQ(diagnostics[1].pointer, "/states/2/speed");
  EXPECT_EQ(diagnostics[2].pointer, "/transitions/0/conditions/0/op");
  EXPECT_EQ(diagnostics[3].pointer, "/transitions/0/interruption");

  doc = base_document();
  doc["model"] = 1;
  doc["default_state"] = 1;
  EXPECT_EQ(parse_setup(doc.dump(), "two.json").error().message,
            "/model: expected a string (and 1 more problem)");
}

TEST(SetupParseTest, SuccessLeavesNoDiagnostics) {
  std::vector<Diagnostic> diagnostics = {Diagnostic{}};
  EXPECT_TRUE(parse_setup(base_document().dump(), "ok.json", &diagnostics).ok());
  EXPECT_THAT(diagnostics, IsEmpty());
}

// ---------------------------------------------------------------------------------------------
// Loading files.

TEST(SetupLoadTest, MissingFileIsNotFound) {
  const std::string path = setup_example_path("no-such-file.json");
  const Result<setup::Setup> loaded = load_setup(path);
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().code, Error::Code::kNotFound);
  EXPECT_EQ(loaded.error().message, "no such file");
  EXPECT_EQ(loaded.error().path, path);
}

TEST(SetupLoadTest, FolderIsNamedForWhatItIs) {
  const std::string path = setup_example_path("");
  const Result<setup::Setup> loaded = load_setup(path);
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().code, Error::Code::kInvalidArgument);
  EXPECT_EQ(loaded.error().message, "is a directory, not a regular file");
  EXPECT_EQ(loaded.error().path, path);
}

// /dev/null once said "cannot read: Success".
TEST(SetupLoadTest, DeviceIsNamedForWhatItIs) {
  const Result<setup::Setup> loaded = load_setup("/dev/null");
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().to_string(), "/dev/null: is a character device, not a regular file");
}

// A pipe is read to its end, as `animscope validate <(generate-setup)` needs.
TEST(SetupLoadTest, PipeIsRead) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const std::string text = R"({"version": 1, "model": "m.fbx"})";
  ASSERT_EQ(::write(fds[1], text.data(), text.size()), static_cast<ssize_t>(text.size()));
  ::close(fds[1]);
  const Result<std::string> read = files::read_file("/dev/fd/" + std::to_string(fds[0]));
  ::close(fds[0]);
  ASSERT_TRUE(read.ok()) << read.error().to_string();
  EXPECT_EQ(read.value(), text);
}

TEST(SetupLoadTest, ProblemsNameTheFile) {
  TempFolder folder;
  const std::string path = folder.file("bad.json");
  write_text_file(path, "{\"format\": \"animscope.setup\"}");
  std::vector<Diagnostic> diagnostics;
  const Result<setup::Setup> loaded = load_setup(path, &diagnostics);
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().path, path);
  EXPECT_THAT(diagnostics, SizeIs(4));
}

// ---------------------------------------------------------------------------------------------
// Writing.

TEST(SetupWriteTest, CompleteExampleIsAlreadyCanonical) {
  const std::string path = setup_example_path("complete.setup.json");
  EXPECT_EQ(to_json_text(load_example("complete.setup.json")), read_text_file(path));
}

TEST(SetupParseTest, ReadsClipFiles) {
  const setup::Setup setup = load_example("clip_files.setup.json");
  ASSERT_THAT(setup.animations, SizeIs(3));
  EXPECT_EQ(setup.animations[0].file, "clips/Hero@Walk.fbx");
  EXPECT_FALSE(setup.animations[0].clip.has_value());
  EXPECT_FALSE(setup.animations[0].alias.has_value());
  EXPECT_THAT(setup.animations[0].joint_map, IsEmpty());
  EXPECT_EQ(setup.animations[1].clip, std::optional<std::string>("mixamo.com"));
  EXPECT_EQ(setup.animations[1].alias, std::optional<std::string>("Run"));
  EXPECT_EQ(setup.animations[2].file, "mocap/take_07.bvh");
  using Pair = std::pair<std::string, std::string>;
  EXPECT_THAT(setup.animations[2].joint_map,
              ElementsAre(Pair{"Hips", "Hips"}, Pair{"Ab", "LowerBack"}));
}

TEST(SetupWriteTest, ClipFilesFollowTheModelAndKeepUnknownFieldsAndMapOrder) {
  Json doc = base_document();
  doc["animations"] = Json::parse(
      R"([{"file": "b.bvh", "joint_map": {"Zed": "Hips", "Ab": "Spine"}, "note": "take 7"},
          {"as": "Run", "file": "Run.fbx"}])");
  const Result<setup::Setup> setup = parse_setup(doc.dump(), "doc");
  ASSERT_TRUE(setup.ok()) << setup.error().to_string();
  const Json written = Json::parse(to_json_text(setup.value()));
  std::vector<std::string> keys;
  for (auto it = written.begin(); it != written.end(); ++it) keys.push_back(it.key());
  EXPECT_THAT(keys,
              ElementsAre("format", "version", "model", "animations", "parameters", "blend_spaces",
                          "states", "default_state", "transitions", "editor"));
  EXPECT_EQ(written["animations"].dump(),
            R"([{"file":"b.bvh","joint_map":{"Zed":"Hips","Ab":"Spine"},"note":"take 7"},)"
            R"({"file":"Run.fbx","as":"Run"}])");
}

TEST(SetupWriteTest, NoClipFilesWritesNoAnimationsKey) {
  const std::string text = to_json_text(load_example("minimal.setup.json"));
  EXPECT_EQ(text.find("animations"), std::string::npos);
}

TEST(SetupWriteTest, LoadSaveLoadSaveIsByteIdentical) {
  for (const char* name : {"complete.setup.json", "minimal.setup.json", "odd_numbers.setup.json",
                           "clip_files.setup.json"}) {
    SCOPED_TRACE(name);
    const std::string first = to_json_text(load_example(name));
    const Result<setup::Setup> reloaded = parse_setup(first, name);
    ASSERT_TRUE(reloaded.ok()) << reloaded.error().to_string();
    EXPECT_EQ(to_json_text(reloaded.value()), first);
  }
}

TEST(SetupWriteTest, OddNumberFormsReadAsFloatsAndWriteShortest) {
  const setup::Setup s = load_example("odd_numbers.setup.json");
  EXPECT_EQ(s.parameters[0].default_value, 0.1f);
  EXPECT_EQ(s.parameters[0].max, 1.0f);
  EXPECT_EQ(s.parameters[0].rate, 2.5f);
  EXPECT_EQ(s.parameters[1].default_value, 3.0f);
  EXPECT_EQ(s.parameters[1].max, 10.0f);
  EXPECT_EQ(s.blend_spaces[0].points[0].position, 0.1f);
  EXPECT_EQ(s.blend_spaces[0].points[1].position, 0.3f);
  EXPECT_EQ(s.states[0].speed, 1.0f);
  EXPECT_EQ(s.states[1].speed, std::numeric_limits<float>::max());
  EXPECT_EQ(s.states[2].speed, std::numeric_limits<float>::denorm_min());
  EXPECT_EQ(s.transitions[0].exit_time, 0.75f);
  EXPECT_EQ(s.transitions[0].offset, 1e-7f);

  const std::string text = to_json_text(s);
  EXPECT_THAT(text, HasSubstr("\"version\": 3,"));
  EXPECT_THAT(text, HasSubstr("\"default\": 0.1,"));
  EXPECT_THAT(text, HasSubstr("\"min\": 0,"));  // -0.0 in the file.
  EXPECT_THAT(text, HasSubstr("\"max\": 10\n"));
  EXPECT_THAT(text, HasSubstr("\"position\": 0.3\n"));
  EXPECT_THAT(text, HasSubstr("\"speed\": 3.4028235e+38,"));
  EXPECT_THAT(text, HasSubstr("\"speed\": 1e-45,"));
  EXPECT_THAT(text, HasSubstr("\"value\": 0.33333334\n"));
  EXPECT_THAT(text, HasSubstr("\"duration\": 0.12345679,"));
  EXPECT_THAT(text, HasSubstr("\"offset\": 1e-07,"));
}

// Any float written and read back is the same float, and the text repeats on the next save.
TEST(SetupWriteTest, FloatsRoundTripExactlyAcrossTheirRange) {
  setup::Setup s = load_example("minimal.setup.json");
  int checked = 0;
  for (std::uint32_t i = 0; i < 5000; ++i) {
    const std::uint32_t bits = i * 2654435761u;  // Spreads over every exponent and sign.
    float value = 0.0f;
    std::memcpy(&value, &bits, sizeof(value));
    if (!std::isfinite(value)) continue;
    s.states[0].speed = value;
    const std::string text = to_json_text(s);
    const Result<setup::Setup> back = parse_setup(text, "f.json");
    ASSERT_TRUE(back.ok()) << value << ": " << back.error().to_string();
    ASSERT_EQ(back.value().states[0].speed, value) << text;
    ASSERT_EQ(to_json_text(back.value()), text);
    ++checked;
  }
  EXPECT_GT(checked, 4700);
}

TEST(SetupWriteTest, OptionalFieldsAreWrittenOnlyWhenSet) {
  setup::Setup s = load_example("minimal.setup.json");
  SetupParameter p;
  p.name = "a";
  p.default_value = 0.5f;
  p.max = 2.0f;
  s.parameters.push_back(p);
  // The value of "true" is not written: it takes none.
  s.transitions.push_back(Transition(
      "*", "Idle", {When("a", ConditionOp::kTrue, 3.0f), When("a", ConditionOp::kLess, 0.25f)}));
  const std::string text = to_json_text(s);
  EXPECT_EQ(text, R"({
  "format": "animscope.setup",
  "version": 3,
  "model": "wuson.x",
  "parameters": [
    {
      "name": "a",
      "type": "float",
      "default": 0.5,
      "max": 2
    }
  ],
  "blend_spaces": [],
  "states": [
    {
      "name": "Idle",
      "motion": "idle",
      "speed": 1,
      "loop": true
    }
  ],
  "default_state": "Idle",
  "transitions": [
    {
      "from": "*",
      "to": "Idle",
      "conditions": [
        {
          "parameter": "a",
          "op": "true"
        },
        {
          "parameter": "a",
          "op": "<",
          "value": 0.25
        }
      ],
      "exit_time": null,
      "duration": 0.25,
      "offset": 0,
      "interruption": "none"
    }
  ],
  "editor": {}
}
)");
}

TEST(SetupWriteTest, AnInertializedTransitionSaysSoAfterItsInterruption) {
  setup::Setup s = load_example("minimal.setup.json");
  SetupTransition t = Transition("*", "Idle", {});
  t.blend = TransitionBlend::kInertialize;
  s.transitions.push_back(t);
  const std::string text = to_json_text(s);
  EXPECT_THAT(text, HasSubstr(R"("interruption": "none",
      "blend": "inertialize"
    })"));
  const Result<setup::Setup> back = parse_setup(text, "t.json");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back.value().transitions.back().blend, TransitionBlend::kInertialize);
}

TEST(SetupWriteTest, MarkersSyncAndDeadBlendsRoundTrip) {
  setup::Setup s = load_example("minimal.setup.json");
  s.clips.push_back({"walk", {{"L", 0.25f, {}}, {"R", 0.75f, {}}}, {}});
  SetupTransition t = Transition("*", "Idle", {});
  t.blend = TransitionBlend::kDeadBlend;
  t.half_life = 0.05f;
  t.sync = SyncMode::kMarkers;
  s.transitions.push_back(t);
  const std::string text = to_json_text(s);
  // Written after the animations, in the format's order; defaults left out.
  EXPECT_THAT(text, HasSubstr(R"("clips": [
    {
      "name": "walk",
      "markers": [
        {
          "name": "L",
          "time": 0.25
        },)"));
  EXPECT_THAT(text, HasSubstr(R"("blend": "dead_blend",
      "half_life": 0.05,
      "sync": "markers"
    })"));
  EXPECT_THAT(text, Not(HasSubstr(R"("sync": "normalized")")));
  const Result<setup::Setup> back = parse_setup(text, "t.json");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(to_json_text(back.value()), text);
  EXPECT_EQ(back.value().transitions.back().half_life, 0.05f);
  EXPECT_EQ(back.value().transitions.back().sync, SyncMode::kMarkers);
  ASSERT_EQ(back.value().clips.size(), 1u);
  EXPECT_EQ(back.value().clips[0].markers[1].name, "R");
}

TEST(SetupWriteTest, UnknownFieldsAtEveryLevelSurviveLoadAndSave) {
  const setup::Setup s = load_example("complete.setup.json");
  EXPECT_EQ(s.extra, Json::parse(R"({"generator": {"name": "hand-written", "version": "0.1"}})"));
  EXPECT_EQ(s.parameters[0].extra, Json::parse(R"({"ui_color": "#ff8800"})"));
  EXPECT_EQ(s.blend_spaces[0].extra, Json::parse(R"({"curve": "linear"})"));
  EXPECT_EQ(s.blend_spaces[0].points[0].extra, Json::parse(R"({"note": "slow"})"));
  EXPECT_EQ(s.states[1].extra, Json::parse(R"({"color": [0.2, 0.4, 0.6]})"));
  EXPECT_EQ(s.transitions[1].conditions[0].extra, Json::parse(R"({"comment": "hysteresis"})"));
  EXPECT_EQ(s.transitions[2].extra, Json::parse(R"({"priority": 1})"));

  TempFolder folder;
  const std::string path = folder.file("saved.json");
  ASSERT_TRUE(save_setup(s, path).ok());
  const setup::Setup back = load_setup(path).value();
  EXPECT_EQ(back.extra, s.extra);
  EXPECT_EQ(back.parameters[0].extra, s.parameters[0].extra);
  EXPECT_EQ(back.blend_spaces[0].extra, s.blend_spaces[0].extra);
  EXPECT_EQ(back.blend_spaces[0].points[0].extra, s.blend_spaces[0].points[0].extra);
  EXPECT_EQ(back.states[1].extra, s.states[1].extra);
  EXPECT_EQ(back.transitions[1].conditions[0].extra, s.transitions[1].conditions[0].extra);
  EXPECT_EQ(back.transitions[2].extra, s.transitions[2].extra);
  EXPECT_EQ(back.editor, s.editor);
}

TEST(SetupWriteTest, UnknownFieldsKeepTheirOrderAfterTheKnownOnes) {
  Json doc = base_document();
  doc["parameters"][0] = Json::parse(
      R"({"zeta": 1, "name": "speed", "alpha": [2], "type": "float", "mid": {}, "default": 0})");
  doc["transitions"][0]["conditions"][0] =
      Json::parse(R"({"z": 0, "parameter": "speed", "a": 1, "op": ">", "value": 0.5})");
  const Json top_extra = Json::parse(R"({"b_last": null, "a_first": "x"})");
  for (auto it = top_extra.begin(); it != top_extra.end(); ++it) doc[it.key()] = it.value();
  const Result<setup::Setup> parsed = parse_setup(doc.dump(), "order.json");
  ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
  const Json written = Json::parse(to_json_text(parsed.value()));

  std::vector<std::string> keys;
  for (auto it = written["parameters"][0].begin(); it != written["parameters"][0].end(); ++it) {
    keys.push_back(it.key());
  }
  EXPECT_THAT(keys, ElementsAre("name", "type", "default", "zeta", "alpha", "mid"));
  keys.clear();
  const Json& condition = written["transitions"][0]["conditions"][0];
  for (auto it = condition.begin(); it != condition.end(); ++it) keys.push_back(it.key());
  EXPECT_THAT(keys, ElementsAre("parameter", "op", "value", "z", "a"));
  keys.clear();
  for (auto it = written.begin(); it != written.end(); ++it) keys.push_back(it.key());
  EXPECT_THAT(keys,
              ElementsAre("format", "version", "model", "parameters", "blend_spaces", "states",
                          "default_state", "transitions", "editor", "b_last", "a_first"));
}

TEST(SetupWriteTest, ExtraCannotOverrideKnownFields) {
  setup::Setup s = load_example("minimal.setup.json");
  s.extra["format"] = "something else";
  s.extra["custom"] = 1;
  s.states[0].extra["name"] = "Other";
  const Json written = Json::parse(to_json_text(s));
  EXPECT_EQ(written["format"], "animscope.setup");
  EXPECT_EQ(written["custom"], 1);
  EXPECT_EQ(written["states"][0]["name"], "Idle");
}

TEST(SetupWriteTest, EditorBlockIsKeptAsIs) {
  Json doc = base_document();
  doc["editor"] = Json::parse(R"({"nodes": {"Idle": [1.5, -2], "Move": [0, 0]},
                                  "camera": {"zoom": 0.75}, "z": [true, null, "s"]})");
  const Result<setup::Setup> parsed = parse_setup(doc.dump(), "editor.json");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed.value().editor, doc["editor"]);
  EXPECT_EQ(Json::parse(to_json_text(parsed.value()))["editor"].dump(), doc["editor"].dump());
}

TEST(SetupWriteTest, StringsWithInvalidUtf8DoNotThrow) {
  setup::Setup s = load_example("minimal.setup.json");
  s.states[0].name = "bad\xff";
  std::string text;
  EXPECT_NO_THROW(text = to_json_text(s));
  EXPECT_TRUE(parse_setup(text, "utf8.json").ok());
}

TEST(SetupWriteTest, ProjectFilesParseAndRoundTrip) {
  const fs::path projects = fs::path(ANIMSCOPE_SOURCE_DIR) / "projects";
  if (!fs::exists(projects)) GTEST_SKIP() << "no projects folder";
  for (const fs::directory_entry& e : fs::directory_iterator(projects)) {
    if (e.path().extension() != ".json") continue;
    SCOPED_TRACE(e.path().string());
    const Result<setup::Setup> loaded = load_setup(e.path().string());
    ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
    const std::string first = to_json_text(loaded.value());
    EXPECT_EQ(to_json_text(parse_setup(first, "again").value()), first);
  }
}

// The example projects are saved by the tool, so they are in canonical form: writing what they
// read gives their text back byte for byte, whatever code does the reading and the writing.
TEST(SetupWriteTest, ProjectFilesAreAlreadyCanonical) {
  const fs::path projects = fs::path(ANIMSCOPE_SOURCE_DIR) / "projects";
  if (!fs::exists(projects)) GTEST_SKIP() << "no projects folder";
  int files = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(projects)) {
    if (e.path().extension() != ".json") continue;
    SCOPED_TRACE(e.path().string());
    const Result<setup::Setup> loaded = load_setup(e.path().string());
    ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
    EXPECT_EQ(to_json_text(loaded.value()), read_text_file(e.path().string()));
    ++files;
  }
  EXPECT_GT(files, 0);
}

// ---------------------------------------------------------------------------------------------
// Saving.

TEST(SetupSaveTest, WritesTheCanonicalTextAndNoTemporaryFile) {
  TempFolder folder;
  const setup::Setup s = load_example("complete.setup.json");
  const std::string path = folder.file("out.json");
  const Status saved = save_setup(s, path);
  ASSERT_TRUE(saved.ok()) << saved.error().to_string();
  EXPECT_EQ(read_text_file(path), to_json_text(s));
  EXPECT_THAT(folder.entries(), ElementsAre("out.json"));
}

TEST(SetupSaveTest, ReplacesAnExistingFileAndKeepsItsPermissions) {
  TempFolder folder;
  const std::string path = folder.file("out.json");
  write_text_file(path, "old contents");
  ASSERT_EQ(chmod(path.c_str(), 0640), 0);
  const setup::Setup s = load_example("minimal.setup.json");
  ASSERT_TRUE(save_setup(s, path).ok());
  EXPECT_EQ(read_text_file(path), to_json_text(s));
  struct stat info {};
  ASSERT_EQ(stat(path.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0640u);
  EXPECT_THAT(folder.entries(), ElementsAre("out.json"));
}

TEST(SetupSaveTest, SavingIntoAMissingFolderFails) {
  TempFolder folder;
  const std::string path = folder.file("missing/out.json");
  const Status saved = save_setup(load_example("minimal.setup.json"), path);
  ASSERT_FALSE(saved.ok());
  EXPECT_EQ(saved.error().path, path);
  EXPECT_EQ(saved.error().message, "cannot create a temporary file: No such file or directory");
  EXPECT_THAT(saved.error().to_string(), StartsWith(path + ": "));
  EXPECT_THAT(folder.entries(), IsEmpty());
}

TEST(SetupSaveTest, FailedSaveLeavesOtherFilesAndNoTemporaryFile) {
  TempFolder folder;
  write_text_file(folder.file("other.json"), "keep me");
  const std::string target = folder.file("target.json");
  ASSERT_TRUE(fs::create_directory(target));  // Renaming a file over a folder fails.
  write_text_file(target + "/inside.txt", "inside");

  const Status saved = save_setup(load_example("complete.setup.json"), target);
  ASSERT_FALSE(saved.ok());
  EXPECT_EQ(saved.error().code, Error::Code::kIo);
  EXPECT_EQ(saved.error().path, target);
  EXPECT_EQ(saved.error().message, "cannot replace the file: Is a directory");
  EXPECT_THAT(folder.entries(), ElementsAre("other.json", "target.json"));
  EXPECT_EQ(read_text_file(folder.file("other.json")), "keep me");
  EXPECT_EQ(read_text_file(target + "/inside.txt"), "inside");
}

}  // namespace
}  // namespace anim::setup

namespace anim::setup {
namespace {

TEST(SetupPathsTest, RelativeFilesAreJoinedToTheSetupsFolder) {
  EXPECT_EQ(resolve_setup_relative("projects/hero.json", "clips/Hero@Walk.fbx"),
            "projects/clips/Hero@Walk.fbx");
  EXPECT_EQ(resolve_setup_relative("projects/hero.json", "../models/Hero.fbx"), "models/Hero.fbx");
  EXPECT_EQ(resolve_setup_relative("projects/hero.json", "/abs/Run.fbx"), "/abs/Run.fbx");
  EXPECT_EQ(resolve_setup_relative("", "clips/Run.fbx"), "clips/Run.fbx");
  EXPECT_EQ(resolve_model_path("projects/hero.json", "builtin:demo"), "builtin:demo");
  EXPECT_EQ(resolve_model_path("projects/hero.json", "Hero.fbx"), "projects/Hero.fbx");
}

TEST(SetupPathsTest, RebasingKeepsTheSameFile) {
  // A relative entry stays relative to the new folder, ".." included.
  EXPECT_EQ(rebase_setup_relative("/p/setups/a.json", "/p/b.json", "../models/x.fbx"),
            "models/x.fbx");
  EXPECT_EQ(rebase_setup_relative("/p/a.json", "/p/setups/b.json", "models/x.fbx"),
            "../models/x.fbx");
  // An absolute entry stays absolute unless the file sits under the new folder.
  EXPECT_EQ(rebase_setup_relative("/p/a.json", "/q/b.json", "/data/x.fbx"), "/data/x.fbx");
  EXPECT_EQ(rebase_setup_relative("/p/a.json", "/data/b.json", "/data/clips/x.fbx"), "clips/x.fbx");
  // Without an old setup the entry is seen from the working folder.
  const std::string here = std::filesystem::current_path().string();
  EXPECT_EQ(rebase_setup_relative("", here + "/sub/b.json", "sub/clips/x.fbx"), "clips/x.fbx");
}

}  // namespace
}  // namespace anim::setup
