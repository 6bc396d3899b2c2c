#include "anim/two_bone_ik.h"

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

// Joints of every chain here: a root, the start joint, a twist joint between start and mid (so
// start and mid are not parent and child), the mid joint and the end joint.
constexpr int kStart = 1, kMid = 3, kEnd = 4;  // Joint 2 is the twist joint.

struct Solved {
  glm::quat start{1, 0, 0, 0}, mid{1, 0, 0, 0};
  bool reached = false;
  bool ran = false;
};

// The job on `chain`'s model space, with the settings of `job` (its matrices are filled in).
Solved Solve(const IkChain& chain, TwoBoneIkJob job) {
  const std::vector<glm::mat4> model = NaiveModel(chain);
  job.start = model[kStart];
  job.mid = model[kMid];
  job.end = model[kEnd];
  Solved out;
  job.start_correction = &out.start;
  job.mid_correction = &out.mid;
  job.reached = &out.reached;
  out.ran = job.run();
  return out;
}

// The model space of `chain` once both corrections are multiplied into the local rotations.
std::vector<glm::mat4> Apply(const IkChain& chain, const Solved& s) {
  return NaiveModel(Corrected(Corrected(chain, kStart, s.start), kMid, s.mid));
}

float Distance(const glm::vec3& a, const glm::vec3& b) { return glm::length(a - b); }

// A leg along +x from the origin: upper bone `l1` (half of it to the twist joint), lower bone
// `l2` bent by `bend_degrees` about +z at the mid joint. No scale, no rotation at the root.
IkChain StraightishLeg(float l1, float l2, float bend_degrees) {
  IkChain c;
  c.parents = {-1, 0, 1, 2, 3};
  c.local = {MakeTransform({0, 0, 0}), MakeTransform({0, 0, 0}), MakeTransform({0.5f * l1, 0, 0}),
             MakeTransform({0.5f * l1, 0, 0}, RotZ(bend_degrees)), MakeTransform({l2, 0, 0})};
  return c;
}

// A random leg under a root of the given scale (uniform, or mirrored by a negative x), every joint
// turned at random, and the mid axis (in the mid joint's axes) perpendicular to both bones so
// that the reach is [|l1 - l2|, l1 + l2].
IkChain RandomLeg(std::mt19937& rng, const glm::vec3& root_scale, glm::vec3* mid_axis) {
  std::uniform_real_distribution<float> length(0.3f, 1.5f), offset(-2.0f, 2.0f);
  IkChain c;
  c.parents = {-1, 0, 1, 2, 3};
  const float upper = length(rng);
  const glm::vec3 root_t(offset(rng), offset(rng), offset(rng));
  c.local = {MakeTransform(root_t, RandomRotation(rng), root_scale),
             MakeTransform({offset(rng), offset(rng), offset(rng)}, RandomRotation(rng)),
             MakeTransform(0.5f * upper * RandomDirection(rng), RandomRotation(rng)),
             MakeTransform(0.5f * upper * RandomDirection(rng), RandomRotation(rng)),
             MakeTransform(length(rng) * RandomDirection(rng), RandomRotation(rng))};
  const std::vector<glm::mat4> m = NaiveModel(c);
  const glm::vec3 a = Origin(m[kMid]) - Origin(m[kStart]);
  const glm::vec3 b = Origin(m[kEnd]) - Origin(m[kMid]);
  const glm::vec3 n = glm::normalize(glm::cross(a, b));
  *mid_axis = glm::normalize(glm::inverse(glm::mat3(m[kMid])) * n);
  return c;
}

struct Lengths {
  float upper, lower;
};
Lengths BoneLengths(const std::vector<glm::mat4>& m) {
  return {Distance(Origin(m[kMid]), Origin(m[kStart])), Distance(Origin(m[kEnd]), Origin(m[kMid]))};
}

