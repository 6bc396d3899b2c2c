// Never losing work, with the real tool binary (needs a display: ctest runs it under xvfb-run):
// a setup edited in the running tool gets a recovery copy a few seconds later; SIGKILL leaves
// it, and the next start offers it (a screenshot shows the dialog) and restores it; SIGTERM,
// SIGINT and SIGHUP write the copy at once and end the tool with status 0; `render` dies of
// SIGINT like any command-line program. Each run gets its own XDG_STATE_HOME and
// XDG_CONFIG_HOME, and the edit comes from the test hook ANIMSCOPE_TEST_SETUP_EDIT.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "anim/demo/demo_model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/recovery.h"
#include "gui/recovery_actions.h"
#include "gui/setup_actions.h"
#include "gui/tool.h"
#include "spawn.h"
#include "support/folders.h"
#include "support/recovery_fixtures.h"

namespace anim::app {
namespace {

using ui::testing::demo_clip_setup;

namespace fs = std::filesystem;
using namespace testing;  // spawn, wait_for, eventually, catches, read_all.

const std::string kBinary = ANIMSCOPE_BINARY;

class RecoveryBinary : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testutil::FreshTestFolder("recovery_bin");
    walk_ = (dir_ / "walk.json").string();
    ASSERT_TRUE(save_setup(demo_clip_setup(), walk_).ok());
    // The edit the running tool makes: Run becomes the default state, and runs faster.
    setup::Setup edited = demo_clip_setup();
    edited.default_state = "Run";
    edited.states[2].speed = 1.5f;
    edit_ = (dir_ / "edit.json").string();
    ASSERT_TRUE(save_setup(edited, edit_).ok());
    folder_ = dir_ / "state" / "animscope" / "recovery";
  }
  void TearDown() override {
    if (::testing::Test::HasFailure()) {
      std::cerr << "tool output:\n" << read_all(output()) << "\n";
    }
    fs::remove_all(dir_);
  }

  std::string output() const { return (dir_ / "output.txt").string(); }
  testing::Environment environment(bool edit) const {
    return {{"XDG_STATE_HOME", (dir_ / "state").string()},
            {"XDG_CONFIG_HOME", (dir_ / "config").string()},
            {"ANIMSCOPE_TEST_SETUP_EDIT", edit ? edit_ : ""}};
  }
  // The tool on walk.json, as a user starts it.
  pid_t start_tool(bool edit, const std::vector<std::string>& more = {}) {
    std::vector<std::string> argv = {kBinary, walk_};
    argv.insert(argv.end(), more.begin(), more.end());
    return spawn(argv, environment(edit), output());
  }
  std::vector<fs::path> copies() const {
    std::vector<fs::path> found;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder_, ec)) {
      if (entry.path().extension() == ".json") found.push_back(entry.path());
    }
    return found;
  }
  // Waits for the running tool's copy of the edit (3 s after it, plus start-up).
  fs::path wait_for_copy() {
    const bool written = eventually(60.0, [&] { return copies().size() == 1; });
    EXPECT_TRUE(written) << "no recovery copy in " << folder_;
    return written ? copies()[0] : fs::path();
  }
  void expect_copy_of_the_edit(const fs::path& file, pid_t writer) {
    Result<ui::RecoveryCopy> copy = ui::read_recovery_copy(file.string());
    ASSERT_TRUE(copy.ok()) << copy.error().to_string();
    EXPECT_EQ(copy.value().writer.pid, static_cast<int>(writer));
    EXPECT_EQ(copy.value().setup_path, walk_);
    EXPECT_EQ(copy.value().model_path, demo::kDemoModelPath);
    EXPECT_EQ(copy.value().setup.default_state, "Run");
    EXPECT_EQ(copy.value().setup.states[2].speed, 1.5f);
    EXPECT_EQ(copy.value().base_mtime_ns, ui::file_mtime_ns(walk_));
  }

  fs::path dir_, folder_;
  std::string walk_, edit_;
};

