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

TEST(InertializationTest, AJointHeadingForItsTargetArrivesEarlyAndStaysThere) {
  Switch s = MakeSwitch();
  // Joint 0 closes its 0.5 offset at 10 units/s and joint 1 its 20 degrees at 600 degrees/s:
  // both decays end at 5 x0 / speed = 0.25 s and 1/6 s, before the duration.
  s.before[0].translation.x = 0.5f + 10.0f * s.dt;
  s.before[1].rotation = RotZ(50.0f + 600.0f * s.dt);
  const float duration = 0.4f;
  const InertialOffsets offsets = Started(s, duration);
  EXPECT_NEAR(1.0f / offsets.offset(0, InertialOffsets::kTranslation).inverse_t1, 0.25f, 1e-5f);
  EXPECT_NEAR(1.0f / offsets.offset(1, InertialOffsets::kRotation).inverse_t1, 1.0f / 6, 1e-5f);
  const SoaPose target = ToSoa(s.target);
  const std::vector<Transform> early = Decayed(offsets, 0.15f, target, 3);
  EXPECT_NE(early[0].translation, s.target[0].translation);
  EXPECT_NE(early[1].rotation, s.target[1].rotation);
  for (float t : {0.26f, 0.3f, 0.39f}) {
    const std::vector<Transform> pose = Decayed(offsets, t, target, 3);
    EXPECT_EQ(pose[0].translation, s.target[0].translation) << t;
    EXPECT_EQ(pose[1].rotation, s.target[1].rotation) << t;
    // Joint 2's scale is still on its way.
    EXPECT_NE(pose[2].scale, s.target[2].scale) << t;
  }
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

TEST(InertializationTest, AStartLeavesNoTraceOfTheOneBefore) {
  // A switch whose joints move and scale, then one on the same offsets where only joint 1
  // turns: the translation and scale channels keep nothing of the first, exactly, and no
  // rotation but joint 1's is more than rounding (a turn from a rotation to itself can come out
  // a few 1e-8 radians where the product rounds, as on AArch64).
  const Switch s = MakeSwitch();
  InertialOffsets offsets = Started(s, 0.3f);
  ASSERT_GT(offsets.offset(0, InertialOffsets::kTranslation).x0, 0.0f);
  ASSERT_GT(offsets.offset(2, InertialOffsets::kScale).x0, 0.0f);
  Switch turn = s;
  turn.previous = turn.before = turn.target;
  turn.previous[1].rotation = turn.before[1].rotation = RotZ(40.0f);
  const SoaPose previous = ToSoa(turn.previous), before = ToSoa(turn.before),
                target = ToSoa(turn.target);
  ASSERT_TRUE((InertializationStartJob{previous, before, target, turn.dt, 0.3f, 0.0f, &offsets}
                   .run()));
  for (std::size_t j = 0; j < 3; ++j) {
    for (InertialOffsets::Channel c : {InertialOffsets::kTranslation, InertialOffsets::kScale}) {
      const InertialOffsets::ChannelOffset o = offsets.offset(j, c);
      EXPECT_EQ(o.direction, glm::vec3(0.0f)) << "joint " << j << " channel " << c;
      EXPECT_EQ(o.x0, 0.0f) << "joint " << j << " channel " << c;
      EXPECT_EQ(o.p1, 0.0f) << "joint " << j << " channel " << c;
      EXPECT_EQ(o.p2, 0.0f) << "joint " << j << " channel " << c;
      EXPECT_EQ(o.inverse_t1, 0.0f) << "joint " << j << " channel " << c;
    }
    const float angle = offsets.offset(j, InertialOffsets::kRotation).x0;
    if (j == 1) {
      EXPECT_NEAR(angle, Radians(10.0f), 1e-5f);
    } else {
      EXPECT_LT(angle, 1e-6f) << "joint " << j;
    }
  }
  const std::vector<Transform> first = Decayed(offsets, 0.0f, target, 3);
  for (std::size_t j : {0u, 2u}) {
    EXPECT_EQ(first[j].translation, turn.target[j].translation) << "joint " << j;
    EXPECT_EQ(first[j].scale, turn.target[j].scale) << "joint " << j;
    EXPECT_TRUE(SameRotation(first[j].rotation, turn.target[j].rotation, 1e-6f)) << "joint " << j;
  }
  EXPECT_TRUE(TransformNear(first[1], turn.previous[1], 1e-6f));
}

// The start job's capture written out joint by joint, in float, as plainly as it reads: the
// offset's direction and length, the rotation's axis and angle from libm's atan2, and
// InertialDecay::make for the decay. The job computes four joints at once without libm; it has
// to agree with this to float rounding.
struct CaptureReference {
  using Channel = InertialOffsets::ChannelOffset;
  Channel channels[InertialOffsets::kChannels];
};

void SplitReference(const glm::vec3& v, glm::vec3* direction, float* length) {
  const float l = glm::length(v);
  const bool ok = l > 1e-12f && std::isfinite(l);
  *direction = ok ? v / l : glm::vec3(0.0f);
  *length = ok ? l : 0.0f;
}

void AxisAngleReference(glm::quat q, glm::vec3* axis, float* angle) {
  if (q.w < 0.0f) q = -q;
  float s = 0.0f;
  SplitReference(glm::vec3(q.x, q.y, q.z), axis, &s);
  *angle = s > 0.0f ? 2.0f * std::atan2(s, q.w) : 0.0f;
}

InertialOffsets::ChannelOffset ChannelReference(const glm::vec3& direction, float length,
                                                const glm::vec3& velocity, float duration) {
  InertialOffsets::ChannelOffset out;
  glm::vec3 along = direction;
  InertialDecay d;
  if (length > 0.0f) {
    d = InertialDecay::make(length, glm::dot(velocity, direction), duration);
  } else {
    float speed = 0.0f;
    SplitReference(velocity, &along, &speed);
    d = InertialDecay::make(0.0f, speed, duration);
  }
  if (d.t1 > 0.0f) out = {along, d.x0, d.p1, d.p2, 1.0f / d.t1};
  return out;
}

CaptureReference CaptureJoint(const Transform& p, const Transform& b, const Transform& t, float dt,
                              float duration, float teleport) {
  CaptureReference out;
  const float rate = dt > 0.0f && std::isfinite(dt) ? 1.0f / dt : 0.0f;
  glm::vec3 direction;
  float length;
  SplitReference(p.translation - t.translation, &direction, &length);
  if (teleport > 0.0f && length > teleport) return out;
  out.channels[InertialOffsets::kTranslation] =
      ChannelReference(direction, length, (p.translation - b.translation) * rate, duration);
  SplitReference(p.scale - t.scale, &direction, &length);
  out.channels[InertialOffsets::kScale] =
      ChannelReference(direction, length, (p.scale - b.scale) * rate, duration);
  AxisAngleReference(p.rotation * glm::conjugate(t.rotation), &direction, &length);
  glm::vec3 spin_axis;
  float spin;
  AxisAngleReference(p.rotation * glm::conjugate(b.rotation), &spin_axis, &spin);
  out.channels[InertialOffsets::kRotation] =
      ChannelReference(direction, length, spin_axis * (spin * rate), duration);
  return out;
}

// Within 1e-6 of the channel's size (p2 sums terms that may cancel; its error is relative to
// them, not to itself).
::testing::AssertionResult ChannelNear(const InertialOffsets::ChannelOffset& got,
                                       const InertialOffsets::ChannelOffset& want) {
  const float size = std::fabs(want.x0) + std::fabs(want.p1) + std::fabs(want.p2);
  const float tolerance = 1e-6f * size;
  // 1/t1 divides by the velocity, a difference of poses over dt: at dt = 1e-4 s the job's
  // evaluation and the reference's (or GCC's and clang's) differ in that difference's last bits,
  // which the division magnifies to about 1e-6 of 1/t1.
  const float time_tolerance = 4e-6f * want.inverse_t1;
  const float direction_error = glm::length(got.direction - want.direction);
  if (std::fabs(got.x0 - want.x0) <= tolerance && std::fabs(got.p1 - want.p1) <= tolerance &&
      std::fabs(got.p2 - want.p2) <= tolerance &&
      std::fabs(got.inverse_t1 - want.inverse_t1) <= time_tolerance &&
      direction_error <= 1e-6f) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << "got x0 " << got.x0 << " p1 " << got.p1 << " p2 " << got.p2 << " 1/t1 "
         << got.inverse_t1 << ", want x0 " << want.x0 << " p1 " << want.p1 << " p2 " << want.p2
         << " 1/t1 " << want.inverse_t1 << "; direction off by " << direction_error;
}

glm::quat RandomRotation(std::mt19937& rng) {
  std::normal_distribution<float> n;
  return glm::normalize(glm::quat(n(rng), n(rng), n(rng), n(rng)));
}

TEST(InertializationTest, CaptureMatchesAPerJointScalarReference) {
  std::mt19937 rng(17);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f), angle(0.0f, 180.0f),
      wide(170.0f, 190.0f), small(-0.05f, 0.05f);
  std::uniform_int_distribution<int> kind(0, 9);
  const float nan = std::nanf("");
  const float steps[] = {1.0f / 60.0f, 1.0f / 30.0f, 1e-4f, 0.0f, -0.01f, nan, INFINITY};
  const std::size_t joints = 23;  // Five blocks, the last with three lanes.
  int compared = 0, rotations = 0, wide_turns = 0;
  for (int round = 0; round < 300; ++round) {
    std::vector<Transform> previous(joints), before(joints), target(joints);
    for (std::size_t j = 0; j < joints; ++j) {
      Transform& t = target[j];
      t.translation = glm::vec3(unit(rng), unit(rng), unit(rng)) * 2.0f;
      t.rotation = RandomRotation(rng);
      t.scale = glm::vec3(1.0f);
      Transform& p = previous[j];
      p = t;
      const glm::vec3 axis = glm::normalize(glm::vec3(unit(rng), unit(rng), unit(rng)) + 1e-3f);
      switch (kind(rng)) {
        case 0:  // No offset at all.
          break;
        case 1:  // Turned the long way round: past 170 degrees, either side of 180.
          p.rotation = AxisAngle(axis, wide(rng)) * t.rotation;
          ++wide_turns;
          break;
        case 2:  // Far away: a teleport when the job has a distance for it.
          p.translation += axis * 30.0f;
          break;
        case 3:  // A tiny turn.
          p.rotation = AxisAngle(axis, 1e-3f) * t.rotation;
          break;
        case 4:  // Scaled.
          p.scale = glm::vec3(1.0f + unit(rng), 1.0f, 1.0f + 0.1f * unit(rng));
          [[fallthrough]];
        default:
          p.translation += glm::vec3(unit(rng), unit(rng), unit(rng)) * 0.3f;
          p.rotation = AxisAngle(axis, angle(rng)) * t.rotation;
          break;
      }
      Transform& b = before[j];
      b = p;
      if (kind(rng) > 2) {  // Else standing still before the switch.
        b.translation += glm::vec3(small(rng), small(rng), small(rng));
        b.rotation = glm::normalize(
            AxisAngle(glm::vec3(unit(rng), unit(rng), 1.0f), 100.0f * small(rng)) * p.rotation);
        b.scale += glm::vec3(small(rng), 0.0f, small(rng));
      }
    }
    // Sometimes a pose that is no pose at all.
    if (round % 50 == 7) before[round % joints].rotation.x = nan;
    if (round % 50 == 9) before[round % joints].translation.y = INFINITY;
    const float dt = steps[round % 7];
    const float duration = round % 3 == 0 ? 0.2f : 0.45f;
    const float teleport = round % 2 == 0 ? 10.0f : 0.0f;
    const SoaPose p = ToSoa(previous), b = ToSoa(before), t = ToSoa(target);
    InertialOffsets offsets(joints);
    ASSERT_TRUE((InertializationStartJob{p, b, t, dt, duration, teleport, &offsets}.run()));
    for (std::size_t j = 0; j < joints; ++j) {
      // The reference reads the same (SoA-rounded) transforms as the job.
      const CaptureReference want = CaptureJoint(p[j / 4].get(j % 4), b[j / 4].get(j % 4),
                                                 t[j / 4].get(j % 4), dt, duration, teleport);
      for (int c = 0; c < InertialOffsets::kChannels; ++c) {
        const auto channel = static_cast<InertialOffsets::Channel>(c);
        ASSERT_TRUE(ChannelNear(offsets.offset(j, channel), want.channels[c]))
            << "round " << round << " joint " << j << " channel " << c << " dt " << dt;
        ++compared;
        if (c == InertialOffsets::kRotation && want.channels[c].x0 > 0.0f) ++rotations;
      }
    }
  }
  EXPECT_GT(rotations, compared / 6);
  EXPECT_GT(wide_turns, 300);
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
