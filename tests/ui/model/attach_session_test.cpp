// The tool attached to a game (issue 29), without ImGui: a real LinkServer in this process,
// published by a "game" thread that runs the demo locomotion setup on the demo model, and the
// tool's side (AttachSession on its worker thread, the Document following the frames). The UI's
// calls never wait for the network; the watched frames reach the Document's recording and show
// the game's states; a parameter edit reaches the game's instance; rewinding shows a recorded
// frame while the game goes on being recorded, and Live returns; an applied setup is swapped in
// or refused with the game's reason; a game that vanishes leaves a clear status.
#include "anim/ui/model/attach_session.h"

#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "anim/demo/demo_model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/attach_link.h"
#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/transition_why.h"
#include "support/attached_game.h"

namespace anim::ui {
namespace {

using namespace std::chrono_literals;
using testutil::eventually;
using testutil::Game;
using testutil::project;
using Clock = std::chrono::steady_clock;
constexpr float kDt = testutil::kGameDt;

std::unique_ptr<Document> open_tool(const std::string& setup) {
  auto doc = std::make_unique<Document>(demo::make_demo_model(), demo::kDemoModelPath);
  const Status attached = doc->attach_setup(project(setup), setup);
  EXPECT_TRUE(attached.ok()) << attached.error().to_string();
  doc->use_state_machine();
  return doc;
}

// Connects and waits for the character list.
void attach_to(AttachSession& session, const Game& game) {
  const auto before = Clock::now();
  session.connect(game.target());
  EXPECT_LT(Clock::now() - before, 100ms) << "connect() must not wait for the network";
  ASSERT_TRUE(eventually([&] { return session.status().lists > 0; }))
      << session.status().message;
}

// Follows the game's frames in `doc` (as the attach window does each UI frame) until `count`
// more were followed; returns the last one.
link::Frame follow(AttachSession& session, Document& doc, int count) {
  link::Frame last;
  int followed = 0;
  eventually([&] {
    for (const link::Frame& f : session.take_frames()) {
      EXPECT_TRUE(doc.follow_game_frame(f, kDt));
      last = f;
      ++followed;
    }
    return followed >= count;
  });
  EXPECT_GE(followed, count);
  return last;
}

TEST(AttachSession, ListsTheGamesCharactersWithTheirState) {
  Game game(project("demo_locomotion.json"));
  AttachSession session;
  attach_to(session, game);
  const AttachSession::Snapshot s = session.status();
  EXPECT_EQ(s.phase, AttachSession::Phase::kAttached);
  EXPECT_EQ(s.game, "test game");
  EXPECT_NE(s.message.find("attached to test game"), std::string::npos) << s.message;
  ASSERT_EQ(s.characters.size(), 1u);
  EXPECT_EQ(s.characters[0].name, "c0");
  EXPECT_EQ(s.characters[0].state, "Idle");  // The setup's default state; speed is 0.
  EXPECT_EQ(s.characters[0].parameters, 2u);
}

TEST(AttachSession, WatchedFramesReachTheRecordingAndShowTheGamesStates) {
  Game game(project("demo_locomotion.json"));
  std::unique_ptr<Document> doc = open_tool("demo_locomotion.json");
  AttachSession session;
  attach_to(session, game);
  session.watch(0);
  ASSERT_TRUE(eventually([&] { return session.status().phase == AttachSession::Phase::kWatching; }));
  const AttachSession::Snapshot s = session.status();
  EXPECT_EQ(s.watching.name, "c0");
  EXPECT_NE(s.watching.setup, 0u);
  EXPECT_EQ(doc->game_mismatch(s.watching), "");

  follow(session, *doc, 10);
  EXPECT_TRUE(doc->following_game());
  const std::size_t recorded = doc->recording().size();
  const link::Frame last = follow(session, *doc, 30);
  // Every frame after the first is one recorded update.
  EXPECT_GE(doc->recording().size(), recorded + 30);
  // The speed the tool sends makes the game go Idle -> Locomotion; the tool's machine shows the
  // very states, weights and parameters the game's last frame says.
  session.set_value(0, 0.8f);
  const link::Frame walking = [&] {
    link::Frame f;
    eventually([&] {
      for (const link::Frame& g : session.take_frames()) {
        EXPECT_TRUE(doc->follow_game_frame(g, kDt));
        f = g;
      }
      return !f.layers.empty() && f.layers[0].active.back().state == 1 &&
             f.layers[0].transition.transition < 0;
    });
    return f;
  }();
  (void)last;
  ASSERT_FALSE(walking.layers.empty());
  const StateMachineInstance& m = *doc->state_machine();
  EXPECT_EQ(m.current_state(), 1);
  ASSERT_EQ(m.active_states().size(), walking.layers[0].active.size());
  for (std::size_t i = 0; i < walking.layers[0].active.size(); ++i) {
    EXPECT_EQ(m.active_states()[i].state, walking.layers[0].active[i].state);
    EXPECT_FLOAT_EQ(m.active_states()[i].weight, walking.layers[0].active[i].weight);
    EXPECT_FLOAT_EQ(m.active_states()[i].normalized_time,
                    walking.layers[0].active[i].normalized_time);
  }
  EXPECT_EQ(m.value(0), walking.parameters[0].value);
  EXPECT_EQ(m.target(0), 0.8f);
  // The recording's newest frame is the game's last one.
  const auto newest = doc->recording().parameters(doc->recording().size() - 1);
  EXPECT_EQ(newest[0].value, walking.parameters[0].value);
  EXPECT_EQ(doc->recording().layers(doc->recording().size() - 1)[0].tracks[0].state, 1);
}

TEST(AttachSession, AParameterEditReachesTheGamesInstance) {
  Game game(project("demo_locomotion.json"));
  AttachSession session;
  attach_to(session, game);
  session.watch(0);
  ASSERT_TRUE(eventually([&] { return session.status().phase == AttachSession::Phase::kWatching; }));
  EXPECT_EQ(game.speed_target(), 0.0f);
  session.set_value(0, 0.625f);
  EXPECT_TRUE(eventually([&] { return game.speed_target() == 0.625f; }));
  // And the frames say so too.
  EXPECT_TRUE(eventually([&] {
    for (const link::Frame& f : session.take_frames())
      if (f.parameters[0].target == 0.625f) return true;
    return false;
  }));
}

TEST(AttachSession, RewindingShowsARecordedFrameWhileTheGameGoesOn) {
  Game game(project("demo_locomotion.json"));
  std::unique_ptr<Document> doc = open_tool("demo_locomotion.json");
  AttachSession session;
  attach_to(session, game);
  session.watch(0);
  session.set_value(0, 0.8f);
  follow(session, *doc, 60);
  const std::size_t size = doc->recording().size();
  ASSERT_GE(size, 50u);
  ASSERT_TRUE(doc->rewind_to(5));
  const int shown_state = doc->state_machine()->current_state();
  const float shown_speed = doc->state_machine()->value(0);
  EXPECT_EQ(shown_speed, doc->recording().parameters(5)[0].value);
  EXPECT_EQ(shown_state, doc->recording().layers(5)[0].tracks[static_cast<std::size_t>(
                                                        doc->recording().layers(5)[0].track_count -
                                                        1)].state);
  // The game goes on and is recorded behind the rewound frame, which stays as it is.
  const link::Frame last = follow(session, *doc, 30);
  EXPECT_GE(doc->recording().size(), size + 30);
  EXPECT_EQ(doc->rewound_frame(), 5);
  EXPECT_EQ(doc->state_machine()->value(0), shown_speed);
  // Live: the newest recorded frame, the game's latest.
  doc->go_live();
  EXPECT_EQ(doc->rewound_frame(), -1);
  EXPECT_EQ(doc->state_machine()->value(0), last.parameters[0].value);
  EXPECT_EQ(doc->state_machine()->current_state(), last.layers[0].active.back().state);
}

// The Parameters sidebar's edits (Commands, as the panels submit them) go to the game while the
// document follows it, through AttachLink's sync, and leave the tool's machine alone: its values
// are the game's.
TEST(AttachSession, TheSidebarsEditsGoToTheGameWhileFollowingIt) {
  Game game(project("demo_locomotion.json"));
  std::unique_ptr<Document> doc = open_tool("demo_locomotion.json");
  AttachLink link;
  attach_to(link.session, game);
  link.session.watch(0);
  ASSERT_TRUE(eventually([&] {
    link.sync(*doc);
    return doc->following_game();
  }));
  Commands cmds;
  cmds.set_parameter("speed", 0.375f);
  cmds.apply(*doc);
  EXPECT_EQ(doc->state_machine()->target(0), 0.0f);  // Not set here...
  link.sync(*doc);
  EXPECT_TRUE(eventually([&] { return game.speed_target() == 0.375f; }));  // ... but in the game.
  // And the game's frames bring it back to the tool.
  EXPECT_TRUE(eventually([&] {
    link.sync(*doc);
    return doc->state_machine()->target(0) == 0.375f;
  }));
  EXPECT_NE(link.status_line(*doc).find("test game: c0"), std::string::npos);
}

// The why-not lines under the graph read the followed machine's trace: live, it is the game's own
// (the frame's), so they say why the game's character did or did not leave its state.
TEST(AttachSession, WhyNotLinesAreTheGamesWhileFollowing) {
  Game game(project("demo_locomotion.json"));
  std::unique_ptr<Document> doc = open_tool("demo_locomotion.json");
  AttachSession session;
  attach_to(session, game);
  session.watch(0);
  follow(session, *doc, 5);
  ASSERT_TRUE(doc->following_game());
  ASSERT_EQ(doc->rewound_frame(), -1);
  // Idle at speed 0: Idle -> Locomotion (speed > 0.05) fails on speed 0, and "* -> Idle" (the
  // stop trigger) leads to the state that is already current.
  const StateMachineInstance& m = *doc->state_machine();
  ASSERT_EQ(m.current_state(), 0);
  std::vector<TransitionWhy> lines = why_now(m, 0, 0);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].name, "Idle -> Locomotion");
  EXPECT_EQ(lines[0].verdict, Verdict::kFail);
  ASSERT_EQ(lines[0].checks.size(), 1u);
  EXPECT_EQ(lines[0].checks[0].check, "speed > 0.05");
  EXPECT_EQ(lines[0].checks[0].actual, "speed = 0");
  EXPECT_EQ(lines[1].name, "* -> Idle");
  EXPECT_EQ(lines[1].verdict, Verdict::kMoot);

