// Tests of the 1D blend space: neighbour weights on the parameter axis, the phase rate that keeps
// clips of different length in step, the sampler that blends the two neighbours at one shared
// normalized time, and the smoothed walk/run parameter. Every expected value is worked out by
// hand (or with glm) in the test itself.
#include "anim/blend_space.h"

#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/sampling.h"
#include "anim/span.h"
#include "anim/transform.h"
#include "support/maths.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr float kTol = 1e-5f;
constexpr float kFrame = 1.0f / 60.0f;
const glm::quat kIdentity(1.0f, 0.0f, 0.0f, 0.0f);

glm::quat Negated(const glm::quat& q) { return glm::quat(-q.w, -q.x, -q.y, -q.z); }

// A space with points at `positions`; point i plays clip clips[i] (clip i when `clips` is empty).
BlendSpace1DDef Space(const std::vector<float>& positions, std::vector<int> clips = {}) {
  BlendSpace1DDef space;
  space.name = "test";
  space.parameter = 0;
  space.positions = positions;
  if (clips.empty()) {
    for (std::size_t i = 0; i < positions.size(); ++i) clips.push_back(static_cast<int>(i));
  }
  space.clips = clips;
  return space;
}

// The weight of every point for `value`, after checking the invariants of BlendSpaceWeights:
// indices in range and adjacent, weight in [0, 1], and 0 when both neighbours are one point.
std::vector<float> PointWeights(const BlendSpace1DDef& space, float value) {
  const int n = static_cast<int>(space.positions.size());
  const BlendSpaceWeights w = blend_space_weights(space, value);
  std::vector<float> weights(space.positions.size(), 0.0f);
  EXPECT_GE(w.lower, 0) << "value " << value;
  EXPECT_LE(w.lower, w.upper) << "value " << value;
  EXPECT_LE(w.upper - w.lower, 1) << "value " << value;
  EXPECT_LT(w.upper, n) << "value " << value;
  EXPECT_GE(w.upper_weight, 0.0f) << "value " << value;
  EXPECT_LE(w.upper_weight, 1.0f) << "value " << value;
  if (w.lower == w.upper) {
    EXPECT_EQ(w.upper_weight, 0.0f) << "value " << value;
  }
  if (w.lower < 0 || w.upper >= n || w.lower > w.upper) return weights;
  weights[w.lower] += 1.0f - w.upper_weight;
  weights[w.upper] += w.upper_weight;
  return weights;
}

::testing::AssertionResult WeightsNear(const std::vector<float>& actual,
                                       const std::vector<float>& expected) {
  bool same = actual.size() == expected.size();
  for (std::size_t i = 0; same && i < actual.size(); ++i) {
    same = std::fabs(actual[i] - expected[i]) <= kTol;
  }
  if (same) return ::testing::AssertionSuccess();
  ::testing::AssertionResult failure = ::testing::AssertionFailure();
  failure << "actual {";
  for (float w : actual) failure << " " << w;
  failure << " } vs expected {";
  for (float w : expected) failure << " " << w;
  return failure << " }";
}

// ---------------------------------------------------------------------------------------------
// blend_space_weights

TEST(BlendSpaceWeightsTest, TwoPointsExactAtEachPoint) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f});
  EXPECT_TRUE(WeightsNear(PointWeights(space, 0.0f), {1, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, 1.0f), {0, 1}));
}

TEST(BlendSpaceWeightsTest, TwoPointsBetweenIsLinear) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f});
  for (float value : {0.25f, 0.5f, 0.9f}) {
    const BlendSpaceWeights w = blend_space_weights(space, value);
    EXPECT_EQ(w.lower, 0);
    EXPECT_EQ(w.upper, 1);
    EXPECT_NEAR(w.upper_weight, value, kTol);  // (value - 0) / (1 - 0).
  }
}

TEST(BlendSpaceWeightsTest, TwoPointsOffTheUnitAxis) {
  const BlendSpace1DDef space = Space({-1.0f, 3.0f});
  // (0 - -1) / 4 = 0.25; (2 - -1) / 4 = 0.75.
  EXPECT_TRUE(WeightsNear(PointWeights(space, 0.0f), {0.75f, 0.25f}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, 2.0f), {0.25f, 0.75f}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, -1.0f), {1, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, 3.0f), {0, 1}));
}

TEST(BlendSpaceWeightsTest, TwoPointsClampedBeyondBothEnds) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f});
  EXPECT_TRUE(WeightsNear(PointWeights(space, -0.5f), {1, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, -1e6f), {1, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, 1.5f), {0, 1}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, 1e6f), {0, 1}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, std::numeric_limits<float>::infinity()), {0, 1}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, -std::numeric_limits<float>::infinity()), {1, 0}));
}

TEST(BlendSpaceWeightsTest, ThreePointsExactAtEachPoint) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f, 4.0f});
  EXPECT_TRUE(WeightsNear(PointWeights(space, 0.0f), {1, 0, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, 1.0f), {0, 1, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, 4.0f), {0, 0, 1}));
}

