// `play --json` on a setup with a 2D blend space (and a 1D one): each active blend-space state
// lists its points in order with their weights, which must be the hand-worked barycentric (or
// linear) weights; a package packed from the setup plays the same weights. The setup is written
// at test time around assimp's Testwuson.X (clips Wuson_Bind, Wuson_Walk, Wuson_Run).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "anim/files/file_io.h"
#include "cli_run.h"
#include "split_assets.h"

namespace anim::app {
namespace {

using testing::run;

const std::string kWuson = ANIMSCOPE_ASSIMP_MODELS "/X/Testwuson.X";

// The locomotion diamond on (x, y): idle at the centre, forward/back on y, left/right on x
// (Wuson has three clips, so some clips stand at two points). "run" switches to a 1D space.
std::string strafe_setup() {
  nlohmann::ordered_json doc = nlohmann::ordered_json::parse(R"({
    "format": "animscope.setup", "version": 1, "model": "",
    "parameters": [{"name": "x", "type": "float", "default": 0.25},
                   {"name": "y", "type": "float", "default": 0.25},
                   {"name": "speed", "type": "float", "default": 0.25},
                   {"name": "run", "type": "bool", "default": false}],
    "blend_spaces": [
      {"name": "Diamond", "parameters": ["x", "y"],
       "points": [{"clip": "Wuson_Bind", "position": [0, 0]},
                  {"clip": "Wuson_Walk", "position": [0, 1]},
                  {"clip": "Wuson_Run", "position": [0, -1]},
                  {"clip": "Wuson_Walk", "position": [-1, 0]},
                  {"clip": "Wuson_Run", "position": [1, 0]}]},
      {"name": "WalkRun", "parameter": "speed",
       "points": [{"clip": "Wuson_Walk", "position": 0}, {"clip": "Wuson_Run", "position": 1}]}],
    "states": [{"name": "Strafe", "motion": "Diamond"}, {"name": "Move", "motion": "WalkRun"},
               {"name": "Still", "motion": "Wuson_Bind"}],
    "default_state": "Strafe",
    "transitions": [{"from": "Strafe", "to": "Move", "duration": 0,
                     "conditions": [{"parameter": "run", "op": "true"}]},
                    {"from": "Move", "to": "Still", "duration": 0,
                     "conditions": [{"parameter": "run", "op": "false"}]}]
  })");
  doc["model"] = kWuson;
  return doc.dump(2);
}

std::vector<nlohmann::json> json_lines(const std::string& text) {
  std::vector<nlohmann::json> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  return lines;
}

// The points of the frame's only state, as (clip, weight) in order.
void expect_points(const nlohmann::json& frame, const std::string& state,
                   const std::vector<std::pair<std::string, double>>& expected) {
  SCOPED_TRACE("t = " + frame["t"].dump());
  ASSERT_EQ(frame["states"].size(), 1u);
  const nlohmann::json& s = frame["states"][0];
  EXPECT_EQ(s["name"], state);
  ASSERT_TRUE(s.contains("points"));
  ASSERT_EQ(s["points"].size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(s["points"][i]["clip"], expected[i].first) << "point " << i;
    EXPECT_NEAR(s["points"][i]["weight"].get<double>(), expected[i].second, 1e-6) << "point " << i;
  }
}

class CliBlendSpace2D : public ::testing::Test {
 protected:
  CliBlendSpace2D() : setup_(dir_.path() + "/strafe.json") {
    EXPECT_TRUE(files::write_file_atomically(setup_, strafe_setup()).ok());
  }

  // Frames at 0.25 s steps: the default (0.25, 0.25) until 0.5 s, (-0.5, -0.25) until 1 s,
  // (2, 2) (outside the points' hull) until 1.5 s, then the 1D state, then a clip state.
  std::vector<nlohmann::json> play(const std::string& input) {
    const testing::CliRun r = run({"play", input, "--json", "--dt", "0.25", "--frames", "8",
                                   "--set", "x=-0.5@0.5", "--set", "y=-0.25@0.5", "--set", "x=2@1",
                                   "--set", "y=2@1", "--set", "run=1@1.5", "--set", "run=0@1.75"});
    EXPECT_EQ(r.code, 0) << r.err;
    return json_lines(r.out);
  }

  static void expect_script(const std::vector<nlohmann::json>& frames) {
    ASSERT_EQ(frames.size(), 8u);
    // (0.25, 0.25) in the triangle idle, right, forward: right = x, forward = y, idle the rest.
    expect_points(frames[0], "Strafe",
                  {{"Wuson_Bind", 0.5},
                   {"Wuson_Walk", 0.25},
                   {"Wuson_Run", 0},
                   {"Wuson_Walk", 0},
                   {"Wuson_Run", 0.25}});
    // (-0.5, -0.25) in the triangle idle, left, back: left = -x, back = -y.
    expect_points(frames[2], "Strafe",
                  {{"Wuson_Bind", 0.25},
                   {"Wuson_Walk", 0},
                   {"Wuson_Run", 0.25},
                   {"Wuson_Walk", 0.5},
                   {"Wuson_Run", 0}});
    // (2, 2): the closest hull point is (0.5, 0.5), half-way along right - forward.
    expect_points(frames[4], "Strafe",
                  {{"Wuson_Bind", 0},
                   {"Wuson_Walk", 0.5},
                   {"Wuson_Run", 0},
                   {"Wuson_Walk", 0},
                   {"Wuson_Run", 0.5}});
    // speed 0.25 on walk (0) - run (1).
    expect_points(frames[6], "Move", {{"Wuson_Walk", 0.75}, {"Wuson_Run", 0.25}});
    // A clip state has no points.
    ASSERT_EQ(frames[7]["states"].size(), 1u);
    EXPECT_EQ(frames[7]["states"][0]["name"], "Still");
    EXPECT_FALSE(frames[7]["states"][0].contains("points"));
  }

  anim::import::test_support::TempDir dir_;
  std::string setup_;
};

TEST_F(CliBlendSpace2D, PlayJsonListsThePointsWithTheirWeights) { expect_script(play(setup_)); }

TEST_F(CliBlendSpace2D, APackageOfTheSetupPlaysTheSameWeights) {
  const std::string pack = dir_.path() + "/strafe.animpack";
  const testing::CliRun packed = run({"pack", setup_, "--out", pack});
  ASSERT_EQ(packed.code, 0) << packed.err;
  expect_script(play(pack));
}

TEST_F(CliBlendSpace2D, ValidateReportsAnUnknownSecondParameterWithItsPointer) {
  nlohmann::ordered_json doc = nlohmann::ordered_json::parse(strafe_setup());
  doc["blend_spaces"][0]["parameters"][1] = "why";
  const std::string text = doc.dump(2);
  ASSERT_TRUE(files::write_file_atomically(setup_, text).ok());
  const testing::CliRun r = run({"validate", setup_});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE((r.out + r.err).find("/blend_spaces/0/parameters/1"), std::string::npos)
      << r.out << r.err;
}

}  // namespace
}  // namespace anim::app
