// Dead blending: the start and per-frame jobs against a reference written here per joint with
// glm (the velocities from the two poses, the decayed extrapolation and the crossfade, straight
// from their formulas), and against values worked out by hand: the pose before the switch at
// time 0 with its velocity carried over, the target bit for bit at weight 1, spins the shorter
// way whatever the quaternions' signs, the limit the pose coasts to, bad inputs refused.
#include "anim/dead_blending.h"

#include <cmath>
#include <cstring>
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

constexpr double kLn2 = 0.69314718055994530942;

SoaPose ToSoa(const std::vector<Transform>& pose) {
  SoaPose soa(soa_block_count(pose.size()));
  to_soa(pose, soa);
  return soa;
}

std::vector<Transform> FromSoa(const SoaPose& soa, std::size_t joints) {
  std::vector<Transform> pose(joints);
  from_soa(soa, pose);
  return pose;
}

// The rotation `q` as axis times angle, the shorter way round. Not glm::axis, whose 1 - w^2
// cancels for small turns (0.1% off for a turn of a degree in float).
glm::vec3 RotationVector(glm::quat q) {
  if (q.w < 0.0f) q = -q;
  const glm::vec3 v(q.x, q.y, q.z);
  const float s = glm::length(v);
  return s > 0.0f ? v / s * (2.0f * std::atan2(s, q.w)) : glm::vec3(0.0f);
}

// One joint as the reference sees it: its pose at the switch and its velocities, each found from
// the two poses the plain way.
struct RefJoint {
  Transform pose;
  glm::vec3 velocity{0.0f}, angular{0.0f}, scale_velocity{0.0f};
};

RefJoint RefStart(const Transform& previous, const Transform& before, float dt) {
  RefJoint j;
  j.pose = previous;
  j.velocity = (previous.translation - before.translation) / dt;
  j.scale_velocity = (previous.scale - before.scale) / dt;
  j.angular = RotationVector(previous.rotation * glm::inverse(before.rotation)) / dt;
  return j;
}

// The joint `t` seconds on: each velocity integrated as it halves every half-life.
Transform RefExtrapolate(const RefJoint& j, double t, double half_life) {
  const double lambda = kLn2 / half_life;
  const float f = static_cast<float>((1.0 - std::exp(-lambda * t)) / lambda);
  Transform out;
  out.translation = j.pose.translation + j.velocity * f;
  out.scale = j.pose.scale + j.scale_velocity * f;
  const float speed = glm::length(j.angular);
  out.rotation = j.pose.rotation;
  if (speed > 0.0f) {
    out.rotation = glm::angleAxis(speed * f, j.angular / speed) * j.pose.rotation;
  }
  return out;
}

// `a` crossfaded into `b` by w: lerp, and nlerp on b's hemisphere.
Transform RefCrossfade(const Transform& a, const Transform& b, float w) {
  Transform out;
  out.translation = glm::mix(a.translation, b.translation, w);
  out.scale = glm::mix(a.scale, b.scale, w);
  glm::quat from = a.rotation;
  if (glm::dot(from, b.rotation) < 0.0f) from = -from;
  out.rotation = glm::normalize(from * (1.0f - w) + b.rotation * w);
  return out;
}

glm::quat RandomRotation(std::mt19937& rng) {
  std::normal_distribution<float> n(0.0f, 1.0f);
  return glm::normalize(glm::quat(n(rng), n(rng), n(rng), n(rng)));
}

glm::vec3 RandomVec3(std::mt19937& rng, float lo, float hi) {
  std::uniform_real_distribution<float> u(lo, hi);
  return glm::vec3(u(rng), u(rng), u(rng));
}

// Seven joints (the second block has a lane to spare): a random pose moving at random
// velocities (turning at up to `max_spin` radians per second), the pose one step before it, and
// a random target. Some quaternions have their sign flipped, which must change nothing.
struct Switch {
  std::vector<Transform> before, previous, target;
  float dt = 1.0f / 30.0f;
};

Switch RandomSwitch(unsigned seed, std::size_t joints = 7, float max_spin = 6.0f) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> speed(0.0f, max_spin);
  Switch s;
  for (std::size_t j = 0; j < joints; ++j) {
    const Transform p = MakeTransform(RandomVec3(rng, -1.0f, 1.0f), RandomRotation(rng),
                                      RandomVec3(rng, 0.5f, 2.0f));
    const glm::vec3 axis = glm::normalize(RandomVec3(rng, -1.0f, 1.0f));
    Transform b = p;
    b.translation -= RandomVec3(rng, -2.0f, 2.0f) * s.dt;
    b.scale -= RandomVec3(rng, -1.0f, 1.0f) * s.dt;
    b.rotation = glm::angleAxis(-speed(rng) * s.dt, axis) * p.rotation;
    if (j % 3 == 1) b.rotation = -b.rotation;
    s.previous.push_back(p);
    s.before.push_back(b);
    s.target.push_back(MakeTransform(RandomVec3(rng, -1.0f, 1.0f), RandomRotation(rng),
                                     RandomVec3(rng, 0.5f, 2.0f)));
  }
  return s;
}

