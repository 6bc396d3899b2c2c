// Inverse kinematics on the command line (issue 28), on a two-legged BVH written at test time
// whose pose is known by hand: `pose --json` with a vector3 --set puts a two-bone entry's end
// joint on the target; `play --json` reports each entry's reach; --ground planes lower the
// pelvis of a feet entry by the hand-computed drop; bad values give their exact errors.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <nlohmann/json.hpp>

#include "cli/exit_codes.h"
#include "cli_run.h"
#include "support/temp_tree.h"

namespace anim::app {
namespace {

using testing::CliRun;
using testing::run;
using Json = nlohmann::json;

const double kPi = 3.14159265358979;
// Hips 2.1 up; each thigh turned -20 degrees about X and each shin +40 from it (so -20 + 40 = 20
// in model space), legs 0.2 either side of the hips, bones of length 1. The knee is forward:
// knee = hip + (0, -cos 20, sin 20), ankle = knee + (0, -cos 20, -sin 20).
const double kCos20 = std::cos(20.0 * kPi / 180.0), kSin20 = std::sin(20.0 * kPi / 180.0);
const glm::vec3 kLeftHip(0.2f, 2.1f, 0.0f);
const glm::vec3 kLeftKnee(0.2f, static_cast<float>(2.1 - kCos20), static_cast<float>(kSin20));
const glm::vec3 kLeftAnkle(0.2f, static_cast<float>(2.1 - 2.0 * kCos20), 0.0f);
const double kAnkleHeight = 2.1 - 2.0 * kCos20;  // About 0.2206.

std::string leg(const char* side, double x) {
  return std::string("  JOINT ") + side + "UpLeg\n  {\n    OFFSET " + std::to_string(x) +
         " 0 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n    JOINT " + side +
         "Leg\n    {\n      OFFSET 0 -1 0\n      CHANNELS 3 Zrotation Xrotation Yrotation\n"
         "      JOINT " +
         side +
         "Foot\n      {\n        OFFSET 0 -1 0\n"
         "        CHANNELS 3 Zrotation Xrotation Yrotation\n"
         "        End Site\n        {\n          OFFSET 0 0 0.2\n        }\n      }\n    }\n"
         "  }\n";
}

std::string write_legs(const std::string& path) {
  std::ofstream out(path);
  out << "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n"
         "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
      << leg("Left", 0.2) << leg("Right", -0.2) << "}\nMOTION\nFrames: 2\nFrame Time: 0.5\n";
  for (int f = 0; f < 2; ++f)
    out << "0 2.1 0 0 0 0 0 -20 0 0 40 0 0 -20 0 0 -20 0 0 40 0 0 -20 0\n";
  return path;
}

// A setup on legs.bvh standing in its one clip, with these parameters and IK entries.
std::string write_setup(const std::string& path, const std::string& parameters,
                        const std::string& ik) {
  std::ofstream(path) << R"({"format": "animscope.setup", "version": 3, "model": "legs.bvh",
    "parameters": )" << parameters
                      << R"(, "blend_spaces": [],
    "states": [{"name": "Stand", "motion": "Motion", "speed": 1, "loop": true}],
    "default_state": "Stand", "transitions": [], "ik": )"
                      << ik << R"(, "editor": {}})";
  return path;
}

constexpr const char* kTargetParameter =
    R"([{"name": "target", "type": "vector3", "default": [0, 0, 0]}])";
constexpr const char* kTwoBone = R"([{"name": "left_leg", "type": "two_bone",
    "start": "LeftUpLeg", "mid": "LeftLeg", "end": "LeftFoot", "target": "target"}])";
constexpr const char* kFeet = R"([{"name": "feet", "type": "feet",
    "legs": [["LeftUpLeg", "LeftLeg", "LeftFoot"], ["RightUpLeg", "RightLeg", "RightFoot"]],
    "pelvis": "Hips", "foot_height": 0}])";

class CliIk : public ::testing::Test {
 protected:
  // Each joint's model-space position in `pose --json` output, by name.
  static glm::vec3 Position(const Json& pose, const std::string& joint) {
    for (const Json& j : pose["joints"]) {
      if (j["name"] != joint) continue;
      const std::vector<float> m = j["model"].get<std::vector<float>>();
      return {m[12], m[13], m[14]};
    }
    ADD_FAILURE() << "no joint " << joint;
    return glm::vec3(NAN);
  }

