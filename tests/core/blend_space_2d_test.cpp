// Tests of the 2D blend space: the Delaunay triangulation, the weights (barycentric inside,
// projected onto the hull outside), the phase rate and the three-clip sampler. Expected values
// are worked out by hand for the locomotion layout, and checked against brute-force references
// written here (empty circumcircles, a gift-wrapped hull, the closest point on it, poses blended
// by hand from clips sampled one by one) for random point sets.
#include "anim/blend_space_2d.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <new>
#include <random>
#include <set>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/bake/clip_compression.h"
#include "anim/clip.h"
#include "anim/compressed_sampling.h"
#include "anim/sampling.h"
#include "anim/skeleton.h"
#include "anim/soa_pose.h"
#include "anim/span.h"
#include "anim/transform.h"
#include "support/maths.h"

// Counts heap allocations (aligned ones too) while g_counting is set, to check that the
// per-frame functions never allocate. Only this suite's executable gets these operators.
namespace {
std::atomic<bool> g_counting{false};
std::atomic<int> g_allocations{0};

void* CountedAllocation(std::size_t size, std::size_t alignment) {
  if (g_counting.load(std::memory_order_relaxed)) g_allocations.fetch_add(1);
  // aligned_alloc wants a size that is a multiple of the alignment.
  const std::size_t rounded =
      std::max<std::size_t>(alignment, (size + alignment - 1) / alignment * alignment);
  void* p = alignment <= alignof(std::max_align_t) ? std::malloc(rounded)
                                                   : std::aligned_alloc(alignment, rounded);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void* NoThrow(std::size_t size, std::size_t alignment) noexcept {
  try {
    return CountedAllocation(size, alignment);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}
}  // namespace

// Every form of operator new and delete is replaced, so that none pairs with a sanitizer's own.
void* operator new(std::size_t size) { return CountedAllocation(size, 1); }
void* operator new[](std::size_t size) { return CountedAllocation(size, 1); }
void* operator new(std::size_t size, std::align_val_t a) {
  return CountedAllocation(size, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t size, std::align_val_t a) {
  return CountedAllocation(size, static_cast<std::size_t>(a));
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return NoThrow(size, 1); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return NoThrow(size, 1); }
void* operator new(std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
  return NoThrow(size, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
  return NoThrow(size, static_cast<std::size_t>(a));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }

namespace anim {
namespace {

using namespace ::anim::testutil;
using Triangle = std::array<int, 3>;
using Edge = std::array<int, 2>;

constexpr float kTol = 1e-5f;
const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();
const glm::quat kIdentity(1.0f, 0.0f, 0.0f, 0.0f);

// The locomotion layout: idle in the centre, walk forward and back on y, strafe on x.
constexpr int kIdle = 0, kForward = 1, kBack = 2, kLeft = 3, kRight = 4;
const std::vector<Point2> kLocomotion = {{0, 0}, {0, 1}, {0, -1}, {-1, 0}, {1, 0}};

// A prepared space with points at `positions`; point i plays clip clips[i] (clip i when empty).
BlendSpace2DDef Space(const std::vector<Point2>& positions, std::vector<int> clips = {}) {
  BlendSpace2DDef space;
  space.name = "test";
  space.parameter_x = 0;
  space.parameter_y = 1;
  space.positions = positions;
  if (clips.empty()) {
    for (std::size_t i = 0; i < positions.size(); ++i) clips.push_back(static_cast<int>(i));
  }
  space.clips = clips;
  prepare_blend_space_2d(space);
  return space;
}

// The weight of every point at `value`, after checking the invariants of BlendSpace2DWeights:
// count in [1, 3], distinct points in range, each weight in (0, 1], their sum 1.
std::vector<float> PointWeights(const BlendSpace2DDef& space, Point2 value) {
  const BlendSpace2DWeights w = blend_space_2d_weights(space, value);
  std::vector<float> weights(space.positions.size(), 0.0f);
  const std::string at = "at (" + std::to_string(value.x) + ", " + std::to_string(value.y) + ")";
  EXPECT_GE(w.count, 1) << at;
  EXPECT_LE(w.count, 3) << at;
  float sum = 0.0f;
  for (int i = 0; i < w.count && i < 3; ++i) {
    const int p = w.points[i];
    EXPECT_GE(p, 0) << at;
    EXPECT_LT(p, static_cast<int>(weights.size())) << at;
    EXPECT_GT(w.weights[i], 0.0f) << at;
    EXPECT_LE(w.weights[i], 1.0f) << at;
    if (p < 0 || p >= static_cast<int>(weights.size())) continue;
    EXPECT_EQ(weights[p], 0.0f) << "point " << p << " twice " << at;
    weights[p] += w.weights[i];
    sum += w.weights[i];
  }
  EXPECT_NEAR(sum, 1.0f, kTol) << at;
  return weights;
}

::testing::AssertionResult WeightsNear(const std::vector<float>& actual,
                                       const std::vector<float>& expected) {
  bool same = actual.size() == expected.size();
  for (std::size_t i = 0; same && i < actual.size(); ++i) {
    same = std::fabs(actual[i] - expected[i]) <= kTol;
  }
  if (same) return ::testing::AssertionSuccess();
  ::testing::AssertionResult failure = ::testing::AssertionFailure();
  failure << "actual {";
  for (float w : actual) failure << " " << w;
  failure << " } vs expected {";
  for (float w : expected) failure << " " << w;
  return failure << " }";
}

// Sum of w_i p_i: the point of the plane the weights stand for.
Point2 Blended(const std::vector<Point2>& positions, const std::vector<float>& weights) {
  double x = 0.0, y = 0.0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    x += double{weights[i]} * positions[i].x;
    y += double{weights[i]} * positions[i].y;
  }
  return {static_cast<float>(x), static_cast<float>(y)};
}

// --- Brute-force geometry, independent of the code under test ---------------------------------

double Cross(Point2 o, Point2 a, Point2 b) {
  return (double{a.x} - o.x) * (double{b.y} - o.y) - (double{a.y} - o.y) * (double{b.x} - o.x);
}

double Distance2(double ax, double ay, double bx, double by) {
  return (ax - bx) * (ax - bx) + (ay - by) * (ay - by);
}

// The convex hull by gift wrapping, counter-clockwise, collinear points left out.
std::vector<Point2> GiftWrap(const std::vector<Point2>& points) {
  std::size_t start = 0;
  for (std::size_t i = 1; i < points.size(); ++i) {
    if (points[i].x < points[start].x ||
        (points[i].x == points[start].x && points[i].y < points[start].y)) {
      start = i;
    }
  }
  std::vector<Point2> hull;
  std::size_t current = start;
  do {
    hull.push_back(points[current]);
    std::size_t next = (current + 1) % points.size();
    for (std::size_t i = 0; i < points.size(); ++i) {
      const double turn = Cross(points[current], points[next], points[i]);
      // i is clockwise of current->next, or on that line and further: wrap around it instead.
      const bool further =
          turn == 0.0 &&
          Distance2(points[i].x, points[i].y, points[current].x, points[current].y) >
              Distance2(points[next].x, points[next].y, points[current].x, points[current].y);
      if (turn < 0.0 || further) next = i;
    }
    current = next;
  } while (current != start && hull.size() <= points.size());
  return hull;
}

double PolygonArea(const std::vector<Point2>& polygon) {
  double twice = 0.0;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    const Point2 a = polygon[i], b = polygon[(i + 1) % polygon.size()];
    twice += double{a.x} * b.y - double{b.x} * a.y;
  }
  return 0.5 * twice;
}

bool InsideConvex(const std::vector<Point2>& hull, Point2 p) {
  for (std::size_t i = 0; i < hull.size(); ++i) {
    if (Cross(hull[i], hull[(i + 1) % hull.size()], p) < 0.0) return false;
  }
  return true;
}

// The closest point of the polygon's boundary to p, over every edge.
Point2 ClosestOnBoundary(const std::vector<Point2>& polygon, Point2 p) {
  double best = std::numeric_limits<double>::infinity();
  Point2 closest;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    const Point2 a = polygon[i], b = polygon[(i + 1) % polygon.size()];
    const double ex = double{b.x} - a.x, ey = double{b.y} - a.y;
    double t = ((double{p.x} - a.x) * ex + (double{p.y} - a.y) * ey) / (ex * ex + ey * ey);
    t = std::min(1.0, std::max(0.0, t));
    const double qx = a.x + t * ex, qy = a.y + t * ey;
    const double d = Distance2(qx, qy, p.x, p.y);
    if (d < best) {
      best = d;
      closest = {static_cast<float>(qx), static_cast<float>(qy)};
    }
  }
  return closest;
}

// Whether p lies strictly inside the circumcircle of triangle abc, from its circumcentre,
// with a tolerance relative to the radius.
bool StrictlyInCircumcircle(Point2 a, Point2 b, Point2 c, Point2 p) {
  const double bx = double{b.x} - a.x, by = double{b.y} - a.y;
  const double cx = double{c.x} - a.x, cy = double{c.y} - a.y;
  const double d = 2.0 * (bx * cy - by * cx);
  const double ux = (cy * (bx * bx + by * by) - by * (cx * cx + cy * cy)) / d;
  const double uy = (bx * (cx * cx + cy * cy) - cx * (bx * bx + by * by)) / d;
  const double r = std::sqrt(ux * ux + uy * uy);
  const double dp = std::sqrt(Distance2(ux, uy, double{p.x} - a.x, double{p.y} - a.y));
  return dp < r * (1.0 - 1e-6);
}

// Uniform in [lo, hi) from the raw generator, so the values do not depend on the standard
// library's distributions.
float Uniform(std::mt19937& rng, float lo, float hi) {
  return lo + (hi - lo) * static_cast<float>(rng() >> 8) * (1.0f / 16777216.0f);
}

std::vector<Point2> RandomPoints(std::mt19937& rng, int count) {
  std::vector<Point2> points;
  for (int i = 0; i < count; ++i) points.push_back({Uniform(rng, -2, 2), Uniform(rng, -1, 1.5f)});
  return points;
}

// Checks what every triangulation must be: indices in range, counter-clockwise with a positive
// area, each starting at its smallest index, the list sorted, no triangle twice.
void ExpectWellFormed(const std::vector<Point2>& points, const std::vector<Triangle>& triangles) {
  EXPECT_TRUE(std::is_sorted(triangles.begin(), triangles.end()));
  EXPECT_EQ(std::set<Triangle>(triangles.begin(), triangles.end()).size(), triangles.size());
  for (const Triangle& t : triangles) {
    for (int i : t) {
      ASSERT_GE(i, 0);
      ASSERT_LT(i, static_cast<int>(points.size()));
    }
    EXPECT_LT(t[0], t[1]);
    EXPECT_LT(t[0], t[2]);
    EXPECT_GT(Cross(points[t[0]], points[t[1]], points[t[2]]), 0.0)
        << t[0] << " " << t[1] << " " << t[2];
  }
}

// ---------------------------------------------------------------------------------------------
// delaunay_triangles and prepare_blend_space_2d: the locomotion layout by hand

// The four outer points lie on the unit circle with the centre inside it, so no triangle of
// three outer points is Delaunay: the centre joins all four, giving the four quarter triangles,
// each counter-clockwise from idle (index 0): (idle, right, forward), (idle, forward, left),
// (idle, left, back), (idle, back, right).
TEST(BlendSpace2DTriangulationTest, LocomotionLayoutGivesTheFourQuarters) {
  const std::vector<Triangle> expected = {{kIdle, kForward, kLeft},
                                          {kIdle, kBack, kRight},
                                          {kIdle, kLeft, kBack},
                                          {kIdle, kRight, kForward}};
  EXPECT_EQ(delaunay_triangles(kLocomotion), expected);
  const BlendSpace2DDef space = Space(kLocomotion);
  EXPECT_EQ(space.triangles, expected);
}

TEST(BlendSpace2DTriangulationTest, LocomotionHullIsTheDiamondCounterClockwise) {
  const BlendSpace2DDef space = Space(kLocomotion);
  const std::set<Edge> expected = {
      {kRight, kForward}, {kForward, kLeft}, {kLeft, kBack}, {kBack, kRight}};
  EXPECT_EQ(std::set<Edge>(space.hull_edges.begin(), space.hull_edges.end()), expected);
  EXPECT_EQ(space.hull_edges.size(), 4u);
}

// The unit square's corners plus its centre: (0,0) 0, (1,0) 1, (1,1) 2, (0,1) 3, centre 4.
TEST(BlendSpace2DTriangulationTest, SquareWithCentreGivesFourTriangles) {
  const std::vector<Point2> points = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0.5f, 0.5f}};
  const std::vector<Triangle> expected = {{0, 1, 4}, {0, 4, 3}, {1, 2, 4}, {2, 3, 4}};
  EXPECT_EQ(delaunay_triangles(points), expected);
}

// A thin quad whose long diagonal the sweep draws first: (0,0), (0,8), (-1,4), (1,4) in x, y order
// are (-1,4), (0,0), (0,8), (1,4), so the first triangle has the edge (0,0)-(0,8). The circle
// through (0,0), (0,8) and (-1,4) has its centre at (7.5, 4) and radius 8.5; (1,4) lies 6.5
// from that centre, inside, so the edge is flipped to the short diagonal (-1,4)-(1,4).
TEST(BlendSpace2DTriangulationTest, ThinQuadTakesTheShortDiagonal) {
  const std::vector<Point2> points = {{0, 0}, {0, 8}, {-1, 4}, {1, 4}};
  const std::vector<Triangle> expected = {{0, 3, 2}, {1, 2, 3}};
  EXPECT_EQ(delaunay_triangles(points), expected);
}

TEST(BlendSpace2DTriangulationTest, OneTriangleIsCounterClockwiseWhateverTheInputOrder) {
  EXPECT_EQ(delaunay_triangles(std::vector<Point2>{{0, 0}, {1, 0}, {0, 1}}),
            (std::vector<Triangle>{{0, 1, 2}}));
  EXPECT_EQ(delaunay_triangles(std::vector<Point2>{{0, 0}, {0, 1}, {1, 0}}),
            (std::vector<Triangle>{{0, 2, 1}}));
}

// ---------------------------------------------------------------------------------------------
// delaunay_triangles against brute force on random point sets

TEST(BlendSpace2DTriangulationTest, RandomSetsAreDelaunayAndCoverTheHull) {
  std::mt19937 rng(20261126);
  for (int count : {3, 4, 5, 6, 8, 12, 20, 40}) {
    for (int round = 0; round < 6; ++round) {
      const std::vector<Point2> points = RandomPoints(rng, count);
      const std::vector<Triangle> triangles = delaunay_triangles(points);
      SCOPED_TRACE(::testing::Message() << count << " points, round " << round);
      ExpectWellFormed(points, triangles);
      // Empty circumcircles.
      for (const Triangle& t : triangles) {
        for (int p = 0; p < count; ++p) {
          if (p == t[0] || p == t[1] || p == t[2]) continue;
          EXPECT_FALSE(StrictlyInCircumcircle(points[t[0]], points[t[1]], points[t[2]], points[p]))
              << "point " << p << " in triangle " << t[0] << " " << t[1] << " " << t[2];
        }
      }
      // The triangles' areas add up to the hull's, and (Euler) there are 2n - 2 - h of them.
      double area = 0.0;
      for (const Triangle& t : triangles)
        area += 0.5 * Cross(points[t[0]], points[t[1]], points[t[2]]);
      const std::vector<Point2> hull = GiftWrap(points);
      EXPECT_NEAR(area, PolygonArea(hull), 1e-5 * PolygonArea(hull));
      EXPECT_EQ(triangles.size(), static_cast<std::size_t>(2 * count - 2) - hull.size());
      // Every point inside the hull lies in exactly one triangle: no gap, no overlap.
      for (int q = 0; q < 50; ++q) {
        const Point2 p{Uniform(rng, -2, 2), Uniform(rng, -1, 1.5f)};
        if (!InsideConvex(hull, p)) continue;
        int holding = 0;
        for (const Triangle& t : triangles) {
          holding += Cross(points[t[0]], points[t[1]], p) > 0.0 &&
                     Cross(points[t[1]], points[t[2]], p) > 0.0 &&
                     Cross(points[t[2]], points[t[0]], p) > 0.0;
        }
        EXPECT_EQ(holding, 1) << "at (" << p.x << ", " << p.y << ")";
      }
    }
  }
}

// The triangles depend on where the points are, not on the order they are given in: shuffled,
// the same triangles come back with the indices renamed.
TEST(BlendSpace2DTriangulationTest, SamePointsInAnotherOrderGiveTheSameTriangles) {
  std::mt19937 rng(7);
  const std::vector<Point2> grid = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {0, 0},
                                    {1, 0},   {-1, 1}, {0, 1},  {1, 1}};
  for (const std::vector<Point2>& points : {RandomPoints(rng, 15), grid}) {
    const std::vector<Triangle> original = delaunay_triangles(points);
    EXPECT_EQ(delaunay_triangles(points), original);  // Twice the same.
    std::vector<int> to_new(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) to_new[i] = static_cast<int>(i);
    std::shuffle(to_new.begin(), to_new.end(), rng);
    std::vector<Point2> shuffled(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) shuffled[to_new[i]] = points[i];
    std::vector<Triangle> renamed;
    for (const Triangle& t : original) {
      Triangle r = {to_new[t[0]], to_new[t[1]], to_new[t[2]]};
      std::rotate(r.begin(), std::min_element(r.begin(), r.end()), r.end());
      renamed.push_back(r);
    }
    std::sort(renamed.begin(), renamed.end());
    EXPECT_EQ(delaunay_triangles(shuffled), renamed);
  }
}

