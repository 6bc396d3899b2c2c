// The state graph's geometry (anim/ui/model/graph_geometry.h): boxes, the view's pan and zoom, the
// curves of transitions and hit testing, against values worked out by hand or sampled naively.
#include "anim/ui/model/graph_geometry.h"

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include <cmath>
#include <limits>
#include <vector>

namespace anim::ui {
namespace {

void ExpectNear(const glm::vec2& actual, const glm::vec2& expected, float tolerance = 1e-3f) {
  EXPECT_NEAR(actual.x, expected.x, tolerance);
  EXPECT_NEAR(actual.y, expected.y, tolerance);
}

// Whether any of 2001 evenly spaced points of `c` lies inside `box`.
bool SampledCurveEntersBox(const Curve& c, const Box& box) {
  for (int i = 0; i <= 2000; ++i) {
    if (box.contains(c.at(static_cast<float>(i) / 2000.0f))) return true;
  }
  return false;
}

TEST(GraphGeometryTest, BoxesTouchSpanAndBound) {
  EXPECT_TRUE(boxes_touch(Box{{0, 0}, {10, 10}}, Box{{10, 10}, {20, 20}})) << "a shared corner";
  EXPECT_FALSE(boxes_touch(Box{{0, 0}, {10, 10}}, Box{{10.5f, 0}, {20, 10}}));
  const Box dragged = box_from_corners({30, 5}, {10, 25});  // Dragged up and to the left.
  EXPECT_EQ(dragged.min, glm::vec2(10, 5));
  EXPECT_EQ(dragged.max, glm::vec2(30, 25));
  const Box all = bounding_box({Box{{0, 10}, {5, 20}}, Box{{-5, 30}, {2, 40}}});
  EXPECT_EQ(all.min, glm::vec2(-5, 10));
  EXPECT_EQ(all.max, glm::vec2(5, 40));
  EXPECT_EQ(bounding_box({}).max, glm::vec2(0, 0));
}

TEST(GraphGeometryTest, SegmentsCrossBoxesOnlyWhereTheyPassThrough) {
  const Box box{{5, 0}, {10, 10}};
  EXPECT_TRUE(segment_crosses_box({0, 5}, {20, 5}, box)) << "straight through";
  EXPECT_FALSE(segment_crosses_box({0, 15}, {20, 15}, box)) << "below it";
  EXPECT_FALSE(segment_crosses_box({0, 0}, {4, 20}, box)) << "ends left of it";
  EXPECT_TRUE(segment_crosses_box({6, 2}, {7, 3}, box)) << "inside it";
  // The diagonal x + y = 10 misses a box whose nearest corner has x + y = 12, and passes
  // through (5, 5) of one whose corner is (4, 4).
  EXPECT_FALSE(segment_crosses_box({0, 10}, {10, 0}, Box{{6, 6}, {10, 10}}));
  EXPECT_TRUE(segment_crosses_box({0, 10}, {10, 0}, Box{{4, 4}, {10, 10}}));
}

TEST(GraphGeometryTest, ZoomingKeepsThePointUnderTheCursorAndIsClamped) {
  GraphView view;
  view.pan = {10, 20};
  // Under (110, 70) lies the graph point (100, 50); at zoom 2 the pan that keeps it there is
  // (110, 70) - 2 * (100, 50).
  const GraphView zoomed = zoom_about(view, {110, 70}, 2.0f);
  EXPECT_FLOAT_EQ(zoomed.zoom, 2.0f);
  ExpectNear(zoomed.pan, {-90, -30});
  ExpectNear(zoomed.to_area({100, 50}), {110, 70});
  ExpectNear(zoomed.to_graph({110, 70}), {100, 50});
  EXPECT_FLOAT_EQ(zoom_about(view, {0, 0}, 10.0f).zoom, kMaxZoom);
  EXPECT_FLOAT_EQ(zoom_about(view, {0, 0}, 0.01f).zoom, kMinZoom);
}

TEST(GraphGeometryTest, FramingCentresTheBoundsAndZoomsOutOnlyAsFarAsNeeded) {
  // 200 x 100 fits a 500 x 300 area at zoom 1: centred, (100, 50) goes to (250, 150).
  GraphView view = frame_bounds(Box{{0, 0}, {200, 100}}, {500, 300}, 20.0f);
  EXPECT_FLOAT_EQ(view.zoom, 1.0f);
  ExpectNear(view.pan, {150, 100});
  // 1000 wide needs (500 - 2 * 20) / 1000 = 0.46; its centre (500, 100) goes to (250, 150).
  view = frame_bounds(Box{{0, 0}, {1000, 200}}, {500, 300}, 20.0f);
  EXPECT_NEAR(view.zoom, 0.46f, 1e-6f);
  ExpectNear(view.pan, {250.0f - 500.0f * 0.46f, 150.0f - 100.0f * 0.46f});
  ExpectNear(view.to_area({0, 0}), {20, 104});
  ExpectNear(view.to_area({1000, 200}), {480, 196});
}

TEST(GraphGeometryTest, QuadraticCurvesAndTheirParts) {
  const Curve c{{0, 0}, {50, 100}, {100, 0}};
  // x = 100 t and y = 200 t (1 - t) for these control points.
  ExpectNear(c.at(0.5f), {50, 50});
  ExpectNear(c.at(0.25f), {25, 37.5f});
  ExpectNear(c.tangent(0.0f), {100, 200});
  ExpectNear(c.tangent(1.0f), {100, -200});
  const Curve part = sub_curve(c, 0.25f, 0.75f);
  ExpectNear(part.p0, {25, 37.5f});
  ExpectNear(part.p2, {75, 37.5f});
  for (float u : {0.1f, 0.4f, 0.5f, 0.9f}) ExpectNear(part.at(u), c.at(0.25f + 0.5f * u));
}

TEST(GraphGeometryTest, DistanceToACurveMatchesDenseSampling) {
  const Curve straight{{0, 0}, {50, 0}, {100, 0}};
  EXPECT_NEAR(distance_to_curve(straight, {30, 7}), 7.0f, 1e-3f);
  EXPECT_NEAR(distance_to_curve(straight, {-3, 4}), 5.0f, 1e-3f) << "past its start";
  const Curve bent{{10, 20}, {140, -60}, {220, 90}};
  for (const glm::vec2 p : {glm::vec2(0, 0), glm::vec2(100, 30), glm::vec2(120, -10),
                            glm::vec2(230, 100), glm::vec2(60, 60), glm::vec2(180, 20)}) {
    float nearest = std::numeric_limits<float>::infinity();
    for (int i = 0; i <= 20000; ++i) {
      nearest = std::min(nearest, glm::length(bent.at(static_cast<float>(i) / 20000.0f) - p));
    }
    EXPECT_NEAR(distance_to_curve(bent, p), nearest, 1e-2f) << p.x << ", " << p.y;
  }
}

TEST(GraphGeometryTest, CurvesCrossBoxesOnTheirPath) {
  // x = 100 t, y = 200 t (1 - t): over x in [45, 55], y runs from 49.5 to 50.
  const Curve c{{0, 0}, {50, 100}, {100, 0}};
  EXPECT_TRUE(curve_crosses_box(c, Box{{45, 48}, {55, 52}}));
  EXPECT_FALSE(curve_crosses_box(c, Box{{45, 51}, {55, 60}})) << "beyond its peak";
  EXPECT_FALSE(curve_crosses_box(c, Box{{45, 40}, {55, 45}})) << "under its peak";
}

TEST(GraphGeometryTest, LanesFanOutAndKeepToTheirSideWhenBothWaysAreUsed) {
  EXPECT_FLOAT_EQ(lane_offset(0, 1, false, 12.0f), 0.0f);
  EXPECT_FLOAT_EQ(lane_offset(0, 3, false, 12.0f), -12.0f);
  EXPECT_FLOAT_EQ(lane_offset(1, 3, false, 12.0f), 0.0f);
  EXPECT_FLOAT_EQ(lane_offset(2, 3, false, 12.0f), 12.0f);
  EXPECT_FLOAT_EQ(lane_offset(0, 1, true, 12.0f), 6.0f);
  EXPECT_FLOAT_EQ(lane_offset(1, 2, true, 12.0f), 18.0f);
}

TEST(GraphGeometryTest, AnEdgeRunsFromRimToRim) {
  const Box a{{0, 0}, {100, 50}}, b{{200, 0}, {300, 50}};
  const Curve c = route_edge(a, b, 0.0f, {}, 10.0f);
  ExpectNear(c.p0, {100, 25});
  ExpectNear(c.p2, {200, 25});
  ExpectNear(c.at(0.5f), {150, 25});
  EXPECT_NEAR(distance_to_curve(c, {150, 30}), 5.0f, 1e-3f) << "straight";
}

TEST(GraphGeometryTest, OppositeEdgesRunOnOppositeSides) {
  const Box a{{0, 0}, {100, 50}}, b{{200, 0}, {300, 50}};
  const float offset = lane_offset(0, 1, true, 12.0f);  // 6.
  const Curve there = route_edge(a, b, offset, {}, 10.0f);
  const Curve back = route_edge(b, a, offset, {}, 10.0f);
  // Centre to centre, (50, 25) to (250, 25), bowed by 6 at the middle: the control point is 12
  // off the chord, x = 50 + 200 t and y = 25 +- 24 t (1 - t). The rims at x = 100 and x = 200
  // are t = 1/4 and 3/4, where the bow is 4.5.
  ExpectNear(there.at(0.5f), {150, 31});
  ExpectNear(back.at(0.5f), {150, 19});
  ExpectNear(there.p0, {100, 29.5f});
  ExpectNear(there.p2, {200, 29.5f});
  ExpectNear(back.p0, {200, 20.5f});
  ExpectNear(back.p2, {100, 20.5f});
  ExpectNear(bend_side(there), {0, 1});
  ExpectNear(bend_side(back), {0, -1});
}

TEST(GraphGeometryTest, AnEdgeBendsAroundABoxInItsWay) {
  const Box a{{0, 0}, {100, 50}}, b{{400, 0}, {500, 50}};
  // Centre to centre, (50, 25) to (450, 25): x = 50 + 400 t and y = 25 + 4 s t (1 - t) for a
  // midpoint shifted by s. Over the grown box in the middle, x in [190, 310], t is in
  // [0.35, 0.65], where t (1 - t) is at least 0.2275: the curve clears y = 60 once
  // 25 + 0.91 s > 60, s > 38.5; the first bend tried (steps of 6) past that is 42.
  const Box middle{{200, 0}, {300, 50}};
  const Curve around = route_edge(a, b, 0.0f, {middle}, 10.0f);
  ExpectNear(around.at(0.5f), {250, 67});
  EXPECT_FALSE(SampledCurveEntersBox(around, Box{{190, -10}, {310, 60}}));
  EXPECT_TRUE(SampledCurveEntersBox(route_edge(a, b, 0.0f, {}, 10.0f), middle)) << "unbent";

  // A box above the line (centre y 0 < 25) sends the curve below it: clear of y = 40 once
  // 25 + 0.91 s > 40, s > 16.5, so 18.
  const Box above{{200, -30}, {300, 30}};
  const Curve under = route_edge(a, b, 0.0f, {above}, 10.0f);
  ExpectNear(under.at(0.5f), {250, 43});
  EXPECT_FALSE(SampledCurveEntersBox(under, Box{{190, -40}, {310, 40}}));
}

TEST(GraphGeometryTest, SegmentsCrossWhereTheyShareAPoint) {
  EXPECT_TRUE(segments_cross(Segment{{0, 0}, {10, 10}}, Segment{{0, 10}, {10, 0}}));
  EXPECT_FALSE(segments_cross(Segment{{0, 0}, {4, 4}}, Segment{{0, 10}, {10, 0}})) << "short of it";
  EXPECT_TRUE(segments_cross(Segment{{0, 0}, {5, 5}}, Segment{{0, 10}, {10, 0}})) << "touching";
  EXPECT_FALSE(segments_cross(Segment{{0, 0}, {10, 0}}, Segment{{0, 1}, {10, 1}})) << "parallel";
  EXPECT_TRUE(segments_cross(Segment{{0, 0}, {10, 0}}, Segment{{5, 0}, {15, 0}})) << "overlapping";
  EXPECT_FALSE(segments_cross(Segment{{0, 0}, {10, 0}}, Segment{{11, 0}, {15, 0}}));
}

TEST(GraphGeometryTest, ADetourTakesTheSideThatCrossesFewerOtherLines) {
  // As in AnEdgeBendsAroundABoxInItsWay, both sides clear the box with a bend of 42, below
  // first; another transition's line below the box leaves the side above, midpoint y 25 - 42.
  const Box a{{0, 0}, {100, 50}}, b{{400, 0}, {500, 50}};
  const Box middle{{200, 0}, {300, 50}};
  const Segment below{{250, 60}, {250, 200}};
  const Curve c = route_edge(a, b, 0.0f, {middle}, 10.0f, {below});
  ExpectNear(c.at(0.5f), {250, -17});
  // Lines crossed on both sides alike: the side it takes without them.
  const Segment across{{0, -100}, {500, 200}};
  ExpectNear(route_edge(a, b, 0.0f, {middle}, 10.0f, {across}).at(0.5f), {250, 67});
}

TEST(GraphGeometryTest, SelfLoopsSitOverTheBoxAndWidenWithEachOne) {
  const Box box{{0, 0}, {100, 50}};
  const Curve first = self_loop(box, 0), second = self_loop(box, 1);
  ExpectNear(first.p0, {36, 0});
  ExpectNear(first.p1, {50, -56});
  ExpectNear(first.p2, {64, 0});
  ExpectNear(second.p0, {28, 0});
  ExpectNear(second.at(0.5f), {50, -40});
}

TEST(GraphGeometryTest, LabelsGoToTheSideACurveBendsTo) {
  ExpectNear(bend_side(Curve{{0, 0}, {50, -40}, {100, 0}}), {0, -1});
  // Straight: the chord turned clockwise, right to down and down to left.
  ExpectNear(bend_side(Curve{{0, 0}, {50, 0}, {100, 0}}), {0, 1});
  ExpectNear(bend_side(Curve{{0, 0}, {0, 50}, {0, 100}}), {-1, 0});
}

TEST(GraphGeometryTest, LabelsSitBesideTheMiddleOrTheNearestClearPoint) {
  // Straight from (0, 0) to (200, 0), x = 200 t: beside is below, 8 + 4 under the line.
  const Curve c{{0, 0}, {100, 0}, {200, 0}};
  const glm::vec2 half(20, 8);
  ExpectNear(place_label(c, half, 4.0f, {}), {100, 12});
  // A box over x in [80, 120] leaves t = 0.42 (x 84, the label over [64, 104]), 0.58, 0.34
  // (x 68, [48, 88]) and 0.66 in its way; t = 0.26 (x 52, [32, 72]) is clear.
  const Box in_the_way{{80, 5}, {120, 20}};
  ExpectNear(place_label(c, half, 4.0f, {in_the_way}), {52, 12});
  // Touching is no overlap: a box ending where the label starts leaves it in the middle.
  ExpectNear(place_label(c, half, 4.0f, {Box{{0, 20}, {200, 40}}}), {100, 12});
  // Nowhere clear: the middle.
  ExpectNear(place_label(c, half, 4.0f, {Box{{-50, -50}, {250, 50}}}), {100, 12});
}

// A graph opens readable: zoom 1 when it fits, and when it does not, zoom 1 still (text at the
// UI font's size) with the start of the graph in view instead of everything tiny.
TEST(GraphGeometry, FrameReadableKeepsZoomOne) {
  // Fits at zoom 1: as frame_bounds, centred. Box 200x100 centred at (100, 50) in 500x300.
  GraphView view = frame_readable(Box{{0, 0}, {200, 100}}, {500, 300}, 20.0f);
  EXPECT_FLOAT_EQ(view.zoom, 1.0f);
  EXPECT_FLOAT_EQ(view.pan.x, 250.0f - 100.0f);
  EXPECT_FLOAT_EQ(view.pan.y, 150.0f - 50.0f);
  // 1000 wide in 500: frame_bounds would zoom to 460 / 1000 = 0.46. Zoom 1 instead: x starts
  // 20 px in (the box's left edge, 100, at 20), y (100 + 40 <= 300) stays centred.
  const Box wide{{100, 0}, {1100, 100}};
  EXPECT_FLOAT_EQ(frame_bounds(wide, {500, 300}, 20.0f).zoom, 0.46f);
  view = frame_readable(wide, {500, 300}, 20.0f);
  EXPECT_FLOAT_EQ(view.zoom, 1.0f);
  EXPECT_FLOAT_EQ(view.pan.x, 20.0f - 100.0f);
  EXPECT_FLOAT_EQ(view.pan.y, 150.0f - 50.0f);
  EXPECT_FLOAT_EQ(view.to_area({100, 0}).x, 20.0f);
}

}  // namespace
}  // namespace anim::ui
