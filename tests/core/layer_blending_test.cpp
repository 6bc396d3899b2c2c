// Layer masks and the layer blending jobs (anim/layer_blending.h), against values worked out by
// hand in each test's comments. The jobs work on SoA poses; the helpers below convert the
// tests' per-joint poses.
#include "anim/layer_blending.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <glm/vec3.hpp>

#include "support/maths.h"
#include "support/rigs.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

SoaPose Soa(const std::vector<Transform>& pose) {
  SoaPose out = make_soa_pose(pose.size());
  to_soa(pose, out);
  return out;
}

// LayerBlendingJob on per-joint poses: `out` changes only when the job runs.
bool Apply(LayerBlend mode, std::vector<Transform>& out, const std::vector<Transform>& layer,
           Span<const float> mask, float weight) {
  SoaPose o = Soa(out);
  const SoaPose l = Soa(layer);
  if (!LayerBlendingJob{mode, l, mask, weight, o}.run()) return false;
  from_soa(o, out);
  return true;
}

bool Override(std::vector<Transform>& out, const std::vector<Transform>& layer,
              Span<const float> mask, float weight) {
  return Apply(LayerBlend::kOverride, out, layer, mask, weight);
}

bool Additive(std::vector<Transform>& out, const std::vector<Transform>& delta,
              Span<const float> mask, float weight) {
  return Apply(LayerBlend::kAdditive, out, delta, mask, weight);
}

bool Delta(const std::vector<Transform>& pose, const std::vector<Transform>& reference,
           std::vector<Transform>& delta) {
  const SoaPose p = Soa(pose), r = Soa(reference);
  SoaPose d = make_soa_pose(delta.size());
  if (!AdditiveDeltaJob{p, r, d}.run()) return false;
  from_soa(d, delta);
  return true;
}

std::vector<float> Mask(std::vector<std::string> include, std::vector<std::string> exclude) {
  LayerMaskDef mask;
  mask.include = std::move(include);
  mask.exclude = std::move(exclude);
  return resolve_layer_mask(mask, Body());
}

TEST(LayerMask, AnIncludedJointBringsItsDescendants) {
  EXPECT_EQ(Mask({"spine"}, {}), (std::vector<float>{0, 1, 1, 1, 1, 0}));
  EXPECT_EQ(Mask({"arm", "leg"}, {}), (std::vector<float>{0, 0, 0, 1, 1, 1}));
}

TEST(LayerMask, ExcludeRemovesASubtreeAndTheNearestListedJointDecides) {
  // The upper body without the arm.
  EXPECT_EQ(Mask({"spine"}, {"arm"}), (std::vector<float>{0, 1, 1, 0, 0, 0}));
  // The hand is listed itself, nearer than the excluded arm: back in.
  EXPECT_EQ(Mask({"spine", "hand"}, {"arm"}), (std::vector<float>{0, 1, 1, 0, 1, 0}));
}

TEST(LayerMask, NoIncludeMeansTheWholeBodyMinusTheExcluded) {
  EXPECT_EQ(Mask({}, {}), (std::vector<float>(6, 1.0f)));
  EXPECT_EQ(Mask({}, {"spine"}), (std::vector<float>{1, 0, 0, 0, 0, 1}));
}

TEST(LayerMask, ExcludeWinsAJointListedTwiceAndUnknownNamesAreIgnored) {
  EXPECT_EQ(Mask({"spine"}, {"spine"}), (std::vector<float>(6, 0.0f)));
  EXPECT_EQ(Mask({"no such joint"}, {}), (std::vector<float>(6, 0.0f)));
  EXPECT_EQ(Mask({"spine", "no such joint"}, {}), (std::vector<float>{0, 1, 1, 1, 1, 0}));
}

