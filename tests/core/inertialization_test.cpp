// Inertialization: the quintic decay against a polynomial solved here from its six boundary
// conditions (Gaussian elimination in double), and the start and per-frame jobs on poses built
// by hand: the pose just before the switch at time 0, the target exactly from the duration on,
// the velocity carried over (finite differences), no overshoot, teleports, bad inputs.
#include "anim/inertialization.h"

#include <array>
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/soa_pose.h"
#include "anim/transform.h"
#include "support/maths.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

// The quintic x(t) = sum c[k] t^k with x(0) = x0, x'(0) = v0, x''(0) = a0 and x, x', x'' zero
// at t1: the 6x6 system written out row by row and solved by elimination with partial pivoting.
struct Reference {
  std::array<double, 6> c{};
  double t1 = 0.0;

  double at(double t) const {
    if (t >= t1) return 0.0;
    double x = 0.0, p = 1.0;
    for (double k : c) {
      x += k * p;
      p *= t;
    }
    return x;
  }
};

Reference Solve(double x0, double v0, double a0, double t1) {
  double m[6][7] = {};
  // Rows at 0: c0 = x0, c1 = v0, 2 c2 = a0.
  m[0][0] = 1;
  m[0][6] = x0;
  m[1][1] = 1;
  m[1][6] = v0;
  m[2][2] = 2;
  m[2][6] = a0;
  // Rows at t1: value, first and second derivative zero.
  for (int k = 0; k < 6; ++k) {
    m[3][k] = std::pow(t1, k);
    m[4][k] = k >= 1 ? k * std::pow(t1, k - 1) : 0.0;
    m[5][k] = k >= 2 ? k * (k - 1) * std::pow(t1, k - 2) : 0.0;
  }
  for (int col = 0; col < 6; ++col) {
    int pivot = col;
    for (int r = col + 1; r < 6; ++r) {
      if (std::fabs(m[r][col]) > std::fabs(m[pivot][col])) pivot = r;
    }
    for (int k = 0; k < 7; ++k) std::swap(m[col][k], m[pivot][k]);
    for (int r = 0; r < 6; ++r) {
      if (r == col) continue;
      const double f = m[r][col] / m[col][col];
      for (int k = 0; k < 7; ++k) m[r][k] -= f * m[col][k];
    }
  }
  Reference out;
  for (int k = 0; k < 6; ++k) out.c[static_cast<std::size_t>(k)] = m[k][6] / m[k][k];
  out.t1 = t1;
  return out;
}

// Bollo's rules for the decay's length and starting acceleration, as the talk states them: a
// velocity towards zero that would cross it shortens the decay; the acceleration is the
// smallest non-negative one that keeps the curve on its side.
Reference Bollo(double x0, double v0, double duration) {
  double t1 = duration;
  if (v0 < 0 && x0 > 0) t1 = std::min(t1, -5 * x0 / v0);
  const double a0 = std::max(0.0, (-8 * v0 * t1 - 20 * x0) / (t1 * t1));
  return Solve(x0, v0, a0, t1);
}

TEST(InertialDecayTest, MatchesTheQuinticSolvedFromItsBoundaryConditions) {
  const struct {
    float x0, v0, duration;
  } cases[] = {{1.0f, 0.0f, 0.5f}, {0.3f, -0.4f, 0.25f}, {0.3f, -20.0f, 0.5f},
               {2.0f, 3.0f, 0.4f}, {0.0f, 1.5f, 0.3f},   {0.05f, -0.01f, 1.0f}};
  for (const auto& k : cases) {
    const InertialDecay d = InertialDecay::make(k.x0, k.v0, k.duration);
    const Reference r = Bollo(k.x0, k.v0, k.duration);
    EXPECT_NEAR(d.t1, r.t1, 1e-6) << k.x0 << " " << k.v0;
    for (int i = 0; i <= 10; ++i) {
      const double t = r.t1 * i / 10.0;
      EXPECT_NEAR(d.at(static_cast<float>(t)), r.at(t), 2e-5 * (1.0 + k.x0 + std::fabs(k.v0)))
          << "x0 " << k.x0 << " v0 " << k.v0 << " at " << t;
    }
  }
}

TEST(InertialDecayTest, StartsWithItsOffsetAndSpeedAndEndsAtRest) {
  const InertialDecay d = InertialDecay::make(0.8f, 1.2f, 0.5f);
  EXPECT_FLOAT_EQ(d.at(0.0f), 0.8f);
  const float h = 1e-3f;
  EXPECT_NEAR((d.at(h) - d.at(0.0f)) / h, 1.2f, 0.02f);
  // Value, slope and curvature vanish at the end (one-sided differences just before it).
  const float e = d.t1;
  EXPECT_NEAR(d.at(e - h), 0.0f, 1e-6f);
  EXPECT_NEAR((d.at(e - h) - d.at(e - 2 * h)) / h, 0.0f, 1e-3f);
  EXPECT_EQ(d.at(e), 0.0f);
  EXPECT_EQ(d.at(10.0f), 0.0f);
}