  // The game's update that leaves Idle: the line says it fired, as the game's trace does.
  session.set_value(0, 1.0f);
  bool seen = false;
  ASSERT_TRUE(eventually([&] {
    for (const link::Frame& f : session.take_frames()) {
      EXPECT_TRUE(doc->follow_game_frame(f, kDt));
      if (seen) continue;
      for (const StateMachineInstance::TraceEntry& e : f.trace) {
        if (e.layer != 0 || e.transition != 0 || !e.fired) continue;
        seen = true;
        lines = why_now(*doc->state_machine(), 0, doc->state_machine()->current_state());
        EXPECT_FALSE(lines.empty());
        if (lines.empty()) return true;
        EXPECT_EQ(lines[0].name, "Idle -> Locomotion");
        EXPECT_EQ(lines[0].verdict, Verdict::kPass);
        EXPECT_EQ(lines[0].checks.size(), 1u);
        if (lines[0].checks.empty()) return true;
        // The speed the game's update checked, as its frame's trace says.
        EXPECT_EQ(lines[0].checks[0].actual,
                  "speed = " + short_value(f.conditions[static_cast<std::size_t>(
                                                           e.first_condition)].actual));
        EXPECT_EQ(lines[0].checks[0].verdict, Verdict::kPass);
      }
    }
    return seen;
  }));
}

