#include "anim/soa_blending.h"

#include <cstddef>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/blending.h"
#include "anim/soa_pose.h"
#include "anim/span.h"
#include "anim/transform.h"
#include "support/maths.h"
#include "support/random_pose.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr float kTol = 1e-5f;

// One input pose with its weight and optional per-joint mask, kept in both forms.
struct Layer {
  std::vector<Transform> pose;
  float weight = 1.0f;
  std::vector<float> mask;
};

SoaPose ToSoa(const std::vector<Transform>& pose) {
  SoaPose soa(soa_block_count(pose.size()));
  to_soa(pose, soa);
  return soa;
}

std::vector<Transform> FromSoa(const SoaPose& soa, std::size_t joints) {
  std::vector<Transform> out(joints);
  from_soa(soa, out);
  return out;
}

// The reference: the one-Transform-per-joint BlendingJob on the same layers.
std::vector<Transform> BlendAos(const std::vector<Layer>& layers,
                                const std::vector<Transform>& rest) {
  std::vector<BlendLayer> aos;
  for (const Layer& l : layers) aos.push_back({l.pose, l.weight, l.mask});
  std::vector<Transform> out(rest.size());
  BlendingJob job;
  job.layers = aos;
  job.rest = rest;
  job.output = out;
  EXPECT_TRUE(job.run());
  return out;
}

// `layers` in SoA form: their poses into `poses` (which the layers point into).
std::vector<SoaBlendLayer> SoaLayers(const std::vector<Layer>& layers,
                                     std::vector<SoaPose>* poses) {
  for (const Layer& l : layers) poses->push_back(ToSoa(l.pose));
  std::vector<SoaBlendLayer> soa;
  for (std::size_t i = 0; i < layers.size(); ++i) {
    soa.push_back({(*poses)[i], layers[i].weight, layers[i].mask});
  }
  return soa;
}

// The code under test: the same layers blended in SoA form.
std::vector<Transform> BlendSoa(const std::vector<Layer>& layers,
                                const std::vector<Transform>& rest) {
  std::vector<SoaPose> poses;
  const std::vector<SoaBlendLayer> soa = SoaLayers(layers, &poses);
  const SoaPose soa_rest = ToSoa(rest);
  SoaPose out = make_soa_pose(rest.size());
  const SoaBlendingJob job{soa, soa_rest, out};
  EXPECT_TRUE(job.validate());
  EXPECT_TRUE(job.run());
  return FromSoa(out, rest.size());
}

void ExpectSameBlend(const std::vector<Transform>& got, const std::vector<Transform>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t j = 0; j < got.size(); ++j) {
    EXPECT_TRUE(TransformNear(got[j], want[j], kTol)) << "joint " << j;
    EXPECT_NEAR(Length(got[j].rotation), 1.0f, 1e-5f) << "joint " << j;
  }
}

// --- Against the AoS job on random poses -------------------------------------------------------

// (joints, layers)
class SoaVsAosBlendTest : public ::testing::TestWithParam<std::tuple<std::size_t, int>> {
 protected:
  std::size_t joints() const { return std::get<0>(GetParam()); }
  int layer_count() const { return std::get<1>(GetParam()); }
  uint32_t seed() const { return static_cast<uint32_t>(joints() * 10 + layer_count()); }

  std::vector<Layer> RandomLayers(PoseRandom& random, bool masked) const {
    std::vector<Layer> layers(layer_count());
    for (Layer& l : layers) {
      l.pose = random.Pose(joints());
      l.weight = random.Uniform(0.1f, 2.0f);
      if (masked) {
        l.mask.resize(joints());
        // A quarter of the entries mask the joint out entirely.
        for (float& m : l.mask) m = random.UniformInt(0, 3) == 0 ? 0.0f : random.Uniform(0, 1.5f);
      }
    }
    return layers;
  }
};

TEST_P(SoaVsAosBlendTest, MatchesAosBlendingJob) {
  PoseRandom random(seed());
  const std::vector<Layer> layers = RandomLayers(random, false);
  const std::vector<Transform> rest = random.Pose(joints());
  ExpectSameBlend(BlendSoa(layers, rest), BlendAos(layers, rest));
}

TEST_P(SoaVsAosBlendTest, MatchesAosBlendingJobWithMasks) {
  PoseRandom random(seed() + 1000u);
  const std::vector<Layer> layers = RandomLayers(random, true);
  const std::vector<Transform> rest = random.Pose(joints());
  ExpectSameBlend(BlendSoa(layers, rest), BlendAos(layers, rest));
}

TEST_P(SoaVsAosBlendTest, ZeroWeightLayerChangesNothing) {
  PoseRandom random(seed() + 2000u);
  std::vector<Layer> layers = RandomLayers(random, false);
  const std::vector<Transform> rest = random.Pose(joints());
  // The blend without the extra layer is the expectation.
  const std::vector<Transform> want = BlendAos(layers, rest);
  Layer ignored;
  ignored.pose = random.Pose(joints());
  ignored.weight = 0.0f;
  layers.insert(layers.begin() + layers.size() / 2, ignored);
  ExpectSameBlend(BlendSoa(layers, rest), want);
}