TEST(BlendSpaceWeightsTest, ThreePointsNonUniformSpacingBetweenPoints) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f, 4.0f});
  struct Case {
    float value;
    int lower, upper;
    float weight;
  };
  const Case cases[] = {
      {0.25f, 0, 1, 0.25f},  // 0.25 / 1.
      {1.3f, 1, 2, 0.1f},    // (1.3 - 1) / 3.
      {2.5f, 1, 2, 0.5f},    // (2.5 - 1) / 3.
      {3.25f, 1, 2, 0.75f},  // (3.25 - 1) / 3.
  };
  for (const Case& c : cases) {
    const BlendSpaceWeights w = blend_space_weights(space, c.value);
    EXPECT_EQ(w.lower, c.lower) << "value " << c.value;
    EXPECT_EQ(w.upper, c.upper) << "value " << c.value;
    EXPECT_NEAR(w.upper_weight, c.weight, kTol) << "value " << c.value;
  }
}

TEST(BlendSpaceWeightsTest, ThreePointsClampedBeyondBothEnds) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f, 4.0f});
  EXPECT_TRUE(WeightsNear(PointWeights(space, -2.0f), {1, 0, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, 9.0f), {0, 0, 1}));
}

TEST(BlendSpaceWeightsTest, FourPointsNonUniformSpacing) {
  const BlendSpace1DDef space = Space({-1.0f, 0.0f, 0.5f, 3.0f});
  EXPECT_TRUE(WeightsNear(PointWeights(space, -0.5f), {0.5f, 0.5f, 0, 0}));  // 0.5 / 1.
  EXPECT_TRUE(WeightsNear(PointWeights(space, 0.0f), {0, 1, 0, 0}));         // A point.
  EXPECT_TRUE(WeightsNear(PointWeights(space, 0.25f), {0, 0.5f, 0.5f, 0}));  // 0.25 / 0.5.
  EXPECT_TRUE(WeightsNear(PointWeights(space, 0.5f), {0, 0, 1, 0}));         // A point.
  EXPECT_TRUE(WeightsNear(PointWeights(space, 0.75f), {0, 0, 0.9f, 0.1f}));  // 0.25 / 2.5.
  EXPECT_TRUE(WeightsNear(PointWeights(space, 2.5f), {0, 0, 0.2f, 0.8f}));   // 2 / 2.5.
  EXPECT_TRUE(WeightsNear(PointWeights(space, -3.0f), {1, 0, 0, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, 3.5f), {0, 0, 0, 1}));
}

TEST(BlendSpaceWeightsTest, SinglePointTakesAllTheWeight) {
  const BlendSpace1DDef space = Space({2.0f});
  for (float value : {-5.0f, 2.0f, 7.0f}) {
    EXPECT_TRUE(WeightsNear(PointWeights(space, value), {1})) << "value " << value;
  }
}

TEST(BlendSpaceWeightsTest, NanParameterStillGivesValidWeights) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f, 4.0f});
  const std::vector<float> w = PointWeights(space, std::numeric_limits<float>::quiet_NaN());
  EXPECT_NEAR(w[0] + w[1] + w[2], 1.0f, kTol);
}

// Sweeping the parameter along the axis, the weights always sum to 1 and each point's weight
// changes by at most step / (narrowest spacing) per step: no jump at a point or at either end.
TEST(BlendSpaceWeightsTest, WeightsSumToOneAndChangeContinuouslyAlongTheAxis) {
  const BlendSpace1DDef space = Space({-1.0f, 0.0f, 0.5f, 3.0f});
  const float step = 0.005f;
  const float max_change = step / 0.5f + 1e-4f;
  std::vector<float> previous = PointWeights(space, -2.0f);
  for (int i = 1; i <= 1200; ++i) {
    const float value = -2.0f + step * static_cast<float>(i);  // Up to 4.
    const std::vector<float> w = PointWeights(space, value);
    float sum = 0.0f;
    for (std::size_t k = 0; k < w.size(); ++k) {
      sum += w[k];
      EXPECT_LE(std::fabs(w[k] - previous[k]), max_change) << "point " << k << " at " << value;
    }
    EXPECT_NEAR(sum, 1.0f, kTol) << "value " << value;
    previous = w;
  }
}

// ---------------------------------------------------------------------------------------------
// Clips shared by the phase-rate and sampler tests.

// Clip indices of the fixture. Joint 0 is animated, joint 1 never is (it keeps its rest pose).
constexpr int kSlowX = 0;     // 1 s; joint 0 at x = t: from 0 to 1 (five keys).
constexpr int kFastY = 1;     // 0.5 s; joint 0 at y = 2t: from 0 to 1.
constexpr int kFastX = 2;     // 0.5 s; joint 0 at x = 2t: from 0 to 1 (six keys).
constexpr int kMidX = 3;      // 0.75 s; joint 0 at x = t / 0.75: from 0 to 1.
constexpr int kPoseA = 4;     // 1 s; joint 0 holds T (2, 0, 0), no rotation, S (1, 1, 1).
constexpr int kPoseB = 5;     // 1 s; joint 0 holds T (0, 4, 0), 90° about Z, S (3, 1, 1).
constexpr int kPoseBNeg = 6;  // As kPoseB with the rotation's quaternion negated.
constexpr int kStill = 7;     // 0 s; joint 0 holds T (5, 0, 0), no rotation key.
constexpr int kLong = 8;      // 4 s; joint 0 holds T (0, 0, 1).

