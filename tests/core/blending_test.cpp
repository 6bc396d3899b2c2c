#include "anim/blending.h"

#include <limits>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/span.h"
#include "anim/transform.h"
#include "support/maths.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr float kTol = 1e-5f;
const glm::quat kIdentity(1.0f, 0.0f, 0.0f, 0.0f);

glm::quat Negated(const glm::quat& q) { return glm::quat(-q.w, -q.x, -q.y, -q.z); }

// Runs a blend of `layers` over `rest` and returns the output.
std::vector<Transform> Blend(const std::vector<BlendLayer>& layers,
                             const std::vector<Transform>& rest) {
  std::vector<Transform> out(rest.size());
  BlendingJob job;
  job.layers = layers;
  job.rest = rest;
  job.output = out;
  EXPECT_TRUE(job.run());
  return out;
}

// Two one-joint poses: a at the origin with scale 1, b at (8, 4, -4) with scale (3, 1, 5).
class TwoPoseBlendTest : public ::testing::Test {
 protected:
  std::vector<Transform> a_ = {MakeTransform({0, 0, 0}, kIdentity, {1, 1, 1})};
  std::vector<Transform> b_ = {MakeTransform({8, 4, -4}, kIdentity, {3, 1, 5})};
  std::vector<Transform> rest_ = {MakeTransform({-1, -1, -1}, RotZ(77.0f), {9, 9, 9})};
};

TEST_F(TwoPoseBlendTest, WeightsAverageTranslationAndScale) {
  const std::vector<Transform> out = Blend({{a_, 0.25f, {}}, {b_, 0.75f, {}}}, rest_);
  // 0.75 * (8, 4, -4) = (6, 3, -3); 0.25 * (1, 1, 1) + 0.75 * (3, 1, 5) = (2.5, 1, 4).
  EXPECT_TRUE(Vec3Near(out[0].translation, {6, 3, -3}, kTol));
  EXPECT_TRUE(Vec3Near(out[0].scale, {2.5f, 1, 4}, kTol));
  EXPECT_TRUE(SameRotation(out[0].rotation, kIdentity, kTol));
}

TEST_F(TwoPoseBlendTest, WeightsNotSummingToOneAreNormalized) {
  // 1 : 3 is the same as 0.25 : 0.75.
  std::vector<Transform> out = Blend({{a_, 1.0f, {}}, {b_, 3.0f, {}}}, rest_);
  EXPECT_TRUE(Vec3Near(out[0].translation, {6, 3, -3}, kTol));
  EXPECT_TRUE(Vec3Near(out[0].scale, {2.5f, 1, 4}, kTol));
  // 0.1 : 0.1 is an even mix.
  out = Blend({{a_, 0.1f, {}}, {b_, 0.1f, {}}}, rest_);
  EXPECT_TRUE(Vec3Near(out[0].translation, {4, 2, -2}, kTol));
  EXPECT_TRUE(Vec3Near(out[0].scale, {2, 1, 3}, kTol));
}

TEST_F(TwoPoseBlendTest, SingleLayerOfAnyWeightIsCopied) {
  const std::vector<Transform> out = Blend({{b_, 0.3f, {}}}, rest_);
  EXPECT_TRUE(TransformNear(out[0], b_[0], kTol));
}

TEST_F(TwoPoseBlendTest, ZeroTotalWeightGivesRest) {
  const std::vector<Transform> out = Blend({{a_, 0.0f, {}}, {b_, 0.0f, {}}}, rest_);
  EXPECT_TRUE(SameBits(out[0], rest_[0]));
}

TEST_F(TwoPoseBlendTest, NoLayersGivesRest) {
  const std::vector<Transform> out = Blend({}, rest_);
  EXPECT_TRUE(SameBits(out[0], rest_[0]));
}

TEST_F(TwoPoseBlendTest, ZeroWeightLayerIsIgnored) {
  const std::vector<Transform> out = Blend({{a_, 0.0f, {}}, {b_, 2.0f, {}}}, rest_);
  EXPECT_TRUE(TransformNear(out[0], b_[0], kTol));
}

