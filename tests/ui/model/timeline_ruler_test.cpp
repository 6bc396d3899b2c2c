// The Timeline ruler's ticks and labels (timeline_ruler.h): one unit, frame numbers, whatever the
// clip's rate, checked against labels worked out by hand.
#include "anim/ui/model/timeline_ruler.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace anim::ui {
namespace {

std::vector<std::string> labels(const std::vector<RulerTick>& ticks) {
  std::vector<std::string> out;
  for (const RulerTick& t : ticks) {
    if (!t.label.empty()) out.push_back(t.label);
  }
  return out;
}

// A 30 Hz clip of 2 s at 10 px a frame, labels at least 50 px apart: a label every 5 frames
// (5 x 10 = 50 px), a tick every frame (1 x 10 >= 6 px). Frame 30 is one second in and reads
// "30", not "1s" (the ruler once read "20, 25, 1s, 35").
TEST(TimelineRuler, A30HzClipIsLabelledInFramesOnly) {
  const std::vector<RulerTick> ticks = ruler_ticks(30.0f, 0.0f, 2.0f, 2.0f, 10.0f, 50.0f);
  ASSERT_EQ(ticks.size(), 61u);  // Frames 0..60.
  EXPECT_EQ(labels(ticks), (std::vector<std::string>{"0", "5", "10", "15", "20", "25", "30", "35",
                                                     "40", "45", "50", "55", "60"}));
  // Whole seconds keep their taller tick: frames 0, 30 and 60.
  std::vector<long> seconds;
  for (const RulerTick& t : ticks) {
    if (t.second) seconds.push_back(t.frame);
  }
  EXPECT_EQ(seconds, (std::vector<long>{0, 30, 60}));
}

// A 120 Hz clip of 10 s at 0.2 px a frame, labels at least 50 px apart: 150 frames are 30 px,
// 300 are 60 px, so a label every 300 frames; a tick every 30 frames (15 x 0.2 = 3 px is too
// close, 30 x 0.2 = 6 px is not). It once read "300, 5s, 900".
TEST(TimelineRuler, A120HzClipIsLabelledInFramesOnly) {
  const std::vector<RulerTick> ticks = ruler_ticks(120.0f, 0.0f, 10.0f, 10.0f, 0.2f, 50.0f);
  EXPECT_EQ(labels(ticks), (std::vector<std::string>{"0", "300", "600", "900", "1200"}));
  ASSERT_EQ(ticks.size(), 41u);  // Frames 0, 30, ..., 1200.
  EXPECT_EQ(ticks[1].frame, 30);
  EXPECT_FALSE(ticks[1].second);
  EXPECT_TRUE(ticks[4].second);  // Frame 120: one second.
}

// A view scrolled into the clip starts at the step before its left edge and stops at the clip's
// last frame, whatever lies beyond.
TEST(TimelineRuler, TicksCoverTheViewUpToTheClipsEnd) {
  // 30 Hz, 1 s clip, view 0.5..3 s at 10 px a frame: frames 15..30.
  const std::vector<RulerTick> ticks = ruler_ticks(30.0f, 0.5f, 3.0f, 1.0f, 10.0f, 50.0f);
  ASSERT_FALSE(ticks.empty());
  EXPECT_EQ(ticks.front().frame, 15);
  EXPECT_EQ(ticks.back().frame, 30);
  EXPECT_EQ(labels(ticks), (std::vector<std::string>{"15", "20", "25", "30"}));
}

TEST(TimelineRuler, NoTicksForARateOrScaleThatIsNotPositive) {
  EXPECT_TRUE(ruler_ticks(0.0f, 0.0f, 1.0f, 1.0f, 10.0f, 50.0f).empty());
  EXPECT_TRUE(ruler_ticks(30.0f, 0.0f, 1.0f, 1.0f, 0.0f, 50.0f).empty());
  EXPECT_TRUE(ruler_ticks(30.0f, 0.0f, 1.0f, 1.0f, -1.0f, 50.0f).empty());
}

TEST(TimelineRuler, StepIsTheSmallestNiceStepWideEnough) {
  EXPECT_EQ(ruler_step(10.0f, 6.0f), 1);
  EXPECT_EQ(ruler_step(2.0f, 6.0f), 5);     // 2 x 2 = 4 < 6 <= 5 x 2.
  EXPECT_EQ(ruler_step(0.1f, 50.0f), 600);  // 300 x 0.1 = 30 < 50 <= 600 x 0.1.
}

}  // namespace
}  // namespace anim::ui
