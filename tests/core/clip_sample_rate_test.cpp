// estimate_sample_rate on clips built by hand: regular keys, float jitter, a few odd keys,
// irregular keys, no spacing at all, and rates outside what frame numbers can use.
#include <algorithm>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clip.h"
#include "anim/clip_sample_rate.h"

namespace anim {
namespace {

// A clip of two joints: joint 0 has rotation keys at `times`, joint 1 translation keys at
// `times_b` (either may be empty).
Clip clip_with_keys(const std::vector<float>& times, const std::vector<float>& times_b = {}) {
  float duration = 0.0f;
  for (float t : times) duration = std::max(duration, t);
  for (float t : times_b) duration = std::max(duration, t);
  ClipBuilder builder("c", duration, 2);
  for (float t : times) builder.add_rotation(0, t, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  for (float t : times_b) builder.add_translation(1, t, glm::vec3(t));
  return builder.build();
}

std::vector<float> regular(int count, double rate, double start = 0.0) {
  std::vector<float> times;
  for (int i = 0; i < count; ++i) times.push_back(static_cast<float>(start + i / rate));
  return times;
}

TEST(ClipSampleRateTest, RegularKeysGiveTheirRate) {
  EXPECT_FLOAT_EQ(estimate_sample_rate(clip_with_keys(regular(10, 30.0))), 30.0f);
  EXPECT_FLOAT_EQ(estimate_sample_rate(clip_with_keys(regular(10, 24.0))), 24.0f);
  EXPECT_FLOAT_EQ(estimate_sample_rate(clip_with_keys({0.0f, 0.0625f, 0.125f})), 16.0f);
}

TEST(ClipSampleRateTest, FloatJitterOfALongTakeStillGivesAWholeRate) {
  // 120 Hz keys 20 s in: float times there are only good to about 2e-6 s.
  EXPECT_FLOAT_EQ(estimate_sample_rate(clip_with_keys(regular(2400, 120.0, 20.0))), 120.0f);
}

TEST(ClipSampleRateTest, ARateThatIsNotWholeIsKept) {
  const float rate = estimate_sample_rate(clip_with_keys(regular(100, 29.97)));
  EXPECT_NEAR(rate, 29.97f, 1e-3f);
}

TEST(ClipSampleRateTest, TheMostCommonSpacingWinsOverAFewOthers) {
  // Rotation every 0.05 s (8 spacings), translation only at the ends (1 spacing of 0.4 s).
  const Clip clip = clip_with_keys(regular(9, 20.0), {0.0f, 0.4f});
  EXPECT_FLOAT_EQ(estimate_sample_rate(clip), 20.0f);
}

TEST(ClipSampleRateTest, IrregularKeysGiveZeroAndFramesCountAtThirty) {
  // Spacings 0.1, 0.3, 0.2, 0.5: none is half of them.
  const Clip clip = clip_with_keys({0.0f, 0.1f, 0.4f, 0.6f, 1.1f});
  EXPECT_EQ(estimate_sample_rate(clip), 0.0f);
  EXPECT_EQ(frame_rate_of(clip), kDefaultSampleRate);
  EXPECT_EQ(kDefaultSampleRate, 30.0f);
}

TEST(ClipSampleRateTest, NoTwoKeysOnATrackGiveZero) {
  EXPECT_EQ(estimate_sample_rate(clip_with_keys({0.5f}, {0.25f})), 0.0f);
  EXPECT_EQ(estimate_sample_rate(clip_with_keys({})), 0.0f);
}

TEST(ClipSampleRateTest, RatesOutsideTenToAThousandGiveZero) {
  EXPECT_EQ(kMinSampleRate, 10.0f);
  EXPECT_EQ(kMaxSampleRate, 1000.0f);
  // A key every 0.5 s is a clip keyed by hand, not sampled at 2 Hz.
  EXPECT_EQ(estimate_sample_rate(clip_with_keys({0.0f, 0.5f, 1.0f, 1.5f})), 0.0f);
  EXPECT_EQ(estimate_sample_rate(clip_with_keys(regular(10, 2000.0))), 0.0f);  // 2 kHz
}

TEST(ClipSampleRateTest, FrameRateOfUsesAKnownRate) {
  Clip clip = clip_with_keys(regular(5, 24.0));
  clip.sample_rate = 120.0f;
  EXPECT_EQ(frame_rate_of(clip), 120.0f);
}

TEST(ClipSampleRateTest, ValidateRefusesABadSampleRate) {
  Clip clip = clip_with_keys(regular(5, 24.0));
  clip.sample_rate = -1.0f;
  EXPECT_FALSE(clip.validate(2).ok());
  clip.sample_rate = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(clip.validate(2).ok());
  clip.sample_rate = 24.0f;
  EXPECT_TRUE(clip.validate(2).ok());
}

}  // namespace
}  // namespace anim
