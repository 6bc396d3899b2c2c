#include "anim/soa_local_to_model.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>

#include "anim/local_to_model.h"
#include "anim/soa_pose.h"
#include "anim/transform.h"
#include "support/jobs.h"
#include "support/maths.h"
#include "support/random_pose.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

SoaPose ToSoa(const std::vector<Transform>& pose) {
  SoaPose soa(soa_block_count(pose.size()));
  to_soa(pose, soa);
  return soa;
}

std::vector<glm::mat4> AosModel(const std::vector<int16_t>& parents,
                                const std::vector<Transform>& local, const glm::mat4& root) {
  return ModelMatrices(parents, local, root);
}

std::vector<glm::mat4> SoaModel(const std::vector<int16_t>& parents,
                                const std::vector<Transform>& local, const glm::mat4& root) {
  const SoaPose soa = ToSoa(local);
  std::vector<glm::mat4> out(parents.size(), glm::mat4(0.0f));
  const SoaLocalToModelJob job{parents, soa, root, out};
  EXPECT_TRUE(job.validate());
  EXPECT_TRUE(job.run());
  return out;
}

// Entry-wise agreement relative to the size of the expected matrix: deep chains of scaled joints
// grow their entries, and float rounding grows with them.
::testing::AssertionResult SameModelMatrix(const glm::mat4& got, const glm::mat4& want) {
  float size = 1.0f;
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) size = std::max(size, std::fabs(want[c][r]));
  }
  return MatNear(got, want, 2e-6f * size);
}

// A non-identity root: turned, scaled non-uniformly and moved.
glm::mat4 SomeRoot() {
  glm::mat4 root = glm::translate(glm::mat4(1.0f), glm::vec3(3, -1, 2));
  root = root * glm::mat4_cast(glm::normalize(glm::quat(0.9f, 0.1f, -0.3f, 0.2f)));
  return glm::scale(root, glm::vec3(1.5f, 0.75f, 2.0f));
}

enum class Shape { kChain, kTree };

// (joints, shape)
class SoaVsAosLocalToModelTest : public ::testing::TestWithParam<std::tuple<std::size_t, Shape>> {};

TEST_P(SoaVsAosLocalToModelTest, MatchesAosLocalToModelJob) {
  const auto [joints, shape] = GetParam();
  PoseRandom random(static_cast<uint32_t>(joints * 3 + (shape == Shape::kTree ? 1 : 0)));
  const std::vector<int16_t> parents = shape == Shape::kChain ? Chain(joints) : random.Tree(joints);
  std::vector<Transform> local = random.Pose(joints);
  // Shorter bones down a long chain keep its far end within reach of float precision.
  for (Transform& t : local) t.translation *= 0.5f;
  const glm::mat4 root = SomeRoot();
  const std::vector<glm::mat4> want = AosModel(parents, local, root);
  const std::vector<glm::mat4> got = SoaModel(parents, local, root);
  for (std::size_t j = 0; j < joints; ++j) {
    EXPECT_TRUE(SameModelMatrix(got[j], want[j])) << "joint " << j << " parent " << parents[j];
  }
}

INSTANTIATE_TEST_SUITE_P(JointsAndShapes, SoaVsAosLocalToModelTest,
                         ::testing::Combine(::testing::Values(1u, 3u, 4u, 5u, 8u, 13u, 40u),
                                            ::testing::Values(Shape::kChain, Shape::kTree)),
                         [](const ::testing::TestParamInfo<std::tuple<std::size_t, Shape>>& info) {
                           return "Joints" + std::to_string(std::get<0>(info.param)) +
                                  (std::get<1>(info.param) == Shape::kChain ? "Chain" : "Tree");
                         });

TEST(SoaLocalToModelTest, HandComputedChainWithScaleAndRoot) {
  // Root: move by (0, 0, 5). Joint 0 at (1, 0, 0) turned 90° about Z; joint 1 two along its
  // parent's x with scale (2, 3, 4); joint 2 one along its parent's y.
  const std::vector<int16_t> parents = {-1, 0, 1};
  const std::vector<Transform> local = {
      MakeTransform({1, 0, 0}, glm::quat(kHalfSqrt2, 0, 0, kHalfSqrt2)),
      MakeTransform({2, 0, 0}, glm::quat(1, 0, 0, 0), {2, 3, 4}), MakeTransform({0, 1, 0})};
  const glm::mat4 root = glm::translate(glm::mat4(1.0f), glm::vec3(0, 0, 5));
  const std::vector<glm::mat4> m = SoaModel(parents, local, root);
  // M0: x -> y, y -> -x, origin (1, 0, 5).
  EXPECT_TRUE(
      MatNear(m[0], Columns({0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0}, {1, 0, 5, 1}), 1e-6f));
  // M1: columns M0's scaled by 2, 3, 4; origin (1, 0, 5) + 2 y = (1, 2, 5).
  EXPECT_TRUE(
      MatNear(m[1], Columns({0, 2, 0, 0}, {-3, 0, 0, 0}, {0, 0, 4, 0}, {1, 2, 5, 1}), 1e-6f));
  // M2: M1's axes; origin (1, 2, 5) + M1 (0, 1, 0) = (1, 2, 5) + (-3, 0, 0).
  EXPECT_TRUE(
      MatNear(m[2], Columns({0, 2, 0, 0}, {-3, 0, 0, 0}, {0, 0, 4, 0}, {-2, 2, 5, 1}), 1e-6f));
}