TEST(OverrideLayer, MovesMaskedJointsTowardTheLayerByTheWeight) {
  std::vector<Transform> out = {MakeTransform({0, 0, 0}), MakeTransform({0, 0, 0})};
  const std::vector<Transform> layer = {MakeTransform({10, 0, 0}, RotZ(90), glm::vec3(3)),
                                        MakeTransform({10, 0, 0}, RotZ(90), glm::vec3(3))};
  const std::vector<float> mask = {1, 0};
  ASSERT_TRUE(Override(out, layer, mask, 0.5f));
  // Halfway: translation 5, scale 2, and the normalized lerp of identity and 90° about z, which
  // by symmetry is 45° about z.
  EXPECT_TRUE(TransformNear(out[0], MakeTransform({5, 0, 0}, RotZ(45), glm::vec3(2)), 1e-6f));
  EXPECT_TRUE(TransformNear(out[1], MakeTransform({0, 0, 0}), 0.0f)) << "masked out";
}

TEST(OverrideLayer, FullWeightGivesTheLayerAndNoMaskMeansEveryJoint) {
  std::vector<Transform> out = {MakeTransform({1, 2, 3}), MakeTransform({4, 5, 6})};
  const std::vector<Transform> layer = {MakeTransform({7, 0, 0}, RotZ(30)),
                                        MakeTransform({0, 8, 0}, RotZ(-60))};
  ASSERT_TRUE(Override(out, layer, {}, 1.0f));
  EXPECT_TRUE(TransformNear(out[0], layer[0], 0.0f));
  EXPECT_TRUE(TransformNear(out[1], layer[1], 0.0f));
}

TEST(LayerBlendingJob, RejectsPosesMasksAndWeightsThatDoNotFit) {
  SoaPose out = make_soa_pose(5), layer = make_soa_pose(5), short_layer = make_soa_pose(4);
  const std::vector<float> mask(5, 1.0f), short_mask(4, 1.0f);
  std::vector<float> negative(5, 1.0f);
  negative[4] = -1.0f;
  const float nan = std::nanf("");
  for (LayerBlend mode : {LayerBlend::kOverride, LayerBlend::kAdditive}) {
    EXPECT_TRUE((LayerBlendingJob{mode, layer, mask, 0.5f, out}.validate()));
    EXPECT_TRUE((LayerBlendingJob{mode, layer, {}, 0.5f, out}.validate()));
    EXPECT_FALSE((LayerBlendingJob{mode, short_layer, mask, 0.5f, out}.run()));
    EXPECT_FALSE((LayerBlendingJob{mode, layer, short_mask, 0.5f, out}.run()));
    EXPECT_FALSE((LayerBlendingJob{mode, layer, negative, 0.5f, out}.run()));
    EXPECT_FALSE((LayerBlendingJob{mode, layer, mask, -0.5f, out}.run()));
    EXPECT_FALSE((LayerBlendingJob{mode, layer, mask, nan, out}.run()));
    EXPECT_FALSE((LayerBlendingJob{mode, out, mask, 0.5f, out}.run())) << "aliased";
  }
  EXPECT_TRUE((AdditiveDeltaJob{layer, layer, out}.validate()));
  EXPECT_FALSE((AdditiveDeltaJob{layer, short_layer, out}.run()));
  EXPECT_FALSE((AdditiveDeltaJob{layer, layer, short_layer}.run()));
}

TEST(LayerBlendingJob, MasksReachJointsPastTheFirstBlockAndLeaveTheOthersExactly) {
  // Six joints: two blocks, the second half full. Only joint 5 is in the mask.
  std::vector<Transform> out(6, MakeTransform({1, 2, 3}, RotZ(10), glm::vec3(2)));
  const std::vector<Transform> layer(6, MakeTransform({3, 2, 1}, RotZ(50), glm::vec3(4)));
  const std::vector<float> mask = {0, 0, 0, 0, 0, 1};
  ASSERT_TRUE(Override(out, layer, mask, 0.5f));
  for (int j = 0; j < 5; ++j) {
    EXPECT_TRUE(TransformNear(out[j], MakeTransform({1, 2, 3}, RotZ(10), glm::vec3(2)), 0.0f));
  }
  EXPECT_TRUE(TransformNear(out[5], MakeTransform({2, 2, 2}, RotZ(30), glm::vec3(3)), 1e-6f));
}

