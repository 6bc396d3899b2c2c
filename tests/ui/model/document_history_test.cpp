// The Document's history of its state machine (PreviewRecording): what each played update
// records, how long it keeps frames, and rewinding: a rewound frame shows exactly the pose,
// states, parameters and trace that a second Document, run the same way for as many frames,
// shows (bit for bit); paused it stays so; playing on drops the later frames and goes on as the
// second Document does; Live returns to the newest frame. Rewinding is no edit of the setup.
// On the built-in demo model with the projects' demo setups.
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/demo/demo_model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/transition_why.h"

namespace anim::ui {
namespace {

constexpr float kDt = 1.0f / 60.0f;

setup::Setup project(const std::string& name) {
  Result<setup::Setup> setup =
      setup::load_setup(std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/" + name);
  EXPECT_TRUE(setup.ok()) << (setup.ok() ? "" : setup.error().to_string());
  return setup.ok() ? std::move(setup).value() : setup::Setup{};
}

std::unique_ptr<Document> open(const std::string& setup) {
  auto doc = std::make_unique<Document>(demo::make_demo_model(), demo::kDemoModelPath);
  const Status attached = doc->attach_setup(project(setup), setup);
  EXPECT_TRUE(attached.ok()) << attached.error().to_string();
  return doc;
}

// What the user does before frame `frame`, through Commands as the panels do: speeds up, slows
// down, stops (a trigger), and moves the layers' weights.
void script(Document& doc, int frame) {
  Commands cmds;
  if (frame == 5) cmds.set_parameter("speed", 0.8f);
  if (frame == 70) cmds.set_parameter("carry", 1.0f);
  if (frame == 95) cmds.set_parameter("lean", 0.6f);
  if (frame == 130) cmds.set_parameter("speed", 0.02f);
  if (frame == 170) cmds.set_parameter("speed", 0.5f);
  if (frame == 200) cmds.set_parameter("stop", 1.0f);
  if (frame == 230) cmds.set_parameter("carry", 0.0f);
  cmds.apply(doc);
}

void play(Document& doc, int from, int to) {
  for (int frame = from; frame < to; ++frame) {
    script(doc, frame);
    doc.update(kDt);
  }
}

bool same_pose(const Document& a, const Document& b) {
  const Span<const Transform> x = a.local_pose(), y = b.local_pose();
  return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(Transform)) == 0;
}

// Every layer's active states, their weights and times, and the parameters, compared exactly.
void expect_same_machine(const Document& a, const Document& b) {
  const StateMachineInstance& x = *a.state_machine();
  const StateMachineInstance& y = *b.state_machine();
  ASSERT_EQ(x.layer_count(), y.layer_count());
  for (int layer = 0; layer < x.layer_count(); ++layer) {
    ASSERT_EQ(x.active_states(layer).size(), y.active_states(layer).size()) << "layer " << layer;
    for (std::size_t i = 0; i < x.active_states(layer).size(); ++i) {
      EXPECT_EQ(x.active_states(layer)[i].state, y.active_states(layer)[i].state);
      EXPECT_EQ(x.active_states(layer)[i].weight, y.active_states(layer)[i].weight);
      EXPECT_EQ(x.active_states(layer)[i].normalized_time,
                y.active_states(layer)[i].normalized_time);
    }
    EXPECT_EQ(x.transition(layer).transition, y.transition(layer).transition);
    EXPECT_EQ(x.transition(layer).progress, y.transition(layer).progress);
  }
  for (std::size_t p = 0; p < x.def().parameters.size(); ++p) {
    EXPECT_EQ(x.value(static_cast<int>(p)), y.value(static_cast<int>(p))) << "parameter " << p;
    EXPECT_EQ(x.target(static_cast<int>(p)), y.target(static_cast<int>(p))) << "parameter " << p;
  }
}

std::vector<std::string> why_lines(const Document& doc) {
  std::vector<std::string> lines;
  const StateMachineInstance& sm = *doc.state_machine();
  for (const TransitionWhy& w : why_not(sm, 0, sm.current_state(0))) lines.push_back(w.summary);
  return lines;
}

TEST(DocumentHistoryTest, RecordsEachPlayedUpdate) {
  auto doc = open("demo_layers.json");
  EXPECT_TRUE(doc->recording().recording());
  EXPECT_TRUE(doc->recording().empty());
  EXPECT_TRUE(doc->state_machine()->tracing());  // The graph's live conditions.
  play(*doc, 0, 10);
  const PreviewRecording& r = doc->recording();
  ASSERT_EQ(r.size(), 10u);
  EXPECT_TRUE(r.from_start());
  EXPECT_EQ(r.frame(0).dt, kDt);
  EXPECT_NEAR(r.duration(), 10.0 * kDt, 1e-9);
  EXPECT_NEAR(r.time(4), 5.0 * kDt, 1e-9);
  const int speed = doc->state_machine()->def().find_parameter("speed");
  EXPECT_EQ(r.inputs(4)[speed].target, 0.0f);
  EXPECT_EQ(r.inputs(5)[speed].target, 0.8f);  // Set before frame 5.
  EXPECT_EQ(r.parameters(9)[speed].value, doc->state_machine()->value(speed));
  const StateMachineInstance::SavedLayer& base = r.layers(9)[0];
  ASSERT_GE(base.track_count, 1);
  EXPECT_EQ(base.tracks[static_cast<std::size_t>(base.track_count - 1)].state,
            doc->state_machine()->current_state(0));
  EXPECT_EQ(r.layer_count(), 3u);

  // Paused, nothing is recorded; at half speed each frame advances half as far.
  doc->set_playing(false);
  doc->update(kDt);
  EXPECT_EQ(r.size(), 10u);
  doc->set_playing(true);
  doc->set_speed(0.5f);
  doc->update(kDt);
  ASSERT_EQ(r.size(), 11u);
  EXPECT_EQ(r.frame(10).dt, 0.5f * kDt);
}

TEST(DocumentHistoryTest, RewindRestoresTheExactPoseOfARecordedFrame) {
  constexpr int kFrames = 260;
  auto doc = open("demo_layers.json");
  play(*doc, 0, kFrames);
  ASSERT_EQ(doc->recording().size(), static_cast<std::size_t>(kFrames));
  std::vector<Transform> newest(doc->local_pose().begin(), doc->local_pose().end());

  for (const int k : {0, 1, 12, 40, 99, 131, 201, 259}) {
    SCOPED_TRACE("frame " + std::to_string(k));
    ASSERT_TRUE(doc->rewind_to(static_cast<std::size_t>(k)));
    EXPECT_EQ(doc->rewound_frame(), k);
    EXPECT_FALSE(doc->playing());
    // Frame k is the (k + 1)th update: a second document played that far, independently.
    auto second = open("demo_layers.json");
    play(*second, 0, k + 1);
    EXPECT_TRUE(same_pose(*doc, *second));
    expect_same_machine(*doc, *second);
    EXPECT_EQ(why_lines(*doc), why_lines(*second));
  }
  // Not an edit: nothing to undo, nothing to save.
  EXPECT_FALSE(doc->setup_history().can_undo());
  EXPECT_FALSE(doc->setup_dirty());
  EXPECT_EQ(doc->recording().size(), static_cast<std::size_t>(kFrames));

  doc->go_live();
  EXPECT_EQ(doc->rewound_frame(), -1);
  EXPECT_TRUE(doc->playing());
  EXPECT_EQ(std::memcmp(doc->local_pose().data(), newest.data(), newest.size() * sizeof(Transform)),
            0);
}

TEST(DocumentHistoryTest, ARewoundFrameStaysWhilePausedAndPlayingOnDropsTheLaterFrames) {
  auto doc = open("demo_layers.json");
  play(*doc, 0, 180);
  ASSERT_TRUE(doc->rewind_to(120));
  auto second = open("demo_layers.json");
  play(*second, 0, 121);

  for (int i = 0; i < 5; ++i) doc->update(kDt);  // Paused: as recorded.
  EXPECT_TRUE(same_pose(*doc, *second));
  EXPECT_EQ(doc->recording().size(), 180u);

  // Play on from frame 120 with the script's later changes: the same as the second document.
  doc->set_playing(true);
  play(*doc, 121, 240);
  play(*second, 121, 240);
  EXPECT_EQ(doc->rewound_frame(), -1);
  EXPECT_EQ(doc->recording().size(), 240u);  // 121 kept, 119 new.
  EXPECT_TRUE(same_pose(*doc, *second));
  expect_same_machine(*doc, *second);
}

TEST(DocumentHistoryTest, KeepsTheLastThirtySeconds) {
  auto doc = open("demo_locomotion.json");
  for (int frame = 0; frame < 40 * 60; ++frame) doc->update(kDt);
  const PreviewRecording& r = doc->recording();
  EXPECT_LE(r.duration(), PreviewRecording::kSeconds + 1e-6);
  EXPECT_GE(r.duration(), PreviewRecording::kSeconds - 2.0 * kDt);
  EXPECT_FALSE(r.from_start());
  // The oldest kept frame still rewinds exactly.
  const std::size_t oldest_kept = 40 * 60 - r.size();
  ASSERT_TRUE(doc->rewind_to(0));
  auto second = open("demo_locomotion.json");
  for (std::size_t frame = 0; frame <= oldest_kept; ++frame) second->update(kDt);
  EXPECT_TRUE(same_pose(*doc, *second));

  // A faster display fills the frame budget first.
  auto fast = open("demo_locomotion.json");
  for (int frame = 0; frame < 20 * 240; ++frame) fast->update(1.0f / 240.0f);
  EXPECT_EQ(fast->recording().size(), PreviewRecording::kMaxFrames);
  EXPECT_NEAR(fast->recording().duration(), PreviewRecording::kMaxFrames / 240.0, 1e-3);
}

TEST(DocumentHistoryTest, ANewMachineStartsANewRecording) {
  auto doc = open("demo_locomotion.json");
  play(*doc, 0, 30);
  ASSERT_TRUE(doc->rewind_to(10));
  // An edit replaces the machine, going on from the rewound moment: the old frames are gone.
  setup::Setup edited = *doc->setup();
  edited.transitions[0].duration = 0.5f;
  doc->edit_setup(edited, "change a duration");
  EXPECT_EQ(doc->rewound_frame(), -1);
  EXPECT_TRUE(doc->recording().empty());
  EXPECT_TRUE(doc->state_machine()->tracing());
  doc->set_playing(true);
  play(*doc, 0, 3);
  EXPECT_EQ(doc->recording().size(), 3u);
  EXPECT_FALSE(doc->recording().from_start());  // It went on from where the old one was.

  doc->restart_state_machine();
  EXPECT_TRUE(doc->state_machine()->tracing());
  play(*doc, 0, 3);
  EXPECT_EQ(doc->recording().size(), 3u);
  EXPECT_TRUE(doc->recording().from_start());
}

TEST(DocumentHistoryTest, RewindIsRefusedOutsideTheRecording) {
  auto doc = open("demo_locomotion.json");
  play(*doc, 0, 5);
  EXPECT_FALSE(doc->rewind_to(5));
  EXPECT_EQ(doc->rewound_frame(), -1);
  EXPECT_TRUE(doc->playing());
  doc->play_clip(0);  // The Clips panel takes over: no machine plays.
  EXPECT_FALSE(doc->rewind_to(0));
}

// Issue 31's mode trap: a clip previewed from the Clips panel pauses the machine, its history
// kept; the graph's Resume (use_state_machine) goes on from the same frame with the same past.
TEST(DocumentHistoryTest, PreviewingAClipPausesTheMachineAndResumeKeepsItsHistory) {
  auto doc = open("demo_locomotion.json");
  auto twin = open("demo_locomotion.json");  // Plays the same frames without the detour.
  play(*doc, 0, 40);
  play(*twin, 0, 40);
  ASSERT_EQ(doc->recording().size(), 40u);
  const double recorded = doc->recording().duration();

  ASSERT_TRUE(doc->play_clip(0));  // Double-click in the Clips panel.
  EXPECT_EQ(doc->mode(), PlaybackMode::kClip);
  ASSERT_NE(doc->state_machine(), nullptr) << "the machine is kept";
  EXPECT_EQ(doc->playing_text(), "clip " + doc->model().clips[0].name);
  for (int i = 0; i < 25; ++i) doc->update(kDt);  // The clip plays; the machine does not move.
  EXPECT_EQ(doc->recording().size(), 40u);
  EXPECT_TRUE(doc->recording().recording());
  expect_same_machine(*doc, *twin);

  doc->use_state_machine();  // Resume.
  EXPECT_EQ(doc->mode(), PlaybackMode::kStateMachine);
  EXPECT_EQ(doc->playing_text(), "the state machine");
  EXPECT_EQ(doc->recording().size(), 40u) << "the history is not dropped";
  EXPECT_DOUBLE_EQ(doc->recording().duration(), recorded);
  EXPECT_TRUE(doc->recording().from_start());
  play(*doc, 40, 60);
  play(*twin, 40, 60);
  EXPECT_EQ(doc->recording().size(), 60u);
  expect_same_machine(*doc, *twin);
  EXPECT_TRUE(same_pose(*doc, *twin)) << "it went on as if never paused";

  // A crossfade and a blend pause it alike; a rewound moment goes back to the newest first, so
  // the history stays the machine's past.
  ASSERT_TRUE(doc->rewind_to(20));
  CrossfadeOptions fade;
  fade.seconds = 0.2f;
  ASSERT_TRUE(doc->crossfade_to(1, fade));
  EXPECT_EQ(doc->rewound_frame(), -1);
  doc->use_state_machine();
  EXPECT_EQ(doc->recording().size(), 60u);
  expect_same_machine(*doc, *twin);

  // Restart starts over, and so does the recording.
  ASSERT_TRUE(doc->play_clip(0));
  doc->restart_state_machine();
  EXPECT_EQ(doc->mode(), PlaybackMode::kStateMachine);
  EXPECT_TRUE(doc->recording().empty());
}

// Issue 31 item 8: a new default state leaves the running machine where it was (it goes on
// through the edit), so the graph offers Restart until it starts from the new one.
TEST(DocumentHistoryTest, ANewDefaultStateIsNotedUntilARestart) {
  auto doc = open("demo_locomotion.json");
  play(*doc, 0, 5);  // Before the script's first change: it idles.
  EXPECT_EQ(doc->machine_started_from(), "Idle");
  EXPECT_FALSE(doc->default_changed_since_start());
  setup::Setup edited = *doc->setup();
  edited.default_state = "Locomotion";
  doc->edit_setup(edited, "make Locomotion the default state");
  EXPECT_TRUE(doc->default_changed_since_start());
  EXPECT_EQ(doc->machine_started_from(), "Idle");
  const auto playing = [&doc] {
    const StateMachineInstance& sm = *doc->state_machine();
    return sm.def().states[static_cast<std::size_t>(sm.current_state(0))].name;
  };
  EXPECT_EQ(playing(), "Idle") << "it plays on where it was";
  // Another edit keeps the note; undoing the change of default ends it.
  edited.transitions[0].duration = 0.4f;
  doc->edit_setup(edited, "change a duration");
  EXPECT_TRUE(doc->default_changed_since_start());
  ASSERT_TRUE(doc->undo_setup_edit());
  ASSERT_TRUE(doc->undo_setup_edit());
  EXPECT_FALSE(doc->default_changed_since_start());
  ASSERT_TRUE(doc->redo_setup_edit());
  EXPECT_TRUE(doc->default_changed_since_start());
  doc->restart_state_machine();
  EXPECT_FALSE(doc->default_changed_since_start());
  EXPECT_EQ(doc->machine_started_from(), "Locomotion");
  EXPECT_EQ(playing(), "Locomotion");
}

}  // namespace
}  // namespace anim::ui