  Json Pose(std::vector<std::string> args) {
    args.insert(args.begin(), {"pose", reach_, "--json"});
    const CliRun r = run(args);
    EXPECT_EQ(r.code, kExitOk) << r.err;
    return r.code == kExitOk ? Json::parse(r.out) : Json();
  }

  // The last frame of `play --json` on `setup` for two frames.
  static Json LastFrame(const std::string& setup, std::vector<std::string> args) {
    args.insert(args.begin(), {"play", setup, "--json", "--frames", "2"});
    const CliRun r = run(args);
    EXPECT_EQ(r.code, kExitOk) << r.err;
    std::istringstream lines(r.out);
    std::string line, last;
    while (std::getline(lines, line)) last = line;
    return last.empty() ? Json() : Json::parse(last);
  }

  static ::testing::AssertionResult Near(const glm::vec3& a, const glm::vec3& b, float tolerance) {
    if (glm::length(a - b) <= tolerance) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "(" << a.x << ", " << a.y << ", " << a.z << ") vs ("
                                         << b.x << ", " << b.y << ", " << b.z << ")";
  }

  // A JSON [x, y, z].
  static glm::vec3 Vec(const Json& j) {
    return {j.at(0).get<float>(), j.at(1).get<float>(), j.at(2).get<float>()};
  }

  ui::testing::TempTree tree_;
  std::string model_ = write_legs(tree_.path("legs.bvh"));
  std::string reach_ = write_setup(tree_.path("reach.json"), kTargetParameter, kTwoBone);
  std::string feet_ = write_setup(tree_.path("feet.json"), "[]", kFeet);
};

