// The importer's libraries (anim_clip_files, anim_import) need no JSON: this suite includes all
// their headers with nlohmann/json.hpp replaced by one that stops the build (no_json/), and links
// anim_import alone, whose link interface CMake checks has no nlohmann_json in it
// (tests/import/CMakeLists.txt). The test below uses the headers so the check is not vacuous.
#include <gtest/gtest.h>

#include "anim/import/animation_files.h"
#include "anim/import/clip_retarget.h"
#include "anim/import/import_model.h"
#include "anim/import/joint_binding.h"
#include "anim/import/model_reader.h"

namespace anim::import {
namespace {

TEST(ImportWithoutJson, ClipFileNamesComeFromTheFileName) {
  EXPECT_EQ(default_clip_name("models/Hero@Walk.fbx", "mixamo.com", 1), "Walk");
  EXPECT_EQ(default_clip_name("take_07.bvh", "Take 001", 1), "take_07");
  EXPECT_EQ(default_clip_name("moves.fbx", "Jump", 2), "moves/Jump");
  const AnimationFile a{"a.bvh", "", std::nullopt, std::nullopt, {}};
  AnimationFile b = a;
  EXPECT_TRUE(a == b);
  b.alias = "Run";
  EXPECT_TRUE(a != b);
}

}  // namespace
}  // namespace anim::import
