#include "anim/sampling.h"

#include <cmath>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/clip_set.h"
#include "anim/soa_pose.h"
#include "anim/transform.h"
#include "support/jobs.h"
#include "support/maths.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr float kTol = 1e-5f;
const glm::quat kIdentity(1.0f, 0.0f, 0.0f, 0.0f);

// A rest pose whose joints all differ, so that a joint taking its own rest value is visible.
std::vector<Transform> MakeRest(std::size_t joints) {
  std::vector<Transform> rest;
  for (std::size_t j = 0; j < joints; ++j) {
    const float f = static_cast<float>(j + 1);
    rest.push_back(MakeTransform({f, 2 * f, 3 * f}, RotZ(10.0f * f), {f, f, f}));
  }
  return rest;
}

// Samples `clip` at `time` with a fresh cursor.
std::vector<Transform> Sample(const Clip& clip, const std::vector<Transform>& rest, float time) {
  return SampleClip(clip, rest, time);
}

// One joint, translations (0, 0, 0) at t = 0 and (4, -2, 8) at t = 2.
Clip TranslationClip() {
  ClipBuilder b("translate", 2.0f, 1);
  b.add_translation(0, 0.0f, {0, 0, 0});
  b.add_translation(0, 2.0f, {4, -2, 8});
  return b.build();
}

// One joint, rotation 0° at t = 0 and 90° about Z at t = 1.
Clip QuarterTurnClip() {
  ClipBuilder b("turn", 1.0f, 1);
  b.add_rotation(0, 0.0f, kIdentity);
  b.add_rotation(0, 1.0f, glm::quat(kHalfSqrt2, 0, 0, kHalfSqrt2));
  return b.build();
}

TEST(SamplingTest, TranslationIsInterpolatedLinearlyBetweenKeys) {
  const Clip clip = TranslationClip();
  const std::vector<Transform> rest = MakeRest(1);
  // A quarter of the way: (1, -0.5, 2).
  EXPECT_TRUE(Vec3Near(Sample(clip, rest, 0.5f)[0].translation, {1, -0.5f, 2}, kTol));
  // Halfway: (2, -1, 4).
  EXPECT_TRUE(Vec3Near(Sample(clip, rest, 1.0f)[0].translation, {2, -1, 4}, kTol));
}

TEST(SamplingTest, ScaleIsInterpolatedLinearlyBetweenKeys) {
  ClipBuilder b("scale", 3.0f, 1);
  b.add_scale(0, 1.0f, {1, 1, 1});
  b.add_scale(0, 3.0f, {3, 5, 1});
  const Clip clip = b.build();
  // t = 2.5 is three quarters of the way from t = 1 to t = 3: (1 + 1.5, 1 + 3, 1).
  EXPECT_TRUE(Vec3Near(Sample(clip, MakeRest(1), 2.5f)[0].scale, {2.5f, 4, 1}, kTol));
}

TEST(SamplingTest, InterpolationUsesTheKeyPairAroundTheTime) {
  ClipBuilder b("three", 3.0f, 1);
  b.add_translation(0, 0.0f, {0, 0, 0});
  b.add_translation(0, 1.0f, {10, 0, 0});
  b.add_translation(0, 3.0f, {10, 20, 0});
  const Clip clip = b.build();
  const std::vector<Transform> rest = MakeRest(1);
  EXPECT_TRUE(Vec3Near(Sample(clip, rest, 0.25f)[0].translation, {2.5f, 0, 0}, kTol));
  // Between the second and third keys, a quarter of the way: y = 5.
  EXPECT_TRUE(Vec3Near(Sample(clip, rest, 1.5f)[0].translation, {10, 5, 0}, kTol));
}

TEST(SamplingTest, RotationIsSlerpedAtConstantAngularSpeed) {
  const Clip clip = QuarterTurnClip();
  const std::vector<Transform> rest = MakeRest(1);
  // Slerp turns at a constant rate: a quarter of 90° is 22.5°. Normalized lerp would give about
  // 21.6° here, so 0.01° tells them apart.
  const glm::quat q = Sample(clip, rest, 0.25f)[0].rotation;
  EXPECT_NEAR(AngleDegrees(q), 22.5f, 0.01f);
  // About +Z: cos 11.25° = 0.98078528, sin 11.25° = 0.19509032.
  EXPECT_TRUE(SameRotation(q, glm::quat(0.98078528f, 0, 0, 0.19509032f), kTol));

  EXPECT_NEAR(AngleDegrees(Sample(clip, rest, 0.5f)[0].rotation), 45.0f, 0.01f);
  EXPECT_NEAR(AngleDegrees(Sample(clip, rest, 0.75f)[0].rotation), 67.5f, 0.01f);
}