// A 3 x 3 grid: every cell's four corners lie on one circle, so either diagonal is Delaunay.
// Whichever is taken, the cells are split into eight triangles covering the 2 x 2 square, with
// no point strictly inside a circumcircle.
TEST(BlendSpace2DTriangulationTest, GridOfCocircularCellsIsSplitIntoEightTriangles) {
  const std::vector<Point2> grid = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {0, 0},
                                    {1, 0},   {-1, 1}, {0, 1},  {1, 1}};
  const std::vector<Triangle> triangles = delaunay_triangles(grid);
  ExpectWellFormed(grid, triangles);
  ASSERT_EQ(triangles.size(), 8u);
  double area = 0.0;
  for (const Triangle& t : triangles) {
    area += 0.5 * Cross(grid[t[0]], grid[t[1]], grid[t[2]]);
    EXPECT_NEAR(0.5 * Cross(grid[t[0]], grid[t[1]], grid[t[2]]), 0.5, 1e-9);  // Half a cell.
    for (std::size_t p = 0; p < grid.size(); ++p) {
      EXPECT_FALSE(StrictlyInCircumcircle(grid[t[0]], grid[t[1]], grid[t[2]], grid[p]));
    }
  }
  EXPECT_NEAR(area, 4.0, 1e-9);
}

