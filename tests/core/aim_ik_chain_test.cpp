#include "anim/aim_ik_chain.h"

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

// Root, spine, chest (between spine and neck, not in the aim chain), neck, head.
const int kChain[] = {1, 3, 4};
constexpr int kHead = 4;

struct Aimed {
  std::vector<glm::quat> corrections = std::vector<glm::quat>(3);
  bool reached = false;
  bool ran = false;
};

Aimed Solve(const IkChain& body, AimIkChainJob job, const std::vector<float>& shares) {
  const std::vector<glm::mat4> model = NaiveModel(body);
  const std::vector<glm::mat4> joints = {model[kChain[0]], model[kChain[1]], model[kChain[2]]};
  Aimed out;
  job.joints = joints;
  job.shares = shares;
  job.corrections = out.corrections;
  job.reached = &out.reached;
  out.ran = job.run();
  return out;
}

IkChain Applied(IkChain body, const Aimed& a) {
  for (int i = 0; i < 3; ++i) body = Corrected(body, kChain[i], a.corrections[i]);
  return body;
}

float MissAngle(const glm::mat4& head, const AimIkChainJob& job) {
  const glm::vec3 origin = glm::vec3(head * glm::vec4(job.offset, 1.0f));
  const glm::vec3 forward = glm::mat3(head) * job.forward;
  const glm::vec3 to_target = job.target - origin;
  return std::atan2(glm::length(glm::cross(forward, to_target)), glm::dot(forward, to_target));
}

// A spine standing on +z, every joint turned about z only, so every pivot stays on the z axis.
IkChain UprightBody() {
  IkChain c;
  c.parents = {-1, 0, 1, 2, 3};
  c.local = {MakeTransform({0, 0, 0}), MakeTransform({0, 0, 1}, RotZ(10)),
             MakeTransform({0, 0, 0.3f}, RotZ(-25)), MakeTransform({0, 0, 0.2f}, RotZ(40)),
             MakeTransform({0, 0, 0.15f}, RotZ(5))};
  return c;
}

TEST(AimIkChainTest, AYawIsSharedAsTheSharesSayAndTheHeadHitsTheTarget) {
  // The head looks along its +y, horizontal, from eyes 0.05 ahead of the z axis and 0.1 up; the
  // target is at eye height, 2 away from the eyes, 70° to the left. Every pivot is on the z axis
  // and up = pole = z, so each joint turns about z alone, and the turns add up to the yaw psi
  // putting the target on the eyes' line. That line is radial (the eyes sit on it, ahead of the
  // axis), so psi is the target's bearing from the axis: in the head's frame the target is at
  // (0.05 + 2 cos 70°, 2 sin 70°), psi = atan2(2 sin 70°, 0.05 + 2 cos 70°) = 68.6647°.
  // Spine, neck and head turn by 0.2, 0.3 and 0.5 of it.
  const IkChain body = UprightBody();
  const glm::mat4 head = NaiveModel(body)[kHead];
  AimIkChainJob job;
  job.forward = glm::vec3(0, 1, 0);
  job.offset = glm::vec3(0, 0.05f, 0.1f);
  job.up = glm::vec3(0, 0, 1);
  job.pole = glm::vec3(0, 0, 1);
  const glm::vec3 eyes = glm::vec3(head * glm::vec4(job.offset, 1.0f));
  const glm::vec3 look = glm::mat3(head) * job.forward;
  job.target = eyes + 2.0f * (RotZ(70) * look);
  const Aimed a = Solve(body, job, {0.2f, 0.3f, 0.5f});
  ASSERT_TRUE(a.ran);
  EXPECT_TRUE(a.reached);
  const float psi =
      Degrees(std::atan2(2.0f * std::sin(Radians(70)), 0.05f + 2.0f * std::cos(Radians(70))));
  EXPECT_NEAR(psi, 68.6647f, 1e-3f);
  const float shares[] = {0.2f, 0.3f, 0.5f};
  for (int i = 0; i < 3; ++i) {
    // About +z (the local z is the model z: joints turn about z only), by the share of psi.
    EXPECT_NEAR(AngleDegrees(a.corrections[i]), shares[i] * psi, 1e-3f) << "joint " << i;
    EXPECT_NEAR(a.corrections[i].x, 0.0f, 1e-6f);
    EXPECT_NEAR(a.corrections[i].y, 0.0f, 1e-6f);
    EXPECT_GT(a.corrections[i].z * a.corrections[i].w, 0.0f);
  }
  const glm::mat4 after = NaiveModel(Applied(body, a))[kHead];
  EXPECT_LE(MissAngle(after, job), 1e-5f);
}