// The game says which file it runs: a tool that does not run its setup asks to open it (once),
// through AttachLink's open_request, and follows once a document that runs it is there.
TEST(AttachSession, TheToolAsksToOpenTheGamesFileAndFollowsOnceItRuns) {
  const std::string file = std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/demo_locomotion.json";
  Game game(project("demo_locomotion.json"), file);
  auto bare = std::make_unique<Document>(demo::make_demo_model(), demo::kDemoModelPath);
  AttachLink link;
  attach_to(link.session, game);
  EXPECT_EQ(link.session.status().content, file);
  link.session.watch(0);
  ASSERT_TRUE(eventually([&] {
    link.sync(*bare);
    return !link.open_request.empty();
  }));
  EXPECT_EQ(link.mismatch, "no state machine runs in the tool (open the game's setup)");
  EXPECT_EQ(link.content_note, "opening the game's file " + file + "...");
  EXPECT_EQ(link.take_open_request(), file);
  EXPECT_EQ(link.take_open_request(), "");
  // Asked once: the frames that come while the file loads ask nothing more.
  for (int i = 0; i < 20; ++i) {
    link.sync(*bare);
    std::this_thread::sleep_for(2ms);
  }
  EXPECT_EQ(link.open_request, "");
  EXPECT_FALSE(bare->following_game());
  // The tool opened it (what its open path does with a setup): now it follows.
  auto opened = std::make_unique<Document>(demo::make_demo_model(), demo::kDemoModelPath);
  ASSERT_TRUE(opened->attach_setup(project("demo_locomotion.json"), file).ok());
  opened->use_state_machine();
  ASSERT_EQ(opened->setup_path(), file);
  ASSERT_TRUE(eventually([&] {
    link.sync(*opened);
    return opened->following_game();
  }));
  EXPECT_EQ(link.mismatch, "");
  EXPECT_EQ(link.content_note, "the tool opened the game's file " + file);
  EXPECT_EQ(link.open_request, "");
}