// ---------------------------------------------------------------------------------------------
// delaunay_triangles: degenerate inputs

TEST(BlendSpace2DTriangulationTest, FewerThanThreePointsGiveNoTriangles) {
  EXPECT_TRUE(delaunay_triangles(std::vector<Point2>{}).empty());
  EXPECT_TRUE(delaunay_triangles(std::vector<Point2>{{1, 2}}).empty());
  EXPECT_TRUE(delaunay_triangles(std::vector<Point2>{{1, 2}, {3, 4}}).empty());
}

TEST(BlendSpace2DTriangulationTest, CollinearPointsGiveNoTriangles) {
  EXPECT_TRUE(delaunay_triangles(std::vector<Point2>{{0, 0}, {1, 1}, {2, 2}}).empty());
  EXPECT_TRUE(delaunay_triangles(std::vector<Point2>{{3, 3}, {0, 0}, {-1, -1}, {1, 1}}).empty());
  EXPECT_TRUE(delaunay_triangles(std::vector<Point2>{{0, 5}, {0, -2}, {0, 1}, {0, 0}}).empty());
}

// Collinear points first, then one off their line: a fan from it over the segments.
TEST(BlendSpace2DTriangulationTest, CollinearRunThenOnePointOffIt) {
  const std::vector<Point2> points = {{0, 0}, {1, 0}, {2, 0}, {1, 5}};
  const std::vector<Triangle> triangles = delaunay_triangles(points);
  ExpectWellFormed(points, triangles);
  EXPECT_EQ(triangles, (std::vector<Triangle>{{0, 1, 3}, {1, 2, 3}}));
}

// Duplicates are the caller's mistake; they must not crash or loop, and the copies are left out.
TEST(BlendSpace2DTriangulationTest, DuplicatePointsAreLeftOut) {
  std::vector<Point2> points = kLocomotion;
  points.push_back({0, 0});  // A second idle (5).
  points.push_back({1, 0});  // A second right (6).
  const std::vector<Triangle> triangles = delaunay_triangles(points);
  EXPECT_EQ(triangles, delaunay_triangles(kLocomotion));
  EXPECT_TRUE(delaunay_triangles(std::vector<Point2>{{1, 1}, {1, 1}, {1, 1}, {1, 1}}).empty());
  const BlendSpace2DDef space = Space(points);
  EXPECT_TRUE(WeightsNear(PointWeights(space, {0.25f, 0.25f}), {0.5f, 0.25f, 0, 0, 0.25f, 0, 0}));
  const BlendSpace2DDef same = Space({{1, 1}, {1, 1}, {1, 1}});
  EXPECT_TRUE(same.hull_edges.empty());
  EXPECT_TRUE(WeightsNear(PointWeights(same, {4, 4}), {1, 0, 0}));
}

TEST(BlendSpace2DTriangulationTest, PointsThatAreNotFiniteAreLeftOut) {
  std::vector<Point2> points = kLocomotion;
  points.push_back({kNaN, 0});
  points.push_back({kInf, 1});
  points.push_back({2, -kInf});
  EXPECT_EQ(delaunay_triangles(points), delaunay_triangles(kLocomotion));
}

// ---------------------------------------------------------------------------------------------
// blend_space_2d_weights: the locomotion layout by hand

// In the quarter (idle, right, forward) the barycentric weights of (x, y) are right x,
// forward y, idle 1 - x - y; the other quarters likewise with |x| and |y|.
TEST(BlendSpace2DWeightsTest, InsideATriangleTheWeightsAreBarycentric) {
  const BlendSpace2DDef space = Space(kLocomotion);
  // idle, forward, back, left, right.
  EXPECT_TRUE(WeightsNear(PointWeights(space, {0.25f, 0.25f}), {0.5f, 0.25f, 0, 0, 0.25f}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {-0.5f, 0.25f}), {0.25f, 0.25f, 0, 0.5f, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {-0.2f, -0.3f}), {0.5f, 0, 0.3f, 0.2f, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {0.1f, -0.6f}), {0.3f, 0, 0.6f, 0, 0.1f}));
}

