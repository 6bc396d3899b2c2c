#pragma once
// A hand-built character that walks: joint 0 ("root") moves 2 units along x per one-second loop
// of its clip "Walk" (keys every 0.25 s), joint 1 ("tip") never moves; each joint skins one
// vertex of a small triangle. Its setup plays Walk in a loop with root motion on "root" (no
// turn) and an event "step" at 0.5 s. So after n updates of 1/60 s the character stands 2n/60
// along x.
#include <string>

#include <gtest/gtest.h>

#include "anim/model.h"
#include "anim/setup/setup.h"
#include "support/clips.h"
#include "support/meshes.h"
#include "support/rigs.h"

namespace anim::testutil {

constexpr float kWalkerSpeed = 2.0f;  // Units along x per second.

inline Model WalkerModel() {
  Model model = ModelOf("test://walker", ChainRig({"root", "tip"}));
  model.skin.joints = {0, 1};
  model.skin.inverse_bind = {glm::mat4(1.0f), glm::mat4(1.0f)};
  SetMesh(model,
          {SkinnedVertex(glm::vec3(-0.2f, 0.0f, 0.0f), {{0, 1.0f}}),
           SkinnedVertex(glm::vec3(0.2f, 0.0f, 0.0f), {{0, 1.0f}}),
           SkinnedVertex(glm::vec3(0.0f, 1.0f, 0.0f), {{1, 1.0f}})},
          {0, 1, 2}, "body");
  model.max_influences = 1;
  ClipBuilder walk("Walk", 1.0f, 2);
  for (int k = 0; k <= 4; ++k) {
    const float t = 0.25f * static_cast<float>(k);
    walk.add_translation(0, t, glm::vec3(kWalkerSpeed * t, 0.0f, 0.0f));
  }
  model.clips.push_back(walk.build());
  return model;
}

// The walker's setup; `motion` is what its one state plays (a name the model lacks is an
// error at /states/0/motion).
inline setup::Setup WalkerSetup(const std::string& motion = "Walk") {
  Result<setup::Setup> setup = setup::parse_setup(R"({"format": "animscope.setup", "version": 3,
    "model": "test://walker", "root_motion": {"joint": "root", "rotation": "none"},
    "parameters": [], "blend_spaces": [],
    "states": [{"name": "Walk", "motion": ")" + motion + R"(", "speed": 1, "loop": true}],
    "events": [{"clip": "Walk", "time": 0.5, "name": "step"}],
    "default_state": "Walk", "transitions": [], "editor": {}})",
                                    "walker.json");
  EXPECT_TRUE(setup.ok()) << setup.error().to_string();
  return std::move(setup).value();
}

}  // namespace anim::testutil
