#include "anim/soa_pose.h"

#include <cstddef>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/span.h"
#include "anim/transform.h"
#include "support/maths.h"
#include "support/random_pose.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

// Every channel of lane `lane` of `block` equals the identity transform, bit for bit.
::testing::AssertionResult LaneIsIdentity(const SoaTransform& block, std::size_t lane) {
  const float got[10] = {block.tx[lane], block.ty[lane], block.tz[lane], block.rx[lane],
                         block.ry[lane], block.rz[lane], block.rw[lane], block.sx[lane],
                         block.sy[lane], block.sz[lane]};
  const float want[10] = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1};
  static const char* const kRows[10] = {"tx", "ty", "tz", "rx", "ry", "rz", "rw", "sx", "sy", "sz"};
  for (int r = 0; r < 10; ++r) {
    if (got[r] != want[r]) {
      return ::testing::AssertionFailure()
             << "lane " << lane << " row " << kRows[r] << " is " << got[r] << ", not " << want[r];
    }
  }
  return ::testing::AssertionSuccess();
}

// A block whose every float is 7: not the identity anywhere.
SoaTransform Garbage() {
  SoaTransform b;
  float* f = &b.tx[0];
  for (std::size_t i = 0; i < sizeof(SoaTransform) / sizeof(float); ++i) f[i] = 7.0f;
  return b;
}

TEST(SoaPoseTest, BlockCountRoundsJointsUpToFours) {
  EXPECT_EQ(soa_block_count(0), 0u);
  EXPECT_EQ(soa_block_count(1), 1u);
  EXPECT_EQ(soa_block_count(4), 1u);
  EXPECT_EQ(soa_block_count(5), 2u);
  EXPECT_EQ(soa_block_count(8), 2u);
  EXPECT_EQ(soa_block_count(9), 3u);
  static_assert(soa_block_count(40) == 10, "usable in constant expressions");
}

TEST(SoaPoseTest, BlockIsTenRowsOfFourFloatsAligned) {
  EXPECT_EQ(sizeof(SoaTransform), 10 * 4 * sizeof(float));
  EXPECT_EQ(alignof(SoaTransform), 16u);
}

TEST(SoaPoseTest, MakeSoaPoseIsAllIdentity) {
  const SoaPose pose = make_soa_pose(6);
  ASSERT_EQ(pose.size(), 2u);
  for (const SoaTransform& block : pose) {
    for (std::size_t l = 0; l < 4; ++l) EXPECT_TRUE(LaneIsIdentity(block, l));
  }
}

TEST(SoaPoseTest, IdentityBlockHasIdentityInEveryLane) {
  const SoaTransform block = SoaTransform::identity();
  for (std::size_t l = 0; l < 4; ++l) EXPECT_TRUE(LaneIsIdentity(block, l));
}

TEST(SoaPoseTest, SetWritesOneLaneOfEachRow) {
  SoaTransform block = Garbage();
  // Quaternion components chosen distinct so that a swapped row shows.
  const Transform t = MakeTransform({1, 2, 3}, glm::quat(0.5f, -0.5f, 0.5f, -0.5f), {4, 5, 6});
  block.set(2, t);
  EXPECT_EQ(block.tx[2], 1.0f);
  EXPECT_EQ(block.ty[2], 2.0f);
  EXPECT_EQ(block.tz[2], 3.0f);
  EXPECT_EQ(block.rx[2], -0.5f);
  EXPECT_EQ(block.ry[2], 0.5f);
  EXPECT_EQ(block.rz[2], -0.5f);
  EXPECT_EQ(block.rw[2], 0.5f);
  EXPECT_EQ(block.sx[2], 4.0f);
  EXPECT_EQ(block.sy[2], 5.0f);
  EXPECT_EQ(block.sz[2], 6.0f);
  // The other lanes are untouched.
  for (std::size_t l : {0u, 1u, 3u}) {
    EXPECT_EQ(block.tx[l], 7.0f);
    EXPECT_EQ(block.rw[l], 7.0f);
    EXPECT_EQ(block.sz[l], 7.0f);
  }
}