TEST(BlendSpace2DWeightsTest, AtAPointThatPointAlone) {
  const BlendSpace2DDef space = Space(kLocomotion);
  for (int p = 0; p < 5; ++p) {
    std::vector<float> expected(5, 0.0f);
    expected[p] = 1.0f;
    EXPECT_TRUE(WeightsNear(PointWeights(space, kLocomotion[p]), expected)) << "point " << p;
    EXPECT_EQ(blend_space_2d_weights(space, kLocomotion[p]).count, 1) << "point " << p;
  }
}

TEST(BlendSpace2DWeightsTest, OnAnEdgeItsTwoEnds) {
  const BlendSpace2DDef space = Space(kLocomotion);
  EXPECT_TRUE(WeightsNear(PointWeights(space, {0.5f, 0}), {0.5f, 0, 0, 0, 0.5f}));  // Inner.
  EXPECT_TRUE(WeightsNear(PointWeights(space, {0, -0.75f}), {0.25f, 0, 0.75f, 0, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {0.5f, 0.5f}), {0, 0.5f, 0, 0, 0.5f}));  // Hull.
  EXPECT_TRUE(WeightsNear(PointWeights(space, {-0.25f, 0.75f}), {0, 0.75f, 0, 0.25f, 0}));
  EXPECT_EQ(blend_space_2d_weights(space, {0.5f, 0}).count, 2);
}

// Outside the diamond the closest point of its boundary: (2, 2) projects onto the middle of
// right-forward; (1, 0.5) onto (0.75, 0.25) (moving along (-1, 1) by 0.25 from right);
// (-1, -1) onto the middle of left-back; (3, 0) and (0, -5) onto the corners.
TEST(BlendSpace2DWeightsTest, OutsideTheHullTheClosestPointOnIt) {
  const BlendSpace2DDef space = Space(kLocomotion);
  EXPECT_TRUE(WeightsNear(PointWeights(space, {2, 2}), {0, 0.5f, 0, 0, 0.5f}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {1, 0.5f}), {0, 0.25f, 0, 0, 0.75f}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {-1, -1}), {0, 0, 0.5f, 0.5f, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {3, 0}), {0, 0, 0, 0, 1}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {0, -5}), {0, 0, 1, 0, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {-1e3f, 1e3f}), {0, 0.5f, 0, 0.5f, 0}));
}

// A NaN coordinate counts as 0 and an infinite one as the largest float (far along a diagonal
// the float cannot say which end of the edge is closer, but the weights stay valid).
TEST(BlendSpace2DWeightsTest, NanAndInfiniteParametersStillGiveValidWeights) {
  const BlendSpace2DDef space = Space(kLocomotion);
  EXPECT_TRUE(WeightsNear(PointWeights(space, {kNaN, kNaN}), {1, 0, 0, 0, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {kNaN, 0.5f}), {0.5f, 0.5f, 0, 0, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {kInf, 0}), {0, 0, 0, 0, 1}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {0, -kInf}), {0, 0, 1, 0, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {1e30f, -0.25f}), {0, 0, 0, 0, 1}));
  const std::vector<float> diagonal = PointWeights(space, {-kInf, -kInf});
  EXPECT_NEAR(diagonal[kBack] + diagonal[kLeft], 1.0f, kTol);
  // Away from the origin, too: a space that does not hold (0, 0).
  const BlendSpace2DDef shifted = Space({{2, 2}, {4, 2}, {2, 4}});
  EXPECT_TRUE(WeightsNear(PointWeights(shifted, {kNaN, kNaN}), {1, 0, 0}));
}

// ---------------------------------------------------------------------------------------------
// blend_space_2d_weights: degenerate spaces

TEST(BlendSpace2DWeightsTest, NoPointsGiveNoWeights) {
  const BlendSpace2DDef space = Space({});
  EXPECT_EQ(blend_space_2d_weights(space, {1, 1}).count, 0);
}

TEST(BlendSpace2DWeightsTest, OnePointTakesAllTheWeight) {
  const BlendSpace2DDef space = Space({{2, -1}});
  for (Point2 v : {Point2{2, -1}, Point2{-7, 3}, Point2{kNaN, 1}}) {
    EXPECT_TRUE(WeightsNear(PointWeights(space, v), {1}));
  }
}

// Two points (0, 0) and (2, 0): the segment between them, the closest point of it elsewhere.
TEST(BlendSpace2DWeightsTest, TwoPointsUseTheSegmentBetweenThem) {
  const BlendSpace2DDef space = Space({{0, 0}, {2, 0}});
  EXPECT_TRUE(WeightsNear(PointWeights(space, {1, 5}), {0.5f, 0.5f}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {0.5f, -3}), {0.75f, 0.25f}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {-3, 1}), {1, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {5, 0}), {0, 1}));
}

// Collinear points given out of order on the line y = x: (3,3) 0, (0,0) 1, (1,1) 2, (-1,-1) 3.
// Along the line: 3, 1, 2, 0; (1.5, -0.5) projects onto (0.5, 0.5), halfway from 1 to 2;
// (2.5, 2.5) is three quarters of the way from 2 to 0.
TEST(BlendSpace2DWeightsTest, CollinearPointsUseThePolylineAlongTheirLine) {
  const BlendSpace2DDef space = Space({{3, 3}, {0, 0}, {1, 1}, {-1, -1}});
  EXPECT_TRUE(space.triangles.empty());
  EXPECT_EQ(space.hull_edges, (std::vector<Edge>{{3, 1}, {1, 2}, {2, 0}}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {1.5f, -0.5f}), {0, 0.5f, 0.5f, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {2.5f, 2.5f}), {0.75f, 0, 0.25f, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {10, 9}), {1, 0, 0, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {-5, -4}), {0, 0, 0, 1}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {1, 1}), {0, 0, 1, 0}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {kNaN, kNaN}), {0, 1, 0, 0}));
}

TEST(BlendSpace2DWeightsTest, VerticalCollinearPoints) {
  const BlendSpace2DDef space = Space({{0, 1}, {0, -1}, {0, 0}});
  EXPECT_TRUE(WeightsNear(PointWeights(space, {4, 0.5f}), {0.5f, 0, 0.5f}));
  EXPECT_TRUE(WeightsNear(PointWeights(space, {-4, -0.25f}), {0, 0.25f, 0.75f}));
}

// ---------------------------------------------------------------------------------------------
// blend_space_2d_weights against brute force on random point sets

// Inside the hull the weights reproduce the query (sum w_i p_i = value, all >= 0, at most three
// points); outside, they stand for the closest point of the gift-wrapped hull.
TEST(BlendSpace2DWeightsTest, RandomSetsReproduceTheQueryOrItsClosestHullPoint) {
  std::mt19937 rng(424242);
  int inside = 0, outside = 0;
  for (int count : {3, 4, 6, 10, 25}) {
    for (int round = 0; round < 5; ++round) {
      const std::vector<Point2> points = RandomPoints(rng, count);
      const BlendSpace2DDef space = Space(points);
      const std::vector<Point2> hull = GiftWrap(points);
      for (int q = 0; q < 200; ++q) {
        // Half in the points' box (mostly inside the hull), half around it.
        const float spread = q % 2 == 0 ? 1.0f : 2.0f;
        const Point2 v{spread * Uniform(rng, -2, 2), spread * Uniform(rng, -1.5f, 1.75f)};
        SCOPED_TRACE(::testing::Message() << count << " points, round " << round << ", query ("
                                          << v.x << ", " << v.y << ")");
        const Point2 expected = InsideConvex(hull, v) ? v : ClosestOnBoundary(hull, v);
        (InsideConvex(hull, v) ? inside : outside) += 1;
        const Point2 actual = Blended(points, PointWeights(space, v));
        EXPECT_NEAR(actual.x, expected.x, 1e-4f);
        EXPECT_NEAR(actual.y, expected.y, 1e-4f);
      }
    }
  }
  // Both kinds of query were asked many times.
  EXPECT_GT(inside, 500);
  EXPECT_GT(outside, 500);
}

