// `play` on nested state machines and sync markers: states named by path, --travel along the
// shortest path (and its refusals), a package of a nested setup playing the same frames as the
// setup, and each synced state's place between its markers.
#include <gtest/gtest.h>

#include <cmath>
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

// The built-in demo's Idle, Walk and Run as Idle + Locomotion {Walk, Run} (left from Walk only),
// and a state Lost nothing leads to.
constexpr const char* kNested = R"({
  "format": "animscope.setup", "version": 3, "model": "builtin:demo",
  "parameters": [{"name": "speed", "type": "float", "default": 0, "min": 0, "max": 1}],
  "states": [
    {"name": "Idle", "motion": "Idle"},
    {"name": "Locomotion", "machine": {
      "states": [{"name": "Walk", "motion": "Walk"}, {"name": "Run", "motion": "Run"}],
      "default_state": "Walk",
      "transitions": [
        {"from": "Walk", "to": "Run", "conditions": [{"parameter": "speed", "op": ">", "value": 0.6}],
         "duration": 0.2, "blend": "inertialize"},
        {"from": "Run", "to": "Walk", "conditions": [{"parameter": "speed", "op": "<", "value": 0.5}],
         "duration": 0.2, "blend": "dead_blend"}
      ],
      "exit_states": ["Walk"]}},
    {"name": "Lost", "motion": "Idle"}
  ],
  "default_state": "Idle",
  "transitions": [
    {"from": "Idle", "to": "Locomotion", "conditions": [{"parameter": "speed", "op": ">", "value": 0.1}],
     "duration": 0.3},
    {"from": "Locomotion", "to": "Idle", "conditions": [{"parameter": "speed", "op": "<", "value": 0.05}],
     "duration": 0.3}
  ]
})";

class CliPlayNesting : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() /
              ("animscope_play_nesting_" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder_);
    setup_ = (folder_ / "nested.json").string();
    std::ofstream(setup_) << kNested;
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }

  static std::vector<Json> Frames(const CliRun& r) {
    std::vector<Json> frames;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) frames.push_back(Json::parse(line));
    return frames;
  }

  // The newest state of each frame where it changed.
  static std::vector<std::string> Path(const std::vector<Json>& frames) {
    std::vector<std::string> path;
    for (const Json& f : frames) {
      const std::string now = f["states"].back()["name"].get<std::string>();
      if (path.empty() || path.back() != now) path.push_back(now);
    }
    return path;
  }

  std::filesystem::path folder_;
  std::string setup_;
};