TEST_F(RecoveryBinary, KilledMidEditTheNextStartOffersAndRestoresTheChanges) {
  const pid_t tool = start_tool(/*edit=*/true);
  ASSERT_GT(tool, 0);
  const fs::path copy = wait_for_copy();
  ASSERT_FALSE(copy.empty());
  expect_copy_of_the_edit(copy, tool);
  ASSERT_EQ(::kill(tool, SIGKILL), 0);
  const std::optional<int> status = wait_for(tool, 20.0);
  ASSERT_TRUE(status && WIFSIGNALED(*status) && WTERMSIG(*status) == SIGKILL);
  EXPECT_EQ(read_all(walk_), to_json_text(demo_clip_setup())) << "the file on disk is untouched";

  // The next start offers it: a line on stderr and the dialog, in a screenshot.
  const std::string shot = (dir_ / "offer.png").string();
  const pid_t again = start_tool(false, {"--screenshot", shot, "--frames", "6"});
  const std::optional<int> done = wait_for(again, 120.0);
  ASSERT_TRUE(done && WIFEXITED(*done)) << read_all(output());
  EXPECT_EQ(WEXITSTATUS(*done), 0) << read_all(output());
  const std::string said = read_all(output());
  EXPECT_NE(said.find("animscope: found unsaved changes from "), std::string::npos) << said;
  EXPECT_NE(said.find(" of walk.json, left by animscope process " + std::to_string(tool) +
                      ", which did not exit normally"),
            std::string::npos)
      << said;
  EXPECT_TRUE(fs::exists(shot));
  EXPECT_GT(fs::file_size(shot), 1000u);
  // To look at the dialog: ANIMSCOPE_KEEP_SCREENSHOT=/tmp/offer.png keeps the picture.
  if (const char* keep = std::getenv("ANIMSCOPE_KEEP_SCREENSHOT")) {
    fs::copy_file(shot, keep, fs::copy_options::overwrite_existing);
  }
  ASSERT_TRUE(fs::exists(copy)) << "unanswered, the copy stays";

  // Restore, as the dialog's button does, in this process.
  Tool restorer;
  restorer.doc = std::make_unique<ui::Document>(demo::make_demo_model(), demo::kDemoModelPath);
  restorer.recovery.keeper = ui::RecoveryKeeper(folder_.string());
  find_recovery_offers(restorer);
  ASSERT_EQ(restorer.recovery.offers.size(), 1u);
  EXPECT_EQ(restorer.recovery.offers[0].file, copy.string());
  request(restorer, {PendingAction::Kind::kRestore, copy.string()});
  for (int i = 0; i < 3000 && restorer.loading.loader.busy(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  collect_load(restorer);
  ASSERT_TRUE(restorer.doc->has_setup()) << restorer.messages.error_text;
  EXPECT_EQ(restorer.doc->setup_path(), walk_);
  EXPECT_TRUE(restorer.doc->setup_dirty());
  EXPECT_EQ(restorer.doc->setup()->default_state, "Run");
  EXPECT_FALSE(fs::exists(copy)) << "taken over by this process";
  ASSERT_TRUE(save_setup(restorer));
  EXPECT_EQ(read_all(walk_), read_all(edit_)) << "Save wrote the edit made before the kill";
  keep_recovery_copy(restorer, 0.0);
  EXPECT_TRUE(copies().empty());
}

// ImGui asserting in the real tool (issue 24): the unsaved edit is kept before the abort, the
// report names the assertion, and the next start offers the copy.
TEST_F(RecoveryBinary, AnImGuiAssertionKeepsTheEditAndTheNextStartOffersIt) {
  testing::Environment env = environment(/*edit=*/true);
  env.push_back({"ANIMSCOPE_TEST_IMGUI_ASSERT", "3"});
  const pid_t tool = spawn({kBinary, walk_}, env, output());
  ASSERT_GT(tool, 0);
  const std::optional<int> status = wait_for(tool, 120.0);
  ASSERT_TRUE(status && WIFSIGNALED(*status) && WTERMSIG(*status) == SIGABRT) << read_all(output());
  ASSERT_EQ(copies().size(), 1u) << "written on the way down (3 frames after the edit)";
  expect_copy_of_the_edit(copies()[0], tool);
  const std::string said = read_all(output());
  EXPECT_NE(said.find("animscope: kept the unsaved changes of walk.json in " +
                      copies()[0].string() + " (the next start offers them)\nassertion failed: "),
            std::string::npos)
      << said;
  EXPECT_NE(said.find("PushID"), std::string::npos) << "ImGui's own message: " << said;
  const fs::path report =
      dir_ / "state" / "animscope" / "reports" / ("assertion-" + std::to_string(tool) + ".txt");
  EXPECT_NE(read_all(report.string()).find("assertion failed: "), std::string::npos)
      << "no report in " << report;

  const std::string shot = (dir_ / "offer.png").string();
  const pid_t again = start_tool(false, {"--screenshot", shot, "--frames", "4"});
  const std::optional<int> done = wait_for(again, 120.0);
  ASSERT_TRUE(done && WIFEXITED(*done) && WEXITSTATUS(*done) == 0) << read_all(output());
  EXPECT_NE(read_all(output()).find("left by animscope process " + std::to_string(tool) +
                                    ", which did not exit normally"),
            std::string::npos)
      << read_all(output());
}

class RecoveryBinarySignal : public RecoveryBinary, public ::testing::WithParamInterface<int> {};

TEST_P(RecoveryBinarySignal, WritesTheCopyAtOnceAndExitsCleanly) {
  const int signal = GetParam();
  const pid_t tool = start_tool(/*edit=*/true);
  ASSERT_GT(tool, 0);
  const fs::path copy = wait_for_copy();
  ASSERT_FALSE(copy.empty());
  EXPECT_TRUE(catches(tool, signal)) << "the tool handles it";
  // Gone, so what is there after the signal was written for it.
  fs::remove(copy);
  ASSERT_EQ(::kill(tool, signal), 0);
  const std::optional<int> status = wait_for(tool, 30.0);
  ASSERT_TRUE(status.has_value()) << "did not exit";
  ASSERT_TRUE(WIFEXITED(*status)) << "ended by signal " << WTERMSIG(*status);
  EXPECT_EQ(WEXITSTATUS(*status), 0);
  ASSERT_EQ(copies().size(), 1u) << "the copy is written on the way out and kept";
  expect_copy_of_the_edit(copies()[0], tool);
  const std::string said = read_all(output());
  EXPECT_NE(said.find("kept the unsaved changes of walk.json in " + copies()[0].string() +
                      " (the next start offers them); exiting"),
            std::string::npos)
      << said;
}

INSTANTIATE_TEST_SUITE_P(Signals, RecoveryBinarySignal, ::testing::Values(SIGTERM, SIGINT, SIGHUP),
                         [](const ::testing::TestParamInfo<int>& info) {
                           return std::string(info.param == SIGTERM  ? "SIGTERM"
                                              : info.param == SIGINT ? "SIGINT"
                                                                     : "SIGHUP");
                         });

TEST_F(RecoveryBinary, SigtermWithNothingUnsavedExitsWithoutACopy) {
  const pid_t tool = start_tool(/*edit=*/false);
  ASSERT_GT(tool, 0);
  ASSERT_TRUE(eventually(60.0, [&] { return catches(tool, SIGTERM); }));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  ASSERT_EQ(::kill(tool, SIGTERM), 0);
  const std::optional<int> status = wait_for(tool, 30.0);
  ASSERT_TRUE(status && WIFEXITED(*status));
  EXPECT_EQ(WEXITSTATUS(*status), 0);
  EXPECT_TRUE(copies().empty());
  EXPECT_NE(read_all(output()).find("animscope: SIGTERM: exiting"), std::string::npos);
}

// SDL would turn SIGINT into an event that `render` never reads: the hint keeps it away, so
// Ctrl+C stops a render blocked on its output (a FIFO nobody reads) like any program.
TEST_F(RecoveryBinary, RenderDiesOfSigintEvenAfterSdlStarted) {
  const std::string fifo = (dir_ / "out.png").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const pid_t render =
      spawn({kBinary, "render", "builtin:demo", "--out", fifo}, environment(false), output());
  ASSERT_GT(render, 0);
  // Past the window and the GL context, it blocks opening the FIFO to write the PNG.
  const bool blocked = eventually(60.0, [&] {
    return testing::blocked_syscall(render) == SYS_openat &&
           testing::proc_status(render, "State").rfind("S", 0) == 0;
  });
  ASSERT_TRUE(blocked) << read_all(output());
  EXPECT_FALSE(catches(render, SIGINT));
  EXPECT_FALSE(catches(render, SIGTERM));
  ASSERT_EQ(::kill(render, SIGINT), 0);
  const std::optional<int> status = wait_for(render, 20.0);
  ASSERT_TRUE(status.has_value()) << "SIGINT did not end render";
  EXPECT_TRUE(WIFSIGNALED(*status) && WTERMSIG(*status) == SIGINT);
}

}  // namespace
}  // namespace anim::app