// ---------------------------------------------------------------------------------------------
// blend_space_2d_weights: continuity

// Walks `path` (t in [0, 1]) in small steps and checks that no weight changes by more than
// `lipschitz` times the distance moved.
template <class Path>
void ExpectContinuous(const BlendSpace2DDef& space, Path path, float lipschitz) {
  const int steps = 4000;
  Point2 previous_value = path(0.0f);
  std::vector<float> previous = PointWeights(space, previous_value);
  for (int i = 1; i <= steps; ++i) {
    const Point2 value = path(static_cast<float>(i) / steps);
    const std::vector<float> w = PointWeights(space, value);
    const float moved = std::hypot(value.x - previous_value.x, value.y - previous_value.y);
    for (std::size_t k = 0; k < w.size(); ++k) {
      EXPECT_LE(std::fabs(w[k] - previous[k]), lipschitz * moved + 1e-5f)
          << "point " << k << " at (" << value.x << ", " << value.y << ")";
    }
    previous = w;
    previous_value = value;
  }
}

// In the diamond a weight changes at most 1 / (the smallest height of a triangle, sqrt(1/2))
// per unit moved; outside at most 1 / (the shortest hull edge, sqrt 2). The paths cross inner
// edges, hull edges and the regions beyond the hull's corners.
TEST(BlendSpace2DWeightsTest, WeightsChangeContinuouslyAcrossEdgesAndTheHull) {
  const BlendSpace2DDef space = Space(kLocomotion);
  const float lipschitz = std::sqrt(2.0f) + 1e-3f;
  ExpectContinuous(
      space,
      [](float t) {
        return Point2{-2.0f + 4.0f * t, -1.5f + 3.2f * t};
      },
      lipschitz);
  ExpectContinuous(
      space,
      [](float t) {
        return Point2{1.5f - 3.0f * t, 0.3f};
      },
      lipschitz);
  ExpectContinuous(
      space,
      [](float t) {
        const float angle = 6.2831853f * t;
        return Point2{1.3f * std::cos(angle), 0.9f * std::sin(angle)};
      },
      lipschitz);
  ExpectContinuous(
      space,
      [](float t) {
        const float angle = 6.2831853f * t;
        return Point2{0.5f * std::cos(angle), 0.5f * std::sin(angle)};
      },
      lipschitz);
}

// On random sets: inside, a barycentric weight changes at most 1 / (its triangle's height over
// the opposite edge) per unit moved; outside, at most 1 / (the hull edge's length). Lines
// through the whole set cross many inner edges and the hull twice.
TEST(BlendSpace2DWeightsTest, RandomSetsWeightsChangeContinuously) {
  std::mt19937 rng(31337);
  for (int round = 0; round < 8; ++round) {
    const std::vector<Point2> points = RandomPoints(rng, 12);
    const BlendSpace2DDef space = Space(points);
    double shortest = std::numeric_limits<double>::infinity();
    for (const Triangle& t : space.triangles) {
      const double twice_area = Cross(points[t[0]], points[t[1]], points[t[2]]);
      for (int e = 0; e < 3; ++e) {
        const Point2 a = points[t[e]], b = points[t[(e + 1) % 3]];
        const double length = std::sqrt(Distance2(a.x, a.y, b.x, b.y));
        shortest = std::min({shortest, twice_area / length, length});  // Height, edge.
      }
    }
    const float lipschitz = static_cast<float>(1.0 / shortest) * 1.01f;
    const Point2 from{Uniform(rng, -3, -2.5f), Uniform(rng, -2, 2)};
    const Point2 to{Uniform(rng, 2.5f, 3), Uniform(rng, -2, 2)};
    SCOPED_TRACE(::testing::Message() << "round " << round << ", bound " << lipschitz);
    ExpectContinuous(
        space,
        [&](float t) {
          return Point2{from.x + t * (to.x - from.x), from.y + t * (to.y - from.y)};
        },
        lipschitz);
  }
}

TEST(BlendSpace2DWeightsTest, CollinearWeightsChangeContinuouslyAlongAndPastTheLine) {
  const BlendSpace2DDef space = Space({{3, 3}, {0, 0}, {1, 1}, {-1, -1}});
  // The shortest segment is sqrt 2 long: 1 / sqrt 2 per unit along the line.
  ExpectContinuous(
      space,
      [](float t) {
        return Point2{-3.0f + 8.0f * t, -2.0f + 7.0f * t};
      },
      0.7072f);
}

// ---------------------------------------------------------------------------------------------
// Clips shared by the phase-rate and sampler tests.

// Clip indices of the fixture. Joint 0 is animated, joint 1 only by kPoseC.
constexpr int kSlowX = 0;   // 1 s; joint 0 at x = t: from 0 to 1.
constexpr int kFastY = 1;   // 0.5 s; joint 0 at y = 2t: from 0 to 1.
constexpr int kQuickZ = 2;  // 0.25 s; joint 0 at z = 4t: from 0 to 1.
constexpr int kPoseA = 3;   // 1 s; joint 0 holds T (2, 0, 0), no rotation, S (1, 1, 1).
constexpr int kPoseB = 4;   // 1 s; joint 0 holds T (0, 4, 0), 90° about Z, S (3, 1, 1).
constexpr int kPoseC = 5;   // 1 s; joint 0 holds T (0, 0, 6), 90° about X, S (1, 1, 2);
                            // joint 1 turns 60° about Z.
constexpr int kStill = 6;   // 0 s; joint 0 holds T (5, 0, 0).
constexpr int kTurn = 7;    // 2 s; joint 0 turns about Y from 0° to 120°, joint 1 moves.

class BlendSpace2DClipsTest : public ::testing::Test {
 protected:
  BlendSpace2DClipsTest() {
    rest_ = {MakeTransform({0, 0, 0}), MakeTransform({0, 1, 0}, RotZ(30.0f), {2, 2, 2})};
    skeleton_.names = {"root", "child"};
    skeleton_.parents = {-1, 0};
    skeleton_.rest = rest_;

    ClipBuilder slow_x("slow_x", 1.0f, 2);
    for (float t : {0.0f, 0.5f, 1.0f}) slow_x.add_translation(0, t, {t, 0, 0});
    ClipBuilder fast_y("fast_y", 0.5f, 2);
    fast_y.add_translation(0, 0.0f, {0, 0, 0});
    fast_y.add_translation(0, 0.5f, {0, 1, 0});
    ClipBuilder quick_z("quick_z", 0.25f, 2);
    quick_z.add_translation(0, 0.0f, {0, 0, 0});
    quick_z.add_translation(0, 0.25f, {0, 0, 1});
    ClipBuilder pose_a("pose_a", 1.0f, 2);
    pose_a.add_translation(0, 0.0f, {2, 0, 0});
    pose_a.add_rotation(0, 0.0f, kIdentity);
    pose_a.add_scale(0, 0.0f, {1, 1, 1});
    ClipBuilder pose_b("pose_b", 1.0f, 2);
    pose_b.add_translation(0, 0.0f, {0, 4, 0});
    pose_b.add_rotation(0, 0.0f, RotZ(90.0f));
    pose_b.add_scale(0, 0.0f, {3, 1, 1});
    ClipBuilder pose_c("pose_c", 1.0f, 2);
    pose_c.add_translation(0, 0.0f, {0, 0, 6});
    pose_c.add_rotation(0, 0.0f, AxisAngle({1, 0, 0}, 90.0f));
    pose_c.add_scale(0, 0.0f, {1, 1, 2});
    pose_c.add_rotation(1, 0.0f, RotZ(60.0f));
    ClipBuilder still("still", 0.0f, 2);
    still.add_translation(0, 0.0f, {5, 0, 0});
    ClipBuilder turn("turn", 2.0f, 2);
    for (float t : {0.0f, 0.5f, 1.0f, 1.5f, 2.0f}) {
      turn.add_rotation(0, t, AxisAngle({0, 1, 0}, 60.0f * t));
      turn.add_translation(1, t, {t, 1, -t});
    }
    clips_ = {slow_x.build(), fast_y.build(), quick_z.build(), pose_a.build(),
              pose_b.build(), pose_c.build(), still.build(),   turn.build()};
    for (ClipCursor& c : cursors_) c.reserve(clips_, 2);
    to_soa(rest_, soa_rest_);
  }