class BlendSpaceClipsTest : public ::testing::Test {
 protected:
  BlendSpaceClipsTest() {
    rest_ = {MakeTransform({0, 0, 0}), MakeTransform({0, 1, 0}, RotZ(30.0f), {2, 2, 2})};

    ClipBuilder slow_x("slow_x", 1.0f, 2);
    for (float t : {0.0f, 0.25f, 0.5f, 0.75f, 1.0f}) slow_x.add_translation(0, t, {t, 0, 0});
    ClipBuilder fast_y("fast_y", 0.5f, 2);
    fast_y.add_translation(0, 0.0f, {0, 0, 0});
    fast_y.add_translation(0, 0.5f, {0, 1, 0});
    ClipBuilder fast_x("fast_x", 0.5f, 2);
    for (float t : {0.0f, 0.1f, 0.2f, 0.3f, 0.4f, 0.5f}) {
      fast_x.add_translation(0, t, {2.0f * t, 0, 0});
    }
    ClipBuilder mid_x("mid_x", 0.75f, 2);
    mid_x.add_translation(0, 0.0f, {0, 0, 0});
    mid_x.add_translation(0, 0.375f, {0.5f, 0, 0});
    mid_x.add_translation(0, 0.75f, {1, 0, 0});
    ClipBuilder pose_a("pose_a", 1.0f, 2);
    pose_a.add_translation(0, 0.0f, {2, 0, 0});
    pose_a.add_rotation(0, 0.0f, kIdentity);
    pose_a.add_scale(0, 0.0f, {1, 1, 1});
    ClipBuilder pose_b("pose_b", 1.0f, 2);
    pose_b.add_translation(0, 0.0f, {0, 4, 0});
    pose_b.add_rotation(0, 0.0f, RotZ(90.0f));
    pose_b.add_scale(0, 0.0f, {3, 1, 1});
    ClipBuilder pose_b_neg("pose_b_neg", 1.0f, 2);
    pose_b_neg.add_translation(0, 0.0f, {0, 4, 0});
    pose_b_neg.add_rotation(0, 0.0f, Negated(RotZ(90.0f)));
    pose_b_neg.add_scale(0, 0.0f, {3, 1, 1});
    ClipBuilder still("still", 0.0f, 2);
    still.add_translation(0, 0.0f, {5, 0, 0});
    ClipBuilder long_clip("long", 4.0f, 2);
    long_clip.add_translation(0, 0.0f, {0, 0, 1});
    clips_ = {slow_x.build(), fast_y.build(),     fast_x.build(), mid_x.build(),    pose_a.build(),
              pose_b.build(), pose_b_neg.build(), still.build(),  long_clip.build()};
    cursors_[0].reserve(clips_, 2);
    cursors_[1].reserve(clips_, 2);
    to_soa(rest_, soa_rest_);
  }

  float Rate(const BlendSpace1DDef& space, float value) const {
    return blend_space_phase_rate(space, clips_, blend_space_weights(space, value));
  }

  // Runs the sampler for `space` at parameter `value` and normalized time `phase`.
  std::vector<Transform> Sample(const BlendSpace1DDef& space, float value, float phase) {
    std::vector<Transform> out(2);
    PerJointSampler sampler = Sampler(space, blend_space_weights(space, value), phase, out);
    EXPECT_TRUE(sampler.run()) << "value " << value << ", phase " << phase;
    return out;
  }

  // The sampler works on SoA poses: this one samples into a pose of out->size() joints and
  // converts it into `out` when it runs.
  struct PerJointSampler : BlendSpaceSampler {
    std::vector<Transform>* out = nullptr;
    SoaPose soa_out;

    bool run() {
      soa_out = make_soa_pose(out->size());
      output = soa_out;
      if (!BlendSpaceSampler::run()) return false;
      from_soa(soa_out, *out);
      return true;
    }
  };

  PerJointSampler Sampler(const BlendSpace1DDef& space, const BlendSpaceWeights& weights,
                          float phase, std::vector<Transform>& out) {
    PerJointSampler sampler;
    sampler.space = &space;
    sampler.clips = clips_;
    sampler.rest = soa_rest_;
    sampler.weights = weights;
    sampler.phase = phase;
    sampler.cursors = {&cursors_[0], &cursors_[1]};
    sampler.scratch = scratch_;
    sampler.out = &out;
    return sampler;
  }

  std::vector<Transform> rest_;
  SoaPose soa_rest_ = make_soa_pose(2);
  std::vector<Clip> clips_;
  ClipCursor cursors_[2];
  SoaPose scratch_ = make_soa_pose(2);
};

