// The segments' search through the hierarchy (bake/src/segment_search.h): on a hand-made chain
// whose errors add up toward its tip, the budgets it leaves bring every joint within the
// tolerance by the test's own measure (decoded frames, model space in double, the virtual points
// on each axis), it only tightens, and it leaves a joint off the worst chain alone.
#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/bake/clip_compression.h"
#include "anim/bake/clip_error.h"
#include "anim/clip.h"
#include "anim/compressed_clip.h"
#include "anim/skeleton.h"
#include "clip_segments.h"
#include "segment_search.h"
#include "support/maths.h"

namespace anim::bake {
namespace {

constexpr int kFrames = 32;  // Two segments of 16 at 30 Hz.
constexpr float kRate = 30.0f;
constexpr float kShell = 0.05f;

// A chain root -> a -> b -> tip, a unit apart up y, and a joint `aside` off the root along x.
Skeleton Chain() {
  Skeleton s;
  s.names = {"root", "a", "b", "tip", "aside"};
  s.parents = {-1, 0, 1, 2, 0};
  s.rest = {testutil::MakeTransform(glm::vec3(0)), testutil::MakeTransform(glm::vec3(0, 1, 0)),
            testutil::MakeTransform(glm::vec3(0, 1, 0)),
            testutil::MakeTransform(glm::vec3(0, 1, 0)),
            testutil::MakeTransform(glm::vec3(1, 0, 0))};
  return s;
}

// Joint j's rotation at frame f: every chain joint swings about z and x at its own rates; the
// aside joint barely turns.
glm::quat Turn(std::size_t j, int f) {
  const float t = static_cast<float>(f);
  if (j == 4) return testutil::RotZ(0.01f * std::sin(0.1f * t));
  const float k = static_cast<float>(j + 1);
  return testutil::RotZ(25.0f * std::sin(0.21f * k * t)) *
         testutil::AxisAngle(glm::vec3(1, 0, 0), 15.0f * std::cos(0.37f * k * t + k));
}

Clip ChainClip() {
  ClipBuilder b("chain", static_cast<float>(kFrames - 1) / kRate, 5);
  for (int f = 0; f < kFrames; ++f) {
    for (std::size_t j = 0; j < 5; ++j) {
      b.add_rotation(static_cast<uint16_t>(j), static_cast<float>(f) / kRate, Turn(j, f));
    }
  }
  return b.build();
}

// Every joint's rotation as a segmented track stores it: w dropped (it stays near 1 here), the
// sign that keeps it >= 0, x y z per frame; the header's ranges over all frames.
std::vector<SearchTrack> Tracks(const RestMeasure& rest) {
  std::vector<SearchTrack> tracks;
  for (std::size_t j = 0; j < 5; ++j) {
    SearchTrack t;
    t.track.joint = static_cast<uint16_t>(j);
    t.track.kind = TrackKind::kRotation;
    t.track.dropped = 3;
    for (int f = 0; f < kFrames; ++f) {
      const glm::quat q = Turn(j, f);
      const float sign = q.w < 0.0f ? -1.0f : 1.0f;
      t.frames.insert(t.frames.end(), {sign * q.x, sign * q.y, sign * q.z});
    }
    for (uint32_t c = 0; c < 3; ++c) {
      float lo = INFINITY, hi = -INFINITY;
      for (int f = 0; f < kFrames; ++f) {
        lo = std::min(lo, t.frames[3 * f + c]);
        hi = std::max(hi, t.frames[3 * f + c]);
      }
      t.track.min[c] = lo;
      t.track.extent[c] = hi - lo;
    }
    t.scale = rest.reach[j];
    tracks.push_back(std::move(t));
  }
  return tracks;
}

// The test's own measure of segment s at the budgets: each track fitted at its budget divided by
// its scale and decoded, the chain's model space in double against the source's, each joint's
// largest distance over its point and the points kShell along its axes.
std::vector<double> NaiveErrors(const Skeleton& skeleton, const std::vector<SearchTrack>& tracks,
                                const std::vector<float>& budgets, std::size_t segments,
                                std::size_t s) {
  std::vector<double> worst(5, 0.0);
  const uint32_t first = static_cast<uint32_t>(s * kDefaultSegmentSamples);
  const uint32_t count = std::min<uint32_t>(kDefaultSegmentSamples, kFrames - first);
  std::vector<SegmentFit> fits;
  for (const SearchTrack& t : tracks) {
    const float budget = budgets[t.track.joint * segments + s];
    fits.push_back(fit_segment(t.track, t.frames.data() + 3 * first, count, budget / t.scale));
  }
  for (uint32_t i = 0; i < count; ++i) {
    std::vector<Transform> source = skeleton.rest, decoded = skeleton.rest;
    for (std::size_t k = 0; k < tracks.size(); ++k) {
      const std::size_t j = tracks[k].track.joint;
      source[j].rotation = Turn(j, static_cast<int>(first + i));
      float v[4];
      decode_fit_frame(tracks[k].track, fits[k].range, fits[k].q.data() + 3 * i, v);
      decoded[j].rotation = glm::quat(v[3], v[0], v[1], v[2]);
    }
    const std::vector<glm::dmat4> a = testutil::ModelSpaceInDouble(skeleton, source);
    const std::vector<glm::dmat4> b = testutil::ModelSpaceInDouble(skeleton, decoded);
    const double shell = kShell;
    for (std::size_t j = 0; j < 5; ++j) {
      double e = glm::length(glm::dvec3(a[j][3]) - glm::dvec3(b[j][3]));
      for (int axis = 0; axis < 3; ++axis) {
        e = std::max(e, glm::length(glm::dvec3(a[j][3]) + shell * glm::dvec3(a[j][axis]) -
                                    glm::dvec3(b[j][3]) - shell * glm::dvec3(b[j][axis])));
      }
      worst[j] = std::max(worst[j], e);
    }
  }
  return worst;
}

class SegmentSearchTest : public ::testing::Test {
 protected:
  SegmentSearchTest()
      : skeleton_(Chain()),
        clip_(ChainClip()),
        rest_(measure_rest(skeleton_, kShell)),
        tracks_(Tracks(rest_)),
        reference_(reference_frames(clip_, skeleton_, kFrames, kRate)) {
    CompressionOptions all;
    all.segments = SegmentMode::kAlways;
    Result<CompressedResult> packed = compress_clip(clip_, skeleton_, all);
    EXPECT_TRUE(packed.ok()) << packed.error().to_string();
    if (packed.ok()) packed_ = std::move(packed.value().clip);
    search_.skeleton = &skeleton_;
    search_.shell_distance = kShell;
    search_.segment_samples = kDefaultSegmentSamples;
    search_.frame_rate = kRate;
    search_.reference = &reference_;
  }