TEST_F(CliIk, TheAnimatedPoseIsTheHandWorkedOne) {
  // The feet setup without --ground: its entry finds no ground and leaves the clip's pose.
  const CliRun r = run({"pose", feet_, "--json"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  const Json pose = Json::parse(r.out);
  EXPECT_TRUE(Near(Position(pose, "LeftUpLeg"), kLeftHip, 1e-5f));
  EXPECT_TRUE(Near(Position(pose, "LeftLeg"), kLeftKnee, 1e-5f));
  EXPECT_TRUE(Near(Position(pose, "LeftFoot"), kLeftAnkle, 1e-5f));
  EXPECT_TRUE(Near(Position(pose, "RightFoot"), kLeftAnkle * glm::vec3(-1, 1, 1), 1e-5f));
}

TEST_F(CliIk, PoseJsonPutsTheEndJointOnAReachableTarget) {
  const glm::vec3 target(0.2f, 0.9f, 0.6f);  // sqrt(1.2^2 + 0.6^2) = 1.34 from the hip: reachable.
  const Json corrected = Pose({"--set", "target=0.2,0.9,0.6"});
  const Json unset = Pose({});
  const glm::vec3 hip = Position(corrected, "LeftUpLeg"), knee = Position(corrected, "LeftLeg"),
                  ankle = Position(corrected, "LeftFoot");
  EXPECT_TRUE(Near(ankle, target, 1e-4f));
  EXPECT_TRUE(Near(hip, kLeftHip, 1e-5f)) << "the start joint stays where it is";
  EXPECT_NEAR(glm::length(knee - hip), 1.0f, 1e-4f) << "bone lengths never change";
  EXPECT_NEAR(glm::length(ankle - knee), 1.0f, 1e-4f);
  // The run without the target (the default, the origin, 2.11 away: out of reach) differs.
  EXPECT_GT(glm::length(Position(unset, "LeftFoot") - ankle), 0.1f);
  // The other leg has no entry: as animated in both.
  EXPECT_TRUE(Near(Position(corrected, "RightFoot"), kLeftAnkle * glm::vec3(-1, 1, 1), 1e-5f));
}

TEST_F(CliIk, AFarTargetStraightensTheLegTowardIt) {
  // 7.1 straight below the hip: the leg points at it, its ankle 2 below the hip.
  const Json pose = Pose({"--set", "target=0.2,-5,0"});
  EXPECT_TRUE(Near(Position(pose, "LeftFoot"), glm::vec3(0.2f, 0.1f, 0.0f), 1e-3f));
}

TEST_F(CliIk, PlayJsonReportsEachEntrysReachAndTheVectorParameter) {
  const Json near = LastFrame(reach_, {"--set", "target=0.2,0.9,0.6"});
  ASSERT_TRUE(near.contains("ik")) << near.dump();
  ASSERT_EQ(near["ik"].size(), 1u);
  const Json& entry = near["ik"][0];
  EXPECT_EQ(entry.size(), 4u) << entry.dump();
  EXPECT_EQ(entry["name"], "left_leg");
  EXPECT_EQ(entry["weight"], 1.0);
  EXPECT_EQ(entry["reached"], true);
  EXPECT_TRUE(Near(Vec(entry["target"]), glm::vec3(0.2f, 0.9f, 0.6f), 1e-6f));
  EXPECT_TRUE(Near(Vec(near["parameters"]["target"]), glm::vec3(0.2f, 0.9f, 0.6f), 0.0f));

  const Json far = LastFrame(reach_, {"--set", "target=0.2,-5,0"});
  EXPECT_EQ(far["ik"][0]["reached"], false) << far.dump();
  EXPECT_EQ(far["ik"][0]["weight"], 1.0);
  // A change later in the run: the default until then.
  const CliRun later = run({"play", reach_, "--json", "--frames", "3", "--dt", "0.25", "--set",
                            "target=0.2,0.9,0.6@0.5"});
  ASSERT_EQ(later.code, kExitOk) << later.err;
  std::istringstream lines(later.out);
  std::vector<Json> frames;
  for (std::string line; std::getline(lines, line);) frames.push_back(Json::parse(line));
  ASSERT_EQ(frames.size(), 3u);
  EXPECT_EQ(frames[1]["parameters"]["target"], Json::parse("[0, 0, 0]"));
  EXPECT_EQ(frames[1]["ik"][0]["reached"], false) << "the origin is out of reach";
  EXPECT_EQ(frames[2]["ik"][0]["reached"], true);
}

TEST_F(CliIk, AGroundPlaneLowersThePelvisSoTheFeetStandOnIt) {
  const double drop = kAnkleHeight - 0.05;  // The animated ankles 0.2206 up, the floor at 0.05.
  const Json frame = LastFrame(feet_, {"--ground", "0,1,0,0.05"});
  ASSERT_EQ(frame["ik"].size(), 1u) << frame.dump();
  const Json& feet = frame["ik"][0];
  EXPECT_EQ(feet["name"], "feet");
  EXPECT_FALSE(feet.contains("target"));
  EXPECT_NEAR(feet["pelvis_drop"].get<double>(), drop, 1e-5);
  EXPECT_EQ(feet["reached"], true);
  ASSERT_EQ(feet["legs"].size(), 2u);
  for (int i = 0; i < 2; ++i) {
    const Json& leg = feet["legs"][i];
    EXPECT_EQ(leg["hit"], true);
    EXPECT_EQ(leg["reached"], true);
    EXPECT_EQ(leg["weight"], 1.0);
    EXPECT_TRUE(Near(Vec(leg["target"]), glm::vec3(i == 0 ? 0.2f : -0.2f, 0.05f, 0.0f), 1e-5f));
  }
  // Without --ground the entry finds none.
  const Json bare = LastFrame(feet_, {});
  EXPECT_EQ(bare["ik"][0]["pelvis_drop"], 0.0);
  EXPECT_EQ(bare["ik"][0]["legs"][0]["hit"], false);
  EXPECT_EQ(bare["ik"][0]["legs"][1]["weight"], 0.0);
  EXPECT_FALSE(bare.contains("parameters") && !bare["parameters"].empty());

  // pose: the hips lowered by the drop, the ankles on the floor.
  const CliRun r = run({"pose", feet_, "--json", "--ground", "0,1,0,0.05"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  const Json pose = Json::parse(r.out);
  EXPECT_NEAR(Position(pose, "Hips").y, 2.1 - drop, 1e-5);
  EXPECT_NEAR(Position(pose, "LeftFoot").y, 0.05, 1e-4);
  EXPECT_NEAR(Position(pose, "RightFoot").y, 0.05, 1e-4);
}

// The feet entry lifted by height (lift height 0.1, the ankles 0.22 up: never planted by it)
// with sync markers "L" at 0.12 s and "R" at 0.37 s of the 0.5 s clip planting the left and
// right legs: each leg's weight is 1 from its marker to the other's and 0 elsewhere.
TEST_F(CliIk, PlantMarkersPlantEachFootThroughItsStance) {
  std::string feet = kFeet;
  feet.replace(feet.find(R"("foot_height": 0)"), 16,
               R"("foot_height": 0, "lift_height": 0.1, "plant_markers": ["L", "R"])");
  std::string setup = write_setup(tree_.path("planted.json"), "[]", feet);
  {
    std::ifstream in(setup);
    Json j = Json::parse(in);
    j["clips"] = Json::parse(R"([{"name": "Motion", "markers": [{"name": "L", "time": 0.12},
                                  {"name": "R", "time": 0.37}]}])");
    std::ofstream(setup) << j.dump(2);
  }
  const CliRun r =
      run({"play", setup, "--json", "--frames", "20", "--dt", "0.05", "--ground", "0,1,0,0.05"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  std::istringstream lines(r.out);
  int frames = 0, left_planted = 0;
  for (std::string line; std::getline(lines, line); ++frames) {
    const Json frame = Json::parse(line);
    const double phase = std::fmod(frame["t"].get<double>(), 0.5);
    const bool left = phase >= 0.12 && phase < 0.37;
    const Json& legs = frame["ik"][0]["legs"];
    ASSERT_EQ(legs.size(), 2u);
    EXPECT_EQ(legs[0]["weight"], left ? 1.0 : 0.0) << "t " << frame["t"];
    EXPECT_EQ(legs[1]["weight"], left ? 0.0 : 1.0) << "t " << frame["t"];
    left_planted += left ? 1 : 0;
  }
  EXPECT_EQ(frames, 20);
  EXPECT_EQ(left_planted, 10);  // 0.15 to 0.35 in each of the two cycles.
  // A marker no clip has is an error at its pointer.
  std::ifstream in(setup);
  Json j = Json::parse(in);
  j["ik"][0]["plant_markers"][1] = "Q";
  std::ofstream(setup) << j.dump(2);
  const CliRun bad = run({"play", setup, "--json", "--frames", "1"});
  EXPECT_NE(bad.code, kExitOk);
  EXPECT_NE(bad.err.find("/ik/0/plant_markers/1"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("no clip has a sync marker \"Q\""), std::string::npos) << bad.err;
}

TEST_F(CliIk, AStepUnderOneFootLowersThePelvisForTheOther) {
  // A floor at 0.05 and a step at 0.15 over x >= 0 (the left foot, at x = 0.2): the right foot
  // is the lower one and sets the drop; the left knee bends more to stand on the step.
  const CliRun r = run(
      {"pose", feet_, "--json", "--ground", "0,1,0,0.05", "--ground", "0,1,0,0.15@0,1e9,-1e9,1e9"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  const Json pose = Json::parse(r.out);
  EXPECT_NEAR(Position(pose, "Hips").y, 2.1 - (kAnkleHeight - 0.05), 1e-5);
  EXPECT_NEAR(Position(pose, "LeftFoot").y, 0.15, 1e-4);
  EXPECT_NEAR(Position(pose, "RightFoot").y, 0.05, 1e-4);
}

TEST_F(CliIk, BadVectorValuesAreErrorsNamingTheSet) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--set", "target=1,2"},
       "--set target=1,2: \"target\" is a vector3 parameter and needs three numbers X,Y,Z, got 2 "
       "in \"1,2\""},
      {{"--set", "target=1,nan,2@0"}, "--set target=1,nan,2@0: \"nan\" is not a finite number"},
      {{"--set", "target=3"},
       "--set target=3: \"target\" is a vector3 parameter and needs three numbers X,Y,Z, got 1 "
       "in \"3\""}};
  for (const char* command : {"play", "pose"}) {
    for (const auto& [args, message] : cases) {
      std::vector<std::string> line = {command, reach_};
      line.insert(line.end(), args.begin(), args.end());
      const CliRun r = run(line);
      EXPECT_EQ(r.code, kExitError) << command;
      EXPECT_NE(r.err.find(message), std::string::npos) << command << ": " << r.err;
    }
  }
}

}  // namespace
}  // namespace anim::app