TEST(BlendingTest, EqualWeightRotationsGiveTheMidwayRotation) {
  // 0° and 90° about Z, evenly: the normalized sum (1 + cos 45°, 0, 0, sin 45°) is 45° about Z.
  const std::vector<Transform> a = {MakeTransform({0, 0, 0}, kIdentity)};
  const std::vector<Transform> b = {
      MakeTransform({0, 0, 0}, glm::quat(kHalfSqrt2, 0, 0, kHalfSqrt2))};
  const std::vector<Transform> rest = {Transform::identity()};
  const glm::quat q = Blend({{a, 1.0f, {}}, {b, 1.0f, {}}}, rest)[0].rotation;
  EXPECT_NEAR(Length(q), 1.0f, 1e-6f);
  EXPECT_TRUE(SameRotation(q, RotZ(45.0f), kTol));
}

TEST(BlendingTest, OppositeSignRepresentationsDoNotCancel) {
  // q and -q are the same rotation: a plain weighted sum would be zero.
  const glm::quat q = RotZ(40.0f);
  const std::vector<Transform> a = {MakeTransform({0, 0, 0}, q)};
  const std::vector<Transform> b = {MakeTransform({0, 0, 0}, Negated(q))};
  const std::vector<Transform> rest = {MakeTransform({0, 0, 0}, RotZ(-90.0f))};
  EXPECT_TRUE(SameRotation(Blend({{a, 0.5f, {}}, {b, 0.5f, {}}}, rest)[0].rotation, q, kTol));
}

TEST(BlendingTest, HemisphereAlignmentBlendsNearbyRotations) {
  // 10° about Z, and 30° about Z written as its negated quaternion: evenly mixed, 20° about Z.
  // Without alignment the sum (cos 5° - cos 15°, 0, 0, sin 5° - sin 15°) would point near -90°.
  const std::vector<Transform> a = {MakeTransform({0, 0, 0}, RotZ(10.0f))};
  const std::vector<Transform> b = {MakeTransform({0, 0, 0}, Negated(RotZ(30.0f)))};
  const std::vector<Transform> rest = {Transform::identity()};
  const glm::quat q = Blend({{a, 1.0f, {}}, {b, 1.0f, {}}}, rest)[0].rotation;
  EXPECT_TRUE(SameRotation(q, RotZ(20.0f), kTol));
  EXPECT_NEAR(AngleDegrees(q), 20.0f, 0.01f);
}

TEST(BlendingTest, HemisphereAlignmentWithThreeLayers) {
  // 0°, -(20°) and 40° about Z with equal weights: the aligned sum points at 20°.
  const std::vector<Transform> a = {MakeTransform({0, 0, 0}, RotZ(0.0f))};
  const std::vector<Transform> b = {MakeTransform({0, 0, 0}, Negated(RotZ(20.0f)))};
  const std::vector<Transform> c = {MakeTransform({0, 0, 0}, RotZ(40.0f))};
  const std::vector<Transform> rest = {Transform::identity()};
  const glm::quat q = Blend({{a, 1.0f, {}}, {b, 1.0f, {}}, {c, 1.0f, {}}}, rest)[0].rotation;
  EXPECT_TRUE(SameRotation(q, RotZ(20.0f), kTol));
}

TEST(BlendingTest, JointMaskScalesLayerWeightPerJoint) {
  // Three joints; layer a at x = 0, layer b at x = 10, both weight 1. b's mask: 0, 1, 3.
  std::vector<Transform> a(3, MakeTransform({0, 0, 0}));
  std::vector<Transform> b(3, MakeTransform({10, 0, 0}));
  std::vector<Transform> rest(3, MakeTransform({-5, 0, 0}));
  const std::vector<float> mask = {0.0f, 1.0f, 3.0f};
  const std::vector<Transform> out = Blend({{a, 1.0f, {}}, {b, 1.0f, mask}}, rest);
  EXPECT_TRUE(Vec3Near(out[0].translation, {0, 0, 0}, kTol));     // a only.
  EXPECT_TRUE(Vec3Near(out[1].translation, {5, 0, 0}, kTol));     // 1 : 1.
  EXPECT_TRUE(Vec3Near(out[2].translation, {7.5f, 0, 0}, kTol));  // 1 : 3.
}

TEST(BlendingTest, JointMaskedOutOfEveryLayerGivesRest) {
  std::vector<Transform> a(2, MakeTransform({1, 2, 3}, RotZ(30.0f)));
  std::vector<Transform> rest = {MakeTransform({7, 7, 7}), MakeTransform({8, 8, 8}, RotZ(5.0f))};
  const std::vector<float> mask = {1.0f, 0.0f};
  const std::vector<Transform> out = Blend({{a, 1.0f, mask}}, rest);
  EXPECT_TRUE(TransformNear(out[0], a[0], kTol));
  EXPECT_TRUE(SameBits(out[1], rest[1]));
}

