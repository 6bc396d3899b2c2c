// Where the tool's file dialogs start, and that no file-system call on the UI thread throws
// when the working folder has been deleted under the tool (std::filesystem::current_path()
// throws then).
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "anim/demo/demo_model.h"
#include "gui/setup_actions.h"
#include "gui/tool.h"
#include "support/folders.h"

namespace anim::app {
namespace {

namespace fs = std::filesystem;

const std::string kWuson = ANIMSCOPE_ASSIMP_MODELS "/X/Testwuson.X";

class ToolPaths : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = testutil::TestFolderPath("tool_paths");
    fs::create_directories(root_ / "home");
    fs::create_directories(root_ / "work");
    previous_cwd_ = fs::current_path();
    const char* home = std::getenv("HOME");
    previous_home_ = home ? home : "";
    ::setenv("HOME", (root_ / "home").c_str(), 1);
    tool_.doc = std::make_unique<ui::Document>(demo::make_demo_model(), demo::kDemoModelPath);
  }
  void TearDown() override {
    fs::current_path(previous_cwd_);
    ::setenv("HOME", previous_home_.c_str(), 1);
    fs::remove_all(root_);
  }
  // Makes the working folder one that no longer exists.
  void lose_working_folder() {
    fs::current_path(root_ / "work");
    fs::remove(root_ / "work");
    std::error_code ec;
    const fs::path gone = fs::current_path(ec);
    ASSERT_TRUE(ec) << gone << "getcwd still works in a deleted folder here";
  }

  fs::path root_;
  fs::path previous_cwd_;
  std::string previous_home_;
  Tool tool_;
};

TEST_F(ToolPaths, DialogsStartInTheModelsFolderElseTheWorkingFolder) {
  fs::current_path(root_ / "work");
  EXPECT_EQ(dialog_start_folder(tool_), (root_ / "work").string());  // The demo has no folder.
  tool_.doc = std::make_unique<ui::Document>(demo::make_demo_model(), kWuson);
  EXPECT_EQ(dialog_start_folder(tool_), ANIMSCOPE_ASSIMP_MODELS "/X");
}

TEST_F(ToolPaths, WithoutAWorkingFolderDialogsStartAtHome) {
  lose_working_folder();
  EXPECT_EQ(dialog_start_folder(tool_), (root_ / "home").string());
  EXPECT_NO_THROW(open_file_dialog(tool_));
  EXPECT_TRUE(tool_.file_dialog.widget.is_open());
  EXPECT_EQ(tool_.file_dialog.widget.directory(), (root_ / "home").string());
  EXPECT_NO_THROW(open_add_animations_dialog(tool_));
  EXPECT_EQ(tool_.file_dialog.widget.directory(), (root_ / "home").string());
  // A model opened by a relative path cannot be made absolute now: home again.
  tool_.doc = std::make_unique<ui::Document>(demo::make_demo_model(), "models/hero.fbx");
  EXPECT_EQ(dialog_start_folder(tool_), (root_ / "home").string());
  // A new setup's Save As suggests a name there too.
  tool_.doc = std::make_unique<ui::Document>(demo::make_demo_model(), demo::kDemoModelPath);
  tool_.doc->new_setup();
  EXPECT_NO_THROW(save_setup_as(tool_));
  EXPECT_TRUE(tool_.file_dialog.widget.is_open());
  EXPECT_EQ(tool_.file_dialog.widget.directory(), (root_ / "home").string());
}

// Save setup as for a setup without a file: not the model's folder (a system folder for shared
// models) but the last setup's folder, else the working folder; a saved setup at its own file.
TEST_F(ToolPaths, SaveSetupAsStartsInTheLastSetupsFolderElseTheWorkingFolder) {
  fs::current_path(root_ / "work");
  tool_.doc = std::make_unique<ui::Document>(demo::make_demo_model(), kWuson);
  tool_.doc->new_setup();
  save_setup_as(tool_);
  EXPECT_EQ(tool_.file_dialog.widget.directory(), (root_ / "work").string());
  // A setup used before (newest first in the recent files; models do not count).
  fs::create_directories(root_ / "setups");
  tool_.settings.recent.add((root_ / "setups" / "walk.json").string());
  tool_.settings.recent.add(kWuson);
  EXPECT_EQ(last_setup_folder(tool_), (root_ / "setups").string());
  save_setup_as(tool_);
  EXPECT_EQ(tool_.file_dialog.widget.directory(), (root_ / "setups").string());
  // A recent setup whose folder is gone does not count.
  tool_.settings.recent.add((root_ / "gone" / "old.json").string());
  EXPECT_EQ(last_setup_folder(tool_), (root_ / "setups").string());
}

}  // namespace
}  // namespace anim::app