// ---------------------------------------------------------------------------------------------
// blend_space_phase_rate

TEST_F(BlendSpaceClipsTest, PhaseRateAtEachEndIsOneOverDuration) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f}, {kSlowX, kFastY});  // 1 s and 0.5 s.
  EXPECT_NEAR(Rate(space, 0.0f), 1.0f, kTol);                           // 1 / 1 s.
  EXPECT_NEAR(Rate(space, 1.0f), 2.0f, kTol);                           // 1 / 0.5 s.
  EXPECT_NEAR(Rate(space, -3.0f), 1.0f, kTol);                          // Clamped to the ends.
  EXPECT_NEAR(Rate(space, 7.0f), 2.0f, kTol);
}

TEST_F(BlendSpaceClipsTest, PhaseRateBetweenPointsInterpolatesTheRates) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f}, {kSlowX, kFastY});
  EXPECT_NEAR(Rate(space, 0.5f), 1.5f, kTol);    // (1 + 2) / 2.
  EXPECT_NEAR(Rate(space, 0.25f), 1.25f, kTol);  // 1 + 0.25 * (2 - 1).
  EXPECT_NEAR(Rate(space, 0.9f), 1.9f, kTol);
}

TEST_F(BlendSpaceClipsTest, PhaseRateFollowsEachPointsClipIndex) {
  // Points in the reverse order of the clip list, off the unit axis: 0.5 s at -1, 4 s at 1.
  const BlendSpace1DDef space = Space({-1.0f, 1.0f}, {kFastY, kLong});
  EXPECT_NEAR(Rate(space, -1.0f), 2.0f, kTol);
  EXPECT_NEAR(Rate(space, 1.0f), 0.25f, kTol);
  EXPECT_NEAR(Rate(space, 0.0f), 1.125f, kTol);  // (2 + 0.25) / 2.
}

TEST_F(BlendSpaceClipsTest, PhaseRateWithThreePointsUsesTheTwoNeighbours) {
  // Rates 0.25, 1 and 2 at positions 0, 2 and 3.
  const BlendSpace1DDef space = Space({0.0f, 2.0f, 3.0f}, {kLong, kSlowX, kFastY});
  EXPECT_NEAR(Rate(space, 0.0f), 0.25f, kTol);
  EXPECT_NEAR(Rate(space, 1.0f), 0.625f, kTol);  // (0.25 + 1) / 2.
  EXPECT_NEAR(Rate(space, 2.0f), 1.0f, kTol);
  EXPECT_NEAR(Rate(space, 2.5f), 1.5f, kTol);  // (1 + 2) / 2.
  EXPECT_NEAR(Rate(space, 3.0f), 2.0f, kTol);
}

TEST_F(BlendSpaceClipsTest, ZeroLengthClipCountsAsOneSecond) {
  ASSERT_EQ(clips_[kStill].duration, 0.0f);
  const BlendSpace1DDef with_fast = Space({0.0f, 1.0f}, {kStill, kFastY});
  EXPECT_NEAR(Rate(with_fast, 0.0f), 1.0f, kTol);
  EXPECT_NEAR(Rate(with_fast, 0.5f), 1.5f, kTol);  // (1 + 2) / 2.
  const BlendSpace1DDef with_long = Space({0.0f, 1.0f}, {kLong, kStill});
  EXPECT_NEAR(Rate(with_long, 1.0f), 1.0f, kTol);
  EXPECT_NEAR(Rate(with_long, 0.5f), 0.625f, kTol);  // (0.25 + 1) / 2.
}

// Driving the phase with the rate, one cycle lasts 1 / rate: 1 s on the 1 s clip alone, 0.5 s on
// the 0.5 s clip alone, 2/3 s halfway (rate 1.5). Both clips then complete exactly one cycle.
TEST_F(BlendSpaceClipsTest, DrivenPhaseCompletesOneCycleInTheBlendedPeriod) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f}, {kSlowX, kFastY});
  struct Case {
    float value;
    int frames;  // Frames of 1/60 s in one cycle.
  };
  for (const Case& c : {Case{0.0f, 60}, Case{1.0f, 30}, Case{0.5f, 40}}) {
    float phase = 0.0f;  // Not wrapped here.
    for (int f = 0; f < c.frames; ++f) {
      phase += kFrame * Rate(space, c.value);
      if (f == c.frames / 2 - 1) {
        EXPECT_NEAR(phase, 0.5f, 1e-4f) << "value " << c.value;
      }
    }
    EXPECT_NEAR(phase, 1.0f, 1e-4f) << "value " << c.value;
  }
}

// ---------------------------------------------------------------------------------------------
// BlendSpaceSampler: phase synchronisation