  float Rate(const BlendSpace2DDef& space, Point2 value) const {
    return blend_space_2d_phase_rate(space, clips_, blend_space_2d_weights(space, value));
  }

  // The sampler works on SoA poses: this one samples into a pose of out->size() joints (sized
  // here, so that run() does not allocate) and converts it into `out` when it runs.
  struct PerJointSampler : BlendSpace2DSampler {
    std::vector<Transform>* out = nullptr;
    SoaPose soa_out;
    bool aliased = false;  // The output is scratch[0] instead.

    bool run() {
      output = aliased ? scratch[0] : Span<SoaTransform>(soa_out);
      if (!BlendSpace2DSampler::run()) return false;
      from_soa(output, *out);
      return true;
    }
  };

  PerJointSampler Sampler(const BlendSpace2DDef& space, const BlendSpace2DWeights& weights,
                          float phase, std::vector<Transform>& out) {
    PerJointSampler sampler;
    sampler.space = &space;
    sampler.clips = clips_;
    sampler.rest = soa_rest_;
    sampler.weights = weights;
    sampler.phase = phase;
    sampler.cursors = {&cursors_[0], &cursors_[1], &cursors_[2]};
    sampler.scratch = {scratch_[0], scratch_[1]};
    sampler.out = &out;
    sampler.soa_out = make_soa_pose(out.size());
    return sampler;
  }

  // Runs the sampler for `space` at parameter `value` and normalized time `phase`.
  std::vector<Transform> Sample(const BlendSpace2DDef& space, Point2 value, float phase) {
    std::vector<Transform> out(2);
    EXPECT_TRUE(Sampler(space, blend_space_2d_weights(space, value), phase, out).run())
        << "at (" << value.x << ", " << value.y << "), phase " << phase;
    return out;
  }

  std::vector<Transform> rest_;
  Skeleton skeleton_;
  std::vector<Clip> clips_;
  ClipCursor cursors_[3];
  SoaPose soa_rest_ = make_soa_pose(2);
  SoaPose scratch_[2] = {make_soa_pose(2), make_soa_pose(2)};
};