TEST(SamplingTest, SlerpShortestEndsOnTheKeys) {
  const glm::quat a = RotZ(20.0f);
  const glm::quat b = AxisAngle(glm::vec3(1, 0, 0), 70.0f);
  EXPECT_TRUE(SameRotation(slerp_shortest(a, b, 0.0f), a, kTol));
  EXPECT_TRUE(SameRotation(slerp_shortest(a, b, 1.0f), b, kTol));
}

TEST(SamplingTest, RotationTakesShortestPathWhenKeysHaveOppositeSigns) {
  // 10° about Z, then 30° about Z written as its negated quaternion (the same rotation).
  ClipBuilder b("signs", 1.0f, 1);
  b.add_rotation(0, 0.0f, RotZ(10.0f));
  const glm::quat r30 = RotZ(30.0f);
  b.add_rotation(0, 1.0f, glm::quat(-r30.w, -r30.x, -r30.y, -r30.z));
  const Clip clip = b.build();
  // Halfway the short way is 20°; the long way would pass near 180°.
  EXPECT_TRUE(SameRotation(Sample(clip, MakeRest(1), 0.5f)[0].rotation, RotZ(20.0f), kTol));
  EXPECT_TRUE(SameRotation(Sample(clip, MakeRest(1), 0.25f)[0].rotation, RotZ(15.0f), kTol));
}

TEST(SamplingTest, RotationTakesShortWayBetweenKeys350DegreesApart) {
  // 0° to 350° about Z: the short way is 10° backwards, so halfway is -5° (355°), not 175°.
  ClipBuilder b("wrap", 1.0f, 1);
  b.add_rotation(0, 0.0f, kIdentity);
  b.add_rotation(0, 1.0f, RotZ(350.0f));  // w = cos 175° < 0.
  const Clip clip = b.build();
  const glm::quat q = Sample(clip, MakeRest(1), 0.5f)[0].rotation;
  EXPECT_NEAR(AngleDegrees(q), 5.0f, 0.01f);
  // cos 2.5° = 0.99904822, sin 2.5° = 0.04361939; the axis is -Z.
  EXPECT_TRUE(SameRotation(q, glm::quat(0.99904822f, 0, 0, -0.04361939f), kTol));
}

TEST(SamplingTest, SlerpShortestOfOppositeRepresentationsStaysPut) {
  // q and -q are one rotation: every point in between is that rotation.
  const glm::quat q = AxisAngle(glm::vec3(0, 1, 0), 40.0f);
  const glm::quat minus_q(-q.w, -q.x, -q.y, -q.z);
  for (float t : {0.0f, 0.3f, 0.5f, 0.9f, 1.0f}) {
    EXPECT_TRUE(SameRotation(slerp_shortest(q, minus_q, t), q, kTol)) << "t = " << t;
  }
}

TEST(SamplingTest, SampledRotationIsUnitLength) {
  ClipBuilder b("unit", 1.0f, 1);
  b.add_rotation(0, 0.0f, AxisAngle(glm::vec3(0.6f, 0.0f, 0.8f), 170.0f));
  b.add_rotation(0, 0.5f, AxisAngle(glm::vec3(0, 1, 0), -120.0f));
  b.add_rotation(0, 0.5001f, AxisAngle(glm::vec3(0, 1, 0), -120.01f));  // Nearly parallel.
  b.add_rotation(0, 1.0f, RotZ(5.0f));
  const Clip clip = b.build();
  const std::vector<Transform> rest = MakeRest(1);
  for (int i = 0; i <= 100; ++i) {
    const float t = static_cast<float>(i) / 100.0f;
    EXPECT_NEAR(Length(Sample(clip, rest, t)[0].rotation), 1.0f, 1e-6f) << "t = " << t;
  }
  EXPECT_NEAR(Length(Sample(clip, rest, 0.50005f)[0].rotation), 1.0f, 1e-6f);
}

