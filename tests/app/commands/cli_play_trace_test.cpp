// `animscope play --trace`: each frame lists the transitions its update looked at, with their
// conditions, exit times and why each did or did not fire. Setups are the Wuson locomotion
// project and the layered demo, changed at test time so that every value below is known: speed
// has no smoothing, and Halt plays Wuson_Walk (3.6 s) so its exit time can be worked out.
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

const std::string kWuson = std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/wuson_locomotion.json";
const std::string kLayers = std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/demo_layers.json";
constexpr double kWalkSeconds = 3.6;  // Testwuson.X's Wuson_Walk.

std::vector<Json> Frames(const CliRun& r) {
  EXPECT_EQ(r.code, 0) << r.err;
  std::vector<Json> frames;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) frames.push_back(Json::parse(line));
  return frames;
}

std::vector<std::string> Keys(const Json& object) {
  std::vector<std::string> keys;
  for (auto it = object.begin(); it != object.end(); ++it) keys.push_back(it.key());
  return keys;
}

class CliPlayTrace : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() /
              ("animscope_play_trace_" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder_);
    std::ifstream in(kWuson);
    Json setup = Json::parse(in);
    setup["parameters"][0].erase("rate");                     // speed: at once.
    setup["transitions"][0]["conditions"][0]["value"] = 0.5;  // Idle -> Locomotion.
    setup["states"][2]["motion"] = "Wuson_Walk";              // Halt.
    wuson_ = (folder_ / "wuson.json").string();
    std::ofstream(wuson_) << setup.dump(2);
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }

  std::filesystem::path folder_;
  std::string wuson_;
};

TEST_F(CliPlayTrace, AConditionFailingByAKnownValue) {
  const std::vector<Json> frames = Frames(run({"play", wuson_, "--trace", "--json", "--set",
                                               "speed=0.3@0", "--dt", "0.1", "--frames", "3"}));
  ASSERT_EQ(frames.size(), 3u);
  for (const Json& frame : frames) {
    // In Idle: Idle -> Locomotion and * -> Halt, in the setup's order; Locomotion -> Idle and
    // Halt -> Idle leave other states and are not looked at.
    const Json& trace = frame["trace"];
    ASSERT_EQ(trace.size(), 2u) << trace.dump();
    const Json& walk = trace[0];
    EXPECT_EQ(Keys(walk), (std::vector<std::string>{"from", "to", "fired", "reason", "blend",
                                                    "conditions", "exit_time"}));
    EXPECT_EQ(walk["blend"], "crossfade");
    EXPECT_EQ(walk["from"], "Idle");
    EXPECT_EQ(walk["to"], "Locomotion");
    EXPECT_EQ(walk["fired"], false);
    EXPECT_EQ(walk["reason"], "condition_failed");
    EXPECT_EQ(walk["exit_time"], nullptr);
    ASSERT_EQ(walk["conditions"].size(), 1u);
    const Json& c = walk["conditions"][0];
    EXPECT_EQ(Keys(c), (std::vector<std::string>{"parameter", "op", "value", "actual", "pass"}));
    EXPECT_EQ(c["parameter"], "speed");
    EXPECT_EQ(c["op"], ">");
    EXPECT_NEAR(c["value"].get<double>(), 0.5, 1e-6);
    EXPECT_NEAR(c["actual"].get<double>(), 0.3, 1e-6);
    EXPECT_EQ(c["pass"], false);
    EXPECT_EQ(trace[1]["from"], "*");
    EXPECT_EQ(trace[1]["to"], "Halt");
    EXPECT_EQ(trace[1]["conditions"][0]["op"], "trigger");
    EXPECT_EQ(trace[1]["conditions"][0]["pass"], false);
    EXPECT_EQ(frame["states"][0]["name"], "Idle");
  }
  // Without --trace the frames stay as they were.
  const std::vector<Json> plain =
      Frames(run({"play", wuson_, "--json", "--dt", "0.1", "--frames", "1"}));
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_FALSE(plain[0].contains("trace"));
}

