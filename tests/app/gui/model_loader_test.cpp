// The tool's background loader: results, errors, cancellation and replacement, on real files.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "gui/model_loader.h"
#include "support/bvh_take.h"
#include "support/folders.h"

namespace anim::app {
namespace {

using test_support::write_bvh_take;

const std::string kWuson = std::string(ANIMSCOPE_ASSIMP_MODELS) + "/X/Testwuson.X";

// Waits (polling, as the UI does every frame) until the load is done and takes its result.
template <class T>
std::optional<Result<T>> wait_for(BackgroundJob<T>& loader) {
  for (int i = 0; i < 6000 && loader.busy(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return loader.take();
}

// Starts opening `path` and waits for its result.
std::optional<Result<OpenedFile>> open_and_wait(ModelLoader& loader, const std::string& path) {
  start_open(loader, path);
  return wait_for(loader);
}

TEST(ModelLoader, LoadsAModelOnceAndReportsFullProgress) {
  ModelLoader loader;
  start_open(loader, kWuson);
  EXPECT_EQ(loader.label(), kWuson);
  std::optional<Result<OpenedFile>> result = wait_for(loader);
  ASSERT_TRUE(result.has_value());
  ASSERT_TRUE(result->ok()) << result->error().to_string();
  EXPECT_EQ(result->value().input.model.skeleton.joint_count(), 40u);  // Testwuson.X's node count.
  EXPECT_EQ(result->value().input.model_path, kWuson);
  EXPECT_FALSE(result->value().input.setup.has_value());
  EXPECT_FLOAT_EQ(loader.progress(), 1.0f);
  EXPECT_EQ(loader.elapsed(), 0.0f) << "idle";
  EXPECT_FALSE(loader.cancelling());
  EXPECT_FALSE(loader.take().has_value()) << "a result is handed out once";
}

TEST(ModelLoader, ASetupBringsTheModelItNames) {
  ModelLoader loader;
  const std::string setup = std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/wuson_locomotion.json";
  std::optional<Result<OpenedFile>> result = open_and_wait(loader, setup);
  ASSERT_TRUE(result.has_value());
  ASSERT_TRUE(result->ok()) << result->error().to_string();
  const LoadedInput& loaded = result->value().input;
  ASSERT_TRUE(loaded.setup.has_value());
  EXPECT_EQ(loaded.setup->default_state, "Idle");
  EXPECT_EQ(loaded.setup_path, setup);
  EXPECT_EQ(loaded.model_path, kWuson);
  EXPECT_GE(loaded.model.find_clip("Wuson_Walk"), 0);
}

TEST(ModelLoader, BrokenFileIsAnErrorNamingIt) {
  ModelLoader loader;
  const std::string broken = std::string(ANIMSCOPE_ASSIMP_MODELS) + "/invalid/empty.x";
  std::optional<Result<OpenedFile>> result = open_and_wait(loader, broken);
  ASSERT_TRUE(result.has_value());
  ASSERT_FALSE(result->ok());
  EXPECT_NE(result->error().to_string().find("empty.x"), std::string::npos)
      << result->error().to_string();
}

TEST(ModelLoader, CancelledLoadEndsWithACancelledError) {
  ModelLoader loader;
  start_open(loader, kWuson);
  loader.cancel();  // Long before the load's last progress report.
  EXPECT_TRUE(loader.cancelling() || !loader.busy());
  std::optional<Result<OpenedFile>> result = wait_for(loader);
  ASSERT_TRUE(result.has_value());
  ASSERT_FALSE(result->ok());
  EXPECT_EQ(result->error().code, Error::Code::kCancelled);
}

TEST(ModelLoader, StartingAnotherLoadReplacesTheRunningOne) {
  ModelLoader loader;
  start_open(loader, kWuson);
  start_open(loader, "builtin:demo");
  std::optional<Result<OpenedFile>> result = wait_for(loader);
  ASSERT_TRUE(result.has_value());
  ASSERT_TRUE(result->ok()) << result->error().to_string();
  EXPECT_EQ(result->value().input.model_path, "builtin:demo");
  EXPECT_EQ(result->value().input.model.skeleton.joint_count(), 21u);  // The demo rig.
  EXPECT_FALSE(loader.take().has_value()) << "the replaced load left nothing behind";
}

// An exception thrown by the work would end the tool from the worker thread; it is an error
// naming the job instead, and the job can run again.
TEST(BackgroundJobTest, AnExceptionFromTheWorkIsAnErrorNamingTheJob) {
  BackgroundJob<int> job;
  const struct {
    std::function<Result<int>(const import::ProgressCallback&)> work;
    const char* message;
  } cases[] = {
      {[](const import::ProgressCallback&) -> Result<int> { throw std::runtime_error("boom"); },
       "broken.fbx: unexpected error: boom"},
      {[](const import::ProgressCallback&) -> Result<int> { throw std::bad_alloc(); },
       "broken.fbx: ran out of memory while loading"},
      {[](const import::ProgressCallback&) -> Result<int> { throw 42; },
       "broken.fbx: unexpected error of unknown kind"},
  };
  for (const auto& c : cases) {
    job.start("broken.fbx", c.work);
    std::optional<Result<int>> result = wait_for(job);
    ASSERT_TRUE(result.has_value());
    ASSERT_FALSE(result->ok());
    EXPECT_EQ(result->error().to_string(), c.message);
  }
  job.start("fine", [](const import::ProgressCallback& progress) -> Result<int> {
    progress(1.0f);
    return 7;
  });
  std::optional<Result<int>> result = wait_for(job);
  ASSERT_TRUE(result.has_value() && result->ok());
  EXPECT_EQ(result->value(), 7);
}

class LoaderFiles : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = testutil::FreshTestFolder("loader"); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(LoaderFiles, AModelBringsItsUnityStyleClipFiles) {
  const std::string hero = write_bvh_take((dir_ / "Hero.bvh").string(), 0);
  write_bvh_take((dir_ / "Hero@Bend.bvh").string(), 40);
  write_bvh_take((dir_ / "Hero@Twist.bvh").string(), -30);
  write_bvh_take((dir_ / "Other@Walk.bvh").string(), 10);
  ModelLoader loader;
  std::optional<Result<OpenedFile>> result = open_and_wait(loader, hero);
  ASSERT_TRUE(result.has_value());
  ASSERT_TRUE(result->ok()) << result->error().to_string();
  const OpenedFile& opened = result->value();
  EXPECT_EQ(opened.companions, (std::vector<std::string>{(dir_ / "Hero@Bend.bvh").string(),
                                                         (dir_ / "Hero@Twist.bvh").string()}));
  const Model& model = opened.input.model;
  ASSERT_EQ(model.clips.size(), 3u);  // The file's own take, then Bend and Twist.
  EXPECT_EQ(model.clips[1].name, "Bend");
  EXPECT_EQ(model.clips[2].name, "Twist");
  ASSERT_NE(model.clip_source(1), nullptr);
  EXPECT_EQ(model.clip_source(1)->file, (dir_ / "Hero@Bend.bvh").string());
  EXPECT_TRUE(opened.input.problems.empty());
}

TEST_F(LoaderFiles, ClipFilesLoadForTheOpenModelAndReportBrokenOnes) {
  ModelLoader opener;
  start_open(opener, write_bvh_take((dir_ / "Hero.bvh").string(), 0));
  std::optional<Result<OpenedFile>> opened = wait_for(opener);
  ASSERT_TRUE(opened && opened->ok());
  const Model& model = opened->value().input.model;
  std::ofstream(dir_ / "broken.bvh") << "HIERARCHY\n";
  ClipFilesLoader loader;
  start_clip_files(loader, model.skeleton, model.clips,
                   plain_animation_files({write_bvh_take((dir_ / "Lean.bvh").string(), 15),
                                          (dir_ / "broken.bvh").string()}));
  EXPECT_EQ(loader.label(), "2 clip files");
  std::optional<Result<LoadedClipFiles>> result = wait_for(loader);
  ASSERT_TRUE(result.has_value());
  ASSERT_TRUE(result->ok()) << result->error().to_string();
  const LoadedClipFiles& loaded = result->value();
  ASSERT_EQ(loaded.files.size(), 2u);
  ASSERT_EQ(loaded.set.clips.size(), 1u);
  EXPECT_EQ(loaded.set.clips[0].name, "Lean");
  ASSERT_EQ(loaded.set.diagnostics.size(), 1u);
  EXPECT_NE(loaded.set.diagnostics[0].message.find("broken.bvh"), std::string::npos);
  EXPECT_EQ(loaded.set.files[1].read, false);
}

}  // namespace
}  // namespace anim::app