TEST(SoaPoseTest, GetReadsWhatSetWrote) {
  SoaTransform block = SoaTransform::identity();
  const Transform a = MakeTransform({-1, 0.25f, 8}, RotZ(33.0f), {0.5f, 2, 3});
  const Transform b = MakeTransform({4, 5, -6}, RotZ(-120.0f), {1, 1, 0.125f});
  block.set(0, a);
  block.set(3, b);
  EXPECT_TRUE(SameBits(block.get(0), a));
  EXPECT_TRUE(SameBits(block.get(3), b));
  EXPECT_TRUE(SameBits(block.get(1), Transform::identity()));
  EXPECT_TRUE(SameBits(block.get(2), Transform::identity()));
}

TEST(SoaPoseTest, GetBuildsQuaternionFromItsRows) {
  SoaTransform block = SoaTransform::identity();
  block.rx[1] = 0.1f;
  block.ry[1] = 0.2f;
  block.rz[1] = 0.3f;
  block.rw[1] = 0.4f;
  const glm::quat q = block.get(1).rotation;
  EXPECT_EQ(q.x, 0.1f);
  EXPECT_EQ(q.y, 0.2f);
  EXPECT_EQ(q.z, 0.3f);
  EXPECT_EQ(q.w, 0.4f);
}

class SoaRoundTripTest : public ::testing::TestWithParam<std::size_t> {
 protected:
  // A random pose of GetParam() joints (from `seed`), and it in SoA form, written by to_soa over
  // blocks that are nowhere the identity (so to_soa must write the spare lanes itself).
  void MakePoses(uint32_t seed) {
    PoseRandom random(seed + static_cast<uint32_t>(GetParam()));
    pose = random.Pose(GetParam());
    soa.assign(soa_block_count(GetParam()), Garbage());
    to_soa(pose, soa);
  }

  std::vector<Transform> pose;
  std::vector<SoaTransform> soa;
};

TEST_P(SoaRoundTripTest, ToSoaThenFromSoaGivesBackEveryJoint) {
  const std::size_t joints = GetParam();
  MakePoses(1234u);
  std::vector<Transform> back(joints, MakeTransform({9, 9, 9}));
  from_soa(soa, back);
  for (std::size_t j = 0; j < joints; ++j) {
    EXPECT_TRUE(SameBits(back[j], pose[j])) << "joint " << j;
    // Joint j lives in lane j % 4 of block j / 4.
    EXPECT_TRUE(SameBits(soa[j / 4].get(j % 4), pose[j])) << "joint " << j;
  }
}

TEST_P(SoaRoundTripTest, LanesPastTheLastJointAreIdentity) {
  const std::size_t joints = GetParam();
  MakePoses(99u);
  for (std::size_t j = joints; j < 4 * soa.size(); ++j) {
    EXPECT_TRUE(LaneIsIdentity(soa[j / 4], j % 4)) << "joint slot " << j;
  }
}

INSTANTIATE_TEST_SUITE_P(JointCounts, SoaRoundTripTest, ::testing::Values(1u, 4u, 5u, 9u),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           return "Joints" + std::to_string(info.param);
                         });

TEST(SoaPoseTest, FromSoaFillsOnlyTheJointsAskedFor) {
  PoseRandom random(7u);
  const std::vector<Transform> pose = random.Pose(9);
  std::vector<SoaTransform> soa(soa_block_count(9));
  to_soa(pose, soa);
  const Transform marker = MakeTransform({5, 5, 5});
  std::vector<Transform> out(7, marker);
  from_soa(soa, Span<Transform>(out.data(), 6));  // The first six joints only.
  for (std::size_t j = 0; j < 6; ++j) EXPECT_TRUE(SameBits(out[j], pose[j])) << "joint " << j;
  EXPECT_TRUE(SameBits(out[6], marker));
}

TEST(SoaPoseTest, EmptyPoseHasNoBlocks) {
  const std::vector<Transform> none;
  std::vector<SoaTransform> soa;
  to_soa(none, soa);
  EXPECT_TRUE(make_soa_pose(0).empty());
}

}  // namespace
}  // namespace anim