TEST(InertialDecayTest, NeverCrossesZero) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> offset(0.0f, 2.0f), speed(-30.0f, 30.0f),
      length(0.05f, 1.0f);
  for (int i = 0; i < 2000; ++i) {
    const float x0 = i % 4 == 0 ? 0.0f : offset(rng);
    const float v0 = x0 == 0.0f ? std::fabs(speed(rng)) : speed(rng);
    const InertialDecay d = InertialDecay::make(x0, v0, length(rng));
    for (int s = 0; s <= 200; ++s) {
      ASSERT_GE(d.at(d.t1 * static_cast<float>(s) / 200.0f), -1e-5f) << x0 << " " << v0;
    }
  }
}

TEST(InertialDecayTest, BadInputsDecayNothing) {
  const float nan = std::nanf("");
  for (const InertialDecay& d :
       {InertialDecay::make(nan, 1.0f, 1.0f), InertialDecay::make(1.0f, nan, 1.0f),
        InertialDecay::make(1.0f, 1.0f, 0.0f), InertialDecay::make(-1.0f, 0.0f, 1.0f),
        InertialDecay::make(1.0f, 0.0f, INFINITY)}) {
    EXPECT_EQ(d.t1, 0.0f);
    EXPECT_EQ(d.at(0.5f), 0.0f);
  }
}

// Three joints (one block, a lane left over): the pose before the switch moving at a known
// velocity, and a target elsewhere.
struct Switch {
  std::vector<Transform> before, previous, target;
  float dt = 1.0f / 60.0f;
};

Switch MakeSwitch() {
  Switch s;
  s.target = {
      Transform{glm::vec3(0.0f), glm::quat(1, 0, 0, 0), glm::vec3(1.0f)},
      Transform{glm::vec3(1, 2, 3), RotZ(30.0f), glm::vec3(1.0f)},
      Transform{glm::vec3(0, 1, 0), AxisAngle(glm::vec3(1, 0, 0), -20.0f), glm::vec3(2.0f)}};
  // Joint 0 moves along x towards its target; joint 1 turns about z away from it; joint 2
  // shrinks towards it.
  s.previous = {
      Transform{glm::vec3(0.5f, 0, 0), glm::quat(1, 0, 0, 0), glm::vec3(1.0f)},
      Transform{glm::vec3(1, 2, 3), RotZ(50.0f), glm::vec3(1.0f)},
      Transform{glm::vec3(0, 1, 0), AxisAngle(glm::vec3(1, 0, 0), -20.0f), glm::vec3(2.4f)}};
  s.before = s.previous;
  s.before[0].translation.x = 0.5f + 0.02f;  // Moving at -1.2 units/s along x.
  s.before[1].rotation = RotZ(49.0f);        // Turning at 60 degrees/s about z.
  s.before[2].scale = glm::vec3(2.41f);      // Shrinking at 0.6/s on each axis.
  return s;
}

SoaPose ToSoa(const std::vector<Transform>& pose) {
  SoaPose soa(soa_block_count(pose.size()));
  to_soa(pose, soa);
  return soa;
}

std::vector<Transform> Decayed(const InertialOffsets& offsets, float time, const SoaPose& target,
                               std::size_t joints) {
  SoaPose out(target.size());
  EXPECT_TRUE((InertializationJob{&offsets, time, target, out}.run()));
  std::vector<Transform> pose(joints);
  from_soa(out, pose);
  return pose;
}

InertialOffsets Started(const Switch& s, float duration, float teleport = 0.0f) {
  InertialOffsets offsets(s.target.size());
  const SoaPose previous = ToSoa(s.previous), before = ToSoa(s.before), target = ToSoa(s.target);
  EXPECT_TRUE((
      InertializationStartJob{previous, before, target, s.dt, duration, teleport, &offsets}.run()));
  return offsets;
}

TEST(InertializationTest, FirstFrameIsThePoseBeforeTheSwitchAndTheEndIsTheTarget) {
  const Switch s = MakeSwitch();
  const InertialOffsets offsets = Started(s, 0.3f);
  const SoaPose target = ToSoa(s.target);
  const std::vector<Transform> first = Decayed(offsets, 0.0f, target, 3);
  for (std::size_t j = 0; j < 3; ++j) EXPECT_TRUE(TransformNear(first[j], s.previous[j], 1e-6f));
  // From the duration on: the target itself, bit for bit.
  for (float t : {0.3f, 0.31f, 5.0f}) {
    SoaPose out(target.size());
    ASSERT_TRUE((InertializationJob{&offsets, t, target, out}.run()));
    for (std::size_t j = 0; j < 3; ++j) {
      const Transform got = out[0].get(j), want = target[0].get(j);
      EXPECT_EQ(got.translation, want.translation);
      EXPECT_EQ(got.rotation, want.rotation);
      EXPECT_EQ(got.scale, want.scale);
    }
  }
}

