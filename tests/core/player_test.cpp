#include "anim/player.h"

#include <type_traits>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/bake/clip_compression.h"
#include "anim/clip.h"
#include "anim/skeleton.h"
#include "anim/transform.h"
#include "support/maths.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr float kTol = 1e-5f;

// Clip indices of the fixture.
constexpr int kRamp = 0;   // 2 s; joint 0 moves x = 10 * t, from 0 to 20.
constexpr int kTen = 1;    // 1 s; joint 0 holds x = 10, turned 90° about Z.
constexpr int kZero = 2;   // 1 s; joint 0 holds x = 0, no rotation.
constexpr int kMinus = 3;  // 1 s; joint 0 holds x = -10.
constexpr int kClipCount = 4;

// Two joints: joint 0 is animated by every clip, joint 1 by none (it keeps its rest pose).
class PlayerTest : public ::testing::Test {
 protected:
  PlayerTest() {
    skeleton_.names = {"root", "child"};
    skeleton_.parents = {-1, 0};
    skeleton_.rest = {MakeTransform({0, 0, 0}), MakeTransform({0, 1, 0}, RotZ(30.0f), {2, 2, 2})};

    ClipBuilder ramp("ramp", 2.0f, 2);
    ramp.add_translation(0, 0.0f, {0, 0, 0});
    ramp.add_translation(0, 2.0f, {20, 0, 0});
    ClipBuilder ten("ten", 1.0f, 2);
    ten.add_translation(0, 0.0f, {10, 0, 0});
    ten.add_rotation(0, 0.0f, RotZ(90.0f));
    ClipBuilder zero("zero", 1.0f, 2);
    zero.add_translation(0, 0.0f, {0, 0, 0});
    ClipBuilder minus("minus", 1.0f, 2);
    minus.add_translation(0, 0.0f, {-10, 0, 0});
    clips_ = {ramp.build(), ten.build(), zero.build(), minus.build()};
  }

  static CrossfadeOptions Fade(float seconds, FadeCurve curve = FadeCurve::kLinear) {
    CrossfadeOptions options;
    options.seconds = seconds;
    options.curve = curve;
    return options;
  }

  float X(const Player& player) const { return player.pose()[0].translation.x; }

  // The child joint is never animated: it must show its rest pose whatever plays.
  void ExpectChildAtRest(const Player& player) const {
    EXPECT_TRUE(SameBits(player.pose()[1], skeleton_.rest[1]));
  }

  Skeleton skeleton_;
  std::vector<Clip> clips_;
};

TEST_F(PlayerTest, NewPlayerShowsRestPoseAndPlaysNothing) {
  Player player(skeleton_, clips_);
  EXPECT_EQ(player.clip(), -1);
  EXPECT_FALSE(player.fading());
  EXPECT_EQ(player.fading_from(), -1);
  EXPECT_FLOAT_EQ(player.current_weight(), 1.0f);
  EXPECT_FALSE(player.finished());
  ASSERT_EQ(player.pose().size(), 2u);
  EXPECT_TRUE(SameBits(player.pose()[0], skeleton_.rest[0]));
  ExpectChildAtRest(player);

  player.update(0.5f);  // Nothing to advance.
  player.seek(1.0f);
  EXPECT_EQ(player.clip(), -1);
  EXPECT_FLOAT_EQ(player.time(), 0.0f);
  EXPECT_TRUE(SameBits(player.pose()[0], skeleton_.rest[0]));
}

TEST_F(PlayerTest, PlayStartsClipAtTimeZero) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kTen));
  EXPECT_EQ(player.clip(), kTen);
  EXPECT_FLOAT_EQ(player.time(), 0.0f);
  EXPECT_TRUE(player.looping());
  EXPECT_TRUE(TransformNear(player.pose()[0], MakeTransform({10, 0, 0}, RotZ(90.0f)), kTol));
  ExpectChildAtRest(player);
}

TEST_F(PlayerTest, PlayByName) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play("minus", false));
  EXPECT_EQ(player.clip(), kMinus);
  EXPECT_FALSE(player.looping());
  EXPECT_FLOAT_EQ(X(player), -10.0f);
}