// slow_x (1 s) moves along x and fast_y (0.5 s) along y, each from 0 to 1 over its own length.
// Sampled at one normalized time p, each clip is at p, so the blend at weight w is
// ((1 - w) p, w p, 0). Sampling both at the same time in seconds would put fast_y elsewhere.
TEST_F(BlendSpaceClipsTest, BothNeighboursAreSampledAtTheSameNormalizedTime) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f}, {kSlowX, kFastY});
  struct Case {
    float value, phase;
    glm::vec3 expected;
  };
  const Case cases[] = {
      {0.25f, 0.3f, {0.225f, 0.075f, 0}},  // (0.75 * 0.3, 0.25 * 0.3).
      {0.5f, 0.8f, {0.4f, 0.4f, 0}},      {0.75f, 0.6f, {0.15f, 0.45f, 0}}, {0.5f, 0.0f, {0, 0, 0}},
      {0.5f, 1.0f, {0.5f, 0.5f, 0}},  // The end of both clips.
      {0.0f, 0.7f, {0.7f, 0, 0}},     // slow_x alone.
      {1.0f, 0.7f, {0, 0.7f, 0}},     // fast_y alone, 0.35 s into its 0.5 s.
  };
  for (const Case& c : cases) {
    const std::vector<Transform> out = Sample(space, c.value, c.phase);
    EXPECT_TRUE(Vec3Near(out[0].translation, c.expected, kTol))
        << "value " << c.value << ", phase " << c.phase;
    EXPECT_TRUE(SameRotation(out[0].rotation, kIdentity, kTol));
    EXPECT_TRUE(TransformNear(out[1], rest_[1], kTol));
  }
}

TEST_F(BlendSpaceClipsTest, PhaseSyncWithThreePointsUsesTheUpperPair) {
  // pose_a at 0, slow_x at 1, fast_y at 2; 1.75 lies between slow_x and fast_y at weight 0.75.
  const BlendSpace1DDef space = Space({0.0f, 1.0f, 2.0f}, {kPoseA, kSlowX, kFastY});
  const std::vector<Transform> out = Sample(space, 1.75f, 0.4f);
  // slow_x at 0.4 s: x = 0.4; fast_y at 0.2 s: y = 0.4. Blend: (0.25 * 0.4, 0.75 * 0.4, 0).
  EXPECT_TRUE(Vec3Near(out[0].translation, {0.1f, 0.3f, 0}, kTol));
}

// A walk through a whole session: the parameter ramps up and down (smoothed) across three clips
// of 1 s, 0.75 s and 0.5 s, each moving x from 0 to 1, while the phase is driven by the rate as a
// player would. Every frame the output is at the phase itself (every neighbour is at the same
// normalized time), and it only ever moves forward by at most what the fastest clip moves in one
// frame (2 units per second): the blend never jumps when the weights change.
TEST_F(BlendSpaceClipsTest, ChangingParameterKeepsPhaseContinuous) {
  const BlendSpace1DDef space = Space({0.0f, 0.4f, 1.0f}, {kSlowX, kMidX, kFastX});
  SmoothedValue parameter{0.0f, 0.0f, 1.5f, 0.0f, 1.0f};
  float phase = 0.0f;
  float previous_x = 0.0f;
  int wraps = 0;
  bool reached_top = false, reached_bottom_again = false;
  for (int f = 0; f < 240; ++f) {
    parameter.target = (f >= 20 && f < 80) || f >= 130 ? 1.0f : 0.0f;
    parameter.update(kFrame);
    reached_top = reached_top || parameter.value == 1.0f;
    reached_bottom_again = reached_bottom_again || (reached_top && parameter.value == 0.0f);
    const BlendSpaceWeights w = blend_space_weights(space, parameter.value);
    const float rate = blend_space_phase_rate(space, clips_, w);
    ASSERT_GE(rate, 1.0f - kTol);
    ASSERT_LE(rate, 2.0f + kTol);
    phase += kFrame * rate;
    const bool wrapped = phase >= 1.0f;
    phase -= std::floor(phase);
    wraps += wrapped ? 1 : 0;

    std::vector<Transform> out(2);
    ASSERT_TRUE(Sampler(space, w, phase, out).run());
    const float x = out[0].translation.x;
    EXPECT_NEAR(x, phase, kTol) << "frame " << f << ", parameter " << parameter.value;
    const float moved = x - previous_x + (wrapped ? 1.0f : 0.0f);
    EXPECT_GT(moved, 0.0f) << "frame " << f;
    EXPECT_LE(moved, 2.0f * kFrame + kTol) << "frame " << f;
    previous_x = x;
  }
  // The scenario did what it says: the parameter went to both ends, several cycles played.
  EXPECT_TRUE(reached_top);
  EXPECT_TRUE(reached_bottom_again);
  EXPECT_GE(wraps, 4);
}