// A game on another machine names a file the tool cannot read: nothing is opened, and the note
// says so beside the old hint.
TEST(AttachSession, AGamesFileThatIsNotReadableHereIsNotOpened) {
  const std::string file = "/nonexistent/on/another/machine/wuson_locomotion.animpack";
  Game game(project("demo_locomotion.json"), file);
  auto bare = std::make_unique<Document>(demo::make_demo_model(), demo::kDemoModelPath);
  AttachLink link;
  attach_to(link.session, game);
  link.session.watch(0);
  ASSERT_TRUE(eventually([&] {
    link.sync(*bare);
    return !link.content_note.empty();
  }));
  EXPECT_EQ(link.content_note,
            "the game runs " + file +
                ", which the tool cannot read here (does the game run on another machine?)");
  EXPECT_EQ(link.mismatch, "no state machine runs in the tool (open the game's setup)");
  EXPECT_EQ(link.take_open_request(), "");
}

TEST(AttachSession, AnAppliedSetupIsSwappedInOrRefusedWithTheGamesReason) {
  Game game(project("demo_locomotion.json"));
  AttachSession session;
  attach_to(session, game);
  session.watch(0);
  ASSERT_TRUE(eventually([&] { return session.status().phase == AttachSession::Phase::kWatching; }));
  const uint32_t first = session.status().watching.setup;

  session.apply("{ not json");
  EXPECT_TRUE(session.status().apply_pending);
  ASSERT_TRUE(eventually([&] { return session.status().applies_answered == 1; }));
  EXPECT_FALSE(session.status().apply_pending);
  // The game's reason, as its callback gave it: the parser's error for that text.
  Result<setup::Setup> unparsed = setup::parse_setup("{ not json", "(applied)");
  ASSERT_FALSE(unparsed.ok());
  EXPECT_EQ(session.status().apply_error, unparsed.error().to_string());

  setup::Setup edited = project("demo_locomotion.json");
  setup::SetupParameter lean;
  lean.name = "lean";
  edited.parameters.push_back(lean);
  session.apply(setup::to_json_text(edited));
  ASSERT_TRUE(eventually([&] { return session.status().applies_answered == 2; }));
  EXPECT_EQ(session.status().apply_error, "");
  // The new description comes with the frames of the swapped machine.
  ASSERT_TRUE(eventually([&] {
    session.take_frames();
    return session.status().watching.setup != first;
  }));
  EXPECT_EQ(session.status().watching.parameters.size(), 3u);
  EXPECT_EQ(session.status().watching.parameters[2].name, "lean");
  EXPECT_TRUE(eventually([&] {
    for (const link::Frame& f : session.take_frames())
      if (f.parameters.size() == 3u) return true;
    return false;
  }));
  // The tool's own setup (not the edited one) no longer matches the game's character.
  std::unique_ptr<Document> doc = open_tool("demo_locomotion.json");
  EXPECT_EQ(doc->game_mismatch(session.status().watching),
            "the game's character has 3 parameters, the setup 2");
}

