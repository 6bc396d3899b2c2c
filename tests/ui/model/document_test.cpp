// Tests of the tool's Document: clip playback (seek, frame steps, update, loop, speed,
// crossfades), the 1D blend, attaching a setup's state machine, and the per-frame outputs
// (pose, weight history, influence counts). Every expectation is computed by hand from a
// tiny model whose root translation is a simple function of the clip time.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/setup/edits.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/setup_history.h"
#include "support/clips.h"
#include "support/meshes.h"
#include "support/rigs.h"
#include "support/temp_tree.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

constexpr float kTol = 1e-4f;
constexpr float kFrame = 1.0f / 30.0f;

enum Joint { kRoot, kSpine, kTip, kJointCount };
enum ClipIndex { kRun, kWalk, kIdle };

// Root -> spine -> tip, each child one unit above its parent. Clips, chosen so that a pose
// tells the time it was sampled at:
//   "Run"  (1 s): the root slides along z, z == 4 t.
//   "Walk" (2 s): the root slides along x, x == t. The longest clip, though not the first.
//   "Idle" (1 s): the root stays at (0, 3, 0).
// Skin entries {root, spine, spine}; four vertices, so the root moves 2 vertices, the spine 3
// (one of them through both of its entries) and the tip none.
Model make_doc_model() {
  Model model = ModelOf("test://doc", ChainRig({"root", "spine", "tip"}));

  model.skin.joints = {kRoot, kSpine, kSpine};
  model.skin.inverse_bind = {glm::mat4(1.0f), glm::mat4(1.0f), glm::mat4(1.0f)};
  const glm::vec3 origin(0.0f);
  SetMesh(model,
          {SkinnedVertex(origin, {{0, 1.0f}}), SkinnedVertex(origin, {{1, 1.0f}}),
           SkinnedVertex(origin, {{0, 0.5f}, {2, 0.5f}}),
           SkinnedVertex(origin, {{1, 0.6f}, {2, 0.4f}})},
          {0, 1, 2, 1, 2, 3}, "quad");
  model.max_influences = 2;

  model.clips = {
      SlideClip("Run", 1.0f, glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 4.0f), kJointCount),
      SlideClip("Walk", 2.0f, glm::vec3(0.0f), glm::vec3(2.0f, 0.0f, 0.0f), kJointCount),
      SlideClip("Idle", 1.0f, glm::vec3(0.0f, 3.0f, 0.0f), glm::vec3(0.0f, 3.0f, 0.0f), kJointCount)};
  return model;
}

glm::vec3 root_translation(const Document& doc) { return doc.local_pose()[kRoot].translation; }

void expect_vec3(const glm::vec3& actual, const glm::vec3& expected, float tol = kTol) {
  EXPECT_NEAR(actual.x, expected.x, tol);
  EXPECT_NEAR(actual.y, expected.y, tol);
  EXPECT_NEAR(actual.z, expected.z, tol);
}

void expect_weights(const std::vector<float>& actual, const std::vector<float>& expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_NEAR(actual[i], expected[i], kTol) << "weight " << i;
  }
}

// The project's demo setup (parameters speed and stop; states Idle and Locomotion, where
// Locomotion blends Walk at speed 0 with Run at speed 1).
setup::Setup demo_setup() {
  Result<setup::Setup> setup =
      setup::load_setup(std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/demo_locomotion.json");
  EXPECT_TRUE(setup.ok()) << (setup.ok() ? "" : setup.error().to_string());
  return setup.ok() ? std::move(setup).value() : setup::Setup{};
}

// --- Opening ---

TEST(DocumentTest, OpensOnTheLongestClipAtTimeZeroPlayingAndLooping) {
  Document doc(make_doc_model(), "test://doc");
  EXPECT_EQ(doc.path(), "test://doc");
  EXPECT_EQ(doc.current_clip(), kWalk);
  EXPECT_EQ(doc.mode(), PlaybackMode::kClip);
  EXPECT_FLOAT_EQ(doc.time(), 0.0f);
  EXPECT_FLOAT_EQ(doc.duration(), 2.0f);
  EXPECT_TRUE(doc.playing());
  EXPECT_TRUE(doc.loop());
  EXPECT_FLOAT_EQ(doc.speed(), 1.0f);
  EXPECT_FALSE(doc.has_setup());
  expect_vec3(root_translation(doc), glm::vec3(0.0f));
}

TEST(DocumentTest, ModelWithoutClipsHasNoCurrentClipAndShowsTheRestPose) {
  Model model = make_doc_model();
  model.clips.clear();
  Document doc(std::move(model), "test://empty");
  EXPECT_EQ(doc.current_clip(), -1);
  EXPECT_FLOAT_EQ(doc.duration(), 0.0f);
  doc.update(0.5f);
  EXPECT_FLOAT_EQ(doc.time(), 0.0f);
  expect_vec3(doc.local_pose()[kSpine].translation, glm::vec3(0.0f, 1.0f, 0.0f));
  EXPECT_FALSE(doc.play_clip(0));
}

// A clip with a track more than the skeleton has joints (a broken model): it never plays as a
// clip or in a blend, and a state machine that plays it shows the rest pose and says why.
TEST(DocumentTest, AClipThatDoesNotFitTheSkeletonShowsTheRestPoseAndSaysWhy) {
  Model model = make_doc_model();
  ClipBuilder wide("Wide", 1.0f, kJointCount + 1);
  wide.add_translation(kRoot, 0.0f, glm::vec3(5.0f, 0.0f, 0.0f));
  model.clips.push_back(wide.build());
  Document doc(std::move(model), "test://wide");
  EXPECT_TRUE(doc.pose_problem().empty());
  EXPECT_FALSE(doc.play_clip(3));
  EXPECT_FALSE(doc.start_blend({0, 3}, {0.0f, 1.0f}));
  setup::Setup setup;
  setup.states.push_back(setup::SetupState{"Wide", "Wide", 1.0f, true, setup::Json::object()});
  setup.default_state = "Wide";
  ASSERT_TRUE(doc.attach_setup(setup, "wide.json").ok());
  doc.use_state_machine();
  doc.update(0.1f);
  EXPECT_EQ(doc.pose_problem(), "a clip does not fit the skeleton: the rest pose is shown");
  expect_vec3(root_translation(doc), glm::vec3(0.0f));
  expect_vec3(doc.local_pose()[kSpine].translation, glm::vec3(0.0f, 1.0f, 0.0f));
  // Back to a clip that fits: the problem is gone.
  ASSERT_TRUE(doc.play_clip(1));
  doc.seek(1.0f);
  EXPECT_TRUE(doc.pose_problem().empty());
  expect_vec3(root_translation(doc), glm::vec3(1.0f, 0.0f, 0.0f));
}

// --- Seeking and stepping ---

TEST(DocumentTest, SeekSetsTimeLocalPoseAndModelSpacePose) {
  Document doc(make_doc_model(), "test://doc");
  doc.seek(0.75f);
  EXPECT_NEAR(doc.time(), 0.75f, kTol);
  expect_vec3(root_translation(doc), glm::vec3(0.75f, 0.0f, 0.0f));
  ASSERT_EQ(doc.posed().model_space.size(), static_cast<std::size_t>(kJointCount));
  expect_vec3(glm::vec3(doc.posed().model_space[kRoot][3]), glm::vec3(0.75f, 0.0f, 0.0f));
  expect_vec3(glm::vec3(doc.posed().model_space[kSpine][3]), glm::vec3(0.75f, 1.0f, 0.0f));
  expect_vec3(glm::vec3(doc.posed().model_space[kTip][3]), glm::vec3(0.75f, 2.0f, 0.0f));
  // The palette follows: entry 1 (the spine, identity inverse bind) is its model matrix.
  ASSERT_EQ(doc.posed().palette.size(), 3u);
  expect_vec3(glm::vec3(doc.posed().palette[1][3]), glm::vec3(0.75f, 1.0f, 0.0f));
}

TEST(DocumentTest, SeekWrapsWhileLooping) {
  Document doc(make_doc_model(), "test://doc");
  doc.seek(2.5f);
  EXPECT_NEAR(doc.time(), 0.5f, kTol);
  expect_vec3(root_translation(doc), glm::vec3(0.5f, 0.0f, 0.0f));
  doc.seek(-0.5f);
  EXPECT_NEAR(doc.time(), 1.5f, kTol);
}

TEST(DocumentTest, SeekClampsWithoutLoop) {
  Document doc(make_doc_model(), "test://doc");
  doc.set_loop(false);
  doc.seek(2.5f);
  EXPECT_NEAR(doc.time(), 2.0f, kTol);
  expect_vec3(root_translation(doc), glm::vec3(2.0f, 0.0f, 0.0f));
  doc.seek(-1.0f);
  EXPECT_NEAR(doc.time(), 0.0f, kTol);
}

TEST(DocumentTest, SeekKeepsThePlayingState) {
  Document doc(make_doc_model(), "test://doc");
  doc.seek(1.0f);
  EXPECT_TRUE(doc.playing());
  doc.set_playing(false);
  doc.seek(0.5f);
  EXPECT_FALSE(doc.playing());
}

TEST(DocumentTest, StepFramesMovesByWholeFramesOfThirtyPerSecondAndPauses) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_FLOAT_EQ(doc.frame_rate(), 30.0f);  // The clips' key rate is unknown.
  doc.seek(0.5f);  // Frame 15.
  doc.step_frames(3);
  EXPECT_FALSE(doc.playing());
  EXPECT_NEAR(doc.time(), 18.0f * kFrame, kTol);
  expect_vec3(root_translation(doc), glm::vec3(0.6f, 0.0f, 0.0f));
  doc.step_frames(-1);
  EXPECT_NEAR(doc.time(), 17.0f * kFrame, kTol);
}