TEST_F(PlayerTest, AClipThatDoesNotFitTheSkeletonIsRefused) {
  // Three tracks for a two-joint skeleton: sampling it could only fail, so it never plays.
  ClipBuilder wide("wide", 1.0f, 3);
  wide.add_translation(0, 0.0f, {5, 0, 0});
  clips_.push_back(wide.build());
  Player player(skeleton_, clips_);
  const int wide_index = static_cast<int>(clips_.size()) - 1;
  EXPECT_FALSE(player.playable(wide_index));
  EXPECT_FALSE(player.playable(-1));
  EXPECT_FALSE(player.playable(wide_index + 1));
  EXPECT_TRUE(player.playable(kTen));
  EXPECT_FALSE(player.play(wide_index));
  EXPECT_EQ(player.clip(), -1);
  ASSERT_TRUE(player.play(kTen));
  EXPECT_FALSE(player.crossfade(wide_index, Fade(0.5f)));
  EXPECT_FALSE(player.crossfade("wide", Fade(0.5f)));
  EXPECT_EQ(player.clip(), kTen);
  EXPECT_TRUE(Vec3Near(player.pose()[0].translation, glm::vec3(10, 0, 0), kTol));
}

TEST_F(PlayerTest, LoopingClipWrapsTimeAfterUpdate) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kRamp));
  player.update(1.5f);
  EXPECT_FLOAT_EQ(player.time(), 1.5f);
  EXPECT_NEAR(X(player), 15.0f, kTol);
  player.update(1.0f);  // 2.5 s into a 2 s loop: 0.5 s.
  EXPECT_FLOAT_EQ(player.time(), 0.5f);
  EXPECT_NEAR(X(player), 5.0f, kTol);
  EXPECT_FALSE(player.finished());
  player.update(1.5f);  // Exactly the end of the loop: back to the start.
  EXPECT_FLOAT_EQ(player.time(), 0.0f);
  EXPECT_NEAR(X(player), 0.0f, kTol);
}

TEST_F(PlayerTest, OneShotClampsAtEndAndFinishes) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kRamp, /*loop=*/false));
  player.update(1.5f);
  EXPECT_FLOAT_EQ(player.time(), 1.5f);
  EXPECT_FALSE(player.finished());
  player.update(1.0f);
  EXPECT_FLOAT_EQ(player.time(), 2.0f);
  EXPECT_TRUE(player.finished());
  EXPECT_NEAR(X(player), 20.0f, kTol);
  player.update(3.0f);  // Stays on the last pose.
  EXPECT_FLOAT_EQ(player.time(), 2.0f);
  EXPECT_TRUE(player.finished());
  EXPECT_NEAR(X(player), 20.0f, kTol);
}

TEST_F(PlayerTest, PlayAgainRestartsFinishedOneShot) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kRamp, false));
  player.update(5.0f);
  ASSERT_TRUE(player.finished());
  ASSERT_TRUE(player.play(kRamp, false));
  EXPECT_FALSE(player.finished());
  EXPECT_FLOAT_EQ(player.time(), 0.0f);
  EXPECT_NEAR(X(player), 0.0f, kTol);
}

TEST_F(PlayerTest, SpeedScalesTime) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kRamp));
  player.set_speed(2.0f);
  EXPECT_FLOAT_EQ(player.speed(), 2.0f);
  player.update(0.25f);
  EXPECT_FLOAT_EQ(player.time(), 0.5f);
  EXPECT_NEAR(X(player), 5.0f, kTol);
  player.set_speed(0.5f);
  player.update(0.5f);
  EXPECT_FLOAT_EQ(player.time(), 0.75f);
  EXPECT_NEAR(X(player), 7.5f, kTol);
}

TEST_F(PlayerTest, NegativeSpeedPlaysBackwardsAndWraps) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kRamp));
  player.update(0.5f);
  player.set_speed(-1.0f);
  player.update(1.0f);  // 0.5 - 1 = -0.5: 1.5 s into the 2 s loop.
  EXPECT_FLOAT_EQ(player.time(), 1.5f);
  EXPECT_NEAR(X(player), 15.0f, kTol);
}