TEST_P(SoaVsAosBlendTest, AllWeightsZeroGivesRest) {
  PoseRandom random(seed() + 3000u);
  std::vector<Layer> layers = RandomLayers(random, false);
  for (Layer& l : layers) l.weight = 0.0f;
  const std::vector<Transform> rest = random.Pose(joints());
  const std::vector<Transform> got = BlendSoa(layers, rest);
  for (std::size_t j = 0; j < joints(); ++j)
    EXPECT_TRUE(SameBits(got[j], rest[j])) << "joint " << j;
}

TEST_P(SoaVsAosBlendTest, OutputMayBeAnInput) {
  PoseRandom random(seed() + 4000u);
  const std::vector<Layer> layers = RandomLayers(random, true);
  const std::vector<Transform> rest = random.Pose(joints());
  const std::vector<Transform> want = BlendAos(layers, rest);

  std::vector<SoaPose> poses;
  const std::vector<SoaBlendLayer> soa = SoaLayers(layers, &poses);
  const SoaPose soa_rest = ToSoa(rest);
  // Written over the last layer's own pose.
  ASSERT_TRUE((SoaBlendingJob{soa, soa_rest, poses.back()}.run()));
  ExpectSameBlend(FromSoa(poses.back(), joints()), want);
}

INSTANTIATE_TEST_SUITE_P(JointsAndLayers, SoaVsAosBlendTest,
                         ::testing::Combine(::testing::Values(1u, 4u, 7u, 40u),
                                            ::testing::Values(1, 2, 3)),
                         [](const ::testing::TestParamInfo<std::tuple<std::size_t, int>>& info) {
                           return "Joints" + std::to_string(std::get<0>(info.param)) + "Layers" +
                                  std::to_string(std::get<1>(info.param));
                         });

// --- Hand-computed blends ----------------------------------------------------------------------

TEST(SoaBlendingTest, EqualWeightsGiveMidwayRotationAndMeanTranslation) {
  // 0° and 90° about Z evenly mixed: 45° about Z. (0, 0, 0) and (4, -2, 8): (2, -1, 4).
  const std::vector<Transform> a = {MakeTransform({0, 0, 0}, RotZ(0.0f), {1, 1, 1})};
  const std::vector<Transform> b = {
      MakeTransform({4, -2, 8}, glm::quat(kHalfSqrt2, 0, 0, kHalfSqrt2), {3, 1, 2})};
  const std::vector<Transform> rest = {Transform::identity()};
  const std::vector<Transform> out = BlendSoa({{a, 1.0f, {}}, {b, 1.0f, {}}}, rest);
  EXPECT_TRUE(SameRotation(out[0].rotation, RotZ(45.0f), kTol));
  EXPECT_TRUE(Vec3Near(out[0].translation, {2, -1, 4}, kTol));
  EXPECT_TRUE(Vec3Near(out[0].scale, {2, 1, 1.5f}, kTol));
}

TEST(SoaBlendingTest, OppositeQuaternionSignsDoNotCancel) {
  // q and -q are one rotation: blended they give q, for every lane of a block and either order.
  const glm::quat q = glm::normalize(glm::quat(0.3f, -0.6f, 0.2f, 0.7f));
  const glm::quat minus_q(-q.w, -q.x, -q.y, -q.z);
  std::vector<Transform> a(5), b(5);
  for (std::size_t j = 0; j < 5; ++j) {
    const bool flip = j % 2 == 1;
    a[j] = MakeTransform({1, 0, 0}, flip ? minus_q : q);
    b[j] = MakeTransform({3, 0, 0}, flip ? q : minus_q);
  }
  const std::vector<Transform> rest(5, MakeTransform({0, 0, 0}, RotZ(-90.0f)));
  const std::vector<Transform> out = BlendSoa({{a, 0.5f, {}}, {b, 0.5f, {}}}, rest);
  for (std::size_t j = 0; j < 5; ++j) {
    EXPECT_TRUE(SameRotation(out[j].rotation, q, kTol)) << "joint " << j;
    EXPECT_NEAR(Length(out[j].rotation), 1.0f, 1e-5f) << "joint " << j;
    EXPECT_TRUE(Vec3Near(out[j].translation, {2, 0, 0}, kTol)) << "joint " << j;
  }
}