DeadBlendSource Started(const Switch& s, float half_life) {
  DeadBlendSource source(s.previous.size());
  const SoaPose previous = ToSoa(s.previous), before = ToSoa(s.before);
  EXPECT_TRUE((DeadBlendStartJob{previous, before, s.dt, half_life, &source}.run()));
  return source;
}

std::vector<Transform> Blended(const DeadBlendSource& source, float time, const SoaPose& target,
                               float weight) {
  SoaPose out(target.size());
  EXPECT_TRUE((DeadBlendJob{&source, time, target, weight, out}.run()));
  return FromSoa(out, source.joint_count());
}

// 10 times within a second, each at weight 0 and at a random weight.
void ExpectLikeTheReference(const Switch& s, float half_life) {
  const DeadBlendSource source = Started(s, half_life);
  const SoaPose target = ToSoa(s.target);
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> weight(0.0f, 1.0f);
  for (int i = 1; i <= 10; ++i) {
    const float t = 0.1f * static_cast<float>(i);
    const float w = weight(rng);
    const std::vector<Transform> alone = Blended(source, t, target, 0.0f);
    const std::vector<Transform> mixed = Blended(source, t, target, w);
    for (std::size_t j = 0; j < s.previous.size(); ++j) {
      const Transform ref =
          RefExtrapolate(RefStart(s.previous[j], s.before[j], s.dt), t, half_life);
      EXPECT_TRUE(TransformNear(alone[j], ref, 1e-5f)) << "joint " << j << " at " << t;
      EXPECT_TRUE(TransformNear(mixed[j], RefCrossfade(ref, s.target[j], w), 1e-5f))
          << "joint " << j << " at " << t << " weight " << w;
    }
  }
}

TEST(DeadBlendingTest, ExtrapolatesAndCrossfadesLikeTheReference) {
  ExpectLikeTheReference(RandomSwitch(11), 0.3f);
  // Spins of up to 40 radians per second kept up for longer: turns of several half turns, past
  // the range the job's sine and cosine are computed in.
  ExpectLikeTheReference(RandomSwitch(18, 7, 40.0f), 1.0f);
}

TEST(DeadBlendingTest, StartsAtThePreviousPoseExactlyAndCarriesItsVelocity) {
  const Switch s = RandomSwitch(12);
  const DeadBlendSource source = Started(s, 0.5f);
  const SoaPose target = ToSoa(s.target);
  const std::vector<Transform> first = Blended(source, 0.0f, target, 0.0f);
  for (std::size_t j = 0; j < s.previous.size(); ++j) {
    EXPECT_TRUE(SameBits(first[j], s.previous[j])) << "joint " << j;
  }
  // The output's own velocity at the switch, by a forward difference, is the one the two poses
  // before it had; f(h) = h (1 - lambda h / 2 + ...) puts it within 1e-3 relative of that.
  const float h = 1e-3f;
  const std::vector<Transform> next = Blended(source, h, target, 0.0f);
  for (std::size_t j = 0; j < s.previous.size(); ++j) {
    const Transform &p = s.previous[j], &b = s.before[j];
    EXPECT_TRUE(Vec3Near((next[j].translation - first[j].translation) / h,
                         (p.translation - b.translation) / s.dt, 3e-3f))
        << "joint " << j;
    EXPECT_TRUE(Vec3Near((next[j].scale - first[j].scale) / h, (p.scale - b.scale) / s.dt, 3e-3f))
        << "joint " << j;
    const glm::vec3 spin_now =
        RotationVector(next[j].rotation * glm::conjugate(first[j].rotation)) / h;
    const glm::vec3 spin_before = RotationVector(p.rotation * glm::conjugate(b.rotation)) / s.dt;
    EXPECT_TRUE(Vec3Near(spin_now, spin_before, 3e-3f)) << "joint " << j;
    EXPECT_TRUE(Vec3Near(source.velocity(j).angular, spin_before, 1e-4f)) << "joint " << j;
  }
}

TEST(DeadBlendingTest, WeightOneIsTheTargetBitForBit) {
  const Switch s = RandomSwitch(13);
  const DeadBlendSource source = Started(s, 0.2f);
  const SoaPose target = ToSoa(s.target);
  for (float t : {0.0f, 0.05f, 0.7f, 30.0f}) {
    SoaPose out(target.size());
    ASSERT_TRUE((DeadBlendJob{&source, t, target, 1.0f, out}.run()));
    EXPECT_EQ(std::memcmp(out.data(), target.data(), target.size() * sizeof(SoaTransform)), 0);
    SoaPose in_place = target;
    ASSERT_TRUE((DeadBlendJob{&source, t, in_place, 1.0f, in_place}.run()));
    EXPECT_EQ(std::memcmp(in_place.data(), target.data(), target.size() * sizeof(SoaTransform)), 0);
  }
}