TEST(SamplingTest, SlerpShortestOfNearlyEqualKeysIsUnitAndBetweenThem) {
  // 1° apart: the nearly-parallel branch must still give a unit quaternion in between.
  const glm::quat q = slerp_shortest(RotZ(30.0f), RotZ(31.0f), 0.5f);
  EXPECT_NEAR(Length(q), 1.0f, 1e-6f);
  EXPECT_TRUE(SameRotation(q, RotZ(30.5f), 1e-5f));
}

TEST(SamplingTest, TimeBeforeFirstKeyHoldsFirstKey) {
  ClipBuilder b("late", 3.0f, 1);
  b.add_translation(0, 1.0f, {1, 2, 3});
  b.add_translation(0, 2.0f, {5, 5, 5});
  b.add_rotation(0, 1.0f, RotZ(30.0f));
  b.add_rotation(0, 2.0f, RotZ(60.0f));
  const Clip clip = b.build();
  const std::vector<Transform> rest = MakeRest(1);
  for (float t : {0.999f, 0.5f, 0.0f, -3.0f}) {
    const Transform x = Sample(clip, rest, t)[0];
    EXPECT_TRUE(Vec3Near(x.translation, {1, 2, 3}, 0.0f)) << "t = " << t;
    EXPECT_TRUE(SameRotation(x.rotation, RotZ(30.0f), kTol)) << "t = " << t;
  }
}

TEST(SamplingTest, TimeAfterLastKeyHoldsLastKey) {
  const Clip clip = TranslationClip();
  const std::vector<Transform> rest = MakeRest(1);
  for (float t : {2.0f, 2.001f, 7.0f, 1e6f}) {
    EXPECT_TRUE(Vec3Near(Sample(clip, rest, t)[0].translation, {4, -2, 8}, 0.0f)) << "t = " << t;
  }
}

TEST(SamplingTest, TimeExactlyOnKeyGivesThatKey) {
  ClipBuilder b("keys", 2.0f, 1);
  b.add_translation(0, 0.0f, {0, 0, 0});
  b.add_translation(0, 0.5f, {7, 1, -1});
  b.add_translation(0, 2.0f, {-3, 3, 3});
  b.add_rotation(0, 0.0f, kIdentity);
  b.add_rotation(0, 0.5f, RotZ(40.0f));
  b.add_rotation(0, 2.0f, RotZ(-40.0f));
  const Clip clip = b.build();
  const std::vector<Transform> rest = MakeRest(1);
  const Transform first = Sample(clip, rest, 0.0f)[0];
  EXPECT_TRUE(Vec3Near(first.translation, {0, 0, 0}, 0.0f));
  EXPECT_TRUE(SameRotation(first.rotation, kIdentity, kTol));
  const Transform middle = Sample(clip, rest, 0.5f)[0];
  EXPECT_TRUE(Vec3Near(middle.translation, {7, 1, -1}, 0.0f));
  EXPECT_TRUE(SameRotation(middle.rotation, RotZ(40.0f), kTol));
  const Transform last = Sample(clip, rest, 2.0f)[0];
  EXPECT_TRUE(Vec3Near(last.translation, {-3, 3, 3}, 0.0f));
  EXPECT_TRUE(SameRotation(last.rotation, RotZ(-40.0f), kTol));
}

TEST(SamplingTest, SingleKeyTrackHoldsAtEveryTime) {
  ClipBuilder b("single", 2.0f, 1);
  b.add_translation(0, 0.7f, {9, 8, 7});
  b.add_rotation(0, 0.7f, RotZ(33.0f));
  b.add_scale(0, 0.7f, {2, 2, 2});
  const Clip clip = b.build();
  const std::vector<Transform> rest = MakeRest(1);
  for (float t : {-1.0f, 0.0f, 0.7f, 1.5f, 100.0f}) {
    EXPECT_TRUE(TransformNear(Sample(clip, rest, t)[0],
                              MakeTransform({9, 8, 7}, RotZ(33.0f), {2, 2, 2}), kTol))
        << "t = " << t;
  }
}

