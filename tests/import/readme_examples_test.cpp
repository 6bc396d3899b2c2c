// The README's two code examples, as a game would write them, run on the files they name: if
// the API they show changes, this stops compiling; if they stop working, this fails.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include <glm/mat4x4.hpp>

#include "anim/import/import_model.h"
#include "anim/local_to_model.h"
#include "anim/player.h"
#include "anim/setup/setup.h"
#include "anim/skinning_palette.h"
#include "anim/state_machine.h"

namespace {

const std::string kWuson = std::string(ANIMSCOPE_ASSIMP_MODELS) + "/X/Testwuson.X";

bool AllFinite(const std::vector<glm::mat4>& matrices) {
  for (const glm::mat4& m : matrices) {
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) {
        if (!std::isfinite(m[c][r])) return false;
      }
    }
  }
  return true;
}

TEST(ReadmeExamples, PlayerLoopBuildsAPaletteThatFollowsTheClip) {
  anim::Result<anim::Model> loaded = anim::import::import_model(kWuson);
  ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
  const anim::Model& model = loaded.value();

  anim::Player player(model.skeleton, model.clips);
  ASSERT_TRUE(player.play("Wuson_Walk", /*loop=*/true));
  std::vector<glm::mat4> model_space(model.skeleton.joint_count()), palette(model.skin.size());

  std::vector<glm::mat4> first;
  for (int frame = 0; frame < 30; ++frame) {
    player.update(1.0f / 30.0f);
    anim::LocalToModelJob to_model{model.skeleton.parents, player.pose(), glm::mat4(1.0f),
                                   model_space};
    ASSERT_TRUE(to_model.run());
    anim::SkinningPaletteJob skinning{model_space, model.skin.joints, model.skin.inverse_bind,
                                      palette};
    ASSERT_TRUE(skinning.run());
    if (frame == 0) first = palette;
  }
  EXPECT_TRUE(AllFinite(palette));
  EXPECT_NE(palette, first) << "a second of walking moves the skin";

  ASSERT_TRUE(player.crossfade("Wuson_Run", {0.3f, anim::FadeCurve::kSmoothstep}));
  EXPECT_TRUE(player.fading());

  // The global inverse transform: joint 0 (the scene root) becomes the identity.
  anim::LocalToModelJob to_model{model.skeleton.parents, player.pose(), glm::mat4(1.0f),
                                 model_space};
  to_model.root = glm::inverse(anim::to_matrix(model.skeleton.rest[0]));
  ASSERT_TRUE(to_model.run());
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      EXPECT_NEAR(model_space[0][c][r], c == r ? 1.0f : 0.0f, 1e-5f) << c << "," << r;
    }
  }
}

TEST(ReadmeExamples, StateMachineLoopStartsWalkingWhenSpeedRises) {
  anim::Result<anim::Model> loaded = anim::import::import_model(kWuson);
  ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
  const anim::Model& model = loaded.value();

  anim::Result<anim::setup::Setup> setup = anim::setup::load_setup(
      std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/wuson_locomotion.json");
  ASSERT_TRUE(setup.ok()) << setup.error().to_string();
  anim::Result<anim::StateMachineDef> def = anim::setup::compile_setup(setup.value(), model.clips);
  ASSERT_TRUE(def.ok()) << def.error().to_string();
  anim::StateMachineInstance sm(def.value(), model.skeleton, model.clips);
  std::vector<anim::Transform> local_pose(model.skeleton.joint_count());

  const float stick_magnitude = 0.8f;
  for (int frame = 0; frame < 120; ++frame) {
    ASSERT_TRUE(sm.set_float("speed", stick_magnitude));
    sm.update(1.0f / 60.0f);
    ASSERT_TRUE(sm.evaluate(local_pose));
  }
  EXPECT_EQ(def.value().states[sm.current_state()].name, "Locomotion");
}

}  // namespace
