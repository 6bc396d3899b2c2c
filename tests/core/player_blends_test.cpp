// The Player's inertialized and dead-blended fades (CrossfadeOptions::blend), against naive
// references written here: Bollo's quintic in its polynomial form (x0, v0, a0 and the A, B, C of
// the paper, in double) laid per channel on the incoming clip, and Holden's dead blend (the old
// pose moved by its velocity times (1 - e^(-lambda t)) / lambda, crossfaded by a smoothstep).
// The walk moves every channel of both joints (translation, rotation about a tilted axis,
// scale); the stand moves too, so the decay rides on a moving target.
#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/player.h"
#include "anim/skeleton.h"
#include "anim/transform.h"
#include "support/maths.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr float kDt = 1.0f / 60.0f;
constexpr int kWalk = 0;      // 2 s: every channel of both joints moving.
constexpr int kStand = 1;     // 1 s: elsewhere, drifting slowly.
constexpr int kAhead = 2;     // 1 s: still, just ahead of the straight walk at 0.5 s.
constexpr int kStraight = 3;  // 2 s: the root walking along x at 2/s and turning about Z.

// The quintic of Bollo's paper, naively: x(t) = A t^5 + B t^4 + C t^3 + a0 t^2 / 2 + v0 t + x0,
// shortened when moving towards zero fast, with the least non-negative a0 that does not
// overshoot.
double Quintic(double x0, double v0, double duration, double t) {
  if (x0 == 0.0 && v0 == 0.0) return 0.0;
  double t1 = duration;
  if (v0 < 0.0 && x0 > 0.0) t1 = std::min(t1, -5.0 * x0 / v0);
  if (t >= t1) return 0.0;
  const double a0 = std::max(0.0, (-8.0 * v0 * t1 - 20.0 * x0) / (t1 * t1));
  const double a = -(a0 * t1 * t1 + 6.0 * v0 * t1 + 12.0 * x0) / (2.0 * std::pow(t1, 5));
  const double b = (3.0 * a0 * t1 * t1 + 16.0 * v0 * t1 + 30.0 * x0) / (2.0 * std::pow(t1, 4));
  const double c = -(3.0 * a0 * t1 * t1 + 12.0 * v0 * t1 + 20.0 * x0) / (2.0 * std::pow(t1, 3));
  return a * std::pow(t, 5) + b * std::pow(t, 4) + c * std::pow(t, 3) + 0.5 * a0 * t * t + v0 * t +
         x0;
}

glm::dvec3 D(const glm::vec3& v) { return glm::dvec3(v); }
glm::dquat D(const glm::quat& q) { return glm::dquat(q.w, q.x, q.y, q.z); }

// The turn `q` (the shorter way round) as a unit axis and an angle; zero axis for none.
void AxisAngle(glm::dquat q, glm::dvec3* axis, double* angle) {
  if (q.w < 0.0) q = -q;
  const glm::dvec3 v(q.x, q.y, q.z);
  const double s = glm::length(v);
  *axis = s > 1e-12 ? v / s : glm::dvec3(0.0);
  *angle = s > 1e-12 ? 2.0 * std::atan2(s, q.w) : 0.0;
}

glm::dquat Turn(const glm::dvec3& axis, double angle) {
  return glm::angleAxis(angle, glm::length(axis) > 0.0 ? axis : glm::dvec3(0, 0, 1));
}

// A vector channel inertialized: the offset previous - target0 along its direction, decaying
// with the previous velocity projected on it, laid on `target`.
glm::dvec3 InertialVector(const glm::vec3& before, const glm::vec3& previous,
                          const glm::vec3& target0, const glm::vec3& target, double dt,
                          double duration, double t) {
  const glm::dvec3 offset = D(previous) - D(target0);
  const double x0 = glm::length(offset);
  if (x0 < 1e-12) return D(target);
  const glm::dvec3 direction = offset / x0;
  const double v0 = glm::dot((D(previous) - D(before)) / dt, direction);
  return D(target) + direction * Quintic(x0, v0, duration, t);
}

