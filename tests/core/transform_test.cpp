#include "anim/transform.h"

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>

#include "support/maths.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr float kTol = 1e-5f;

// 90° about +Z: x -> y, y -> -x.
const glm::quat kRotZ90(kHalfSqrt2, 0.0f, 0.0f, kHalfSqrt2);
// 120° about (1, 1, 1) / sqrt(3): x -> y, y -> z, z -> x.
const glm::quat kRotCycle(0.5f, 0.5f, 0.5f, 0.5f);

TEST(TransformTest, DefaultIsIdentity) {
  const Transform t = Transform::identity();
  EXPECT_EQ(t.translation, glm::vec3(0.0f));
  EXPECT_EQ(t.scale, glm::vec3(1.0f));
  EXPECT_TRUE(SameRotation(t.rotation, glm::quat(1, 0, 0, 0), 0.0f));
  EXPECT_TRUE(MatNear(to_matrix(t), glm::mat4(1.0f), 0.0f));
}

TEST(TransformTest, ToMatrixAppliesScaleThenRotationThenTranslation) {
  const Transform t = MakeTransform({1, 2, 3}, kRotZ90, {2, 3, 4});
  // Columns: R * (2, 0, 0) = (0, 2, 0); R * (0, 3, 0) = (-3, 0, 0); R * (0, 0, 4) = (0, 0, 4);
  // then the translation.
  const glm::mat4 expected = Columns({0, 2, 0, 0}, {-3, 0, 0, 0}, {0, 0, 4, 0}, {1, 2, 3, 1});
  const glm::mat4 m = to_matrix(t);
  EXPECT_TRUE(MatNear(m, expected, kTol));

  // The point (1, 1, 1): scaled (2, 3, 4), rotated (-3, 2, 4), moved (-2, 4, 7).
  const glm::vec4 p = m * glm::vec4(1, 1, 1, 1);
  EXPECT_TRUE(Vec3Near(glm::vec3(p), {-2, 4, 7}, kTol));
  EXPECT_FLOAT_EQ(p.w, 1.0f);
}

TEST(TransformTest, ToMatrixOfCyclicRotationPermutesAxes) {
  const Transform t = MakeTransform({0, 0, 0}, kRotCycle, {1, 1, 1});
  const glm::mat4 expected = Columns({0, 1, 0, 0}, {0, 0, 1, 0}, {1, 0, 0, 0}, {0, 0, 0, 1});
  EXPECT_TRUE(MatNear(to_matrix(t), expected, kTol));
}

TEST(TransformTest, DecomposeRecoversTranslationRotationScale) {
  const glm::mat4 m = Columns({0, 2, 0, 0}, {-3, 0, 0, 0}, {0, 0, 4, 0}, {1, 2, 3, 1});
  const Transform t = decompose(m);
  EXPECT_TRUE(Vec3Near(t.translation, {1, 2, 3}, kTol));
  EXPECT_TRUE(Vec3Near(t.scale, {2, 3, 4}, kTol));
  EXPECT_TRUE(SameRotation(t.rotation, kRotZ90, kTol));
}

TEST(TransformTest, DecomposeReturnsUnitRotation) {
  const Transform t = decompose(Columns({0, 2, 0, 0}, {-3, 0, 0, 0}, {0, 0, 4, 0}, {1, 2, 3, 1}));
  EXPECT_NEAR(::anim::testutil::Length(t.rotation), 1.0f, 1e-6f);
}

TEST(TransformTest, DecomposeCarriesMirrorInNegativeXScale) {
  // A mirror in x with scale (2, 3, 4) and no rotation.
  const glm::mat4 m = Columns({-2, 0, 0, 0}, {0, 3, 0, 0}, {0, 0, 4, 0}, {5, 6, 7, 1});
  const Transform t = decompose(m);
  EXPECT_TRUE(Vec3Near(t.translation, {5, 6, 7}, kTol));
  EXPECT_TRUE(Vec3Near(t.scale, {-2, 3, 4}, kTol));
  EXPECT_TRUE(SameRotation(t.rotation, glm::quat(1, 0, 0, 0), kTol));
}

TEST(TransformTest, DecomposeRoundTripsNegativeXScaleExactly) {
  const Transform original = MakeTransform({-4.0f, 0.5f, 2.0f}, kRotCycle, {-1.5f, 2.0f, 0.5f});
  // Columns: R * (-1.5, 0, 0) = (0, -1.5, 0); R * (0, 2, 0) = (0, 0, 2); R * (0, 0, 0.5) =
  // (0.5, 0, 0).
  const glm::mat4 expected =
      Columns({0, -1.5f, 0, 0}, {0, 0, 2, 0}, {0.5f, 0, 0, 0}, {-4.0f, 0.5f, 2.0f, 1});
  const glm::mat4 m = to_matrix(original);
  ASSERT_TRUE(MatNear(m, expected, kTol));

  const Transform back = decompose(m);
  EXPECT_TRUE(Vec3Near(back.translation, {-4.0f, 0.5f, 2.0f}, kTol));
  EXPECT_TRUE(Vec3Near(back.scale, {-1.5f, 2.0f, 0.5f}, kTol));
  EXPECT_TRUE(SameRotation(back.rotation, kRotCycle, kTol));
}

TEST(TransformTest, DecomposeMovesNegativeYScaleToXAndKeepsTheMatrix) {
  // Rz(90°) * diag(1, -2, 1): columns (0, 1, 0), (2, 0, 0), (0, 0, 1).
  const Transform original = MakeTransform({1, 0, 0}, kRotZ90, {1, -2, 1});
  const glm::mat4 expected = Columns({0, 1, 0, 0}, {2, 0, 0, 0}, {0, 0, 1, 0}, {1, 0, 0, 1});
  const glm::mat4 m = to_matrix(original);
  ASSERT_TRUE(MatNear(m, expected, kTol));

  // The same matrix is Rz(-90°) * diag(-1, 2, 1): the mirror moves to x.
  const Transform back = decompose(m);
  EXPECT_TRUE(Vec3Near(back.scale, {-1, 2, 1}, kTol));
  EXPECT_TRUE(SameRotation(back.rotation, glm::quat(kHalfSqrt2, 0, 0, -kHalfSqrt2), kTol));
  EXPECT_TRUE(MatNear(to_matrix(back), expected, kTol));
}

TEST(TransformTest, DecomposeOfIdentityIsIdentity) {
  const Transform t = decompose(glm::mat4(1.0f));
  EXPECT_TRUE(Vec3Near(t.translation, {0, 0, 0}, 0.0f));
  EXPECT_TRUE(Vec3Near(t.scale, {1, 1, 1}, 0.0f));
  EXPECT_TRUE(SameRotation(t.rotation, glm::quat(1, 0, 0, 0), 0.0f));
}

}  // namespace
}  // namespace anim