TEST(AimIkChainTest, RandomChainsAimExactlyWithUpInThePolePlane) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f), offset(-1.0f, 1.0f);
  for (int trial = 0; trial < 200; ++trial) {
    IkChain body;
    body.parents = {-1, 0, 1, 2, 3};
    for (int j = 0; j < 5; ++j) {
      body.local.push_back(MakeTransform(0.3f * glm::vec3(offset(rng), offset(rng), offset(rng)),
                                         RandomRotation(rng)));
    }
    AimIkChainJob job;
    job.forward = RandomDirection(rng);
    job.offset = 0.1f * RandomDirection(rng);
    job.up = RandomDirection(rng);
    job.pole = RandomDirection(rng);
    const glm::vec3 head = Origin(NaiveModel(body)[kHead]);
    job.target = head + (1.0f + 2.0f * unit(rng)) * RandomDirection(rng);
    const float s0 = unit(rng), s1 = unit(rng) * (1.0f - s0);
    const Aimed a = Solve(body, job, {s0, s1, 1.0f - s0 - s1});
    ASSERT_TRUE(a.ran);
    EXPECT_TRUE(a.reached);
    const glm::mat4 after = NaiveModel(Applied(body, a))[kHead];
    EXPECT_LE(MissAngle(after, job), 1e-5f) << "trial " << trial;
    const glm::vec3 u = glm::normalize(job.target - Origin(after));
    const glm::vec3 up = glm::normalize(glm::mat3(after) * job.up);
    const glm::vec3 across = job.pole - u * glm::dot(u, job.pole);
    if (glm::length(across) < 0.05f || glm::length(up - u * glm::dot(u, up)) < 0.05f) continue;
    EXPECT_NEAR(glm::dot(up, glm::normalize(glm::cross(u, job.pole))), 0.0f, 1e-5f);
    EXPECT_GT(glm::dot(up, across), 0.0f);
  }
}

TEST(AimIkChainTest, AZeroShareLeavesItsJointAndWeightScalesEveryCorrection) {
  const IkChain body = UprightBody();
  AimIkChainJob job;
  job.target = glm::vec3(2, 1, 1.5f);
  const Aimed neck_only = Solve(body, job, {0.0f, 0.6f, 0.4f});
  EXPECT_TRUE(neck_only.corrections[0] == glm::quat(1, 0, 0, 0));
  job.weight = 0.0f;
  const Aimed none = Solve(body, job, {0.2f, 0.3f, 0.5f});
  for (const glm::quat& q : none.corrections) EXPECT_TRUE(q == glm::quat(1, 0, 0, 0));
  job.weight = 1.0f;
  const Aimed full = Solve(body, job, {0.2f, 0.3f, 0.5f});
  job.weight = 0.5f;
  const Aimed half = Solve(body, job, {0.2f, 0.3f, 0.5f});
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(AngleDegrees(half.corrections[i]), 0.5f * AngleDegrees(full.corrections[i]), 1e-3f);
  }
}

TEST(AimIkChainTest, InvalidInputsAreRefused) {
  const IkChain body = UprightBody();
  AimIkChainJob job;
  job.target = glm::vec3(2, 1, 1.5f);
  EXPECT_TRUE(Solve(body, job, {0.2f, 0.3f, 0.5f}).ran);
  EXPECT_FALSE(Solve(body, job, {0.2f, 0.3f, 0.3f}).ran);   // Sums to 0.8.
  EXPECT_FALSE(Solve(body, job, {-0.2f, 0.7f, 0.5f}).ran);  // Negative.
  EXPECT_FALSE(Solve(body, job, {0.5f, 0.5f}).ran);         // One share short.
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(Solve(body, job, {nan, 0.5f, 0.5f}).ran);
  AimIkChainJob bad = job;
  bad.target.z = nan;
  EXPECT_FALSE(Solve(body, bad, {0.2f, 0.3f, 0.5f}).ran);
  bad = job;
  bad.forward = glm::vec3(0);
  EXPECT_FALSE(Solve(body, bad, {0.2f, 0.3f, 0.5f}).ran);
  AimIkChainJob empty;
  EXPECT_FALSE(empty.run());
}

}  // namespace
}  // namespace anim