// A naive blend written out per joint in double precision: hemisphere-align each rotation to
// the running sum, sum everything by weight, divide by the total, normalize the rotation.
Transform NaiveBlend(const std::vector<std::vector<Transform>>& poses,
                     const std::vector<float>& weights, std::size_t joint) {
  glm::dvec3 t(0.0), s(0.0);
  glm::dvec4 q(0.0);  // (w, x, y, z)
  double total = 0.0;
  for (std::size_t l = 0; l < poses.size(); ++l) {
    const Transform& x = poses[l][joint];
    const double w = weights[l];
    if (w <= 0.0) continue;
    const glm::dvec4 xq(x.rotation.w, x.rotation.x, x.rotation.y, x.rotation.z);
    const double wr = glm::dot(q, xq) < 0.0 ? -w : w;
    t += glm::dvec3(x.translation) * w;
    s += glm::dvec3(x.scale) * w;
    q += xq * wr;
    total += w;
  }
  q /= glm::length(q);
  return MakeTransform(glm::vec3(t / total),
                       glm::quat(static_cast<float>(q[0]), static_cast<float>(q[1]),
                                 static_cast<float>(q[2]), static_cast<float>(q[3])),
                       glm::vec3(s / total));
}

TEST(BlendingTest, ManyJointsAndLayersMatchANaiveBlend) {
  // Masked and unmasked jobs take different paths through run(); both must give this.
  constexpr std::size_t kJointCount = 57;
  std::vector<std::vector<Transform>> poses(4, std::vector<Transform>(kJointCount));
  const std::vector<float> weights = {0.5f, 0.0f, 1.25f, 0.3f};
  for (std::size_t l = 0; l < poses.size(); ++l) {
    for (std::size_t j = 0; j < kJointCount; ++j) {
      const float a = static_cast<float>(j * 7 + l * 13);
      // Some layers store the same kind of rotation with the opposite sign.
      glm::quat r = glm::angleAxis(0.03f * a, glm::normalize(glm::vec3(1.0f, 0.1f * l, 0.2f)));
      if ((j + l) % 3 == 0) r = Negated(r);
      poses[l][j] = MakeTransform({0.1f * a, -0.2f * a, 1.0f + l}, r, {1.0f + 0.01f * a, 1, 2});
    }
  }
  const std::vector<Transform> rest(kJointCount, MakeTransform({9, 9, 9}, RotZ(40.0f), {2, 2, 2}));
  const std::vector<float> ones(kJointCount, 1.0f);
  std::vector<BlendLayer> plain, masked;
  for (std::size_t l = 0; l < poses.size(); ++l) {
    plain.push_back({poses[l], weights[l], {}});
    masked.push_back({poses[l], weights[l], ones});
  }
  const std::vector<Transform> a = Blend(plain, rest), b = Blend(masked, rest);
  for (std::size_t j = 0; j < kJointCount; ++j) {
    const Transform expected = NaiveBlend(poses, weights, j);
    EXPECT_TRUE(TransformNear(a[j], expected, 1e-4f)) << "unmasked, joint " << j;
    EXPECT_TRUE(TransformNear(b[j], expected, 1e-4f)) << "masked, joint " << j;
  }
}

TEST(BlendTwoTest, InterpolatesFromFirstToSecond) {
  const std::vector<Transform> a = {MakeTransform({0, 0, 0}, kIdentity, {1, 1, 1})};
  const std::vector<Transform> b = {
      MakeTransform({8, 4, -4}, glm::quat(kHalfSqrt2, 0, 0, kHalfSqrt2), {3, 1, 5})};
  std::vector<Transform> out(1);
  EXPECT_TRUE(blend_two(a, b, 0.25f, out));
  EXPECT_TRUE(Vec3Near(out[0].translation, {2, 1, -1}, kTol));
  EXPECT_TRUE(Vec3Near(out[0].scale, {1.5f, 1, 2}, kTol));
  EXPECT_TRUE(blend_two(a, b, 0.5f, out));
  EXPECT_TRUE(SameRotation(out[0].rotation, RotZ(45.0f), kTol));
}

