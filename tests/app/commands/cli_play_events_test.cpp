// `animscope play --json` reports clip events: the Wuson locomotion project with footsteps added
// on its walk clip, checked frame by frame against the normalized times play itself prints, and
// the same sequence at 30, 60 and 144 frames per second, from the setup and from its package.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cli_run.h"

namespace anim::app {
namespace {

using testing::CliRun;
using testing::run;
using Json = nlohmann::ordered_json;

const std::string kProject = std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/wuson_locomotion.json";
constexpr double kWalkSeconds = 3.6;  // Testwuson.X's Wuson_Walk: 17280 ticks at 4800 per second.

class CliPlayEvents : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() /
              ("animscope_play_events_" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder_);
    std::ifstream in(kProject);
    Json setup = Json::parse(in);
    // Footsteps a quarter and three quarters into the walk; one on the run clip, which at the
    // speeds below never weighs most, so it never fires.
    setup["events"] = Json::parse(R"([
      {"clip": "Wuson_Walk", "time": 0.9, "name": "step_l", "payload": "left"},
      {"clip": "Wuson_Walk", "time": 2.7, "name": "step_r"},
      {"clip": "Wuson_Run", "time": 0.2, "name": "run_step"}])");
    setup_ = (folder_ / "steps.json").string();
    std::ofstream(setup_) << setup.dump(2);
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }

  // Frames of `play --json` on `input` for `seconds` at `fps`, speed set to 0.3 at 0.
  static std::vector<Json> Play(const std::string& input, int fps, int seconds) {
    std::ostringstream dt;
    dt << std::setprecision(9) << 1.0 / fps;
    const CliRun r = run({"play", input, "--json", "--set", "speed=0.3@0", "--dt", dt.str(),
                          "--frames", std::to_string(fps * seconds)});
    EXPECT_EQ(r.code, 0) << r.err;
    std::vector<Json> frames;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) frames.push_back(Json::parse(line));
    return frames;
  }

  // Every event's name, in order.
  static std::vector<std::string> Names(const std::vector<Json>& frames) {
    std::vector<std::string> names;
    for (const Json& f : frames) {
      for (const Json& e : f["events"]) names.push_back(e["name"].get<std::string>());
    }
    return names;
  }

  std::filesystem::path folder_;
  std::string setup_;
};

TEST_F(CliPlayEvents, EachFootstepFiresInTheFrameWhoseTimesCrossIt) {
  const std::vector<Json> frames = Play(setup_, 60, 8);
  ASSERT_EQ(frames.size(), 480u);
  double before = -1.0;  // Locomotion's normalized time in the previous frame; -1: not active.
  int steps = 0;
  for (const Json& f : frames) {
    double now = -1.0;
    for (const Json& s : f["states"]) {
      if (s["name"] == "Locomotion") now = s["normalized_time"].get<double>();
    }
    // Which footsteps lie between the two times (wrapping at 1; entered at 0).
    std::vector<std::string> expected;
    if (now >= 0.0) {
      const double from = before < 0.0 ? 0.0 : before;
      for (const auto& [name, phase] : {std::pair<const char*, double>{"step_l", 0.9 / kWalkSeconds},
                                        {"step_r", 2.7 / kWalkSeconds}}) {
        const bool crossed = now >= from ? (from < phase && phase <= now)
                                         : (phase > from || phase <= now);
        if (crossed) expected.push_back(name);
      }
    }
    std::vector<std::string> got;
    for (const Json& e : f["events"]) {
      got.push_back(e["name"].get<std::string>());
      EXPECT_EQ(e["clip"], "Wuson_Walk");
      EXPECT_EQ(e["state"], "Locomotion");
      EXPECT_EQ(e["layer"], "Base");
      EXPECT_GT(e["weight"].get<double>(), 0.0);
      EXPECT_EQ(e.contains("payload"), e["name"] == "step_l");
    }
    EXPECT_EQ(got, expected) << "t = " << f["t"] << ", normalized time " << before << " -> " << now;
    steps += static_cast<int>(got.size());
    before = now;
  }
  // Speed 0.3 (reached within 0.2 s): walk 0.7, run 0.3, so the cycle advances
  // 0.7 / 3.6 + 0.3 / 0.9667 = 0.505 per second: about four cycles, two steps each.
  EXPECT_GE(steps, 7);
  EXPECT_LE(steps, 8);
}

TEST_F(CliPlayEvents, ThirtySixtyAndOneFortyFourFpsGiveTheSameSequence) {
  const std::vector<std::string> at60 = Names(Play(setup_, 60, 8));
  ASSERT_FALSE(at60.empty());
  EXPECT_EQ(at60.front(), "step_l");
  EXPECT_EQ(Names(Play(setup_, 30, 8)), at60);
  EXPECT_EQ(Names(Play(setup_, 144, 8)), at60);
}

TEST_F(CliPlayEvents, APackageFiresTheSameEventsAsItsSetup) {
  const std::string pack = (folder_ / "steps.animpack").string();
  const CliRun packed = run({"pack", setup_, "--out", pack});
  ASSERT_EQ(packed.code, 0) << packed.err;
  const std::vector<Json> from_setup = Play(setup_, 60, 8);
  const std::vector<Json> from_pack = Play(pack, 60, 8);
  ASSERT_EQ(from_pack.size(), from_setup.size());
  for (std::size_t i = 0; i < from_setup.size(); ++i) {
    std::vector<std::string> a, b;
    for (const Json& e : from_setup[i]["events"]) a.push_back(e.dump());
    for (const Json& e : from_pack[i]["events"]) b.push_back(e.dump());
    EXPECT_EQ(a, b) << "frame " << i;
  }
}

}  // namespace
}  // namespace anim::app