TEST(SamplingTest, JointsAndKindsWithoutKeysKeepRestPose) {
  // Three joints: joint 1 has translation keys only, joints 0 and 2 have no keys at all.
  ClipBuilder b("partial", 1.0f, 3);
  b.add_translation(1, 0.0f, {0, 0, 0});
  b.add_translation(1, 1.0f, {0, 10, 0});
  const Clip clip = b.build();
  const std::vector<Transform> rest = MakeRest(3);
  const std::vector<Transform> out = Sample(clip, rest, 0.5f);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_TRUE(SameBits(out[0], rest[0]));
  EXPECT_TRUE(SameBits(out[2], rest[2]));
  EXPECT_TRUE(Vec3Near(out[1].translation, {0, 5, 0}, kTol));
  // Rest of joint 1: rotation 20° about Z, scale 2.
  EXPECT_TRUE(SameRotation(out[1].rotation, RotZ(20.0f), 0.0f));
  EXPECT_TRUE(Vec3Near(out[1].scale, {2, 2, 2}, 0.0f));
}

TEST(SamplingTest, ClipWithoutKeysGivesRestPose) {
  const Clip clip = ClipBuilder("empty", 1.0f, 4).build();
  const std::vector<Transform> rest = MakeRest(4);
  for (float t : {-1.0f, 0.0f, 0.5f, 3.0f}) {
    const std::vector<Transform> out = Sample(clip, rest, t);
    for (std::size_t j = 0; j < rest.size(); ++j) {
      EXPECT_TRUE(SameBits(out[j], rest[j])) << "joint " << j << ", t = " << t;
    }
  }
}

// A clip whose joints have many irregularly spaced keys, for cursor tests.
Clip ManyKeysClip() {
  ClipBuilder b("many", 2.0f, 3);
  for (int j = 0; j < 3; ++j) {
    const int keys = 9 + 7 * j;  // Different key counts per joint.
    for (int k = 0; k < keys; ++k) {
      const float t =
          2.0f * static_cast<float>(k) / static_cast<float>(keys - 1) + (k % 3 == 1 ? 0.01f : 0.0f);
      const float f = static_cast<float>(k);
      b.add_translation(j, t, {f, f * f * 0.1f, -f});
      b.add_rotation(j, t, AxisAngle(glm::vec3(0, 0.6f, 0.8f), 25.0f * f));
      b.add_scale(j, t * 0.5f + 0.25f, {1 + 0.1f * f, 1, 2 - 0.05f * f});
    }
  }
  return b.build();
}

// Samples with a cursor that is kept across calls and with a fresh one; both must agree exactly.
void ExpectCursorAgreesWithFresh(const Clip& clip, const std::vector<Transform>& rest,
                                 const std::vector<float>& times) {
  SamplingCursor kept(clip.joint_count());
  std::vector<Transform> out(clip.joint_count());
  for (float t : times) {
    ASSERT_TRUE(RunSampling(clip, rest, t, kept, out));
    const std::vector<Transform> expected = Sample(clip, rest, t);
    for (std::size_t j = 0; j < out.size(); ++j) {
      ASSERT_TRUE(SameBits(out[j], expected[j])) << "joint " << j << ", t = " << t;
    }
  }
}

TEST(SamplingTest, CursorGivesSameResultsSamplingForward) {
  const Clip clip = ManyKeysClip();
  std::vector<float> times;
  for (int i = 0; i <= 230; ++i) times.push_back(-0.1f + 0.01f * static_cast<float>(i));
  ExpectCursorAgreesWithFresh(clip, MakeRest(3), times);
}

TEST(SamplingTest, CursorGivesSameResultsSamplingBackward) {
  const Clip clip = ManyKeysClip();
  std::vector<float> times;
  for (int i = 230; i >= 0; --i) times.push_back(-0.1f + 0.01f * static_cast<float>(i));
  ExpectCursorAgreesWithFresh(clip, MakeRest(3), times);
}

TEST(SamplingTest, CursorGivesSameResultsWithLargeForwardSteps) {
  // Steps that skip many keys at once, past the cursor's short forward scan.
  const Clip clip = ManyKeysClip();
  ExpectCursorAgreesWithFresh(clip, MakeRest(3), {0.01f, 0.9f, 1.05f, 1.95f, 0.02f, 1.99f});
}