TEST(AttachSession, AGameThatVanishesLeavesTheToolRunningWithAClearStatus) {
  auto game = std::make_unique<Game>(project("demo_locomotion.json"));
  std::unique_ptr<Document> doc = open_tool("demo_locomotion.json");
  AttachSession session;
  attach_to(session, *game);
  session.watch(0);
  follow(session, *doc, 20);
  game.reset();  // The game quits.
  ASSERT_TRUE(eventually([&] { return session.status().phase == AttachSession::Phase::kLost; }));
  EXPECT_NE(session.status().message.find("lost test game"), std::string::npos)
      << session.status().message;
  EXPECT_FALSE(session.attached());
  // Requests to a lost game are ignored; the document goes on with what it had.
  session.set_value(0, 1.0f);
  session.apply("{}");
  EXPECT_FALSE(session.status().apply_pending);
  const std::size_t recorded = doc->recording().size();
  doc->stop_following_game();
  doc->update(kDt);
  EXPECT_EQ(doc->recording().size(), recorded + 1);  // Playing by itself again.
}

TEST(AttachSession, AWrongTokenOrNoGameFailsWithTheReason) {
  Game game(project("demo_locomotion.json"));
  AttachSession session;
  AttachSession::Target wrong = game.target();
  wrong.token = "not the token";
  session.connect(wrong);
  ASSERT_TRUE(eventually([&] { return session.status().phase == AttachSession::Phase::kFailed; }));
  EXPECT_NE(session.status().message.find("wrong token"), std::string::npos)
      << session.status().message;
  // A port nobody listens on (the game's, once it closed).
  AttachSession::Target gone = game.target();
  game.close();
  session.connect(gone);
  ASSERT_TRUE(eventually([&] { return session.status().phase == AttachSession::Phase::kFailed; }));
  EXPECT_NE(session.status().message.find("could not attach"), std::string::npos);
}

TEST(AttachSession, DetachingNeverWaitsForAGameThatStoppedAnswering) {
  Game game(project("demo_locomotion.json"));
  AttachSession session(/*timeout_ms=*/1500);
  attach_to(session, game);
  session.watch(0);
  ASSERT_TRUE(eventually([&] { return session.status().phase == AttachSession::Phase::kWatching; }));
  game.hold(true);  // The game stops publishing: the worker waits for a frame.
  std::this_thread::sleep_for(50ms);
  const auto before = Clock::now();
  session.detach();
  EXPECT_LT(Clock::now() - before, 50ms);
  EXPECT_EQ(session.status().phase, AttachSession::Phase::kDetached);
  game.hold(false);
}

}  // namespace
}  // namespace anim::ui