TEST(BlendTwoTest, EndsAndOutOfRangeFactorsGiveTheInputs) {
  const std::vector<Transform> a = {MakeTransform({1, 2, 3}, RotZ(10.0f), {2, 2, 2})};
  const std::vector<Transform> b = {MakeTransform({-1, 0, 5}, RotZ(70.0f), {1, 3, 1})};
  std::vector<Transform> out(1);
  for (float t : {0.0f, -2.0f}) {
    EXPECT_TRUE(blend_two(a, b, t, out));
    EXPECT_TRUE(TransformNear(out[0], a[0], kTol)) << "t = " << t;
  }
  for (float t : {1.0f, 5.0f}) {
    EXPECT_TRUE(blend_two(a, b, t, out));
    EXPECT_TRUE(TransformNear(out[0], b[0], kTol)) << "t = " << t;
  }
}

class BlendingValidateTest : public ::testing::Test {
 protected:
  BlendingValidateTest()
      : a_(2, MakeTransform({1, 0, 0})),
        b_(2, MakeTransform({3, 0, 0})),
        rest_(2, Transform::identity()),
        out_(2, marker_) {
    layers_ = {{a_, 1.0f, {}}, {b_, 1.0f, {}}};
  }

  BlendingJob Job() {
    BlendingJob job;
    job.layers = layers_;
    job.rest = rest_;
    job.output = out_;
    return job;
  }

  // validate() and run() fail, and the output keeps its marker.
  void ExpectRejected(const BlendingJob& job) {
    EXPECT_FALSE(job.validate());
    EXPECT_FALSE(job.run());
    for (const Transform& x : out_) EXPECT_TRUE(SameBits(x, marker_));
  }

  const Transform marker_ = MakeTransform({-7, -7, -7});
  std::vector<Transform> a_;
  std::vector<Transform> b_;
  std::vector<Transform> rest_;
  std::vector<Transform> out_;
  std::vector<BlendLayer> layers_;
};

TEST_F(BlendingValidateTest, AcceptsWellFormedJob) {
  const BlendingJob job = Job();
  EXPECT_TRUE(job.validate());
  EXPECT_TRUE(job.run());
  EXPECT_TRUE(Vec3Near(out_[1].translation, {2, 0, 0}, kTol));
}

TEST_F(BlendingValidateTest, AcceptsEmptyJob) {
  BlendingJob job;
  EXPECT_TRUE(job.validate());
  EXPECT_TRUE(job.run());
}

TEST_F(BlendingValidateTest, RejectsLayerOfWrongSize) {
  std::vector<Transform> shorter(1);
  layers_[1].pose = shorter;
  ExpectRejected(Job());
}

TEST_F(BlendingValidateTest, RejectsRestOfWrongSize) {
  rest_.resize(3);
  ExpectRejected(Job());
}

TEST_F(BlendingValidateTest, RejectsMaskOfWrongSize) {
  const std::vector<float> mask = {1.0f, 1.0f, 1.0f};
  layers_[0].joint_weights = mask;
  ExpectRejected(Job());
}

TEST_F(BlendingValidateTest, RejectsNegativeWeight) {
  layers_[1].weight = -0.5f;
  ExpectRejected(Job());
}

TEST_F(BlendingValidateTest, RejectsNonFiniteWeight) {
  layers_[0].weight = std::numeric_limits<float>::quiet_NaN();
  ExpectRejected(Job());
  layers_[0].weight = std::numeric_limits<float>::infinity();
  ExpectRejected(Job());
}

TEST_F(BlendingValidateTest, RejectsOutputAliasingALayer) {
  BlendingJob job = Job();
  job.output = b_;
  EXPECT_FALSE(job.validate());
  EXPECT_FALSE(job.run());
  EXPECT_TRUE(Vec3Near(b_[0].translation, {3, 0, 0}, 0.0f));
  EXPECT_TRUE(Vec3Near(b_[1].translation, {3, 0, 0}, 0.0f));
}

// An output overlapping a layer at an offset would make run() read joints it has already
// overwritten: validate() must refuse it, not only an output starting where a layer starts.
TEST(BlendingOverlapTest, RejectsOutputOverlappingALayerAtAnOffset) {
  // One buffer of 3 joints: the layer is joints 0..1, the output joints 1..2.
  std::vector<Transform> buffer = {MakeTransform({0, 0, 0}), MakeTransform({10, 0, 0}),
                                   MakeTransform({20, 0, 0})};
  const std::vector<Transform> rest(2, Transform::identity());
  const BlendLayer layers[1] = {{Span<const Transform>(buffer.data(), 2), 1.0f, {}}};
  BlendingJob job;
  job.layers = Span<const BlendLayer>(layers, 1);
  job.rest = rest;
  job.output = Span<Transform>(buffer.data() + 1, 2);
  EXPECT_FALSE(job.validate());
}

}  // namespace
}  // namespace anim
