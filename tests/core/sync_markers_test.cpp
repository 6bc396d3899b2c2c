// Sync markers: a clip's place between its markers, and the time another clip is at that place,
// against places worked out by hand from the marker times.
#include "anim/sync_markers.h"

#include <vector>

#include <gtest/gtest.h>

namespace anim {
namespace {

constexpr int kL = 0, kR = 1, kX = 2;  // Marker names.

// A walk 1.2 s long, left foot down at 0.3 s, right at 0.9 s (clip 0); a run 0.8 s long, right
// foot at 0.1 s and left at 0.5 s (clip 1); clip 2 has none; clip 3 has one marker.
const std::vector<SyncMarkerDef> kAll = {
    {0, kL, 0.3f}, {0, kR, 0.9f}, {1, kR, 0.1f}, {1, kL, 0.5f}, {3, kX, 0.2f}};

Span<const SyncMarkerDef> clip(int c) { return markers_of(kAll, c); }

TEST(SyncMarkers, MarkersOfAClip) {
  EXPECT_EQ(clip(0).size(), 2u);
  EXPECT_EQ(clip(1).size(), 2u);
  EXPECT_EQ(clip(1)[0].time, 0.1f);
  EXPECT_TRUE(clip(2).empty());
  EXPECT_EQ(clip(3).size(), 1u);
  EXPECT_TRUE(clip(4).empty());
  EXPECT_TRUE(clip(-1).empty());
}

TEST(SyncMarkers, PositionBetweenMarkers) {
  // Walk at 0.6 s (phase 0.5): from L (0.3) toward R (0.9), half way.
  MarkerPosition p = marker_position(clip(0), 1.2f, 0.5f);
  EXPECT_EQ(p.previous, kL);
  EXPECT_EQ(p.next, kR);
  EXPECT_NEAR(p.fraction, 0.5f, 1e-6f);
  // Walk at 1.05 s: from R (0.9) toward L at 0.3 + 1.2 = 1.5 s: 0.15 of 0.6 s.
  p = marker_position(clip(0), 1.2f, 1.05f / 1.2f);
  EXPECT_EQ(p.previous, kR);
  EXPECT_EQ(p.next, kL);
  EXPECT_NEAR(p.fraction, 0.25f, 1e-6f);
  // Walk at 0.15 s, before its first marker: from R at 0.9 - 1.2 = -0.3 s, 0.45 of 0.6 s.
  p = marker_position(clip(0), 1.2f, 0.15f / 1.2f);
  EXPECT_EQ(p.previous, kR);
  EXPECT_EQ(p.next, kL);
  EXPECT_NEAR(p.fraction, 0.75f, 1e-6f);
  // On a marker: at its start.
  p = marker_position(clip(0), 1.2f, 0.25f);
  EXPECT_EQ(p.previous, kL);
  EXPECT_NEAR(p.fraction, 0.0f, 1e-6f);
  // One marker: the stretch is the whole cycle.
  p = marker_position(clip(3), 2.0f, 0.6f);
  EXPECT_EQ(p.previous, kX);
  EXPECT_EQ(p.next, kX);
  EXPECT_NEAR(p.fraction, 0.5f, 1e-6f);
  // No markers, no length, no number: no place.
  EXPECT_FALSE(marker_position(clip(2), 1.0f, 0.5f).valid());
  EXPECT_FALSE(marker_position(clip(0), 0.0f, 0.5f).valid());
  EXPECT_FALSE(marker_position(clip(0), 1.2f, std::nanf("")).valid());
}

TEST(SyncMarkers, PhaseAtAPlace) {
  // Half way from L to R: the run's L is at 0.5 s, its next R at 0.1 + 0.8 = 0.9 s: 0.7 s.
  const MarkerPosition half{kL, kR, 0.5f};
  EXPECT_NEAR(phase_at(clip(1), 0.8f, half, 0.0f), 0.7f / 0.8f, 1e-6f);
  // A quarter from R to L: run's R at 0.1 s, L at 0.5 s: 0.2 s.
  const MarkerPosition quarter{kR, kL, 0.25f};
  EXPECT_NEAR(phase_at(clip(1), 0.8f, quarter, 0.9f), 0.2f / 0.8f, 1e-6f);
  // Three quarters from L (0.5 s) to R (0.9 s... wrapping to 0.1 s of the next cycle): 0.8 s,
  // which is the clip's end, its start again.
  const MarkerPosition wraps{kL, kR, 0.75f};
  EXPECT_NEAR(phase_at(clip(1), 0.8f, wraps, 0.5f), 0.0f, 1e-6f);
  // Round trip: the run's place at the phase found is the place asked for.
  const MarkerPosition back = marker_position(clip(1), 0.8f, phase_at(clip(1), 0.8f, half, 0.0f));
  EXPECT_EQ(back.previous, kL);
  EXPECT_EQ(back.next, kR);
  EXPECT_NEAR(back.fraction, 0.5f, 1e-5f);
  // A stretch the clip does not have, no markers, an invalid place: negative.
  EXPECT_LT(phase_at(clip(1), 0.8f, MarkerPosition{kL, kL, 0.5f}, 0.0f), 0.0f);
  EXPECT_LT(phase_at(clip(2), 0.8f, half, 0.0f), 0.0f);
  EXPECT_LT(phase_at(clip(1), 0.8f, MarkerPosition{}, 0.0f), 0.0f);
}

TEST(SyncMarkers, NearestOfSeveralStretches) {
  // Four steps: L R L R at 0.1, 0.3, 0.5, 0.7 s of 0.8 s. Half way from L to R is at 0.2 s or
  // 0.6 s; the hint picks.
  const std::vector<SyncMarkerDef> steps = {
      {0, kL, 0.1f}, {0, kR, 0.3f}, {0, kL, 0.5f}, {0, kR, 0.7f}};
  const MarkerPosition half{kL, kR, 0.5f};
  EXPECT_NEAR(phase_at(steps, 0.8f, half, 0.2f), 0.25f, 1e-6f);
  EXPECT_NEAR(phase_at(steps, 0.8f, half, 0.8f), 0.75f, 1e-6f);
  // Around the cycle: 0.95 is 0.2 from 0.75 and 0.3 from 0.25.
  EXPECT_NEAR(phase_at(steps, 0.8f, half, 0.95f), 0.75f, 1e-6f);
  // 0.02 is 0.23 from 0.25 and 0.27 from 0.75 around the cycle.
  EXPECT_NEAR(phase_at(steps, 0.8f, half, 0.02f), 0.25f, 1e-6f);
}

}  // namespace
}  // namespace anim