TEST_F(PlayerTest, SeekWrapsLoopsAndClampsOneShots) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kRamp));
  player.seek(2.5f);
  EXPECT_FLOAT_EQ(player.time(), 0.5f);
  EXPECT_NEAR(X(player), 5.0f, kTol);
  ASSERT_TRUE(player.play(kRamp, false));
  player.seek(3.0f);
  EXPECT_FLOAT_EQ(player.time(), 2.0f);
  EXPECT_NEAR(X(player), 20.0f, kTol);
  EXPECT_TRUE(player.finished());
  player.seek(-1.0f);
  EXPECT_FLOAT_EQ(player.time(), 0.0f);
  EXPECT_NEAR(X(player), 0.0f, kTol);
}

TEST_F(PlayerTest, LinearCrossfadeIsHalfwayAfterHalfItsTime) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kZero));
  ASSERT_TRUE(player.crossfade(kTen, Fade(0.5f)));
  // At the start the incoming clip has no weight yet.
  EXPECT_TRUE(player.fading());
  EXPECT_EQ(player.clip(), kTen);
  EXPECT_EQ(player.fading_from(), kZero);
  EXPECT_FLOAT_EQ(player.current_weight(), 0.0f);
  EXPECT_FLOAT_EQ(player.fade_progress(), 0.0f);
  EXPECT_TRUE(TransformNear(player.pose()[0], MakeTransform({0, 0, 0}), kTol));

  player.update(0.25f);
  EXPECT_TRUE(player.fading());
  EXPECT_FLOAT_EQ(player.current_weight(), 0.5f);
  EXPECT_FLOAT_EQ(player.fade_progress(), 0.5f);
  // Halfway between x = 0 and x = 10, and between 0° and 90° about Z.
  EXPECT_TRUE(TransformNear(player.pose()[0], MakeTransform({5, 0, 0}, RotZ(45.0f)), kTol));
  ExpectChildAtRest(player);

  player.update(0.25f);
  EXPECT_FALSE(player.fading());
  EXPECT_EQ(player.fading_from(), -1);
  EXPECT_FLOAT_EQ(player.current_weight(), 1.0f);
  EXPECT_FLOAT_EQ(player.fade_progress(), 1.0f);
  EXPECT_TRUE(TransformNear(player.pose()[0], MakeTransform({10, 0, 0}, RotZ(90.0f)), kTol));
  ExpectChildAtRest(player);
}

TEST_F(PlayerTest, CrossfadeStartsIncomingClipFromZeroAndKeepsSourcePlaying) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kRamp));
  player.update(0.5f);  // Ramp at x = 5.
  ASSERT_TRUE(player.crossfade(kTen, Fade(0.5f)));
  EXPECT_FLOAT_EQ(player.time(), 0.0f);
  EXPECT_NEAR(X(player), 5.0f, kTol);
  player.update(0.25f);
  // The ramp played on to 0.75 s (x = 7.5); half of it and half of x = 10 is 8.75.
  EXPECT_FLOAT_EQ(player.time(), 0.25f);
  EXPECT_NEAR(X(player), 8.75f, kTol);
}

// Phase sync: the incoming clip starts at the outgoing clip's normalized time. The ramp (2 s)
// at 0.5 s is a quarter through; the 1 s clip starts at 0.25 s, not at 0.
TEST_F(PlayerTest, PhaseSyncedCrossfadeStartsAtTheSourcesNormalizedTime) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kRamp));
  player.update(0.5f);
  CrossfadeOptions options = Fade(0.5f);
  options.sync_phase = true;
  ASSERT_TRUE(player.crossfade(kTen, options));
  EXPECT_NEAR(player.time(), 0.25f, kTol);
  player.update(0.1f);
  EXPECT_NEAR(player.time(), 0.35f, kTol);
  // The other way: the 1 s clip at 0.35 s fades into the ramp at 0.7 s (x = 7), here at once.
  options.seconds = 0.0f;
  ASSERT_TRUE(player.crossfade(kRamp, options));
  EXPECT_NEAR(player.time(), 0.7f, kTol);
  EXPECT_NEAR(X(player), 7.0f, kTol);
  // Without sync it starts at 0, as before.
  ASSERT_TRUE(player.crossfade(kTen, Fade(0.5f)));
  EXPECT_FLOAT_EQ(player.time(), 0.0f);
}