TEST(DocumentTest, StepFramesUsesTheClipsOwnKeyRate) {
  Model model = make_doc_model();
  model.clips[kWalk].sample_rate = 120.0f;  // A 120 Hz take.
  model.clips[kRun].sample_rate = 24.0f;
  Document doc(std::move(model), "test://doc");
  ASSERT_TRUE(doc.play_clip(kWalk));
  EXPECT_FLOAT_EQ(doc.frame_rate(), 120.0f);
  doc.seek(0.5f);  // Frame 60.
  doc.step_frames(3);
  EXPECT_NEAR(doc.time(), 63.0f / 120.0f, kTol);
  ASSERT_TRUE(doc.play_clip(kRun));
  EXPECT_FLOAT_EQ(doc.frame_rate(), 24.0f);
  doc.seek(0.26f);  // Nearest frame 6 (0.25 s), then one on.
  doc.step_frames(1);
  EXPECT_NEAR(doc.time(), 7.0f / 24.0f, kTol);
  // A 1D blend counts in its first clip's frames.
  ASSERT_TRUE(doc.start_blend({kWalk, kRun}, {0.0f, 1.0f}));
  EXPECT_FLOAT_EQ(doc.frame_rate(), 120.0f);
}

TEST(DocumentTest, StepFramesSnapsToTheNearestFrameFirst) {
  Document doc(make_doc_model(), "test://doc");
  doc.seek(0.51f);  // 15.3 frames: nearest frame 15.
  doc.step_frames(1);
  EXPECT_NEAR(doc.time(), 16.0f * kFrame, kTol);
  doc.seek(0.49f);  // 14.7 frames: nearest frame 15.
  doc.step_frames(-2);
  EXPECT_NEAR(doc.time(), 13.0f * kFrame, kTol);
}

TEST(DocumentTest, StepFramesWrapsAroundTheEndsWhileLooping) {
  Document doc(make_doc_model(), "test://doc");
  doc.seek(59.0f * kFrame);
  doc.step_frames(2);  // Frame 61 of a 60-frame loop: frame 1.
  EXPECT_NEAR(doc.time(), kFrame, kTol);
  doc.seek(0.0f);
  doc.step_frames(-1);  // Frame -1: frame 59.
  EXPECT_NEAR(doc.time(), 59.0f * kFrame, kTol);
}

TEST(DocumentTest, StepFramesClampsAtTheEndsWithoutLoop) {
  Document doc(make_doc_model(), "test://doc");
  doc.set_loop(false);
  doc.seek(59.0f * kFrame);
  doc.step_frames(5);
  EXPECT_NEAR(doc.time(), 2.0f, kTol);
  doc.seek(kFrame);
  doc.step_frames(-3);
  EXPECT_NEAR(doc.time(), 0.0f, kTol);
}

// --- Update, speed, loop ---

TEST(DocumentTest, UpdateAdvancesByDtTimesSpeedWhilePlaying) {
  Document doc(make_doc_model(), "test://doc");
  doc.update(0.25f);
  EXPECT_NEAR(doc.time(), 0.25f, kTol);
  doc.set_speed(2.0f);
  doc.update(0.25f);
  EXPECT_NEAR(doc.time(), 0.75f, kTol);
  doc.set_speed(0.5f);
  doc.update(0.5f);
  EXPECT_NEAR(doc.time(), 1.0f, kTol);
  expect_vec3(root_translation(doc), glm::vec3(1.0f, 0.0f, 0.0f));
}

TEST(DocumentTest, UpdateDoesNotAdvanceWhilePaused) {
  Document doc(make_doc_model(), "test://doc");
  doc.seek(0.5f);
  doc.set_playing(false);
  doc.update(0.3f);
  EXPECT_NEAR(doc.time(), 0.5f, kTol);
  expect_vec3(root_translation(doc), glm::vec3(0.5f, 0.0f, 0.0f));
  doc.set_playing(true);
  doc.update(0.3f);
  EXPECT_NEAR(doc.time(), 0.8f, kTol);
}

TEST(DocumentTest, NegativeSpeedPlaysBackwardAndWrapsBelowZero) {
  Document doc(make_doc_model(), "test://doc");
  doc.seek(1.0f);
  doc.set_speed(-1.0f);
  doc.update(0.25f);
  EXPECT_NEAR(doc.time(), 0.75f, kTol);
  doc.update(1.0f);  // -0.25 wraps to 1.75.
  EXPECT_NEAR(doc.time(), 1.75f, kTol);
}

TEST(DocumentTest, SpeedIsClampedToFourEitherWayAndNonFiniteResetsToOne) {
  Document doc(make_doc_model(), "test://doc");
  doc.set_speed(10.0f);
  EXPECT_FLOAT_EQ(doc.speed(), 4.0f);
  doc.set_speed(-10.0f);
  EXPECT_FLOAT_EQ(doc.speed(), -4.0f);
  doc.set_speed(std::nanf(""));
  EXPECT_FLOAT_EQ(doc.speed(), 1.0f);
  doc.set_speed(2.0f);
  doc.set_speed(INFINITY);
  EXPECT_FLOAT_EQ(doc.speed(), 1.0f);
}

TEST(DocumentTest, LoopingWrapsPastTheEnd) {
  Document doc(make_doc_model(), "test://doc");
  doc.update(2.5f);
  EXPECT_NEAR(doc.time(), 0.5f, kTol);
  expect_vec3(root_translation(doc), glm::vec3(0.5f, 0.0f, 0.0f));
  EXPECT_FALSE(doc.player().finished());
}

TEST(DocumentTest, OneShotClampsAtTheEndAndFinishes) {
  Document doc(make_doc_model(), "test://doc");
  doc.set_loop(false);
  doc.update(2.5f);
  EXPECT_NEAR(doc.time(), 2.0f, kTol);
  expect_vec3(root_translation(doc), glm::vec3(2.0f, 0.0f, 0.0f));
  EXPECT_TRUE(doc.player().finished());
}

TEST(DocumentTest, ChangingLoopKeepsTheTimeAndClipTakesEffectAtOnce) {
  Document doc(make_doc_model(), "test://doc");
  doc.seek(1.25f);
  doc.set_loop(false);
  EXPECT_FALSE(doc.loop());
  EXPECT_FALSE(doc.player().looping());
  EXPECT_NEAR(doc.time(), 1.25f, kTol);
  EXPECT_EQ(doc.current_clip(), kWalk);
  doc.set_loop(true);
  EXPECT_TRUE(doc.player().looping());
  EXPECT_NEAR(doc.time(), 1.25f, kTol);
}

