// `animscope pack`: a setup or model becomes one package that load_package reads back with the
// same skeleton, clips and state machine, and within the size and error the report gives.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "anim/files/file_io.h"
#include "anim/import/import_model.h"
#include "anim/package.h"
#include "cli_run.h"
#include "split_assets.h"

namespace anim::app {
namespace {

using testing::run;

const std::string kWuson = ANIMSCOPE_ASSIMP_MODELS "/X/Testwuson.X";
const std::string kSetup = ANIMSCOPE_SOURCE_DIR "/projects/wuson_locomotion.json";

Result<Package> load_file(const std::string& path) {
  Result<std::string> bytes = files::read_file(path);
  if (!bytes.ok()) return bytes.error();
  return load_package(Span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.value().data()),
                                          bytes.value().size()));
}

TEST(CliPack, SetupBecomesAPackageWithItsStateMachine) {
  anim::import::test_support::TempDir dir;
  const std::string out = dir.path() + "/wuson.animpack";
  testing::CliRun r = run({"pack", kSetup, "--out", out, "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json report = nlohmann::json::parse(r.out);
  Result<Package> p = load_file(out);
  ASSERT_TRUE(p.ok()) << p.error().to_string();
  Result<Model> model = anim::import::import_model(kWuson);
  ASSERT_TRUE(model.ok());
  EXPECT_EQ(p.value().skeleton.names, model.value().skeleton.names);
  EXPECT_EQ(p.value().skin.size(), model.value().skin.size());
  EXPECT_EQ(p.value().mesh.vertices.size(), model.value().mesh.vertices.size());
  ASSERT_EQ(p.value().clips.size(), model.value().clips.size());
  ASSERT_EQ(report["clips"].size(), model.value().clips.size());
  std::size_t walk_and_run = 0;
  for (std::size_t i = 0; i < p.value().clips.size(); ++i) {
    const std::string name = model.value().clips[i].name;
    EXPECT_EQ(p.value().clips[i].name, name);
    EXPECT_EQ(report["clips"][i]["name"], name);
    EXPECT_EQ(report["clips"][i]["packed_bytes"], p.value().clips[i].byte_size());
    // 0.01% of Wuson's rest diagonal (3.031 units).
    EXPECT_LE(report["clips"][i]["max_error"].get<double>(), 3.032e-4);
    if (name == "Wuson_Walk" || name == "Wuson_Run") walk_and_run += p.value().clips[i].byte_size();
  }
  EXPECT_LE(walk_and_run, 19000u);
  Result<std::string> bytes = files::read_file(out);
  EXPECT_EQ(report["total_bytes"], bytes.value().size());
  ASSERT_TRUE(p.value().has_state_machine);
  const StateMachineDef& m = p.value().state_machine;
  EXPECT_GE(m.find_state("Idle"), 0);
  EXPECT_GE(m.find_state("Locomotion"), 0);
  EXPECT_GE(m.find_parameter("speed"), 0);
}

TEST(CliPack, ModelWithoutMeshHasNoMeshAndNoMachine) {
  anim::import::test_support::TempDir dir;
  const std::string out = dir.path() + "/w.animpack";
  testing::CliRun r = run({"pack", kWuson, "--out", out, "--no-mesh"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Wuson_Walk"), std::string::npos) << r.out;
  Result<Package> p = load_file(out);
  ASSERT_TRUE(p.ok()) << p.error().to_string();
  EXPECT_TRUE(p.value().mesh.vertices.empty());
  EXPECT_FALSE(p.value().has_state_machine);
  EXPECT_GT(p.value().skin.size(), 0u);
}

TEST(CliPack, TighterToleranceGivesMoreBytes) {
  anim::import::test_support::TempDir dir;
  testing::CliRun loose =
      run({"pack", kWuson, "--out", dir.path() + "/a", "--json", "--tolerance", "0.003"});
  testing::CliRun tight =
      run({"pack", kWuson, "--out", dir.path() + "/b", "--json", "--tolerance", "0.00003"});
  ASSERT_EQ(loose.code, 0) << loose.err;
  ASSERT_EQ(tight.code, 0) << tight.err;
  const auto a = nlohmann::json::parse(loose.out), b = nlohmann::json::parse(tight.out);
  EXPECT_LT(a["total_bytes"].get<int>(), b["total_bytes"].get<int>());
  for (std::size_t i = 0; i < a["clips"].size(); ++i) {
    EXPECT_LE(a["clips"][i]["max_error"].get<double>(), 0.003);
    EXPECT_LE(b["clips"][i]["max_error"].get<double>(), 0.00003 + 1e-9);
  }
}

std::vector<nlohmann::json> json_lines(const std::string& text) {
  std::vector<nlohmann::json> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(nlohmann::json::parse(text.substr(start, end - start)));
    start = end == std::string::npos ? text.size() : end + 1;
  }
  return lines;
}

TEST(CliPack, PlayOnThePackageGivesTheFramesOfPlayOnTheSetup) {
  anim::import::test_support::TempDir dir;
  const std::string pack = dir.path() + "/wuson.animpack";
  ASSERT_EQ(run({"pack", kSetup, "--out", pack}).code, 0);
  const std::vector<std::string> script = {"--set",     "speed=0.4@0.5", "--set",
                                           "speed=1@2", "--set",         "speed=0@4",
                                           "--frames",  "420",           "--json"};
  std::vector<std::string> from_setup = {"play", kSetup}, from_pack = {"play", pack};
  from_setup.insert(from_setup.end(), script.begin(), script.end());
  from_pack.insert(from_pack.end(), script.begin(), script.end());
  testing::CliRun a = run(from_setup), b = run(from_pack);
  ASSERT_EQ(a.code, 0) << a.err;
  ASSERT_EQ(b.code, 0) << b.err;
  const std::vector<nlohmann::json> fa = json_lines(a.out), fb = json_lines(b.out);
  ASSERT_EQ(fa.size(), 420u);
  ASSERT_EQ(fb.size(), fa.size());
  int transitions = 0;
  for (std::size_t f = 0; f < fa.size(); ++f) {
    ASSERT_EQ(fa[f]["states"].size(), fb[f]["states"].size()) << "frame " << f;
    for (std::size_t s = 0; s < fa[f]["states"].size(); ++s) {
      EXPECT_EQ(fa[f]["states"][s]["name"], fb[f]["states"][s]["name"]) << "frame " << f;
      EXPECT_NEAR(fa[f]["states"][s]["weight"].get<double>(),
                  fb[f]["states"][s]["weight"].get<double>(), 1e-4)
          << "frame " << f;
      EXPECT_NEAR(fa[f]["states"][s]["normalized_time"].get<double>(),
                  fb[f]["states"][s]["normalized_time"].get<double>(), 1e-4)
          << "frame " << f;
    }
    transitions += !fa[f]["transition"].is_null();
  }
  EXPECT_GT(transitions, 0);  // The script crosses Idle and Locomotion both ways.
}

// Model-space joint positions from `pose ... --json`.
std::vector<glm::vec3> pose_positions(const std::vector<std::string>& args) {
  testing::CliRun r = run(args);
  EXPECT_EQ(r.code, 0) << r.err;
  std::vector<glm::vec3> out;
  if (r.code != 0) return out;
  const nlohmann::json pose = nlohmann::json::parse(r.out);  // Outlives the loop below.
  for (const auto& joint : pose["joints"]) {
    out.emplace_back(joint["model"][12].get<float>(), joint["model"][13].get<float>(),
                     joint["model"][14].get<float>());
  }
  return out;
}

TEST(CliPack, PoseOnThePackageStaysWithinTheToleranceOfPoseOnTheModel) {
  anim::import::test_support::TempDir dir;
  const std::string pack = dir.path() + "/wuson.animpack";
  ASSERT_EQ(run({"pack", kSetup, "--out", pack}).code, 0);
  // Wuson_Walk at one of its key times (30 Hz), and the state machine mid-run.
  const std::vector<glm::vec3> a =
      pose_positions({"pose", kWuson, "--clip", "Wuson_Walk", "--time", "1", "--json"});
  const std::vector<glm::vec3> b =
      pose_positions({"pose", pack, "--clip", "Wuson_Walk", "--time", "1", "--json"});
  ASSERT_EQ(a.size(), 40u);
  ASSERT_EQ(b.size(), a.size());
  float worst = 0.0f;
  for (std::size_t j = 0; j < a.size(); ++j) worst = std::max(worst, glm::length(a[j] - b[j]));
  EXPECT_LE(worst, 3.032e-4f);  // The default tolerance: 0.01% of Wuson's rest diagonal.
  EXPECT_GT(worst, 0.0f);       // Compressed, not a copy of the float keys.
  const std::vector<std::string> script = {"--time", "2.5", "--set", "speed=0.7@0.2", "--json"};
  std::vector<std::string> from_setup = {"pose", kSetup}, from_pack = {"pose", pack};
  from_setup.insert(from_setup.end(), script.begin(), script.end());
  from_pack.insert(from_pack.end(), script.begin(), script.end());
  const std::vector<glm::vec3> c = pose_positions(from_setup), d = pose_positions(from_pack);
  ASSERT_EQ(c.size(), 40u);
  ASSERT_EQ(d.size(), c.size());
  worst = 0.0f;
  for (std::size_t j = 0; j < c.size(); ++j) worst = std::max(worst, glm::length(c[j] - d[j]));
  // Between keys each form interpolates its own way; the blend of two clips within the
  // tolerance at their keys stays close to it.
  EXPECT_LE(worst, 1e-3f);
}

TEST(CliPack, InfoDescribesAPackage) {
  anim::import::test_support::TempDir dir;
  const std::string pack = dir.path() + "/wuson.animpack";
  ASSERT_EQ(run({"pack", kSetup, "--out", pack}).code, 0);
  testing::CliRun r = run({"info", pack, "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["kind"], "package");
  EXPECT_EQ(j["joints"], 40);
  EXPECT_EQ(j["vertices"], 3205);
  EXPECT_EQ(j["clips"].size(), 3u);
  EXPECT_EQ(j["state_machine"]["states"][0], "Idle");
}

TEST(CliPack, DamagedPackageIsAnErrorNamingTheFileAndPlace) {
  anim::import::test_support::TempDir dir;
  const std::string pack = dir.path() + "/wuson.animpack";
  ASSERT_EQ(run({"pack", kWuson, "--out", pack}).code, 0);
  Result<std::string> bytes = files::read_file(pack);
  ASSERT_TRUE(bytes.ok());
  std::string damaged = bytes.value();
  damaged[damaged.size() / 2] ^= 0x40;
  ASSERT_TRUE(files::write_file_atomically(pack, damaged).ok());
  testing::CliRun r = run({"info", pack});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(pack + ": section"), std::string::npos) << r.err;
  ASSERT_TRUE(files::write_file_atomically(pack, bytes.value().substr(0, 100)).ok());
  r = run({"play", pack});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("truncated"), std::string::npos) << r.err;
}

TEST(CliPack, BadArgumentsAndPlacesAreErrors) {
  EXPECT_EQ(run({"pack", kWuson}).code, 2);  // No --out.
  testing::CliRun negative = run({"pack", kWuson, "--out", "/tmp/x.animpack", "--tolerance", "-1"});
  EXPECT_EQ(negative.code, 2);
  EXPECT_NE(negative.err.find("tolerance"), std::string::npos) << negative.err;
  testing::CliRun missing = run({"pack", "/no/such/model.x", "--out", "/tmp/x.animpack"});
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("/no/such/model.x"), std::string::npos) << missing.err;
  testing::CliRun nowhere = run({"pack", kWuson, "--out", "/no/such/folder/x.animpack"});
  EXPECT_EQ(nowhere.code, 2);
  EXPECT_NE(nowhere.err.find("/no/such/folder/x.animpack"), std::string::npos) << nowhere.err;
}

}  // namespace
}  // namespace anim::app
