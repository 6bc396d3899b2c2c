// The tool's background loader: results, errors, cancellation and replacement, on real files.
#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <string>
#include <thread>

#include "gui/model_loader.h"

namespace anim::app {
namespace {

const std::string kWuson = std::string(ANIMSCOPE_ASSIMP_MODELS) + "/X/Testwuson.X";

// Waits (polling, as the UI does every frame) until the load is done and takes its result.
std::optional<Result<ModelLoader::Loaded>> wait_for(ModelLoader& loader) {
  for (int i = 0; i < 6000 && loader.busy(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return loader.take();
}

TEST(ModelLoader, LoadsAModelOnceAndReportsFullProgress) {
  ModelLoader loader;
  loader.start(kWuson);
  EXPECT_EQ(loader.path(), kWuson);
  std::optional<Result<ModelLoader::Loaded>> result = wait_for(loader);
  ASSERT_TRUE(result.has_value());
  ASSERT_TRUE(result->ok()) << result->error().to_string();
  EXPECT_EQ(result->value().model.skeleton.joint_count(), 40u);  // Testwuson.X's node count.
  EXPECT_EQ(result->value().model_path, kWuson);
  EXPECT_FALSE(result->value().setup.has_value());
  EXPECT_FLOAT_EQ(loader.progress(), 1.0f);
  EXPECT_EQ(loader.elapsed(), 0.0f) << "idle";
  EXPECT_FALSE(loader.cancelling());
  EXPECT_FALSE(loader.take().has_value()) << "a result is handed out once";
}

TEST(ModelLoader, ASetupBringsTheModelItNames) {
  ModelLoader loader;
  const std::string setup = std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/wuson_locomotion.json";
  loader.start(setup);
  std::optional<Result<ModelLoader::Loaded>> result = wait_for(loader);
  ASSERT_TRUE(result.has_value());
  ASSERT_TRUE(result->ok()) << result->error().to_string();
  const ModelLoader::Loaded& loaded = result->value();
  ASSERT_TRUE(loaded.setup.has_value());
  EXPECT_EQ(loaded.setup->default_state, "Idle");
  EXPECT_EQ(loaded.setup_path, setup);
  EXPECT_EQ(loaded.model_path, kWuson);
  EXPECT_GE(loaded.model.find_clip("Wuson_Walk"), 0);
}

TEST(ModelLoader, BrokenFileIsAnErrorNamingIt) {
  ModelLoader loader;
  const std::string broken = std::string(ANIMSCOPE_ASSIMP_MODELS) + "/invalid/empty.x";
  loader.start(broken);
  std::optional<Result<ModelLoader::Loaded>> result = wait_for(loader);
  ASSERT_TRUE(result.has_value());
  ASSERT_FALSE(result->ok());
  EXPECT_NE(result->error().to_string().find("empty.x"), std::string::npos)
      << result->error().to_string();
}

TEST(ModelLoader, CancelledLoadEndsWithACancelledError) {
  ModelLoader loader;
  loader.start(kWuson);
  loader.cancel();  // Long before the load's last progress report.
  EXPECT_TRUE(loader.cancelling() || !loader.busy());
  std::optional<Result<ModelLoader::Loaded>> result = wait_for(loader);
  ASSERT_TRUE(result.has_value());
  ASSERT_FALSE(result->ok());
  EXPECT_EQ(result->error().code, Error::Code::kCancelled);
}

TEST(ModelLoader, StartingAnotherLoadReplacesTheRunningOne) {
  ModelLoader loader;
  loader.start(kWuson);
  loader.start("builtin:demo");
  std::optional<Result<ModelLoader::Loaded>> result = wait_for(loader);
  ASSERT_TRUE(result.has_value());
  ASSERT_TRUE(result->ok()) << result->error().to_string();
  EXPECT_EQ(result->value().model_path, "builtin:demo");
  EXPECT_EQ(result->value().model.skeleton.joint_count(), 21u);  // The demo rig.
  EXPECT_FALSE(loader.take().has_value()) << "the replaced load left nothing behind";
}

}  // namespace
}  // namespace anim::app