TEST(DocumentTest, PlayClipStartsFromZeroWithTheDocumentsLoopSetting) {
  Document doc(make_doc_model(), "test://doc");
  doc.seek(1.0f);
  doc.set_loop(false);
  ASSERT_TRUE(doc.play_clip(kRun));
  EXPECT_EQ(doc.current_clip(), kRun);
  EXPECT_FLOAT_EQ(doc.time(), 0.0f);
  EXPECT_FLOAT_EQ(doc.duration(), 1.0f);
  EXPECT_FALSE(doc.player().looping());
  doc.update(0.5f);
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 0.0f, 2.0f));
}

TEST(DocumentTest, PlayClipRejectsABadIndexAndChangesNothing) {
  Document doc(make_doc_model(), "test://doc");
  doc.seek(0.5f);
  EXPECT_FALSE(doc.play_clip(3));
  EXPECT_FALSE(doc.play_clip(-1));
  EXPECT_EQ(doc.current_clip(), kWalk);
  EXPECT_NEAR(doc.time(), 0.5f, kTol);
}

// --- Crossfades ---

TEST(DocumentTest, CrossfadeStartsFromTheShownPoseWithoutAPop) {
  Document doc(make_doc_model(), "test://doc");
  doc.seek(1.0f);
  CrossfadeOptions options;
  options.seconds = 0.5f;
  ASSERT_TRUE(doc.crossfade_to(kRun, options));
  EXPECT_EQ(doc.current_clip(), kRun);
  EXPECT_TRUE(doc.player().fading());
  expect_vec3(root_translation(doc), glm::vec3(1.0f, 0.0f, 0.0f));
}

TEST(DocumentTest, LinearCrossfadeHalfwayBlendsBothClipsEvenly) {
  Document doc(make_doc_model(), "test://doc");
  doc.seek(1.0f);
  CrossfadeOptions options;
  options.seconds = 0.5f;
  options.curve = FadeCurve::kLinear;
  ASSERT_TRUE(doc.crossfade_to(kRun, options));
  doc.update(0.25f);
  // Walk plays on to 1.25 (x = 1.25), Run starts at 0.25 (z = 1): half of each.
  expect_vec3(root_translation(doc), glm::vec3(0.625f, 0.0f, 0.5f));
  EXPECT_NEAR(doc.player().current_weight(), 0.5f, kTol);
  doc.update(0.25f);
  EXPECT_FALSE(doc.player().fading());
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 0.0f, 2.0f));
}

TEST(DocumentTest, SmoothstepCrossfadeAtAQuarterWeighsTheNewClipByTheCurve) {
  Document doc(make_doc_model(), "test://doc");
  doc.seek(1.0f);
  CrossfadeOptions options;
  options.seconds = 0.5f;
  options.curve = FadeCurve::kSmoothstep;
  ASSERT_TRUE(doc.crossfade_to(kRun, options));
  doc.update(0.125f);
  // x = 1/4: weight 3x^2 - 2x^3 = 0.15625. Walk at 1.125, Run at 0.125 (z = 0.5).
  const float w = 0.15625f;
  expect_vec3(root_translation(doc), glm::vec3((1.0f - w) * 1.125f, 0.0f, w * 0.5f));
}

TEST(DocumentTest, CrossfadeResumesPlaybackAndUsesTheDocumentsLoop) {
  Document doc(make_doc_model(), "test://doc");
  doc.set_playing(false);
  doc.set_loop(false);
  CrossfadeOptions options;
  options.seconds = 0.2f;
  options.loop = true;  // The document's setting wins.
  ASSERT_TRUE(doc.crossfade_to(kRun, options));
  EXPECT_TRUE(doc.playing());
  EXPECT_FALSE(doc.player().looping());
  doc.update(1.5f);
  EXPECT_NEAR(doc.time(), 1.0f, kTol);
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 0.0f, 4.0f));
}

TEST(DocumentTest, LoopTurnedOffDuringACrossfadeAppliesOnceTheFadeEnds) {
  Document doc(make_doc_model(), "test://doc");
  CrossfadeOptions options;
  options.seconds = 0.5f;
  ASSERT_TRUE(doc.crossfade_to(kRun, options));
  doc.update(0.1f);
  doc.set_loop(false);  // Mid-fade.
  doc.update(0.4f);     // The fade ends with Run at 0.5 s.
  EXPECT_FALSE(doc.player().looping());
  doc.update(0.7f);  // Past Run's 1 s end: held there, not wrapped to 0.2.
  EXPECT_NEAR(doc.time(), 1.0f, kTol);
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 0.0f, 4.0f));
}

TEST(DocumentTest, CrossfadeWithAFrozenSourceFadesFromTheHeldPose) {
  Document doc(make_doc_model(), "test://doc");
  doc.seek(1.0f);
  CrossfadeOptions options;
  options.seconds = 0.5f;
  options.freeze_source = true;
  ASSERT_TRUE(doc.crossfade_to(kRun, options));
  doc.update(0.25f);
  // Walk held at 1 s (x = 1), Run at 0.25 s (z = 1): half each.
  expect_vec3(root_translation(doc), glm::vec3(0.5f, 0.0f, 0.5f));
}

TEST(DocumentTest, CrossfadeDuringACrossfadeStartsFromTheBlendShownNow) {
  Document doc(make_doc_model(), "test://doc");
  doc.seek(1.0f);
  CrossfadeOptions options;
  options.seconds = 0.5f;
  ASSERT_TRUE(doc.crossfade_to(kRun, options));
  doc.update(0.25f);
  const glm::vec3 shown(0.625f, 0.0f, 0.5f);
  expect_vec3(root_translation(doc), shown);
  ASSERT_TRUE(doc.crossfade_to(kIdle, options));
  expect_vec3(root_translation(doc), shown);
  doc.update(0.25f);
  expect_vec3(root_translation(doc), 0.5f * shown + glm::vec3(0.0f, 1.5f, 0.0f));
}

TEST(DocumentTest, CrossfadeFromTheBlendStartsFromTheBlendedPose) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_TRUE(doc.start_blend({kWalk, kRun}, {0.0f, 1.0f}));
  doc.blend().parameter.rate = 0.0f;
  doc.blend().parameter.target = 1.0f;
  doc.update(0.25f);  // All Run, phase 0.25: z = 1.
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 0.0f, 1.0f));
  CrossfadeOptions options;
  options.seconds = 0.5f;
  ASSERT_TRUE(doc.crossfade_to(kIdle, options));
  EXPECT_EQ(doc.mode(), PlaybackMode::kClip);
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 0.0f, 1.0f));  // No pop.
  doc.update(0.25f);
  // Half the held blend pose, half Idle's (0, 3, 0).
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 1.5f, 0.5f));
  doc.update(0.25f);
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 3.0f, 0.0f));
}

TEST(DocumentTest, CrossfadeToABadClipFails) {
  Document doc(make_doc_model(), "test://doc");
  EXPECT_FALSE(doc.crossfade_to(7, CrossfadeOptions{}));
  EXPECT_EQ(doc.current_clip(), kWalk);
  EXPECT_FALSE(doc.player().fading());
}

// --- 1D blend ---

TEST(DocumentTest, StartBlendRejectsInvalidAxes) {
  Document doc(make_doc_model(), "test://doc");
  EXPECT_FALSE(doc.start_blend({kWalk}, {0.0f}));                           // One clip.
  EXPECT_FALSE(doc.start_blend({kWalk, kRun}, {0.0f}));                     // Sizes differ.
  EXPECT_FALSE(doc.start_blend({kWalk, 5}, {0.0f, 1.0f}));                  // Bad clip.
  EXPECT_FALSE(doc.start_blend({kWalk, -1}, {0.0f, 1.0f}));                 // Bad clip.
  EXPECT_FALSE(doc.start_blend({kWalk, kRun}, {1.0f, 1.0f}));               // Not increasing.
  EXPECT_FALSE(doc.start_blend({kIdle, kWalk, kRun}, {0.0f, 2.0f, 1.0f}));  // Not increasing.
  EXPECT_EQ(doc.mode(), PlaybackMode::kClip);
}

