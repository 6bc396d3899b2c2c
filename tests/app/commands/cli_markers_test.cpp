// `animscope markers`: a two-legged BVH take written at test time whose feet are keyed flat on
// the ground over known frames, so each stance's plant is the middle of its flat frames (every
// one of them is equally low and still); --json's exact shape, --out writing into a copy of a
// setup and keeping the rest of it (markers going where the setup keeps them: "clips", or the
// "animations" entry giving the clip), and the errors.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "anim/setup/setup.h"
#include "cli/exit_codes.h"
#include "cli_run.h"
#include "support/temp_tree.h"

namespace anim::app {
namespace {

using testing::CliRun;
using testing::run;

constexpr int kFrames = 30;                     // One loop; a 31st frame repeats the first.
constexpr float kStep = 1.0f / 60.0f;           // 30 Hz keys are sampled at 60 Hz.
constexpr float kRightPlant = 12.5f / kFrames;  // Right foot flat over frames 5 to 20.
constexpr float kLeftPlant = 27.5f / kFrames;   // Left foot flat over frames 20 to 35 (5 wrapped).

// The leg's swing about X, in degrees: 0 while the foot is down over the 15 frames from
// `down_from`; a smooth lift and return over the other 15.
double swing_degrees(int frame, int down_from) {
  const int since = ((frame - down_from) % kFrames + kFrames) % kFrames;
  if (since <= 15) return 0.0;
  const double s = (since - 15) / 15.0;
  return -40.0 * (1.0 - std::cos(2.0 * 3.14159265358979 * s)) / 2.0;
}

std::string leg(const char* side, double x) {
  return std::string("  JOINT ") + side + "Leg\n  {\n    OFFSET " + std::to_string(x) +
         " 0 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n    JOINT " + side +
         "Foot\n    {\n      OFFSET 0 -1 0\n      CHANNELS 3 Zrotation Xrotation Yrotation\n"
         "      End Site\n      {\n        OFFSET 0 0 0.2\n      }\n    }\n  }\n";
}

// Hips standing still 1 above the ground, two legs of length 1 swinging in turn.
std::string write_walk(const std::string& path) {
  std::ofstream out(path);
  out << "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n"
         "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
      << leg("Left", 0.2) << leg("Right", -0.2) << "}\nMOTION\nFrames: " << kFrames + 1
      << "\nFrame Time: 0.0333333\n";
  for (int f = 0; f <= kFrames; ++f) {
    out << "0 1 0 0 0 0 0 " << swing_degrees(f, 20) << " 0 0 0 0 0 " << swing_degrees(f, 5)
        << " 0 0 0 0\n";
  }
  return path;
}

// A setup on `model` with fields of every kind, an unknown one, and markers of two clips.
std::string write_setup(const std::string& path, const std::string& model) {
  std::ofstream(path) << R"({
  "format": "animscope.setup",
  "version": 3,
  "model": ")" << model
                      << R"(",
  "clips": [
    {"name": "Other", "markers": [{"name": "X", "time": 0.5}], "note": "kept"},
    {"name": "Motion", "markers": [{"name": "old", "time": 0.1}]}
  ],
  "parameters": [{"name": "speed", "type": "float", "default": 0}],
  "blend_spaces": [],
  "states": [{"name": "Walk", "motion": "Motion", "speed": 1, "loop": true}],
  "default_state": "Walk",
  "transitions": [],
  "editor": {"camera": [1, 2, 3]},
  "custom": {"kept": true}
})";
  return path;
}

class CliMarkers : public ::testing::Test {
 protected:
  ui::testing::TempTree tree_;
  std::string walk_ = write_walk(tree_.path("walk.bvh"));
};

