// 2D blend spaces in setup files: reading ("parameters": [x, y], "position": [x, y]), the
// problems reading reports with their pointers, canonical writing, and validation.
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "anim/setup/from_machine.h"
#include "anim/setup/setup.h"
#include "support/diagnostics.h"
#include "support/matchers.h"
#include "support/setup_files.h"
#include "support/setups.h"

namespace anim::setup {
namespace {

using namespace ::anim::testutil;

// The warning for a parameter nothing reads.
std::string unread(const std::string& name) {
  return "parameter \"" + name +
         "\" is read by no condition, blend space or layer weight: setting it changes nothing";
}

const std::vector<std::string> kClips = {"idle", "forward", "back", "left", "right"};

// A locomotion diamond on (x, y) beside a 1D space on speed.
Json document() {
  Json doc = Json::parse(R"({
    "format": "animscope.setup", "version": 1, "model": "m.x",
    "parameters": [{"name": "x", "type": "float", "default": 0},
                   {"name": "y", "type": "float", "default": 0},
                   {"name": "speed", "type": "float", "default": 0},
                   {"name": "on", "type": "bool", "default": false}],
    "blend_spaces": [
      {"name": "Strafe", "parameters": ["x", "y"],
       "points": [{"clip": "idle", "position": [0, 0]},
                  {"clip": "forward", "position": [0, 1]},
                  {"clip": "back", "position": [0, -1]},
                  {"clip": "left", "position": [-1, 0]},
                  {"clip": "right", "position": [1, 0.5]}]},
      {"name": "Move", "parameter": "speed",
       "points": [{"clip": "idle", "position": 0}, {"clip": "forward", "position": 1}]}],
    "states": [{"name": "Locomotion", "motion": "Strafe"}, {"name": "Walk", "motion": "Move"}],
    "default_state": "Locomotion",
    "transitions": [{"from": "*", "to": "Walk", "conditions": [{"parameter": "on", "op": "true"}]}]
  })");
  doc["version"] = kSetupVersion;  // Whatever this build writes.
  return doc;
}

setup::Setup parse(const Json& doc) {
  Result<setup::Setup> setup = parse_setup(doc.dump(), "t.json");
  EXPECT_TRUE(setup.ok()) << setup.error().to_string();
  return setup.ok() ? std::move(setup).value() : Setup{};
}

std::vector<Diagnostic> parse_problems(const Json& doc) {
  std::vector<Diagnostic> diagnostics;
  EXPECT_FALSE(parse_setup(doc.dump(), "t.json", &diagnostics).ok());
  return diagnostics;
}

std::vector<Diagnostic> errors_and_warnings(const setup::Setup& setup) {
  return validate_setup(setup, kClips);
}

// The document's strafe space: over x and y, five points, the last "right" at (1, 0.5).
void ExpectStrafeAxesAndLastPoint(const SetupBlendSpace& strafe) {
  EXPECT_EQ(strafe.parameter, "x");
  EXPECT_EQ(strafe.parameter_y, "y");
  ASSERT_EQ(strafe.points.size(), 5u);
  EXPECT_EQ(strafe.points[4].clip, "right");
  EXPECT_EQ(strafe.points[4].position, 1.0f);
  EXPECT_EQ(strafe.points[4].position_y, 0.5f);
}

TEST(SetupBlendSpace2DTest, ReadsParametersAndPositions) {
  const setup::Setup s = parse(document());
  ASSERT_EQ(s.blend_spaces.size(), 2u);
  const SetupBlendSpace& strafe = s.blend_spaces[0];
  EXPECT_TRUE(strafe.is_2d());
  ASSERT_NO_FATAL_FAILURE(ExpectStrafeAxesAndLastPoint(strafe));
  EXPECT_EQ(strafe.points[2].position_y, -1.0f);
  EXPECT_TRUE(strafe.extra.empty());
  const SetupBlendSpace& move = s.blend_spaces[1];
  EXPECT_FALSE(move.is_2d());
  EXPECT_EQ(move.parameter, "speed");
  EXPECT_FALSE(move.points[1].position_y.has_value());
}

TEST(SetupBlendSpace2DTest, WritesPairsCanonicallyAndRoundTripsByteForByte) {
  const std::string first = to_json_text(parse(document()));
  // The 2D space keeps its form and key order; the 1D one is unchanged.
  EXPECT_NE(first.find("\"parameters\": [\n        \"x\",\n        \"y\"\n      ],"),
            std::string::npos)
      << first;
  EXPECT_NE(first.find("\"position\": [\n            1,\n            0.5\n          ]"),
            std::string::npos)
      << first;
  EXPECT_NE(first.find("\"parameter\": \"speed\""), std::string::npos);
  EXPECT_NE(first.find("\"clip\": \"forward\",\n          \"position\": 1\n"), std::string::npos);
  const setup::Setup again = parse(Json::parse(first));
  EXPECT_EQ(to_json_text(again), first);
  const setup::Setup third = parse(Json::parse(to_json_text(again)));
  EXPECT_EQ(to_json_text(third), first);
}

TEST(SetupBlendSpace2DTest, ExactFormOfA2DSpace) {
  setup::Setup s = SetupOf("m.x", {}, {});
  s.blend_spaces.push_back(Space("S", "a", {Point("c", 0.1f, -2.0f)}, "b"));
  const Json written = Json::parse(to_json_text(s));
  EXPECT_EQ(written["blend_spaces"][0].dump(),
            R"({"name":"S","parameters":["a","b"],"points":[{"clip":"c","position":[0.1,-2]}]})");
}

TEST(SetupBlendSpace2DTest, UnknownFieldsOf2DSpacesAndPointsSurvive) {
  Json doc = document();
  doc["blend_spaces"][0]["smoothing"] = 0.5;
  doc["blend_spaces"][0]["points"][1]["tag"] = "fwd";
  const setup::Setup s = parse(doc);
  EXPECT_EQ(s.blend_spaces[0].extra, Json::parse(R"({"smoothing": 0.5})"));
  const Json written = Json::parse(to_json_text(s));
  EXPECT_EQ(written["blend_spaces"][0]["smoothing"], 0.5);
  EXPECT_EQ(written["blend_spaces"][0]["points"][1]["tag"], "fwd");
  EXPECT_EQ(written["blend_spaces"][0]["points"][1]["position"], Json::parse("[0, 1]"));
}

struct BrokenCase {
  const char* name;
  void (*spoil)(Json&);
  const char* pointer;
  const char* message;
};

TEST(SetupBlendSpace2DTest, ReportsEachStructuralProblemWithItsPointer) {
  const BrokenCase cases[] = {
      {"both parameter and parameters", [](Json& d) { d["blend_spaces"][0]["parameter"] = "x"; },
       "/blend_spaces/0/parameters", "give \"parameter\" (1D) or \"parameters\" (2D), not both"},
      {"parameters with one name",
       [](Json& d) { d["blend_spaces"][0]["parameters"] = Json::parse(R"(["x"])"); },
       "/blend_spaces/0/parameters", "expected two parameter names [x, y]"},
      {"parameters with three names",
       [](Json& d) { d["blend_spaces"][0]["parameters"] = Json::parse(R"(["x", "y", "z"])"); },
       "/blend_spaces/0/parameters", "expected two parameter names [x, y]"},
      {"parameters as a string", [](Json& d) { d["blend_spaces"][0]["parameters"] = "x"; },
       "/blend_spaces/0/parameters", "expected two parameter names [x, y]"},
      {"parameter name as a number", [](Json& d) { d["blend_spaces"][0]["parameters"][1] = 2; },
       "/blend_spaces/0/parameters/1", "expected a string"},
      {"2D position as a number",
       [](Json& d) { d["blend_spaces"][0]["points"][1]["position"] = 1; },
       "/blend_spaces/0/points/1/position",
       "expected [x, y], two numbers (the space has two parameters)"},
      {"2D position with three numbers",
       [](Json& d) { d["blend_spaces"][0]["points"][3]["position"] = Json::parse("[1, 2, 3]"); },
       "/blend_spaces/0/points/3/position",
       "expected [x, y], two numbers (the space has two parameters)"},
      {"2D position with text",
       [](Json& d) { d["blend_spaces"][0]["points"][2]["position"][1] = "-1"; },
       "/blend_spaces/0/points/2/position/1", "expected a number"},
      {"2D position beyond float range",
       [](Json& d) { d["blend_spaces"][0]["points"][0]["position"][0] = 1e300; },
       "/blend_spaces/0/points/0/position/0", "number out of range for a float"},
      {"2D position missing", [](Json& d) { d["blend_spaces"][0]["points"][4].erase("position"); },
       "/blend_spaces/0/points/4/position", "missing required field"},
      {"1D space given a pair",
       [](Json& d) { d["blend_spaces"][1]["points"][1]["position"] = Json::parse("[1, 0]"); },
       "/blend_spaces/1/points/1/position",
       "expected a number: [x, y] positions need \"parameters\": [x, y]"},
      {"no parameter at all", [](Json& d) { d["blend_spaces"][0].erase("parameters"); },
       "/blend_spaces/0/parameter", "missing required field"},
  };
  for (const BrokenCase& c : cases) {
    SCOPED_TRACE(c.name);
    Json doc = document();
    c.spoil(doc);
    const std::vector<Diagnostic> found = parse_problems(doc);
    if (std::string(c.name) == "no parameter at all") {
      // Its points are then read as 1D ones, and each [x, y] is reported too.
      EXPECT_THAT(found, Contains(IsError(c.pointer, c.message)));
    } else {
      EXPECT_THAT(found, ElementsAre(IsError(c.pointer, c.message)));
    }
  }
}

TEST(SetupBlendSpace2DTest, SchemaExampleLoadsValidatesAndRoundTrips) {
  const std::string path = testing::setup_example_path("strafe_2d.setup.json");
  Result<setup::Setup> loaded = load_setup(path);
  ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
  ASSERT_EQ(loaded.value().blend_spaces.size(), 2u);
  EXPECT_TRUE(loaded.value().blend_spaces[0].is_2d());
  // No errors (the state "Run" is unreachable: a warning).
  for (const Diagnostic& d :
       validate_setup(loaded.value(), {"Idle", "Walk", "Back", "Left", "Right", "Run"})) {
    EXPECT_EQ(d.severity, Severity::kWarning) << d.pointer << ": " << d.message;
  }
  const std::string text = to_json_text(loaded.value());
  Result<setup::Setup> again = parse_setup(text, path);
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(to_json_text(again.value()), text);
}

TEST(SetupBlendSpace2DTest, ValidDocumentHasNoFindings) {
  EXPECT_THAT(errors_and_warnings(parse(document())), IsEmpty());
}

TEST(SetupBlendSpace2DTest, UnknownAndWronglyTypedParameters) {
  Json doc = document();
  doc["blend_spaces"][0]["parameters"] = Json::parse(R"(["xx", "on"])");
  EXPECT_THAT(
      errors_and_warnings(parse(doc)),
      ElementsAre(
          IsError("/blend_spaces/0/parameters/0", "unknown parameter \"xx\" (did you mean \"x\"?)"),
          IsError("/blend_spaces/0/parameters/1",
                  "parameter \"on\" has type bool; a blend space needs a float or "
                  "int parameter"),
          // Nothing reads x or y any more.
          IsWarning("/parameters/0", unread("x")), IsWarning("/parameters/1", unread("y"))));
}

TEST(SetupBlendSpace2DTest, SameParameterTwiceIsAnError) {
  Json doc = document();
  doc["blend_spaces"][0]["parameters"] = Json::parse(R"(["y", "y"])");
  EXPECT_THAT(errors_and_warnings(parse(doc)),
              ElementsAre(IsError("/blend_spaces/0/parameters/1",
                                  "parameter \"y\" is used twice; a 2D blend space needs two"),
                          IsWarning("/parameters/0", unread("x"))));
}

TEST(SetupBlendSpace2DTest, IntParametersAreAccepted) {
  Json doc = document();
  doc["parameters"][1]["type"] = "int";
  EXPECT_THAT(errors_and_warnings(parse(doc)), IsEmpty());
}

TEST(SetupBlendSpace2DTest, DuplicatePositionsAreErrors) {
  Json doc = document();
  doc["blend_spaces"][0]["points"][2]["position"] = Json::parse("[-0.0, 0]");  // -0 is 0.
  doc["blend_spaces"][0]["points"][3]["position"] = Json::parse("[0, 1]");
  // The others (idle, forward, right) still make a triangle: no warning.
  EXPECT_THAT(errors_and_warnings(parse(doc)),
              ElementsAre(IsError("/blend_spaces/0/points/2/position",
                                  "position [0, 0] is the same as /blend_spaces/0/points/0's"),
                          IsError("/blend_spaces/0/points/3/position",
                                  "position [0, 1] is the same as /blend_spaces/0/points/1's")));
}

TEST(SetupBlendSpace2DTest, CollinearPointsOrFewerThanThreeWarn) {
  Json line = document();
  line["blend_spaces"][0]["points"] = Json::parse(R"([{"clip": "idle", "position": [0, 0]},
      {"clip": "forward", "position": [1, 2]}, {"clip": "back", "position": [-0.5, -1]},
      {"clip": "left", "position": [3, 6]}])");
  EXPECT_THAT(errors_and_warnings(parse(line)),
              ElementsAre(IsWarning("/blend_spaces/0/points",
                                    "all points lie on one line: the space blends along that "
                                    "line")));
  Json two = document();
  two["blend_spaces"][0]["points"].erase(2);
  two["blend_spaces"][0]["points"].erase(2);
  two["blend_spaces"][0]["points"].erase(2);
  EXPECT_THAT(errors_and_warnings(parse(two)),
              ElementsAre(IsWarning("/blend_spaces/0/points",
                                    "fewer than three points: the space blends along a line")));
  Json none = document();
  none["blend_spaces"][0]["points"] = Json::array();
  EXPECT_THAT(
      errors_and_warnings(parse(none)),
      ElementsAre(IsError("/blend_spaces/0/points", "a blend space needs at least one point")));
}