TEST(DocumentTest, StartBlendEntersBlendModeWithTheParameterRangeOfTheAxis) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_TRUE(doc.start_blend({kIdle, kWalk, kRun}, {-1.0f, 1.0f, 3.0f}));
  EXPECT_EQ(doc.mode(), PlaybackMode::kBlend1D);
  EXPECT_FLOAT_EQ(doc.blend().parameter.min, -1.0f);
  EXPECT_FLOAT_EQ(doc.blend().parameter.max, 3.0f);
  // The parameter (0) lies halfway between Idle (-1) and Walk (1).
  expect_weights(doc.blend_weights(), {0.5f, 0.5f, 0.0f});
  EXPECT_FLOAT_EQ(doc.duration(), 1.0f);  // The first clip's.
}

TEST(DocumentTest, MovingTheBlendParameterWeighsItsTwoNeighbours) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_TRUE(doc.start_blend({kIdle, kWalk, kRun}, {0.0f, 1.0f, 3.0f}));
  Blend1DState& blend = doc.blend();
  blend.parameter.rate = 0.0f;  // Follow the target at once.

  blend.parameter.target = 2.0f;
  doc.update(0.0f);
  expect_weights(doc.blend_weights(), {0.0f, 0.5f, 0.5f});
  blend.parameter.target = 0.25f;
  doc.update(0.0f);
  expect_weights(doc.blend_weights(), {0.75f, 0.25f, 0.0f});
  blend.parameter.target = 2.5f;
  doc.update(0.0f);
  expect_weights(doc.blend_weights(), {0.0f, 0.25f, 0.75f});
  blend.parameter.target = 9.0f;  // Beyond the end: clamped to the last point.
  doc.update(0.0f);
  EXPECT_FLOAT_EQ(blend.parameter.value, 3.0f);
  expect_weights(doc.blend_weights(), {0.0f, 0.0f, 1.0f});
}

TEST(DocumentTest, BlendParameterRampsTowardItsTargetAtItsRateEvenWhilePaused) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_TRUE(doc.start_blend({kWalk, kRun}, {0.0f, 1.0f}));
  Blend1DState& blend = doc.blend();
  ASSERT_FLOAT_EQ(blend.parameter.rate, 1.5f);  // The Shift ramp: 1.5 units per second.
  blend.parameter.target = 1.0f;
  doc.update(0.2f);
  EXPECT_NEAR(blend.parameter.value, 0.3f, kTol);
  expect_weights(doc.blend_weights(), {0.7f, 0.3f});
  doc.set_playing(false);
  const float phase = blend.phase;
  doc.update(0.2f);
  EXPECT_NEAR(blend.parameter.value, 0.6f, kTol);
  EXPECT_FLOAT_EQ(blend.phase, phase);  // Paused: the clips stand still.
  doc.update(1.0f);
  EXPECT_FLOAT_EQ(blend.parameter.value, 1.0f);  // Stops at the target.
  blend.parameter.target = 0.0f;
  doc.update(0.2f);
  EXPECT_NEAR(blend.parameter.value, 0.7f, kTol);
}

TEST(DocumentTest, BlendAdvancesPhaseAtTheInterpolatedRateAndBlendsThePoses) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_TRUE(doc.start_blend({kWalk, kRun}, {0.0f, 1.0f}));
  doc.blend().parameter.rate = 0.0f;
  doc.blend().parameter.target = 0.5f;
  doc.update(0.4f);
  // Rates: Walk 1/2, Run 1/1 per second; halfway 0.75. Phase 0.4 * 0.75 = 0.3.
  EXPECT_NEAR(doc.blend().phase, 0.3f, kTol);
  EXPECT_NEAR(doc.time(), 0.6f, kTol);  // Phase times the first clip's 2 s.
  // Walk at 0.6 s (x = 0.6) and Run at 0.3 s (z = 1.2), half each.
  expect_vec3(root_translation(doc), glm::vec3(0.3f, 0.0f, 0.6f));
  doc.set_speed(2.0f);
  doc.update(0.4f);
  EXPECT_NEAR(doc.blend().phase, 0.9f, kTol);
  doc.update(0.2f);  // 1.2 wraps to 0.2.
  EXPECT_NEAR(doc.blend().phase, 0.2f, kTol);
}

TEST(DocumentTest, SeekInBlendModeSetsThePhaseFromTheFirstClipsDuration) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_TRUE(doc.start_blend({kWalk, kRun}, {0.0f, 1.0f}));
  doc.seek(1.5f);
  EXPECT_NEAR(doc.blend().phase, 0.75f, kTol);
  EXPECT_NEAR(doc.time(), 1.5f, kTol);
  expect_vec3(root_translation(doc), glm::vec3(1.5f, 0.0f, 0.0f));  // All Walk at 0.
  doc.seek(2.5f);
  EXPECT_NEAR(doc.blend().phase, 0.25f, kTol);
  doc.step_frames(3);
  EXPECT_FALSE(doc.playing());
  EXPECT_NEAR(doc.time(), 0.5f + 3.0f * kFrame, kTol);
}

TEST(DocumentTest, PlayClipLeavesBlendMode) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_TRUE(doc.start_blend({kWalk, kRun}, {0.0f, 1.0f}));
  ASSERT_TRUE(doc.play_clip(kRun));
  EXPECT_EQ(doc.mode(), PlaybackMode::kClip);
  EXPECT_EQ(doc.current_clip(), kRun);
  EXPECT_FLOAT_EQ(doc.time(), 0.0f);
  doc.update(0.25f);
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 0.0f, 1.0f));
}

// --- State machine ---

TEST(DocumentTest, AttachingTheDemoSetupRunsItsStateMachine) {
  Document doc(make_doc_model(), "test://doc");
  doc.set_playing(false);
  const Status status = doc.attach_setup(demo_setup(), "demo_locomotion.json");
  ASSERT_TRUE(status.ok()) << status.error().to_string();
  EXPECT_TRUE(doc.has_setup());
  ASSERT_NE(doc.setup(), nullptr);
  EXPECT_EQ(doc.setup()->default_state, "Idle");
  EXPECT_EQ(doc.setup_path(), "demo_locomotion.json");
  EXPECT_EQ(doc.mode(), PlaybackMode::kStateMachine);
  EXPECT_TRUE(doc.playing());
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 3.0f, 0.0f));  // Idle.
}

TEST(DocumentTest, StateMachineTransitionBlendsStatesAndRecordsTheirWeights) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_TRUE(doc.attach_setup(demo_setup(), "demo.json").ok());
  ASSERT_NE(doc.state_machine(), nullptr);
  ASSERT_TRUE(doc.state_machine()->set_float("speed", 1.0f));
  // speed ramps at 1.5/s: 0.15 after 0.1 s, past the 0.05 threshold: the 0.3 s fade starts.
  doc.update(0.1f);
  ASSERT_EQ(doc.weight_series(), 2u);  // One per state: Idle, Locomotion.
  EXPECT_NEAR(doc.weight_history(0).back(), 1.0f, kTol);
  EXPECT_NEAR(doc.weight_history(1).back(), 0.0f, kTol);
  // Halfway through the fade; speed is now 0.375.
  doc.update(0.15f);
  EXPECT_NEAR(doc.weight_history(0).back(), 0.5f, kTol);
  EXPECT_NEAR(doc.weight_history(1).back(), 0.5f, kTol);
  // Locomotion's phase rate at speed 0.375: 0.5 + 0.5 * 0.375 = 0.6875/s, so phase 0.103125:
  // Walk at 0.20625 s (x), Run at 0.103125 s (z = 0.4125), weighed 0.625 / 0.375. Half of
  // that, plus half of Idle's (0, 3, 0).
  const glm::vec3 locomotion(0.625f * 0.20625f, 0.0f, 0.375f * 0.4125f);
  expect_vec3(root_translation(doc), 0.5f * locomotion + glm::vec3(0.0f, 1.5f, 0.0f));
  doc.update(0.15f);
  EXPECT_NEAR(doc.weight_history(0).back(), 0.0f, kTol);
  EXPECT_NEAR(doc.weight_history(1).back(), 1.0f, kTol);
}

TEST(DocumentTest, PausedStateMachineDoesNotAdvance) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_TRUE(doc.attach_setup(demo_setup(), "demo.json").ok());
  doc.state_machine()->set_float("speed", 1.0f);
  doc.set_playing(false);
  doc.update(1.0f);
  EXPECT_EQ(doc.state_machine()->current_state(), 0);  // Still Idle: no time passed.
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 3.0f, 0.0f));
}