TEST_F(CliMarkers, JsonGivesOneMarkerPerStanceAtItsMiddle) {
  const CliRun r =
      run({"markers", walk_, "--foot", "LeftFoot=L", "--foot", "RightFoot=R", "--json"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 1u) << "only \"clips\"";
  ASSERT_EQ(j["clips"].size(), 1u);
  const nlohmann::json& clip = j["clips"][0];
  EXPECT_EQ(clip.size(), 2u) << "only \"name\" and \"markers\"";
  EXPECT_EQ(clip["name"], "Motion");
  ASSERT_EQ(clip["markers"].size(), 2u) << r.out;
  for (const nlohmann::json& m : clip["markers"]) EXPECT_EQ(m.size(), 2u) << m;
  EXPECT_EQ(clip["markers"][0]["name"], "R") << "sorted by time";
  EXPECT_NEAR(clip["markers"][0]["time"].get<double>(), kRightPlant, kStep);
  EXPECT_EQ(clip["markers"][1]["name"], "L");
  EXPECT_NEAR(clip["markers"][1]["time"].get<double>(), kLeftPlant, kStep);
}

TEST_F(CliMarkers, ASetupsClipFilesHaveTheirMarkersToo) {
  // The take again as a clip file of a setup on it: its clip bound by name under another name.
  std::ofstream(tree_.path("again.json"))
      << R"({"format": "animscope.setup", "version": 3, "model": "walk.bvh",
        "animations": [{"file": "walk.bvh", "as": "Again"}], "parameters": [],
        "blend_spaces": [], "states": [], "default_state": "", "transitions": [], "editor": {}})";
  const CliRun r = run({"markers", tree_.path("again.json"), "--foot", "LeftFoot=L", "--foot",
                        "RightFoot=R", "--json"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  const nlohmann::json clips = nlohmann::json::parse(r.out)["clips"];
  ASSERT_EQ(clips.size(), 2u) << r.out;
  EXPECT_EQ(clips[0]["name"], "Motion");
  EXPECT_EQ(clips[1]["name"], "Again");
  EXPECT_EQ(clips[1]["markers"], clips[0]["markers"]) << "the same motion";
}

TEST_F(CliMarkers, TextIsATableOfTheSameMarkers) {
  const CliRun r = run({"markers", walk_, "--foot", "LeftFoot=L", "--foot", "RightFoot=R"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_NE(r.out.find("marker"), std::string::npos) << r.out;
  const std::size_t right = r.out.find(" R "), left = r.out.find(" L ");
  ASSERT_NE(right, std::string::npos) << r.out;
  ASSERT_NE(left, std::string::npos) << r.out;
  EXPECT_LT(right, left) << r.out;
  EXPECT_NE(r.out.find("Motion"), std::string::npos) << r.out;
}

TEST_F(CliMarkers, OutReplacesTheClipsMarkersAndKeepsTheRestOfTheSetup) {
  const std::string setup = write_setup(tree_.path("walk.json"), "walk.bvh");
  Result<setup::Setup> before = setup::load_setup(setup);
  ASSERT_TRUE(before.ok()) << before.error().to_string();
  const CliRun r = run({"markers", setup, "--foot", "LeftFoot=L", "--foot", "RightFoot=R", "--json",
                        "--out", setup});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  Result<setup::Setup> after = setup::load_setup(setup);
  ASSERT_TRUE(after.ok()) << after.error().to_string();
  ASSERT_EQ(after.value().clips.size(), 2u);
  const setup::SetupClip& motion = after.value().clips[1];
  EXPECT_EQ(motion.name, "Motion");
  ASSERT_EQ(motion.markers.size(), 2u);
  EXPECT_EQ(motion.markers[0].name, "R");
  EXPECT_NEAR(motion.markers[0].time, kRightPlant, kStep);
  EXPECT_EQ(motion.markers[1].name, "L");
  EXPECT_NEAR(motion.markers[1].time, kLeftPlant, kStep);
  // What was printed is what was written.
  const nlohmann::json printed = nlohmann::json::parse(r.out)["clips"][0]["markers"];
  EXPECT_EQ(static_cast<float>(printed[0]["time"].get<double>()), motion.markers[0].time);
  // Everything else as it was: the old setup with only Motion's markers changed.
  setup::Setup expected = before.value();
  expected.clips[1].markers = motion.markers;
  EXPECT_EQ(setup::to_json_text(after.value()), setup::to_json_text(expected));
  EXPECT_EQ(after.value().clips[0].extra["note"], "kept");
  EXPECT_EQ(after.value().extra["custom"]["kept"], true);
}

TEST_F(CliMarkers, OutAddsAnEntryForAClipTheSetupLacks) {
  std::ofstream(tree_.path("bare.json"))
      << R"({"format": "animscope.setup", "version": 3, "model": "walk.bvh", "parameters": [],
        "blend_spaces": [], "states": [], "default_state": "", "transitions": [], "editor": {}})";
  const CliRun r =
      run({"markers", walk_, "--foot", "LeftFoot=L", "--out", tree_.path("bare.json")});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_NE(r.out.find("bare.json"), std::string::npos) << "says where it wrote: " << r.out;
  Result<setup::Setup> after = setup::load_setup(tree_.path("bare.json"));
  ASSERT_TRUE(after.ok()) << after.error().to_string();
  ASSERT_EQ(after.value().clips.size(), 1u);
  EXPECT_EQ(after.value().clips[0].name, "Motion");
  ASSERT_EQ(after.value().clips[0].markers.size(), 1u);
  EXPECT_EQ(after.value().clips[0].markers[0].name, "L");
}

TEST_F(CliMarkers, OutWritesAnAnimationEntrysClipIntoThatEntry) {
  // The take as a clip file giving "Again", its markers kept on its entry: --out replaces them
  // there and adds no "clips" entry for it (validation rejects markers given in both places).
  const std::string setup = tree_.path("entry.json");
  std::ofstream(setup) << R"({"format": "animscope.setup", "version": 3, "model": "walk.bvh",
        "animations": [{"file": "walk.bvh", "as": "Again", "note": "kept",
                        "markers": [{"name": "old", "time": 0.1}]}],
        "parameters": [], "blend_spaces": [],
        "states": [{"name": "Walk", "motion": "Again", "speed": 1, "loop": true}],
        "default_state": "Walk", "transitions": [], "editor": {}})";
  const CliRun r =
      run({"markers", setup, "--foot", "LeftFoot=L", "--foot", "RightFoot=R", "--out", setup});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  Result<setup::Setup> after = setup::load_setup(setup);
  ASSERT_TRUE(after.ok()) << after.error().to_string();
  ASSERT_EQ(after.value().animations.size(), 1u);
  const setup::SetupAnimation& entry = after.value().animations[0];
  EXPECT_EQ(entry.extra["note"], "kept");
  ASSERT_EQ(entry.markers.size(), 2u);
  EXPECT_EQ(entry.markers[0].name, "R");
  EXPECT_NEAR(entry.markers[0].time, kRightPlant, kStep);
  EXPECT_EQ(entry.markers[1].name, "L");
  EXPECT_NEAR(entry.markers[1].time, kLeftPlant, kStep);
  // The model's own clip has no entry to keep its markers: it gets a "clips" one, "Again" none.
  ASSERT_EQ(after.value().clips.size(), 1u);
  EXPECT_EQ(after.value().clips[0].name, "Motion");
  EXPECT_EQ(after.value().clips[0].markers.size(), 2u);
  const CliRun valid = run({"validate", setup});
  EXPECT_EQ(valid.code, kExitOk) << valid.out << valid.err;
}