// The blend by hand: translations and scales weighted, rotations summed on the first pose's
// hemisphere and normalized.
std::vector<Transform> HandBlend(const std::vector<std::vector<Transform>>& poses,
                                 const std::vector<float>& weights) {
  std::vector<Transform> out(poses[0].size());
  for (std::size_t j = 0; j < out.size(); ++j) {
    glm::vec3 t(0.0f), s(0.0f);
    glm::quat r(0.0f, 0.0f, 0.0f, 0.0f);
    for (std::size_t k = 0; k < poses.size(); ++k) {
      const Transform& x = poses[k][j];
      t += weights[k] * x.translation;
      s += weights[k] * x.scale;
      const float side = glm::dot(x.rotation, poses[0][j].rotation) < 0.0f ? -1.0f : 1.0f;
      r = r + x.rotation * (side * weights[k]);
    }
    out[j] = MakeTransform(t, glm::normalize(r), s);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// blend_space_2d_phase_rate

// Rates 1, 2 and 4 (clips of 1 s, 0.5 s and 0.25 s) on the corners of a right triangle.
TEST_F(BlendSpace2DClipsTest, PhaseRateIsTheWeightedMeanOfTheRates) {
  const BlendSpace2DDef space = Space({{0, 0}, {1, 0}, {0, 1}}, {kSlowX, kFastY, kQuickZ});
  EXPECT_NEAR(Rate(space, {0, 0}), 1.0f, kTol);
  EXPECT_NEAR(Rate(space, {1, 0}), 2.0f, kTol);
  EXPECT_NEAR(Rate(space, {0, 1}), 4.0f, kTol);
  EXPECT_NEAR(Rate(space, {0.25f, 0.25f}), 0.5f * 1 + 0.25f * 2 + 0.25f * 4, kTol);  // 1.75.
  EXPECT_NEAR(Rate(space, {0.5f, 0}), 1.5f, kTol);
  EXPECT_NEAR(Rate(space, {3, 3}), 3.0f, kTol);  // Projected to (0.5, 0.5): (2 + 4) / 2.
}

TEST_F(BlendSpace2DClipsTest, PhaseRateCountsAZeroLengthClipAsOneSecond) {
  ASSERT_EQ(clips_[kStill].duration, 0.0f);
  const BlendSpace2DDef space = Space({{0, 0}, {1, 0}, {0, 1}}, {kStill, kFastY, kTurn});
  EXPECT_NEAR(Rate(space, {0, 0}), 1.0f, kTol);
  EXPECT_NEAR(Rate(space, {0.5f, 0.5f}), 0.5f * 2 + 0.5f * 0.5f, kTol);  // 1.25.
  EXPECT_NEAR(Rate(space, {0.2f, 0.4f}), 0.4f * 1 + 0.2f * 2 + 0.4f * 0.5f, kTol);
}

TEST_F(BlendSpace2DClipsTest, PhaseRateOfWeightsNamingNoClipIsZero) {
  const BlendSpace2DDef space = Space({{0, 0}, {1, 0}, {0, 1}}, {kSlowX, 99, kQuickZ});
  EXPECT_EQ(Rate(space, {1, 0}), 0.0f);
  EXPECT_EQ(blend_space_2d_phase_rate(space, clips_, BlendSpace2DWeights{}), 0.0f);
  BlendSpace2DWeights bad;
  bad.count = 1;
  bad.points = {7, 0, 0};
  bad.weights = {1, 0, 0};
  EXPECT_EQ(blend_space_2d_phase_rate(space, clips_, bad), 0.0f);
}

// ---------------------------------------------------------------------------------------------
// BlendSpace2DSampler: by hand

// slow_x, fast_y and quick_z each move one axis from 0 to 1 over their own length. At one
// normalized time p each is at p, so at (0.25, 0.25) (weights 0.5, 0.25, 0.25) the blend is
// (0.5 p, 0.25 p, 0.25 p), whatever their lengths.
TEST_F(BlendSpace2DClipsTest, ThreeClipsAreSampledAtTheSameNormalizedTime) {
  const BlendSpace2DDef space = Space({{0, 0}, {1, 0}, {0, 1}}, {kSlowX, kFastY, kQuickZ});
  for (float phase : {0.0f, 0.4f, 0.8f, 1.0f}) {
    const std::vector<Transform> out = Sample(space, {0.25f, 0.25f}, phase);
    EXPECT_TRUE(Vec3Near(out[0].translation, {0.5f * phase, 0.25f * phase, 0.25f * phase}, kTol))
        << "phase " << phase;
    EXPECT_TRUE(TransformNear(out[1], rest_[1], kTol));
  }
  // On the hull edge between fast_y and quick_z, and beyond it: (2, 1.5) projects onto
  // (0.75, 0.25).
  EXPECT_TRUE(Vec3Near(Sample(space, {0.5f, 0.5f}, 0.6f)[0].translation, {0, 0.3f, 0.3f}, kTol));
  EXPECT_TRUE(Vec3Near(Sample(space, {2, 1.5f}, 0.6f)[0].translation, {0, 0.45f, 0.15f}, kTol));
}

// pose_a, pose_b and pose_c at weights 0.5, 0.25, 0.25: T = (1, 1, 1.5), S = (1.5, 1, 1.25), R
// the normalized weighted sum of identity, 90° about Z and 90° about X.
TEST_F(BlendSpace2DClipsTest, ThreePosesAreBlendedByWeight) {
  const BlendSpace2DDef space = Space({{0, 0}, {1, 0}, {0, 1}}, {kPoseA, kPoseB, kPoseC});
  const std::vector<Transform> out = Sample(space, {0.25f, 0.25f}, 0.5f);
  const glm::quat r =
      glm::normalize(kIdentity * 0.5f + RotZ(90.0f) * 0.25f + AxisAngle({1, 0, 0}, 90.0f) * 0.25f);
  EXPECT_TRUE(TransformNear(out[0], MakeTransform({1, 1, 1.5f}, r, {1.5f, 1, 1.25f}), kTol));
  // Joint 1: rest (30° about Z) at 0.75 and 60° about Z at 0.25: T and S from the rest pose.
  const glm::quat r1 = glm::normalize(RotZ(30.0f) * 0.75f + RotZ(60.0f) * 0.25f);
  EXPECT_TRUE(TransformNear(out[1], MakeTransform({0, 1, 0}, r1, {2, 2, 2}), kTol));
}

TEST_F(BlendSpace2DClipsTest, AtAPointThatClipAlone) {
  const BlendSpace2DDef space = Space({{0, 0}, {1, 0}, {0, 1}}, {kPoseA, kPoseB, kStill});
  EXPECT_TRUE(TransformNear(Sample(space, {1, 0}, 0.5f)[0],
                            MakeTransform({0, 4, 0}, RotZ(90.0f), {3, 1, 1}), kTol));
  EXPECT_TRUE(TransformNear(Sample(space, {0, 3}, 0.5f)[0], MakeTransform({5, 0, 0}), kTol));
  EXPECT_TRUE(TransformNear(Sample(space, {-2, -2}, 0.5f)[0], MakeTransform({2, 0, 0}), kTol));
}

// A point whose cursor does not fit the clips (sized for five joints, not two) cannot be
// sampled: run() fails, and the output keeps what it held, whichever of the three it is.
TEST_F(BlendSpace2DClipsTest, SamplerLeavesTheOutputAloneWhenAPointCannotBeSampled) {
  const BlendSpace2DDef space = Space({{0, 0}, {1, 0}, {0, 1}}, {kPoseA, kPoseB, kPoseC});
  const BlendSpace2DWeights weights = blend_space_2d_weights(space, {0.25f, 0.25f});
  ASSERT_EQ(weights.count, 3);
  ClipCursor misfit;
  misfit.reserve(clips_, 5);
  const Transform marker = MakeTransform({7, 8, 9}, RotZ(45.0f), {2, 3, 4});
  for (int bad : {0, 1, 2}) {
    std::vector<Transform> out(2);
    PerJointSampler sampler = Sampler(space, weights, 0.5f, out);
    to_soa(std::vector<Transform>{marker, marker}, sampler.soa_out);
    sampler.cursors[static_cast<std::size_t>(bad)] = &misfit;
    EXPECT_FALSE(sampler.run()) << "bad point " << bad;
    std::vector<Transform> kept(2);
    from_soa(sampler.soa_out, kept);
    EXPECT_TRUE(TransformNear(kept[0], marker, 0.0f)) << "bad point " << bad;
    EXPECT_TRUE(TransformNear(kept[1], marker, 0.0f)) << "bad point " << bad;
  }
}

// ---------------------------------------------------------------------------------------------
// BlendSpace2DSampler against poses blended by hand from each clip sampled alone

// A five-point locomotion space of varied clips, sampled over the plane and the cycle.
TEST_F(BlendSpace2DClipsTest, FloatClipsMatchTheHandBlendOfEachClip) {
  const BlendSpace2DDef space = Space(kLocomotion, {kPoseA, kTurn, kPoseB, kSlowX, kPoseC});
  std::mt19937 rng(99);
  for (int q = 0; q < 60; ++q) {
    const Point2 v{Uniform(rng, -1.5f, 1.5f), Uniform(rng, -1.5f, 1.5f)};
    const float phase = Uniform(rng, 0, 1);
    const BlendSpace2DWeights w = blend_space_2d_weights(space, v);
    std::vector<std::vector<Transform>> poses;
    std::vector<float> weights;
    for (int i = 0; i < w.count; ++i) {
      const Clip& clip = clips_[space.clips[w.points[i]]];
      SamplingCursor cursor;
      cursor.resize(2);
      std::vector<Transform> pose(2);
      SamplingJob job;
      job.clip = &clip;
      job.rest = rest_;
      job.time = phase * clip.duration;
      job.cursor = &cursor;
      job.output = pose;
      ASSERT_TRUE(job.run());
      poses.push_back(pose);
      weights.push_back(w.weights[i]);
    }
    const std::vector<Transform> expected = HandBlend(poses, weights);
    const std::vector<Transform> out = Sample(space, v, phase);
    for (std::size_t j = 0; j < 2; ++j) {
      EXPECT_TRUE(TransformNear(out[j], expected[j], 1e-4f))
          << "joint " << j << " at (" << v.x << ", " << v.y << "), phase " << phase;
    }
  }
}

// The same space on clips compressed by anim_bake: each reference clip sampled alone by
// CompressedSamplingJob, the blend by hand.
TEST_F(BlendSpace2DClipsTest, CompressedClipsMatchTheHandBlendOfEachClip) {
  std::vector<CompressedClip> packed;
  for (const Clip& clip : clips_) {
    Result<bake::CompressedResult> result = bake::compress_clip(clip, skeleton_);
    ASSERT_TRUE(result.ok()) << clip.name;
    packed.push_back(result.value().clip);
  }
  SoaPose soa_rest(soa_block_count(2));
  to_soa(rest_, soa_rest);
  ClipCursor cursors[3];
  for (ClipCursor& c : cursors) c.reserve(packed, 2);

  const BlendSpace2DDef space = Space(kLocomotion, {kPoseA, kTurn, kPoseB, kSlowX, kPoseC});
  std::mt19937 rng(5);
  for (int q = 0; q < 60; ++q) {
    const Point2 v{Uniform(rng, -1.5f, 1.5f), Uniform(rng, -1.5f, 1.5f)};
    const float phase = Uniform(rng, 0, 1);
    const BlendSpace2DWeights w = blend_space_2d_weights(space, v);
    std::vector<std::vector<Transform>> poses;
    std::vector<float> weights;
    for (int i = 0; i < w.count; ++i) {
      const CompressedClip& clip = packed[space.clips[w.points[i]]];
      CompressedCursor cursor(clip);
      SoaPose sampled = make_soa_pose(2);
      CompressedSamplingJob job;
      job.clip = &clip;
      job.rest = soa_rest;
      job.time = phase * clip.duration;
      job.cursor = &cursor;
      job.output = sampled;
      ASSERT_TRUE(job.run());
      std::vector<Transform> pose(2);
      from_soa(sampled, pose);
      poses.push_back(pose);
      weights.push_back(w.weights[i]);
    }
    const std::vector<Transform> expected = HandBlend(poses, weights);

    std::vector<Transform> out(2);
    PerJointSampler sampler = Sampler(space, w, phase, out);
    sampler.clips = packed;
    sampler.cursors = {&cursors[0], &cursors[1], &cursors[2]};
    ASSERT_TRUE(sampler.run());
    for (std::size_t j = 0; j < 2; ++j) {
      EXPECT_TRUE(TransformNear(out[j], expected[j], 1e-4f))
          << "joint " << j << " at (" << v.x << ", " << v.y << "), phase " << phase;
    }
  }
  // And close to the float clips (the compression tolerance is 0.1 mm on a 1 m rig).
  std::vector<Transform> out(2);
  PerJointSampler sampler = Sampler(space, blend_space_2d_weights(space, {0.3f, 0.4f}), 0.7f, out);
  sampler.clips = packed;
  sampler.cursors = {&cursors[0], &cursors[1], &cursors[2]};
  ASSERT_TRUE(sampler.run());
  const std::vector<Transform> from_floats = Sample(space, {0.3f, 0.4f}, 0.7f);
  EXPECT_TRUE(TransformNear(out[0], from_floats[0], 1e-2f));
}

// ---------------------------------------------------------------------------------------------
// BlendSpace2DSampler: what it rejects

TEST_F(BlendSpace2DClipsTest, SamplerRejectsMissingInputs) {
  const BlendSpace2DDef space = Space(kLocomotion, {kPoseA, kPoseB, kPoseC, kSlowX, kFastY});
  const BlendSpace2DWeights three = blend_space_2d_weights(space, {0.25f, 0.25f});
  ASSERT_EQ(three.count, 3);
  std::vector<Transform> out(2);
  ASSERT_TRUE(Sampler(space, three, 0.5f, out).run());

  PerJointSampler no_space = Sampler(space, three, 0.5f, out);
  no_space.space = nullptr;
  EXPECT_FALSE(no_space.run());
  PerJointSampler no_cursors = Sampler(space, three, 0.5f, out);
  no_cursors.cursors = {};
  EXPECT_FALSE(no_cursors.run());
  EXPECT_FALSE(Sampler(space, BlendSpace2DWeights{}, 0.5f, out).run());  // count 0.
  const BlendSpace2DDef empty = Space({}, {});
  EXPECT_FALSE(Sampler(empty, blend_space_2d_weights(empty, {0, 0}), 0.5f, out).run());
  // Compressed clips with cursors reserved for the float ones.
  std::vector<CompressedClip> packed;
  for (const Clip& clip : clips_)
    packed.push_back(bake::compress_clip(clip, skeleton_).value().clip);
  PerJointSampler float_cursors = Sampler(space, three, 0.5f, out);
  float_cursors.clips = packed;
  EXPECT_FALSE(float_cursors.run());
}

TEST_F(BlendSpace2DClipsTest, SamplerRejectsWeightsThatDoNotFitTheSpace) {
  const BlendSpace2DDef space = Space(kLocomotion, {kPoseA, kPoseB, kPoseC, kSlowX, kFastY});
  const BlendSpace2DWeights three = blend_space_2d_weights(space, {0.25f, 0.25f});
  std::vector<Transform> out(2);
  const auto run_with = [&](auto change) {
    BlendSpace2DWeights w = three;
    change(w);
    return Sampler(space, w, 0.5f, out).run();
  };
  EXPECT_FALSE(run_with([](BlendSpace2DWeights& w) { w.count = 4; }));
  EXPECT_FALSE(run_with([](BlendSpace2DWeights& w) { w.count = -1; }));
  EXPECT_FALSE(run_with([](BlendSpace2DWeights& w) { w.points[1] = 5; }));
  EXPECT_FALSE(run_with([](BlendSpace2DWeights& w) { w.points[2] = -1; }));
  EXPECT_FALSE(run_with([](BlendSpace2DWeights& w) { w.weights[0] = -0.5f; }));
  EXPECT_FALSE(run_with([](BlendSpace2DWeights& w) { w.weights[2] = kNaN; }));
  EXPECT_FALSE(run_with([](BlendSpace2DWeights& w) { w.weights[1] = kInf; }));
  EXPECT_FALSE(run_with([](BlendSpace2DWeights& w) { w.weights = {0, 0, 0}; }));
  EXPECT_FALSE(run_with([](BlendSpace2DWeights& w) {
    w.count = 1;
    w.weights[0] = 0.0f;
  }));
  // A point whose clip the clip set does not hold.
  BlendSpace2DDef missing_clip = space;
  missing_clip.clips[three.points[1]] = 99;
  EXPECT_FALSE(Sampler(missing_clip, three, 0.5f, out).run());
  missing_clip.clips[three.points[1]] = -1;
  EXPECT_FALSE(Sampler(missing_clip, three, 0.5f, out).run());
}

// A pose of the wrong size cannot be written, whether one clip is shown alone or three blended.
// Two joints take one SoA block: no joint, or five (two blocks), do not fit.
TEST_F(BlendSpace2DClipsTest, SamplerRejectsPosesOfTheWrongSize) {
  const BlendSpace2DDef space = Space(kLocomotion, {kPoseA, kPoseB, kPoseC, kSlowX, kFastY});
  for (Point2 v : {Point2{0, 0}, Point2{0.5f, 0}, Point2{0.25f, 0.25f}}) {
    const BlendSpace2DWeights w = blend_space_2d_weights(space, v);
    std::vector<Transform> short_output(0), long_output(5), out(2);
    EXPECT_FALSE(Sampler(space, w, 0.5f, short_output).run()) << "count " << w.count;
    EXPECT_FALSE(Sampler(space, w, 0.5f, long_output).run()) << "count " << w.count;
    if (w.count < 2) continue;
    PerJointSampler short_scratch = Sampler(space, w, 0.5f, out);
    short_scratch.scratch[w.count - 2] = {};
    EXPECT_FALSE(short_scratch.run()) << "count " << w.count;
    PerJointSampler aliased = Sampler(space, w, 0.5f, out);
    aliased.aliased = true;  // The output may not be a scratch pose.
    EXPECT_FALSE(aliased.run()) << "count " << w.count;
    PerJointSampler short_rest = Sampler(space, w, 0.5f, out);
    short_rest.rest = {};
    EXPECT_FALSE(short_rest.run()) << "count " << w.count;
    if (w.count < 3) continue;
    PerJointSampler shared_scratch = Sampler(space, w, 0.5f, out);
    shared_scratch.scratch[1] = shared_scratch.scratch[0];
    EXPECT_FALSE(shared_scratch.run()) << "count " << w.count;
  }
}

// ---------------------------------------------------------------------------------------------
// Per frame: no allocation

TEST_F(BlendSpace2DClipsTest, WeightsRateAndSamplerNeverAllocate) {
  const BlendSpace2DDef space = Space(kLocomotion, {kPoseA, kTurn, kPoseB, kSlowX, kPoseC});
  const BlendSpace2DDef line = Space({{0, 0}, {1, 1}, {2, 2}});
  std::vector<CompressedClip> packed;
  for (const Clip& clip : clips_)
    packed.push_back(bake::compress_clip(clip, skeleton_).value().clip);
  ClipCursor packed_cursors[3];
  for (ClipCursor& c : packed_cursors) c.reserve(packed, 2);
  std::vector<Transform> out(2);
  PerJointSampler floats = Sampler(space, {}, 0.3f, out);
  PerJointSampler compressed = Sampler(space, {}, 0.3f, out);
  compressed.clips = packed;
  compressed.cursors = {&packed_cursors[0], &packed_cursors[1], &packed_cursors[2]};

  int failures = 0;
  float rate_sum = 0.0f;
  g_allocations = 0;
  g_counting = true;
  for (Point2 v :
       {Point2{0.25f, 0.25f}, Point2{0.5f, 0}, Point2{0, 0}, Point2{3, -2}, Point2{kNaN, 0.5f}}) {
    floats.weights = compressed.weights = blend_space_2d_weights(space, v);
    rate_sum += blend_space_2d_phase_rate(space, clips_, floats.weights);
    failures += floats.run() ? 0 : 1;
    failures += compressed.run() ? 0 : 1;
    rate_sum += static_cast<float>(blend_space_2d_weights(line, v).count);
  }
  g_counting = false;
  EXPECT_EQ(g_allocations.load(), 0);
  EXPECT_EQ(failures, 0);
  EXPECT_GT(rate_sum, 0.0f);
}

}  // namespace
}  // namespace anim