TEST(DocumentTest, AttachingAnInvalidSetupReportsTheErrorAndLeavesTheDocumentUsable) {
  Document doc(make_doc_model(), "test://doc");
  setup::Setup setup = demo_setup();
  ASSERT_FALSE(setup.states.empty());
  setup.states[0].motion = "Swim";  // The model has no such clip.
  const Status status = doc.attach_setup(setup, "bad.json");
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().path, "bad.json");
  EXPECT_NE(status.error().message.find("Swim"), std::string::npos) << status.error().message;
  EXPECT_FALSE(doc.has_setup());
  EXPECT_EQ(doc.setup(), nullptr);
  EXPECT_EQ(doc.state_machine(), nullptr);
  EXPECT_EQ(doc.mode(), PlaybackMode::kClip);
  doc.use_state_machine();  // Nothing to use.
  EXPECT_EQ(doc.mode(), PlaybackMode::kClip);
  doc.update(0.5f);
  EXPECT_NEAR(doc.time(), 0.5f, kTol);
  expect_vec3(root_translation(doc), glm::vec3(0.5f, 0.0f, 0.0f));
}

TEST(DocumentTest, AnInvalidSetupKeepsThePreviouslyAttachedOne) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_TRUE(doc.attach_setup(demo_setup(), "good.json").ok());
  setup::Setup bad = demo_setup();
  bad.default_state = "Sleep";
  EXPECT_FALSE(doc.attach_setup(bad, "bad.json").ok());
  EXPECT_TRUE(doc.has_setup());
  EXPECT_EQ(doc.setup_path(), "good.json");
  EXPECT_EQ(doc.mode(), PlaybackMode::kStateMachine);
  doc.update(0.1f);
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 3.0f, 0.0f));
}

TEST(DocumentTest, PlayClipLeavesTheStateMachineAndUseStateMachineReturnsToIt) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_TRUE(doc.attach_setup(demo_setup(), "demo.json").ok());
  ASSERT_TRUE(doc.play_clip(kWalk));
  EXPECT_EQ(doc.mode(), PlaybackMode::kClip);
  doc.update(0.5f);
  expect_vec3(root_translation(doc), glm::vec3(0.5f, 0.0f, 0.0f));
  doc.use_state_machine();
  EXPECT_EQ(doc.mode(), PlaybackMode::kStateMachine);
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 3.0f, 0.0f));
}

TEST(DocumentTest, CrossfadeFromTheStateMachineStartsFromItsPose) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_TRUE(doc.attach_setup(demo_setup(), "demo.json").ok());
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 3.0f, 0.0f));  // Idle.
  CrossfadeOptions options;
  options.seconds = 0.5f;
  ASSERT_TRUE(doc.crossfade_to(kRun, options));
  EXPECT_EQ(doc.mode(), PlaybackMode::kClip);
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 3.0f, 0.0f));  // No pop.
  doc.update(0.25f);
  // Half the state machine's Idle pose, half Run at 0.25 s (z = 1).
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 1.5f, 0.5f));
}

// --- Weight history and influences ---

TEST(DocumentTest, WeightHistoryRecordsOneEntryPerUpdate) {
  Document doc(make_doc_model(), "test://doc");
  EXPECT_EQ(doc.weight_series(), 0u);
  for (int i = 0; i < 3; ++i) doc.update(0.1f);
  ASSERT_EQ(doc.weight_series(), 1u);  // The current clip; nothing fades.
  EXPECT_EQ(doc.weight_plots()[0].name, "Walk");
  ASSERT_EQ(doc.weight_history(0).size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_FLOAT_EQ(doc.weight_history(0)[i], 1.0f);
}

TEST(DocumentTest, WeightHistoryFollowsACrossfadeNewestLast) {
  Document doc(make_doc_model(), "test://doc");
  CrossfadeOptions options;
  options.seconds = 0.4f;
  ASSERT_TRUE(doc.crossfade_to(kRun, options));
  doc.update(0.1f);
  doc.update(0.1f);
  doc.update(0.2f);
  const std::vector<float> incoming(doc.weight_history(0).begin(), doc.weight_history(0).end());
  const std::vector<float> outgoing(doc.weight_history(1).begin(), doc.weight_history(1).end());
  expect_weights(incoming, {0.25f, 0.5f, 1.0f});
  expect_weights(outgoing, {0.75f, 0.5f, 0.0f});
}

TEST(DocumentTest, WeightHistoryKeepsOnlyTheNewestEntries) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_TRUE(doc.start_blend({kWalk, kRun}, {0.0f, 1.0f}));
  doc.blend().parameter.rate = 0.0f;
  for (std::size_t i = 0; i < Document::kHistory + 10; ++i) {
    doc.blend().parameter.target = static_cast<float>(i) / 1000.0f;
    doc.update(0.01f);
  }
  ASSERT_EQ(doc.weight_series(), 2u);
  ASSERT_EQ(doc.weight_history(0).size(), Document::kHistory);
  ASSERT_EQ(doc.weight_history(1).size(), Document::kHistory);
  // The oldest kept entry is update 10 (parameter 0.010), the newest update 249 (0.249).
  EXPECT_NEAR(doc.weight_history(1).front(), 0.010f, kTol);
  EXPECT_NEAR(doc.weight_history(1).back(), 0.249f, kTol);
  EXPECT_NEAR(doc.weight_history(0).back(), 0.751f, kTol);
}

TEST(DocumentTest, StartingABlendCarriesThePlayingClipsLineOn) {
  Document doc(make_doc_model(), "test://doc");  // Walk plays.
  for (int i = 0; i < 5; ++i) doc.update(0.1f);
  ASSERT_TRUE(doc.start_blend({kIdle, kWalk, kRun}, {0.0f, 1.0f, 2.0f}));
  doc.blend().parameter.rate = 0.0f;  // At the parameter's value: 0, all Idle.
  doc.update(0.1f);
  const std::vector<Document::WeightSeries>& series = doc.weight_plots();
  ASSERT_EQ(series.size(), 3u);
  EXPECT_EQ(series[0].name, "Walk");  // Its line goes on: 5 updates at 1, then 0 in the blend.
  expect_weights({series[0].values.begin(), series[0].values.end()}, {1, 1, 1, 1, 1, 0});
  EXPECT_EQ(series[1].name, "Idle");  // New lines start at 0 where the others start.
  expect_weights({series[1].values.begin(), series[1].values.end()}, {0, 0, 0, 0, 0, 1});
  EXPECT_EQ(series[2].name, "Run");
  expect_weights({series[2].values.begin(), series[2].values.end()}, {0, 0, 0, 0, 0, 0});
}

