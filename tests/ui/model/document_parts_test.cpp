// Two of the Document's parts, driven directly: SetupSession (the setup with its undo history,
// file, problems and what it compiles to) and MachineRun (the running machine, its place in the
// world, its recording and its events). On the walker (support/walker.h): the place after n
// updates of 1/60 s is 2n/60 along x, and an event "step" fires at 0.5 s of each loop.
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>

#include "anim/setup/setup.h"
#include "anim/ui/model/machine_run.h"
#include "anim/ui/model/setup_session.h"
#include "support/walker.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

constexpr float kDt = 1.0f / 60.0f;
constexpr float kSpeed = kWalkerSpeed;

Model walker() { return WalkerModel(); }
anim::setup::Setup walker_setup(const std::string& motion = "Walk") { return WalkerSetup(motion); }

// ---------------------------------------------------------------------------------------------
// SetupSession

TEST(SetupSession, WithoutASetupNothingBuildsOrSaves) {
  SetupSession session;
  EXPECT_FALSE(session.active());
  EXPECT_EQ(session.setup(), nullptr);
  EXPECT_FALSE(session.dirty());
  EXPECT_FALSE(session.build(walker(), 0).has_value());
  EXPECT_FALSE(session.save_as("nowhere.json").ok());
  session.edit(walker_setup(), "rename state");  // Ignored.
  EXPECT_FALSE(session.active());
  EXPECT_FALSE(session.undo());
}

TEST(SetupSession, ASetupWithAnErrorBuildsNothingAndSaysWhere) {
  const Model model = walker();
  SetupSession session;
  session.start(walker_setup("Run"), "walker.json", /*saved=*/true);
  EXPECT_FALSE(session.build(model, 0).has_value());
  ASSERT_FALSE(session.problems().empty());
  EXPECT_EQ(session.problems().front().severity, Diagnostic::Severity::kError);
  EXPECT_EQ(session.problems().front().pointer, "/states/0/motion");
  // Fixed by an edit, it builds: a machine with the one state, moving the character.
  anim::setup::Setup fixed = *session.setup();
  fixed.states[0].motion = "Walk";
  session.edit(std::move(fixed), "set motion");
  std::optional<SetupSession::Build> build = session.build(model, 0);
  ASSERT_TRUE(build.has_value());
  EXPECT_TRUE(session.problems().empty());
  ASSERT_EQ(build->def->states.size(), 1u);
  EXPECT_EQ(build->def->states[0].name, "Walk");
  ASSERT_EQ(build->motion->tracks.size(), 1u);
  EXPECT_FALSE(build->motion->tracks[0].empty());
}

TEST(SetupSession, TheRootMotionIsExtractedAgainOnlyWhenWhatItComesFromChanges) {
  const Model model = walker();
  SetupSession session;
  session.start(walker_setup(), "walker.json", /*saved=*/true);
  const auto first = session.build(model, 0)->motion;
  // Nothing changed; then an edit that leaves the root motion alone: the same clips.
  EXPECT_EQ(session.build(model, 0)->motion, first);
  anim::setup::Setup renamed = *session.setup();
  renamed.states[0].name = "Stroll";
  renamed.default_state = "Stroll";
  session.edit(std::move(renamed), "rename state");
  EXPECT_EQ(session.build(model, 0)->motion, first);
  // Another set of clips, or other settings: extracted again.
  const auto other_clips = session.build(model, 1)->motion;
  EXPECT_NE(other_clips, first);
  anim::setup::Setup turning = *session.setup();
  turning.root_motion->yaw = true;
  session.edit(std::move(turning), "set root motion");
  EXPECT_NE(session.build(model, 1)->motion, other_clips);
}

TEST(SetupSession, EditsUndoAndRedoAndADirtyFlagThatUndoClears) {
  SetupSession session;
  session.start(walker_setup(), "walker.json", /*saved=*/true);
  EXPECT_FALSE(session.dirty());
  anim::setup::Setup renamed = *session.setup();
  renamed.states[0].name = "Stroll";
  session.edit(std::move(renamed), "rename state");
  EXPECT_TRUE(session.dirty());
  EXPECT_EQ(session.setup()->states[0].name, "Stroll");
  EXPECT_EQ(session.history().undo_label(), "rename state");
  ASSERT_TRUE(session.undo());
  EXPECT_EQ(session.setup()->states[0].name, "Walk");
  EXPECT_FALSE(session.dirty());
  ASSERT_TRUE(session.redo());
  EXPECT_EQ(session.setup()->states[0].name, "Stroll");
  // A setup in no file yet starts unsaved.
  session.start(walker_setup(), "", /*saved=*/false);
  EXPECT_TRUE(session.dirty());
  EXPECT_FALSE(session.undo());
}