TEST(TwoBoneIkTest, ReachableTargetsAreReachedExactlyAndBonesKeepTheirLengths) {
  std::mt19937 rng(28);
  const glm::vec3 scales[] = {{1, 1, 1}, {2.5f, 2.5f, 2.5f}, {-1.5f, 1.5f, 1.5f}};
  std::uniform_real_distribution<float> unit(0.0f, 1.0f), angle(-3.0f, 3.0f);
  for (const glm::vec3& scale : scales) {
    for (int trial = 0; trial < 200; ++trial) {
      TwoBoneIkJob job;
      const IkChain leg = RandomLeg(rng, scale, &job.mid_axis);
      const std::vector<glm::mat4> before = NaiveModel(leg);
      const Lengths l = BoneLengths(before);
      const float shortest = std::fabs(l.upper - l.lower), longest = l.upper + l.lower;
      const float d = shortest + (0.01f + 0.98f * unit(rng)) * (longest - shortest);
      job.target = Origin(before[kStart]) + d * RandomDirection(rng);
      job.pole = RandomDirection(rng);
      job.twist = angle(rng);
      const Solved s = Solve(leg, job);
      ASSERT_TRUE(s.ran);
      EXPECT_TRUE(s.reached) << "trial " << trial;
      const std::vector<glm::mat4> after = Apply(leg, s);
      EXPECT_TRUE(Vec3Near(Origin(after[kEnd]), job.target, 1e-5f * longest))
          << "trial " << trial << " scale " << scale.x;
      const Lengths kept = BoneLengths(after);
      EXPECT_NEAR(kept.upper, l.upper, 1e-5f * longest);
      EXPECT_NEAR(kept.lower, l.lower, 1e-5f * longest);
      EXPECT_TRUE(Vec3Near(Origin(after[kStart]), Origin(before[kStart]), 1e-6f));
    }
  }
}

TEST(TwoBoneIkTest, HandWorkedRightAngleKnee) {
  // Straight leg 1 + 1 along +x, target at (√2, 0, 0): the law of cosines gives a right angle at
  // the knee, so the lower bone turns +90° about z and the end, now at (1, 1, 0), is brought down
  // to the x axis by -45° at the start. The mid joint then sits at (√½, -√½, 0), on the side of
  // the pole -y, so no plane turn follows.
  const IkChain leg = StraightishLeg(1, 1, 0);
  TwoBoneIkJob job;
  job.target = glm::vec3(std::sqrt(2.0f), 0, 0);
  job.pole = glm::vec3(0, -1, 0);
  const Solved s = Solve(leg, job);
  ASSERT_TRUE(s.ran);
  EXPECT_TRUE(s.reached);
  EXPECT_TRUE(SameRotation(s.start, RotZ(-45), 1e-6f));
  EXPECT_TRUE(SameRotation(s.mid, RotZ(90), 1e-6f));
  const std::vector<glm::mat4> after = Apply(leg, s);
  EXPECT_TRUE(Vec3Near(Origin(after[kMid]), glm::vec3(kHalfSqrt2, -kHalfSqrt2, 0), 1e-6f));

  // Pole +y: the same triangle turned half a turn about the x axis, mid at (√½, √½, 0).
  job.pole = glm::vec3(0, 1, 0);
  const Solved flipped = Solve(leg, job);
  EXPECT_TRUE(SameRotation(flipped.start, AxisAngle({1, 0, 0}, 180) * RotZ(-45), 1e-6f));
  EXPECT_TRUE(SameRotation(flipped.mid, RotZ(90), 1e-6f));
  // Only the pole's direction counts, however long it is.
  job.pole = glm::vec3(0, 1e30f, 0);
  EXPECT_TRUE(SameRotation(Solve(leg, job).start, flipped.start, 1e-6f));
  const std::vector<glm::mat4> up = Apply(leg, flipped);
  EXPECT_TRUE(Vec3Near(Origin(up[kMid]), glm::vec3(kHalfSqrt2, kHalfSqrt2, 0), 1e-6f));
  EXPECT_TRUE(Vec3Near(Origin(up[kEnd]), job.target, 1e-6f));
}