// The parameter jumps from one end to the other mid-cycle (rate 0): the output stays where it
// was, then moves on at the new rate. Had each clip kept its own clock in seconds, the 0.5 s clip
// would be twice as far along at 0.25 s and the pose would jump from 0.25 to 0.5.
TEST_F(BlendSpaceClipsTest, ParameterJumpMidCycleDoesNotJumpThePhase) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f}, {kSlowX, kFastX});
  SmoothedValue parameter{0.0f, 0.0f, 0.0f, 0.0f, 1.0f};
  float phase = 0.0f;
  for (int f = 0; f < 15; ++f) {
    parameter.update(kFrame);
    phase +=
        kFrame * blend_space_phase_rate(space, clips_, blend_space_weights(space, parameter.value));
  }
  ASSERT_NEAR(phase, 0.25f, 1e-5f);  // 15 frames at rate 1.
  EXPECT_NEAR(Sample(space, parameter.value, phase)[0].translation.x, 0.25f, kTol);

  parameter.target = 1.0f;
  parameter.update(kFrame);
  ASSERT_EQ(parameter.value, 1.0f);
  EXPECT_NEAR(Sample(space, parameter.value, phase)[0].translation.x, 0.25f, kTol);

  phase +=
      kFrame * blend_space_phase_rate(space, clips_, blend_space_weights(space, parameter.value));
  // One frame at rate 2: 0.25 + 2 / 60.
  EXPECT_NEAR(Sample(space, parameter.value, phase)[0].translation.x, 0.25f + 2.0f / 60.0f, kTol);
}

// ---------------------------------------------------------------------------------------------
// BlendSpaceSampler: the blend of the two poses

// pose_a = T (2, 0, 0), R identity, S (1, 1, 1); pose_b = T (0, 4, 0), R 90° about Z,
// S (3, 1, 1). At weight 0.25: T = 0.75 a + 0.25 b = (1.5, 1, 0), S = (1.5, 1, 1), and R the
// normalized weighted sum of the quaternions (nlerp, as BlendingJob does), which turns by
// 2 atan(0.25 sin 45° / (0.75 + 0.25 cos 45°)) ≈ 21.6°, not the 22.5° of a slerp.
TEST_F(BlendSpaceClipsTest, SamplerBlendsTwoPosesAtTheWeight) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f}, {kPoseA, kPoseB});
  const std::vector<Transform> out = Sample(space, 0.25f, 0.5f);
  const glm::quat expected_rotation = glm::normalize(kIdentity * 0.75f + RotZ(90.0f) * 0.25f);
  EXPECT_TRUE(Vec3Near(out[0].translation, {1.5f, 1.0f, 0.0f}, kTol));
  EXPECT_TRUE(Vec3Near(out[0].scale, {1.5f, 1.0f, 1.0f}, kTol));
  EXPECT_TRUE(SameRotation(out[0].rotation, expected_rotation, kTol));
  const float expected_degrees =
      2.0f * Degrees(std::atan2(0.25f * kHalfSqrt2, 0.75f + 0.25f * kHalfSqrt2));
  EXPECT_NEAR(AngleDegrees(out[0].rotation), expected_degrees, 1e-3f);
  EXPECT_NEAR(std::fabs(out[0].rotation.z) / std::fabs(out[0].rotation.w),
              std::tan(0.5f * testutil::Radians(expected_degrees)), kTol);
  EXPECT_TRUE(TransformNear(out[1], rest_[1], kTol));  // Animated by neither clip.
}

TEST_F(BlendSpaceClipsTest, SamplerBlendsQuaternionsOfOppositeSignOnOneHemisphere) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f}, {kPoseA, kPoseBNeg});
  const std::vector<Transform> out = Sample(space, 0.25f, 0.5f);
  const glm::quat expected_rotation = glm::normalize(kIdentity * 0.75f + RotZ(90.0f) * 0.25f);
  EXPECT_TRUE(SameRotation(out[0].rotation, expected_rotation, kTol));
  EXPECT_TRUE(Vec3Near(out[0].translation, {1.5f, 1.0f, 0.0f}, kTol));
}

TEST_F(BlendSpaceClipsTest, SamplerHalfwayBetweenTheUpperPairOfThree) {
  // 1.5 is halfway between pose_b and still (which has no rotation key: rest, no rotation).
  const BlendSpace1DDef space = Space({0.0f, 1.0f, 2.0f}, {kPoseA, kPoseB, kStill});
  const std::vector<Transform> out = Sample(space, 1.5f, 0.5f);
  // T = ((0, 4, 0) + (5, 0, 0)) / 2; S = ((3, 1, 1) + (1, 1, 1)) / 2; halfway nlerp = 45°.
  EXPECT_TRUE(TransformNear(out[0], MakeTransform({2.5f, 2, 0}, RotZ(45.0f), {2, 1, 1}), kTol));
  EXPECT_TRUE(TransformNear(out[1], rest_[1], kTol));
}