TEST(SetupBlendSpace2DTest, NonFinitePositionsAndMissingOrStrayYAreErrors) {
  setup::Setup s = parse(document());
  s.blend_spaces[0].points[1].position = std::numeric_limits<float>::infinity();
  s.blend_spaces[0].points[2].position_y = std::numeric_limits<float>::quiet_NaN();
  s.blend_spaces[0].points[3].position_y.reset();
  s.blend_spaces[1].points[0].position_y = 2.0f;
  EXPECT_THAT(
      errors_and_warnings(s),
      ElementsAre(IsError("/blend_spaces/0/points/1/position/0", "x is not a finite number"),
                  IsError("/blend_spaces/0/points/2/position/1", "y is not a finite number"),
                  IsError("/blend_spaces/0/points/3/position",
                          "a point of a 2D blend space needs an [x, y] position"),
                  // Idle and right are left: too few for a triangle.
                  IsWarning("/blend_spaces/0/points",
                            "fewer than three points: the space blends along a line"),
                  IsError("/blend_spaces/1/points/0/position",
                          "a point of a 1D blend space has a y position; give the space two "
                          "\"parameters\"")));
}

TEST(SetupBlendSpace2DTest, UnknownClipOfA2DPointAndStatesNamingSpaces) {
  Json doc = document();
  doc["blend_spaces"][0]["points"][1]["clip"] = "fordward";
  doc["states"][0]["motion"] = "Strafee";
  const std::vector<Diagnostic> found = errors_and_warnings(parse(doc));
  EXPECT_THAT(found, Contains(IsError("/blend_spaces/0/points/1/clip",
                                      "unknown clip \"fordward\" (did you mean \"forward\"?)")));
  EXPECT_THAT(found, Contains(IsError("/states/0/motion",
                                      "unknown clip or blend space \"Strafee\" (did you mean "
                                      "\"Strafe\"?)")));
}