TEST(TwoBoneIkTest, PoleChoosesTheBendPlaneAndSide) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    TwoBoneIkJob job;
    const IkChain leg = RandomLeg(rng, glm::vec3(1), &job.mid_axis);
    const std::vector<glm::mat4> before = NaiveModel(leg);
    const Lengths l = BoneLengths(before);
    const glm::vec3 s = Origin(before[kStart]);
    const glm::vec3 u = RandomDirection(rng);
    job.target = s + 0.5f * (l.upper + l.lower + std::fabs(l.upper - l.lower)) * u;
    job.pole = RandomDirection(rng);
    const glm::vec3 across = job.pole - u * glm::dot(u, job.pole);
    if (glm::length(across) < 0.1f) continue;  // A pole along the line chooses no plane.
    const std::vector<glm::mat4> after = Apply(leg, Solve(leg, job));
    const glm::vec3 mid = Origin(after[kMid]) - s;
    // In the plane of the start-to-target line and the pole, on the pole's side of the line.
    EXPECT_NEAR(glm::dot(mid, glm::normalize(glm::cross(u, job.pole))), 0.0f, 1e-5f);
    EXPECT_GT(glm::dot(mid, glm::normalize(across)), 0.0f);
  }
}

TEST(TwoBoneIkTest, UnreachableTargetStraightensTheChainTowardIt) {
  const IkChain leg = StraightishLeg(1.0f, 0.75f, 60);
  TwoBoneIkJob job;
  job.target = glm::vec3(1, 3, -2);  // 3.74 away; the chain reaches 1.75.
  job.pole = glm::vec3(0, 0, 1);
  const Solved s = Solve(leg, job);
  ASSERT_TRUE(s.ran);
  EXPECT_FALSE(s.reached);
  const std::vector<glm::mat4> after = Apply(leg, s);
  const glm::vec3 u = glm::normalize(job.target);
  EXPECT_TRUE(Vec3Near(Origin(after[kMid]), 1.0f * u, 1e-5f));
  EXPECT_TRUE(Vec3Near(Origin(after[kEnd]), 1.75f * u, 1e-5f));
}

TEST(TwoBoneIkTest, TargetTooCloseFoldsTheChainTowardIt) {
  const IkChain leg = StraightishLeg(1.0f, 0.75f, 60);
  TwoBoneIkJob job;
  job.target = glm::vec3(0, 0.1f, 0);  // Closer than |1 - 0.75|.
  const Solved s = Solve(leg, job);
  EXPECT_FALSE(s.reached);
  const std::vector<glm::mat4> after = Apply(leg, s);
  EXPECT_TRUE(Vec3Near(Origin(after[kEnd]), glm::vec3(0, 0.25f, 0), 1e-5f));
}

TEST(TwoBoneIkTest, WeightZeroIsTheIdentityAndHalfIsHalfTheTurn) {
  const IkChain leg = StraightishLeg(1, 1, 0);
  TwoBoneIkJob job;
  job.target = glm::vec3(std::sqrt(2.0f), 0, 0);
  job.pole = glm::vec3(0, -1, 0);
  job.weight = 0.0f;
  const Solved none = Solve(leg, job);
  ASSERT_TRUE(none.ran);
  EXPECT_TRUE(none.reached);  // Reach is the unweighted solve's.
  const glm::quat identity(1, 0, 0, 0);
  EXPECT_TRUE(none.start == identity && none.mid == identity);
  const IkChain unchanged = Corrected(Corrected(leg, kStart, none.start), kMid, none.mid);
  for (std::size_t j = 0; j < leg.local.size(); ++j) {
    EXPECT_TRUE(SameBits(unchanged.local[j], leg.local[j])) << "joint " << j;
  }
  // Half weight: half of each hand-worked turn about the same axis (-45° -> -22.5°, 90° -> 45°).
  job.weight = 0.5f;
  const Solved half = Solve(leg, job);
  EXPECT_TRUE(SameRotation(half.start, RotZ(-22.5f), 1e-6f));
  EXPECT_TRUE(SameRotation(half.mid, RotZ(45), 1e-6f));
  // Out-of-range weights are clamped.
  job.weight = 7.0f;
  EXPECT_TRUE(SameRotation(Solve(leg, job).mid, RotZ(90), 1e-6f));
  job.weight = -1.0f;
  EXPECT_TRUE(Solve(leg, job).mid == identity);
}