TEST(SoaBlendingTest, MaskWeightsEachJointOfABlockOnItsOwn) {
  // Five joints (two blocks); a at x = 0, b at x = 10; b's mask 0, 1, 3, 0, 1.
  const std::vector<Transform> a(5, MakeTransform({0, 0, 0}));
  const std::vector<Transform> b(5, MakeTransform({10, 0, 0}));
  const std::vector<Transform> rest(5, MakeTransform({-5, 0, 0}));
  const std::vector<float> mask = {0, 1, 3, 0, 1};
  const std::vector<Transform> out = BlendSoa({{a, 1.0f, {}}, {b, 1.0f, mask}}, rest);
  const float want_x[5] = {0, 5, 7.5f, 0, 5};
  for (std::size_t j = 0; j < 5; ++j) {
    EXPECT_TRUE(Vec3Near(out[j].translation, {want_x[j], 0, 0}, kTol)) << "joint " << j;
  }
}

TEST(SoaBlendingTest, JointMaskedOutOfEveryLayerTakesRest) {
  const std::vector<Transform> a(3, MakeTransform({1, 2, 3}, RotZ(30.0f)));
  const std::vector<Transform> rest = {
      MakeTransform({7, 7, 7}), MakeTransform({8, 8, 8}, RotZ(5.0f)), MakeTransform({9, 9, 9})};
  const std::vector<Transform> out = BlendSoa({{a, 1.0f, {1.0f, 0.0f, 1.0f}}}, rest);
  EXPECT_TRUE(TransformNear(out[0], a[0], kTol));
  EXPECT_TRUE(SameBits(out[1], rest[1]));
  EXPECT_TRUE(TransformNear(out[2], a[2], kTol));
}

TEST(SoaBlendingTest, NoLayersGivesRest) {
  PoseRandom random(5u);
  const std::vector<Transform> rest = random.Pose(6);
  const std::vector<Transform> out = BlendSoa({}, rest);
  for (std::size_t j = 0; j < rest.size(); ++j) EXPECT_TRUE(SameBits(out[j], rest[j]));
}

// --- validate() --------------------------------------------------------------------------------

// A valid two-layer job over `joints` joints, whose parts the tests then break one at a time.
class SoaBlendValidateTest : public ::testing::Test {
 protected:
  static constexpr std::size_t kJoints = 7;  // Two blocks.
  SoaPose a_ = make_soa_pose(kJoints), b_ = make_soa_pose(kJoints);
  SoaPose rest_ = make_soa_pose(kJoints), out_ = make_soa_pose(kJoints);
  std::vector<float> mask_ = std::vector<float>(kJoints, 1.0f);
  std::vector<SoaBlendLayer> layers_ = {{a_, 1.0f, {}}, {b_, 0.5f, mask_}};

  bool Validate() {
    SoaBlendingJob job;
    job.layers = layers_;
    job.rest = rest_;
    job.output = out_;
    const bool valid = job.validate();
    // run() refuses exactly what validate() refuses.
    EXPECT_EQ(job.run(), valid);
    return valid;
  }
};

TEST_F(SoaBlendValidateTest, AcceptsAWellFormedJob) { EXPECT_TRUE(Validate()); }

TEST_F(SoaBlendValidateTest, RejectsLayerWithWrongBlockCount) {
  const SoaPose short_pose = make_soa_pose(4);  // One block, not two.
  layers_[1].pose = short_pose;
  EXPECT_FALSE(Validate());
  const SoaPose long_pose = make_soa_pose(9);  // Three blocks.
  layers_[1].pose = long_pose;
  EXPECT_FALSE(Validate());
}

TEST_F(SoaBlendValidateTest, RejectsRestWithWrongBlockCount) {
  rest_ = make_soa_pose(3);
  EXPECT_FALSE(Validate());
}

TEST_F(SoaBlendValidateTest, RejectsOutputWithWrongBlockCount) {
  out_ = make_soa_pose(12);
  EXPECT_FALSE(Validate());
}

TEST_F(SoaBlendValidateTest, RejectsNegativeWeight) {
  layers_[0].weight = -0.25f;
  EXPECT_FALSE(Validate());
}

TEST_F(SoaBlendValidateTest, RejectsNanWeight) {
  layers_[0].weight = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(Validate());
}

TEST_F(SoaBlendValidateTest, RejectsInfiniteWeight) {
  layers_[0].weight = std::numeric_limits<float>::infinity();
  EXPECT_FALSE(Validate());
}

TEST_F(SoaBlendValidateTest, RejectsMaskOfWrongSize) {
  // Three entries for seven joints (one block's worth, not two).
  const std::vector<float> short_mask(3, 1.0f);
  layers_[1].joint_weights = short_mask;
  EXPECT_FALSE(Validate());
  // Twelve entries: three blocks' worth.
  const std::vector<float> long_mask(12, 1.0f);
  layers_[1].joint_weights = long_mask;
  EXPECT_FALSE(Validate());
}

TEST_F(SoaBlendValidateTest, RejectsNegativeOrNanMaskEntry) {
  mask_[5] = -1.0f;
  layers_[1].joint_weights = mask_;
  EXPECT_FALSE(Validate());
  mask_[5] = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(Validate());
}

}  // namespace
}  // namespace anim
