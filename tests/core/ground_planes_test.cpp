#include "anim/ground_planes.h"

#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "support/maths.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();
const glm::vec3 kDown(0, -1, 0);

GroundPlane Plane(glm::vec3 normal, float d) {
  GroundPlane p;
  p.normal = normal;
  p.d = d;
  return p;
}

// A floor at y = 0 and a step 0.2 high over x >= 0.5.
std::vector<GroundPlane> Step() {
  GroundPlane raised = Plane({0, 1, 0}, 0.2f);
  raised.min_x = 0.5f;
  return {Plane({0, 1, 0}, 0.0f), raised};
}

TEST(GroundPlanesTest, ATiltedPlaneIsMetWhereTheRayCrossesIt) {
  // Normal (-1, 1, 0) (not unit), d = 0.5 / sqrt(2): (y - x) / sqrt(2) = d, so y = x + 0.5.
  const std::vector<GroundPlane> list = {Plane({-1, 1, 0}, 0.5f / std::sqrt(2.0f))};
  const GroundPlanes planes{list};
  ASSERT_TRUE(planes.validate());
  GroundHit hit;
  // Straight down from (1, 4, 0): y = 1.5 after 2.5.
  ASSERT_TRUE(GroundPlanes::cast(&planes, {1, 4, 0}, kDown, 10, &hit));
  EXPECT_TRUE(Vec3Near(hit.point, glm::vec3(1, 1.5f, 0), 1e-5f));
  EXPECT_TRUE(Vec3Near(hit.normal, glm::vec3(-1, 1, 0) / std::sqrt(2.0f), 1e-6f));
  // Along +x from (0, 2, 3): y = x + 0.5 at x = 1.5.
  ASSERT_TRUE(GroundPlanes::cast(&planes, {0, 2, 3}, {1, 0, 0}, 10, &hit));
  EXPECT_TRUE(Vec3Near(hit.point, glm::vec3(1.5f, 2, 3), 1e-5f));
  // Along -x from the same point the plane is behind the ray: no ground.
  EXPECT_FALSE(GroundPlanes::cast(&planes, {0, 2, 3}, {-1, 0, 0}, 10, &hit));
}

TEST(GroundPlanesTest, AStepIsMetOnEachSideOfItsEdge) {
  const std::vector<GroundPlane> list = Step();
  const GroundPlanes planes{list};
  ASSERT_TRUE(planes.validate());
  GroundHit hit;
  ASSERT_TRUE(GroundPlanes::cast(&planes, {0.4f, 1, 0}, kDown, 10, &hit));
  EXPECT_TRUE(Vec3Near(hit.point, glm::vec3(0.4f, 0, 0), 1e-6f));
  ASSERT_TRUE(GroundPlanes::cast(&planes, {0.6f, 1, -2}, kDown, 10, &hit));
  EXPECT_TRUE(Vec3Near(hit.point, glm::vec3(0.6f, 0.2f, -2), 1e-6f));
  EXPECT_TRUE(Vec3Near(hit.normal, glm::vec3(0, 1, 0), 0.0f));
  // The edge itself belongs to the step.
  ASSERT_TRUE(GroundPlanes::cast(&planes, {0.5f, 1, 0}, kDown, 10, &hit));
  EXPECT_NEAR(hit.point.y, 0.2f, 1e-6f);
  // The nearest plane wins whatever the order of the list.
  const std::vector<GroundPlane> reversed = {list[1], list[0]};
  const GroundPlanes other{reversed};
  ASSERT_TRUE(GroundPlanes::cast(&other, {0.6f, 1, 0}, kDown, 10, &hit));
  EXPECT_NEAR(hit.point.y, 0.2f, 1e-6f);
  ASSERT_TRUE(GroundPlanes::cast(&other, {0.4f, 1, 0}, kDown, 10, &hit));
  EXPECT_EQ(hit.point.y, 0.0f);
}

TEST(GroundPlanesTest, OutsideItsRegionAPlaneHasNoGround) {
  GroundPlane tile = Plane({0, 1, 0}, 0.0f);
  tile.min_x = -1;
  tile.max_x = 1;
  tile.min_z = 2;
  tile.max_z = 3;
  const std::vector<GroundPlane> list = {tile};
  const GroundPlanes planes{list};
  GroundHit hit;
  hit.point = {7, 7, 7};
  EXPECT_FALSE(GroundPlanes::cast(&planes, {1.01f, 1, 2.5f}, kDown, 10, &hit));
  EXPECT_FALSE(GroundPlanes::cast(&planes, {0, 1, 1.99f}, kDown, 10, &hit));
  EXPECT_FALSE(GroundPlanes::cast(&planes, {0, 1, 3.01f}, kDown, 10, &hit));
  EXPECT_EQ(hit.point, glm::vec3(7, 7, 7));  // A miss leaves the hit alone.
  EXPECT_TRUE(GroundPlanes::cast(&planes, {1, 1, 3}, kDown, 10, &hit));
  // A slanted ray from above the tile whose hit point falls outside it misses: from (0, 1, 2.5)
  // along (0.6, -0.8, 0) the floor is met at x = 0.75 (inside); along (0.8, -0.6, 0) at x = 4/3.
  EXPECT_TRUE(GroundPlanes::cast(&planes, {0, 1, 2.5f}, {0.6f, -0.8f, 0}, 10, &hit));
  EXPECT_TRUE(Vec3Near(hit.point, glm::vec3(0.75f, 0, 2.5f), 1e-6f));
  EXPECT_FALSE(GroundPlanes::cast(&planes, {0, 1, 2.5f}, {0.8f, -0.6f, 0}, 10, &hit));
}