TEST(SamplingTest, CursorGivesSameResultsJumpingRandomly) {
  const Clip clip = ManyKeysClip();
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> dist(-0.5f, 2.5f);
  std::vector<float> times;
  for (int i = 0; i < 500; ++i) times.push_back(dist(rng));
  // Some round times and both ends too.
  times.insert(times.end(), {0.0f, 2.0f, 1.0f, 0.25f, 1.25f, 0.0f});
  ExpectCursorAgreesWithFresh(clip, MakeRest(3), times);
}

TEST(SamplingTest, CursorUsedWithAnotherClipStillGivesRightAnswer) {
  const Clip many = ManyKeysClip();
  ClipBuilder b("few", 1.0f, 3);
  for (int j = 0; j < 3; ++j) {
    b.add_translation(j, 0.0f, {0, 0, 0});
    b.add_translation(j, 1.0f, {10, 0, 0});
  }
  const Clip few = b.build();
  const std::vector<Transform> rest = MakeRest(3);

  // Leave the cursor's hints near the end of the many-key clip.
  SamplingCursor cursor(3);
  std::vector<Transform> out(3);
  SamplingJob job;
  job.clip = &many;
  job.rest = rest;
  job.time = 1.97f;
  job.cursor = &cursor;
  job.output = out;
  ASSERT_TRUE(job.run());

  job.clip = &few;
  job.time = 0.3f;
  ASSERT_TRUE(job.run());
  for (int j = 0; j < 3; ++j) EXPECT_TRUE(Vec3Near(out[j].translation, {3, 0, 0}, kTol));
}

TEST(SamplingTest, CursorResetKeepsSizeAndResults) {
  SamplingCursor cursor(5);
  EXPECT_EQ(cursor.joint_count(), 5u);
  cursor.rotation()[2] = 17u;
  cursor.reset();
  EXPECT_EQ(cursor.joint_count(), 5u);
  EXPECT_EQ(cursor.rotation()[2], 0u);
}

class SamplingValidateTest : public ::testing::Test {
 protected:
  SamplingValidateTest() : clip_(TranslationClip()), rest_(MakeRest(1)), cursor_(1), out_(1) {
    job_.clip = &clip_;
    job_.rest = rest_;
    job_.time = 1.0f;
    job_.cursor = &cursor_;
    job_.output = out_;
  }

  // run() must fail and leave the output as it was.
  void ExpectRejected() {
    EXPECT_FALSE(job_.validate());
    const Transform marker = MakeTransform({-7, -7, -7});
    for (Transform& x : out_) x = marker;
    EXPECT_FALSE(job_.run());
    for (const Transform& x : out_) EXPECT_TRUE(SameBits(x, marker));
  }

  Clip clip_;
  std::vector<Transform> rest_;
  SamplingCursor cursor_;
  std::vector<Transform> out_;
  SamplingJob job_;
};

TEST_F(SamplingValidateTest, AcceptsMatchingSizes) {
  EXPECT_TRUE(job_.validate());
  EXPECT_TRUE(job_.run());
}

TEST_F(SamplingValidateTest, RejectsMissingClip) {
  job_.clip = nullptr;
  ExpectRejected();
}

TEST_F(SamplingValidateTest, RejectsMissingCursor) {
  job_.cursor = nullptr;
  EXPECT_FALSE(job_.validate());
  EXPECT_FALSE(job_.run());
}

TEST_F(SamplingValidateTest, RejectsCursorOfWrongSize) {
  cursor_.resize(2);
  ExpectRejected();
}

TEST_F(SamplingValidateTest, RejectsRestOfWrongSize) {
  rest_ = MakeRest(2);
  job_.rest = rest_;
  ExpectRejected();
}

TEST_F(SamplingValidateTest, RejectsOutputOfWrongSize) {
  std::vector<Transform> bigger(2);
  job_.output = bigger;
  EXPECT_FALSE(job_.validate());
  EXPECT_FALSE(job_.run());
  EXPECT_TRUE(SameBits(bigger[0], Transform::identity()));
  EXPECT_TRUE(SameBits(bigger[1], Transform::identity()));
}

TEST_F(SamplingValidateTest, RejectsClipWithMissingTrackRanges) {
  clip_.scales.ranges.clear();
  ExpectRejected();
}