Transform Inertialized(const Transform& before, const Transform& previous, const Transform& target0,
                       const Transform& target, double dt, double duration, double t) {
  Transform out;
  out.translation =
      glm::vec3(InertialVector(before.translation, previous.translation, target0.translation,
                               target.translation, dt, duration, t));
  out.scale = glm::vec3(
      InertialVector(before.scale, previous.scale, target0.scale, target.scale, dt, duration, t));
  // The turn from the target to the previous rotation, decaying about its axis, with the turn
  // from `before` to `previous` per second projected on that axis.
  glm::dvec3 axis, spin_axis;
  double angle, spin;
  AxisAngle(D(previous.rotation) * glm::conjugate(D(target0.rotation)), &axis, &angle);
  AxisAngle(D(previous.rotation) * glm::conjugate(D(before.rotation)), &spin_axis, &spin);
  const double v0 = glm::dot(spin_axis * (spin / dt), axis);
  const glm::dquat r = Turn(axis, Quintic(angle, v0, duration, t)) * D(target.rotation);
  out.rotation = glm::quat(static_cast<float>(r.w), static_cast<float>(r.x),
                           static_cast<float>(r.y), static_cast<float>(r.z));
  return out;
}

Transform DeadBlended(const Transform& before, const Transform& previous, const Transform& target,
                      double dt, double half_life, double duration, double t) {
  const double lambda = std::log(2.0) / half_life;
  const double f = (1.0 - std::exp(-lambda * t)) / lambda;
  const double u = std::min(t / duration, 1.0), w = u * u * (3.0 - 2.0 * u);
  const glm::dvec3 translation =
      D(previous.translation) + (D(previous.translation) - D(before.translation)) / dt * f;
  const glm::dvec3 scale = D(previous.scale) + (D(previous.scale) - D(before.scale)) / dt * f;
  glm::dvec3 axis;
  double angle;
  AxisAngle(D(previous.rotation) * glm::conjugate(D(before.rotation)), &axis, &angle);
  glm::dquat rotation = Turn(axis, angle / dt * f) * D(previous.rotation);
  const glm::dquat to = D(target.rotation);
  if (glm::dot(rotation, to) < 0.0) rotation = -rotation;
  const glm::dquat r = glm::normalize(rotation * (1.0 - w) + to * w);
  Transform out;
  out.translation = glm::vec3(translation * (1.0 - w) + D(target.translation) * w);
  out.scale = glm::vec3(scale * (1.0 - w) + D(target.scale) * w);
  out.rotation = glm::quat(static_cast<float>(r.w), static_cast<float>(r.x),
                           static_cast<float>(r.y), static_cast<float>(r.z));
  return out;
}

CrossfadeOptions Blend(TransitionBlend blend, float seconds, float half_life = 0.1f) {
  CrossfadeOptions options;
  options.blend = blend;
  options.seconds = seconds;
  options.half_life = half_life;
  return options;
}

class PlayerBlendsTest : public ::testing::Test {
 protected:
  PlayerBlendsTest() {
    skeleton_.names = {"root", "child"};
    skeleton_.parents = {-1, 0};
    skeleton_.rest = {MakeTransform({0, 0, 0}), MakeTransform({0, 1, 0})};
    const glm::vec3 tilted = glm::normalize(glm::vec3(0.3f, 0.2f, 1.0f));
    ClipBuilder walk("walk", 2.0f, 2);
    for (int k = 0; k <= 40; ++k) {
      const float t = 0.05f * static_cast<float>(k);
      walk.add_translation(0, t, {2.0f * t, 0.1f * std::sin(3.0f * t), 0});
      walk.add_rotation(0, t, glm::angleAxis(0.8f * t, tilted));
      walk.add_scale(0, t, {1.0f + 0.2f * t, 1.0f, 1.0f - 0.1f * t});
      walk.add_translation(1, t, {0, 1, 0.2f * t});
      walk.add_rotation(1, t, RotZ(30.0f + 40.0f * t));
      walk.add_scale(1, t, {1.0f, 1.0f + 0.3f * t, 1.0f});
    }
    ClipBuilder stand("stand", 1.0f, 2);
    for (int k = 0; k <= 20; ++k) {
      const float t = 0.05f * static_cast<float>(k);
      stand.add_translation(0, t, {3.0f + 0.5f * t, 0.5f, -0.2f});
      stand.add_rotation(0, t, glm::angleAxis(0.3f + 0.2f * t, glm::vec3(1, 0, 0)));
      stand.add_scale(0, t, {1.5f, 1.2f, 0.9f});
      stand.add_translation(1, t, {0, 1.2f, 0});
      stand.add_rotation(1, t, RotZ(-10.0f));
      stand.add_scale(1, t, {0.8f, 0.8f, 0.8f});
    }
    // At 0.5 s the straight walk's root is at x = 1 moving at 2/s and turned 40° about Z turning
    // at 80°/s (with no other motion): this is just ahead along both.
    ClipBuilder ahead("ahead", 1.0f, 2);
    ahead.add_translation(0, 0.0f, {1.5f, 0, 0});
    ahead.add_rotation(0, 0.0f, RotZ(55.0f));
    ClipBuilder straight("straight", 2.0f, 2);
    for (int k = 0; k <= 40; ++k) {
      const float t = 0.05f * static_cast<float>(k);
      straight.add_translation(0, t, {2.0f * t, 0, 0});
      straight.add_rotation(0, t, RotZ(80.0f * t));
    }
    clips_ = {walk.build(), stand.build(), ahead.build(), straight.build()};
  }