// The bug: once a blend stopped, its weight plots vanished (the history was thrown away when
// the number of series changed). Its lines now stay, decaying to what plays, until their whole
// window is 0.
TEST(DocumentTest, WhenABlendStopsItsLinesDecayToWhatPlaysAndStay) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_TRUE(doc.start_blend({kIdle, kWalk, kRun}, {0.0f, 1.0f, 2.0f}));
  doc.blend().parameter.rate = 0.0f;
  doc.blend().parameter.target = 1.5f;  // Half Walk, half Run.
  for (int i = 0; i < 4; ++i) doc.update(0.1f);
  ASSERT_TRUE(doc.play_clip(kRun));  // The blend stops; Run plays on alone.
  for (int i = 0; i < 3; ++i) doc.update(0.1f);
  const std::vector<Document::WeightSeries>& series = doc.weight_plots();
  ASSERT_EQ(series.size(), 3u);
  EXPECT_EQ(series[0].name, "Idle");
  expect_weights({series[0].values.begin(), series[0].values.end()}, {0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(series[1].name, "Walk");
  expect_weights({series[1].values.begin(), series[1].values.end()},
                 {0.5f, 0.5f, 0.5f, 0.5f, 0, 0, 0});
  EXPECT_EQ(series[2].name, "Run");
  expect_weights({series[2].values.begin(), series[2].values.end()},
                 {0.5f, 0.5f, 0.5f, 0.5f, 1, 1, 1});
  // A line with nothing left to show goes once its whole window is 0; Walk's half weight
  // scrolls out after kHistory updates.
  for (std::size_t i = 0; i < Document::kHistory - 4; ++i) doc.update(0.01f);
  ASSERT_EQ(doc.weight_series(), 2u);  // Idle went; Walk still shows its 0.5.
  EXPECT_EQ(doc.weight_plots()[0].name, "Walk");
  doc.update(0.01f);
  ASSERT_EQ(doc.weight_series(), 1u);
  EXPECT_EQ(doc.weight_plots()[0].name, "Run");
  EXPECT_EQ(doc.weight_history(0).size(), Document::kHistory);
}

TEST(DocumentTest, ACrossfadeFromABlendKeepsTheLinesOfItsClips) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_TRUE(doc.start_blend({kWalk, kRun}, {0.0f, 1.0f}));
  doc.blend().parameter.rate = 0.0f;
  doc.blend().parameter.target = 0.0f;  // All Walk.
  doc.update(0.1f);
  CrossfadeOptions options;
  options.seconds = 0.2f;
  ASSERT_TRUE(doc.crossfade_to(kRun, options));  // From the blend's pose, held.
  doc.update(0.1f);
  doc.update(0.1f);
  const std::vector<Document::WeightSeries>& series = doc.weight_plots();
  ASSERT_EQ(series.size(), 3u);
  EXPECT_EQ(series[0].name, "Walk");
  expect_weights({series[0].values.begin(), series[0].values.end()}, {1, 0, 0});
  EXPECT_EQ(series[1].name, "Run");
  expect_weights({series[1].values.begin(), series[1].values.end()}, {0, 0.5f, 1});
  EXPECT_EQ(series[2].name, "frozen pose");
  expect_weights({series[2].values.begin(), series[2].values.end()}, {0, 0.5f, 0});
}

TEST(DocumentTest, InfluencedVerticesCountsEachVertexOncePerJoint) {
  Document doc(make_doc_model(), "test://doc");
  const std::vector<uint32_t>& counts = doc.influenced_vertices();
  ASSERT_EQ(counts.size(), static_cast<std::size_t>(kJointCount));
  EXPECT_EQ(counts[kRoot], 2u);   // v0, v2.
  EXPECT_EQ(counts[kSpine], 3u);  // v1, v2, v3 (through both spine entries: once).
  EXPECT_EQ(counts[kTip], 0u);
}

// --- Rotation overrides (the viewport's rotate gizmo) ---

glm::vec3 model_position(const Document& doc, int joint) {
  return glm::vec3(doc.posed().model_space[joint][3]);
}

TEST(DocumentOverrideTest, TurnsTheJointAndItsChildrenOnTopOfWhatPlays) {
  Document doc(make_doc_model(), "test://doc");  // "Walk": root x == t.
  doc.seek(1.0f);
  const glm::quat quarter = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 0, 1));
  ASSERT_TRUE(doc.set_rotation_override(kSpine, quarter));
  EXPECT_TRUE(doc.has_rotation_override(kSpine));
  EXPECT_FALSE(doc.has_rotation_override(kTip));
  // Root at (1, 0, 0); the spine one up at (1, 1, 0), turned 90 degrees about z, so the tip's
  // one-up offset points along -x: (0, 1, 0).
  expect_vec3(model_position(doc, kSpine), glm::vec3(1.0f, 1.0f, 0.0f));
  expect_vec3(model_position(doc, kTip), glm::vec3(0.0f, 1.0f, 0.0f));
  EXPECT_NEAR(std::fabs(glm::dot(doc.local_pose()[kSpine].rotation, quarter)), 1.0f, kTol);
  // The palette follows: the spine's entry moves a vertex at the origin to the spine.
  expect_vec3(glm::vec3(doc.posed().palette[1] * glm::vec4(0, 0, 0, 1)), glm::vec3(1, 1, 0));

  // Playing on keeps the turn on top of the new pose, without compounding it.
  doc.set_playing(true);
  doc.update(0.5f);
  doc.set_playing(false);
  doc.update(0.5f);
  doc.update(0.5f);
  expect_vec3(model_position(doc, kTip), glm::vec3(0.5f, 1.0f, 0.0f));

  doc.clear_rotation_override(kSpine);
  EXPECT_FALSE(doc.has_rotation_overrides());
  expect_vec3(model_position(doc, kTip), glm::vec3(1.5f, 2.0f, 0.0f));
}

TEST(DocumentOverrideTest, RejectsBadJointsAndRotationsAndClearsAll) {
  Document doc(make_doc_model(), "test://doc");
  const glm::quat turn = glm::angleAxis(0.5f, glm::vec3(1, 0, 0));
  EXPECT_FALSE(doc.set_rotation_override(-1, turn));
  EXPECT_FALSE(doc.set_rotation_override(kJointCount, turn));
  EXPECT_FALSE(doc.set_rotation_override(kRoot, glm::quat(0, 0, 0, 0)));
  EXPECT_FALSE(doc.has_rotation_overrides());
  // An unnormalized rotation is normalized; the identity is reported without one.
  ASSERT_TRUE(doc.set_rotation_override(kRoot, glm::quat(2.0f, 0.0f, 0.0f, 0.0f)));
  EXPECT_EQ(doc.rotation_override(kRoot), glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  EXPECT_EQ(doc.rotation_override(kSpine), glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  ASSERT_TRUE(doc.set_rotation_override(kTip, turn));
  EXPECT_TRUE(doc.has_rotation_overrides());
  doc.clear_rotation_overrides();
  EXPECT_FALSE(doc.has_rotation_override(kRoot));
  EXPECT_FALSE(doc.has_rotation_override(kTip));
}

// --- Setup editing: undo history, edits, saving ---

// The setup's errors (warnings, such as unreachable states, left out).
std::vector<Diagnostic> setup_errors(const Document& doc) {
  std::vector<Diagnostic> errors;
  for (const Diagnostic& d : doc.setup_problems()) {
    if (d.severity == Diagnostic::Severity::kError) errors.push_back(d);
  }
  return errors;
}

setup::Setup named_setup(const std::string& default_state) {
  setup::Setup setup;
  setup.default_state = default_state;
  return setup;
}

TEST(SetupHistoryTest, UndoRedoLabelsAndTheSavedMark) {
  SetupHistory history;
  history.reset(named_setup("a"));
  EXPECT_FALSE(history.dirty());
  EXPECT_FALSE(history.can_undo());
  EXPECT_EQ(history.undo_label(), "");
  history.push(named_setup("b"), "pick b");
  history.push(named_setup("c"), "pick c");
  EXPECT_TRUE(history.dirty());
  EXPECT_EQ(history.undo_label(), "pick c");
  ASSERT_TRUE(history.undo());
  EXPECT_EQ(history.current().default_state, "b");
  EXPECT_EQ(history.undo_label(), "pick b");
  EXPECT_EQ(history.redo_label(), "pick c");
  ASSERT_TRUE(history.undo());
  EXPECT_EQ(history.current().default_state, "a");
  EXPECT_FALSE(history.dirty()) << "back to what was loaded";
  EXPECT_FALSE(history.undo());
  ASSERT_TRUE(history.redo());
  EXPECT_EQ(history.current().default_state, "b");
  history.mark_saved();
  EXPECT_FALSE(history.dirty());
  // A new edit forgets what could be redone.
  history.push(named_setup("d"), "pick d");
  EXPECT_FALSE(history.can_redo());
  EXPECT_TRUE(history.dirty());
  ASSERT_TRUE(history.undo());
  EXPECT_FALSE(history.dirty()) << "the saved one again";

  // A new, never saved setup is dirty from the start; undo keeps only kMaxUndo steps.
  history.reset(named_setup("x"), /*saved=*/false);
  EXPECT_TRUE(history.dirty());
  for (std::size_t i = 0; i < SetupHistory::kMaxUndo + 5; ++i) {
    history.push(named_setup(std::to_string(i)), "step");
  }
  std::size_t undone = 0;
  while (history.undo()) ++undone;
  EXPECT_EQ(undone, SetupHistory::kMaxUndo);
  EXPECT_EQ(history.current().default_state, "4") << "the oldest kept: steps 0-3 and x dropped";
}

TEST(DocumentSetupEditTest, NewSetupHasAStatePerClipAndRunsTheFirst) {
  Document doc(make_doc_model(), "/models/doc.x");
  EXPECT_FALSE(doc.has_setup());
  doc.new_setup();
  ASSERT_TRUE(doc.has_setup());
  const setup::Setup& setup = *doc.setup();
  ASSERT_EQ(setup.states.size(), 3u);
  EXPECT_EQ(setup.states[0].name, "Run");
  EXPECT_EQ(setup.states[1].motion, "Walk");
  EXPECT_EQ(setup.default_state, "Run");
  EXPECT_EQ(setup.model, "/models/doc.x");
  EXPECT_TRUE(doc.setup_dirty()) << "in no file yet";
  EXPECT_TRUE(doc.setup_path().empty());
  EXPECT_EQ(doc.mode(), PlaybackMode::kStateMachine);
  EXPECT_TRUE(setup_errors(doc).empty());
  // Nothing leads to Walk or Idle yet, but without any transition the machine is only being
  // laid out: no unreachable-state warnings greet a new setup.
  EXPECT_TRUE(doc.setup_problems().empty());
  doc.update(0.25f);
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 0.0f, 1.0f));  // "Run": z == 4 t.
}

