// Layer masks and layer blending (anim/layer_blending.h), against values worked out by hand in
// each test's comments.
#include "anim/layer_blending.h"

#include <vector>

#include <gtest/gtest.h>
#include <glm/vec3.hpp>

#include "test_math.h"

namespace anim {
namespace {

using ::anim::testutil::AxisAngle;
using ::anim::testutil::MakeTransform;
using ::anim::testutil::RotZ;
using ::anim::testutil::SameRotation;
using ::anim::testutil::TransformNear;
using ::anim::testutil::Vec3Near;

// root -> spine -> {head, arm -> hand}; root -> leg.
Skeleton Body() {
  Skeleton s;
  s.names = {"root", "spine", "head", "arm", "hand", "leg"};
  s.parents = {-1, 0, 1, 1, 3, 0};
  s.rest.assign(6, Transform::identity());
  return s;
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
  const std::vector<Transform> layer = {
      MakeTransform({10, 0, 0}, RotZ(90), glm::vec3(3)),
      MakeTransform({10, 0, 0}, RotZ(90), glm::vec3(3))};
  const std::vector<float> mask = {1, 0};
  ASSERT_TRUE(blend_override_layer(out, layer, mask, 0.5f));
  // Halfway: translation 5, scale 2, and the normalized lerp of identity and 90° about z, which
  // by symmetry is 45° about z.
  EXPECT_TRUE(TransformNear(out[0], MakeTransform({5, 0, 0}, RotZ(45), glm::vec3(2)), 1e-6f));
  EXPECT_TRUE(TransformNear(out[1], MakeTransform({0, 0, 0}), 0.0f)) << "masked out";
}

TEST(OverrideLayer, FullWeightGivesTheLayerAndNoMaskMeansEveryJoint) {
  std::vector<Transform> out = {MakeTransform({1, 2, 3}), MakeTransform({4, 5, 6})};
  const std::vector<Transform> layer = {MakeTransform({7, 0, 0}, RotZ(30)),
                                        MakeTransform({0, 8, 0}, RotZ(-60))};
  ASSERT_TRUE(blend_override_layer(out, layer, {}, 1.0f));
  EXPECT_TRUE(TransformNear(out[0], layer[0], 0.0f));
  EXPECT_TRUE(TransformNear(out[1], layer[1], 0.0f));
  EXPECT_FALSE(blend_override_layer(out, Span<const Transform>(layer.data(), 1), {}, 1.0f));
  const std::vector<float> short_mask = {1};
  EXPECT_FALSE(blend_override_layer(out, layer, short_mask, 1.0f));
}

TEST(OverrideLayer, RotationsBlendOnTheShortestArc) {
  // -q is the same rotation as q: the blend of 90° with the negated 90° stays 90°, and the blend
  // toward -RotZ(90) at half weight is 45°, not a turn the long way round.
  std::vector<Transform> out = {MakeTransform({0, 0, 0})};
  const glm::quat q = RotZ(90);
  const std::vector<Transform> layer = {MakeTransform({0, 0, 0}, glm::quat(-q.w, -q.x, -q.y, -q.z))};
  ASSERT_TRUE(blend_override_layer(out, layer, {}, 0.5f));
  EXPECT_TRUE(SameRotation(out[0].rotation, RotZ(45), 1e-6f));
}

TEST(AdditiveLayer, TheDeltaIsThePoseLessTheReference) {
  const std::vector<Transform> pose = {MakeTransform({3, 2, 1}, RotZ(60), glm::vec3(2))};
  const std::vector<Transform> reference = {MakeTransform({1, 1, 1}, RotZ(20), glm::vec3(0.5f))};
  std::vector<Transform> delta(1);
  ASSERT_TRUE(make_additive_delta(pose, reference, delta));
  EXPECT_TRUE(TransformNear(delta[0], MakeTransform({2, 1, 0}, RotZ(40), glm::vec3(4)), 1e-6f));
}

TEST(AdditiveLayer, AddsTheDeltaScaledByTheWeight) {
  const std::vector<Transform> delta = {MakeTransform({2, 1, 0}, RotZ(40), glm::vec3(4))};
  std::vector<Transform> full = {MakeTransform({10, 0, 0}, RotZ(10))};
  ASSERT_TRUE(apply_additive_layer(full, delta, {}, 1.0f));
  // 10° then 40° more about the same axis; scale 1 * 4.
  EXPECT_TRUE(TransformNear(full[0], MakeTransform({12, 1, 0}, RotZ(50), glm::vec3(4)), 1e-5f));
  std::vector<Transform> half = {MakeTransform({10, 0, 0}, RotZ(10))};
  ASSERT_TRUE(apply_additive_layer(half, delta, {}, 0.5f));
  // Half the delta: translation (1, 0.5, 0), 20° (halfway from identity to 40° about z), scale
  // 1 + 0.5 * (4 - 1) = 2.5.
  EXPECT_TRUE(TransformNear(half[0], MakeTransform({11, 0.5f, 0}, RotZ(30), glm::vec3(2.5f)), 1e-5f));
  std::vector<Transform> masked = {MakeTransform({10, 0, 0}, RotZ(10))};
  const std::vector<float> mask = {0};
  ASSERT_TRUE(apply_additive_layer(masked, delta, mask, 1.0f));
  EXPECT_TRUE(TransformNear(masked[0], MakeTransform({10, 0, 0}, RotZ(10)), 0.0f));
}

TEST(AdditiveLayer, TheDeltaTurnsInTheJointsOwnFrame) {
  // The joint is turned 90° about x; the delta is 90° about z, applied in the joint's own frame
  // (out * delta): the joint's x axis goes first to y by the delta, then y to z by the joint.
  std::vector<Transform> out = {MakeTransform({0, 0, 0}, AxisAngle({1, 0, 0}, 90))};
  const std::vector<Transform> delta = {MakeTransform({0, 0, 0}, RotZ(90))};
  ASSERT_TRUE(apply_additive_layer(out, delta, {}, 1.0f));
  EXPECT_TRUE(Vec3Near(out[0].rotation * glm::vec3(1, 0, 0), glm::vec3(0, 0, 1), 1e-6f));
}

TEST(AdditiveLayer, AddingTheDeltaToTheReferenceGivesThePoseBack) {
  const std::vector<Transform> pose = {
      MakeTransform({0.5f, -2, 3}, AxisAngle(glm::normalize(glm::vec3(1, 2, 3)), 70),
                    glm::vec3(1, 2, 0.5f))};
  const std::vector<Transform> reference = {
      MakeTransform({4, 0, -1}, AxisAngle(glm::normalize(glm::vec3(-2, 1, 0)), 35),
                    glm::vec3(2, 1, 4))};
  std::vector<Transform> delta(1);
  ASSERT_TRUE(make_additive_delta(pose, reference, delta));
  std::vector<Transform> out = reference;
  ASSERT_TRUE(apply_additive_layer(out, delta, {}, 1.0f));
  EXPECT_TRUE(TransformNear(out[0], pose[0], 1e-5f));
}

}  // namespace
}  // namespace anim
