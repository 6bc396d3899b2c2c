// The tool's recording exported as `play --set` lines (recording_export.h) and replayed through
// the play command (in process): a Document driven with parameter changes, as the panels make
// them, gives frame by frame the same active states, weights and times, in the base and every
// layer, as `animscope play --json` on the exported command line. Plus the export's text: the
// times with the fewest decimals that keep each change on its frame, and the notes that say
// when a replay would differ.
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "anim/demo/demo_model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/recording_export.h"
#include "cli_run.h"

namespace anim::ui {
namespace {

using Json = nlohmann::json;

const std::string kLayers = std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/demo_layers.json";
constexpr float kDt = 1.0f / 60.0f;

std::unique_ptr<Document> open(const std::string& path) {
  auto doc = std::make_unique<Document>(demo::make_demo_model(), demo::kDemoModelPath);
  Result<setup::Setup> setup = setup::load_setup(path);
  EXPECT_TRUE(setup.ok()) << (setup.ok() ? "" : setup.error().to_string());
  EXPECT_TRUE(doc->attach_setup(std::move(setup).value(), path).ok());
  return doc;
}

// One frame of one machine: its active states (name, weight, normalized time), as play's JSON
// writes them (floats widened to double).
struct StateRow {
  std::string name;
  double weight = 0.0, time = 0.0;
  bool operator==(const StateRow& o) const {
    return name == o.name && weight == o.weight && time == o.time;
  }
};
using FrameRows = std::vector<std::vector<StateRow>>;  // Per layer, the base first.

FrameRows rows_of(const StateMachineInstance& sm) {
  FrameRows rows;
  for (int layer = 0; layer < sm.layer_count(); ++layer) {
    const std::vector<StateDef>& states =
        layer == 0 ? sm.def().states : sm.def().layers[static_cast<std::size_t>(layer - 1)].states;
    rows.emplace_back();
    for (const auto& a : sm.active_states(layer)) {
      rows.back().push_back(
          {states[static_cast<std::size_t>(a.state)].name, a.weight, a.normalized_time});
    }
  }
  return rows;
}

std::vector<StateRow> rows_of(const Json& states) {
  std::vector<StateRow> rows;
  for (const Json& s : states) {
    rows.push_back({s["name"].get<std::string>(), s["weight"].get<double>(),
                    s["normalized_time"].get<double>()});
  }
  return rows;
}

// Runs the exported command line in process: its words after "animscope".
std::vector<FrameRows> replay(const PlayScript& script) {
  std::vector<std::string> words;
  std::istringstream in(script.command);
  for (std::string word; in >> word;) words.push_back(word);
  EXPECT_EQ(words.at(0), "animscope");
  words.erase(words.begin());
  words.push_back("--json");
  const app::testing::CliRun r = app::testing::run(words);
  EXPECT_EQ(r.code, 0) << r.err;
  std::vector<FrameRows> frames;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    const Json j = Json::parse(line);
    FrameRows rows{rows_of(j["states"])};
    if (j.contains("layers")) {
      for (const Json& layer : j["layers"]) rows.push_back(rows_of(layer["states"]));
    }
    frames.push_back(std::move(rows));
  }
  return frames;
}

TEST(RecordingReplayTest, RecordedSetLinesReplayedThroughPlayGiveTheSameStates) {
  auto doc = open(kLayers);
  std::vector<FrameRows> recorded;
  for (int frame = 0; frame < 330; ++frame) {
    Commands cmds;  // As the Parameters panel and the Shift ramp make them.
    if (frame == 7) cmds.set_parameter("speed", 0.8f);
    if (frame == 50) cmds.set_parameter("carry", 1.0f);
    if (frame == 51) cmds.set_parameter("lean", 0.35f);
    if (frame == 90) cmds.set_parameter("speed", 0.01f);
    if (frame == 91) cmds.set_parameter("speed", 0.0f);  // The later one of a frame counts.
    if (frame == 140) cmds.set_parameter("speed", 0.55f);
    if (frame == 200) cmds.set_parameter("stop", 1.0f);
    if (frame == 230) cmds.set_parameter("carry", 0.25f);
    if (frame == 231) cmds.set_parameter("carry", 0.25f);  // No change: no line.
    if (frame == 290) cmds.set_parameter("stop", 1.0f);
    cmds.apply(*doc);
    doc->update(kDt);
    recorded.push_back(rows_of(*doc->state_machine()));
  }

  const PlayScript script = export_play_script(*doc);
  EXPECT_TRUE(script.notes.empty()) << script.notes.front();
  EXPECT_EQ(script.frames, 330);
  EXPECT_EQ(script.dt, kDt);
  // Hand-counted: frame k starts at k / 60 s and play applies a change at the first frame
  // starting at or after it; each time has the fewest decimals (rounded, else cut) that keep it
  // after frame k - 1's start and not after frame k's: 7 / 60 = 0.1167 gives 0.11.
  const std::vector<std::string> expected = {"speed=0.8@0.11", "carry=1@0.83",    "lean=0.35@0.85",
                                             "speed=0.01@1.5", "speed=0@1.51",    "speed=0.55@2.33",
                                             "stop@3.33",      "carry=0.25@3.83", "stop@4.83"};
  EXPECT_EQ(script.sets, expected);
  EXPECT_NE(script.command.find("animscope play " + kLayers + " --dt 0.016666668 --frames 330"),
            std::string::npos)
      << script.command;
  EXPECT_NE(script.text().find("\n--set stop@4.83\n"), std::string::npos);

  const std::vector<FrameRows> replayed = replay(script);
  ASSERT_EQ(replayed.size(), recorded.size());
  int mismatches = 0, transitions = 0;
  for (std::size_t f = 0; f < recorded.size(); ++f) {
    if (recorded[f] != replayed[f] && mismatches++ < 3) ADD_FAILURE() << "frame " << f;
    transitions += recorded[f][0].size() > 1 ? 1 : 0;
  }
  EXPECT_EQ(mismatches, 0);
  EXPECT_GT(transitions, 30) << "the run should cross several transitions";
}

TEST(RecordingReplayTest, NotesSayWhenAReplayWouldDiffer) {
  auto doc = open(kLayers);
  doc->update(kDt);
  doc->update(2.0f * kDt);
  PlayScript script = export_play_script(*doc);
  ASSERT_EQ(script.notes.size(), 1u);
  EXPECT_NE(script.notes[0].find("frames lasted"), std::string::npos);
  EXPECT_FLOAT_EQ(script.dt, 1.5f * kDt);  // Their mean.

  // Unsaved, and in no file: the command names SETUP.json.
  doc->new_setup();
  doc->update(kDt);
  script = export_play_script(*doc);
  EXPECT_NE(script.command.find("animscope play SETUP.json --dt"), std::string::npos);
  ASSERT_FALSE(script.notes.empty());
  EXPECT_NE(script.notes.back().find("in no file"), std::string::npos);

  // Older frames dropped: play would start elsewhere.
  auto old = open(kLayers);
  for (int frame = 0; frame < 31 * 60; ++frame) old->update(kDt);
  script = export_play_script(*old);
  ASSERT_EQ(script.notes.size(), 1u);
  EXPECT_NE(script.notes[0].find("does not begin at the machine's start"), std::string::npos);
}

}  // namespace
}  // namespace anim::ui