TEST(TwoBoneIkTest, SoftenPullsFarTargetsInAlongTheCurve) {
  // Bones 1 + 1 (reach 2), soften 0.8: softening starts at 1.6 with a span of 0.4, and a target
  // at distance d > 1.6 is aimed at 1.6 + 0.4 (1 - exp(-(d - 1.6) / 0.4)), worked out by hand.
  struct Case {
    float distance, expected;
    bool reached;
  };
  const Case cases[] = {{1.5f, 1.5f, true},
                        {1.6f, 1.6f, true},
                        {1.8f, 1.6f + 0.4f * (1.0f - 0.60653066f), false},    // e^-0.5
                        {2.0f, 1.6f + 0.4f * (1.0f - 0.36787944f), false},    // e^-1
                        {3.0f, 1.6f + 0.4f * (1.0f - 0.030197383f), false}};  // e^-3.5
  const IkChain leg = StraightishLeg(1, 1, 30);
  const glm::vec3 u = glm::normalize(glm::vec3(1, 2, 2));
  for (const Case& c : cases) {
    TwoBoneIkJob job;
    job.soften = 0.8f;
    job.target = c.distance * u;
    const Solved s = Solve(leg, job);
    EXPECT_EQ(s.reached, c.reached) << c.distance;
    const glm::vec3 end = Origin(Apply(leg, s)[kEnd]);
    EXPECT_TRUE(Vec3Near(end, c.expected * u, 1e-5f)) << "target at " << c.distance;
  }
  // Without softening (1) the same far target straightens the chain completely.
  TwoBoneIkJob job;
  job.target = 3.0f * u;
  EXPECT_TRUE(Vec3Near(Origin(Apply(leg, Solve(leg, job))[kEnd]), 2.0f * u, 1e-5f));
}

TEST(TwoBoneIkTest, TwistTurnsTheChainAboutTheStartToTargetLine) {
  std::mt19937 rng(3);
  TwoBoneIkJob job;
  const IkChain leg = RandomLeg(rng, glm::vec3(1), &job.mid_axis);
  const std::vector<glm::mat4> before = NaiveModel(leg);
  const glm::vec3 s = Origin(before[kStart]);
  const Lengths l = BoneLengths(before);
  const glm::vec3 u = glm::normalize(glm::vec3(0.3f, -1, 0.2f));
  job.target = s + 0.8f * (l.upper + l.lower) * u;
  job.pole = glm::vec3(0, 0, 1);
  const std::vector<glm::mat4> plain = Apply(leg, Solve(leg, job));
  for (float degrees : {30.0f, -75.0f, 180.0f}) {
    job.twist = Radians(degrees);
    const std::vector<glm::mat4> twisted = Apply(leg, Solve(leg, job));
    const glm::vec3 expected_mid = s + AxisAngle(u, degrees) * (Origin(plain[kMid]) - s);
    EXPECT_TRUE(Vec3Near(Origin(twisted[kMid]), expected_mid, 1e-5f)) << degrees;
    EXPECT_TRUE(Vec3Near(Origin(twisted[kEnd]), job.target, 1e-5f)) << degrees;
  }
}

bool Finite(const glm::quat& q) {
  return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}