// With sync markers both clips have, the place between the same markers carries over. The ramp
// (2 s) has "a" at 0.2 s and "b" at 1.2 s; the 1 s clip has "a" at 0.5 s and "b" at 0.9 s. The
// ramp at 0.7 s is halfway from a to b, so the other clip starts halfway from its a to its b,
// at 0.7 s (normalized time would have given 0.35 s).
TEST_F(PlayerTest, PhaseSyncedCrossfadeFollowsSyncMarkers) {
  const std::vector<SyncMarkerDef> markers = {
      {kRamp, 0, 0.2f}, {kRamp, 1, 1.2f}, {kTen, 0, 0.5f}, {kTen, 1, 0.9f}};
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kRamp));
  player.update(0.7f);
  CrossfadeOptions options = Fade(0.5f);
  options.sync_phase = true;
  options.sync_markers = markers;
  ASSERT_TRUE(player.crossfade(kTen, options));
  EXPECT_NEAR(player.time(), 0.7f, 1e-4f);
  // A clip without markers falls back to normalized time: 0.7 / 1 s of kTen into the 1 s kZero.
  ASSERT_TRUE(player.crossfade(kZero, options));
  EXPECT_NEAR(player.time(), 0.7f, 1e-4f);
}

TEST_F(PlayerTest, IncomingClipAdvancesDuringCrossfade) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kZero));
  ASSERT_TRUE(player.crossfade(kRamp, Fade(0.5f)));
  player.update(0.25f);
  // Ramp at 0.25 s is x = 2.5; half of it and half of x = 0 is 1.25.
  EXPECT_NEAR(X(player), 1.25f, kTol);
  player.update(0.25f);
  EXPECT_NEAR(X(player), 5.0f, kTol);  // Fade over: the ramp alone at 0.5 s.
}

TEST_F(PlayerTest, SmoothstepCurveWeightsIncomingClip) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kZero));
  ASSERT_TRUE(player.crossfade(kMinus, Fade(1.0f, FadeCurve::kSmoothstep)));
  player.update(0.25f);
  // 0.25^2 * (3 - 2 * 0.25) = 0.0625 * 2.5 = 0.15625.
  EXPECT_FLOAT_EQ(player.current_weight(), 0.15625f);
  EXPECT_FLOAT_EQ(player.fade_progress(), 0.25f);
  EXPECT_NEAR(X(player), -1.5625f, kTol);
  player.update(0.25f);
  EXPECT_FLOAT_EQ(player.current_weight(), 0.5f);
  EXPECT_NEAR(X(player), -5.0f, kTol);
}

TEST_F(PlayerTest, SpeedScalesCrossfadeTime) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kZero));
  player.set_speed(2.0f);
  ASSERT_TRUE(player.crossfade(kMinus, Fade(0.5f)));
  player.update(0.125f);  // 0.25 s of animation time.
  EXPECT_FLOAT_EQ(player.current_weight(), 0.5f);
  EXPECT_NEAR(X(player), -5.0f, kTol);
}

TEST_F(PlayerTest, FreezeSourceHoldsOutgoingPose) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kRamp));
  player.update(0.5f);  // Ramp at x = 5.
  CrossfadeOptions options = Fade(0.5f);
  options.freeze_source = true;
  ASSERT_TRUE(player.crossfade(kTen, options));
  EXPECT_TRUE(player.fading());
  EXPECT_EQ(player.fading_from(), -1);  // A frozen pose, not a playing clip.
  EXPECT_NEAR(X(player), 5.0f, kTol);
  player.update(0.25f);
  // The outgoing pose stays at x = 5 (a playing ramp would be at 7.5): (5 + 10) / 2.
  EXPECT_NEAR(X(player), 7.5f, kTol);
}