  // Plays `clip` for `frames` updates of `dt`; *before is the pose one update before the last.
  void Run(Player& player, int clip, int frames, float dt, std::vector<Transform>* before) {
    ASSERT_TRUE(player.play(clip));
    for (int i = 0; i < frames; ++i) {
      if (i + 1 == frames) before->assign(player.pose().begin(), player.pose().end());
      player.update(dt);
    }
  }

  std::vector<Transform> Pose(const Player& player) const {
    return std::vector<Transform>(player.pose().begin(), player.pose().end());
  }

  Skeleton skeleton_;
  std::vector<Clip> clips_;
};

TEST_F(PlayerBlendsTest, AnInertializedFadeFollowsTheQuinticOnTheIncomingClip) {
  Player player(skeleton_, clips_);
  std::vector<Transform> before;
  Run(player, kWalk, 30, kDt, &before);
  const std::vector<Transform> previous = Pose(player);
  Player target(skeleton_, clips_);  // The stand's own poses, from its start.
  ASSERT_TRUE(target.play(kStand));
  const std::vector<Transform> target0 = Pose(target);
  const float seconds = 0.4f;
  ASSERT_TRUE(player.crossfade(kStand, Blend(TransitionBlend::kInertialize, seconds)));
  EXPECT_TRUE(player.fading());
  EXPECT_EQ(player.fading_from(), -1);  // Only the stand is sampled.
  for (int frame = 1; frame <= 20; ++frame) {
    player.update(kDt);
    target.update(kDt);
    if (frame % 2 != 0) continue;  // Ten times within the duration.
    const double t = frame * static_cast<double>(kDt);
    for (std::size_t j = 0; j < 2; ++j) {
      const Transform expected =
          Inertialized(before[j], previous[j], target0[j], target.pose()[j], kDt, seconds, t);
      EXPECT_TRUE(TransformNear(player.pose()[j], expected, 2e-4f)) << "joint " << j << " at " << t;
    }
    // The incoming clip's own pose, for the tool's ghost.
    EXPECT_TRUE(SameBits(player.fade_target_pose()[0], target.pose()[0]));
  }
}

TEST_F(PlayerBlendsTest, ADeadBlendedFadeExtrapolatesTheOldPoseIntoTheIncomingClip) {
  Player player(skeleton_, clips_);
  std::vector<Transform> before;
  Run(player, kWalk, 30, kDt, &before);
  const std::vector<Transform> previous = Pose(player);
  Player target(skeleton_, clips_);
  ASSERT_TRUE(target.play(kStand));
  const float seconds = 0.4f, half_life = 0.15f;
  ASSERT_TRUE(player.crossfade(kStand, Blend(TransitionBlend::kDeadBlend, seconds, half_life)));
  for (int frame = 1; frame <= 20; ++frame) {
    player.update(kDt);
    target.update(kDt);
    if (frame % 2 != 0) continue;
    const double t = frame * static_cast<double>(kDt);
    for (std::size_t j = 0; j < 2; ++j) {
      const Transform expected =
          DeadBlended(before[j], previous[j], target.pose()[j], kDt, half_life, seconds, t);
      EXPECT_TRUE(TransformNear(player.pose()[j], expected, 2e-4f)) << "joint " << j << " at " << t;
    }
    const double u = t / seconds;
    EXPECT_NEAR(player.current_weight(), u * u * (3.0 - 2.0 * u), 1e-5);
  }
}

