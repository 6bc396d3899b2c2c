#include "anim/height_field.h"

#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "support/maths.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

// 3 x 3 samples from (1, 2), half a metre apart; rows run along z.
const std::vector<float> kHeights = {0.0f, 1.0f, 2.0f,   // z = 2
                                     0.5f, 1.5f, 4.0f,   // z = 2.5
                                     1.0f, 2.0f, 3.0f};  // z = 3
HeightField Field(const std::vector<float>& heights) {
  HeightField f;
  f.origin_x = 1.0f;
  f.origin_z = 2.0f;
  f.cell_size = 0.5f;
  f.columns = 3;
  f.rows = 3;
  f.heights = heights;
  return f;
}

TEST(HeightFieldTest, SamplesAreBilinearWithTheNormalOfThePatch) {
  const HeightField f = Field(kHeights);
  float h = 0.0f;
  glm::vec3 n;
  // Cell (0, 0) at fx = 0.5, fz = 0.2: corners 0, 1 (z = 2) and 0.5, 1.5 (z = 2.5).
  // h = 0.5 * 0.8 + 1.0 * 0.2 = 0.6; dh/dx = (1 * 0.8 + 1 * 0.2) / 0.5 = 2;
  // dh/dz = (0.5 * 0.5 + 0.5 * 0.5) / 0.5 = 1; normal (-2, 1, -1) / sqrt(6).
  ASSERT_TRUE(f.sample(1.25f, 2.1f, &h, &n));
  EXPECT_NEAR(h, 0.6f, 1e-6f);
  EXPECT_TRUE(Vec3Near(n, glm::vec3(-2, 1, -1) / std::sqrt(6.0f), 1e-6f));
  // Cell (1, 0) at fx = 0.8, fz = 0.8: corners 1, 2 and 1.5, 4. h = 1.8 * 0.2 + 3.5 * 0.8 = 3.16;
  // dh/dx = (1 * 0.2 + 2.5 * 0.8) / 0.5 = 4.4; dh/dz = (0.5 * 0.2 + 2 * 0.8) / 0.5 = 3.4.
  ASSERT_TRUE(f.sample(1.9f, 2.4f, &h, &n));
  EXPECT_NEAR(h, 3.16f, 1e-5f);
  EXPECT_TRUE(Vec3Near(n, glm::normalize(glm::vec3(-4.4f, 1, -3.4f)), 1e-5f));
  // The far corner is a sample of the last cell.
  ASSERT_TRUE(f.sample(2.0f, 3.0f, &h, &n));
  EXPECT_EQ(h, 3.0f);
  // Outside the grid there is no ground.
  EXPECT_FALSE(f.sample(0.99f, 2.5f, &h, &n));
  EXPECT_FALSE(f.sample(1.5f, 3.01f, &h, &n));
  EXPECT_FALSE(f.sample(std::numeric_limits<float>::quiet_NaN(), 2.5f, &h, &n));
}

TEST(HeightFieldTest, AVerticalRayMeetsTheSampledHeight) {
  const HeightField f = Field(kHeights);
  GroundHit hit;
  ASSERT_TRUE(HeightField::cast(&f, glm::vec3(1.25f, 5.0f, 2.1f), glm::vec3(0, -1, 0), 10, &hit));
  EXPECT_TRUE(Vec3Near(hit.point, glm::vec3(1.25f, 0.6f, 2.1f), 1e-6f));
  EXPECT_TRUE(Vec3Near(hit.normal, glm::vec3(-2, 1, -1) / std::sqrt(6.0f), 1e-6f));
  // The ground is 4.4 below: a ray of 4 stops short, one starting under the ground misses.
  EXPECT_FALSE(HeightField::cast(&f, glm::vec3(1.25f, 5.0f, 2.1f), glm::vec3(0, -1, 0), 4, &hit));
  EXPECT_FALSE(HeightField::cast(&f, glm::vec3(1.25f, 0.5f, 2.1f), glm::vec3(0, -1, 0), 4, &hit));
  // The query the feet use is the same cast.
  const GroundQuery q = f.query();
  ASSERT_TRUE(q.cast(q.user, glm::vec3(1.25f, 5.0f, 2.1f), glm::vec3(0, -1, 0), 10, &hit));
  EXPECT_NEAR(hit.point.y, 0.6f, 1e-6f);
}

TEST(HeightFieldTest, ASlantedRayMeetsAPlaneWhereWorkedOutByHand) {
  // Samples of the plane y = 1 + 0.2x - 0.1z on 5 x 5 points a metre apart from the origin: the
  // bilinear blend of a plane is the plane.
  std::vector<float> heights;
  for (int z = 0; z < 5; ++z) {
    for (int x = 0; x < 5; ++x) heights.push_back(1.0f + 0.2f * x - 0.1f * z);
  }
  HeightField f;
  f.columns = 5;
  f.rows = 5;
  f.heights = heights;
  // From (1, 5, 1) along (1, -2, 0.5) s: 5 - 2s = 1 + 0.2(1 + s) - 0.1(1 + 0.5s), s = 3.9 / 2.15.
  const glm::vec3 d(1, -2, 0.5f);
  const float s = 3.9f / 2.15f;
  GroundHit hit;
  ASSERT_TRUE(HeightField::cast(&f, glm::vec3(1, 5, 1), glm::normalize(d), 10, &hit));
  EXPECT_TRUE(Vec3Near(hit.point, glm::vec3(1 + s, 5 - 2 * s, 1 + 0.5f * s), 1e-4f));
  EXPECT_TRUE(Vec3Near(hit.normal, glm::normalize(glm::vec3(-0.2f, 1, 0.1f)), 1e-5f));
  EXPECT_FALSE(HeightField::cast(&f, glm::vec3(1, 5, 1), glm::normalize(d), 3, &hit));
}

TEST(HeightFieldTest, NonFiniteHeightsAndBadFieldsGiveNoGround) {
  std::vector<float> heights = kHeights;
  heights[4] = std::numeric_limits<float>::quiet_NaN();  // The middle sample: all four cells.
  HeightField f = Field(heights);
  float h = 0.0f;
  glm::vec3 n;
  GroundHit hit;
  EXPECT_FALSE(f.sample(1.25f, 2.1f, &h, &n));
  EXPECT_FALSE(HeightField::cast(&f, glm::vec3(1.25f, 5, 2.1f), glm::vec3(0, -1, 0), 10, &hit));
  heights[4] = std::numeric_limits<float>::infinity();
  EXPECT_FALSE(f.sample(1.9f, 2.9f, &h, &n));
  heights = kHeights;
  heights[0] = 3e38f;  // Finite, but the slope across the cell overflows.
  EXPECT_FALSE(f.sample(1.25f, 2.1f, &h, &n));
  EXPECT_TRUE(f.sample(1.75f, 2.75f, &h, &n));  // A cell without it is fine.
  f.columns = 2;                                // Sizes no longer agree.
  EXPECT_FALSE(f.validate());
  EXPECT_FALSE(HeightField::cast(&f, glm::vec3(1.25f, 5, 2.1f), glm::vec3(0, -1, 0), 10, &hit));
  f = Field(kHeights);
  f.cell_size = 0.0f;
  EXPECT_FALSE(f.validate());
  EXPECT_FALSE(HeightField::cast(nullptr, glm::vec3(0), glm::vec3(0, -1, 0), 10, &hit));
}

}  // namespace
}  // namespace anim
