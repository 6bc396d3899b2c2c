// The tool's recovery actions without a window: the offer of copies left by a process that
// ended, Restore (the setup opens with the recovered changes unsaved, Save writes them to its
// file, this process takes the copy over) and Discard, through the same functions the dialog
// calls. The copies are made here; recovery_binary_test makes them by killing the real tool.
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "anim/demo/demo_model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/recovery.h"
#include "gui/crash_guard.h"
#include "gui/recovery_actions.h"
#include "gui/setup_actions.h"
#include "gui/tool.h"
#include "support/folders.h"
#include "support/recovery_fixtures.h"

namespace anim::app {
namespace {

using ui::testing::dead_pid;
using ui::testing::demo_clip_setup;

namespace fs = std::filesystem;

std::vector<std::string> files_in(const fs::path& folder) { return testutil::FileNamesIn(folder); }

class ToolRecovery : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testutil::TestFolderPath("tool_recovery");
    fs::remove_all(dir_);
    folder_ = dir_ / "recovery";
    fs::create_directories(folder_);
    walk_ = (dir_ / "walk.json").string();
    ASSERT_TRUE(save_setup(demo_clip_setup(), walk_).ok());
    tool_.doc = std::make_unique<ui::Document>(demo::make_demo_model(), demo::kDemoModelPath);
    tool_.recovery.keeper = ui::RecoveryKeeper(folder_.string());
  }
  void TearDown() override { fs::remove_all(dir_); }

