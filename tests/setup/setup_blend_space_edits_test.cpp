// The blend space editor's edits of points (anim/setup/blend_space_edits.h), driven directly.
#include <limits>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "anim/setup/blend_space_edits.h"
#include "anim/setup/setup.h"

namespace anim::setup {
namespace {

using ::testing::ElementsAre;

// "clip@x" (1D) or "clip@x,y" (2D) for each point, in order.
std::vector<std::string> Describe(const SetupBlendSpace& space) {
  std::vector<std::string> out;
  for (const SetupBlendPoint& p : space.points) {
    std::string text = p.clip + "@" + std::to_string(p.position).substr(0, 4);
    if (p.position_y) text += "," + std::to_string(*p.position_y).substr(0, 4);
    out.push_back(text);
  }
  return out;
}

SetupBlendPoint point(const std::string& clip, float x) {
  SetupBlendPoint p;
  p.clip = clip;
  p.position = x;
  return p;
}

SetupBlendPoint point(const std::string& clip, float x, float y) {
  SetupBlendPoint p = point(clip, x);
  p.position_y = y;
  return p;
}

// Space 0: 1D over "speed", walk at 0, run at 2. Space 1: 2D over ("x", "y"), idle at the
// centre, fwd above, right to the side.
setup::Setup two_spaces() {
  setup::Setup setup;
  SetupBlendSpace line;
  line.name = "Move";
  line.parameter = "speed";
  line.points = {point("walk", 0.0f), point("run", 2.0f)};
  SetupBlendSpace plane;
  plane.name = "Strafe";
  plane.parameter = "x";
  plane.parameter_y = "y";
  plane.points = {point("idle", 0, 0), point("fwd", 0, 1), point("right", 1, 0)};
  setup.blend_spaces = {line, plane};
  return setup;
}

TEST(SetupBlendSpaceEditsTest, OneDimensionalPointsAreInsertedInAxisOrder) {
  setup::Setup setup = two_spaces();
  int added = -1;
  ASSERT_TRUE(add_blend_point(setup, 0, "jog", {1.0f, 7.0f}, &added));
  EXPECT_EQ(added, 1);  // Between walk (0) and run (2); the y is ignored in 1D.
  ASSERT_TRUE(add_blend_point(setup, 0, "back", {-1.0f, 0.0f}, &added));
  EXPECT_EQ(added, 0);
  ASSERT_TRUE(add_blend_point(setup, 0, "sprint", {3.0f, 0.0f}, &added));
  EXPECT_EQ(added, 4);
  EXPECT_THAT(Describe(setup.blend_spaces[0]),
              ElementsAre("back@-1.0", "walk@0.00", "jog@1.00", "run@2.00", "sprint@3.00"));
  EXPECT_FALSE(setup.blend_spaces[0].points[2].position_y.has_value()) << "1D stays 1D";
}

TEST(SetupBlendSpaceEditsTest, TwoDimensionalPointsAreAppendedWithBothCoordinates) {
  setup::Setup setup = two_spaces();
  int added = -1;
  ASSERT_TRUE(add_blend_point(setup, 1, "left", {-1.0f, 0.0f}, &added));
  EXPECT_EQ(added, 3);
  // Same x as fwd, other y: a new place.
  ASSERT_TRUE(add_blend_point(setup, 1, "back", {0.0f, -1.0f}, &added));
  EXPECT_EQ(added, 4);
  EXPECT_THAT(Describe(setup.blend_spaces[1]),
              ElementsAre("idle@0.00,0.00", "fwd@0.00,1.00", "right@1.00,0.00", "left@-1.0,0.00",
                          "back@0.00,-1.0"));
}

TEST(SetupBlendSpaceEditsTest, AddingRefusesTakenPlacesBadSpacesEmptyClipsAndNonFiniteValues) {
  setup::Setup setup = two_spaces();
  const setup::Setup before = setup;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  int added = 42;
  EXPECT_FALSE(add_blend_point(setup, 0, "jog", {2.0f, 5.0f}, &added));   // run's place.
  EXPECT_FALSE(add_blend_point(setup, 0, "jog", {-0.0f, 0.0f}, &added));  // walk's: -0 is 0.
  EXPECT_FALSE(add_blend_point(setup, 1, "jog", {1.0f, 0.0f}, &added));   // right's.
  EXPECT_FALSE(add_blend_point(setup, 2, "jog", {5.0f, 5.0f}, &added));   // No space 2.
  EXPECT_FALSE(add_blend_point(setup, -1, "jog", {5.0f, 5.0f}, &added));
  EXPECT_FALSE(add_blend_point(setup, 0, "", {5.0f, 0.0f}, &added));
  EXPECT_FALSE(add_blend_point(setup, 0, "jog", {nan, 0.0f}, &added));
  EXPECT_FALSE(add_blend_point(setup, 1, "jog", {0.5f, inf}, &added));
  EXPECT_EQ(added, 42) << "untouched when refused";
  EXPECT_EQ(to_json_text(setup), to_json_text(before));
  // A 1D space ignores y, so a y that is not finite does not matter there.
  EXPECT_TRUE(add_blend_point(setup, 0, "jog", {1.0f, nan}));
}

TEST(SetupBlendSpaceEditsTest, MovingAOneDimensionalPointPastItsNeighboursKeepsTheOrder) {
  setup::Setup setup = two_spaces();
  ASSERT_TRUE(add_blend_point(setup, 0, "sprint", {4.0f, 0.0f}));  // walk 0, run 2, sprint 4.
  int moved_to = -1;
  ASSERT_TRUE(move_blend_point(setup, 0, 0, {3.0f, 0.0f}, &moved_to));  // walk past run.
  EXPECT_EQ(moved_to, 1);
  EXPECT_THAT(Describe(setup.blend_spaces[0]), ElementsAre("run@2.00", "walk@3.00", "sprint@4.00"));
  ASSERT_TRUE(move_blend_point(setup, 0, 2, {-5.0f, 0.0f}, &moved_to));  // sprint to the front.
  EXPECT_EQ(moved_to, 0);
  EXPECT_THAT(Describe(setup.blend_spaces[0]), ElementsAre("sprint@-5.0", "run@2.00", "walk@3.00"));
  ASSERT_TRUE(move_blend_point(setup, 0, 1, {2.5f, 0.0f}, &moved_to));  // Between its neighbours.
  EXPECT_EQ(moved_to, 1);
  EXPECT_THAT(Describe(setup.blend_spaces[0]), ElementsAre("sprint@-5.0", "run@2.50", "walk@3.00"));
}

TEST(SetupBlendSpaceEditsTest, MovingReportsNoChangeAndRefusesTakenPlacesAndBadIndices) {
  setup::Setup setup = two_spaces();
  int moved_to = 42;
  EXPECT_FALSE(move_blend_point(setup, 0, 1, {2.0f, 9.0f}, &moved_to));  // Already there.
  EXPECT_FALSE(move_blend_point(setup, 0, 1, {0.0f, 0.0f}, &moved_to));  // walk's place.
  EXPECT_FALSE(move_blend_point(setup, 1, 2, {0.0f, 1.0f}, &moved_to));  // fwd's place.
  EXPECT_FALSE(move_blend_point(setup, 1, 3, {5.0f, 5.0f}, &moved_to));  // No point 3.
  EXPECT_FALSE(move_blend_point(setup, 1, -1, {5.0f, 5.0f}, &moved_to));
  EXPECT_FALSE(move_blend_point(setup, 3, 0, {5.0f, 5.0f}, &moved_to));
  EXPECT_FALSE(move_blend_point(setup, 1, 0, {std::numeric_limits<float>::infinity(), 0.0f}));
  EXPECT_EQ(moved_to, 42);
  EXPECT_EQ(to_json_text(setup), to_json_text(two_spaces()));

  // In 2D a point keeps its index; moving onto its own place in one coordinate is fine.
  ASSERT_TRUE(move_blend_point(setup, 1, 2, {1.0f, 0.5f}, &moved_to));
  EXPECT_EQ(moved_to, 2);
  EXPECT_THAT(Describe(setup.blend_spaces[1]),
              ElementsAre("idle@0.00,0.00", "fwd@0.00,1.00", "right@1.00,0.50"));
}

TEST(SetupBlendSpaceEditsTest, MovingA2DPointWithoutItsYGivesItOne) {
  // A point of a 2D space written with one number (a problem validation reports) gets both
  // coordinates when moved, even to x it already has.
  setup::Setup setup = two_spaces();
  setup.blend_spaces[1].points[2].position_y.reset();
  ASSERT_TRUE(move_blend_point(setup, 1, 2, {1.0f, 0.0f}));
  EXPECT_EQ(setup.blend_spaces[1].points[2].position_y, std::optional<float>(0.0f));
}

TEST(SetupBlendSpaceEditsTest, ChangingAClipReportsWhetherItChanged) {
  setup::Setup setup = two_spaces();
  EXPECT_TRUE(set_blend_point_clip(setup, 1, 1, "walk"));
  EXPECT_EQ(setup.blend_spaces[1].points[1].clip, "walk");
  EXPECT_FALSE(set_blend_point_clip(setup, 1, 1, "walk"));  // Already.
  EXPECT_FALSE(set_blend_point_clip(setup, 1, 1, ""));
  EXPECT_FALSE(set_blend_point_clip(setup, 1, 3, "walk"));
  EXPECT_FALSE(set_blend_point_clip(setup, 2, 0, "walk"));
  EXPECT_EQ(setup.blend_spaces[1].points[1].clip, "walk");
}

TEST(SetupBlendSpaceEditsTest, RemovingKeepsTheLastPointAndRefusesBadIndices) {
  setup::Setup setup = two_spaces();
  EXPECT_FALSE(remove_blend_point(setup, 0, 2));
  EXPECT_FALSE(remove_blend_point(setup, 0, -1));
  EXPECT_FALSE(remove_blend_point(setup, 5, 0));
  ASSERT_TRUE(remove_blend_point(setup, 0, 0));
  EXPECT_THAT(Describe(setup.blend_spaces[0]), ElementsAre("run@2.00"));
  EXPECT_FALSE(remove_blend_point(setup, 0, 0)) << "a blend space needs a point";
  ASSERT_TRUE(remove_blend_point(setup, 1, 1));
  EXPECT_THAT(Describe(setup.blend_spaces[1]), ElementsAre("idle@0.00,0.00", "right@1.00,0.00"));
}

TEST(SetupBlendSpaceEditsTest, TakenPositionsCompareTheCoordinatesTheSpaceUses) {
  const setup::Setup setup = two_spaces();
  const SetupBlendSpace& line = setup.blend_spaces[0];
  const SetupBlendSpace& plane = setup.blend_spaces[1];
  EXPECT_TRUE(blend_position_taken(line, {2.0f, 123.0f}));
  EXPECT_FALSE(blend_position_taken(line, {2.0f, 0.0f}, 1)) << "run itself is left out";
  EXPECT_FALSE(blend_position_taken(line, {1.0f, 0.0f}));
  EXPECT_TRUE(blend_position_taken(plane, {0.0f, 1.0f}));
  EXPECT_FALSE(blend_position_taken(plane, {0.0f, 2.0f}));
  EXPECT_FALSE(blend_position_taken(plane, {1.0f, 1.0f}));
  const Point2 p = blend_point_position(line.points[1]);
  EXPECT_EQ(p.x, 2.0f);
  EXPECT_EQ(p.y, 0.0f);
}

}  // namespace
}  // namespace anim::setup
