// Root motion in the tool's Document (issue 25): with View > Root motion "In the world" the
// character's place accumulates what each update moved it; rewinding puts the character back
// where it stood at the rewound frame, playing on goes on from there, and Live returns to the
// newest place. On a hand-built model whose root walks 2 units along x per one-second loop, so
// the place after n frames of 1/60 s is 2n/60 along x.
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "anim/setup.h"
#include "anim/ui/document.h"
#include "support/meshes.h"
#include "support/rigs.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

constexpr float kDt = 1.0f / 60.0f;
constexpr float kSpeed = 2.0f;  // Units along x per second.

Model walker() {
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
    walk.add_translation(0, t, glm::vec3(kSpeed * t, 0.0f, 0.0f));
  }
  model.clips.push_back(walk.build());
  return model;
}

std::unique_ptr<Document> open_walker() {
  auto doc = std::make_unique<Document>(walker(), "test://walker");
  Result<Setup> setup = parse_setup(R"({"format": "animscope.setup", "version": 3,
    "model": "test://walker", "root_motion": {"joint": "root", "rotation": "none"},
    "parameters": [], "blend_spaces": [],
    "states": [{"name": "Walk", "motion": "Walk", "speed": 1, "loop": true}],
    "default_state": "Walk", "transitions": [], "editor": {}})",
                                    "walker.json");
  EXPECT_TRUE(setup.ok()) << setup.error().to_string();
  const Status attached = doc->attach_setup(std::move(setup).value(), "walker.json");
  EXPECT_TRUE(attached.ok()) << attached.error().to_string();
  doc->set_root_motion_in_world(true);
  return doc;
}

float place_x(const Document& doc) { return doc.world_place().translation.x; }

TEST(DocumentRootMotion, ThePlaceAccumulatesWhileTheRootStaysInPlace) {
  std::unique_ptr<Document> doc = open_walker();
  ASSERT_NE(doc->state_machine(), nullptr);
  ASSERT_TRUE(doc->state_machine()->moves());
  for (int f = 1; f <= 90; ++f) {
    doc->update(kDt);
    ASSERT_NEAR(place_x(*doc), kSpeed * f * kDt, 1e-4f) << "frame " << f;
    // The motion is taken out of the joint: the root plays in place.
    ASSERT_NEAR(doc->local_pose()[0].translation.x, 0.0f, 1e-4f) << "frame " << f;
  }
}

TEST(DocumentRootMotion, RewindPutsTheCharacterWhereItStoodAndLiveBringsItBack) {
  std::unique_ptr<Document> doc = open_walker();
  for (int f = 0; f < 90; ++f) doc->update(kDt);
  const float newest = place_x(*doc);
  ASSERT_NEAR(newest, kSpeed * 90 * kDt, 1e-4f);
  ASSERT_EQ(doc->recording().size(), 90u);

  // Frame i is the (i + 1)th update.
  ASSERT_TRUE(doc->rewind_to(29));
  EXPECT_NEAR(place_x(*doc), kSpeed * 30 * kDt, 1e-4f);
  EXPECT_NEAR(doc->recording().frame(29).move.translation.x, kSpeed * kDt, 1e-4f);
  ASSERT_TRUE(doc->rewind_to(0));
  EXPECT_NEAR(place_x(*doc), kSpeed * kDt, 1e-4f);
  doc->update(kDt);  // Paused: a rewound frame stays.
  EXPECT_NEAR(place_x(*doc), kSpeed * kDt, 1e-4f);

  doc->go_live();
  EXPECT_FLOAT_EQ(place_x(*doc), newest);

  // Playing on from a rewound frame goes on from its place, and later rewinds count from there.
  ASSERT_TRUE(doc->rewind_to(59));
  doc->set_playing(true);
  for (int f = 0; f < 10; ++f) doc->update(kDt);
  EXPECT_NEAR(place_x(*doc), kSpeed * 70 * kDt, 1e-4f);
  ASSERT_EQ(doc->recording().size(), 70u);
  ASSERT_TRUE(doc->rewind_to(64));
  EXPECT_NEAR(place_x(*doc), kSpeed * 65 * kDt, 1e-4f);
}

// An edit of the setup goes on from where the character stands; the recording restarts there,
// and rewinding within it counts from that place.
TEST(DocumentRootMotion, AfterAnEditRewindCountsFromThePlaceTheEditFound) {
  std::unique_ptr<Document> doc = open_walker();
  for (int f = 0; f < 30; ++f) doc->update(kDt);
  anim::Setup edited = *doc->setup();
  edited.states[0].speed = 0.5f;
  doc->edit_setup(std::move(edited), "Walk at half speed");
  EXPECT_NEAR(place_x(*doc), kSpeed * 30 * kDt, 1e-4f);
  for (int f = 0; f < 20; ++f) doc->update(kDt);
  const float half = 0.5f * kSpeed * kDt;  // What a frame moves at half speed.
  EXPECT_NEAR(place_x(*doc), kSpeed * 30 * kDt + 20 * half, 1e-4f);
  ASSERT_TRUE(doc->rewind_to(9));
  EXPECT_NEAR(place_x(*doc), kSpeed * 30 * kDt + 10 * half, 1e-4f);
}

}  // namespace
}  // namespace anim::ui