TEST_F(BlendSpaceClipsTest, SamplerAtAPointOrBeyondTheEndsShowsThatClipAlone) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f, 2.0f}, {kPoseA, kPoseB, kStill});
  const Transform a = MakeTransform({2, 0, 0}, kIdentity, {1, 1, 1});
  const Transform b = MakeTransform({0, 4, 0}, RotZ(90.0f), {3, 1, 1});
  const Transform still = MakeTransform({5, 0, 0});
  EXPECT_TRUE(TransformNear(Sample(space, 0.0f, 0.5f)[0], a, kTol));
  EXPECT_TRUE(TransformNear(Sample(space, -4.0f, 0.5f)[0], a, kTol));
  EXPECT_TRUE(TransformNear(Sample(space, 1.0f, 0.5f)[0], b, kTol));
  EXPECT_TRUE(TransformNear(Sample(space, 2.0f, 0.5f)[0], still, kTol));
  EXPECT_TRUE(TransformNear(Sample(space, 9.0f, 0.5f)[0], still, kTol));
}

TEST_F(BlendSpaceClipsTest, SamplerWithHandMadeFullUpperWeightShowsTheUpperClip) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f}, {kPoseA, kPoseB});
  BlendSpaceWeights weights;
  weights.lower = 0;
  weights.upper = 1;
  weights.upper_weight = 1.0f;
  std::vector<Transform> out(2);
  ASSERT_TRUE(Sampler(space, weights, 0.5f, out).run());
  EXPECT_TRUE(TransformNear(out[0], MakeTransform({0, 4, 0}, RotZ(90.0f), {3, 1, 1}), kTol));
}

TEST_F(BlendSpaceClipsTest, SamplerRejectsMissingInputs) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f}, {kPoseA, kPoseB});
  const BlendSpaceWeights half = blend_space_weights(space, 0.5f);
  std::vector<Transform> out(2);

  PerJointSampler no_space = Sampler(space, half, 0.5f, out);
  no_space.space = nullptr;
  EXPECT_FALSE(no_space.run());

  PerJointSampler no_cursors = Sampler(space, half, 0.5f, out);
  no_cursors.cursors = {};
  EXPECT_FALSE(no_cursors.run());

  const BlendSpace1DDef empty = Space({}, {});
  EXPECT_FALSE(Sampler(empty, BlendSpaceWeights{}, 0.5f, out).run());
}

// A pose of the wrong size cannot be written: run() must say so, whether one clip is shown
// alone or two are blended. Two joints take one SoA block: no joint, or five (two blocks), do not
// fit.
TEST_F(BlendSpaceClipsTest, SamplerRejectsOutputOfTheWrongSize) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f}, {kPoseA, kPoseB});
  for (float value : {0.0f, 0.5f}) {
    std::vector<Transform> short_output(0);
    EXPECT_FALSE(Sampler(space, blend_space_weights(space, value), 0.5f, short_output).run())
        << "value " << value;
    std::vector<Transform> long_output(5);
    EXPECT_FALSE(Sampler(space, blend_space_weights(space, value), 0.5f, long_output).run())
        << "value " << value;
  }
}

TEST_F(BlendSpaceClipsTest, SamplerRejectsScratchThatDoesNotFitOrIsTheOutput) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f}, {kPoseA, kPoseB});
  const BlendSpaceWeights half = blend_space_weights(space, 0.5f);
  SoaPose out = make_soa_pose(2), big = make_soa_pose(5);
  BlendSpaceSampler sampler;
  sampler.space = &space;
  sampler.clips = clips_;
  sampler.rest = soa_rest_;
  sampler.weights = half;
  sampler.cursors = {&cursors_[0], &cursors_[1]};
  sampler.scratch = scratch_;
  sampler.output = out;
  EXPECT_TRUE(sampler.validate());
  sampler.scratch = big;
  EXPECT_FALSE(sampler.validate());
  EXPECT_FALSE(sampler.run());
  sampler.scratch = out;  // The upper point would overwrite the lower one.
  EXPECT_FALSE(sampler.run());
  sampler.scratch = {};
  EXPECT_FALSE(sampler.run());
  // At a point no scratch is needed.
  sampler.weights = blend_space_weights(space, 0.0f);
  EXPECT_TRUE(sampler.run());
  sampler.weights = half;
  sampler.weights.upper_weight = 1.5f;
  sampler.scratch = scratch_;
  EXPECT_FALSE(sampler.validate());
}

// A point whose cursor does not fit the clips (sized for five joints, not two) cannot be
// sampled: run() fails, and the output keeps what it held, whichever of the two points it is.
TEST_F(BlendSpaceClipsTest, SamplerLeavesTheOutputAloneWhenAPointCannotBeSampled) {
  const BlendSpace1DDef space = Space({0.0f, 1.0f}, {kPoseA, kPoseB});
  ClipCursor misfit;
  misfit.reserve(clips_, 5);
  for (int bad : {0, 1}) {
    SoaPose out = make_soa_pose(2);
    const Transform marker = MakeTransform({7, 8, 9}, RotZ(45.0f), {2, 3, 4});
    to_soa(std::vector<Transform>{marker, marker}, out);
    BlendSpaceSampler sampler;
    sampler.space = &space;
    sampler.clips = clips_;
    sampler.rest = soa_rest_;
    sampler.weights = blend_space_weights(space, 0.5f);
    sampler.cursors = {&cursors_[0], &cursors_[1]};
    sampler.cursors[static_cast<std::size_t>(bad)] = &misfit;
    sampler.scratch = scratch_;
    sampler.output = out;
    EXPECT_FALSE(sampler.run()) << "bad point " << bad;
    std::vector<Transform> kept(2);
    from_soa(out, kept);
    EXPECT_TRUE(TransformNear(kept[0], marker, 0.0f)) << "bad point " << bad;
    EXPECT_TRUE(TransformNear(kept[1], marker, 0.0f)) << "bad point " << bad;
  }
}