TEST_F(PlayerBlendsTest, TheFirstFrameAfterTheSwitchIsThePoseBeforeIt) {
  for (const TransitionBlend blend : {TransitionBlend::kInertialize, TransitionBlend::kDeadBlend}) {
    Player player(skeleton_, clips_);
    std::vector<Transform> before;
    Run(player, kWalk, 30, kDt, &before);
    const std::vector<Transform> shown = Pose(player);
    ASSERT_TRUE(player.crossfade(kStand, Blend(blend, 0.3f)));
    EXPECT_FLOAT_EQ(player.fade_progress(), 0.0f);
    EXPECT_FLOAT_EQ(player.current_weight(), 0.0f);
    for (std::size_t j = 0; j < 2; ++j) {
      EXPECT_TRUE(TransformNear(player.pose()[j], shown[j], 1e-6f)) << "joint " << j;
      // The ghost of the outgoing side: the pose the carry-over starts from.
      EXPECT_TRUE(SameBits(player.fade_source_pose()[j], shown[j]));
    }
  }
}

TEST_F(PlayerBlendsTest, TheVelocityCarriesOverTheSwitch) {
  // The straight walk heads for the still pose just ahead along its own motion (x and the turn
  // about Z), so all of its velocity lies along the offset and carries over. A linear crossfade
  // would add the gap over the duration (1 unit/s here) to it.
  const float dt = 1.0f / 240.0f;
  for (const TransitionBlend blend : {TransitionBlend::kInertialize, TransitionBlend::kDeadBlend}) {
    Player player(skeleton_, clips_);
    std::vector<Transform> before;
    Run(player, kStraight, 120, dt, &before);
    const std::vector<Transform> shown = Pose(player);
    ASSERT_TRUE(player.crossfade(kAhead, Blend(blend, 0.5f, 1.0f)));
    player.update(dt);
    const Transform& after = player.pose()[0];
    const float speed_before = (shown[0].translation.x - before[0].translation.x) / dt;
    const float speed_after = (after.translation.x - shown[0].translation.x) / dt;
    EXPECT_NEAR(speed_before, 2.0f, 1e-2f);
    EXPECT_NEAR(speed_after, speed_before, 0.1f) << static_cast<int>(blend);
    const float spin_before =
        glm::angle(shown[0].rotation * glm::conjugate(before[0].rotation)) / dt;
    const float spin_after = glm::angle(after.rotation * glm::conjugate(shown[0].rotation)) / dt;
    EXPECT_NEAR(spin_before, Radians(80.0f), 2e-2f);
    EXPECT_NEAR(spin_after, spin_before, 0.05f * spin_before) << static_cast<int>(blend);
  }
}

TEST_F(PlayerBlendsTest, AfterItsDurationTheFadeIsTheIncomingClipsOwnPoseExactly) {
  for (const TransitionBlend blend : {TransitionBlend::kInertialize, TransitionBlend::kDeadBlend}) {
    Player player(skeleton_, clips_);
    std::vector<Transform> before;
    Run(player, kWalk, 30, kDt, &before);
    Player target(skeleton_, clips_);
    ASSERT_TRUE(target.play(kStand));
    ASSERT_TRUE(player.crossfade(kStand, Blend(blend, 0.25f)));
    int frames = 0;
    while (player.fading()) {
      ASSERT_LT(frames, 20);
      player.update(kDt);
      target.update(kDt);
      ++frames;
      EXPECT_LE(player.fade_progress(), 1.0f);
    }
    EXPECT_EQ(frames, 15);  // 0.25 s of 1/60 s steps (the sum reaches 0.25 at the 15th).
    EXPECT_FLOAT_EQ(player.current_weight(), 1.0f);
    for (std::size_t j = 0; j < 2; ++j) {
      EXPECT_TRUE(SameBits(player.pose()[j], target.pose()[j])) << "joint " << j;
    }
    player.update(kDt);
    target.update(kDt);
    EXPECT_TRUE(SameBits(player.pose()[0], target.pose()[0]));
  }
}

