// Root motion in the tool's Document (issue 25): with View > Root motion "In the world" the
// character's place accumulates what each update moved it; rewinding puts the character back
// where it stood at the rewound frame, playing on goes on from there, and Live returns to the
// newest place. On the walker (support/walker.h), so the place after n frames of 1/60 s is
// 2n/60 along x.
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "anim/setup/setup.h"
#include "anim/ui/model/document.h"
#include "support/walker.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

constexpr float kDt = 1.0f / 60.0f;
constexpr float kSpeed = kWalkerSpeed;

std::unique_ptr<Document> open_walker() {
  auto doc = std::make_unique<Document>(WalkerModel(), "test://walker");
  const Status attached = doc->attach_setup(WalkerSetup(), "walker.json");
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
  setup::Setup edited = *doc->setup();
  edited.states[0].speed = 0.5f;
  doc->edit_setup(std::move(edited), "Walk at half speed");
  EXPECT_NEAR(place_x(*doc), kSpeed * 30 * kDt, 1e-4f);
  for (int f = 0; f < 20; ++f) doc->update(kDt);
  const float half = 0.5f * kSpeed * kDt;  // What a frame moves at half speed.
  EXPECT_NEAR(place_x(*doc), kSpeed * 30 * kDt + 20 * half, 1e-4f);
  ASSERT_TRUE(doc->rewind_to(9));
  EXPECT_NEAR(place_x(*doc), kSpeed * 30 * kDt + 10 * half, 1e-4f);
}

// A transition's ghosts walk with the character: in the world each is the in-place ghost moved
// by the character's place, as the shown pose is.
TEST(DocumentRootMotion, InTheWorldTheGhostsWalkWithTheCharacter) {
  auto doc = std::make_unique<Document>(WalkerModel(), "test://walker");
  Result<anim::setup::Setup> setup = setup::parse_setup(R"({"format": "animscope.setup", "version": 3,
    "model": "test://walker", "root_motion": {"joint": "root", "rotation": "none"},
    "parameters": [{"name": "go", "type": "trigger", "default": 0}], "blend_spaces": [],
    "states": [{"name": "Walk", "motion": "Walk", "speed": 1, "loop": true},
               {"name": "Again", "motion": "Walk", "speed": 1, "loop": true}],
    "default_state": "Walk",
    "transitions": [{"from": "Walk", "to": "Again", "conditions": [{"parameter": "go",
      "op": "trigger"}], "exit_time": null, "duration": 1.0, "offset": 0.5,
      "interruption": "none"}], "editor": {}})",
                                                  "walker.json");
  ASSERT_TRUE(setup.ok()) << setup.error().to_string();
  ASSERT_TRUE(doc->attach_setup(std::move(setup).value(), "walker.json").ok());
  OverlayRequest ghosts;
  ghosts.ghosts = true;
  doc->set_overlay_request(ghosts);
  for (int f = 0; f < 30; ++f) doc->update(kDt);
  doc->state_machine()->set_value(doc->state_machine()->def().find_parameter("go"), 1.0f);
  for (int f = 0; f < 12; ++f) doc->update(kDt);
  ASSERT_TRUE(doc->overlays().ghosts().active);
  ASSERT_GT(place_x(*doc), 0.5f);

  const GhostPoses in_place = doc->overlays().ghosts();
  const PosedModel shown_in_place = doc->posed();
  doc->set_root_motion_in_world(true);
  doc->update(0.0f);  // Paused: the same moment, drawn in the world.
  const GhostPoses& in_world = doc->overlays().ghosts();
  ASSERT_TRUE(in_world.active);
  const glm::mat4 place = to_matrix(doc->world_place());
  for (std::size_t j = 0; j < 2; ++j) {
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) {
        EXPECT_NEAR(in_world.source.model_space[j][c][r],
                    (place * in_place.source.model_space[j])[c][r], 1e-5f);
        EXPECT_NEAR(in_world.target.model_space[j][c][r],
                    (place * in_place.target.model_space[j])[c][r], 1e-5f);
        EXPECT_NEAR(doc->posed().model_space[j][c][r],
                    (place * shown_in_place.model_space[j])[c][r], 1e-5f);
      }
    }
  }
  // And they stand where the walk took the character, not at the origin.
  EXPECT_NEAR(in_world.source.model_space[0][3].x, place_x(*doc), 1e-4f);
}

// An edit that leaves the root motion alone reuses the clips extracted in place (the same
// tracks, not extracted again); one that changes it extracts anew, and the character then moves
// as the new settings say.
TEST(DocumentRootMotion, OnlyEditsThatChangeTheRootMotionExtractItAgain) {
  std::unique_ptr<Document> doc = open_walker();
  const auto tracks = [&doc] { return doc->state_machine()->clips().root_motion().data(); };
  const RootMotionTrack* first = tracks();
  ASSERT_NE(first, nullptr);

  setup::Setup renamed = *doc->setup();
  renamed.states[0].name = "Stroll";
  renamed.default_state = "Stroll";
  doc->edit_setup(renamed, "rename state");
  // The edit took: the machine running now is the renamed one.
  ASSERT_EQ(doc->state_machine()->def().states[0].name, "Stroll");
  EXPECT_EQ(tracks(), first);

  setup::Setup upright = *doc->setup();
  upright.root_motion->translation = std::string("");  // Extract no translation at all.
  doc->edit_setup(upright, "root motion axes");
  for (const Diagnostic& p : doc->setup_problems()) {
    ASSERT_NE(p.severity, Diagnostic::Severity::kError) << p.pointer << ": " << p.message;
  }
  EXPECT_NE(tracks(), first);
  const float before = place_x(*doc);
  for (int f = 0; f < 30; ++f) doc->update(kDt);
  EXPECT_NEAR(place_x(*doc), before, 1e-6f);  // It no longer moves the character...
  // ...and the walk is back in the joint: the root leaves its place.
  EXPECT_GT(std::abs(doc->local_pose()[0].translation.x), 0.1f);
}

}  // namespace
}  // namespace anim::ui
