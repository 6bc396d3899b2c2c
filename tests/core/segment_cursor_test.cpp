// Segmented tracks sampled through the cursor's segment cache, four tracks at a time: clips built
// by hand (ranges, widths and stored integers chosen by the test, the bit stream written here)
// and sampled in sequence, backwards, across segments, by jumps and after following another
// clip, each pose compared with a fresh cursor's (to the bit) and with the test's own per-track
// decode (segment_value and segment_rotation, the format's definition, then a + (b - a) alpha for
// vectors, to the bit, and fitted_nlerp for rotations, to float rounding). Also cursors too small
// for a clip refused by validate(), and values worked out by hand at the edges of the widths.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/compressed_clip.h"
#include "anim/compressed_sampling.h"
#include "anim/soa_pose.h"
#include "anim/transform.h"
#include "support/bit_stream.h"

namespace anim {
namespace {

struct TrackSpec {
  uint16_t joint;
  TrackKind kind;
  uint8_t dropped;  // Rotations; 3 for the others.
};

// A clip built by hand, with every frame's stored integers kept for the test's own decode.
struct HandClip {
  CompressedClip clip;
  std::vector<std::vector<std::array<uint32_t, 3>>> q;  // [track][frame]
};

// Random ranges, widths (0 to 24, some frames 72 bits wide) and stored values, `frames` frames
// at 30 Hz in segments of `per`.
HandClip MakeClip(const std::string& name, uint32_t joints, const std::vector<TrackSpec>& specs,
                  uint32_t frames, uint32_t per, uint32_t seed) {
  std::mt19937 random(seed);
  HandClip h;
  CompressedClip& c = h.clip;
  c.name = name;
  c.joint_count = joints;
  c.ticks_per_second = 30.0f;
  c.duration = static_cast<float>(frames - 1) / 30.0f;
  c.frame_count = frames;
  c.segment_samples = per;
  for (const TrackSpec& s : specs) {
    SegmentedTrack t;
    t.joint = s.joint;
    t.kind = s.kind;
    t.dropped = s.dropped;
    for (int k = 0; k < 3; ++k) {
      if (s.kind == TrackKind::kRotation) {
        t.min[k] = -0.7f + 0.05f * static_cast<float>(random() % 5);
        t.extent[k] = 1.2f + 0.05f * static_cast<float>(random() % 5);
      } else {
        t.min[k] = -3.0f + 0.25f * static_cast<float>(random() % 9);
        t.extent[k] = 0.5f + 0.5f * static_cast<float>(random() % 9);
      }
    }
    c.segmented.push_back(t);
  }
  const std::size_t n = specs.size();
  h.q.assign(n, std::vector<std::array<uint32_t, 3>>(frames));
  testutil::BitStream bits;
  for (uint32_t s = 0; s < c.segment_count(); ++s) {
    c.segment_bits.push_back(static_cast<uint32_t>(bits.position()));
    for (std::size_t i = 0; i < n; ++i) {
      SegmentRange r;
      uint32_t w[3];
      for (int k = 0; k < 3; ++k) {
        const uint32_t pick = random() % 8;
        w[k] = pick == 0 ? 0 : (pick == 1 ? 24 : 1 + random() % 20);
        r.min[k] = static_cast<uint8_t>(random() % 100);
        r.extent[k] = static_cast<uint8_t>(random() % 156);
      }
      r.set_widths(w[0], w[1], w[2]);
      c.segment_ranges.push_back(r);
      const uint32_t first = s * per, last = std::min(frames, first + per);
      for (uint32_t f = first; f < last; ++f) {
        for (int k = 0; k < 3; ++k) {
          const uint32_t q = w[k] == 0 ? 0 : static_cast<uint32_t>(random()) & ((1u << w[k]) - 1u);
          h.q[i][f][k] = q;
          bits.Put(q, w[k]);
        }
      }
    }
  }
  c.bits = bits.Padded();
  return h;
}

// The test's own sample at `time`: each track decoded on its own from the integers it stored.
SoaPose Reference(const HandClip& h, const SoaPose& rest, float time) {
  const CompressedClip& c = h.clip;
  SoaPose out = rest;
  const float tq = std::min(std::max(time * c.ticks_per_second, 0.0f), 65535.0f);
  const uint32_t last = c.frame_count - 1;
  uint32_t k = 0;
  float alpha = 0.0f;
  if (tq >= static_cast<float>(last)) {
    k = last - 1;
    alpha = 1.0f;
  } else if (tq > 0.0f) {
    k = static_cast<uint32_t>(std::floor(tq));
    alpha = tq - static_cast<float>(k);
  }
  const std::size_t n = c.segmented.size();
  for (std::size_t i = 0; i < n; ++i) {
    const SegmentedTrack& t = c.segmented[i];
    float v[2][3];
    for (int e = 0; e < 2; ++e) {
      const uint32_t f = k + static_cast<uint32_t>(e);
      const SegmentRange& r = c.segment_ranges[(f / c.segment_samples) * n + i];
      for (uint32_t comp = 0; comp < 3; ++comp) {
        v[e][comp] = segment_value(t, r, comp, h.q[i][f][comp]);
      }
    }
    SoaTransform& block = out[t.joint / 4];
    const int lane = t.joint % 4;
    if (t.kind != TrackKind::kRotation) {
      float* rows[3] = {block.tx, block.ty, block.tz};
      if (t.kind == TrackKind::kScale) {
        rows[0] = block.sx;
        rows[1] = block.sy;
        rows[2] = block.sz;
      }
      for (int comp = 0; comp < 3; ++comp) {
        rows[comp][lane] = v[0][comp] + (v[1][comp] - v[0][comp]) * alpha;
      }
      continue;
    }
    float qa[4], qb[4];
    segment_rotation(v[0], t.dropped, qa);
    segment_rotation(v[1], t.dropped, qb);
    const glm::quat q = fitted_nlerp(glm::quat(qa[3], qa[0], qa[1], qa[2]),
                                     glm::quat(qb[3], qb[0], qb[1], qb[2]), alpha);
    block.rx[lane] = q.x;
    block.ry[lane] = q.y;
    block.rz[lane] = q.z;
    block.rw[lane] = q.w;
  }
  return out;
}

SoaPose Sample(const CompressedClip& clip, const SoaPose& rest, float time,
               CompressedCursor* cursor = nullptr) {
  CompressedCursor fresh(clip);
  SoaPose out = make_soa_pose(clip.joint_count);
  CompressedSamplingJob job{&clip, rest, time, cursor != nullptr ? cursor : &fresh, out};
  EXPECT_TRUE(job.run());
  return out;
}

// Rows 3 to 6 are the rotation's; `rotation_tolerance` there, exact elsewhere.
::testing::AssertionResult SamePose(const SoaPose& a, const SoaPose& b,
                                    float rotation_tolerance = 0.0f) {
  if (a.size() != b.size()) return ::testing::AssertionFailure() << "block counts differ";
  for (std::size_t i = 0; i < a.size(); ++i) {
    const float* fa = &a[i].tx[0];
    const float* fb = &b[i].tx[0];
    for (std::size_t f = 0; f < 40; ++f) {
      const bool rotation = f >= 12 && f < 28;
      const bool same = rotation ? std::fabs(fa[f] - fb[f]) <= rotation_tolerance : fa[f] == fb[f];
      if (!same) {
        return ::testing::AssertionFailure() << "joint " << 4 * i + f % 4 << " row " << f / 4
                                             << ": " << fa[f] << " vs " << fb[f];
      }
    }
  }
  return ::testing::AssertionSuccess();
}

// A rest pose with every value distinct, so that a track written to the wrong joint shows.
SoaPose Rest(uint32_t joints) {
  std::vector<Transform> rest;
  for (uint32_t j = 0; j < joints; ++j) {
    const float f = static_cast<float>(j + 1);
    Transform t;
    t.translation = glm::vec3(f, 2 * f, -3 * f);
    t.rotation = glm::normalize(glm::quat(1.0f, 0.01f * f, 0.0f, -0.02f * f));
    t.scale = glm::vec3(1 + 0.1f * f, 1 + 0.2f * f, 1 + 0.3f * f);
    rest.push_back(t);
  }
  SoaPose soa(soa_block_count(joints));
  to_soa(rest, soa);
  return soa;
}

// How far the four-wide fitted nlerp may be from the scalar one: its parameter's cubic is
// evaluated in another order and its length's inverse square root has no exact-1 shortcut, a few
// float roundings on components at most 1 (measured: 2.4e-7, two units in the last place near 1).
constexpr float kRotationRounding = 5e-7f;

// Rotations on joints 0..3 (one SoA block in order, w rebuilt), 5, 6, 9 (scattered, other
// components rebuilt), 12..15 but not in order, translations on 0, 6 and 13, a scale on 9: 11
// rotations (not a multiple of four), 4 others.
std::vector<TrackSpec> Mixed() {
  const TrackKind R = TrackKind::kRotation, T = TrackKind::kTranslation, S = TrackKind::kScale;
  return {{0, T, 3},  {0, R, 3},  {1, R, 3},  {2, R, 3},  {3, R, 3},  {5, R, 0},
          {6, R, 1},  {6, T, 3},  {9, R, 2},  {9, S, 3},  {13, R, 3}, {12, R, 1},
          {13, T, 3}, {15, R, 0}, {14, R, 3}};
}

class SegmentCursorTest : public ::testing::Test {
 protected:
  HandClip a_ = MakeClip("a", 17, Mixed(), 95, 16, 1u);
  HandClip b_ = MakeClip("b", 17,
                         {{2, TrackKind::kRotation, 2},
                          {7, TrackKind::kRotation, 3},
                          {16, TrackKind::kTranslation, 3},
                          {11, TrackKind::kRotation, 3},
                          {4, TrackKind::kScale, 3}},
                         40, 7, 2u);
  SoaPose rest_ = Rest(17);