  // What a process that ended while editing walk.json left: the default state set to Run.
  std::string abandoned_copy(const std::string& name, const std::string& setup_path) {
    ui::RecoveryCopy copy;
    copy.setup = demo_clip_setup();
    copy.setup.default_state = "Run";
    copy.setup.states[2].speed = 1.5f;
    copy.setup_path = setup_path;
    copy.model_path = demo::kDemoModelPath;
    copy.written_ms = ui::now_ms() - 60000;
    copy.base_mtime_ns = ui::file_mtime_ns(setup_path);
    copy.writer = {dead_pid(), 0, ""};
    const std::string file = (folder_ / name).string();
    EXPECT_TRUE(ui::write_recovery_copy(file, copy).ok());
    return file;
  }
  void finish_load() {
    for (int i = 0; i < 3000 && tool_.loading.loader.busy(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ASSERT_FALSE(tool_.loading.loader.busy());
    collect_load(tool_);
  }

  fs::path dir_, folder_;
  std::string walk_;
  Tool tool_;
};

TEST_F(ToolRecovery, OffersCopiesOfEndedProcessesOnly) {
  const std::string left = abandoned_copy("left.json", walk_);
  // This process's own copy (another open animscope, as far as the offer knows).
  ui::RecoveryCopy mine;
  mine.setup = demo_clip_setup();
  mine.model_path = demo::kDemoModelPath;
  mine.writer = ui::this_process();
  ASSERT_TRUE(ui::write_recovery_copy((folder_ / "mine.json").string(), mine).ok());
  find_recovery_offers(tool_);
  ASSERT_EQ(tool_.recovery.offers.size(), 1u);
  EXPECT_EQ(tool_.recovery.offers[0].file, left);
  EXPECT_TRUE(tool_.recovery.show_offer);
}

TEST_F(ToolRecovery, RestoreOpensTheRecoveredChangesUnsavedAndSaveWritesThem) {
  const std::string left = abandoned_copy("left.json", walk_);
  find_recovery_offers(tool_);
  request(tool_, {PendingAction::Kind::kRestore, left});
  finish_load();
  ASSERT_TRUE(tool_.messages.error_title.empty())
      << tool_.messages.error_title << ": " << tool_.messages.error_text;
  ui::Document& doc = *tool_.doc;
  ASSERT_TRUE(doc.has_setup());
  EXPECT_EQ(doc.setup_path(), walk_);
  EXPECT_TRUE(doc.setup_dirty()) << "the changes are unsaved";
  EXPECT_EQ(doc.setup()->default_state, "Run");
  EXPECT_EQ(doc.setup()->states[2].speed, 1.5f);
  EXPECT_NE(doc.state_machine(), nullptr);
  EXPECT_EQ(window_title(tool_), "animscope - walk.json *");
  EXPECT_EQ(tool_.messages.notice.rfind("Restored the unsaved changes of walk.json from ", 0), 0u)
      << tool_.messages.notice;
  EXPECT_TRUE(tool_.recovery.offers.empty());
  // This process took the copy over: the old one is gone, its own holds the same setup.
  EXPECT_FALSE(fs::exists(left));
  ASSERT_TRUE(fs::exists(tool_.recovery.keeper.file()));
  Result<ui::RecoveryCopy> mine = ui::read_recovery_copy(tool_.recovery.keeper.file());
  ASSERT_TRUE(mine.ok()) << mine.error().to_string();
  EXPECT_EQ(mine.value().writer.pid, static_cast<int>(::getpid()));
  EXPECT_EQ(to_json_text(mine.value().setup), to_json_text(*doc.setup()));
  EXPECT_EQ(mine.value().base_mtime_ns, ui::file_mtime_ns(walk_));

  // Save writes the recovered changes to walk.json, and the copy goes.
  ASSERT_TRUE(save_setup(tool_));
  EXPECT_FALSE(doc.setup_dirty());
  Result<setup::Setup> saved = setup::load_setup(walk_);
  ASSERT_TRUE(saved.ok());
  EXPECT_EQ(saved.value().default_state, "Run");
  keep_recovery_copy(tool_, 100.0);
  EXPECT_TRUE(files_in(folder_).empty());
}

TEST_F(ToolRecovery, RestoreOfANewSetupOpensItUnsavedInNoFile) {
  const std::string left = abandoned_copy("left.json", "");
  restore_recovery(tool_, left);
  finish_load();
  ASSERT_TRUE(tool_.doc->has_setup());
  EXPECT_EQ(tool_.doc->setup_path(), "");
  EXPECT_TRUE(tool_.doc->setup_dirty());
  EXPECT_EQ(tool_.doc->setup()->default_state, "Run");
  EXPECT_EQ(window_title(tool_), "animscope - new setup *");
  EXPECT_FALSE(save_setup(tool_)) << "Save asks where first";
  EXPECT_TRUE(tool_.file_dialog.widget.is_open());
}

TEST_F(ToolRecovery, RestoreAsksFirstWhenTheOpenSetupHasUnsavedChanges) {
  const std::string left = abandoned_copy("left.json", walk_);
  tool_.doc->new_setup();  // Unsaved.
  request(tool_, {PendingAction::Kind::kRestore, left});
  EXPECT_TRUE(tool_.messages.ask_unsaved);
  EXPECT_EQ(tool_.messages.pending.kind, PendingAction::Kind::kRestore);
  EXPECT_FALSE(tool_.loading.loader.busy()) << "nothing happens before the answer";
  EXPECT_TRUE(fs::exists(left));
}

TEST_F(ToolRecovery, RestoredSetupWithErrorsIsStillRestored) {
  ui::RecoveryCopy copy;
  copy.setup = demo_clip_setup();
  copy.setup.default_state = "Nowhere";  // Mid-edit: not valid yet.
  copy.setup_path = walk_;
  copy.model_path = demo::kDemoModelPath;
  copy.writer = {dead_pid(), 0, ""};
  const std::string left = (folder_ / "left.json").string();
  ASSERT_TRUE(ui::write_recovery_copy(left, copy).ok());
  restore_recovery(tool_, left);
  finish_load();
  EXPECT_TRUE(tool_.messages.error_title.empty()) << tool_.messages.error_text;
  ASSERT_TRUE(tool_.doc->has_setup());
  EXPECT_EQ(tool_.doc->setup()->default_state, "Nowhere");
  EXPECT_TRUE(tool_.doc->setup_dirty());
  EXPECT_FALSE(tool_.doc->setup_problems().empty());
}

TEST_F(ToolRecovery, DiscardDeletesTheCopy) {
  const std::string left = abandoned_copy("left.json", walk_);
  find_recovery_offers(tool_);
  discard_recovery(tool_, left);
  EXPECT_FALSE(fs::exists(left));
  EXPECT_TRUE(tool_.recovery.offers.empty());
  EXPECT_EQ(tool_.messages.notice.rfind("Discarded the unsaved changes from ", 0), 0u)
      << tool_.messages.notice;
  EXPECT_NE(tool_.messages.notice.find(" of walk.json"), std::string::npos)
      << tool_.messages.notice;
  EXPECT_EQ(tool_.doc->path(), demo::kDemoModelPath) << "nothing opened";
}

TEST_F(ToolRecovery, ACopyGoneMeanwhileIsAnErrorNotACrash) {
  const std::string left = abandoned_copy("left.json", walk_);
  find_recovery_offers(tool_);
  fs::remove(left);  // Restored by another animscope started at the same time.
  restore_recovery(tool_, left);
  EXPECT_FALSE(tool_.loading.loader.busy());
  EXPECT_EQ(tool_.messages.error_title, "Could not restore the unsaved changes");
  EXPECT_NE(tool_.messages.error_text.find("another animscope"), std::string::npos)
      << tool_.messages.error_text;
  EXPECT_TRUE(tool_.recovery.offers.empty());
}

TEST_F(ToolRecovery, AMissingModelKeepsTheCopyAndTheOpenDocument) {
  ui::RecoveryCopy copy;
  copy.setup = demo_clip_setup();
  copy.setup.model = (dir_ / "gone.bvh").string();
  copy.setup_path = walk_;
  copy.model_path = (dir_ / "gone.bvh").string();
  copy.writer = {dead_pid(), 0, ""};
  const std::string left = (folder_ / "left.json").string();
  ASSERT_TRUE(ui::write_recovery_copy(left, copy).ok());
  restore_recovery(tool_, left);
  finish_load();
  EXPECT_EQ(tool_.messages.error_title, "Could not open walk.json");
  EXPECT_NE(tool_.messages.error_text.find("is kept"), std::string::npos)
      << tool_.messages.error_text;
  EXPECT_TRUE(fs::exists(left));
  EXPECT_EQ(tool_.doc->path(), demo::kDemoModelPath);
}

TEST_F(ToolRecovery, EditsGetACopyThatACleanExitRemoves) {
  open_path(tool_, walk_);
  finish_load();
  ASSERT_EQ(tool_.doc->setup_path(), walk_);
  keep_recovery_copy(tool_, 0.0);
  setup::Setup edited = *tool_.doc->setup();
  edited.default_state = "Walk";
  tool_.doc->edit_setup(edited, "set the default state");
  keep_recovery_copy(tool_, 1.0);
  EXPECT_TRUE(files_in(folder_).empty());
  keep_recovery_copy(tool_, 4.0);
  ASSERT_EQ(files_in(folder_).size(), 1u);
  tool_.recovery.keeper.remove_copy();
  EXPECT_TRUE(files_in(folder_).empty());
}

// A failed assertion while the tool is guarded (gui/crash_guard.h): the unsaved edit is written
// at once, before the 3 s a copy otherwise waits, then the report names the assertion and the
// recent actions, then the process aborts. Run in a death test's child; the copy outlives it.
TEST_F(ToolRecovery, AFailedAssertionKeepsTheEditFirstThenReportsAndAborts) {
  // Forked, not run again: the child writes into this test's folder (named by this process).
  GTEST_FLAG_SET(death_test_style, "fast");
  open_path(tool_, walk_);
  finish_load();
  ASSERT_EQ(tool_.doc->setup_path(), walk_);
  setup::Setup edited = *tool_.doc->setup();
  edited.default_state = "Run";
  tool_.doc->edit_setup(edited, "set the default state");
  keep_recovery_copy(tool_, 0.0);
  ASSERT_TRUE(files_in(folder_).empty()) << "a copy waits 3 s after an edit";
  RecentActions actions;
  actions.add("key Ctrl+S");
  actions.add("left click at 10,20 over \"Save setup\"");
  EXPECT_DEATH(
      {
        const AssertionGuard guard(tool_, actions);
        assertion_failed("table->IsLayoutLocked", "imgui_tables.cpp", 1029, "TableUpdateLayout");
      },
      "kept the unsaved changes of walk.json in .*\\(the next start offers them\\)\n"
      "assertion failed: table->IsLayoutLocked \\(imgui_tables.cpp:1029, TableUpdateLayout\\)\n"
      "the last 2 user actions before it, oldest first:\n"
      "  key Ctrl\\+S\n"
      "  left click at 10,20 over \"Save setup\"");
  const std::vector<std::string> left = files_in(folder_);
  ASSERT_EQ(left.size(), 1u) << "the copy the failing process wrote";
  Result<ui::RecoveryCopy> copy = ui::read_recovery_copy((folder_ / left[0]).string());
  ASSERT_TRUE(copy.ok()) << copy.error().to_string();
  EXPECT_EQ(copy.value().setup.default_state, "Run");
  EXPECT_EQ(copy.value().setup_path, walk_);
}

TEST_F(ToolRecovery, WithoutAGuardAnAssertionAbortsAtOnceAndWritesNothing) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  open_path(tool_, walk_);
  finish_load();
  setup::Setup edited = *tool_.doc->setup();
  edited.default_state = "Run";
  tool_.doc->edit_setup(edited, "set the default state");
  EXPECT_DEATH(assertion_failed("x", "f.cpp", 1, "g"), "assertion failed: x \\(f.cpp:1\\)");
  EXPECT_TRUE(files_in(folder_).empty());
}

TEST(RecentActions, KeepsTheNewestInOrder) {
  RecentActions actions;
  EXPECT_TRUE(actions.lines().empty());
  for (std::size_t i = 0; i < RecentActions::kCapacity + 5; ++i) {
    actions.add("action " + std::to_string(i));
  }
  const std::vector<std::string> lines = actions.lines();
  ASSERT_EQ(lines.size(), RecentActions::kCapacity);
  EXPECT_EQ(lines.front(), "action 5");
  EXPECT_EQ(lines.back(), "action " + std::to_string(RecentActions::kCapacity + 4));
  EXPECT_EQ(assertion_report("a", "b.cpp", 3, "", {}),
            "assertion failed: a (b.cpp:3)\nno user action came before it\n");
}

}  // namespace
}  // namespace anim::app
