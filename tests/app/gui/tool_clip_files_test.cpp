// The tool's clip-file actions without a window: opening a model with its Unity-style clip
// files, files dropped on the window, loading what the document asks for, and noticing files
// changed on disk. Small BVH takes written at test time stand in for a character's files.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "anim/demo/demo_model.h"
#include "gui/setup_actions.h"
#include "gui/tool.h"
#include "support/bvh_take.h"
#include "support/folders.h"

namespace anim::app {
namespace {

namespace fs = std::filesystem;
using test_support::write_bvh_take;

template <class Job>
void wait(Job& job) {
  for (int i = 0; i < 3000 && job.busy(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_FALSE(job.busy());
}

class ToolClipFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testutil::FreshTestFolder("tool");
    tool_.doc = std::make_unique<ui::Document>(demo::make_demo_model(), demo::kDemoModelPath);
    hero_ = write_bvh_take((dir_ / "Hero.bvh").string(), 0);
    write_bvh_take((dir_ / "Hero@Bend.bvh").string(), 40);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Opens the hero as the user would, and lets the load finish.
  void open_hero() {
    open_path(tool_, hero_);
    wait(tool_.loading.loader);
    collect_load(tool_);
    ASSERT_EQ(tool_.doc->path(), hero_);
  }
  // One frame's worth of clip-file work, after the background jobs finish.
  void settle() {
    for (int i = 0; i < 4; ++i) {
      handle_drops(tool_);
      sync_clip_files(tool_, 0.0f);
      wait(tool_.loading.drop_probe);
      wait(tool_.loading.clip_loader);
    }
  }
  std::vector<std::string> clip_names() const {
    std::vector<std::string> names;
    for (const Clip& c : tool_.doc->model().clips) names.push_back(c.name);
    return names;
  }

  fs::path dir_;
  std::string hero_;
  Tool tool_;
};

TEST_F(ToolClipFiles, OpeningAModelBringsItsAtFilesAndSaysSo) {
  open_hero();
  EXPECT_EQ(clip_names(), (std::vector<std::string>{"Motion", "Bend"}));
  EXPECT_EQ(tool_.messages.notice, "Also loaded 1 clip file beside Hero.bvh: Hero@Bend.bvh");
  settle();
  EXPECT_EQ(clip_names(), (std::vector<std::string>{"Motion", "Bend"})) << "nothing to reload";
}

TEST_F(ToolClipFiles, DroppedClipFilesAreAddedAndLoaded) {
  open_hero();
  tool_.loading.dropped = {write_bvh_take((dir_ / "Lean.bvh").string(), -20)};
  settle();
  EXPECT_EQ(clip_names(), (std::vector<std::string>{"Motion", "Bend", "Lean"}));
  EXPECT_EQ(tool_.messages.notice, "Added clip files: Lean.bvh");
  EXPECT_TRUE(tool_.messages.error_title.empty()) << tool_.messages.error_text;
}

TEST_F(ToolClipFiles, ABrokenDroppedFileIsReportedWithWhy) {
  open_hero();
  std::ofstream(dir_ / "broken.bvh") << "HIERARCHY\n";
  tool_.loading.dropped = {(dir_ / "broken.bvh").string(),
                           write_bvh_take((dir_ / "Lean.bvh").string(), 5)};
  settle();
  EXPECT_EQ(clip_names(), (std::vector<std::string>{"Motion", "Bend", "Lean"}));
  EXPECT_EQ(tool_.messages.error_title, "Could not add broken.bvh");
  EXPECT_NE(tool_.messages.error_text.find("cannot load"), std::string::npos)
      << tool_.messages.error_text;
}

TEST_F(ToolClipFiles, FilesDroppedOnADocumentThatWasReplacedAreNotAddedToTheNewOne) {
  open_hero();
  tool_.loading.dropped = {write_bvh_take((dir_ / "Lean.bvh").string(), 5)};
  handle_drops(tool_);  // The probe runs for the hero...
  open_path(tool_, write_bvh_take((dir_ / "Other.bvh").string(), 0));
  wait(tool_.loading.loader);
  collect_load(tool_);  // ...but another file is open when it ends.
  wait(tool_.loading.drop_probe);
  handle_drops(tool_);
  EXPECT_EQ(clip_names(), std::vector<std::string>{"Motion"});
  EXPECT_TRUE(tool_.doc->clip_file_entries().empty());
}

TEST_F(ToolClipFiles, ADroppedModelThatBindsToNothingOpensInstead) {
  open_hero();
  const std::string wuson = std::string(ANIMSCOPE_ASSIMP_MODELS) + "/X/Testwuson.X";
  tool_.loading.dropped = {wuson};
  handle_drops(tool_);
  wait(tool_.loading.drop_probe);
  handle_drops(tool_);
  EXPECT_EQ(tool_.loading.loader.label(), wuson) << "opened as a model";
  wait(tool_.loading.loader);
  collect_load(tool_);
  EXPECT_EQ(tool_.doc->path(), wuson);
}

TEST_F(ToolClipFiles, WithUnsavedSetupChangesADroppedModelAsksFirst) {
  open_hero();
  tool_.doc->new_setup();  // Unsaved.
  tool_.loading.dropped = {std::string(ANIMSCOPE_ASSIMP_MODELS) + "/X/Testwuson.X"};
  handle_drops(tool_);
  wait(tool_.loading.drop_probe);
  handle_drops(tool_);
  EXPECT_TRUE(tool_.messages.ask_unsaved);
  EXPECT_EQ(tool_.messages.pending.kind, PendingAction::Kind::kOpen);
  EXPECT_FALSE(tool_.loading.loader.busy());
}

TEST_F(ToolClipFiles, AddedFilesBecomeSetupEntriesAndABrokenOneIsReportedByName) {
  open_hero();
  tool_.doc->new_setup();
  std::ofstream(dir_ / "broken.bvh") << "HIERARCHY\n";
  tool_.doc->add_clip_files(
      {write_bvh_take((dir_ / "Lean.bvh").string(), 15), (dir_ / "broken.bvh").string()});
  settle();
  EXPECT_EQ(clip_names(), (std::vector<std::string>{"Motion", "Bend", "Lean"}));
  EXPECT_EQ(tool_.doc->setup()->animations.size(), 3u);
  EXPECT_EQ(tool_.messages.error_title, "Some clip files could not be used");
  EXPECT_NE(tool_.messages.error_text.find("/animations/2/file"), std::string::npos)
      << tool_.messages.error_text;
  EXPECT_NE(tool_.messages.error_text.find("broken.bvh"), std::string::npos)
      << tool_.messages.error_text;
}

TEST_F(ToolClipFiles, AFileChangedOnDiskIsOfferedForReload) {
  open_hero();
  settle();
  const fs::path bend = dir_ / "Hero@Bend.bvh";
  write_bvh_take(bend.string(), 80);
  fs::last_write_time(bend, fs::last_write_time(bend) + std::chrono::seconds(5));
  sync_clip_files(tool_, 0.5f);
  EXPECT_TRUE(tool_.doc->changed_clip_files().empty()) << "checked once a second";
  sync_clip_files(tool_, 0.6f);
  EXPECT_EQ(tool_.doc->changed_clip_files(), std::vector<std::string>{bend.string()});
  tool_.doc->request_clip_file_reload();
  settle();
  EXPECT_TRUE(tool_.doc->changed_clip_files().empty());
  EXPECT_EQ(clip_names(), (std::vector<std::string>{"Motion", "Bend"}));
}

}  // namespace
}  // namespace anim::app
