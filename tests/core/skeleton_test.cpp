#include "anim/skeleton.h"

#include <string>

#include <gtest/gtest.h>

#include "anim/transform.h"

namespace anim {
namespace {

// hips -> spine -> head, hips -> leg.
Skeleton MakeSkeleton() {
  Skeleton s;
  s.names = {"hips", "spine", "head", "leg"};
  s.parents = {-1, 0, 1, 0};
  s.rest.assign(4, Transform::identity());
  return s;
}

void ExpectInvalid(const Skeleton& s, const std::string& message_part) {
  const Status status = s.validate();
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code, Error::Code::kInvalidData);
  EXPECT_NE(status.error().message.find(message_part), std::string::npos) << status.error().message;
}

TEST(SkeletonTest, AcceptsParentsBeforeChildren) {
  const Skeleton s = MakeSkeleton();
  EXPECT_EQ(s.joint_count(), 4u);
  EXPECT_TRUE(s.validate().ok());
}

TEST(SkeletonTest, AcceptsEmptySkeleton) { EXPECT_TRUE(Skeleton().validate().ok()); }

TEST(SkeletonTest, AcceptsSeveralRoots) {
  Skeleton s = MakeSkeleton();
  s.parents = {-1, -1, 1, -1};
  EXPECT_TRUE(s.validate().ok());
}

TEST(SkeletonTest, RejectsParentAfterChild) {
  Skeleton s = MakeSkeleton();
  s.parents = {-1, 2, 0, 0};  // spine's parent (head) comes after it.
  ExpectInvalid(s, "spine");
}

TEST(SkeletonTest, RejectsJointThatIsItsOwnParent) {
  Skeleton s = MakeSkeleton();
  s.parents[3] = 3;
  ExpectInvalid(s, "leg");
}

TEST(SkeletonTest, RejectsParentBelowMinusOne) {
  Skeleton s = MakeSkeleton();
  s.parents[0] = -2;
  ExpectInvalid(s, "hips");
}

TEST(SkeletonTest, RejectsDuplicateNames) {
  Skeleton s = MakeSkeleton();
  s.names[3] = "spine";
  ExpectInvalid(s, "duplicate joint name \"spine\"");
}

TEST(SkeletonTest, RejectsNamesOfWrongSize) {
  Skeleton s = MakeSkeleton();
  s.names.pop_back();
  ExpectInvalid(s, "size");
}

TEST(SkeletonTest, RejectsRestPoseOfWrongSize) {
  Skeleton s = MakeSkeleton();
  s.rest.push_back(Transform::identity());
  ExpectInvalid(s, "size");
}

TEST(SkeletonTest, FindReturnsIndexOfNamedJoint) {
  const Skeleton s = MakeSkeleton();
  EXPECT_EQ(s.find("hips"), 0);
  EXPECT_EQ(s.find("head"), 2);
  EXPECT_EQ(s.find("leg"), 3);
}

TEST(SkeletonTest, FindReturnsMinusOneForUnknownName) {
  const Skeleton s = MakeSkeleton();
  EXPECT_EQ(s.find("tail"), -1);
  EXPECT_EQ(s.find(""), -1);
  EXPECT_EQ(s.find("Hips"), -1);  // Names are case-sensitive.
  EXPECT_EQ(Skeleton().find("hips"), -1);
}

}  // namespace
}  // namespace anim
