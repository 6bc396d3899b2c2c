// The commands on a model whose clips live in other files: Testwuson.X split at test time into
// a mesh file and one glTF file per clip (tests/import/split_assets.h), opened through a setup's
// "animations" and through --anim, and checked against the single-file original.
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "split_assets.h"

namespace anim::app {
namespace {

namespace fs = std::filesystem;
const std::string kWuson = std::string(ANIMSCOPE_ASSIMP_MODELS) + "/X/Testwuson.X";

using testing::CliRun;
using testing::run;

// Wuson split into <dir>/Testwuson.gltf and <dir>/clips/Testwuson@<clip>.gltf, the clip files
// with a Mixamo-style "mixamorig:" prefix on every joint.
class SplitWuson : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string pattern = (fs::temp_directory_path() / "animscope_cli_clips_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    fs::create_directories(dir_ + "/clips");
    Result<import::test_support::SplitFiles> mesh = import::test_support::split_model(kWuson, dir_);
    ASSERT_TRUE(mesh.ok()) << mesh.error().to_string();
    Result<import::test_support::SplitFiles> clips =
        import::test_support::split_model(kWuson, dir_ + "/clips", {"mixamorig:", "mixamo.com"});
    ASSERT_TRUE(clips.ok()) << clips.error().to_string();
    for (const std::string& f : mesh.value().clip_files) fs::remove(f);  // Clip files: clips/.
    fs::remove(clips.value().mesh_file);
    write("hero.json", R"({"format": "animscope.setup", "version": 1, "model": "Testwuson.gltf",
      "animations": [{"file": "clips/Testwuson@Wuson_Walk.gltf", "as": "Walk"},
                     {"file": "clips/Testwuson@Wuson_Run.gltf"}],
      "parameters": [{"name": "speed", "type": "float", "default": 0}],
      "states": [{"name": "Walk", "motion": "Walk"}, {"name": "Run", "motion": "Wuson_Run"}],
      "default_state": "Walk",
      "transitions": [{"from": "Walk", "to": "Run", "duration": 0,
                       "conditions": [{"parameter": "speed", "op": ">", "value": 0.5}]}]})");
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ + "/" + name) << text;
    return dir_ + "/" + name;
  }
  static std::string path(const std::string& name) { return dir_ + "/" + name; }

  static std::string dir_;
};
std::string SplitWuson::dir_;

// Largest difference between two `pose --json` outputs' matrices.
double pose_difference(const std::string& a, const std::string& b) {
  const auto ja = nlohmann::json::parse(a), jb = nlohmann::json::parse(b);
  EXPECT_EQ(ja["joints"].size(), jb["joints"].size());
  double worst = 0.0;
  for (std::size_t j = 0; j < ja["joints"].size() && j < jb["joints"].size(); ++j) {
    EXPECT_EQ(ja["joints"][j]["name"], jb["joints"][j]["name"]);
    for (int k = 0; k < 16; ++k) {
      worst = std::max(worst, std::fabs(ja["joints"][j]["model"][k].get<double>() -
                                        jb["joints"][j]["model"][k].get<double>()));
    }
  }
  return worst;
}