  Skeleton skeleton_;
  Clip clip_;
  RestMeasure rest_;
  std::vector<SearchTrack> tracks_;
  std::vector<glm::mat4> reference_;
  CompressedClip packed_;
  SegmentSearch search_;
};

TEST_F(SegmentSearchTest, EveryJointEndsWithinTheToleranceByTheTestsOwnMeasure) {
  search_.tolerance = 2e-4f;
  const std::size_t segments = 2;
  std::vector<float> budgets(5 * segments, search_.tolerance);
  // At the whole tolerance each, the chain's errors add up past it toward the tip.
  const std::vector<double> before = NaiveErrors(skeleton_, tracks_, budgets, segments, 0);
  ASSERT_GT(before[3], search_.tolerance);
  const std::vector<float> unmeasured(5, 0.0f);  // No calibration: the search's own measure.
  for (std::size_t s = 0; s < segments; ++s) {
    SCOPED_TRACE(s);
    const SegmentSearch::Outcome found =
        search_.run(s, packed_, tracks_, unmeasured, budgets, segments);
    EXPECT_TRUE(found.changed);
    const std::vector<double> naive = NaiveErrors(skeleton_, tracks_, budgets, segments, s);
    for (std::size_t j = 0; j < 5; ++j) {
      EXPECT_LE(naive[j], search_.tolerance * (1.0 + 1e-4)) << skeleton_.names[j];
      EXPECT_NEAR(found.errors[j], naive[j], 2e-3 * search_.tolerance) << skeleton_.names[j];
    }
  }
}

TEST_F(SegmentSearchTest, ItOnlyTightensAndLeavesAJointOffTheWorstChainsAlone) {
  search_.tolerance = 2e-4f;
  const std::size_t segments = 2;
  std::vector<float> budgets(5 * segments, search_.tolerance);
  const std::vector<float> unmeasured(5, 0.0f);
  search_.run(0, packed_, tracks_, unmeasured, budgets, segments);
  bool tightened = false;
  for (std::size_t j = 0; j < 5; ++j) {
    EXPECT_LE(budgets[j * segments], search_.tolerance) << skeleton_.names[j];
    tightened = tightened || budgets[j * segments] < search_.tolerance;
    EXPECT_EQ(budgets[j * segments + 1], search_.tolerance) << "segment 1 was not searched";
  }
  EXPECT_TRUE(tightened);
  // The aside joint barely turns: within the tolerance from the start, never tightened.
  EXPECT_EQ(budgets[4 * segments], search_.tolerance);
}

TEST_F(SegmentSearchTest, AMeasureHarsherThanItsOwnTightensFurther) {
  // measure_clip_error samples at key times, which can fall between frames: the search scales
  // its errors by how the two compared. Told the tip measured twice what it sees, it ends with
  // the tip at half the tolerance by its own measure.
  search_.tolerance = 2e-4f;
  const std::size_t segments = 2;
  std::vector<float> budgets(5 * segments, search_.tolerance);
  const std::vector<double> before = NaiveErrors(skeleton_, tracks_, budgets, segments, 0);
  std::vector<float> measured(5, 0.0f);
  measured[3] = static_cast<float>(2.0 * before[3]);
  search_.run(0, packed_, tracks_, measured, budgets, segments);
  const std::vector<double> after = NaiveErrors(skeleton_, tracks_, budgets, segments, 0);
  EXPECT_LE(after[3], 0.5 * search_.tolerance * (1.0 + 2e-3));
}

TEST_F(SegmentSearchTest, AToleranceNoWidthReachesEndsWithEveryTrackAtItsWidest) {
  search_.tolerance = 0.0f;
  const std::size_t segments = 2;
  std::vector<float> budgets(5 * segments, 1e-3f);
  const std::vector<float> unmeasured(5, 0.0f);
  search_.run(1, packed_, tracks_, unmeasured, budgets, segments);
  // The tip's chain went as far as it goes: each of its tracks at 24 bits where it moves.
  for (std::size_t j = 0; j < 4; ++j) {
    const SearchTrack& t = tracks_[j];
    const SegmentFit fit = fit_segment(t.track, t.frames.data() + 3 * kDefaultSegmentSamples,
                                       kDefaultSegmentSamples, budgets[j * segments + 1] / t.scale);
    EXPECT_TRUE(fit.out_of_reach) << skeleton_.names[j];
    for (uint32_t c = 0; c < 3; ++c) {
      if (fit.range.extent[c] > 0) EXPECT_EQ(fit.range.width(c), kMaxSegmentBits);
    }
  }
}

}  // namespace
}  // namespace anim::bake