TEST(SoaLocalToModelTest, EveryRootUsesTheRootMatrix) {
  // Six roots over two blocks, each simply at its own translation.
  const std::vector<int16_t> parents(6, -1);
  std::vector<Transform> local;
  for (int j = 0; j < 6; ++j) local.push_back(MakeTransform({static_cast<float>(j), 0, 0}));
  const glm::mat4 root = glm::scale(glm::mat4(1.0f), glm::vec3(2, 2, 2));
  const std::vector<glm::mat4> m = SoaModel(parents, local, root);
  for (int j = 0; j < 6; ++j) {
    EXPECT_TRUE(MatNear(
        m[j], Columns({2, 0, 0, 0}, {0, 2, 0, 0}, {0, 0, 2, 0}, {2.0f * j, 0, 0, 1}), 1e-6f))
        << "joint " << j;
  }
}

// --- validate() --------------------------------------------------------------------------------

class SoaLocalToModelValidateTest : public ::testing::Test {
 protected:
  std::vector<int16_t> parents_ = {-1, 0, 1, 1, 0};  // Five joints, two blocks.
  SoaPose local_ = make_soa_pose(5);
  std::vector<glm::mat4> out_ = std::vector<glm::mat4>(5);

  bool Validate() {
    SoaLocalToModelJob job;
    job.parents = parents_;
    job.local = local_;
    job.output = out_;
    const bool valid = job.validate();
    EXPECT_EQ(job.run(), valid);
    return valid;
  }
};

TEST_F(SoaLocalToModelValidateTest, AcceptsParentsFirstHierarchy) { EXPECT_TRUE(Validate()); }

TEST_F(SoaLocalToModelValidateTest, RejectsParentAfterItsChild) {
  parents_ = {-1, 2, 0, 1, 0};  // Joint 1 hangs from joint 2, which comes later.
  EXPECT_FALSE(Validate());
}

TEST_F(SoaLocalToModelValidateTest, RejectsJointThatIsItsOwnParent) {
  parents_[3] = 3;
  EXPECT_FALSE(Validate());
}

TEST_F(SoaLocalToModelValidateTest, RejectsParentBelowMinusOne) {
  parents_[2] = -2;
  EXPECT_FALSE(Validate());
}

// The check runs eight parents at a time: every size to 40 (tails included) and a bad parent at
// every place, against the rule itself.
TEST_F(SoaLocalToModelValidateTest, EveryBadParentIsFoundWhereverItIs) {
  std::mt19937 rng(7);
  for (std::size_t n = 1; n <= 40; ++n) {
    std::vector<int16_t> good(n);
    for (std::size_t i = 0; i < n; ++i) {
      good[i] = static_cast<int16_t>(std::uniform_int_distribution<int>(-1, int(i) - 1)(rng));
    }
    local_ = make_soa_pose(n);
    out_.assign(n, glm::mat4(1.0f));
    parents_ = good;
    EXPECT_TRUE(Validate()) << n << " joints";
    for (std::size_t at = 0; at < n; ++at) {
      for (const int bad : {-2, -32768, static_cast<int>(at), static_cast<int>(at) + 1, 32767}) {
        parents_ = good;
        parents_[at] = static_cast<int16_t>(bad);
        EXPECT_FALSE(Validate()) << n << " joints, parent " << bad << " at " << at;
      }
    }
  }
}

TEST_F(SoaLocalToModelValidateTest, RejectsLocalPoseWithWrongBlockCount) {
  local_ = make_soa_pose(4);  // One block for five joints.
  EXPECT_FALSE(Validate());
  local_ = make_soa_pose(9);  // Three blocks.
  EXPECT_FALSE(Validate());
}

TEST_F(SoaLocalToModelValidateTest, RejectsOutputOfWrongSize) {
  out_.resize(4);
  EXPECT_FALSE(Validate());
  out_.resize(6);
  EXPECT_FALSE(Validate());
}

}  // namespace
}  // namespace anim