TEST_F(CliPlayTrace, AnInterruptionBlocksAndAnExitTimeIsNotReached) {
  // 0.1 s frames, halt fired at 0: * -> Halt (0.15 s, interruption "none") fires in the first,
  // and runs through the second.
  const std::vector<Json> frames = Frames(run(
      {"play", wuson_, "--trace", "--json", "--set", "halt@0", "--dt", "0.1", "--frames", "3"}));
  ASSERT_EQ(frames.size(), 3u);
  const Json& first = frames[0]["trace"];
  ASSERT_EQ(first.size(), 2u) << first.dump();
  EXPECT_EQ(first[0]["reason"], "condition_failed");  // Idle -> Locomotion at speed 0.
  EXPECT_EQ(first[1]["to"], "Halt");
  EXPECT_EQ(first[1]["fired"], true);
  EXPECT_EQ(first[1]["reason"], "fired");
  // How it started: a crossfade interrupting nothing, Halt at its offset 0.
  EXPECT_EQ(Keys(first[1]),
            (std::vector<std::string>{"from", "to", "fired", "reason", "blend", "interrupted",
                                      "start_time", "conditions", "exit_time"}));
  EXPECT_EQ(first[1]["blend"], "crossfade");
  EXPECT_EQ(first[1]["interrupted"], false);
  EXPECT_EQ(first[1]["start_time"], 0.0);
  EXPECT_EQ(first[1]["conditions"][0]["actual"], 1.0);

  // Running: Idle -> Locomotion (from the state it leaves) and Halt -> Idle (from its
  // destination) may not interrupt it; the running * -> Halt itself is not listed. Halt has
  // played 0.1 s of Wuson_Walk's 3.6: far from its exit time 1.
  const Json& second = frames[1]["trace"];
  ASSERT_EQ(second.size(), 2u) << second.dump();
  EXPECT_EQ(second[0]["from"], "Idle");
  EXPECT_EQ(second[0]["reason"], "interruption_blocked");
  EXPECT_EQ(second[1]["from"], "Halt");
  EXPECT_EQ(second[1]["to"], "Idle");
  EXPECT_EQ(second[1]["reason"], "interruption_blocked");
  EXPECT_EQ(second[1]["conditions"], Json::array());
  const Json& exit = second[1]["exit_time"];
  EXPECT_EQ(Keys(exit), (std::vector<std::string>{"required", "current", "pass"}));
  EXPECT_NEAR(exit["required"].get<double>(), 1.0, 1e-6);
  EXPECT_NEAR(exit["current"].get<double>(), 0.1 / kWalkSeconds, 1e-5);
  EXPECT_EQ(exit["pass"], false);

  // 0.3 s: the transition ended this update (0.2 s >= 0.15 s), so in Halt * -> Halt stands
  // aside and Halt -> Idle is only short of its exit time.
  const Json& third = frames[2]["trace"];
  ASSERT_EQ(third.size(), 2u) << third.dump();
  EXPECT_EQ(third[0]["from"], "*");
  EXPECT_EQ(third[0]["reason"], "already_in_state");
  EXPECT_EQ(third[1]["reason"], "exit_time_not_reached");
  EXPECT_NEAR(third[1]["exit_time"]["current"].get<double>(), 0.2 / kWalkSeconds, 1e-5);
}

TEST_F(CliPlayTrace, TextListsEachConsideredTransitionUnderItsFrame) {
  const CliRun r =
      run({"play", wuson_, "--trace", "--set", "speed=0.3@0", "--dt", "0.1", "--frames", "1"});
  ASSERT_EQ(r.code, 0) << r.err;
  std::istringstream lines(r.out);
  std::vector<std::string> text;
  for (std::string line; std::getline(lines, line);) text.push_back(line);
  ASSERT_EQ(text.size(), 3u) << r.out;
  EXPECT_EQ(text[1], "    Idle -> Locomotion  condition_failed  speed > 0.5000: 0.3000 fail");
  EXPECT_EQ(text[2], "    * -> Halt  condition_failed  halt trigger: 0.0000 fail");
}

TEST(CliPlayTraceLayers, EachEntryNamesItsLayer) {
  // The demo's UpperBody layer gets a second state, Wave, entered when lean exceeds 0.5.
  std::ifstream in(kLayers);
  Json setup = Json::parse(in);
  Json& upper = setup["layers"][0];
  ASSERT_EQ(upper["name"], "UpperBody");
  Json wave = upper["states"][0];
  wave["name"] = "Wave";
  upper["states"].push_back(wave);
  upper["transitions"] = Json::parse(R"([{"from": "Hold", "to": "Wave",
    "conditions": [{"parameter": "lean", "op": ">", "value": 0.5}], "exit_time": null,
    "duration": 0, "offset": 0, "interruption": "none"}])");
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() /
      ("animscope_play_trace_layers_" + std::to_string(::getpid()) + ".json");
  std::ofstream(file) << setup.dump(2);
  const std::vector<Json> frames = Frames(
      run({"play", file.string(), "--trace", "--json", "--set", "lean=0.3@0", "--frames", "1"}));
  std::filesystem::remove(file);
  ASSERT_EQ(frames.size(), 1u);
  const Json& trace = frames[0]["trace"];
  // The base in Idle: Idle -> Locomotion and * -> Idle (already there); then the layer's one.
  ASSERT_EQ(trace.size(), 3u) << trace.dump();
  EXPECT_EQ(trace[0]["layer"], "Base");
  EXPECT_EQ(trace[1]["layer"], "Base");
  EXPECT_EQ(trace[1]["reason"], "already_in_state");
  const Json& layer = trace[2];
  EXPECT_EQ(Keys(layer), (std::vector<std::string>{"layer", "from", "to", "fired", "reason",
                                                   "blend", "conditions", "exit_time"}));
  EXPECT_EQ(layer["layer"], "UpperBody");
  EXPECT_EQ(layer["from"], "Hold");
  EXPECT_EQ(layer["to"], "Wave");
  EXPECT_EQ(layer["reason"], "condition_failed");
  EXPECT_NEAR(layer["conditions"][0]["actual"].get<double>(), 0.3, 1e-6);
}

}  // namespace
// Whether a trigger is ever set is known only to a scripted run: play names the tested
// triggers its --set lines never set (on stderr, so the JSON lines stay clean).
TEST_F(CliPlayTrace, PlayNamesATestedTriggerItsScriptNeverSets) {
  const CliRun without = run({"play", wuson_, "--json", "--set", "speed=0.3@0", "--frames", "2"});
  ASSERT_EQ(without.code, 0) << without.err;
  EXPECT_NE(without.err.find("trigger \"halt\" is never set by --set"), std::string::npos)
      << without.err;
  EXPECT_EQ(Frames(without).size(), 2u) << "stdout holds the frames alone";
  const CliRun with = run({"play", wuson_, "--set", "halt@1", "--frames", "2"});
  ASSERT_EQ(with.code, 0) << with.err;
  EXPECT_EQ(with.err.find("never set"), std::string::npos) << with.err;
}

}  // namespace anim::app