TEST_F(PlayerTest, CrossfadeFromAHeldPoseTheSkeletonFits) {
  Player player(skeleton_, clips_);
  // A pose the Player did not make: x = 4 on the root, the child at rest.
  std::vector<Transform> held = skeleton_.rest;
  held[0].translation = {4, 0, 0};
  ASSERT_TRUE(player.crossfade_from(held, kTen, Fade(1.0f)));
  EXPECT_TRUE(player.fading());
  EXPECT_EQ(player.fading_from(), -1);
  EXPECT_NEAR(X(player), 4.0f, kTol);
  player.update(0.25f);  // A quarter: 0.75 * 4 + 0.25 * 10.
  EXPECT_NEAR(X(player), 5.5f, kTol);
  EXPECT_TRUE(Vec3Near(player.fade_source_pose()[0].translation, {4, 0, 0}, kTol));
  EXPECT_TRUE(Vec3Near(player.fade_target_pose()[0].translation, {10, 0, 0}, kTol));
  ExpectChildAtRest(player);
  player.update(1.0f);
  EXPECT_FALSE(player.fading());
  EXPECT_NEAR(X(player), 10.0f, kTol);
  // A pose of another size, or a clip that is not there, changes nothing.
  const std::vector<Transform> wrong(3);
  EXPECT_FALSE(player.crossfade_from(wrong, kZero, Fade(1.0f)));
  EXPECT_FALSE(player.crossfade_from(held, kClipCount, Fade(1.0f)));
  EXPECT_EQ(player.clip(), kTen);
  EXPECT_FALSE(player.fading());
}

TEST_F(PlayerTest, FadePosesAreTheTwoClipsTheBlendMixes) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kRamp));
  player.update(0.5f);  // Ramp at x = 5.
  ASSERT_TRUE(player.crossfade(kMinus, Fade(1.0f)));
  player.update(0.25f);  // Ramp on to 0.75 s (x = 7.5); minus at -10; a quarter faded.
  ASSERT_TRUE(player.fading());
  EXPECT_TRUE(Vec3Near(player.fade_source_pose()[0].translation, {7.5f, 0, 0}, kTol));
  EXPECT_TRUE(Vec3Near(player.fade_target_pose()[0].translation, {-10, 0, 0}, kTol));
  EXPECT_TRUE(Vec3Near(player.pose()[0].translation, {0.75f * 7.5f - 0.25f * 10.0f, 0, 0}, kTol));
  // A frozen source is the pose shown when the fade started.
  CrossfadeOptions frozen = Fade(1.0f);
  frozen.freeze_source = true;
  ASSERT_TRUE(player.crossfade(kZero, frozen));
  player.update(0.5f);
  EXPECT_TRUE(Vec3Near(player.fade_source_pose()[0].translation,
                       {0.75f * 7.5f - 0.25f * 10.0f, 0, 0}, kTol));
  EXPECT_TRUE(Vec3Near(player.fade_target_pose()[0].translation, {0, 0, 0}, kTol));
}

TEST_F(PlayerTest, CrossfadeLoopOptionSetsIncomingLooping) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kZero));
  CrossfadeOptions options = Fade(0.5f);
  options.loop = false;
  ASSERT_TRUE(player.crossfade(kRamp, options));
  EXPECT_FALSE(player.looping());
  player.update(3.0f);
  EXPECT_FLOAT_EQ(player.time(), 2.0f);
  EXPECT_TRUE(player.finished());
}

TEST_F(PlayerTest, CrossfadeDuringCrossfadeDoesNotPop) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kZero));
  ASSERT_TRUE(player.crossfade(kTen, Fade(0.5f)));
  // Weight 0.4: x = 4; the rotation is (0.6 + 0.4 cos 45°, 0, 0, 0.4 sin 45°) normalized, whose
  // half angle is atan(0.28284 / 0.88284) = 17.764°: 35.529° about Z.
  player.update(0.2f);
  ASSERT_NEAR(X(player), 4.0f, kTol);
  ASSERT_TRUE(SameRotation(player.pose()[0].rotation, RotZ(35.529f), 1e-4f));
  const Transform before = player.pose()[0];

  ASSERT_TRUE(player.crossfade(kMinus, Fade(0.5f)));
  EXPECT_TRUE(player.fading());
  EXPECT_EQ(player.clip(), kMinus);
  EXPECT_TRUE(TransformNear(player.pose()[0], before, kTol));
  ExpectChildAtRest(player);

  player.update(0.25f);
  // From the pose shown at the switch (x = 4) halfway to x = -10: -3. An even blend of 35.529°
  // and no rotation is 17.764°.
  EXPECT_NEAR(X(player), -3.0f, kTol);
  EXPECT_TRUE(SameRotation(player.pose()[0].rotation, RotZ(17.764f), 1e-4f));
}