TEST(SetupBlendSpace2DTest, NamesAreSharedWithClipsAnd1DSpaces) {
  Json doc = document();
  doc["blend_spaces"][0]["name"] = "Move";
  EXPECT_THAT(errors_and_warnings(parse(doc)), Contains(AtPointer("/blend_spaces/1/name")));
  Json clip = document();
  clip["blend_spaces"][0]["name"] = "idle";
  EXPECT_THAT(errors_and_warnings(parse(clip)), Contains(AtPointer("/blend_spaces/0/name")));
  EXPECT_THAT(errors_and_warnings(parse(document())), Not(Contains(AtPointer("/states/0/motion"))));
}

TEST(SetupBlendSpace2DTest, CompiledMachineMadeBackIntoASetupKeepsThe2DSpace) {
  std::vector<Clip> clips;
  for (const std::string& name : kClips) {
    ClipBuilder b(name, 1.0f, 1);
    clips.push_back(b.build());
  }
  Result<StateMachineDef> def = compile_setup(parse(document()), clips);
  ASSERT_TRUE(def.ok()) << def.error().to_string();
  const setup::Setup back = setup_from_machine(def.value(), kClips, "m.x");
  ASSERT_EQ(back.blend_spaces.size(), 2u);
  // The machine keeps 1D and 2D spaces apart: the 1D one comes first now.
  EXPECT_EQ(back.blend_spaces[0].name, "Move");
  EXPECT_FALSE(back.blend_spaces[0].is_2d());
  const SetupBlendSpace& strafe = back.blend_spaces[1];
  EXPECT_EQ(strafe.name, "Strafe");
  ASSERT_NO_FATAL_FAILURE(ExpectStrafeAxesAndLastPoint(strafe));
  EXPECT_EQ(back.states[0].motion, "Strafe");
  EXPECT_EQ(back.states[1].motion, "Move");
  EXPECT_THAT(validate_setup(back, kClips), IsEmpty());
}

}  // namespace
}  // namespace anim::setup