TEST(DeadBlendingTest, InPlaceGivesWhatASeparateOutputGets) {
  const Switch s = RandomSwitch(14);
  const DeadBlendSource source = Started(s, 0.25f);
  const SoaPose target = ToSoa(s.target);
  for (float w : {0.0f, 0.4f}) {
    SoaPose apart(target.size()), in_place = target;
    ASSERT_TRUE((DeadBlendJob{&source, 0.3f, target, w, apart}.run()));
    ASSERT_TRUE((DeadBlendJob{&source, 0.3f, in_place, w, in_place}.run()));
    EXPECT_EQ(std::memcmp(apart.data(), in_place.data(), target.size() * sizeof(SoaTransform)), 0);
  }
}

// One joint turning about z from `from` to `to` degrees in one second, then extrapolated.
std::vector<Transform> Spin(const glm::quat& from, const glm::quat& to, float half_life, float time,
                            DeadBlendSource* source) {
  const SoaPose before = ToSoa({MakeTransform(glm::vec3(0.0f), from)});
  const SoaPose previous = ToSoa({MakeTransform(glm::vec3(0.0f), to)});
  EXPECT_TRUE((DeadBlendStartJob{previous, before, 1.0f, half_life, source}.run()));
  return Blended(*source, time, previous, 0.0f);
}

TEST(DeadBlendingTest, SpinsTheShorterWayWhateverTheQuaternionsSigns) {
  // f(0.5) for a half-life of 1 s: (1 - 2^-0.5) / ln 2 seconds' worth of the captured spin.
  const float f = static_cast<float>((1.0 - std::pow(2.0, -0.5)) / kLn2);
  DeadBlendSource source(1);
  // From 0 to 170 degrees: 170 degrees per second about +z. From 100 to -90 degrees: the turn
  // of -190 degrees is +170 the shorter way, so it keeps going about +z too.
  const struct { float from, to; } spins[] = {{0.0f, 170.0f}, {100.0f, -90.0f}};
  for (const auto& k : spins) {
    const glm::quat want = RotZ(k.to + 170.0f * f);
    for (float sign_from : {1.0f, -1.0f}) {
      for (float sign_to : {1.0f, -1.0f}) {
        const std::vector<Transform> pose =
            Spin(RotZ(k.from) * sign_from, RotZ(k.to) * sign_to, 1.0f, 0.5f, &source);
        EXPECT_TRUE(SameRotation(pose[0].rotation, want, 1e-5f))
            << k.from << " to " << k.to << " signs " << sign_from << " " << sign_to;
        EXPECT_TRUE(Vec3Near(source.velocity(0).angular, glm::vec3(0, 0, Radians(170.0f)), 1e-5f));
      }
    }
  }
  // The crossfade takes the shorter way to either sign of the target, to the same rotation.
  const SoaPose target = ToSoa({MakeTransform(glm::vec3(0.0f), RotZ(-60.0f))});
  const SoaPose flipped = ToSoa({MakeTransform(glm::vec3(0.0f), -RotZ(-60.0f))});
  Spin(RotZ(0.0f), RotZ(10.0f), 1.0f, 0.0f, &source);
  const glm::quat a = Blended(source, 0.0f, target, 0.5f)[0].rotation;
  const glm::quat b = Blended(source, 0.0f, flipped, 0.5f)[0].rotation;
  EXPECT_TRUE(SameRotation(a, RotZ(-25.0f), 1e-6f));
  EXPECT_TRUE(SameRotation(b, RotZ(-25.0f), 1e-6f));
}

TEST(DeadBlendingTest, CoastsToTheLimitWhereTheVelocityRunsOut) {
  const Switch s = RandomSwitch(15, 5);
  const float half_life = 0.2f;
  const DeadBlendSource source = Started(s, half_life);
  const float reach = static_cast<float>(half_life / kLn2);  // 1 / lambda seconds' worth.
  const std::vector<Transform> late = Blended(source, 60.0f, ToSoa(s.target), 0.0f);
  for (std::size_t j = 0; j < s.previous.size(); ++j) {
    const Transform &p = s.previous[j], &b = s.before[j];
    EXPECT_TRUE(Vec3Near(late[j].translation,
                         p.translation + (p.translation - b.translation) / s.dt * reach, 1e-5f))
        << "joint " << j;
    EXPECT_TRUE(Vec3Near(late[j].scale, p.scale + (p.scale - b.scale) / s.dt * reach, 1e-5f))
        << "joint " << j;
  }
  // A turn of 90 degrees per second coasts on by 90 / lambda degrees.
  DeadBlendSource spin(1);
  const glm::quat end = Spin(RotZ(0.0f), RotZ(90.0f), half_life, 60.0f, &spin)[0].rotation;
  EXPECT_TRUE(SameRotation(end, RotZ(90.0f + 90.0f * reach), 1e-6f));
}