TEST(InertializationTest, EachChannelFollowsTheQuinticAlongItsOffset) {
  const Switch s = MakeSwitch();
  const float duration = 0.4f;
  const InertialOffsets offsets = Started(s, duration);
  // Worked out by hand from MakeSwitch: joint 0's offset is 0.5 along +x with velocity -1.2
  // along it; joint 1's is 20 degrees about +z, turning away at +60 degrees/s; joint 2's is
  // 0.4 per axis (0.4 sqrt 3 along the diagonal), shrinking at 0.6 sqrt 3 towards it.
  const Reference translation = Bollo(0.5, -1.2, duration);
  const Reference turn = Bollo(Radians(20.0f), Radians(60.0f), duration);
  const double root3 = std::sqrt(3.0);
  const Reference scale = Bollo(0.4 * root3, -0.6 * root3, duration);
  const SoaPose target = ToSoa(s.target);
  for (int i = 0; i <= 10; ++i) {
    const float t = duration * static_cast<float>(i) / 10.0f;
    const std::vector<Transform> pose = Decayed(offsets, t, target, 3);
    EXPECT_TRUE(Vec3Near(pose[0].translation,
                         glm::vec3(static_cast<float>(translation.at(t)), 0.0f, 0.0f), 2e-5f))
        << "at " << t;
    EXPECT_TRUE(SameRotation(pose[1].rotation,
                             RotZ(30.0f + Degrees(static_cast<float>(turn.at(t)))), 2e-5f))
        << "at " << t;
    EXPECT_TRUE(
        Vec3Near(pose[2].scale, glm::vec3(2.0f + static_cast<float>(scale.at(t) / root3)), 2e-5f))
        << "at " << t;
    // What has no offset stays the target's.
    EXPECT_TRUE(SameRotation(pose[0].rotation, s.target[0].rotation, 1e-6f));
    EXPECT_TRUE(Vec3Near(pose[1].translation, s.target[1].translation, 1e-6f));
  }
}

TEST(InertializationTest, TheVelocityBeforeTheSwitchCarriesOver) {
  const Switch s = MakeSwitch();
  const InertialOffsets offsets = Started(s, 0.5f);
  const SoaPose target = ToSoa(s.target);
  const float h = 1e-3f;
  const std::vector<Transform> a = Decayed(offsets, 0.0f, target, 3),
                               b = Decayed(offsets, h, target, 3);
  // The same speeds MakeSwitch gave the pose before the switch (the target stands still).
  EXPECT_NEAR((b[0].translation.x - a[0].translation.x) / h, -1.2f, 0.01f);
  const float turned = AngleDegrees(b[1].rotation * glm::conjugate(a[1].rotation));
  EXPECT_NEAR(turned / h, 60.0f, 0.5f);
  EXPECT_NEAR((b[2].scale.y - a[2].scale.y) / h, -0.6f, 0.01f);
}

TEST(InertializationTest, AJointTooFarAwayCutsToTheTarget) {
  Switch s = MakeSwitch();
  s.previous[0].translation = glm::vec3(50.0f, 0.0f, 0.0f);  // A teleport.
  s.before[0].translation = glm::vec3(50.0f, 0.0f, 0.0f);
  const InertialOffsets offsets = Started(s, 0.3f, /*teleport=*/10.0f);
  const std::vector<Transform> first = Decayed(offsets, 0.0f, ToSoa(s.target), 3);
  EXPECT_TRUE(TransformNear(first[0], s.target[0], 0.0f));
  EXPECT_TRUE(TransformNear(first[1], s.previous[1], 1e-6f));  // The others still blend.
}

TEST(InertializationTest, RefusesMismatchedInputsAndWritesNothing) {
  const Switch s = MakeSwitch();
  InertialOffsets offsets(3);
  const SoaPose pose = ToSoa(s.target), two(2);
  using Start = InertializationStartJob;
  EXPECT_FALSE((Start{pose, pose, pose, 0.1f, 0.3f, 0.0f, nullptr}.run()));
  EXPECT_FALSE((Start{two, pose, pose, 0.1f, 0.3f, 0.0f, &offsets}.run()));
  EXPECT_FALSE((Start{pose, pose, pose, 0.1f, 0.0f, 0.0f, &offsets}.run()));
  EXPECT_FALSE((Start{pose, pose, pose, 0.1f, 0.3f, -1.0f, &offsets}.run()));
  EXPECT_EQ(offsets.duration(), 0.0f);
  SoaPose out = ToSoa(s.previous);
  const SoaPose untouched = out;
  EXPECT_FALSE((InertializationJob{nullptr, 0.1f, pose, out}.run()));
  EXPECT_FALSE((InertializationJob{&offsets, 0.1f, two, out}.run()));
  EXPECT_FALSE((InertializationJob{&offsets, std::nanf(""), pose, out}.run()));
  for (std::size_t j = 0; j < 3; ++j) {
    EXPECT_TRUE(TransformNear(out[0].get(j), untouched[0].get(j), 0.0f));
  }
}

}  // namespace
}  // namespace anim
