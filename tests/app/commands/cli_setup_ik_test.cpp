// A setup's IK entries through the command line, on the built-in demo: `pose --json` shows the
// left foot on its two-bone entry's target (a vector3 parameter's default), `validate` reports
// joints that do not hang from one another at their pointers, and `play` refuses an entry whose
// joint the skeleton lacks, naming the file and the place.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_run.h"

namespace anim::app {
namespace {

namespace fs = std::filesystem;
using testing::run;
using Json = nlohmann::json;

class CliSetupIk : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("animscope_setup_ik_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The demo idling, with a vector3 parameter "foot" defaulting to [0.1, 0.2, 0.1] and `ik`
  // (a JSON array).
  std::string setup(const std::string& ik) {
    const std::string path = (dir_ / "ik.json").string();
    std::ofstream(path) << R"({"format": "animscope.setup", "version": 3, "model": "builtin:demo",
      "parameters": [{"name": "foot", "type": "vector3", "default": [0.1, 0.2, 0.1]}],
      "states": [{"name": "Idle", "motion": "Idle"}], "default_state": "Idle", "ik": )"
                        << ik << "}";
    return path;
  }

  fs::path dir_;
};

TEST_F(CliSetupIk, PoseShowsTheFootOnItsTarget) {
  const std::string path = setup(R"([{"name": "left_leg", "type": "two_bone", "start": "thigh_L",
      "mid": "shin_L", "end": "foot_L", "target": "foot"}])");
  const testing::CliRun r = run({"pose", path, "--time", "0.5", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const Json pose = Json::parse(r.out);
  bool found = false;
  for (const Json& joint : pose.at("joints")) {
    if (joint.at("name") != "foot_L") continue;
    found = true;
    const Json& m = joint.at("model");  // Column-major: the translation is 12..14.
    EXPECT_NEAR(m[12].get<double>(), 0.1, 1e-4);
    EXPECT_NEAR(m[13].get<double>(), 0.2, 1e-4);
    EXPECT_NEAR(m[14].get<double>(), 0.1, 1e-4);
  }
  EXPECT_TRUE(found);
}

// `pack` bakes the entries into the package (its IKEN section), and the game's path on the
// package puts the foot where the setup's does, on the target set from the command line.
TEST_F(CliSetupIk, APackageCarriesTheEntries) {
  const std::string path = setup(R"([{"name": "left_leg", "type": "two_bone", "start": "thigh_L",
      "mid": "shin_L", "end": "foot_L", "target": "foot"}])");
  const std::string package = (dir_ / "ik.animpack").string();
  const testing::CliRun packed = run({"pack", path, "--out", package});
  ASSERT_EQ(packed.code, 0) << packed.err;
  const testing::CliRun r =
      run({"pose", package, "--time", "0.5", "--json", "--set", "foot=0.15,0.25,0.05@0"});
  ASSERT_EQ(r.code, 0) << r.err;
  const Json pose = Json::parse(r.out);
  bool found = false;
  for (const Json& joint : pose.at("joints")) {
    if (joint.at("name") != "foot_L") continue;
    found = true;
    const Json& m = joint.at("model");
    EXPECT_NEAR(m[12].get<double>(), 0.15, 1e-4);
    EXPECT_NEAR(m[13].get<double>(), 0.25, 1e-4);
    EXPECT_NEAR(m[14].get<double>(), 0.05, 1e-4);
  }
  EXPECT_TRUE(found);
}

TEST_F(CliSetupIk, ValidateReportsJointsOutOfOrderAtTheirPointers) {
  const std::string path = setup(R"([{"name": "left_leg", "type": "two_bone", "start": "thigh_L",
      "mid": "shin_R", "end": "foot_L", "target": "foot"},
      {"name": "look", "type": "aim", "chain": ["head", "chest"], "target": [0, 1, 2]}])");
  const testing::CliRun r = run({"validate", path});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find(path + ":/ik/0/mid: error: joint \"shin_R\" does not hang below start "
                              "\"thigh_L\""),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(path + ":/ik/0/end: error:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(path + ":/ik/1/chain/1: error:"), std::string::npos) << r.out;
}

TEST_F(CliSetupIk, PlayRefusesAnUnknownJoint) {
  const std::string path = setup(R"([{"name": "left_leg", "type": "two_bone", "start": "thigh_L",
      "mid": "shin_L", "end": "ankle_L", "target": "foot"}])");
  const testing::CliRun r = run({"play", path, "--frames", "2"});
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("/ik/0/end"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\"ankle_L\""), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

}  // namespace
}  // namespace anim::app
