// CycleTime: whole cycles and a fraction, against exact rational arithmetic on quarters.
#include "anim/cycle_time.h"

#include <gtest/gtest.h>

#include <cmath>

namespace anim {
namespace {

TEST(CycleTime, FromSplitsWholeAndFraction) {
  for (float t : {0.0f, 0.25f, 1.0f, 2.75f, -0.25f, -1.0f, -3.5f, 1e9f}) {
    const CycleTime c = CycleTime::from(t);
    EXPECT_EQ(c.cycles, static_cast<int64_t>(std::floor(static_cast<double>(t)))) << t;
    EXPECT_EQ(c.fraction, static_cast<float>(t - std::floor(static_cast<double>(t)))) << t;
    EXPECT_GE(c.fraction, 0.0f);
    EXPECT_LT(c.fraction, 1.0f);
  }
}

TEST(CycleTime, AdvancingByQuartersIsExactForever) {
  // Quarters are exact in binary: after n steps the time is n/4, split exactly.
  CycleTime c;
  for (int64_t n = 1; n <= 400000; ++n) {
    c.advance(0.25f);
    ASSERT_EQ(c.cycles, n / 4) << n;
    ASSERT_EQ(c.fraction, static_cast<float>(n % 4) * 0.25f) << n;
  }
  c.advance(3.6e11f);  // A jump of whole cycles keeps the fraction.
  EXPECT_EQ(c.cycles, 100000 + static_cast<int64_t>(3.6e11f));
  EXPECT_EQ(c.fraction, 0.0f);
  c.advance(0.75f);
  EXPECT_EQ(c.fraction, 0.75f);
  EXPECT_DOUBLE_EQ(c.total(), static_cast<double>(c.cycles) + 0.75);
}

TEST(CycleTime, GoesBackwardsAndStaysInRange) {
  CycleTime c = CycleTime::from(1.25f);
  c.advance(-0.5f);
  EXPECT_EQ(c.cycles, 0);
  EXPECT_EQ(c.fraction, 0.75f);
  c.advance(-1.0f);
  EXPECT_EQ(c.cycles, -1);
  EXPECT_EQ(c.fraction, 0.75f);
  c = CycleTime{};
  c.advance(-1e-9f);  // Rounds to 1 in float: carried into the cycles.
  EXPECT_GE(c.fraction, 0.0f);
  EXPECT_LT(c.fraction, 1.0f);
  EXPECT_NEAR(c.total(), 0.0, 1e-6);
}

TEST(CycleTime, HugeAndNonFiniteDeltasAreSafe) {
  CycleTime c;
  c.advance(std::nanf(""));
  c.advance(INFINITY);
  EXPECT_EQ(c.cycles, 0);
  EXPECT_EQ(c.fraction, 0.0f);
  c.advance(1e30f);
  EXPECT_EQ(c.cycles, static_cast<int64_t>(1e15));
}

TEST(CycleTime, PassesCountsEveryCrossingOfThePoint) {
  // floor(t - 0.5) - floor(t0 - 0.5), written out.
  auto passes = [](float from, float to) {
    return CycleTime::from(to).passes_since(CycleTime::from(from), 0.5f);
  };
  EXPECT_EQ(passes(0.0f, 0.25f), 0);
  EXPECT_EQ(passes(0.25f, 0.5f), 1);  // Reaching the point counts.
  EXPECT_EQ(passes(0.5f, 0.75f), 0);
  EXPECT_EQ(passes(0.75f, 1.25f), 0);
  EXPECT_EQ(passes(0.75f, 1.5f), 1);
  EXPECT_EQ(passes(0.25f, 3.75f), 4);
  EXPECT_EQ(passes(1.75f, 0.25f), -2);  // Backwards.
}

}  // namespace
}  // namespace anim