TEST(TwoBoneIkTest, InvalidInputsAreRefused) {
  const IkChain leg = StraightishLeg(1, 1, 30);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  glm::quat a, b;
  TwoBoneIkJob job;
  job.start_correction = &a;
  job.mid_correction = &b;
  EXPECT_TRUE(job.validate());
  TwoBoneIkJob no_output = job;
  no_output.mid_correction = nullptr;
  EXPECT_FALSE(no_output.validate());
  EXPECT_FALSE(no_output.run());
  TwoBoneIkJob bad = job;
  bad.target = glm::vec3(nan, 0, 0);
  EXPECT_FALSE(bad.run());
  bad = job;
  bad.target = glm::vec3(0, inf, 0);
  EXPECT_FALSE(bad.run());
  bad = job;
  bad.pole = glm::vec3(0, 0, nan);
  EXPECT_FALSE(bad.run());
  bad = job;
  bad.weight = nan;
  EXPECT_FALSE(bad.run());
  bad = job;
  bad.mid[1][1] = nan;
  EXPECT_FALSE(bad.run());
  bad = job;
  bad.mid_axis = glm::vec3(0);
  EXPECT_FALSE(bad.run());
  bad = job;
  bad.start = glm::mat4(0.0f);  // No axes to express a correction in.
  EXPECT_FALSE(bad.run());
  bad = job;
  bad.target = glm::vec3(3e38f, 0, 0);
  bad.start[3] = glm::vec4(-3e38f, 0, 0, 1);  // The offset to the target overflows.
  EXPECT_FALSE(bad.run());
}

TEST(TwoBoneIkTest, DegenerateChainsGiveNoNaN) {
  const IkChain leg = StraightishLeg(1, 1, 30);
  // Target on the start joint: no direction to aim at, the knee folds as far as it can.
  TwoBoneIkJob job;
  job.target = glm::vec3(0);
  Solved s = Solve(leg, job);
  ASSERT_TRUE(s.ran);
  EXPECT_TRUE(Finite(s.start) && Finite(s.mid));
  Lengths l = BoneLengths(Apply(leg, s));
  EXPECT_NEAR(l.upper, 1.0f, 1e-5f);
  EXPECT_NEAR(l.lower, 1.0f, 1e-5f);

  // A huge target: straight toward it.
  job.target = glm::vec3(0, 1e30f, 0);
  s = Solve(leg, job);
  ASSERT_TRUE(s.ran);
  EXPECT_FALSE(s.reached);
  EXPECT_TRUE(Vec3Near(Origin(Apply(leg, s)[kEnd]), glm::vec3(0, 2, 0), 1e-5f));

  // A pole along the start-to-target line: the chain keeps its plane, still reaches.
  job.target = glm::vec3(0, 1.2f, 0);
  job.pole = glm::vec3(0, 1, 0);
  s = Solve(leg, job);
  EXPECT_TRUE(Finite(s.start) && Finite(s.mid));
  EXPECT_TRUE(Vec3Near(Origin(Apply(leg, s)[kEnd]), job.target, 1e-5f));

  // A zero-length lower bone: nothing to turn, identity corrections.
  IkChain stub = leg;
  stub.local[kEnd].translation = glm::vec3(0);
  job.target = glm::vec3(0, 1, 0);
  s = Solve(stub, job);
  ASSERT_TRUE(s.ran);
  EXPECT_FALSE(s.reached);
  EXPECT_TRUE(s.start == glm::quat(1, 0, 0, 0) && s.mid == glm::quat(1, 0, 0, 0));

  // A mid axis along the lower bone: the knee cannot bend, the start still aims.
  job.mid_axis = glm::vec3(1, 0, 0);
  job.target = glm::vec3(0, 3, 0);
  s = Solve(leg, job);
  EXPECT_TRUE(Finite(s.start) && Finite(s.mid));
  EXPECT_FALSE(s.reached);
}

}  // namespace
}  // namespace anim