TEST(GroundPlanesTest, ARayParallelToAPlaneMissesIt) {
  std::vector<GroundPlane> list = {Plane({0, 1, 0}, 0.0f)};
  GroundHit hit;
  {
    const GroundPlanes planes{list};
    EXPECT_FALSE(GroundPlanes::cast(&planes, {0, 1, 0}, {1, 0, 0}, 100, &hit));
    EXPECT_FALSE(GroundPlanes::cast(&planes, {0, 0, 0}, {0, 0, 1}, 100, &hit));  // In the plane.
  }
  // A wall at x = 3 (normal -x, so d = -3) stops the same ray.
  list.push_back(Plane({-1, 0, 0}, -3.0f));
  const GroundPlanes planes{list};
  ASSERT_TRUE(GroundPlanes::cast(&planes, {0, 1, 0}, {1, 0, 0}, 100, &hit));
  EXPECT_TRUE(Vec3Near(hit.point, glm::vec3(3, 1, 0), 1e-6f));
  EXPECT_TRUE(Vec3Near(hit.normal, glm::vec3(-1, 0, 0), 0.0f));
}

TEST(GroundPlanesTest, GroundBeyondTheMaximumDistanceIsNotMet) {
  const std::vector<GroundPlane> list = Step();
  const GroundPlanes planes{list};
  GroundHit hit;
  EXPECT_FALSE(GroundPlanes::cast(&planes, {0, 1, 0}, kDown, 0.99f, &hit));
  EXPECT_TRUE(GroundPlanes::cast(&planes, {0, 1, 0}, kDown, 1.0f, &hit));
  // Over the step the raised plane is 0.8 away: met within 0.8, the floor never.
  EXPECT_TRUE(GroundPlanes::cast(&planes, {0.6f, 1, 0}, kDown, 0.8f, &hit));
  EXPECT_NEAR(hit.point.y, 0.2f, 1e-6f);
  EXPECT_FALSE(GroundPlanes::cast(&planes, {0.6f, 1, 0}, kDown, 0.79f, &hit));
  EXPECT_FALSE(GroundPlanes::cast(&planes, {0, 1, 0}, kDown, -1.0f, &hit));
}

TEST(GroundPlanesTest, NonFiniteInputsAndPlanesAreRefused) {
  const std::vector<GroundPlane> list = Step();
  const GroundPlanes planes{list};
  GroundHit hit;
  EXPECT_FALSE(GroundPlanes::cast(&planes, {kNaN, 1, 0}, kDown, 10, &hit));
  EXPECT_FALSE(GroundPlanes::cast(&planes, {0, 1, 0}, {0, kNaN, 0}, 10, &hit));
  EXPECT_FALSE(GroundPlanes::cast(&planes, {0, 1, 0}, kDown, kNaN, &hit));
  EXPECT_FALSE(GroundPlanes::cast(&planes, {0, 1, 0}, kDown, kInf, &hit));
  EXPECT_FALSE(GroundPlanes::cast(&planes, {0, kInf, 0}, kDown, 10, &hit));
  EXPECT_FALSE(GroundPlanes::cast(nullptr, {0, 1, 0}, kDown, 10, &hit));
  EXPECT_FALSE(GroundPlanes::cast(&planes, {0, 1, 0}, kDown, 10, nullptr));

  const auto refused = [](GroundPlane plane) {
    const std::vector<GroundPlane> one = {Plane({0, 1, 0}, 0.0f), plane};
    const GroundPlanes bad{one};
    GroundHit h;
    return !bad.validate() && !GroundPlanes::cast(&bad, {0, 1, 0}, kDown, 10, &h);
  };
  EXPECT_TRUE(refused(Plane({0, 0, 0}, 0.0f)));
  EXPECT_TRUE(refused(Plane({0, kNaN, 0}, 0.0f)));
  EXPECT_TRUE(refused(Plane({0, kInf, 0}, 0.0f)));
  EXPECT_TRUE(refused(Plane({0, 1, 0}, kNaN)));
  GroundPlane nan_bound = Plane({0, 1, 0}, 0.0f);
  nan_bound.max_z = kNaN;
  EXPECT_TRUE(refused(nan_bound));
  GroundPlane inverted = Plane({0, 1, 0}, 0.0f);
  inverted.min_x = 1;
  inverted.max_x = 0;
  EXPECT_TRUE(refused(inverted));
  // Infinite bounds are the default, and an empty list has no ground.
  EXPECT_TRUE(planes.validate());
  const GroundPlanes none{};
  EXPECT_TRUE(none.validate());
  EXPECT_FALSE(GroundPlanes::cast(&none, {0, 1, 0}, kDown, 10, &hit));
}

TEST(GroundPlanesTest, TheQueryCastsAgainstThesePlanes) {
  const std::vector<GroundPlane> list = Step();
  const GroundPlanes planes{list};
  const GroundQuery query = planes.query();
  ASSERT_NE(query.cast, nullptr);
  EXPECT_EQ(query.user, &planes);
  GroundHit hit;
  ASSERT_TRUE(query.cast(query.user, {2, 5, 1}, kDown, 10, &hit));
  EXPECT_TRUE(Vec3Near(hit.point, glm::vec3(2, 0.2f, 1), 1e-6f));
}

}  // namespace
}  // namespace anim