  void Check(const HandClip& h, float t, CompressedCursor& cursor) {
    const SoaPose got = Sample(h.clip, rest_, t, &cursor);
    EXPECT_TRUE(SamePose(got, Sample(h.clip, rest_, t))) << h.clip.name << " at " << t << " s";
    EXPECT_TRUE(SamePose(got, Reference(h, rest_, t), kRotationRounding))
        << h.clip.name << " at " << t << " s";
  }
};

TEST_F(SegmentCursorTest, HandClipsValidate) {
  for (const HandClip* h : {&a_, &b_}) {
    const Status s = h->clip.validate(17);
    EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().to_string());
  }
}

TEST_F(SegmentCursorTest, InSequenceBackwardsAndAcrossSegmentsMatchesAFreshCursor) {
  CompressedCursor cursor(a_.clip);
  // Forward at 60 Hz over the 30 Hz frames (on frames, between them, across every segment end).
  for (float t = -0.05f; t < a_.clip.duration + 0.1f; t += 1.0f / 60.0f) Check(a_, t, cursor);
  // Forward by a third of a frame, and backward by 0.4 of one.
  for (float t = 0.0f; t < a_.clip.duration; t += 1.0f / 90.0f) Check(a_, t, cursor);
  for (float t = a_.clip.duration + 0.05f; t > -0.05f; t -= 0.4f / 30.0f) Check(a_, t, cursor);
  // Exactly on each frame, and just before and after each segment's first frame.
  for (uint32_t f = 0; f < a_.clip.frame_count; ++f) {
    Check(a_, static_cast<float>(f) / 30.0f, cursor);
  }
  for (uint32_t f = 16; f < a_.clip.frame_count; f += 16) {
    for (float d : {-0.5f, -0.01f, 0.0f, 0.01f}) {
      Check(a_, (static_cast<float>(f) + d) / 30.0f, cursor);
    }
  }
}

TEST_F(SegmentCursorTest, JumpsAndAnotherClipMatchAFreshCursor) {
  CompressedCursor cursor(a_.clip);
  cursor.reserve(b_.clip);
  std::mt19937 random(9u);
  std::uniform_real_distribution<float> time(-0.5f, a_.clip.duration + 0.5f);
  for (int i = 0; i < 200; ++i) Check(a_, time(random), cursor);
  // Another clip (other tracks, segments of 7) at the segment number the cursor holds for the
  // first (0, then 1), so that only following the clip tells the cached segment is not its.
  Check(a_, 0.1f, cursor);
  Check(b_, 0.1f, cursor);
  Check(a_, 0.1f, cursor);
  Check(a_, 0.6f, cursor);
  Check(b_, 0.3f, cursor);
  // The second clip played through, then back to the first at the segment it had cached, then
  // to the second's.
  Check(a_, 0.6f, cursor);
  for (float t = 0.0f; t < b_.clip.duration + 0.1f; t += 1.0f / 45.0f) Check(b_, t, cursor);
  Check(a_, 0.6f, cursor);
  Check(b_, b_.clip.duration, cursor);
  Check(a_, 0.61f, cursor);
  for (float t = b_.clip.duration; t > 0.0f; t -= 1.0f / 20.0f) Check(b_, t, cursor);
}

TEST_F(SegmentCursorTest, ACursorTooSmallIsRefused) {
  CompressedCursor small(b_.clip);  // 5 segmented tracks, a_ has 15.
  EXPECT_TRUE(small.fits(b_.clip));
  EXPECT_FALSE(small.fits(a_.clip));
  SoaPose out = make_soa_pose(17);
  std::fill(out.begin(), out.end(), rest_[1]);
  const SoaPose before = out;
  CompressedSamplingJob job{&a_.clip, rest_, 0.5f, &small, out};
  EXPECT_FALSE(job.validate());
  EXPECT_FALSE(job.run());
  EXPECT_TRUE(SamePose(out, before));  // Nothing written.
  // A cursor made for a clip without segmented tracks fits none that has them.
  CompressedClip plain = b_.clip;
  plain.segmented.clear();
  plain.segment_ranges.clear();
  plain.segment_bits.clear();
  plain.frame_count = 0;
  plain.segment_samples = 0;
  CompressedCursor none(plain);
  EXPECT_FALSE(none.fits(b_.clip));
  job.clip = &b_.clip;
  job.cursor = &none;
  EXPECT_FALSE(job.validate());
  // Reserved for the larger, it fits both.
  small.reserve(a_.clip);
  EXPECT_TRUE(small.fits(a_.clip));
  EXPECT_GE(small.byte_size(), 15u * 36u);
}

TEST_F(SegmentCursorTest, FiveRotationsAndATranslationByHand) {
  // Joint 0: a translation whose frame 0 stores x = 3 of 2 bits in [1, 3] (x = 3), y at 0 bits
  // (the middle of [0, 255/255 * 4], 2) and z = 2^24 - 1 of 24 bits in [-1, -1 + 0.5] (-0.5);
  // frame 1 stores 0, 0, 0 (1, 2, -1). Joints 1..5 turn about z: w rebuilt, x = y = 0 stored at
  // 0 bits in a range centred on 0, z = 0 of 8 bits in [0, 0.5] at frame 0 and 255 at frame 1
  // (0.5 ~ 60 degrees).
  CompressedClip c;
  c.name = "hand";
  c.joint_count = 6;
  c.ticks_per_second = 30.0f;
  c.duration = 1.0f / 30.0f;
  c.frame_count = 2;
  c.segment_samples = 1;  // Frames 0 and 1 in two segments: the cursor moves between them.
  SegmentedTrack move;
  move.joint = 0;
  move.min[0] = 1.0f;
  move.extent[0] = 2.0f;
  move.min[1] = 0.0f;
  move.extent[1] = 4.0f;
  move.min[2] = -1.0f;
  move.extent[2] = 0.5f;
  c.segmented.push_back(move);
  for (uint16_t j = 1; j <= 5; ++j) {
    SegmentedTrack turn;
    turn.joint = j;
    turn.kind = TrackKind::kRotation;
    turn.min[0] = turn.min[1] = -0.5f;
    turn.extent[0] = turn.extent[1] = 1.0f;
    turn.min[2] = 0.0f;
    turn.extent[2] = 0.5f;
    c.segmented.push_back(turn);
  }
  testutil::BitStream bits;
  for (uint32_t s = 0; s < 2; ++s) {
    c.segment_bits.push_back(static_cast<uint32_t>(bits.position()));
    SegmentRange r;
    r.extent[0] = r.extent[1] = r.extent[2] = 255;
    r.set_widths(2, 0, 24);
    c.segment_ranges.push_back(r);
    bits.Put(s == 0 ? 3 : 0, 2);
    bits.Put(s == 0 ? (1u << 24) - 1u : 0, 24);
    for (int j = 1; j <= 5; ++j) {
      SegmentRange turn;
      turn.extent[0] = turn.extent[1] = turn.extent[2] = 255;
      turn.set_widths(0, 0, 8);
      c.segment_ranges.push_back(turn);
      bits.Put(s == 0 ? 0 : 255, 8);
    }
  }
  c.bits = bits.Padded();
  ASSERT_TRUE(c.validate(6).ok());
  const SoaPose rest = Rest(6);
  CompressedCursor cursor(c);
  const float tolerance = 2e-6f;
  for (float alpha : {0.0f, 0.25f, 1.0f, 0.5f}) {
    SCOPED_TRACE(alpha);
    const SoaPose pose = Sample(c, rest, alpha / 30.0f, &cursor);
    EXPECT_NEAR(pose[0].tx[0], 3.0f + (1.0f - 3.0f) * alpha, tolerance);
    EXPECT_NEAR(pose[0].ty[0], 2.0f, tolerance);
    EXPECT_NEAR(pose[0].tz[0], -0.5f + (-1.0f + 0.5f) * alpha, tolerance);
    // From angle 0 to 2 asin(0.5) = 60 degrees about z; fitted nlerp is within 4.2e-5 rad of
    // slerp at 60 degrees.
    const float half = 0.5f * alpha * 3.14159265f / 3.0f;
    for (int j = 1; j <= 5; ++j) {
      const SoaTransform& b = pose[j / 4];
      const int l = j % 4;
      EXPECT_NEAR(b.rx[l], 0.0f, tolerance) << j;
      EXPECT_NEAR(b.ry[l], 0.0f, tolerance) << j;
      EXPECT_NEAR(b.rz[l], std::sin(half), 3e-5f) << j;
      EXPECT_NEAR(b.rw[l], std::cos(half), 3e-5f) << j;
    }
    EXPECT_TRUE(SamePose(pose, Sample(c, rest, alpha / 30.0f)));
  }
}

}  // namespace
}  // namespace anim
