// The tool attached to a running game from its command line, for screenshots (issue 29), with
// the real binaries (needs a display: ctest runs it under xvfb-run): game_loop --link runs the
// Wuson package (packed at test time) announced under a scratch XDG_RUNTIME_DIR, and
// `animscope --watch c0 --view graph --screenshot` attaches to the one game announced, opens the
// package the game names, follows c0 and saves the window. The picture must hold a drawn tool
// (many colours, not one flat fill), and the tool must say it was attached and following.
#define STB_IMAGE_IMPLEMENTATION
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <set>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "cli_run.h"
#include "commands/announced_games.h"
#include "spawn.h"
#include "support/folders.h"
#include "support/images.h"

namespace anim::app {
namespace {

namespace fs = std::filesystem;

class AttachScreenshot : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testutil::FreshTestFolder("attach_shot");
    xdg_ = (dir_ / "run").string();
    ASSERT_EQ(::mkdir(xdg_.c_str(), 0700), 0);
    package_ = (dir_ / "wuson.animpack").string();
    const testing::CliRun packed = testing::run(
        {"pack", ANIMSCOPE_SOURCE_DIR "/projects/wuson_locomotion.json", "--out", package_});
    ASSERT_EQ(packed.code, 0) << packed.err;
  }
  void TearDown() override {
    if (game_ > 0) {
      ::kill(game_, SIGTERM);
      EXPECT_TRUE(testing::wait_for(game_, 10.0).has_value()) << "game_loop did not end";
    }
    if (HasFailure()) {
      std::cerr << "game:\n" << testing::read_all((dir_ / "game.log").string()) << "\n";
      std::cerr << "tool:\n" << testing::read_all((dir_ / "tool.log").string()) << "\n";
    }
    fs::remove_all(dir_);
  }

  // game_loop with two characters for a long while, in real time; returns once announced.
  void start_game() {
    game_ = testing::spawn({ANIMSCOPE_GAME_LOOP_BINARY, package_, "2", "1000000", "--link"},
                           {{"XDG_RUNTIME_DIR", xdg_}}, (dir_ / "game.log").string());
    ASSERT_GT(game_, 0);
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (announced_games(xdg_ + "/animscope").empty()) {
      ASSERT_LT(std::chrono::steady_clock::now(), until) << "game_loop did not announce itself";
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }

  // The tool with `args`, in the scratch folders; its exit code (-1: it did not end in time).
  int run_tool(const std::vector<std::string>& args) {
    std::vector<std::string> argv = {ANIMSCOPE_BINARY};
    argv.insert(argv.end(), args.begin(), args.end());
    const pid_t tool = testing::spawn(argv,
                                      {{"XDG_RUNTIME_DIR", xdg_},
                                       {"XDG_CONFIG_HOME", (dir_ / "config").string()},
                                       {"XDG_STATE_HOME", (dir_ / "state").string()}},
                                      (dir_ / "tool.log").string());
    if (tool <= 0) return -1;
    const std::optional<int> status = testing::wait_for(tool, 120.0);
    if (!status || !WIFEXITED(*status)) return -1;
    return WEXITSTATUS(*status);
  }

  fs::path dir_;
  std::string xdg_, package_;
  pid_t game_ = -1;
};

TEST_F(AttachScreenshot, TheAttachedToolShowsTheGamesCharacterInTheGraph) {
  start_game();
  const std::string shot = (dir_ / "attached.png").string();
  ASSERT_EQ(run_tool({"--watch", "c0", "--view", "graph", "--set", "halt@0.5", "--screenshot",
                      shot, "--frames", "90"}),
            0);
  const std::string log = testing::read_all((dir_ / "tool.log").string());
  EXPECT_NE(log.find("the file the game runs (" + package_ + ")"), std::string::npos) << log;
  EXPECT_NE(log.find("attached to game_loop (pid " + std::to_string(game_) + "), following c0"),
            std::string::npos)
      << log;
  EXPECT_NE(log.find("the tool opened the game's file " + package_), std::string::npos) << log;
  const testutil::Image image = testutil::LoadPng(shot);
  ASSERT_GT(image.width, 600);
  ASSERT_GT(image.height, 400);
  // A drawn tool, not a flat fill: many colours, spread over the picture.
  std::set<unsigned> colours;
  for (int y = 0; y < image.height; y += 3)
    for (int x = 0; x < image.width; x += 3) {
      const unsigned char* p = image.at(x, y);
      colours.insert(static_cast<unsigned>(p[0]) << 16 | static_cast<unsigned>(p[1]) << 8 | p[2]);
    }
  EXPECT_GT(colours.size(), 100u);

  // A game that is not there: the tool says why it shows none, exit 1, no picture.
  const std::string none = (dir_ / "none.png").string();
  EXPECT_EQ(run_tool({"--attach", "no_such_game", "--watch", "c0", "--screenshot", none}), 1);
  EXPECT_NE(testing::read_all((dir_ / "tool.log").string())
                .find("cannot attach: no game \"no_such_game\" is announced in " + xdg_),
            std::string::npos);
  EXPECT_FALSE(fs::exists(none));
}

}  // namespace
}  // namespace anim::app