// Frame-to-frame steps of the root's translation: none larger than `most`.
void ExpectNoPop(const std::vector<glm::vec3>& path, float most) {
  for (std::size_t i = 1; i < path.size(); ++i) {
    EXPECT_LT(glm::length(path[i] - path[i - 1]), most) << "frame " << i;
  }
}

TEST_F(PlayerBlendsTest, AnInertializedFadeInterruptedByACrossfadeDoesNotPop) {
  Player player(skeleton_, clips_);
  std::vector<Transform> before;
  Run(player, kWalk, 30, kDt, &before);
  std::vector<glm::vec3> path{player.pose()[0].translation};
  ASSERT_TRUE(player.crossfade(kStand, Blend(TransitionBlend::kInertialize, 0.5f)));
  for (int i = 0; i < 10; ++i) {
    player.update(kDt);
    path.push_back(player.pose()[0].translation);
  }
  const std::vector<Transform> shown = Pose(player);
  // Back to the walk: the offset left would jump if it were dropped.
  ASSERT_TRUE(player.crossfade(kWalk, Blend(TransitionBlend::kCrossfade, 0.3f)));
  EXPECT_EQ(player.fade_blend(), TransitionBlend::kCrossfade);
  for (std::size_t j = 0; j < 2; ++j) {
    EXPECT_TRUE(TransformNear(player.pose()[j], shown[j], 1e-6f)) << "joint " << j;
  }
  Player walk(skeleton_, clips_);
  ASSERT_TRUE(walk.play(kWalk));
  for (int i = 0; i < 25; ++i) {
    player.update(kDt);
    path.push_back(player.pose()[0].translation);
    walk.update(kDt);
  }
  ExpectNoPop(path, 0.2f);
  EXPECT_FALSE(player.fading());
  EXPECT_TRUE(SameBits(player.pose()[0], walk.pose()[0]));
}

TEST_F(PlayerBlendsTest, ACrossfadeInterruptedByAnInertializationDoesNotPop) {
  for (const TransitionBlend blend : {TransitionBlend::kInertialize, TransitionBlend::kDeadBlend}) {
    Player player(skeleton_, clips_);
    std::vector<Transform> before;
    Run(player, kWalk, 30, kDt, &before);
    std::vector<glm::vec3> path{player.pose()[0].translation};
    ASSERT_TRUE(player.crossfade(kStand, Blend(TransitionBlend::kCrossfade, 0.5f)));
    for (int i = 0; i < 10; ++i) {
      player.update(kDt);
      path.push_back(player.pose()[0].translation);
    }
    const std::vector<Transform> shown = Pose(player);
    ASSERT_TRUE(player.crossfade(kWalk, Blend(blend, 0.3f)));
    EXPECT_EQ(player.fading_from(), -1);
    for (std::size_t j = 0; j < 2; ++j) {
      EXPECT_TRUE(TransformNear(player.pose()[j], shown[j], 1e-6f)) << "joint " << j;
    }
    player.update(kDt);
    path.push_back(player.pose()[0].translation);
    Player walk(skeleton_, clips_);
    ASSERT_TRUE(walk.play(kWalk));
    EXPECT_GT(glm::length(shown[0].translation - walk.pose()[0].translation), 1.5f);
    walk.update(kDt);
    for (int i = 0; i < 20; ++i) {
      player.update(kDt);
      path.push_back(player.pose()[0].translation);
      walk.update(kDt);
    }
    // The walk starts again at x = 0, 1.7 units from the pose shown: a cut would jump that far,
    // the decay's fastest frames move about 0.2.
    ExpectNoPop(path, 0.3f);
    EXPECT_TRUE(SameBits(player.pose()[0], walk.pose()[0]));
  }
}

