// Root motion (issue 25): moves and their algebra, tracks sampled across loop wraps, blending, and
// the offline extraction from a clip, each against hand-computed values.
#include "anim/root_motion.h"

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/clip.h"
#include "anim/root_motion_builder.h"
#include "anim/sampling.h"
#include "anim/skeleton.h"
#include "anim/transform.h"
#include "support/rigs.h"

namespace anim {
namespace {

constexpr float kPi = 3.14159265358979f;

glm::quat yaw(float radians) { return glm::angleAxis(radians, glm::vec3(0.0f, 1.0f, 0.0f)); }

void expect_vec(const glm::vec3& actual, const glm::vec3& expected, float tolerance = 1e-5f) {
  EXPECT_NEAR(actual.x, expected.x, tolerance);
  EXPECT_NEAR(actual.y, expected.y, tolerance);
  EXPECT_NEAR(actual.z, expected.z, tolerance);
}

// The same turn (q and -q are one rotation).
void expect_turn(const glm::quat& actual, const glm::quat& expected, float tolerance = 1e-5f) {
  EXPECT_NEAR(std::fabs(glm::dot(actual, expected)), 1.0f, tolerance)
      << "got (" << actual.w << ", " << actual.x << ", " << actual.y << ", " << actual.z << ")";
}

RootMotion move(glm::vec3 translation, glm::quat rotation) { return {translation, rotation}; }

TEST(RootMotionAlgebra, ComposeAppliesTheFirstThenTheSecondInItsFrame) {
  const RootMotion a = move({1, 0, 0}, yaw(kPi / 2));  // A metre along x, a quarter turn about y.
  const RootMotion b = move({0, 0, 2}, yaw(0.0f));
  // b's two metres along its own z are, after a's quarter turn about y, along the world's x.
  const RootMotion ab = compose(a, b);
  expect_vec(ab.translation, {3, 0, 0});
  expect_turn(ab.rotation, yaw(kPi / 2));
  const glm::vec3 p(0.3f, -0.2f, 0.7f);
  expect_vec(apply(ab, p), apply(a, apply(b, p)));
  const RootMotion none = compose(ab, inverse(ab));
  expect_vec(none.translation, {0, 0, 0});
  expect_turn(none.rotation, glm::quat(1, 0, 0, 0));
}

// A clip's frame walking along x at 2 m/s and turning a quarter about y per second, over 1 s.
RootMotionTrack walk_track(glm::vec3 pivot = glm::vec3(0.0f)) {
  RootMotionTrack track;
  track.duration = 1.0f;
  track.pivot = pivot;
  for (float t : {0.0f, 0.5f, 1.0f}) {
    track.times.push_back(t);
    track.translations.push_back(glm::vec3(2.0f * t, 0.0f, 0.0f));
    track.rotations.push_back(yaw(kPi / 2 * t));
  }
  return track;
}

// `track` as the runtime takes it from extract_root_motion or a package: its turn axis found, so
// that root motion works on half angles in the plane (the turn path); or, with `found` false, as
// made by hand (the general path, on quaternions). The tests below run each track both ways.
RootMotionTrack on_path(RootMotionTrack track, bool found) {
  track.turn_axis = found ? turn_axis_of(track) : -1;
  return track;
}

class RootMotionPaths : public ::testing::TestWithParam<bool> {};
INSTANTIATE_TEST_SUITE_P(TurnPathAndGeneral, RootMotionPaths, ::testing::Bool());

TEST_P(RootMotionPaths, FramesAreInterpolatedAndTurnAboutThePivot) {
  const RootMotionTrack track = on_path(walk_track(), GetParam());
  const RootMotion at = root_frame_at(track, 0.25f);
  expect_vec(at.translation, {0.5f, 0, 0});
  expect_turn(at.rotation, yaw(kPi / 8), 1e-3f);  // nlerp halfway between 0 and 45 degrees.
  // Held outside the keys; an empty track never moves.
  expect_vec(root_frame_at(track, -1.0f).translation, {0, 0, 0});
  expect_vec(root_frame_at(track, 7.0f).translation, {2, 0, 0});
  expect_vec(root_frame_at(RootMotionTrack{}, 0.5f).translation, {0, 0, 0});
  // A pivot one metre along z: at the end, turned 90 degrees about it and moved 2 m along x.
  // The origin, one metre from the pivot, swings to the pivot's left: (-1, 0, 1) + (2, 0, 0).
  const RootMotion pivoted = root_frame_at(on_path(walk_track({0, 0, 1}), GetParam()), 1.0f);
  const RootMotion halfway = root_frame_at(on_path(walk_track({0, 0, 1}), GetParam()), 0.5f);
  expect_vec(apply(halfway, {0, 0, 1}), {1, 0, 1});  // The pivot only moves with the walk.
  expect_vec(apply(pivoted, {0, 0, 0}), {1, 0, 1});
  expect_vec(apply(pivoted, {0, 0, 1}), {2, 0, 1});
}

TEST_P(RootMotionPaths, MotionBetweenTwoTimesIsInTheFrameAtTheStart) {
  RootMotionTrack straight = walk_track();
  for (glm::quat& q : straight.rotations) q = yaw(0.0f);
  straight = on_path(straight, GetParam());
  const RootMotion m = root_motion_between(straight, 0.25f, 0.75f, 0);
  expect_vec(m.translation, {1, 0, 0});
  // Turning: from 0.5 s (facing 45 degrees) to 1 s, the frame's own view of the world's 1 m.
  const RootMotion turned = root_motion_between(on_path(walk_track(), GetParam()), 0.5f, 1.0f, 0);
  expect_turn(turned.rotation, yaw(kPi / 4));
  expect_vec(turned.translation, glm::conjugate(yaw(kPi / 4)) * glm::vec3(1, 0, 0));
}

TEST_P(RootMotionPaths, ALoopThatWrapsInsideOneUpdateMovesOnWithoutAJump) {
  RootMotionTrack straight = walk_track();
  for (glm::quat& q : straight.rotations) q = yaw(0.0f);
  straight = on_path(straight, GetParam());
  const RootMotionTrack walk = on_path(walk_track(), GetParam());
  // 0.75 s to the end (0.5 m), then 0.25 s of the next cycle (0.5 m).
  expect_vec(root_motion_between(straight, 0.75f, 0.25f, 1).translation, {1, 0, 0});
  // Three whole cycles and a quarter.
  expect_vec(root_motion_between(straight, 0.5f, 0.75f, 3).translation, {6.5f, 0, 0});
  // Backwards over the start: 0.25 s back to 0, then from the end back to 0.75 s.
  expect_vec(root_motion_between(straight, 0.25f, 0.75f, -1).translation, {-1, 0, 0});
  // Turning a quarter a cycle: four cycles come round to the same heading and place (a square).
  const RootMotion square = root_motion_between(walk, 0.0f, 0.0f, 4);
  expect_turn(square.rotation, yaw(0.0f));
  expect_vec(square.translation, {0, 0, 0}, 1e-4f);
  // Two cycles are one cycle twice.
  const RootMotion one = root_motion_between(walk, 0.0f, 1.0f, 0);
  const RootMotion two = root_motion_between(walk, 0.0f, 0.0f, 2);
  expect_vec(two.translation, compose(one, one).translation);
  expect_turn(two.rotation, compose(one, one).rotation);
}

// A track keyed unevenly (bunched, then sparse), walking a bent path and turning back and forth:
// every key search path (the hinted key, the guess between the ends, the binary search) is met.
// `axis`: the turns' (x, y, z as 0, 1, 2).
RootMotionTrack uneven_track(int axis = 1) {
  glm::vec3 about(0.0f);
  about[axis] = 1.0f;
  RootMotionTrack track;
  track.duration = 4.0f;
  track.pivot = glm::vec3(0.2f, 0.0f, -0.1f);
  const float times[] = {0.0f,  0.01f, 0.02f, 0.03f, 0.05f, 0.4f,
                         0.45f, 1.7f,  1.71f, 2.9f,  3.95f, 4.0f};
  for (float t : times) {
    track.times.push_back(t);
    track.translations.push_back(glm::vec3(t, 0.1f * t * t, -0.5f * t));
    // Back and forth, and once more than half a turn from the start: a pair of keys on
    // opposite hemispheres (the nlerp takes the short way).
    track.rotations.push_back(glm::angleAxis(t < 3.0f ? 0.8f * std::sin(3.0f * t) : -3.0f, about));
  }
  return track;
}

// The frame at `time` found the plainest way: every key pair tried in turn.
RootMotion naive_frame_at(const RootMotionTrack& track, float time) {
  const std::size_t n = track.times.size();
  std::size_t k = 0;
  float t = 0.0f;
  if (time >= track.times[n - 1]) {
    k = n - 2;
    t = 1.0f;
  } else if (time > track.times[0]) {
    while (!(track.times[k] <= time && time < track.times[k + 1])) ++k;
    t = (time - track.times[k]) / (track.times[k + 1] - track.times[k]);
  }
  const glm::vec3 d = glm::mix(track.translations[k], track.translations[k + 1], t);
  glm::quat b = track.rotations[k + 1];
  if (glm::dot(track.rotations[k], b) < 0.0f) b = -b;
  const glm::quat q = glm::normalize(track.rotations[k] * (1.0f - t) + b * t);
  return {track.pivot + d - q * track.pivot, q};
}

TEST_P(RootMotionPaths, UnevenKeysAreFoundAsByTryingEveryPair) {
  for (int axis = 0; axis < 3; ++axis) {
    const RootMotionTrack track = on_path(uneven_track(axis), GetParam());
    ASSERT_EQ(track.turn_axis, GetParam() ? axis : -1);
    for (int i = -3; i <= 410; ++i) {
      const float time = 0.01f * static_cast<float>(i) - 0.003f;
      const RootMotion expected = naive_frame_at(track, time);
      const RootMotion got = root_frame_at(track, time);
      SCOPED_TRACE("axis " + std::to_string(axis) + " at " + std::to_string(time));
      expect_vec(got.translation, expected.translation, 1e-6f);
      expect_turn(got.rotation, expected.rotation, 1e-6f);
      // Moves, against the moves the naive frames give (the difference of two places some
      // metres from the origin: a few units in the last place of those).
      const float from = time - 0.037f;
      const RootMotion naive_move =
          compose(inverse(naive_frame_at(track, from)), naive_frame_at(track, time));
      const RootMotion move = root_motion_between(track, from, time, 0);
      expect_vec(move.translation, naive_move.translation, 4e-6f);
      expect_turn(move.rotation, naive_move.rotation, 1e-6f);
    }
  }
}

TEST(RootMotionTrack, TheTurnAxisIsTheOneEveryRotationTurnsAbout) {
  for (int axis = 0; axis < 3; ++axis) EXPECT_EQ(turn_axis_of(uneven_track(axis)), axis);
  RootMotionTrack still = uneven_track();
  for (glm::quat& q : still.rotations) q = glm::quat(1, 0, 0, 0);
  EXPECT_EQ(turn_axis_of(still), 1);  // None turns: any axis does.
  EXPECT_EQ(turn_axis_of(RootMotionTrack{}), 1);
  RootMotionTrack mixed = uneven_track(2);
  mixed.rotations[3] = yaw(0.1f);  // One key turns about y, the others about z.
  EXPECT_EQ(turn_axis_of(mixed), -1);
  RootMotionTrack oblique = uneven_track();
  oblique.rotations[5] = glm::angleAxis(0.3f, glm::normalize(glm::vec3(1, 1, 0)));
  EXPECT_EQ(turn_axis_of(oblique), -1);
}

// A cursor only saves work: playing on, wrapping, jumping back and standing still give exactly
// (bit for bit) what the same calls give without one.
TEST_P(RootMotionPaths, ACursorGivesExactlyTheAnswersWithoutOne) {
  const RootMotionTrack track = on_path(uneven_track(), GetParam());
  RootMotionCursor cursor;
  float from = 0.0f;
  int64_t wraps = 0;
  const auto same = [](const RootMotion& a, const RootMotion& b) {
    return a.translation == b.translation && a.rotation == b.rotation;
  };
  for (int step = 0; step < 600; ++step) {
    float to = from + 1.0f / 30.0f;
    if (step % 97 == 50) to = from - 1.3f;  // A jump back.
    if (step % 41 == 7) to = from;          // Standing still.
    wraps = 0;
    while (to >= track.duration) {
      to -= track.duration;
      ++wraps;
    }
    while (to < 0.0f) {
      to += track.duration;
      --wraps;
    }
    const RootMotion with = root_motion_between(track, from, to, wraps, &cursor);
    const RootMotion without = root_motion_between(track, from, to, wraps);
    ASSERT_TRUE(same(with, without)) << "step " << step << ", " << from << " to " << to;
    ASSERT_TRUE(same(root_frame_at(track, to, &cursor), root_frame_at(track, to)));
    from = to;
  }
}

TEST(RootMotionBlend, AveragesMovesByWeight) {
  const std::vector<RootMotion> moves = {move({1, 0, 0}, yaw(0.0f)), move({0, 0, 1}, yaw(kPi / 2))};
  const std::vector<float> half = {2.0f, 2.0f};  // Normalized.
  RootMotion out;
  ASSERT_TRUE((RootMotionBlendJob{moves, half, &out}.run()));
  expect_vec(out.translation, {0.5f, 0, 0.5f});
  expect_turn(out.rotation, yaw(kPi / 4));
  // The sign of a quaternion does not change the turn it blends in.
  const std::vector<RootMotion> flipped = {moves[0], move({0, 0, 1}, -yaw(kPi / 2))};
  ASSERT_TRUE((RootMotionBlendJob{flipped, half, &out}.run()));
  expect_turn(out.rotation, yaw(kPi / 4));
  // No weight: no move.
  const std::vector<float> none = {0.0f, 0.0f};
  ASSERT_TRUE((RootMotionBlendJob{moves, none, &out}.run()));
  expect_vec(out.translation, {0, 0, 0});
  // Refused: sizes that differ, negative or NaN weights, no output.
  const std::vector<float> one = {1.0f};
  EXPECT_FALSE((RootMotionBlendJob{moves, one, &out}.validate()));
  const std::vector<float> negative = {1.0f, -1.0f};
  EXPECT_FALSE((RootMotionBlendJob{moves, negative, &out}.run()));
  const std::vector<float> nan = {1.0f, std::numeric_limits<float>::quiet_NaN()};
  EXPECT_FALSE((RootMotionBlendJob{moves, nan, &out}.run()));
  EXPECT_FALSE((RootMotionBlendJob{moves, half, nullptr}.validate()));
}

// Two moves (a 1D blend space) take a shorter path than three; a third move without weight
// changes nothing in the general loop, so both must agree, whichever is heavier and whatever the
// signs.
TEST(RootMotionBlend, TwoMovesMatchTheGeneralLoop) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> coord(-2.0f, 2.0f), angle(-3.0f, 3.0f), weight(0.0f, 3.0f);
  for (int i = 0; i < 500; ++i) {
    const auto turn = [&] {
      return glm::angleAxis(angle(rng), glm::normalize(glm::vec3(coord(rng), 1, coord(rng))));
    };
    const glm::quat qa = turn(), qb = turn();
    const glm::vec3 ta(coord(rng), coord(rng), coord(rng)), tb(coord(rng), coord(rng), coord(rng));
    const std::vector<RootMotion> two = {move(ta, qa), move(tb, i % 2 ? -qb : qb)};
    std::vector<float> w2 = {weight(rng), weight(rng)};
    if (i % 7 == 0) w2[1] = w2[0];  // A tie: the first is the reference.
    const std::vector<RootMotion> three = {two[0], two[1], move({9, 9, 9}, yaw(1.0f))};
    const std::vector<float> w3 = {w2[0], w2[1], 0.0f};
    RootMotion fast, general;
    ASSERT_TRUE((RootMotionBlendJob{two, w2, &fast}.run()));
    ASSERT_TRUE((RootMotionBlendJob{three, w3, &general}.run()));
    // Bit for bit where the compiler keeps each product apart (x86-64); within rounding where
    // it may fuse a multiply and an add differently in the two loops (AArch64).
    for (int k = 0; k < 3; ++k) {
      ASSERT_NEAR(fast.translation[k], general.translation[k], 1e-6f) << "case " << i;
    }
    for (int k = 0; k < 4; ++k) {
      ASSERT_NEAR(fast.rotation[k], general.rotation[k], 1e-6f) << "case " << i;
    }
  }
}

// RootMotionSamplingJob gives what each part's root_motion_between and RootMotionBlendJob over the
// parts with weight give (the way track_move took them before the job): the same moves from the
// same cursors, whichever path the tracks take (the turn path on one axis, the general one on
// quaternions, a loop wrap, a part that does not move, parts without weight, two axes at once).
TEST(RootMotionSampling, GivesTheMovesAndTheirBlendPartByPart) {
  const std::vector<RootMotionTrack> tracks = {
      on_path(uneven_track(0), true), on_path(uneven_track(1), true),
      on_path(uneven_track(2), true), on_path(uneven_track(1), false), RootMotionTrack{}};
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> time(0.0f, 4.0f), weight(0.0f, 2.0f);
  std::uniform_int_distribution<int> pick(0, 9), count(0, 4);
  for (int i = 0; i < 3000; ++i) {
    const int n = count(rng);
    const bool one_axis = i % 3 != 0;  // Mostly parts about y (a blend space's clips).
    std::vector<RootMotionPart> parts(static_cast<std::size_t>(n));
    std::vector<RootMotionCursor> job_cursors(parts.size()), old_cursors(parts.size());
    for (std::size_t k = 0; k < parts.size(); ++k) {
      const int kind = pick(rng);
      RootMotionPart& p = parts[k];
      p.track = &tracks[one_axis ? (kind == 0 ? 4 : 1) : static_cast<std::size_t>(kind % 5)];
      p.from = time(rng);
      p.to = kind == 1 ? p.from : time(rng);  // Standing still.
      p.wraps = kind == 2 ? 1 : 0;
      p.weight = kind == 3 ? 0.0f : weight(rng);
      // Playing on: the cursor remembers the start as the last update's end.
      root_frame_at(*p.track, p.from, &job_cursors[k]);
      old_cursors[k] = job_cursors[k];
      if (kind == 5) job_cursors[k] = old_cursors[k] = RootMotionCursor{};  // None yet.
    }
    for (std::size_t k = 0; k < parts.size(); ++k) parts[k].cursor = &job_cursors[k];
    RootMotion got;
    ASSERT_TRUE((RootMotionSamplingJob{parts, &got}.run()));
    std::vector<RootMotion> moves;
    std::vector<float> weights;
    for (std::size_t k = 0; k < parts.size(); ++k) {
      const RootMotionPart& p = parts[k];
      if (!(p.weight > 0.0f)) continue;
      moves.push_back(root_motion_between(*p.track, p.from, p.to, p.wraps, &old_cursors[k]));
      weights.push_back(p.weight);
    }
    RootMotion expected;
    if (moves.size() == 1) {
      expected = moves[0];
    } else if (moves.size() > 1) {
      ASSERT_TRUE((RootMotionBlendJob{moves, weights, &expected}.run()));
    }
    SCOPED_TRACE("case " + std::to_string(i));
    // Bit for bit on x86-64; AArch64 may fuse a multiply and an add differently in the two.
    for (int c = 0; c < 3; ++c) ASSERT_NEAR(got.translation[c], expected.translation[c], 2e-6f);
    for (int c = 0; c < 4; ++c) ASSERT_NEAR(got.rotation[c], expected.rotation[c], 2e-6f);
    for (std::size_t k = 0; k < parts.size(); ++k) {
      ASSERT_EQ(job_cursors[k].key, old_cursors[k].key);
      ASSERT_TRUE(job_cursors[k].time == old_cursors[k].time ||
                  (std::isnan(job_cursors[k].time) && std::isnan(old_cursors[k].time)));
    }
  }
}

TEST(RootMotionSampling, RefusesPartsItCannotTake) {
  const RootMotionTrack track = on_path(walk_track(), true);
  RootMotion out = move({5, 0, 0}, yaw(1.0f));
  std::vector<RootMotionPart> parts(1);
  parts[0] = RootMotionPart{&track, 0.0f, 0.5f, 0, nullptr, 1.0f};
  EXPECT_FALSE((RootMotionSamplingJob{parts, nullptr}.validate()));
  parts[0].weight = -1.0f;
  EXPECT_FALSE((RootMotionSamplingJob{parts, &out}.run()));
  parts[0].weight = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE((RootMotionSamplingJob{parts, &out}.run()));
  parts[0].weight = 1.0f;
  parts[0].track = nullptr;
  EXPECT_FALSE((RootMotionSamplingJob{parts, &out}.run()));
  parts[0].track = &track;
  const std::vector<RootMotionPart> too_many(RootMotionSamplingJob::kMaxParts + 1, parts[0]);
  EXPECT_FALSE((RootMotionSamplingJob{too_many, &out}.run()));
  expect_vec(out.translation, {5, 0, 0});  // Nothing written.
  // Half a second of the walk: a metre along x and an eighth of a turn about y.
  ASSERT_TRUE((RootMotionSamplingJob{parts, &out}.run()));
  expect_vec(out.translation, {1, 0, 0});
  expect_turn(out.rotation, yaw(kPi / 4));
  // No part with weight: no move.
  parts[0].weight = 0.0f;
  ASSERT_TRUE((RootMotionSamplingJob{parts, &out}.run()));
  expect_vec(out.translation, {0, 0, 0});
  expect_turn(out.rotation, glm::quat(1, 0, 0, 0));
}

// Root -> Hips -> Leg. The root lifts everything by 1 along y; the hips rest at (0.5, 0, 2).
Skeleton walker() {
  Skeleton s = testutil::Rig({"Root", "Hips", "Leg"}, {-1, 0, 1});
  s.rest[0].translation = {0.0f, 1.0f, 0.0f};
  s.rest[1].translation = {0.5f, 0.0f, 2.0f};
  s.rest[2].translation = {0.0f, -0.5f, 0.0f};
  return s;
}

// Over 2 s the hips walk 3 m along x, bob 0.1 up and down, and turn half a turn about y.
Clip walk_clip() {
  ClipBuilder b("walk", 2.0f, 3);
  for (int k = 0; k <= 8; ++k) {
    const float t = 0.25f * static_cast<float>(k);
    b.add_translation(1, t, {0.5f + 1.5f * t, 0.1f * std::sin(kPi * t), 2.0f});
    b.add_rotation(1, t, yaw(kPi / 2 * t));
  }
  b.add_rotation(2, 0.0f, glm::angleAxis(0.3f, glm::vec3(1, 0, 0)));
  return b.build();
}

glm::mat4 model_of(const Skeleton& s, const Clip& clip, std::size_t joint, float t) {
  SamplingCursor cursor(s.joint_count());
  std::vector<Transform> out(s.joint_count());
  EXPECT_TRUE((SamplingJob{&clip, s.rest, t, &cursor, out}.run()));
  glm::mat4 m(1.0f);
  std::vector<std::size_t> chain;
  for (int j = static_cast<int>(joint); j >= 0; j = s.parents[static_cast<std::size_t>(j)]) {
    chain.insert(chain.begin(), static_cast<std::size_t>(j));
  }
  for (std::size_t j : chain) m = m * to_matrix(out[j]);
  return m;
}

glm::mat4 frame_matrix(const RootMotion& m) {
  return glm::translate(glm::mat4(1.0f), m.translation) * glm::mat4_cast(m.rotation);
}

TEST(RootMotionExtraction, TakesTheWalkAndTheTurnOutAndKeepsTheBob) {
  const Skeleton s = walker();
  const Clip original = walk_clip();
  Clip clip = original;
  RootMotionSettings settings;
  settings.joint = 1;
  Result<RootMotionTrack> track = extract_root_motion(s, settings, clip);
  ASSERT_TRUE(track.ok()) << track.error().to_string();
  // Hand-computed: the hips start at (0.5, 1, 2) in the model; after t seconds they are 1.5 t
  // further along x and turned by a quarter turn per second.
  expect_vec(track.value().pivot, {0.5f, 0.0f, 2.0f});
  const RootMotion end = root_frame_at(track.value(), 2.0f);
  expect_turn(end.rotation, yaw(kPi));
  expect_vec(apply(end, {0.5f, 0.0f, 2.0f}), {3.5f, 0.0f, 2.0f}, 1e-4f);
  for (float t : {0.0f, 0.5f, 1.25f, 2.0f}) {
    SCOPED_TRACE(t);
    const glm::mat4 before = model_of(s, original, 1, t);
    const glm::mat4 after = model_of(s, clip, 1, t);
    // In place: the hips stay at their first place on x and z and keep their first heading,
    // while the bob along y stays.
    expect_vec(glm::vec3(after[3]), {0.5f, 1.0f + 0.1f * std::sin(kPi * t), 2.0f}, 1e-4f);
    expect_vec(glm::vec3(after[2]), {0.0f, 0.0f, 1.0f}, 1e-4f);
    // And the character's frame puts them back where the clip had them.
    const glm::mat4 rebuilt = frame_matrix(root_frame_at(track.value(), t)) * after;
    for (int c = 0; c < 4; ++c) expect_vec(glm::vec3(rebuilt[c]), glm::vec3(before[c]), 1e-4f);
  }
  // The leg under the hips is untouched.
  EXPECT_EQ(clip.rotations.ranges[2].count, 1u);
}

TEST(RootMotionExtraction, WithoutYawOnlyTheTranslationKeysChange) {
  const Skeleton s = walker();
  Clip clip = walk_clip();
  RootMotionSettings settings;
  settings.joint = 1;
  settings.yaw = false;
  settings.axes[0] = true;
  settings.axes[2] = false;  // Along x only.
  Result<RootMotionTrack> track = extract_root_motion(s, settings, clip);
  ASSERT_TRUE(track.ok());
  const Clip original = walk_clip();
  ASSERT_EQ(clip.rotations.values.size(), original.rotations.values.size());
  for (std::size_t i = 0; i < clip.rotations.values.size(); ++i) {
    expect_turn(clip.rotations.values[i], original.rotations.values[i]);
  }
  expect_turn(root_frame_at(track.value(), 2.0f).rotation, yaw(0.0f));
  expect_vec(root_frame_at(track.value(), 2.0f).translation, {3.0f, 0.0f, 0.0f}, 1e-4f);
}

TEST(RootMotionExtraction, AZUpModelTurnsAboutZ) {
  Skeleton s = walker();
  ClipBuilder b("turn", 1.0f, 3);
  const glm::vec3 z(0, 0, 1);
  b.add_rotation(1, 0.0f, glm::angleAxis(0.0f, z));
  b.add_rotation(1, 1.0f, glm::angleAxis(kPi / 3, z) * glm::angleAxis(0.2f, glm::vec3(1, 0, 0)));
  b.add_translation(1, 0.0f, {0.5f, 0.0f, 2.0f});
  b.add_translation(1, 1.0f, {0.5f, 2.0f, 2.5f});
  Clip clip = b.build();
  RootMotionSettings settings;
  settings.joint = 1;
  settings.up = up_vector(2, 1);
  settings.axes[0] = settings.axes[1] = true;  // "xy": across a Z-up model's up axis.
  settings.axes[2] = false;
  Result<RootMotionTrack> track = extract_root_motion(s, settings, clip);
  ASSERT_TRUE(track.ok());
  const RootMotion end = root_frame_at(track.value(), 1.0f);
  expect_turn(end.rotation, glm::angleAxis(kPi / 3, z), 1e-4f);  // The tilt about x stays.
  expect_vec(track.value().translations.back(), {0.0f, 2.0f, 0.0f}, 1e-4f);  // Not the 0.5 up.
}

TEST(RootMotionExtraction, AClipThatDoesNotMoveTheJointIsLeftAlone) {
  const Skeleton s = walker();
  ClipBuilder b("wave", 1.0f, 3);
  b.add_rotation(2, 0.0f, yaw(0.1f));
  b.add_rotation(2, 1.0f, yaw(0.4f));
  Clip clip = b.build();
  const Clip before = clip;
  RootMotionSettings settings;
  settings.joint = 1;
  Result<RootMotionTrack> track = extract_root_motion(s, settings, clip);
  ASSERT_TRUE(track.ok());
  EXPECT_TRUE(track.value().empty());
  EXPECT_EQ(clip.key_count(), before.key_count());
  EXPECT_EQ(topmost_animated_joint(s, Span<const Clip>(&clip, 1)), 2);
  const Clip walk = walk_clip();
  EXPECT_EQ(topmost_animated_joint(s, Span<const Clip>(&walk, 1)), 1);
  EXPECT_EQ(topmost_animated_joint(s, Span<const Clip>()), -1);
}

TEST(RootMotionExtraction, BadInputIsAnErrorAndTheClipIsKept) {
  const Skeleton s = walker();
  Clip clip = walk_clip();
  RootMotionSettings settings;
  settings.joint = 5;
  EXPECT_FALSE(extract_root_motion(s, settings, clip).ok());
  settings.joint = 1;
  clip.translations.values[3].x = std::numeric_limits<float>::quiet_NaN();
  const std::size_t keys = clip.key_count();
  Result<RootMotionTrack> track = extract_root_motion(s, settings, clip);
  ASSERT_FALSE(track.ok());
  EXPECT_NE(track.error().message.find("not finite"), std::string::npos) << track.error().message;
  EXPECT_NE(track.error().message.find("\"Hips\""), std::string::npos);
  EXPECT_EQ(clip.key_count(), keys);
}

}  // namespace
}  // namespace anim