TEST_F(CliMarkers, OutMovesMarkersGivenTwiceIntoTheAnimationEntry) {
  // A setup that gives "Again"'s markers in both places (invalid) comes out valid: the entry
  // gets them, and the "clips" entry, which held nothing but markers, goes.
  const std::string setup = tree_.path("twice.json");
  std::ofstream(setup) << R"({"format": "animscope.setup", "version": 3, "model": "walk.bvh",
        "clips": [{"name": "Again", "markers": [{"name": "X", "time": 0.2}]}],
        "animations": [{"file": "walk.bvh", "clip": "Motion", "as": "Again",
                        "markers": [{"name": "old", "time": 0.1}]}],
        "parameters": [], "blend_spaces": [],
        "states": [{"name": "Walk", "motion": "Again", "speed": 1, "loop": true}],
        "default_state": "Walk", "transitions": [], "editor": {}})";
  const CliRun twice = run({"validate", setup});
  EXPECT_EQ(twice.code, kExitInvalid);
  EXPECT_NE(twice.out.find("given twice"), std::string::npos) << twice.out;
  const CliRun r = run({"markers", setup, "--foot", "LeftFoot=L", "--out", setup});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  Result<setup::Setup> after = setup::load_setup(setup);
  ASSERT_TRUE(after.ok()) << after.error().to_string();
  ASSERT_EQ(after.value().animations[0].markers.size(), 1u);
  EXPECT_EQ(after.value().animations[0].markers[0].name, "L");
  for (const setup::SetupClip& c : after.value().clips) EXPECT_NE(c.name, "Again");
  const CliRun valid = run({"validate", setup});
  EXPECT_EQ(valid.code, kExitOk) << valid.out << valid.err;
}