// "Run" lasts 1 s: an event at 0.5 s fires once in the first 0.75 s, and again at 1.5 s.
TEST(DocumentSetupEditTest, TheStateMachinesEventsAreKeptWithTheirAge) {
  Document doc(make_doc_model(), "/models/doc.x");
  doc.new_setup();
  setup::Setup edited = *doc.setup();
  add_event(edited, "Run", 0.5f, 1.0f, "step");
  doc.edit_setup(std::move(edited), "add event");
  EXPECT_TRUE(doc.recent_events().empty());
  for (int i = 0; i < 3; ++i) doc.update(0.25f);
  ASSERT_EQ(doc.recent_events().size(), 1u);
  EXPECT_EQ(doc.recent_events().back().name, "step");
  EXPECT_EQ(doc.recent_events().back().state, "Run");
  EXPECT_FLOAT_EQ(doc.recent_events().back().age, 0.25f);
  for (int i = 0; i < 3; ++i) doc.update(0.25f);
  ASSERT_EQ(doc.recent_events().size(), 2u);
  EXPECT_FLOAT_EQ(doc.recent_events().front().age, 1.0f);
  for (int i = 0; i < 20; ++i) doc.update(0.25f);  // Five more: only the latest few are kept.
  EXPECT_EQ(doc.recent_events().size(), Document::kRecentEvents);
  doc.restart_state_machine();
  EXPECT_TRUE(doc.recent_events().empty());
}

TEST(DocumentSetupEditTest, EditsRebuildTheMachineAndErrorsKeepTheLastGoodOne) {
  Document doc(make_doc_model(), "/models/doc.x");
  doc.new_setup();
  // Run -> Walk at once, no conditions.
  setup::Setup edited = *doc.setup();
  setup::SetupTransition go;
  go.from = "Run";
  go.to = "Walk";
  go.duration = 0.0f;
  edited.transitions.push_back(go);
  doc.edit_setup(edited, "add transition");
  EXPECT_TRUE(setup_errors(doc).empty());
  doc.update(0.5f);
  ASSERT_NE(doc.state_machine(), nullptr);
  EXPECT_EQ(doc.state_machine()->def().states[doc.state_machine()->current_state()].name, "Walk");

  // A transition to a state that does not exist: reported with its pointer; the machine
  // compiled before keeps running.
  setup::Setup broken = *doc.setup();
  broken.transitions[0].to = "Nope";
  doc.edit_setup(broken, "retarget transition");
  ASSERT_EQ(setup_errors(doc).size(), 1u);
  EXPECT_EQ(setup_errors(doc)[0].pointer, "/transitions/0/to");
  EXPECT_EQ(doc.setup()->transitions[0].to, "Nope");
  doc.update(0.25f);
  EXPECT_EQ(doc.state_machine()->def().states[doc.state_machine()->current_state()].name, "Walk");

  ASSERT_TRUE(doc.undo_setup_edit());
  EXPECT_TRUE(setup_errors(doc).empty());
  EXPECT_EQ(doc.setup()->transitions[0].to, "Walk");
  ASSERT_TRUE(doc.undo_setup_edit());
  EXPECT_TRUE(doc.setup()->transitions.empty());
  EXPECT_FALSE(doc.undo_setup_edit());
  ASSERT_TRUE(doc.redo_setup_edit());
  EXPECT_EQ(doc.setup()->transitions.size(), 1u);
}

// The issue-13 complaint: every edit restarted the machine and reset the parameters.
TEST(DocumentSetupEditTest, EditsKeepTheStateItsTimeTheParametersAndThePlots) {
  Document doc(make_doc_model(), "test://doc");
  ASSERT_TRUE(doc.attach_setup(demo_setup(), "demo.json").ok());
  ASSERT_TRUE(doc.state_machine()->set_float("speed", 1.0f));
  for (int i = 0; i < 10; ++i) doc.update(0.1f);  // In Locomotion, speed at its top.
  const StateMachineInstance& before = *doc.state_machine();
  ASSERT_EQ(before.def().states[before.current_state()].name, "Locomotion");
  const float phase = before.active_states()[0].normalized_time;
  const float speed = before.value(0);
  ASSERT_GT(speed, 0.5f);
  const glm::vec3 pose = root_translation(doc);
  const std::size_t plotted = doc.weight_history(1).size();
  doc.set_playing(false);

  // Slower fades, and a state added in front of the others.
  setup::Setup edited = *doc.setup();
  for (setup::SetupTransition& t : edited.transitions) t.duration *= 2.0f;
  setup::SetupState extra;
  extra.name = "Extra";
  extra.motion = "Walk";
  edited.states.insert(edited.states.begin(), extra);
  doc.edit_setup(edited, "slower fades");
  ASSERT_TRUE(setup_errors(doc).empty());
  const StateMachineInstance& after = *doc.state_machine();
  ASSERT_NE(&after, &before);
  EXPECT_EQ(after.def().states[after.current_state()].name, "Locomotion");
  EXPECT_EQ(after.active_states()[0].normalized_time, phase);
  EXPECT_EQ(after.value(0), speed);
  EXPECT_EQ(after.target(0), 1.0f);
  EXPECT_FALSE(doc.playing()) << "a paused preview stays paused";
  expect_vec3(root_translation(doc), pose);
  // The plots go on, each series still its state's: Locomotion is now the third.
  ASSERT_EQ(doc.weight_series(), 3u);
  EXPECT_EQ(doc.weight_history(2).size(), plotted);
  EXPECT_NEAR(doc.weight_history(2).back(), 1.0f, kTol);
  EXPECT_NEAR(doc.weight_history(0).back(), 0.0f, kTol);

  // Undo goes on likewise.
  ASSERT_TRUE(doc.undo_setup_edit());
  EXPECT_EQ(doc.state_machine()->def().states[doc.state_machine()->current_state()].name,
            "Locomotion");
  EXPECT_EQ(doc.state_machine()->active_states()[0].normalized_time, phase);
  expect_vec3(root_translation(doc), pose);
}

TEST(DocumentSetupEditTest, SaveAsWritesTheFileKeepsTheModelReachableAndCleans) {
  testing::TempTree tree;
  Document doc(make_doc_model(), "/models/doc.x");
  doc.new_setup();
  const std::string path = tree.path("doc_setup.json");
  const Status saved = doc.save_setup_as(path);
  ASSERT_TRUE(saved.ok()) << saved.error().to_string();
  EXPECT_FALSE(doc.setup_dirty());
  EXPECT_EQ(doc.setup_path(), path);
  // An absolute model path outside the setup's folder stays absolute (not "../../models/..").
  EXPECT_EQ(doc.setup()->model, "/models/doc.x");
  Result<setup::Setup> loaded = setup::load_setup(path);
  ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
  EXPECT_EQ(to_json_text(loaded.value()), to_json_text(*doc.setup()));

  // A failed save changes nothing.
  setup::Setup edited = *doc.setup();
  edited.default_state = "Walk";
  doc.edit_setup(edited, "default Walk");
  const Status failed = doc.save_setup_as(tree.path("missing/folder/x.json"));
  EXPECT_FALSE(failed.ok());
  EXPECT_TRUE(doc.setup_dirty());
  EXPECT_EQ(doc.setup_path(), path);
}

