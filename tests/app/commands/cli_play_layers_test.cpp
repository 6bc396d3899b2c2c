// `animscope play` with layers: projects/demo_layers.json (the demo's locomotion with an
// upper-body override layer weighted by "carry" and an additive "Lean" weighted by "lean"). Each
// frame lists the layers with their weights and states; a layer's events name the layer; a
// package plays the same frames as its setup.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cli_run.h"

namespace anim::app {
namespace {

using testing::CliRun;
using testing::run;
using Json = nlohmann::ordered_json;

const std::string kProject = std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/demo_layers.json";

std::vector<Json> Frames(const CliRun& r) {
  EXPECT_EQ(r.code, 0) << r.err;
  std::vector<Json> frames;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) frames.push_back(Json::parse(line));
  return frames;
}

TEST(CliPlayLayers, EachFrameListsTheLayersWithTheirWeightsAndStates) {
  // carry's rate is 2 per second: 0.1 s frames raise the upper body's weight by 0.2 each.
  const std::vector<Json> frames = Frames(run(
      {"play", kProject, "--json", "--set", "carry=1@0", "--set", "lean=0.5@0.25", "--dt", "0.1",
       "--frames", "7"}));
  ASSERT_EQ(frames.size(), 7u);
  const double upper[] = {0.2, 0.4, 0.6, 0.8, 1.0, 1.0, 1.0};
  // No rate: set at once, by the first update that starts at or after 0.25 s (the fourth).
  const double lean[] = {0, 0, 0, 0.5, 0.5, 0.5, 0.5};
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const Json& layers = frames[i]["layers"];
    ASSERT_EQ(layers.size(), 2u);
    EXPECT_EQ(layers[0]["name"], "UpperBody");
    EXPECT_NEAR(layers[0]["weight"].get<double>(), upper[i], 1e-5) << "frame " << i;
    ASSERT_EQ(layers[0]["states"].size(), 1u);
    EXPECT_EQ(layers[0]["states"][0]["name"], "Hold");
    EXPECT_EQ(layers[0]["transition"], nullptr);
    EXPECT_EQ(layers[1]["name"], "Lean");
    EXPECT_NEAR(layers[1]["weight"].get<double>(), lean[i], 1e-6) << "frame " << i;
    EXPECT_EQ(layers[1]["states"][0]["name"], "Sway");
    // The base machine's entries are where they always were.
    EXPECT_EQ(frames[i]["states"][0]["name"], "Idle");
  }
  // Hold plays Idle (2.4 s) at speed 1: 0.7 s in is 0.7 / 2.4 of its cycle.
  EXPECT_NEAR(frames[6]["layers"][0]["states"][0]["normalized_time"].get<double>(), 0.7 / 2.4,
              1e-5);
}

class CliPlayLayersFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() /
              ("animscope_play_layers_" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder_);
    std::ifstream in(kProject);
    Json setup = Json::parse(in);
    // A moment of Idle, which the base (state Idle) and the upper body (state Hold) both play.
    setup["events"] = Json::parse(R"([{"clip": "Idle", "time": 0.25, "name": "breath"}])");
    setup_ = (folder_ / "layers.json").string();
    std::ofstream(setup_) << setup.dump(2);
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }

  std::filesystem::path folder_;
  std::string setup_;
};

TEST_F(CliPlayLayersFiles, BothMachinesPlayingAClipFireItsEventsEachUnderItsLayer) {
  const std::vector<Json> frames =
      Frames(run({"play", setup_, "--json", "--dt", "0.1", "--frames", "5"}));
  ASSERT_EQ(frames.size(), 5u);
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const Json& events = frames[i]["events"];
    if (i != 2) {  // 0.2 s -> 0.3 s crosses 0.25 s.
      EXPECT_TRUE(events.empty()) << "frame " << i << ": " << events.dump();
      continue;
    }
    ASSERT_EQ(events.size(), 2u) << events.dump();
    EXPECT_EQ(events[0]["layer"], "Base");
    EXPECT_EQ(events[0]["state"], "Idle");
    EXPECT_EQ(events[1]["layer"], "UpperBody");
    EXPECT_EQ(events[1]["state"], "Hold");
    EXPECT_EQ(events[1]["name"], "breath");
  }
}

TEST_F(CliPlayLayersFiles, APackagePlaysTheSameLayersAsItsSetup) {
  const std::string pack = (folder_ / "layers.animpack").string();
  const CliRun packed = run({"pack", setup_, "--out", pack});
  ASSERT_EQ(packed.code, 0) << packed.err;
  const std::vector<std::string> args = {"--json", "--set", "carry=1@0", "--set", "lean=1@0.5",
                                         "--dt", "0.05", "--frames", "40"};
  std::vector<std::string> a = {"play", setup_}, b = {"play", pack};
  a.insert(a.end(), args.begin(), args.end());
  b.insert(b.end(), args.begin(), args.end());
  const std::vector<Json> from_setup = Frames(run(a));
  const std::vector<Json> from_pack = Frames(run(b));
  ASSERT_EQ(from_pack.size(), from_setup.size());
  for (std::size_t i = 0; i < from_setup.size(); ++i) {
    EXPECT_EQ(from_pack[i]["layers"].dump(), from_setup[i]["layers"].dump()) << "frame " << i;
    EXPECT_EQ(from_pack[i]["events"].dump(), from_setup[i]["events"].dump()) << "frame " << i;
  }
}

}  // namespace
}  // namespace anim::app
