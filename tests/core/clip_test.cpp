#include "anim/clip.h"

#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "support/maths.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

TEST(ClipBuilderTest, SortsKeysGivenOutOfOrder) {
  ClipBuilder b("walk", 2.0f, 1);
  b.add_translation(0, 2.0f, {2, 0, 0});
  b.add_translation(0, 0.0f, {0, 0, 0});
  b.add_translation(0, 1.0f, {1, 0, 0});
  b.add_scale(0, 1.5f, {3, 3, 3});
  b.add_scale(0, 0.5f, {1, 1, 1});
  const Clip clip = b.build();

  ASSERT_EQ(clip.translations.ranges.size(), 1u);
  EXPECT_EQ(clip.translations.ranges[0].offset, 0u);
  EXPECT_EQ(clip.translations.ranges[0].count, 3u);
  EXPECT_EQ(clip.translations.times, (std::vector<float>{0.0f, 1.0f, 2.0f}));
  ASSERT_EQ(clip.translations.values.size(), 3u);
  EXPECT_TRUE(Vec3Near(clip.translations.values[0], {0, 0, 0}, 0.0f));
  EXPECT_TRUE(Vec3Near(clip.translations.values[1], {1, 0, 0}, 0.0f));
  EXPECT_TRUE(Vec3Near(clip.translations.values[2], {2, 0, 0}, 0.0f));

  EXPECT_EQ(clip.scales.times, (std::vector<float>{0.5f, 1.5f}));
  ASSERT_EQ(clip.scales.values.size(), 2u);
  EXPECT_TRUE(Vec3Near(clip.scales.values[0], {1, 1, 1}, 0.0f));
  EXPECT_TRUE(Vec3Near(clip.scales.values[1], {3, 3, 3}, 0.0f));
}

TEST(ClipBuilderTest, MergesKeysAtTheSameTimeKeepingTheLastGiven) {
  ClipBuilder b("dup", 1.0f, 1);
  b.add_translation(0, 0.5f, {1, 1, 1});
  b.add_translation(0, 0.0f, {0, 0, 0});
  b.add_translation(0, 0.5f, {2, 2, 2});
  b.add_translation(0, 0.5f, {3, 3, 3});
  const Clip clip = b.build();

  EXPECT_EQ(clip.translations.times, (std::vector<float>{0.0f, 0.5f}));
  ASSERT_EQ(clip.translations.values.size(), 2u);
  EXPECT_TRUE(Vec3Near(clip.translations.values[1], {3, 3, 3}, 0.0f));
  EXPECT_EQ(clip.translations.ranges[0].count, 2u);
  EXPECT_TRUE(clip.validate(1).ok());
}

TEST(ClipBuilderTest, NormalizesRotations) {
  ClipBuilder b("rot", 1.0f, 1);
  b.add_rotation(0, 0.0f, glm::quat(2, 0, 0, 0));  // Length 2: identity.
  b.add_rotation(0, 1.0f, glm::quat(0, 3, 0, 4));  // Length 5: (0, 0.6, 0, 0.8).
  const Clip clip = b.build();
  ASSERT_EQ(clip.rotations.values.size(), 2u);
  EXPECT_TRUE(SameRotation(clip.rotations.values[0], glm::quat(1, 0, 0, 0), 1e-6f));
  EXPECT_NEAR(clip.rotations.values[1].w, 0.0f, 1e-6f);
  EXPECT_NEAR(clip.rotations.values[1].x, 0.6f, 1e-6f);
  EXPECT_NEAR(clip.rotations.values[1].y, 0.0f, 1e-6f);
  EXPECT_NEAR(clip.rotations.values[1].z, 0.8f, 1e-6f);
}