TEST(DeadBlendingTest, ABadStepCapturesNoVelocity) {
  const Switch s = RandomSwitch(16);
  const SoaPose previous = ToSoa(s.previous), before = ToSoa(s.before), target = ToSoa(s.target);
  for (float dt : {0.0f, -0.1f, std::nanf(""), INFINITY, 1e-40f}) {
    DeadBlendSource source(s.previous.size());
    ASSERT_TRUE((DeadBlendStartJob{previous, before, dt, 0.3f, &source}.run()));
    const std::vector<Transform> pose = Blended(source, 0.8f, target, 0.0f);
    for (std::size_t j = 0; j < s.previous.size(); ++j) {
      // A denormal step's velocities overflow: they are dropped too.
      EXPECT_TRUE(SameBits(pose[j], s.previous[j])) << "dt " << dt << " joint " << j;
    }
  }
}

TEST(DeadBlendingTest, AVanishingHalfLifeHoldsThePoseWithoutNaNs) {
  const Switch s = RandomSwitch(19);
  const SoaPose previous = ToSoa(s.previous), before = ToSoa(s.before), target = ToSoa(s.target);
  DeadBlendSource source(s.previous.size());
  // ln 2 / 1e-40 is past the largest float.
  ASSERT_TRUE((DeadBlendStartJob{previous, before, s.dt, 1e-40f, &source}.run()));
  for (float t : {0.0f, 1e-3f, 1.0f}) {
    const std::vector<Transform> pose = Blended(source, t, target, 0.0f);
    for (std::size_t j = 0; j < s.previous.size(); ++j) {
      EXPECT_TRUE(TransformNear(pose[j], s.previous[j], 1e-6f)) << "at " << t << " joint " << j;
    }
  }
}

TEST(DeadBlendingTest, RefusesBadInputsAndWritesNothing) {
  const Switch s = RandomSwitch(17);
  const SoaPose pose = ToSoa(s.previous), two(1);  // Seven joints need two blocks.
  const float nan = std::nanf("");
  DeadBlendSource source(7);
  using Start = DeadBlendStartJob;
  EXPECT_FALSE((Start{pose, pose, 0.1f, 0.3f, nullptr}.run()));
  EXPECT_FALSE((Start{two, pose, 0.1f, 0.3f, &source}.run()));
  EXPECT_FALSE((Start{pose, two, 0.1f, 0.3f, &source}.run()));
  for (float half_life : {0.0f, -0.3f, nan, INFINITY}) {
    EXPECT_FALSE((Start{pose, pose, 0.1f, half_life, &source}.run())) << half_life;
  }
  EXPECT_EQ(source.half_life(), 0.0f);
  EXPECT_TRUE(SameBits(source.pose(0), Transform{}));

  SoaPose out = ToSoa(s.target);
  const SoaPose untouched = out;
  const auto refused = [&](const DeadBlendJob& job) {
    EXPECT_FALSE(job.validate());
    EXPECT_FALSE(job.run());
    return std::memcmp(out.data(), untouched.data(), out.size() * sizeof(SoaTransform)) == 0;
  };
  // Not started yet: nothing to extrapolate.
  EXPECT_TRUE(refused(DeadBlendJob{&source, 0.1f, pose, 0.5f, out}));
  ASSERT_TRUE((Start{pose, pose, 0.1f, 0.3f, &source}.run()));
  SoaPose short_out(1);
  EXPECT_TRUE(refused(DeadBlendJob{nullptr, 0.1f, pose, 0.5f, out}));
  EXPECT_TRUE(refused(DeadBlendJob{&source, 0.1f, two, 0.5f, out}));
  EXPECT_FALSE((DeadBlendJob{&source, 0.1f, pose, 0.5f, short_out}.run()));
  for (float time : {-0.1f, nan, INFINITY}) {
    EXPECT_TRUE(refused(DeadBlendJob{&source, time, pose, 0.5f, out})) << time;
  }
  for (float weight : {-0.01f, 1.01f, nan}) {
    EXPECT_TRUE(refused(DeadBlendJob{&source, 0.1f, pose, weight, out})) << weight;
  }
  EXPECT_TRUE((DeadBlendJob{&source, 0.1f, pose, 0.5f, out}.validate()));
}

}  // namespace
}  // namespace anim
