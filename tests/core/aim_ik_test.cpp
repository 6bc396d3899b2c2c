#include "anim/aim_ik.h"

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "support/ik_chains.h"
#include "support/maths.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr int kJoint = 1;  // Under a root: the joint that aims.

struct Aimed {
  glm::quat correction{1, 0, 0, 0};
  bool reached = false;
  bool ran = false;
};

Aimed Solve(const IkChain& chain, AimIkJob job) {
  job.joint = NaiveModel(chain)[kJoint];
  Aimed out;
  job.correction = &out.correction;
  job.reached = &out.reached;
  out.ran = job.run();
  return out;
}

// The joint's model matrix once the correction is multiplied into its local rotation.
glm::mat4 AfterCorrection(const IkChain& chain, const glm::quat& correction) {
  return NaiveModel(Corrected(chain, kJoint, correction))[kJoint];
}

// The angle in radians between the ray (from `offset` along `forward` in the joint's axes) and
// the direction from the ray's origin to `target`.
float MissAngle(const glm::mat4& joint, const AimIkJob& job) {
  const glm::vec3 origin = glm::vec3(joint * glm::vec4(job.offset, 1.0f));
  const glm::vec3 forward = glm::mat3(joint) * job.forward;
  const glm::vec3 to_target = job.target - origin;
  return std::atan2(glm::length(glm::cross(forward, to_target)), glm::dot(forward, to_target));
}

IkChain Joint(const Transform& root, const Transform& joint) {
  IkChain c;
  c.parents = {-1, 0};
  c.local = {root, joint};
  return c;
}

TEST(AimIkTest, TheRayThroughTheOffsetPassesThroughTheTargetAndUpLeansToThePole) {
  std::mt19937 rng(28);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f), offset(-2.0f, 2.0f), angle(-3, 3);
  const glm::vec3 scales[] = {{1, 1, 1}, {0.02f, 0.02f, 0.02f}, {-1.5f, 1.5f, 1.5f}};
  for (const glm::vec3& scale : scales) {
    for (int trial = 0; trial < 300; ++trial) {
      const IkChain chain =
          Joint(MakeTransform({offset(rng), offset(rng), offset(rng)}, RandomRotation(rng), scale),
                MakeTransform({offset(rng), offset(rng), offset(rng)}, RandomRotation(rng)));
      AimIkJob job;
      job.forward = RandomDirection(rng);
      job.offset = 0.3f * unit(rng) * RandomDirection(rng);
      job.up = RandomDirection(rng);
      job.pole = RandomDirection(rng);
      job.twist = trial % 2 == 0 ? 0.0f : angle(rng);
      const glm::mat4 before = NaiveModel(chain)[kJoint];
      const float eyes = glm::length(glm::mat3(before) * job.offset);
      const glm::vec3 pivot = Origin(before);
      job.target = pivot + (eyes + 0.5f + 3.0f * unit(rng)) * RandomDirection(rng);
      const Aimed a = Solve(chain, job);
      ASSERT_TRUE(a.ran);
      EXPECT_TRUE(a.reached);
      const glm::mat4 after = AfterCorrection(chain, a.correction);
      EXPECT_LE(MissAngle(after, job), 1e-5f) << "trial " << trial << " scale " << scale.x;
      EXPECT_TRUE(Vec3Near(Origin(after), pivot, 1e-5f));
      // Up, turned by the twist back out, lies in the plane of the pivot-to-target line and the
      // pole, on the pole's side.
      const glm::vec3 u = glm::normalize(job.target - pivot);
      const glm::vec3 up =
          AxisAngle(u, -Degrees(job.twist)) * glm::normalize(glm::mat3(after) * job.up);
      const glm::vec3 across = job.pole - u * glm::dot(u, job.pole);
      const glm::vec3 up_across = up - u * glm::dot(u, up);
      if (glm::length(across) < 0.05f || glm::length(up_across) < 0.05f) continue;
      EXPECT_NEAR(glm::dot(up, glm::normalize(glm::cross(u, job.pole))), 0.0f, 1e-5f);
      EXPECT_GT(glm::dot(up, across), 0.0f);
    }
  }
}

// Eyes one to the right (+x) of a joint at the origin looking along +y, target (0, 2, 0): the ray
// point as far from the joint as the target is (1, √3, 0), 60° from x, and the target is at
// 90°, so the joint turns +30° about z. Check: the eyes go to (cos 30°, sin 30°), the ray runs
// along (-sin 30°, cos 30°) and meets x = 0 after √3, at y = 0.5 + 1.5 = 2.
AimIkJob HandWorked() {
  AimIkJob job;
  job.forward = glm::vec3(0, 1, 0);
  job.offset = glm::vec3(1, 0, 0);
  job.up = glm::vec3(0, 0, 1);
  job.pole = glm::vec3(0, 0, 1);
  job.target = glm::vec3(0, 2, 0);
  return job;
}