TEST_F(CliPlayNesting, TravelTakesThePathWithoutTheConditions) {
  // speed stays 0: no condition holds, yet the travel goes Idle -> Locomotion/Walk ->
  // Locomotion/Run; there, Run -> Walk (speed < 0.5) holds and takes it back, then out to Idle.
  const CliRun r =
      run({"play", setup_, "--json", "--travel", "Locomotion/Run@0.1", "--frames", "90"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(Path(Frames(r)), (std::vector<std::string>{"Idle", "Locomotion/Walk", "Locomotion/Run",
                                                       "Locomotion/Walk", "Idle"}));
}

TEST_F(CliPlayNesting, TravelSaysWhyNot) {
  const CliRun unknown = run({"play", setup_, "--travel", "Locomotion/Jog@0.1"});
  EXPECT_EQ(unknown.code, 2);
  EXPECT_NE(unknown.err.find("--travel Locomotion/Jog@0.1: unknown state \"Locomotion/Jog\" "
                             "(states: Idle, Locomotion/Walk, Locomotion/Run, Lost)"),
            std::string::npos)
      << unknown.err;
  const CliRun lost = run({"play", setup_, "--travel", "Lost@0.5", "--frames", "40"});
  EXPECT_EQ(lost.code, 0) << lost.err;
  EXPECT_NE(lost.err.find("no path of transitions from \"Idle\" to \"Lost\""), std::string::npos)
      << lost.err;
}

// pose runs the machine as play does, --travel included. With speed at 0.55 Walk and Run both
// stay; the travel to Run at 0.5 s starts Walk -> Run in the same update as setting speed to 0.7
// then does through the transition's condition: the same pose, and not the walk's.
TEST_F(CliPlayNesting, PoseTakesTravelsAsPlayDoes) {
  const std::vector<std::string> base = {"pose",   setup_,  "--time",    "1.5",
                                         "--json", "--set", "speed=0.55"};
  std::vector<std::string> travel = base, condition = base;
  travel.insert(travel.end(), {"--travel", "Locomotion/Run@0.5"});
  condition.insert(condition.end(), {"--set", "speed=0.7@0.5"});
  const CliRun travelled = run(travel), conditioned = run(condition), walked = run(base);
  ASSERT_EQ(travelled.code, 0) << travelled.err;
  ASSERT_EQ(conditioned.code, 0) << conditioned.err;
  ASSERT_EQ(walked.code, 0) << walked.err;
  EXPECT_EQ(travelled.out, conditioned.out);
  EXPECT_NE(travelled.out, walked.out);
  EXPECT_EQ(travelled.err, "");
}

TEST_F(CliPlayNesting, PoseSaysWhyATravelCannotBeTaken) {
  const CliRun unknown = run({"pose", setup_, "--travel", "Locomotion/Jog@0.1"});
  EXPECT_EQ(unknown.code, 2);
  EXPECT_NE(unknown.err.find("--travel Locomotion/Jog@0.1: unknown state \"Locomotion/Jog\" "
                             "(states: Idle, Locomotion/Walk, Locomotion/Run, Lost)"),
            std::string::npos)
      << unknown.err;
  const CliRun bad_time = run({"pose", setup_, "--travel", "Lost@soon"});
  EXPECT_EQ(bad_time.code, 2);
  EXPECT_NE(bad_time.err.find("--travel Lost@soon"), std::string::npos) << bad_time.err;
  // As play says it: the time after the step that asked.
  const CliRun lost = run({"pose", setup_, "--travel", "Lost@0.5", "--time", "1"});
  EXPECT_EQ(lost.code, 0) << lost.err;
  const CliRun played = run({"play", setup_, "--travel", "Lost@0.5", "--frames", "60"});
  const std::string why = "no path of transitions from \"Idle\" to \"Lost\"";
  EXPECT_NE(lost.err.find(why), std::string::npos) << lost.err;
  EXPECT_EQ(lost.err, played.err);
}

TEST_F(CliPlayNesting, APackageOfANestedSetupPlaysTheSameFrames) {
  const std::string package = (folder_ / "nested.animpack").string();
  const CliRun packed = run({"pack", setup_, "--out", package});
  ASSERT_EQ(packed.code, 0) << packed.err;
  const std::vector<std::string> script = {"--json",      "--set",         "speed=0.8@0.2",
                                           "--set",       "speed=0.3@1.5", "--set",
                                           "speed=0@2.5", "--frames",      "240"};
  std::vector<std::string> from_setup = {"play", setup_}, from_package = {"play", package};
  from_setup.insert(from_setup.end(), script.begin(), script.end());
  from_package.insert(from_package.end(), script.begin(), script.end());
  const std::vector<Json> a = Frames(run(from_setup)), b = Frames(run(from_package));
  ASSERT_EQ(a.size(), 240u);
  ASSERT_EQ(b.size(), a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(a[i]["states"].size(), b[i]["states"].size()) << "frame " << i;
    for (std::size_t s = 0; s < a[i]["states"].size(); ++s) {
      const Json &x = a[i]["states"][s], &y = b[i]["states"][s];
      EXPECT_EQ(x["name"], y["name"]) << "frame " << i;
      EXPECT_NEAR(x["weight"].get<double>(), y["weight"].get<double>(), 1e-6) << "frame " << i;
      EXPECT_NEAR(x["normalized_time"].get<double>(), y["normalized_time"].get<double>(), 1e-6)
          << "frame " << i;
    }
  }
  EXPECT_EQ(Path(a), (std::vector<std::string>{"Idle", "Locomotion/Walk", "Locomotion/Run",
                                               "Locomotion/Walk", "Idle"}));
}

TEST_F(CliPlayNesting, EachTransitionSaysItsBlendAndACarryOverHowFarItHasCome) {
  // Idle -> Locomotion crossfades 0.3 s from 0 s; Walk -> Run is inertialized over 0.2 s from 1 s;
  // Run -> Walk dead-blended over 0.2 s (half-life 0.1 s, the default) from 2 s.
  const CliRun r = run({"play", setup_, "--json", "--trace", "--set", "speed=0.3@0", "--set",
                        "speed=0.8@1", "--set", "speed=0.3@2", "--frames", "150"});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<Json> frames = Frames(r);
  ASSERT_EQ(frames.size(), 150u);
  const double dt = 1.0 / 60.0;
  std::vector<std::string> fired;  // "from -> to blend", in order.
  int crossfading = 0;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const Json& f = frames[i];
    for (const Json& e : f["trace"]) {
      ASSERT_TRUE(e.contains("blend")) << e.dump();
      EXPECT_EQ(e.contains("half_life"), e["blend"] == "dead_blend") << e.dump();
      if (!e["fired"].get<bool>()) continue;
      fired.push_back(e["from"].get<std::string>() + " -> " + e["to"].get<std::string>() + " " +
                      e["blend"].get<std::string>());
      EXPECT_FALSE(e["interrupted"].get<bool>()) << e.dump();
      EXPECT_EQ(e["start_time"], 0.0) << e.dump();  // Their offsets.
      EXPECT_FALSE(e.contains("start_marker"));     // None syncs by markers.
      if (e["blend"] == "dead_blend") {
        EXPECT_NEAR(e["half_life"].get<double>(), 0.1, 1e-6);
      }
      if (e["blend"] == "crossfade") continue;
      // Switched at once: no running transition; the carry-over starts at 0.
      EXPECT_TRUE(f["transition"].is_null()) << f.dump();
      ASSERT_FALSE(f["carry_over"].is_null()) << f.dump();
      const Json& c = f["carry_over"];
      EXPECT_EQ(c["from"], e["from"]);
      EXPECT_EQ(c["to"], e["to"]);
      EXPECT_EQ(c["blend"], e["blend"]);
      EXPECT_EQ(c["progress"], 0.0);
      EXPECT_NEAR(c["duration"].get<double>(), 0.2, 1e-6);
      EXPECT_FALSE(c["interrupted"].get<bool>());
      // The next frames: dt / 0.2 further each, until 0.2 s (12 frames) have passed.
      for (std::size_t k = 1; k < 12 && i + k < frames.size(); ++k) {
        const Json& later = frames[i + k]["carry_over"];
        ASSERT_FALSE(later.is_null()) << "frame " << i + k;
        EXPECT_NEAR(later["progress"].get<double>(), static_cast<double>(k) * dt / 0.2, 1e-4);
        EXPECT_EQ(later["blend"], e["blend"]);
      }
      ASSERT_LT(i + 13, frames.size());
      EXPECT_TRUE(frames[i + 13]["carry_over"].is_null());
    }
    if (!f["transition"].is_null()) {
      ++crossfading;
      EXPECT_EQ(f["transition"]["blend"], "crossfade");
      EXPECT_FALSE(f["transition"].contains("half_life"));
    }
  }
  EXPECT_EQ(fired, (std::vector<std::string>{"Idle -> Locomotion/Walk crossfade",
                                             "Locomotion/Walk -> Locomotion/Run inertialize",
                                             "Locomotion/Run -> Locomotion/Walk dead_blend"}));
  // The crossfade of 0.3 s runs 18 frames of 1/60 s (17 after the one it starts in, or 18).
  EXPECT_GE(crossfading, 17);
  EXPECT_LE(crossfading, 18);
}

TEST_F(CliPlayNesting, TheTextSaysTheBlendOfWhatFiredAndWhatCarriesOver) {
  const CliRun r = run({"play", setup_, "--trace", "--set", "speed=0.3@0", "--set", "speed=0.8@1",
                        "--frames", "75"});
  ASSERT_EQ(r.code, 0) << r.err;
  std::vector<std::string> lines;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  // The frame Walk -> Run fires in: its pose starts carrying over (0 of the way), and its trace
  // line under it says how.
  std::size_t at = 0;
  while (at < lines.size() &&
         lines[at].find("~ Locomotion/Walk -> Locomotion/Run inertialize 0.000") ==
             std::string::npos) {
    ++at;
  }
  ASSERT_LT(at, lines.size()) << r.out;
  // Its trace lines follow (the parent's Locomotion -> Idle first, then Locomotion's own), up to
  // the next frame's line.
  std::size_t next = at + 1;
  std::string fired;
  for (; next < lines.size() && lines[next].rfind("t=", 0) != 0; ++next) {
    if (lines[next].find("  fired  ") != std::string::npos) fired = lines[next];
  }
  EXPECT_EQ(fired,
            "    Locomotion/Walk -> Locomotion/Run  fired  inertialize 0.2000 s  speed > 0.6000: "
            "0.8000 pass");
  // A frame (1/60 s) later: 0.0833 of its 0.2 s.
  ASSERT_LT(next, lines.size());
  EXPECT_NE(lines[next].find("~ Locomotion/Walk -> Locomotion/Run inertialize 0.083"),
            std::string::npos)
      << lines[next];
}

TEST(CliPlayMarkers, EachSyncedStateSaysWhereItIsBetweenItsMarkers) {
  // The synced Wuson project: its walk/run blend space at half speed leads by the walk, whose
  // hind feet are down at 0.667 s (R) and 2.133 s (L) of 3.6 s.
  const std::string project = std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/wuson_synced.json";
  const CliRun r = run({"play", project, "--json", "--set", "speed=0.5@0", "--frames", "120"});
  ASSERT_EQ(r.code, 0) << r.err;
  int synced = 0;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    const Json frame = Json::parse(line);
    for (const Json& state : frame["states"]) {
      if (state["name"] != "Locomotion" || !state.contains("marker")) continue;
      ++synced;
      const Json& m = state["marker"];
      EXPECT_NE(m["previous"], m["next"]);  // L to R or R to L.
      EXPECT_TRUE(m["previous"] == "L" || m["previous"] == "R");
      // By hand from the walk's normalized time t: after R (0.1852) and before L (0.5926), the
      // fraction is (t - 0.1852) / 0.4074.
      const double t = state["normalized_time"].get<double>();
      if (t > 0.19 && t < 0.59) {
        EXPECT_EQ(m["previous"], "R");
        EXPECT_NEAR(m["fraction"].get<double>(), (t * 3.6 - 0.6667) / (2.1333 - 0.6667), 2e-3);
      }
    }
  }
  EXPECT_GT(synced, 60);
}

}  // namespace
}  // namespace anim::app