TEST(WrapTimeTest, LoopWrapsPastTheEnd) {
  EXPECT_FLOAT_EQ(wrap_time(2.5f, 2.0f, true), 0.5f);
  EXPECT_FLOAT_EQ(wrap_time(7.25f, 2.0f, true), 1.25f);
  EXPECT_FLOAT_EQ(wrap_time(1.5f, 2.0f, true), 1.5f);
}

TEST(WrapTimeTest, LoopWrapsNegativeTimes) {
  EXPECT_FLOAT_EQ(wrap_time(-0.25f, 1.0f, true), 0.75f);
  EXPECT_FLOAT_EQ(wrap_time(-1.25f, 1.0f, true), 0.75f);
  EXPECT_FLOAT_EQ(wrap_time(-4.5f, 2.0f, true), 1.5f);
}

TEST(WrapTimeTest, LoopMapsExactMultiplesToZero) {
  EXPECT_FLOAT_EQ(wrap_time(0.0f, 2.0f, true), 0.0f);
  EXPECT_FLOAT_EQ(wrap_time(2.0f, 2.0f, true), 0.0f);
  EXPECT_FLOAT_EQ(wrap_time(6.0f, 2.0f, true), 0.0f);
  EXPECT_FLOAT_EQ(wrap_time(-2.0f, 2.0f, true), 0.0f);
  EXPECT_FLOAT_EQ(wrap_time(-6.0f, 2.0f, true), 0.0f);
  EXPECT_FLOAT_EQ(wrap_time(4.5f, 1.5f, true), 0.0f);
}

TEST(WrapTimeTest, LoopResultStaysBelowDuration) {
  // -1e-9 + 1 rounds to 1 in float: the result must still lie in [0, duration).
  const float t = wrap_time(-1e-9f, 1.0f, true);
  EXPECT_GE(t, 0.0f);
  EXPECT_LT(t, 1.0f);
}

TEST(WrapTimeTest, OneShotClampsToClip) {
  EXPECT_FLOAT_EQ(wrap_time(-1.0f, 2.0f, false), 0.0f);
  EXPECT_FLOAT_EQ(wrap_time(0.0f, 2.0f, false), 0.0f);
  EXPECT_FLOAT_EQ(wrap_time(1.5f, 2.0f, false), 1.5f);
  EXPECT_FLOAT_EQ(wrap_time(2.0f, 2.0f, false), 2.0f);
  EXPECT_FLOAT_EQ(wrap_time(3.0f, 2.0f, false), 2.0f);
}

TEST(WrapTimeTest, ZeroOrBadDurationGivesZero) {
  for (bool loop : {true, false}) {
    EXPECT_FLOAT_EQ(wrap_time(5.0f, 0.0f, loop), 0.0f);
    EXPECT_FLOAT_EQ(wrap_time(-5.0f, 0.0f, loop), 0.0f);
    EXPECT_FLOAT_EQ(wrap_time(5.0f, -1.0f, loop), 0.0f);
    EXPECT_FLOAT_EQ(wrap_time(5.0f, std::numeric_limits<float>::quiet_NaN(), loop), 0.0f);
  }
}

TEST(WrapTimeTest, NanTimeGivesZero) {
  for (bool loop : {true, false}) {
    EXPECT_FLOAT_EQ(wrap_time(std::numeric_limits<float>::quiet_NaN(), 2.0f, loop), 0.0f);
  }
}

