// The command line, run in-process: outputs checked against the real files' known contents.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_run.h"

namespace anim::app {
namespace {

const std::string kModels = ANIMSCOPE_ASSIMP_MODELS;
const std::string kWuson = kModels + "/X/Testwuson.X";
const std::string kProjects = std::string(ANIMSCOPE_SOURCE_DIR) + "/projects";

using testing::CliRun;
using testing::run;

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("animscope_cli_test_" + name)).string();
}

TEST(CliInfo, WusonJsonMatchesTheFile) {
  const CliRun r = run({"info", kWuson, "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  // Testwuson.X: 40 nodes on the path to its 37 bones, one mesh of 3732 triangles.
  EXPECT_EQ(j["joints"], 40);
  EXPECT_EQ(j["skinned_joints"], 37);
  EXPECT_EQ(j["meshes"], 1);
  EXPECT_EQ(j["triangles"], 3732);
  EXPECT_EQ(j["max_influences"], 4);
  EXPECT_EQ(j["truncated_vertices"], 0);
  ASSERT_EQ(j["clips"].size(), 3u);
  // Durations are ticks / 4800 ticks per second: 4640, 17280 and 0 ticks.
  EXPECT_EQ(j["clips"][0]["name"], "Wuson_Run");
  EXPECT_NEAR(j["clips"][0]["duration_s"].get<double>(), 4640.0 / 4800.0, 1e-6);
  EXPECT_EQ(j["clips"][1]["name"], "Wuson_Walk");
  EXPECT_NEAR(j["clips"][1]["duration_s"].get<double>(), 3.6, 1e-6);
  EXPECT_EQ(j["clips"][2]["name"], "Wuson_Bind");
  EXPECT_EQ(j["clips"][2]["duration_s"].get<double>(), 0.0);
  EXPECT_EQ(j["clips"][1]["channels"], 39);
}

// Through the import child: each clip's key rate and the file's up axis survive the package it
// sends back. 01_01.bvh's MOTION header says "Frame Time: .0083333" (120 Hz); the FBX box's
// GlobalSettings say UpAxis 2, UpAxisSign 1.
TEST(CliInfo, GivesEachClipsSampleRateAndTheFilesUpAxis) {
  const CliRun bvh = run({"info", kModels + "/BVH/01_01.bvh", "--json"});
  ASSERT_EQ(bvh.code, 0) << bvh.err;
  const auto j = nlohmann::json::parse(bvh.out);
  ASSERT_EQ(j["clips"].size(), 1u);
  EXPECT_NEAR(j["clips"][0]["sample_rate"].get<double>(), 1.0 / 0.0083333, 0.01);
  EXPECT_TRUE(j["up_axis"].is_null());  // BVH says nothing about it.
  const CliRun text = run({"info", kModels + "/BVH/01_01.bvh"});
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find(" keys  120 Hz"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("up axis             not given by the file"), std::string::npos);

  const CliRun fbx = run({"info", kModels + "/FBX/embedded_ascii/box.FBX", "--json"});
  ASSERT_EQ(fbx.code, 0) << fbx.err;
  EXPECT_EQ(nlohmann::json::parse(fbx.out)["up_axis"], "+Z");
}

TEST(CliInfo, MissingFileIsOneLineNamingItWithExitCode2) {
  const CliRun r = run({"info", "/no/such/model.fbx"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "animscope: /no/such/model.fbx: no such file\n");
}

TEST(CliInfo, BrokenFileNamesTheFile) {
  const std::string path = kModels + "/invalid/malformed.obj";
  const CliRun r = run({"info", path});
  if (r.code == 0) GTEST_SKIP() << "this assimp accepts " << path;
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(path), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(CliPose, UnknownClipListsTheClips) {
  const CliRun r = run({"pose", kWuson, "--clip", "Wuson_Jump", "--time", "0"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("no clip \"Wuson_Jump\""), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("Wuson_Walk"), std::string::npos) << r.err;
}

TEST(CliPose, BadTimeIsRejected) {
  const CliRun r = run({"pose", kWuson, "--clip", "Wuson_Walk", "--time", "soon"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--time"), std::string::npos);
}

TEST(CliPose, JsonHasEveryJointWithParentsFirst) {
  const CliRun r = run({"pose", kWuson, "--clip", "Wuson_Walk", "--time", "1.25", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["joints"].size(), 40u);
  for (std::size_t i = 0; i < j["joints"].size(); ++i) {
    const auto& joint = j["joints"][i];
    EXPECT_LT(joint["parent"].get<int>(), static_cast<int>(i));
    ASSERT_EQ(joint["model"].size(), 16u);
    EXPECT_EQ(joint["model"][15].get<double>(), 1.0);  // Affine.
  }
  EXPECT_EQ(j["joints"][0]["parent"], -1);
}

TEST(CliPose, LoopWrapsTheTime) {
  const CliRun a = run({"pose", kWuson, "--clip", "Wuson_Walk", "--time", "0.5", "--json"});
  const CliRun b =
      run({"pose", kWuson, "--clip", "Wuson_Walk", "--time", "4.1", "--loop", "--json"});
  ASSERT_EQ(a.code, 0);
  ASSERT_EQ(b.code, 0);
  const auto ja = nlohmann::json::parse(a.out), jb = nlohmann::json::parse(b.out);
  // 4.1 s wraps to 0.5 s in a 3.6 s loop.
  for (std::size_t i = 0; i < ja["joints"].size(); ++i) {
    for (int k = 0; k < 16; ++k) {
      EXPECT_NEAR(ja["joints"][i]["model"][k].get<double>(),
                  jb["joints"][i]["model"][k].get<double>(), 1e-4);
    }
  }
}

TEST(CliValidate, ExampleProjectsAreValid) {
  for (const char* name : {"wuson_locomotion.json", "demo_locomotion.json"}) {
    const CliRun r = run({"validate", kProjects + "/" + name});
    EXPECT_EQ(r.code, 0) << name << "\n" << r.out << r.err;
  }
}

TEST(CliValidate, MissingFileExits2) {
  EXPECT_EQ(run({"validate", "/no/such/setup.json"}).code, 2);
}

TEST(CliValidate, EveryProblemWithItsPointerExits1) {
  std::ifstream in(kProjects + "/wuson_locomotion.json");
  std::stringstream text;
  text << in.rdbuf();
  auto j = nlohmann::ordered_json::parse(text.str());
  j["transitions"][0]["to"] = "Runn";
  j["states"][1]["motion"] = "Wuson_Sprint";
  const std::string path = temp_path("broken.json");
  std::ofstream(path) << j.dump(2);
  const CliRun r = run({"validate", path});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("/transitions/0/to"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Runn"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("/states/1/motion"), std::string::npos) << r.out;
  std::remove(path.c_str());
}

TEST(CliValidate, MalformedJsonExits1WithLineAndColumn) {
  const std::string path = temp_path("malformed.json");
  std::ofstream(path) << "{\n  \"format\": \"animscope.setup\",\n  \"version\": 1,,\n}";
  const CliRun r = run({"validate", path});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("line 3"), std::string::npos) << r.out;
  // A problem of the whole file: "FILE: error: ...", no empty pointer ("FILE::").
  EXPECT_EQ(r.out.rfind(path + ": error: line 3", 0), 0u) << r.out;
  std::remove(path.c_str());
}

std::vector<nlohmann::json> play_json(const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"play", kProjects + "/wuson_locomotion.json", "--json"};
  args.insert(args.end(), extra.begin(), extra.end());
  const CliRun r = run(args);
  EXPECT_EQ(r.code, 0) << r.err;
  std::vector<nlohmann::json> frames;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) frames.push_back(nlohmann::json::parse(line));
  return frames;
}

TEST(CliPlay, SpeedChangeStartsTheLocomotionTransition) {
  const auto frames = play_json({"--set", "speed=1@0.5", "--frames", "90"});
  ASSERT_EQ(frames.size(), 90u);
  EXPECT_NEAR(frames[0]["t"].get<double>(), 1.0 / 60.0, 1e-6);
  EXPECT_EQ(frames[0]["states"][0]["name"], "Idle");
  EXPECT_TRUE(frames[0]["transition"].is_null());
  bool saw_transition = false;
  for (const auto& f : frames) {
    double total = 0.0;
    for (const auto& s : f["states"]) total += s["weight"].get<double>();
    EXPECT_NEAR(total, 1.0, 1e-5);
    if (!f["transition"].is_null()) {
      saw_transition = true;
      EXPECT_EQ(f["transition"]["from"], "Idle");
      EXPECT_EQ(f["transition"]["to"], "Locomotion");
      // speed rises at 1.5 / s from t = 0.5 and crosses 0.05 within the next 3 frames.
      EXPECT_GT(f["t"].get<double>(), 0.5);
    }
  }
  EXPECT_TRUE(saw_transition);
  EXPECT_EQ(frames.back()["states"].size(), 1u);
  EXPECT_EQ(frames.back()["states"][0]["name"], "Locomotion");
}

TEST(CliPlay, UnknownParameterIsAnError) {
  const CliRun r = run({"play", kProjects + "/wuson_locomotion.json", "--set", "sped=1@0"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("unknown parameter \"sped\""), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("speed"), std::string::npos) << r.err;
}

TEST(CliFmt, RewritesCanonicallyAndStably) {
  const std::string once = temp_path("fmt1.json"), twice = temp_path("fmt2.json");
  ASSERT_EQ(run({"fmt", kProjects + "/wuson_locomotion.json", "--out", once}).code, 0);
  ASSERT_EQ(run({"fmt", once, "--out", twice}).code, 0);
  std::ifstream a(once), b(twice);
  std::stringstream sa, sb;
  sa << a.rdbuf();
  sb << b.rdbuf();
  EXPECT_EQ(sa.str(), sb.str());
  EXPECT_FALSE(sa.str().empty());
  std::remove(once.c_str());
  std::remove(twice.c_str());
}

// The version the top-level CMakeLists.txt gives the project: `project(animscope VERSION x.y.z`.
std::string project_version() {
  std::ifstream in(std::string(ANIMSCOPE_SOURCE_DIR) + "/CMakeLists.txt");
  const std::string key = "project(animscope VERSION ";
  for (std::string line; std::getline(in, line);) {
    const std::size_t at = line.find(key);
    if (at == std::string::npos) continue;
    const std::size_t from = at + key.size();
    return line.substr(from, line.find(' ', from) - from);
  }
  return "";
}

TEST(CliVersion, PrintsTheProjectVersionAndExitsZero) {
  const std::string version = project_version();
  ASSERT_FALSE(version.empty()) << "no version in CMakeLists.txt";
  const CliRun r = run({"--version"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "animscope " + version + "\n");
  EXPECT_EQ(r.err, "");
}

}  // namespace
}  // namespace anim::app