TEST(OverrideLayer, RotationsBlendOnTheShortestArc) {
  // -q is the same rotation as q: the blend of 90° with the negated 90° stays 90°, and the blend
  // toward -RotZ(90) at half weight is 45°, not a turn the long way round.
  std::vector<Transform> out = {MakeTransform({0, 0, 0})};
  const glm::quat q = RotZ(90);
  const std::vector<Transform> layer = {
      MakeTransform({0, 0, 0}, glm::quat(-q.w, -q.x, -q.y, -q.z))};
  ASSERT_TRUE(Override(out, layer, {}, 0.5f));
  EXPECT_TRUE(SameRotation(out[0].rotation, RotZ(45), 1e-6f));
}

TEST(AdditiveLayer, TheDeltaIsThePoseLessTheReference) {
  const std::vector<Transform> pose = {MakeTransform({3, 2, 1}, RotZ(60), glm::vec3(2))};
  const std::vector<Transform> reference = {MakeTransform({1, 1, 1}, RotZ(20), glm::vec3(0.5f))};
  std::vector<Transform> delta(1);
  ASSERT_TRUE(Delta(pose, reference, delta));
  EXPECT_TRUE(TransformNear(delta[0], MakeTransform({2, 1, 0}, RotZ(40), glm::vec3(4)), 1e-6f));
}

TEST(AdditiveLayer, AddsTheDeltaScaledByTheWeight) {
  const std::vector<Transform> delta = {MakeTransform({2, 1, 0}, RotZ(40), glm::vec3(4))};
  std::vector<Transform> full = {MakeTransform({10, 0, 0}, RotZ(10))};
  ASSERT_TRUE(Additive(full, delta, {}, 1.0f));
  // 10° then 40° more about the same axis; scale 1 * 4.
  EXPECT_TRUE(TransformNear(full[0], MakeTransform({12, 1, 0}, RotZ(50), glm::vec3(4)), 1e-5f));
  std::vector<Transform> half = {MakeTransform({10, 0, 0}, RotZ(10))};
  ASSERT_TRUE(Additive(half, delta, {}, 0.5f));
  // Half the delta: translation (1, 0.5, 0), 20° (halfway from identity to 40° about z), scale
  // 1 + 0.5 * (4 - 1) = 2.5.
  EXPECT_TRUE(
      TransformNear(half[0], MakeTransform({11, 0.5f, 0}, RotZ(30), glm::vec3(2.5f)), 1e-5f));
  std::vector<Transform> masked = {MakeTransform({10, 0, 0}, RotZ(10))};
  const std::vector<float> mask = {0};
  ASSERT_TRUE(Additive(masked, delta, mask, 1.0f));
  EXPECT_TRUE(TransformNear(masked[0], MakeTransform({10, 0, 0}, RotZ(10)), 0.0f));
}

TEST(AdditiveLayer, TheDeltaTurnsInTheJointsOwnFrame) {
  // The joint is turned 90° about x; the delta is 90° about z, applied in the joint's own frame
  // (out * delta): the joint's x axis goes first to y by the delta, then y to z by the joint.
  std::vector<Transform> out = {MakeTransform({0, 0, 0}, AxisAngle({1, 0, 0}, 90))};
  const std::vector<Transform> delta = {MakeTransform({0, 0, 0}, RotZ(90))};
  ASSERT_TRUE(Additive(out, delta, {}, 1.0f));
  EXPECT_TRUE(Vec3Near(out[0].rotation * glm::vec3(1, 0, 0), glm::vec3(0, 0, 1), 1e-6f));
}

TEST(AdditiveLayer, AddingTheDeltaToTheReferenceGivesThePoseBack) {
  const std::vector<Transform> pose = {MakeTransform(
      {0.5f, -2, 3}, AxisAngle(glm::normalize(glm::vec3(1, 2, 3)), 70), glm::vec3(1, 2, 0.5f))};
  const std::vector<Transform> reference = {MakeTransform(
      {4, 0, -1}, AxisAngle(glm::normalize(glm::vec3(-2, 1, 0)), 35), glm::vec3(2, 1, 4))};
  std::vector<Transform> delta(1);
  ASSERT_TRUE(Delta(pose, reference, delta));
  std::vector<Transform> out = reference;
  ASSERT_TRUE(Additive(out, delta, {}, 1.0f));
  EXPECT_TRUE(TransformNear(out[0], pose[0], 1e-5f));
}

}  // namespace
}  // namespace anim