// ---------------------------------------------------------------------------------------------
// SmoothedValue

TEST(SmoothedValueTest, RisesTowardTargetAtRatePerSecond) {
  SmoothedValue v{0.0f, 1.0f, 2.0f};
  v.update(0.1f);
  EXPECT_NEAR(v.value, 0.2f, 1e-6f);
  v.update(0.25f);
  EXPECT_NEAR(v.value, 0.7f, 1e-6f);
  v.update(0.1f);
  EXPECT_NEAR(v.value, 0.9f, 1e-6f);
}

TEST(SmoothedValueTest, FallsWhenTargetDrops) {
  SmoothedValue v{0.0f, 1.0f, 0.5f};
  v.update(1.2f);
  EXPECT_NEAR(v.value, 0.6f, 1e-6f);
  v.target = 0.25f;
  v.update(0.5f);
  EXPECT_NEAR(v.value, 0.35f, 1e-6f);
  v.update(0.1f);
  EXPECT_NEAR(v.value, 0.3f, 1e-6f);
  v.update(1.0f);  // Would reach -0.2: stops at the target.
  EXPECT_FLOAT_EQ(v.value, 0.25f);
}

TEST(SmoothedValueTest, NeverOvershootsTheTarget) {
  SmoothedValue v{0.0f, 0.3f, 1.0f};
  v.update(1.0f);  // Would reach 1.0.
  EXPECT_FLOAT_EQ(v.value, 0.3f);
  v.update(1.0f);
  EXPECT_FLOAT_EQ(v.value, 0.3f);
  v.target = -0.3f;
  v.rate = 10.0f;
  v.update(1.0f);  // Would reach -9.7.
  EXPECT_FLOAT_EQ(v.value, -0.3f);
}

TEST(SmoothedValueTest, ClampsToRange) {
  SmoothedValue v{0.5f, 3.0f, 2.0f, 0.0f, 1.0f};
  v.update(0.1f);
  EXPECT_NEAR(v.value, 0.7f, 1e-6f);
  v.update(1.0f);  // Toward 3, but no further than 1.
  EXPECT_FLOAT_EQ(v.value, 1.0f);
  v.update(1.0f);
  EXPECT_FLOAT_EQ(v.value, 1.0f);
  v.target = -2.0f;
  v.update(0.25f);  // Falls from the clamped 1, not from beyond it.
  EXPECT_NEAR(v.value, 0.5f, 1e-6f);
  v.update(5.0f);
  EXPECT_FLOAT_EQ(v.value, 0.0f);
}

TEST(SmoothedValueTest, RateZeroJumpsToTargetAtOnce) {
  SmoothedValue v{0.0f, 0.7f, 0.0f, 0.0f, 1.0f};
  v.update(kFrame);
  EXPECT_FLOAT_EQ(v.value, 0.7f);
  v.target = 0.1f;
  v.update(kFrame);
  EXPECT_FLOAT_EQ(v.value, 0.1f);
  v.target = 4.0f;  // Beyond the range: still clamped.
  v.update(kFrame);
  EXPECT_FLOAT_EQ(v.value, 1.0f);
}

// The tool's Shift ramp: target = max while Shift is held, min otherwise, 1.5 units per second
// on [0, 1], updated every 1/60 s frame.
TEST(SmoothedValueTest, ShiftRampRisesWhileHeldAndFallsOnRelease) {
  SmoothedValue v{0.0f, 0.0f, 1.5f, 0.0f, 1.0f};
  const auto run = [&v](bool held, int frames) {
    for (int f = 0; f < frames; ++f) {
      const float before = v.value;
      v.target = held ? v.max : v.min;
      v.update(kFrame);
      const float step = v.value - before;
      if (held) {
        EXPECT_GE(step, 0.0f);
      } else {
        EXPECT_LE(step, 0.0f);
      }
      EXPECT_LE(std::fabs(step), 1.5f * kFrame + 1e-6f);
      EXPECT_GE(v.value, 0.0f);
      EXPECT_LE(v.value, 1.0f);
    }
  };
  run(true, 20);  // 20 * 0.025.
  EXPECT_NEAR(v.value, 0.5f, 1e-5f);
  run(false, 10);
  EXPECT_NEAR(v.value, 0.25f, 1e-5f);
  run(true, 60);  // 0.25 + 1.5: reaches 1 and stays.
  EXPECT_FLOAT_EQ(v.value, 1.0f);
  run(false, 60);
  EXPECT_FLOAT_EQ(v.value, 0.0f);
}

}  // namespace
}  // namespace anim
