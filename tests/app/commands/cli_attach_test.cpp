// `examples/game_loop --link` and `animscope attach` end to end (issue 29): the game runs as a
// child process announced under a scratch $XDG_RUNTIME_DIR, and attach (run in-process) lists
// it, prints its character c0's frames, sets a parameter, swaps in setups and is refused a wrong
// token. The frames the game computes must be those `animscope play --json` computes for the same
// inputs: game_loop drives c0's speed with 0.5 + 0.6 sin(0.3 t), which the test computes itself
// and hands to play as one --set per frame. The setup is written at test time around assimp's
// Testwuson.X (clips Wuson_Bind, Wuson_Walk, Wuson_Run) and packed with `animscope pack`.
#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "anim/files/file_io.h"
#include "anim/link/link_client.h"
#include "cli_run.h"
#include "commands/announced_games.h"
#include "spawn.h"
#include "support/temp_tree.h"

namespace anim::app {
namespace {

using testing::run;

const std::string kWuson = ANIMSCOPE_ASSIMP_MODELS "/X/Testwuson.X";
constexpr float kDt = 1.0f / 60.0f;

// Idle, Walk and Run on speed's thresholds, and Halt whenever halt is set. `crouch` adds a state
// Crouch, listed first and made the default, so that a character that kept its state after a swap
// is told apart from one that started afresh, and a third parameter, so that its frames are told
// apart from the old setup's.
std::string locomotion_setup(bool crouch) {
  nlohmann::ordered_json doc = nlohmann::ordered_json::parse(R"({
    "format": "animscope.setup", "version": 1, "model": "",
    "parameters": [{"name": "speed", "type": "float", "default": 0},
                   {"name": "halt", "type": "bool", "default": false}],
    "states": [{"name": "Idle", "motion": "Wuson_Bind"}, {"name": "Walk", "motion": "Wuson_Walk"},
               {"name": "Run", "motion": "Wuson_Run"}, {"name": "Halt", "motion": "Wuson_Bind"}],
    "default_state": "Idle",
    "transitions": [
      {"from": "Idle", "to": "Walk", "duration": 0.2,
       "conditions": [{"parameter": "speed", "op": ">", "value": 0.3}]},
      {"from": "Walk", "to": "Run", "duration": 0.25,
       "conditions": [{"parameter": "speed", "op": ">", "value": 0.8}]},
      {"from": "Run", "to": "Walk", "duration": 0.25,
       "conditions": [{"parameter": "speed", "op": "<", "value": 0.7}]},
      {"from": "Walk", "to": "Idle", "duration": 0.2,
       "conditions": [{"parameter": "speed", "op": "<", "value": 0.2}]},
      {"from": "Idle", "to": "Halt", "duration": 0,
       "conditions": [{"parameter": "halt", "op": "true"}]},
      {"from": "Walk", "to": "Halt", "duration": 0,
       "conditions": [{"parameter": "halt", "op": "true"}]},
      {"from": "Run", "to": "Halt", "duration": 0,
       "conditions": [{"parameter": "halt", "op": "true"}]}]
  })");
  doc["model"] = kWuson;
  if (crouch) {
    const nlohmann::ordered_json crouch_state = {{"name", "Crouch"}, {"motion", "Wuson_Bind"}};
    doc["states"].insert(doc["states"].begin(), crouch_state);
    doc["default_state"] = "Crouch";
    doc["parameters"].push_back({{"name", "crouch"}, {"type", "float"}, {"default", 0}});
  }
  return doc.dump(2);
}

std::vector<nlohmann::json> json_lines(const std::string& text) {
  std::vector<nlohmann::json> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  return lines;
}

class CliAttach : public ::testing::Test {
 protected:
  void SetUp() override {
    xdg_ = dir_.path("run");
    ASSERT_EQ(::mkdir(xdg_.c_str(), 0700), 0);
    // attach runs in this process and finds the game where the game announces itself.
    const char* old = std::getenv("XDG_RUNTIME_DIR");
    if (old) old_xdg_ = old;
    ::setenv("XDG_RUNTIME_DIR", xdg_.c_str(), 1);
    setup_ = dir_.path("locomotion.json");
    ASSERT_TRUE(files::write_file_atomically(setup_, locomotion_setup(false)).ok());
    package_ = dir_.path("locomotion.animpack");
    const testing::CliRun packed = run({"pack", setup_, "--out", package_});
    ASSERT_EQ(packed.code, 0) << packed.err;
  }