TEST_F(CliMarkers, OutKeepsWhatElseAClipsEntryBesideAnAnimationEntrySays) {
  // The same, the "clips" entry carrying a field of its own: it stays, without markers.
  const std::string setup = tree_.path("noted.json");
  std::ofstream(setup) << R"({"format": "animscope.setup", "version": 3, "model": "walk.bvh",
        "clips": [{"name": "Again", "markers": [{"name": "X", "time": 0.2}], "note": "kept"}],
        "animations": [{"file": "walk.bvh", "as": "Again",
                        "markers": [{"name": "old", "time": 0.1}]}],
        "parameters": [], "blend_spaces": [], "states": [], "default_state": "",
        "transitions": [], "editor": {}})";
  const CliRun r = run({"markers", setup, "--foot", "LeftFoot=L", "--out", setup});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  Result<setup::Setup> after = setup::load_setup(setup);
  ASSERT_TRUE(after.ok()) << after.error().to_string();
  ASSERT_EQ(after.value().animations[0].markers.size(), 1u);
  const setup::SetupClip& again = after.value().clips[0];
  EXPECT_EQ(again.name, "Again");
  EXPECT_TRUE(again.markers.empty());
  EXPECT_EQ(again.extra["note"], "kept");
}

TEST_F(CliMarkers, AFootThatIsNoJointNamesTheJointAndTheFile) {
  const CliRun r = run({"markers", walk_, "--foot", "LeftFot=L"});
  EXPECT_EQ(r.code, kExitError);
  EXPECT_NE(r.err.find("\"LeftFot\""), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("walk.bvh"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(CliMarkers, AMalformedFootNamesTheArgument) {
  for (const char* bad : {"LeftFoot", "=L", "LeftFoot="}) {
    const CliRun r = run({"markers", walk_, "--foot", bad});
    EXPECT_EQ(r.code, kExitError) << bad;
    EXPECT_NE(r.err.find("--foot"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(std::string("\"") + bad + "\""), std::string::npos) << r.err;
  }
}

TEST_F(CliMarkers, NoFootIsAUsageError) {
  const CliRun r = run({"markers", walk_});
  EXPECT_EQ(r.code, kExitError);
  EXPECT_NE(r.err.find("--foot"), std::string::npos) << r.err;
}

TEST_F(CliMarkers, AMissingModelOrSetupNamesTheFile) {
  const std::string missing = tree_.path("nowhere.bvh");
  CliRun r = run({"markers", missing, "--foot", "LeftFoot=L"});
  EXPECT_EQ(r.code, kExitError);
  EXPECT_NE(r.err.find(missing), std::string::npos) << r.err;
  const std::string no_setup = tree_.path("nowhere.json");
  r = run({"markers", walk_, "--foot", "LeftFoot=L", "--out", no_setup});
  EXPECT_EQ(r.code, kExitError);
  EXPECT_NE(r.err.find(no_setup), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_FALSE(std::filesystem::exists(no_setup));
}

}  // namespace
}  // namespace anim::app