TEST(ClipBuilderTest, ReplacesZeroRotationWithIdentity) {
  ClipBuilder b("zero", 1.0f, 1);
  b.add_rotation(0, 0.0f, glm::quat(0, 0, 0, 0));
  const Clip clip = b.build();
  ASSERT_EQ(clip.rotations.values.size(), 1u);
  EXPECT_TRUE(SameRotation(clip.rotations.values[0], glm::quat(1, 0, 0, 0), 0.0f));
  EXPECT_TRUE(clip.validate(1).ok());
}

TEST(ClipBuilderTest, PacksJointsIntoConsecutiveRanges) {
  ClipBuilder b("pack", 1.0f, 3);
  b.add_rotation(2, 0.5f, glm::quat(1, 0, 0, 0));
  b.add_rotation(0, 0.0f, glm::quat(1, 0, 0, 0));
  b.add_rotation(0, 1.0f, glm::quat(1, 0, 0, 0));
  b.add_translation(1, 0.0f, {1, 2, 3});
  const Clip clip = b.build();

  EXPECT_EQ(clip.name, "pack");
  EXPECT_EQ(clip.joint_count(), 3u);
  ASSERT_EQ(clip.rotations.ranges.size(), 3u);
  EXPECT_EQ(clip.rotations.ranges[0].offset, 0u);
  EXPECT_EQ(clip.rotations.ranges[0].count, 2u);
  EXPECT_EQ(clip.rotations.ranges[1].offset, 2u);
  EXPECT_EQ(clip.rotations.ranges[1].count, 0u);
  EXPECT_EQ(clip.rotations.ranges[2].offset, 2u);
  EXPECT_EQ(clip.rotations.ranges[2].count, 1u);
  EXPECT_EQ(clip.rotations.times, (std::vector<float>{0.0f, 1.0f, 0.5f}));
  ASSERT_EQ(clip.translations.ranges.size(), 3u);
  EXPECT_EQ(clip.translations.ranges[1].count, 1u);
  ASSERT_EQ(clip.scales.ranges.size(), 3u);
  EXPECT_TRUE(clip.scales.times.empty());

  EXPECT_EQ(clip.key_count(), 4u);             // 3 rotations + 1 translation.
  EXPECT_EQ(clip.animated_joint_count(), 3u);  // Joint 1 through its translation.
  EXPECT_TRUE(clip.validate(3).ok());
}

TEST(ClipBuilderTest, CountsOnlyJointsWithKeysAsAnimated) {
  ClipBuilder b("some", 1.0f, 4);
  b.add_scale(3, 0.0f, {2, 2, 2});
  const Clip clip = b.build();
  EXPECT_EQ(clip.animated_joint_count(), 1u);
  EXPECT_EQ(clip.key_count(), 1u);
}

TEST(ClipBuilderTest, KeepsDurationAndClampsBadDurationToZero) {
  EXPECT_FLOAT_EQ(ClipBuilder("a", 1.25f, 1).build().duration, 1.25f);
  EXPECT_FLOAT_EQ(ClipBuilder("b", -1.0f, 1).build().duration, 0.0f);
  EXPECT_FLOAT_EQ(ClipBuilder("c", kNaN, 1).build().duration, 0.0f);
  EXPECT_FLOAT_EQ(ClipBuilder("d", kInf, 1).build().duration, 0.0f);
}

TEST(ClipBuilderTest, DropsKeysWithNonFiniteTimes) {
  ClipBuilder b("nan", 1.0f, 1);
  b.add_translation(0, kNaN, {9, 9, 9});
  b.add_translation(0, 0.5f, {1, 1, 1});
  const Clip clip = b.build();
  EXPECT_EQ(clip.translations.times, (std::vector<float>{0.5f}));
  EXPECT_TRUE(clip.validate(1).ok());
}

// A valid two-joint clip for the validate() tests to break one piece at a time.
Clip ValidClip() {
  ClipBuilder b("valid", 1.0f, 2);
  b.add_translation(0, 0.0f, {0, 0, 0});
  b.add_translation(0, 0.5f, {1, 0, 0});
  b.add_translation(0, 1.0f, {2, 0, 0});
  b.add_rotation(1, 0.0f, glm::quat(1, 0, 0, 0));
  b.add_rotation(1, 1.0f, glm::quat(0, 0, 0, 1));
  b.add_scale(1, 0.25f, {1, 1, 1});
  return b.build();
}