  void TearDown() override {
    if (game_ > 0) {
      ::kill(game_, SIGTERM);
      EXPECT_TRUE(testing::wait_for(game_, 10.0).has_value()) << "game_loop did not end";
    }
    if (old_xdg_.empty()) {
      ::unsetenv("XDG_RUNTIME_DIR");
    } else {
      ::setenv("XDG_RUNTIME_DIR", old_xdg_.c_str(), 1);
    }
  }

  // game_loop with two characters, holding still until the tool watches one; returns once it
  // has announced itself.
  void start_game() {
    game_ = testing::spawn(
        {ANIMSCOPE_GAME_LOOP_BINARY, package_, "2", "100000", "--link", "--wait-client"},
        {{"XDG_RUNTIME_DIR", xdg_}}, dir_.path("game.log"));
    ASSERT_GT(game_, 0);
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (announced_games(xdg_ + "/animscope").empty()) {
      ASSERT_LT(std::chrono::steady_clock::now(), until)
          << "game_loop did not announce itself: " << read_log();
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }

  std::string read_log() const {
    Result<std::string> text = files::read_file(dir_.path("game.log"));
    return text.ok() ? text.value() : std::string();
  }

  AnnouncedGame the_game() const {
    const std::vector<AnnouncedGame> games = announced_games(xdg_ + "/animscope");
    EXPECT_EQ(games.size(), 1u);
    return games.empty() ? AnnouncedGame{} : games[0];
  }

  ui::testing::TempTree dir_;
  std::string xdg_, old_xdg_, setup_, package_;
  pid_t game_ = -1;
};

TEST_F(CliAttach, ListsTheAnnouncedGameWithItsCharacters) {
  start_game();
  const testing::CliRun listed = run({"attach", "--list", "--json"});
  ASSERT_EQ(listed.code, 0) << listed.err;
  const std::vector<nlohmann::json> lines = json_lines(listed.out);
  ASSERT_EQ(lines.size(), 1u) << listed.out;
  EXPECT_EQ(lines[0]["name"], "game_loop");
  EXPECT_EQ(lines[0]["pid"], game_);
  EXPECT_EQ(lines[0]["port"], the_game().port);
  // The package the game runs, as the game was given it (an absolute path already).
  ASSERT_EQ(package_.front(), '/');
  EXPECT_EQ(lines[0]["content"], package_);
  ASSERT_EQ(lines[0]["characters"].size(), 2u);
  EXPECT_EQ(lines[0]["characters"][0]["name"], "c0");
  EXPECT_EQ(lines[0]["characters"][1]["name"], "c1");
  // Held still: both in the default state, with the setup's two parameters and no layers.
  EXPECT_EQ(lines[0]["characters"][0]["state"], "Idle");
  EXPECT_EQ(lines[0]["characters"][0]["parameters"], 2);
  EXPECT_EQ(lines[0]["characters"][0]["layers"], 1);

  // By name and by pid; an unknown name is an error naming it.
  const testing::CliRun by_name = run({"attach", "game_loop", "--list"});
  EXPECT_EQ(by_name.code, 0) << by_name.err;
  EXPECT_NE(by_name.out.find("c1"), std::string::npos) << by_name.out;
  EXPECT_NE(by_name.out.find("    runs " + package_ + "\n"), std::string::npos) << by_name.out;
  const testing::CliRun by_pid = run({"attach", std::to_string(game_), "--list", "--json"});
  EXPECT_EQ(by_pid.code, 0) << by_pid.err;
  EXPECT_EQ(json_lines(by_pid.out).size(), 1u);
  const testing::CliRun unknown = run({"attach", "other_game", "--list"});
  EXPECT_NE(unknown.code, 0);
  EXPECT_NE(unknown.err.find("no game \"other_game\""), std::string::npos) << unknown.err;
}

TEST_F(CliAttach, WatchedFramesAreWhatPlayComputesForTheSameInputs) {
  start_game();
  constexpr int kFrames = 130;  // 2.2 s: speed crosses 0.8 (Walk to Run) at 1.75 s.
  const testing::CliRun watched =
      run({"attach", "--watch", "c0", "--frames", std::to_string(kFrames + 1), "--json"});
  ASSERT_EQ(watched.code, 0) << watched.err << read_log();
  const std::vector<nlohmann::json> game = json_lines(watched.out);
  ASSERT_EQ(game.size(), static_cast<std::size_t>(kFrames + 1));
  // The first frame is the one at which the watch began: nothing has run yet.
  ASSERT_EQ(game[0]["states"].size(), 1u);
  EXPECT_EQ(game[0]["states"][0]["name"], "Idle");
  EXPECT_EQ(game[0]["states"][0]["normalized_time"], 0.0);

  // game_loop's input for c0, frame by frame: its clock advances by dt, then speed is set.
  std::vector<std::string> args = {"play", package_, "--json", "--frames", std::to_string(kFrames)};
  float clock = 0.0f;
  for (int k = 0; k < kFrames; ++k) {
    clock += kDt;
    const float speed = 0.5f + 0.6f * std::sin(0.3f * clock);
    char set[64];
    std::snprintf(set, sizeof set, "speed=%.9g@%.9g", speed, static_cast<float>(k) * kDt);
    args.push_back("--set");
    args.push_back(set);
  }
  const testing::CliRun played = run(args);
  ASSERT_EQ(played.code, 0) << played.err;
  const std::vector<nlohmann::json> play = json_lines(played.out);
  ASSERT_EQ(play.size(), static_cast<std::size_t>(kFrames));

  bool transitioned = false;
  for (int k = 0; k < kFrames; ++k) {
    SCOPED_TRACE("frame " + std::to_string(k));
    const nlohmann::json& g = game[static_cast<std::size_t>(k + 1)];
    const nlohmann::json& p = play[static_cast<std::size_t>(k)];
    // Consecutive frames of the game: none dropped.
    EXPECT_EQ(g["frame"].get<uint64_t>(), game[0]["frame"].get<uint64_t>() + k + 1);
    ASSERT_EQ(g["states"].size(), p["states"].size());
    for (std::size_t s = 0; s < p["states"].size(); ++s) {
      EXPECT_EQ(g["states"][s]["name"], p["states"][s]["name"]);
      EXPECT_NEAR(g["states"][s]["weight"].get<double>(), p["states"][s]["weight"].get<double>(),
                  1e-6);
      EXPECT_NEAR(g["states"][s]["normalized_time"].get<double>(),
                  p["states"][s]["normalized_time"].get<double>(), 1e-6);
    }
    ASSERT_EQ(g["transition"].is_null(), p["transition"].is_null());
    if (!p["transition"].is_null()) {
      transitioned = true;
      EXPECT_EQ(g["transition"]["from"], p["transition"]["from"]);
      EXPECT_EQ(g["transition"]["to"], p["transition"]["to"]);
      EXPECT_NEAR(g["transition"]["progress"].get<double>(),
                  p["transition"]["progress"].get<double>(), 1e-6);
    }
    EXPECT_EQ(g["events"], p["events"]);
  }
  // The run is worth comparing: speed 0.5 at once takes Idle to Walk over 0.2 s, and the input's
  // rise, 0.5 + 0.6 sin(0.3 t) > 0.8 from t = 1.745 s (frame 105), Walk to Run over 0.25 s.
  EXPECT_TRUE(transitioned);
  const auto state_at = [&](int k) { return play[static_cast<std::size_t>(k)]["states"]; };
  EXPECT_EQ(state_at(100).size(), 1u);
  EXPECT_EQ(state_at(100)[0]["name"], "Walk");
  EXPECT_EQ(state_at(kFrames - 1).size(), 1u);
  EXPECT_EQ(state_at(kFrames - 1)[0]["name"], "Run");
}

TEST_F(CliAttach, SetChangesTheGamesCharacter) {
  start_game();
  const testing::CliRun watched =
      run({"attach", "--watch", "c0", "--set", "halt=true", "--frames", "30", "--json"});
  ASSERT_EQ(watched.code, 0) << watched.err;
  const std::vector<nlohmann::json> frames = json_lines(watched.out);
  ASSERT_EQ(frames.size(), 30u);
  // game_loop never sets halt: only the --set takes c0 to Halt (a transition of no duration),
  // where it stays whatever its speed.
  const nlohmann::json& last = frames.back();
  ASSERT_EQ(last["states"].size(), 1u);
  EXPECT_EQ(last["states"][0]["name"], "Halt");
  EXPECT_EQ(last["states"][0]["weight"], 1.0);

  // A parameter the character does not have is an error naming it.
  const testing::CliRun unknown =
      run({"attach", "--watch", "c0", "--set", "jump=1", "--frames", "1"});
  EXPECT_EQ(unknown.code, 2);
  EXPECT_NE(unknown.err.find("jump"), std::string::npos) << unknown.err;
}

TEST_F(CliAttach, AnAppliedSetupRunsOnFromTheSameState) {
  start_game();
  const AnnouncedGame game = the_game();
  const std::string crouch = dir_.path("crouch.json");
  ASSERT_TRUE(files::write_file_atomically(crouch, locomotion_setup(true)).ok());
  {
    Result<std::unique_ptr<link::LinkClient>> client =
        link::LinkClient::connect(game.port, game.token);
    ASSERT_TRUE(client.ok()) << client.error().to_string();
    link::LinkClient& c = *client.value();
    ASSERT_TRUE(c.watch(0).ok());
    // Until c0 walks, its transition from Idle done.
    link::Frame before;
    for (int f = 0;; ++f) {
      ASSERT_LT(f, 600) << "c0 never walked";
      Result<link::Frame> frame = c.next_frame();
      ASSERT_TRUE(frame.ok()) << frame.error().to_string();
      before = frame.value();
      const link::FrameLayer& base = before.layers[0];
      if (base.transition.transition < 0 && base.active.size() == 1 &&
          c.watching().layers[0].states[static_cast<std::size_t>(base.active[0].state)] == "Walk")
        break;
    }
    // Text that is no JSON is refused with the parser's words, and c0 runs on as it was.
    const std::string garbage = "{\"format\": ";
    Result<std::string> refused = c.apply(
        Span<const uint8_t>(reinterpret_cast<const uint8_t*>(garbage.data()), garbage.size()));
    ASSERT_TRUE(refused.ok()) << refused.error().to_string();
    EXPECT_NE(refused.value().find("the tool's setup"), std::string::npos) << refused.value();
    const std::string text = locomotion_setup(true);
    Result<std::string> applied =
        c.apply(Span<const uint8_t>(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
    ASSERT_TRUE(applied.ok()) << applied.error().to_string();
    EXPECT_EQ(applied.value(), "");
    // The first frame of the new def (its three parameters; the watch describes it, Crouch
    // first) goes on walking from where c0 was, not from the new default state.
    link::Frame after;
    for (int f = 0; after.parameters.size() != 3; ++f) {
      ASSERT_LT(f, 120) << "the new setup never reached the watch";
      Result<link::Frame> frame = c.next_frame();
      ASSERT_TRUE(frame.ok()) << frame.error().to_string();
      after = frame.value();
    }
    EXPECT_EQ(c.watching().layers[0].states[0], "Crouch");
    ASSERT_EQ(after.layers[0].active.size(), 1u);
    const StateMachineInstance::ActiveState& now = after.layers[0].active[0];
    EXPECT_EQ(c.watching().layers[0].states[static_cast<std::size_t>(now.state)], "Walk");
    EXPECT_GT(now.normalized_time, 0.0f);
  }
  // Through attach: a setup that validates is taken, and c0 still walks (Crouch is never
  // reached from Walk)...
  const testing::CliRun ok =
      run({"attach", "--apply", crouch, "--watch", "c0", "--frames", "3", "--json"});
  ASSERT_EQ(ok.code, 0) << ok.err;
  const std::vector<nlohmann::json> frames = json_lines(ok.out);
  ASSERT_EQ(frames.size(), 3u);
  EXPECT_NE(frames.back()["states"][0]["name"], "Crouch");
  // ... and one that does not is refused with the game's reason, the place in the setup.
  nlohmann::ordered_json broken = nlohmann::ordered_json::parse(locomotion_setup(false));
  broken["transitions"][1]["to"] = "Sprint";
  const std::string broken_path = dir_.path("broken.json");
  ASSERT_TRUE(files::write_file_atomically(broken_path, broken.dump(2)).ok());
  const testing::CliRun refused = run({"attach", "game_loop", "--apply", broken_path});
  EXPECT_EQ(refused.code, 1);
  EXPECT_NE(refused.err.find("refused"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("Sprint"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("/transitions/1"), std::string::npos) << refused.err;
  // The game kept running.
  EXPECT_EQ(run({"attach", "--list"}).code, 0);
}

TEST_F(CliAttach, AWrongTokenIsRefusedWithAMessage) {
  start_game();
  const AnnouncedGame game = the_game();
  const testing::CliRun wrong = run({"attach", "--port", std::to_string(game.port), "--token",
                                     "not-the-token", "--watch", "c0", "--frames", "1"});
  EXPECT_EQ(wrong.code, 2);
  EXPECT_NE(wrong.err.find("token"), std::string::npos) << wrong.err;
  // The right one, named the same way, is let in.
  const testing::CliRun right = run(
      {"attach", "--port", std::to_string(game.port), "--token", game.token, "--list", "--json"});
  EXPECT_EQ(right.code, 0) << right.err;
  EXPECT_EQ(json_lines(right.out).size(), 1u);
}

TEST_F(CliAttach, NoGameIsAnError) {
  const testing::CliRun none = run({"attach", "--watch", "c0"});
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.err.find("no game is announced"), std::string::npos) << none.err;
  const testing::CliRun lone_port = run({"attach", "--port", "4000", "--list"});
  EXPECT_EQ(lone_port.code, 2);
  EXPECT_NE(lone_port.err.find("--port and --token go together"), std::string::npos);
}

// The announcements attach reads: a running process's are listed, by name or pid; a file whose
// process is gone (a game that was killed) and files that are no announcement are skipped.
TEST(AnnouncedGames, ListsLiveGamesAndSkipsStaleOrBrokenFiles) {
  ui::testing::TempTree dir;
  const std::string folder = dir.path("animscope");
  ASSERT_EQ(::mkdir(folder.c_str(), 0700), 0);
  const int me = static_cast<int>(::getpid());
  // A child that has ended and been reaped: its pid runs nothing now.
  const pid_t gone = testing::spawn({"/bin/true"}, {}, dir.path("true.log"));
  ASSERT_TRUE(testing::wait_for(gone, 10.0).has_value());
  const auto announce = [&](const std::string& file, const std::string& text) {
    ASSERT_TRUE(files::write_file_atomically(folder + "/" + file, text).ok());
  };
  announce("a.json", "{\"pid\": " + std::to_string(me) +
                         ", \"port\": 4100, \"token\": \"t1\", \"name\": \"alpha\"}");
  announce("b.json", "{\"pid\": " + std::to_string(gone) +
                         ", \"port\": 4101, \"token\": \"t2\", \"name\": \"beta\"}");
  announce("c.json", "{\"pid\": " + std::to_string(me) + ", \"port\": 99999}");
  announce("d.json", "not json");
  announce("e.txt", "{\"pid\": " + std::to_string(me) +
                        ", \"port\": 4102, \"token\": \"t3\", \"name\": \"gamma\"}");
  const std::vector<AnnouncedGame> games = announced_games(folder);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].pid, me);
  EXPECT_EQ(games[0].port, 4100);
  EXPECT_EQ(games[0].token, "t1");
  EXPECT_EQ(games[0].name, "alpha");
  EXPECT_EQ(games_named(games, "alpha").size(), 1u);
  EXPECT_EQ(games_named(games, std::to_string(me)).size(), 1u);
  EXPECT_EQ(games_named(games, "beta").size(), 0u);
  EXPECT_EQ(games_named(games, "").size(), 1u);
  EXPECT_TRUE(announced_games(dir.path("nowhere")).empty());
}

}  // namespace
}  // namespace anim::app