// SoaSamplingJob: the same sampling into SoA blocks. Six joints take two blocks; joint 0 moves
// and joint 5 (lane 1 of the second block) turns, the others keep their rest values, and the two
// lanes past the last joint keep the rest pose's (here the identity of a made pose).
TEST(SoaSamplingTest, SamplesIntoTheLanesOfEachJointAndKeepsTheRest) {
  ClipBuilder b("mixed", 2.0f, 6);
  b.add_translation(0, 0.0f, {0, 0, 0});
  b.add_translation(0, 2.0f, {4, -2, 8});
  b.add_rotation(5, 0.0f, kIdentity);
  b.add_rotation(5, 2.0f, RotZ(90.0f));
  const Clip clip = b.build();
  const std::vector<Transform> rest = MakeRest(6);
  SoaPose soa_rest = make_soa_pose(6), out = make_soa_pose(6);
  to_soa(rest, soa_rest);
  SamplingCursor cursor(6);
  SoaSamplingJob job{&clip, soa_rest, 1.0f, &cursor, out};
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.size(), 2u);
  // Halfway: (2, -1, 4), and 45° about z.
  const Transform j0 = out[0].get(0), j5 = out[1].get(1);
  EXPECT_TRUE(Vec3Near(j0.translation, {2, -1, 4}, kTol));
  EXPECT_TRUE(SameRotation(j0.rotation, rest[0].rotation, kTol));
  EXPECT_TRUE(Vec3Near(j0.scale, rest[0].scale, kTol));
  EXPECT_TRUE(SameRotation(j5.rotation, RotZ(45.0f), kTol));
  EXPECT_TRUE(Vec3Near(j5.translation, rest[5].translation, kTol));
  for (std::size_t j = 1; j < 5; ++j) {
    EXPECT_TRUE(TransformNear(out[j / 4].get(j % 4), rest[j], 0.0f)) << "joint " << j;
  }
  for (std::size_t l = 2; l < 4; ++l) {
    EXPECT_TRUE(TransformNear(out[1].get(l), Transform::identity(), 0.0f)) << "lane " << l;
  }
}

TEST(SoaSamplingTest, RejectsWhatDoesNotFitAndWritesNothing) {
  const Clip clip = TranslationClip();  // One joint: one block.
  SoaPose rest = make_soa_pose(1), out = make_soa_pose(1), two = make_soa_pose(5);
  SamplingCursor cursor(1), wide(2);
  const SoaPose before = out;
  EXPECT_TRUE((SoaSamplingJob{&clip, rest, 1.0f, &cursor, out}.validate()));
  EXPECT_FALSE((SoaSamplingJob{nullptr, rest, 1.0f, &cursor, out}.run()));
  EXPECT_FALSE((SoaSamplingJob{&clip, rest, 1.0f, nullptr, out}.run()));
  EXPECT_FALSE((SoaSamplingJob{&clip, rest, 1.0f, &wide, out}.run()));
  EXPECT_FALSE((SoaSamplingJob{&clip, two, 1.0f, &cursor, out}.run()));
  EXPECT_FALSE((SoaSamplingJob{&clip, rest, 1.0f, &cursor, two}.run()));
  EXPECT_TRUE(TransformNear(out[0].get(0), before[0].get(0), 0.0f));
}

// A ClipSet is a view: made from a temporary vector it would dangle, so that does not compile.
static_assert(std::is_constructible_v<ClipSet, const std::vector<Clip>&>);
static_assert(!std::is_constructible_v<ClipSet, std::vector<Clip>&&>);
static_assert(!std::is_constructible_v<ClipSet, std::vector<CompressedClip>&&>);
static_assert(!std::is_convertible_v<std::vector<Clip>&&, ClipSet>);

TEST(ClipSamplingJobTest, SamplesFloatClipsIntoSoAAndChecksItsInputs) {
  const std::vector<Clip> clips = {TranslationClip(), QuarterTurnClip()};
  const ClipSet set(clips);
  SoaPose rest = make_soa_pose(1), out = make_soa_pose(1);
  ClipCursor cursor;
  cursor.reserve(set, 1);
  ClipSamplingJob job{set, 1, 0.5f, &cursor, rest, out};
  ASSERT_TRUE(job.run());
  EXPECT_TRUE(SameRotation(out[0].get(0).rotation, RotZ(45.0f), kTol));
  job.clip = 0;
  job.time = 1.0f;
  ASSERT_TRUE(job.run());
  EXPECT_TRUE(Vec3Near(out[0].get(0).translation, {2, -1, 4}, kTol));

  ClipSamplingJob bad = job;
  bad.clip = 2;  // Out of range.
  EXPECT_FALSE(bad.validate());
  EXPECT_FALSE(bad.run());
  bad = job;
  bad.cursor = nullptr;
  EXPECT_FALSE(bad.run());
  ClipCursor other;
  other.reserve(set, 3);  // Reserved for a skeleton of three joints: the clips do not fit it.
  bad = job;
  bad.cursor = &other;
  EXPECT_FALSE(bad.run());
  SoaPose two = make_soa_pose(5);
  bad = job;
  bad.output = two;
  EXPECT_FALSE(bad.run());
  bad = job;
  bad.rest = two;
  EXPECT_FALSE(bad.run());
}

}  // namespace
}  // namespace anim