TEST(AimIkTest, HandWorkedOffsetTurn) {
  const IkChain chain = Joint(Transform{}, Transform{});
  AimIkJob job = HandWorked();
  Aimed a = Solve(chain, job);
  EXPECT_TRUE(a.reached);
  EXPECT_TRUE(SameRotation(a.correction, RotZ(30), 1e-6f));
  // The whole setup turned 90° about z (joint and target): the correction, in the joint's own
  // axes, is the same.
  IkChain turned = Joint(Transform{}, MakeTransform({0, 0, 0}, RotZ(90)));
  job.target = glm::vec3(-2, 0, 0);
  a = Solve(turned, job);
  EXPECT_TRUE(SameRotation(a.correction, RotZ(30), 1e-6f));
  // Twist 90° about the joint-to-target line (+y), applied after the turn, in model space.
  job = HandWorked();
  job.twist = Radians(90);
  a = Solve(chain, job);
  EXPECT_TRUE(SameRotation(a.correction, AxisAngle({0, 1, 0}, 90) * RotZ(30), 1e-6f));
  // Only the directions of up and the pole count, however long they are: a pole along +x leans
  // the up axis (z) over to +x after the 30° turn, a quarter turn about the target line (+y).
  job = HandWorked();
  job.up = glm::vec3(0, 0, 1e-20f);
  job.pole = glm::vec3(1e30f, 0, 0);
  a = Solve(chain, job);
  EXPECT_TRUE(SameRotation(a.correction, AxisAngle({0, 1, 0}, 90) * RotZ(30), 1e-6f));
}

TEST(AimIkTest, WeightZeroIsTheIdentityAndHalfIsHalfTheTurn) {
  const IkChain chain = Joint(Transform{}, Transform{});
  AimIkJob job = HandWorked();
  job.weight = 0.0f;
  Aimed a = Solve(chain, job);
  EXPECT_TRUE(a.correction == glm::quat(1, 0, 0, 0));
  EXPECT_TRUE(a.reached);
  job.weight = 0.5f;
  EXPECT_TRUE(SameRotation(Solve(chain, job).correction, RotZ(15), 1e-6f));
}

bool Finite(const glm::quat& q) {
  return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}

TEST(AimIkTest, TargetsTheRayCannotPassThroughAreNotReachedAndGiveNoNaN) {
  const IkChain chain = Joint(Transform{}, Transform{});
  // Inside the offset sphere: the ray's line passes 1 from the joint, the target is 0.5 away.
  AimIkJob job = HandWorked();
  job.target = glm::vec3(0, 0.5f, 0);
  Aimed a = Solve(chain, job);
  ASSERT_TRUE(a.ran);
  EXPECT_FALSE(a.reached);
  EXPECT_TRUE(Finite(a.correction));
  // The fallback turns the ray's nearest point (the eyes, (1, 0, 0)) onto the target line: +90°.
  EXPECT_TRUE(SameRotation(a.correction, RotZ(90), 1e-6f));
  // At the boundary from outside (distance 1 + e) the exact solution approaches the same turn.
  job.target = glm::vec3(0, 1.0001f, 0);
  a = Solve(chain, job);
  EXPECT_TRUE(a.reached);
  EXPECT_LT(AngleDegrees(a.correction * glm::conjugate(RotZ(90))), 1.0f);

  // Behind the eyes: eyes 1 ahead along forward, target 0.5 ahead of the joint.
  job = HandWorked();
  job.offset = glm::vec3(0, 1, 0);
  job.target = glm::vec3(0.5f, 0, 0);
  a = Solve(chain, job);
  EXPECT_FALSE(a.reached);
  EXPECT_TRUE(Finite(a.correction));

  // On the joint: nothing to aim at.
  job.target = glm::vec3(0);
  a = Solve(chain, job);
  ASSERT_TRUE(a.ran);
  EXPECT_FALSE(a.reached);
  EXPECT_TRUE(a.correction == glm::quat(1, 0, 0, 0));

  // Huge: still exact in direction.
  job = HandWorked();
  job.target = glm::vec3(1e30f, 0, 0);
  a = Solve(chain, job);
  EXPECT_TRUE(a.reached);
  EXPECT_TRUE(SameRotation(a.correction, RotZ(-90), 1e-6f));
}

TEST(AimIkTest, InvalidInputsAreRefused) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  glm::quat q;
  AimIkJob job = HandWorked();
  job.correction = &q;
  EXPECT_TRUE(job.validate());
  AimIkJob bad = job;
  bad.correction = nullptr;
  EXPECT_FALSE(bad.run());
  bad = job;
  bad.target.x = nan;
  EXPECT_FALSE(bad.run());
  bad = job;
  bad.offset.y = inf;
  EXPECT_FALSE(bad.run());
  bad = job;
  bad.twist = nan;
  EXPECT_FALSE(bad.run());
  bad = job;
  bad.forward = glm::vec3(0);
  EXPECT_FALSE(bad.run());
  bad = job;
  bad.joint = glm::mat4(0.0f);
  EXPECT_FALSE(bad.run());
  bad = job;
  bad.joint[0][0] = nan;
  EXPECT_FALSE(bad.run());
}

}  // namespace
}  // namespace anim
