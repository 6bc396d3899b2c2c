#include "anim/local_to_model.h"

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>

#include "anim/transform.h"
#include "support/jobs.h"
#include "support/maths.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr float kTol = 1e-5f;
const glm::quat kRotZ90(kHalfSqrt2, 0, 0, kHalfSqrt2);  // x -> y, y -> -x.
const glm::quat kRotX90(kHalfSqrt2, kHalfSqrt2, 0, 0);  // y -> z, z -> -y.

// A chain root -> 1 -> 2:
//   joint 0: at (1, 0, 0), turned 90° about Z;
//   joint 1: 2 along its parent's x, uniformly scaled by 2;
//   joint 2: 1 along its parent's y, turned 90° about X.
const std::vector<int16_t> kChain = {-1, 0, 1};
std::vector<Transform> ChainLocal() {
  return {MakeTransform({1, 0, 0}, kRotZ90),
          MakeTransform({2, 0, 0}, glm::quat(1, 0, 0, 0), {2, 2, 2}),
          MakeTransform({0, 1, 0}, kRotX90)};
}

TEST(LocalToModelTest, ChainComposesParentsBeforeChildren) {
  const std::vector<glm::mat4> model = ModelMatrices(kChain, ChainLocal());
  ASSERT_EQ(model.size(), 3u);
  // M0 = T(1, 0, 0) * Rz(90°).
  EXPECT_TRUE(
      MatNear(model[0], Columns({0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0}, {1, 0, 0, 1}), kTol));
  // M1 = M0 * T(2, 0, 0) * S(2): axes twice as long, origin at (1, 0, 0) + Rz(90°) (2, 0, 0).
  EXPECT_TRUE(
      MatNear(model[1], Columns({0, 2, 0, 0}, {-2, 0, 0, 0}, {0, 0, 2, 0}, {1, 2, 0, 1}), kTol));
  // M2 = M1 * T(0, 1, 0) * Rx(90°): columns M1 (1, 0, 0), M1 (0, 0, 1), M1 (0, -1, 0), and the
  // origin M1 (0, 1, 0, 1) = (-2, 0, 0) + (1, 2, 0).
  EXPECT_TRUE(
      MatNear(model[2], Columns({0, 2, 0, 0}, {0, 0, 2, 0}, {2, 0, 0, 0}, {-1, 2, 0, 1}), kTol));
}

TEST(LocalToModelTest, RootMatrixIsTheParentOfRoots) {
  // Root: 5 up in z. Every matrix of the chain moves by (0, 0, 5).
  glm::mat4 root(1.0f);
  root[3] = glm::vec4(0, 0, 5, 1);
  const std::vector<glm::mat4> model = ModelMatrices(kChain, ChainLocal(), root);
  EXPECT_TRUE(
      MatNear(model[0], Columns({0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0}, {1, 0, 5, 1}), kTol));
  EXPECT_TRUE(
      MatNear(model[2], Columns({0, 2, 0, 0}, {0, 0, 2, 0}, {2, 0, 0, 0}, {-1, 2, 5, 1}), kTol));
}

TEST(LocalToModelTest, RotatingRootMatrixTurnsTheWholeSkeleton) {
  // Root Rz(90°) and two roots: (1, 0, 0) lands on (0, 1, 0), (0, 3, 0) on (-3, 0, 0).
  const glm::mat4 root = Columns({0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1});
  const std::vector<glm::mat4> model =
      ModelMatrices({-1, -1}, {MakeTransform({1, 0, 0}), MakeTransform({0, 3, 0})}, root);
  EXPECT_TRUE(
      MatNear(model[0], Columns({0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0}, {0, 1, 0, 1}), kTol));
  EXPECT_TRUE(
      MatNear(model[1], Columns({0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0}, {-3, 0, 0, 1}), kTol));
}

TEST(LocalToModelTest, SiblingsShareTheirParent) {
  // Root at (0, 0, 1) scaled by 3; children at local (1, 0, 0) and (0, 1, 0).
  const std::vector<glm::mat4> model =
      ModelMatrices({-1, 0, 0}, {MakeTransform({0, 0, 1}, glm::quat(1, 0, 0, 0), {3, 3, 3}),
                                 MakeTransform({1, 0, 0}), MakeTransform({0, 1, 0})});
  EXPECT_TRUE(
      MatNear(model[1], Columns({3, 0, 0, 0}, {0, 3, 0, 0}, {0, 0, 3, 0}, {3, 0, 1, 1}), kTol));
  EXPECT_TRUE(
      MatNear(model[2], Columns({3, 0, 0, 0}, {0, 3, 0, 0}, {0, 0, 3, 0}, {0, 3, 1, 1}), kTol));
}

TEST(LocalToModelTest, EmptySkeletonIsValid) {
  LocalToModelJob job;
  EXPECT_TRUE(job.validate());
  EXPECT_TRUE(job.run());
}

class LocalToModelValidateTest : public ::testing::Test {
 protected:
  // run() fails and leaves every output matrix as it was.
  void ExpectRejected(const std::vector<int16_t>& parents, std::size_t local_count,
                      std::size_t output_count) {
    const std::vector<Transform> local(local_count, MakeTransform({1, 2, 3}));
    const glm::mat4 marker(7.0f);
    std::vector<glm::mat4> out(output_count, marker);
    LocalToModelJob job;
    job.parents = parents;
    job.local = local;
    job.output = out;
    EXPECT_FALSE(job.validate());
    EXPECT_FALSE(job.run());
    for (const glm::mat4& m : out) EXPECT_TRUE(MatNear(m, marker, 0.0f));
  }
};

TEST_F(LocalToModelValidateTest, RejectsParentAfterChild) { ExpectRejected({-1, 2, 0}, 3, 3); }

TEST_F(LocalToModelValidateTest, RejectsJointThatIsItsOwnParent) { ExpectRejected({-1, 1}, 2, 2); }

TEST_F(LocalToModelValidateTest, RejectsParentBelowMinusOne) { ExpectRejected({-2}, 1, 1); }

TEST_F(LocalToModelValidateTest, RejectsLocalPoseOfWrongSize) { ExpectRejected({-1, 0}, 1, 2); }

TEST_F(LocalToModelValidateTest, RejectsOutputOfWrongSize) { ExpectRejected({-1, 0}, 2, 3); }

}  // namespace
}  // namespace anim