TEST(SetupSession, SaveAsKeepsRelativePathsPointingAtTheSameFiles) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("setup_session_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "sub");
  anim::setup::Setup setup = walker_setup();
  setup::SetupAnimation entry;
  entry.file = "clips/run.glb";  // Beside old.json.
  setup.animations.push_back(entry);
  SetupSession session;
  session.start(std::move(setup), (dir / "old.json").string(), /*saved=*/true);
  const fs::path saved = dir / "sub" / "new.json";
  ASSERT_TRUE(session.save_as(saved.string()).ok());
  EXPECT_TRUE(fs::exists(saved));
  EXPECT_EQ(session.path(), saved.string());
  EXPECT_EQ(session.setup()->animations[0].file, "../clips/run.glb");
  EXPECT_FALSE(session.dirty());
  EXPECT_EQ(session.history().undo_label(), "move the setup");
  // What was written reads back with the rewritten path.
  Result<anim::setup::Setup> back = setup::load_setup(saved.string());
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back.value().animations[0].file, "../clips/run.glb");
  fs::remove_all(dir);
}

// ---------------------------------------------------------------------------------------------
// MachineRun

struct Running {
  Model model = walker();
  SetupSession session;
  MachineRun run;

  Running() {
    session.start(walker_setup(), "walker.json", /*saved=*/true);
    run.replace(*session.build(model, 0), model, /*go_on=*/false);
    run.show();
  }
  void play(int updates) {
    for (int i = 0; i < updates; ++i) run.update(kDt);
  }
  float place_x() const { return run.world().translation.x; }
};

TEST(MachineRun, NothingRunsUntilAMachineIsGiven) {
  MachineRun run;
  EXPECT_FALSE(run.running());
  run.update(kDt);
  run.show();
  EXPECT_FALSE(run.rewind_to(0));
  EXPECT_TRUE(run.recording().empty());
}

TEST(MachineRun, ThePlaceAccumulatesAndAReplacementGoesOnFromIt) {
  Running r;
  r.play(30);
  EXPECT_NEAR(r.place_x(), kSpeed * 30 * kDt, 1e-4f);
  // An edit's machine goes on from the place and the time; a fresh one starts at the origin.
  r.run.replace(*r.session.build(r.model, 0), r.model, /*go_on=*/true);
  EXPECT_NEAR(r.place_x(), kSpeed * 30 * kDt, 1e-4f);
  EXPECT_NEAR(r.run.instance()->active_states()[0].normalized_time, 0.5f, 1e-4f);
  r.play(15);
  EXPECT_NEAR(r.place_x(), kSpeed * 45 * kDt, 1e-4f);
  r.run.replace(*r.session.build(r.model, 0), r.model, /*go_on=*/false);
  EXPECT_EQ(r.place_x(), 0.0f);
  EXPECT_EQ(r.run.instance()->active_states()[0].normalized_time, 0.0f);
  r.play(15);
  r.run.restart(r.model);
  EXPECT_EQ(r.place_x(), 0.0f);
}

TEST(MachineRun, RewindRestoresThePlaceAndPlayingOnDropsTheFramesAfterIt) {
  Running r;
  r.play(60);
  ASSERT_EQ(r.run.recording().size(), 60u);
  ASSERT_TRUE(r.run.rewind_to(19));  // The 20th update.
  EXPECT_EQ(r.run.rewound(), 19);
  EXPECT_NEAR(r.place_x(), kSpeed * 20 * kDt, 1e-4f);
  r.run.update(0.0f);  // Paused: stays as recorded.
  EXPECT_EQ(r.run.rewound(), 19);
  EXPECT_EQ(r.run.recording().size(), 60u);
  r.run.update(kDt);  // Plays on from it.
  EXPECT_EQ(r.run.rewound(), -1);
  EXPECT_EQ(r.run.recording().size(), 21u);
  EXPECT_NEAR(r.place_x(), kSpeed * 21 * kDt, 1e-4f);
  r.play(9);
  ASSERT_TRUE(r.run.rewind_to(0));
  r.run.go_live();
  EXPECT_EQ(r.run.rewound(), -1);
  EXPECT_NEAR(r.place_x(), kSpeed * 30 * kDt, 1e-4f);
}

TEST(MachineRun, RecentEventsAgeWithPlaybackAndAreForgottenOnARestart) {
  Running r;
  r.play(30);  // Crosses 0.5 s on the 30th update.
  ASSERT_EQ(r.run.recent_events().size(), 1u);
  EXPECT_EQ(r.run.recent_events()[0].name, "step");
  EXPECT_EQ(r.run.recent_events()[0].state, "Walk");
  r.play(6);
  EXPECT_NEAR(r.run.recent_events()[0].age, 6 * kDt, 1e-5f);
  // One step per loop: after 8 more loops only the newest kRecentEvents remain.
  r.play(8 * 60);
  EXPECT_EQ(r.run.recent_events().size(), MachineRun::kRecentEvents);
  // Shown again after a clip preview paused it: the same machine goes on, its events too.
  r.run.show();
  EXPECT_EQ(r.run.recent_events().size(), MachineRun::kRecentEvents);
  // Restarted: a new run, nothing fired yet.
  r.run.restart(r.model);
  r.run.show();
  EXPECT_TRUE(r.run.recent_events().empty());
}

}  // namespace
}  // namespace anim::ui