TEST_F(SplitWuson, InfoOnASetupListsEveryClipWithItsFileAndBinding) {
  const CliRun r = run({"info", path("hero.json"), "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["triangles"], 3732);
  ASSERT_EQ(j["clips"].size(), 2u);  // The mesh file has none of its own.
  EXPECT_EQ(j["clips"][0]["name"], "Walk");
  EXPECT_EQ(j["clips"][0]["file"], path("clips/Testwuson@Wuson_Walk.gltf"));
  EXPECT_EQ(j["clips"][0]["bound"].size(), 39u);  // Wuson_Walk animates 39 joints.
  EXPECT_EQ(j["clips"][0]["bound"][0], "mixamorig:Wuson");
  EXPECT_TRUE(j["clips"][0]["unbound"].empty());
  EXPECT_EQ(j["clips"][0]["retargeted"], false);
  EXPECT_EQ(j["clips"][1]["name"], "Wuson_Run");
  EXPECT_NEAR(j["clips"][1]["duration_s"].get<double>(), 4640.0 / 4800.0, 1e-6);
}

TEST_F(SplitWuson, AnimAddsClipFilesToAModel) {
  const CliRun r =
      run({"info", path("Testwuson.gltf"), "--anim", path("clips/Testwuson@Wuson_Run.gltf"),
           "--anim", path("clips/Testwuson@Wuson_Walk.gltf"), "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["clips"].size(), 2u);
  EXPECT_EQ(j["clips"][0]["name"], "Wuson_Run");
  EXPECT_EQ(j["clips"][1]["name"], "Wuson_Walk");
  const CliRun text =
      run({"info", path("Testwuson.gltf"), "--anim", path("clips/Testwuson@Wuson_Run.gltf")});
  EXPECT_NE(text.out.find("from " + path("clips/Testwuson@Wuson_Run.gltf") + " (39 of 39"),
            std::string::npos)
      << text.out;
}

TEST_F(SplitWuson, PoseOfAClipFromAFileMatchesTheOriginal) {
  for (const char* time : {"0", "0.37", "1.5"}) {
    const CliRun split =
        run({"pose", path("Testwuson.gltf"), "--anim", path("clips/Testwuson@Wuson_Walk.gltf"),
             "--clip", "Wuson_Walk", "--time", time, "--json"});
    ASSERT_EQ(split.code, 0) << split.err;
    const CliRun original = run({"pose", kWuson, "--clip", "Wuson_Walk", "--time", time, "--json"});
    ASSERT_EQ(original.code, 0) << original.err;
    EXPECT_LT(pose_difference(split.out, original.out), 1e-4) << time;
  }
}

TEST_F(SplitWuson, PoseOfASetupRunsItsStateMachine) {
  // The default state plays Walk from 0: after 0.5 s it shows Wuson_Walk at 0.5 s.
  const CliRun walking = run({"pose", path("hero.json"), "--time", "0.5", "--json"});
  ASSERT_EQ(walking.code, 0) << walking.err;
  const CliRun walk = run({"pose", kWuson, "--clip", "Wuson_Walk", "--time", "0.5", "--json"});
  EXPECT_LT(pose_difference(walking.out, walk.out), 1e-4);
  // speed=1 at 0.25 s switches to Run at once; `play` says how far into Run it is at 1 s.
  const CliRun running =
      run({"pose", path("hero.json"), "--time", "1", "--set", "speed=1@0.25", "--json"});
  ASSERT_EQ(running.code, 0) << running.err;
  const CliRun play =
      run({"play", path("hero.json"), "--set", "speed=1@0.25", "--frames", "60", "--json"});
  ASSERT_EQ(play.code, 0) << play.err;
  std::string last_line, line;
  for (std::istringstream lines(play.out); std::getline(lines, line);) last_line = line;
  const auto frame = nlohmann::json::parse(last_line);
  ASSERT_EQ(frame["states"].size(), 1u);
  ASSERT_EQ(frame["states"][0]["name"], "Run");
  const double seconds = frame["states"][0]["normalized_time"].get<double>() * 4640.0 / 4800.0;
  const CliRun run_pose =
      run({"pose", kWuson, "--clip", "Wuson_Run", "--time", std::to_string(seconds), "--json"});
  EXPECT_LT(pose_difference(running.out, run_pose.out), 1e-4);
  // A --set naming no parameter is an error.
  const CliRun bad = run({"pose", path("hero.json"), "--set", "sped=1"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("unknown parameter \"sped\""), std::string::npos) << bad.err;
}

TEST_F(SplitWuson, ValidateReportsClipFileProblemsAtTheirPointers) {
  const std::string setup = write("broken.json", R"({"format": "animscope.setup", "version": 1,
    "model": "Testwuson.gltf",
    "animations": [{"file": "clips/Testwuson@Wuson_Walk.gltf"},
                   {"file": "clips/missing.gltf"},
                   {"file": "clips/Testwuson@Wuson_Run.gltf", "clip": "Sprint"}],
    "states": [{"name": "Walk", "motion": "Wuson_Walk"}], "default_state": "Walk"})");
  const CliRun r = run({"validate", setup});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find(setup + ":/animations/1/file: error: cannot load \"" +
                       path("clips/missing.gltf") + "\": no such file"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(setup + ":/animations/2/clip: error: no animation \"Sprint\""),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("(2 errors, 0 warnings)"), std::string::npos) << r.out;
  // The same problems stop the commands that would use the clips.
  const CliRun play = run({"play", setup, "--frames", "1"});
  EXPECT_EQ(play.code, 2);
  EXPECT_NE(play.err.find("/animations/1/file"), std::string::npos) << play.err;
}

TEST_F(SplitWuson, ValidateExitsZeroOnWarningsOnly) {
  // A file binding under half of its joints: here, a joint map naming one joint of 39.
  const std::string setup = write("partial.json", R"({"format": "animscope.setup", "version": 1,
    "model": "Testwuson.gltf",
    "animations": [{"file": "clips/Testwuson@Wuson_Walk.gltf",
                    "joint_map": {"mixamorig:Wuson": "Wuson"}}],
    "states": [{"name": "Walk", "motion": "Wuson_Walk"}], "default_state": "Walk"})");
  const CliRun r = run({"validate", setup});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find(setup + ":/animations/0: warning: Testwuson@Wuson_Walk.gltf: binds 1 of 39"),
            std::string::npos)
      << r.out;
}

TEST_F(SplitWuson, ABrokenAnimFileIsAnErrorNamingIt) {
  const std::string broken = write("broken.gltf", "{ not gltf");
  const CliRun r = run({"info", path("Testwuson.gltf"), "--anim", broken});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("error: cannot load \"" + broken + "\""), std::string::npos) << r.err;
}

}  // namespace
}  // namespace anim::app