TEST_F(PlayerBlendsTest, AnInertializationInterruptingAnotherStartsFromThePoseShown) {
  Player player(skeleton_, clips_);
  std::vector<Transform> before;
  Run(player, kWalk, 30, kDt, &before);
  ASSERT_TRUE(player.crossfade(kStand, Blend(TransitionBlend::kInertialize, 0.5f)));
  for (int i = 0; i < 6; ++i) player.update(kDt);
  const std::vector<Transform> earlier = Pose(player);
  player.update(kDt);
  const std::vector<Transform> shown = Pose(player);
  ASSERT_TRUE(player.crossfade(kWalk, Blend(TransitionBlend::kDeadBlend, 0.3f, 0.2f)));
  for (std::size_t j = 0; j < 2; ++j) {
    EXPECT_TRUE(TransformNear(player.pose()[j], shown[j], 1e-6f)) << "joint " << j;
  }
  // The dead blend extrapolates the carried-over pose shown, not the stand's own.
  Player walk(skeleton_, clips_);
  ASSERT_TRUE(walk.play(kWalk));
  for (int frame = 1; frame <= 4; ++frame) {
    player.update(kDt);
    walk.update(kDt);
    const double t = frame * static_cast<double>(kDt);
    for (std::size_t j = 0; j < 2; ++j) {
      EXPECT_TRUE(TransformNear(player.pose()[j],
                                DeadBlended(earlier[j], shown[j], walk.pose()[j], kDt, 0.2, 0.3, t),
                                2e-4f));
    }
  }
}

TEST_F(PlayerBlendsTest, FromAHeldPoseNothingMovesOnItsOwn) {
  std::vector<Transform> held = {MakeTransform({-1, 2, 0}, RotZ(70.0f), {1, 2, 1}),
                                 MakeTransform({0, 1, 0.5f}, RotZ(-45.0f))};
  Player target(skeleton_, clips_);
  ASSERT_TRUE(target.play(kStand));
  const std::vector<Transform> target0 = Pose(target);
  Player inert(skeleton_, clips_), dead(skeleton_, clips_);
  ASSERT_TRUE(inert.play(kWalk));
  ASSERT_TRUE(dead.play(kWalk));
  for (int i = 0; i < 20; ++i) {  // Moving, then held.
    inert.update(kDt);
    dead.update(kDt);
  }
  ASSERT_TRUE(inert.crossfade_from(held, kStand, Blend(TransitionBlend::kInertialize, 0.3f)));
  ASSERT_TRUE(dead.crossfade_from(held, kStand, Blend(TransitionBlend::kDeadBlend, 0.3f)));
  for (std::size_t j = 0; j < 2; ++j) {
    EXPECT_TRUE(TransformNear(inert.pose()[j], held[j], 1e-6f));
    EXPECT_TRUE(TransformNear(dead.pose()[j], held[j], 1e-6f));
  }
  for (int frame = 1; frame <= 10; ++frame) {
    inert.update(kDt);
    dead.update(kDt);
    target.update(kDt);
    const double t = frame * static_cast<double>(kDt);
    // `before` = `held`: no velocity, so the decay is x0 (1 - 10u^3 + 15u^4 - 6u^5).
    for (std::size_t j = 0; j < 2; ++j) {
      EXPECT_TRUE(TransformNear(
          inert.pose()[j],
          Inertialized(held[j], held[j], target0[j], target.pose()[j], kDt, 0.3, t), 2e-4f));
      EXPECT_TRUE(TransformNear(dead.pose()[j],
                                DeadBlended(held[j], held[j], target.pose()[j], kDt, 0.1, 0.3, t),
                                2e-4f));
    }
    const double u = t / 0.3;
    EXPECT_NEAR(inert.current_weight(),
                10 * std::pow(u, 3) - 15 * std::pow(u, 4) + 6 * std::pow(u, 5), 1e-5);
  }
}