TEST_F(PlayerTest, CrossfadeDuringCrossfadeWithMovingSourceDoesNotPop) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kRamp));
  player.update(0.5f);
  ASSERT_TRUE(player.crossfade(kTen, Fade(0.5f)));
  player.update(0.25f);  // (7.5 + 10) / 2 = 8.75.
  const Transform before = player.pose()[0];
  ASSERT_NEAR(before.translation.x, 8.75f, kTol);

  ASSERT_TRUE(player.crossfade(kZero, Fade(0.5f)));
  EXPECT_TRUE(TransformNear(player.pose()[0], before, kTol));
  player.update(0.25f);
  EXPECT_NEAR(X(player), 4.375f, kTol);  // Half of the held 8.75 and half of 0.
}

TEST_F(PlayerTest, SecondCrossfadeWithoutUpdateDoesNotPop) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kZero));
  ASSERT_TRUE(player.crossfade(kTen, Fade(0.5f)));
  ASSERT_TRUE(player.crossfade(kMinus, Fade(0.5f)));
  EXPECT_TRUE(TransformNear(player.pose()[0], MakeTransform({0, 0, 0}), kTol));
}

TEST_F(PlayerTest, ZeroSecondCrossfadeActsLikePlay) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kRamp));
  player.update(0.5f);
  ASSERT_TRUE(player.crossfade(kTen, Fade(0.0f)));
  EXPECT_FALSE(player.fading());
  EXPECT_EQ(player.clip(), kTen);
  EXPECT_FLOAT_EQ(player.time(), 0.0f);
  EXPECT_NEAR(X(player), 10.0f, kTol);
}

TEST_F(PlayerTest, CrossfadeWithNothingPlayingActsLikePlay) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.crossfade(kTen, Fade(0.5f)));
  EXPECT_FALSE(player.fading());
  EXPECT_EQ(player.clip(), kTen);
  EXPECT_NEAR(X(player), 10.0f, kTol);
}

TEST_F(PlayerTest, CrossfadeByName) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kZero));
  ASSERT_TRUE(player.crossfade("ten", Fade(0.5f)));
  EXPECT_EQ(player.clip(), kTen);
  EXPECT_TRUE(player.fading());
}

TEST_F(PlayerTest, PlayDuringCrossfadeCancelsIt) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kZero));
  ASSERT_TRUE(player.crossfade(kTen, Fade(0.5f)));
  player.update(0.25f);
  ASSERT_TRUE(player.play(kMinus));
  EXPECT_FALSE(player.fading());
  EXPECT_NEAR(X(player), -10.0f, kTol);
}

TEST_F(PlayerTest, BadClipIndexReturnsFalseAndChangesNothing) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kRamp));
  player.update(0.5f);
  const Transform before = player.pose()[0];

  EXPECT_FALSE(player.play(kClipCount));
  EXPECT_FALSE(player.play(-1));
  EXPECT_FALSE(player.play("no such clip"));
  EXPECT_FALSE(player.crossfade(kClipCount, Fade(0.5f)));
  EXPECT_FALSE(player.crossfade(-1, Fade(0.5f)));
  EXPECT_FALSE(player.crossfade(kClipCount, Fade(0.0f)));
  EXPECT_FALSE(player.crossfade("no such clip", Fade(0.5f)));

  EXPECT_EQ(player.clip(), kRamp);
  EXPECT_FLOAT_EQ(player.time(), 0.5f);
  EXPECT_TRUE(player.looping());
  EXPECT_FALSE(player.fading());
  EXPECT_TRUE(SameBits(player.pose()[0], before));
  player.update(0.25f);  // Still playing the ramp.
  EXPECT_NEAR(X(player), 7.5f, kTol);
}