TEST(DocumentSetupEditTest, SaveAsKeepsModelAndClipFilesPointingAtTheSameFiles) {
  testing::TempTree tree;
  Document doc(make_doc_model(), tree.path("art/doc.x"));
  doc.add_clip_files({tree.path("art/clips/doc@Walk.x"), "/elsewhere/Run.bvh"});
  doc.new_setup();  // Takes the clip files over.
  ASSERT_EQ(doc.setup()->animations.size(), 2u);
  tree.folder("art");
  ASSERT_TRUE(doc.save_setup_as(tree.path("art/doc.json")).ok());
  // Absolute paths (a new setup has no folder yet) become relative under the setup's folder
  // and stay absolute elsewhere.
  EXPECT_EQ(doc.setup()->model, "doc.x");
  EXPECT_EQ(doc.setup()->animations[0].file, "clips/doc@Walk.x");
  EXPECT_EQ(doc.setup()->animations[1].file, "/elsewhere/Run.bvh");
  // Saved one folder down, relative paths stay relative and still reach the same files.
  tree.folder("art/setups");
  ASSERT_TRUE(doc.save_setup_as(tree.path("art/setups/doc.json")).ok());
  EXPECT_EQ(doc.setup()->model, "../doc.x");
  EXPECT_EQ(doc.setup()->animations[0].file, "../clips/doc@Walk.x");
  EXPECT_EQ(doc.setup()->animations[1].file, "/elsewhere/Run.bvh");
  const std::vector<import::AnimationFile> wanted = doc.wanted_clip_files();
  ASSERT_EQ(wanted.size(), 2u);
  EXPECT_EQ(wanted[0].path, tree.path("art/clips/doc@Walk.x"));
  EXPECT_EQ(wanted[0].pointer, "/animations/0");
}

// --- Clip files ---

// A clip-file set as the loader would hand it over: one clip "Lean" raising the root to y=5.
anim::import::AnimationSet lean_set(const std::string& file) {
  anim::import::AnimationSet set;
  ClipBuilder lean("Lean", 1.0f, kJointCount);
  lean.add_translation(kRoot, 0.0f, glm::vec3(0.0f, 5.0f, 0.0f));
  set.clips.push_back(lean.build());
  ClipSource source;
  source.clip = 0;
  source.file = file;
  source.entry = 0;
  source.bound_joints = {"root"};
  source.unbound_joints = {"tail"};
  set.sources.push_back(source);
  return set;
}

TEST(DocumentClipFilesTest, AddingWithoutASetupListsThemAndAsksForALoad) {
  Document doc(make_doc_model(), "/art/doc.x");
  EXPECT_FALSE(doc.clip_files_outdated());
  doc.add_clip_files({"/art/doc@Lean.x", "/art/doc@Lean.x", "/art/other.bvh"});
  ASSERT_EQ(doc.clip_file_entries().size(), 2u);  // The repeat is skipped.
  EXPECT_TRUE(doc.clip_files_outdated());
  const std::vector<import::AnimationFile> wanted = doc.wanted_clip_files();
  EXPECT_EQ(wanted[0].path, "/art/doc@Lean.x");
  EXPECT_EQ(wanted[0].pointer, "");  // No setup: problems name the file instead.
  doc.set_clip_files(wanted, lean_set("/art/doc@Lean.x"));
  EXPECT_FALSE(doc.clip_files_outdated());
  ASSERT_EQ(doc.model().clips.size(), 4u);
  EXPECT_EQ(doc.own_clip_count(), 3u);
  ASSERT_NE(doc.model().clip_source(3), nullptr);
  EXPECT_EQ(doc.model().clip_source(3)->unbound_joints, std::vector<std::string>{"tail"});
  EXPECT_TRUE(doc.play_clip(3));
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 5.0f, 0.0f));
  EXPECT_TRUE(doc.remove_clip_file(1));
  EXPECT_FALSE(doc.remove_clip_file(5));
  EXPECT_EQ(doc.clip_file_entries().size(), 1u);
  EXPECT_TRUE(doc.clip_files_outdated());
}

TEST(DocumentClipFilesTest, ReloadingKeepsThePlayingClipByNameAndReplacesTheOld) {
  Document doc(make_doc_model(), "/art/doc.x");
  doc.add_clip_files({"/art/doc@Lean.x"});
  doc.set_clip_files(doc.wanted_clip_files(), lean_set("/art/doc@Lean.x"));
  const int generation = doc.clips_generation();
  ASSERT_TRUE(doc.play_clip(3));
  doc.update(0.25f);
  doc.request_clip_file_reload();
  EXPECT_TRUE(doc.clip_files_outdated());
  doc.set_clip_files(doc.wanted_clip_files(), lean_set("/art/doc@Lean.x"));
  EXPECT_FALSE(doc.clip_files_outdated());
  EXPECT_GT(doc.clips_generation(), generation);
  EXPECT_EQ(doc.model().clips.size(), 4u);  // Replaced, not added twice.
  EXPECT_EQ(doc.current_clip(), 3);
  EXPECT_NEAR(doc.time(), 0.25f, kTol);
  // Gone after a reload without it: playback moves to a clip that exists.
  doc.set_clip_files({}, import::AnimationSet{});
  EXPECT_EQ(doc.model().clips.size(), 3u);
  EXPECT_EQ(doc.current_clip(), 0);
}

TEST(DocumentClipFilesTest, WithASetupClipFilesAreUndoableSetupEdits) {
  Document doc(make_doc_model(), "/art/doc.x");
  doc.new_setup();
  doc.add_clip_files({"/art/doc@Lean.x"});
  ASSERT_EQ(doc.setup()->animations.size(), 1u);
  EXPECT_EQ(doc.setup()->animations[0].file, "/art/doc@Lean.x");  // No setup file yet.
  EXPECT_EQ(doc.setup_history().undo_label(), "add a clip file");
  doc.set_clip_files(doc.wanted_clip_files(), lean_set("/art/doc@Lean.x"));
  // A state may play the new clip, and the machine runs it.
  setup::Setup edited = *doc.setup();
  edited.states.push_back(setup::SetupState{"Lean", "Lean", 1.0f, true, setup::Json::object()});
  edited.default_state = "Lean";
  doc.edit_setup(edited, "lean");
  for (const Diagnostic& d : doc.setup_problems()) {
    EXPECT_NE(d.severity, Diagnostic::Severity::kError) << d.pointer << ": " << d.message;
  }
  // The edit keeps the machine in Run; a restart begins at the new default state, Lean.
  ASSERT_NE(doc.state_machine(), nullptr);
  EXPECT_EQ(doc.state_machine()->current_state(), 0);
  doc.restart_state_machine();
  EXPECT_EQ(doc.state_machine()->def().states[doc.state_machine()->current_state()].name, "Lean");
  doc.update(0.1f);
  expect_vec3(root_translation(doc), glm::vec3(0.0f, 5.0f, 0.0f));
  // Undoing the state and the add asks for the files as they were: none.
  ASSERT_TRUE(doc.undo_setup_edit());
  ASSERT_TRUE(doc.undo_setup_edit());
  EXPECT_TRUE(doc.setup()->animations.empty());
  EXPECT_TRUE(doc.clip_files_outdated());
  doc.set_clip_files(doc.wanted_clip_files(), import::AnimationSet{});
  EXPECT_EQ(doc.model().clips.size(), 3u);
  EXPECT_FALSE(doc.clip_files_outdated());
}

TEST(DocumentTest, WeightHistoryOfASeriesThatDoesNotExistIsEmpty) {
  Document doc(make_doc_model(), "test://doc");
  doc.update(0.1f);
  ASSERT_GE(doc.weight_series(), 1u);
  EXPECT_FALSE(doc.weight_history(0).empty());
  EXPECT_TRUE(doc.weight_history(doc.weight_series()).empty());
  EXPECT_TRUE(doc.weight_history(1000).empty());
}

}  // namespace
}  // namespace anim::ui
