// The tool attached to a game that says which file it runs (issue 29), without a window: a game in
// this process (tests/support/attached_game.h) runs the demo locomotion setup and names its
// package (packed at test time) as its content. Attached from the command line's way in
// (start_attach, --port --token --watch c0), the tool starts on the demo without a setup, opens
// the game's package through its usual open path, and follows the game's character; a game whose
// file is not readable here leaves the tool as it was, saying so.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "anim/demo/demo_model.h"
#include "cli_run.h"
#include "gui/attach_actions.h"
#include "gui/tool.h"
#include "support/attached_game.h"
#include "support/folders.h"

namespace anim::app {
namespace {

namespace fs = std::filesystem;
using testutil::Game;
using testutil::project;

class ToolAttach : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testutil::FreshTestFolder("tool_attach");
    tool_.doc = std::make_unique<ui::Document>(demo::make_demo_model(), demo::kDemoModelPath);
  }
  void TearDown() override {
    tool_.attach.link.session.detach();
    fs::remove_all(dir_);
  }

  // The tool's frames as far as the attachment goes (sync_attach, then a finished load taken),
  // until `done` or 20 s.
  bool run_until(const std::function<bool()>& done) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < until) {
      sync_attach(tool_);
      if (!tool_.loading.loader.busy()) collect_load(tool_);
      if (done()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return done();
  }

  AttachRequest request_for(const Game& game) const {
    AttachRequest r;
    r.attach = true;
    r.port = game.target().port;
    r.token = game.target().token;
    r.watch = "c0";
    return r;
  }

  fs::path dir_;
  Tool tool_;
};

TEST_F(ToolAttach, OpensThePackageTheGameRunsAndFollowsItsCharacter) {
  const std::string package = (dir_ / "demo_locomotion.animpack").string();
  const testing::CliRun packed =
      testing::run({"pack", ANIMSCOPE_SOURCE_DIR "/projects/demo_locomotion.json", "--out", package});
  ASSERT_EQ(packed.code, 0) << packed.err;
  Game game(project("demo_locomotion.json"), package);
  ASSERT_FALSE(tool_.doc->has_setup());
  ASSERT_TRUE(start_attach(tool_, request_for(game)).ok());
  ASSERT_TRUE(run_until([&] { return following_game(tool_); })) << attach_summary(tool_);
  // The package was opened as File > Open opens it: the document is the package's, its machine
  // an unsaved setup, and no error was shown.
  EXPECT_EQ(tool_.doc->path(), package);
  EXPECT_TRUE(tool_.doc->has_setup());
  EXPECT_TRUE(tool_.messages.error_text.empty()) << tool_.messages.error_text;
  EXPECT_EQ(tool_.attach.link.mismatch, "");
  EXPECT_EQ(tool_.attach.link.content_note, "the tool opened the game's file " + package);
  EXPECT_EQ(attach_summary(tool_),
            "attached to test game (pid " + std::to_string(::getpid()) +
                "), following c0; the tool opened the game's file " + package);
  // And it shows the game's character: a speed sent from the tool moves the game's c0 from Idle
  // to Locomotion, which the tool's machine then shows.
  EXPECT_EQ(tool_.doc->state_machine()->current_state(), 0);
  tool_.attach.link.session.set_value(0, 1.0f);
  EXPECT_TRUE(run_until([&] { return tool_.doc->state_machine()->current_state() == 1; }));
  EXPECT_EQ(game.speed_target(), 1.0f);
}

TEST_F(ToolAttach, AGamesFileNotReadableHereIsNamedAndNothingOpens) {
  const std::string elsewhere = "/nonexistent/game/machine/demo_locomotion.animpack";
  Game game(project("demo_locomotion.json"), elsewhere);
  ASSERT_TRUE(start_attach(tool_, request_for(game)).ok());
  ASSERT_TRUE(run_until([&] { return !tool_.attach.link.content_note.empty(); }));
  EXPECT_FALSE(tool_.loading.loader.busy());
  EXPECT_EQ(tool_.doc->path(), demo::kDemoModelPath);
  EXPECT_FALSE(following_game(tool_));
  EXPECT_EQ(attach_summary(tool_),
            "attached to test game (pid " + std::to_string(::getpid()) +
                "), not following c0: no state machine runs in the tool (open the game's "
                "setup); the game runs " +
                elsewhere + ", which the tool cannot read here (does the game run on another "
                            "machine?)");
}

// --watch names a character the game does not have: the tool says so and watches nothing.
TEST_F(ToolAttach, AnUnknownCharacterIsNamed) {
  Game game(project("demo_locomotion.json"));
  AttachRequest r = request_for(game);
  r.watch = "c7";
  ASSERT_TRUE(start_attach(tool_, r).ok());
  ASSERT_TRUE(run_until([&] { return !tool_.attach.link.watch_error.empty(); }));
  EXPECT_EQ(tool_.attach.link.watch_error, "the game has no character \"c7\"");
  EXPECT_EQ(tool_.attach.link.session.status().phase, ui::AttachSession::Phase::kAttached);
}

}  // namespace
}  // namespace anim::app