// A seek or a play() jumps: the fade right after it carries the pose shown over, but no velocity
// made of the jump.
TEST_F(PlayerBlendsTest, AFadeRightAfterASeekOrAPlayCarriesNoVelocity) {
  for (const bool seek : {true, false}) {
    Player player(skeleton_, clips_);
    std::vector<Transform> before;
    Run(player, kWalk, 30, kDt, &before);
    if (seek) {
      player.seek(1.5f);
    } else {
      ASSERT_TRUE(player.play(kWalk));
    }
    const std::vector<Transform> shown = Pose(player);
    Player target(skeleton_, clips_);
    ASSERT_TRUE(target.play(kStand));
    const std::vector<Transform> target0 = Pose(target);
    ASSERT_TRUE(player.crossfade(kStand, Blend(TransitionBlend::kInertialize, 0.3f)));
    for (int frame = 1; frame <= 6; ++frame) {
      player.update(kDt);
      target.update(kDt);
      const double t = frame * static_cast<double>(kDt);
      for (std::size_t j = 0; j < 2; ++j) {
        EXPECT_TRUE(TransformNear(
            player.pose()[j],
            Inertialized(shown[j], shown[j], target0[j], target.pose()[j], kDt, 0.3, t), 2e-4f))
            << (seek ? "seek" : "play") << " joint " << j << " at " << t;
      }
    }
  }
}

TEST_F(PlayerBlendsTest, BadOptionsAreRefusedAndChangeNothing) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kWalk));
  for (int i = 0; i < 10; ++i) player.update(kDt);
  const std::vector<Transform> shown = Pose(player);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<CrossfadeOptions> bad = {Blend(TransitionBlend::kDeadBlend, 0.3f, -0.1f),
                                       Blend(TransitionBlend::kDeadBlend, 0.3f, 0.0f),
                                       Blend(TransitionBlend::kDeadBlend, 0.3f, nan),
                                       Blend(TransitionBlend::kInertialize, 0.3f, -1.0f),
                                       Blend(TransitionBlend::kCrossfade, 0.3f, inf),
                                       Blend(TransitionBlend::kInertialize, nan),
                                       Blend(TransitionBlend::kDeadBlend, inf),
                                       Blend(static_cast<TransitionBlend>(7), 0.3f)};
  CrossfadeOptions bad_curve;
  bad_curve.curve = static_cast<FadeCurve>(-1);
  bad.push_back(bad_curve);
  for (std::size_t i = 0; i < bad.size(); ++i) {
    EXPECT_FALSE(valid(bad[i])) << i;
    EXPECT_FALSE(player.crossfade(kStand, bad[i])) << i;
    EXPECT_FALSE(player.crossfade("stand", bad[i])) << i;
    EXPECT_FALSE(player.crossfade_from(shown, kStand, bad[i])) << i;
    EXPECT_EQ(player.clip(), kWalk);
    EXPECT_FALSE(player.fading());
    EXPECT_FLOAT_EQ(player.time(), 10.0f * kDt);
    for (std::size_t j = 0; j < 2; ++j) EXPECT_TRUE(SameBits(player.pose()[j], shown[j]));
  }
  // Nothing changed inside either: the walk goes on, and a good fade starts from its pose.
  EXPECT_TRUE(valid(Blend(TransitionBlend::kDeadBlend, 0.3f)));
  ASSERT_TRUE(player.crossfade(kStand, Blend(TransitionBlend::kInertialize, 0.3f)));
  for (std::size_t j = 0; j < 2; ++j) {
    EXPECT_TRUE(TransformNear(player.pose()[j], shown[j], 1e-6f));
  }
}

TEST_F(PlayerBlendsTest, ZeroSecondsOrPlayCutsAtOnce) {
  Player player(skeleton_, clips_);
  ASSERT_TRUE(player.play(kWalk));
  player.update(kDt);
  ASSERT_TRUE(player.crossfade(kStand, Blend(TransitionBlend::kDeadBlend, 0.0f)));
  EXPECT_FALSE(player.fading());
  Player target(skeleton_, clips_);
  ASSERT_TRUE(target.play(kStand));
  EXPECT_TRUE(SameBits(player.pose()[0], target.pose()[0]));
  // play() during an inertialized fade ends it: the clip's own pose.
  ASSERT_TRUE(player.crossfade(kWalk, Blend(TransitionBlend::kInertialize, 0.3f)));
  player.update(kDt);
  ASSERT_TRUE(player.play(kStand));
  EXPECT_FALSE(player.fading());
  EXPECT_TRUE(SameBits(player.pose()[0], target.pose()[0]));
}

}  // namespace
}  // namespace anim