TEST_F(PlayerTest, BadClipIndexDuringCrossfadeChangesNothing) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kZero));
  ASSERT_TRUE(player.crossfade(kTen, Fade(0.5f)));
  player.update(0.25f);
  const Transform before = player.pose()[0];
  EXPECT_FALSE(player.crossfade(kClipCount + 3, Fade(0.5f)));
  EXPECT_FALSE(player.play(-7));
  EXPECT_TRUE(player.fading());
  EXPECT_EQ(player.clip(), kTen);
  EXPECT_EQ(player.fading_from(), kZero);
  EXPECT_FLOAT_EQ(player.current_weight(), 0.5f);
  EXPECT_TRUE(SameBits(player.pose()[0], before));
}

TEST(FadeWeightTest, LinearIsProgress) {
  EXPECT_FLOAT_EQ(fade_weight(FadeCurve::kLinear, 0.0f), 0.0f);
  EXPECT_FLOAT_EQ(fade_weight(FadeCurve::kLinear, 0.3f), 0.3f);
  EXPECT_FLOAT_EQ(fade_weight(FadeCurve::kLinear, 1.0f), 1.0f);
}

TEST(FadeWeightTest, SmoothstepEasesInAndOut) {
  EXPECT_FLOAT_EQ(fade_weight(FadeCurve::kSmoothstep, 0.0f), 0.0f);
  EXPECT_FLOAT_EQ(fade_weight(FadeCurve::kSmoothstep, 0.25f), 0.15625f);
  EXPECT_FLOAT_EQ(fade_weight(FadeCurve::kSmoothstep, 0.5f), 0.5f);
  EXPECT_FLOAT_EQ(fade_weight(FadeCurve::kSmoothstep, 0.75f), 0.84375f);  // 0.5625 * 1.5.
  EXPECT_FLOAT_EQ(fade_weight(FadeCurve::kSmoothstep, 1.0f), 1.0f);
}

TEST(FadeWeightTest, ClampsProgressOutsideZeroToOne) {
  for (FadeCurve curve : {FadeCurve::kLinear, FadeCurve::kSmoothstep}) {
    EXPECT_FLOAT_EQ(fade_weight(curve, -0.5f), 0.0f);
    EXPECT_FLOAT_EQ(fade_weight(curve, 1.5f), 1.0f);
  }
}

static_assert(std::is_constructible_v<Player, const Skeleton&, const std::vector<Clip>&>);
static_assert(!std::is_constructible_v<Player, Skeleton&&, const std::vector<Clip>&>);
static_assert(!std::is_constructible_v<Player, const Skeleton&, std::vector<Clip>&&>);

// The same Player on the clips compressed as a package holds them: it samples them in place and
// blends on the same SoA path (the compression keeps 0.1 mm on these 1-unit-scale clips).
TEST_F(PlayerTest, PlaysAndCrossfadesCompressedClips) {
  std::vector<CompressedClip> packed;
  for (const Clip& clip : clips_) {
    Result<bake::CompressedResult> c = bake::compress_clip(clip, skeleton_);
    ASSERT_TRUE(c.ok()) << clip.name;
    packed.push_back(std::move(c.value().clip));
  }
  Player player(skeleton_, packed);
  ASSERT_TRUE(player.play("ramp"));
  player.update(0.5f);
  EXPECT_NEAR(X(player), 5.0f, 1e-3f);  // 20 units in 2 s.
  ASSERT_TRUE(player.crossfade("minus", Fade(1.0f)));
  player.update(0.5f);
  // Halfway: ramp at 1 s (x = 10) and minus (x = -10) weigh the same.
  EXPECT_NEAR(X(player), 0.0f, 1e-3f);
  EXPECT_NEAR(player.fade_source_pose()[0].translation.x, 10.0f, 1e-3f);
  EXPECT_NEAR(player.fade_target_pose()[0].translation.x, -10.0f, 1e-3f);
  EXPECT_TRUE(TransformNear(player.pose()[1], skeleton_.rest[1], 1e-3f));
  // The SoA pose is the one pose() converts.
  ASSERT_EQ(player.soa_pose().size(), 1u);
  EXPECT_TRUE(SameBits(player.soa_pose()[0].get(0), player.pose()[0]));
  player.update(0.6f);
  EXPECT_FALSE(player.fading());
  EXPECT_NEAR(X(player), -10.0f, 1e-3f);
  EXPECT_FALSE(player.play("no such clip"));
}

}  // namespace
}  // namespace anim