void ExpectInvalid(const Clip& clip, std::size_t joints) {
  const Status s = clip.validate(joints);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, Error::Code::kInvalidData);
  // The message names the clip.
  EXPECT_NE(s.error().message.find(clip.name), std::string::npos) << s.error().message;
}

TEST(ClipValidateTest, AcceptsBuiltClip) {
  const Status s = ValidClip().validate(2);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
}

TEST(ClipValidateTest, RejectsClipForAnotherJointCount) {
  ExpectInvalid(ValidClip(), 3);
  ExpectInvalid(ValidClip(), 1);
}

TEST(ClipValidateTest, RejectsTrackKindWithWrongRangeCount) {
  Clip clip = ValidClip();
  clip.scales.ranges.push_back({});
  ExpectInvalid(clip, 2);

  clip = ValidClip();
  clip.translations.ranges.pop_back();
  ExpectInvalid(clip, 2);
}

TEST(ClipValidateTest, RejectsRepeatedTime) {
  Clip clip = ValidClip();
  clip.translations.times[1] = 0.0f;  // 0, 0, 1.
  ExpectInvalid(clip, 2);
}

TEST(ClipValidateTest, RejectsDecreasingTime) {
  Clip clip = ValidClip();
  clip.rotations.times[1] = -0.5f;  // 0, -0.5.
  ExpectInvalid(clip, 2);
}

TEST(ClipValidateTest, AllowsTimesToRestartInTheNextJointsRange) {
  // Only times inside one range must increase.
  ClipBuilder b("ranges", 1.0f, 2);
  b.add_translation(0, 0.0f, {0, 0, 0});
  b.add_translation(0, 1.0f, {0, 0, 0});
  b.add_translation(1, 0.0f, {0, 0, 0});
  EXPECT_TRUE(b.build().validate(2).ok());
}

TEST(ClipValidateTest, RejectsNonFiniteTimesAndValues) {
  // A NaN time, translation and rotation, and an infinite scale, one at a time.
  void (*const spoil[])(Clip&) = {
      [](Clip& c) { c.scales.times[0] = kNaN; },
      [](Clip& c) { c.translations.values[2].y = kNaN; },
      [](Clip& c) { c.rotations.values[0].w = kNaN; },
      [](Clip& c) { c.scales.values[0].z = kInf; },
  };
  for (std::size_t i = 0; i < std::size(spoil); ++i) {
    SCOPED_TRACE(i);
    Clip clip = ValidClip();
    spoil[i](clip);
    ExpectInvalid(clip, 2);
  }
}

TEST(ClipValidateTest, RejectsBadDuration) {
  for (float duration : {-0.5f, kNaN, kInf}) {
    Clip clip = ValidClip();
    clip.duration = duration;
    ExpectInvalid(clip, 2);
  }
}

TEST(ClipValidateTest, AcceptsZeroDuration) {
  Clip clip = ValidClip();
  clip.duration = 0.0f;
  EXPECT_TRUE(clip.validate(2).ok());
}

TEST(ClipValidateTest, RejectsRangePastTheArrays) {
  Clip clip = ValidClip();
  clip.translations.ranges[0].count = 4;  // Only 3 keys exist.
  ExpectInvalid(clip, 2);

  clip = ValidClip();
  clip.rotations.ranges[1].offset = 0xFFFFFFFFu;  // offset + count overflows 32 bits.
  ExpectInvalid(clip, 2);
}

TEST(ClipValidateTest, RejectsTimesAndValuesOfDifferentLength) {
  Clip clip = ValidClip();
  clip.translations.values.pop_back();
  ExpectInvalid(clip, 2);
}

}  // namespace
}  // namespace anim
