// Headless tests of the blend space editor: drawn in an ImGui window without a display and
// driven through ImGui's mouse and keyboard input; edits are checked on the Document, the drawn
// places against the mapping worked out by hand from the plot's rectangle.
#include "anim/ui/views/machine/blend_space_editor.h"

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/document.h"
#include "support/clips.h"
#include "support/imgui_harness.h"
#include "support/rigs.h"
#include "support/setups.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

using Harness = testing::ImGuiHarness;

// One joint and six clips; the editor works by clip names.
Model make_model() {
  Model model = ModelOf("", OneJoint());
  for (const char* name : {"idle", "fwd", "right", "left", "back", "run"}) {
    model.clips.push_back(SlideClip(name, 1.0f, glm::vec3(0.0f), glm::vec3(1.0f)));
  }
  return model;
}

// Space 0: the diamond, 2D over x and y in [-1, 1]: idle (0, 0), fwd (0, 1), right (1, 0),
// left (-1, 0), back (0, -1). Space 1: 1D over speed in [0, 4]: idle at 0, run at 2. A state
// plays each; the diamond's is the default.
setup::Setup diamond_setup() {
  setup::Setup setup =
      SetupOf("test.x", {Bounded("x", -1, 1), Bounded("y", -1, 1), Bounded("speed", 0, 4)},
              {State("Strafe", "Strafe"), State("Move", "Move")});
  setup.blend_spaces = {Space("Strafe", "x",
                              {Point("idle", 0, 0), Point("fwd", 0, 1), Point("right", 1, 0),
                               Point("left", -1, 0), Point("back", 0, -1)},
                              "y"),
                        Space("Move", "speed", {Point("idle", 0.0f), Point("run", 2.0f)})};
  return setup;
}

class BlendSpaceEditorTest : public ::testing::Test {
 protected:
  BlendSpaceEditorTest() : doc_(make_model(), "test.x"), h_(ImVec2(640.0f, 620.0f)) {
    const Status attached = doc_.attach_unsaved_setup(diamond_setup());
    EXPECT_TRUE(attached.ok()) << attached.error().message;
    h_.set_draw([this] { testing::draw_panel(editor_, doc_, space_); });
    h_.frames(2);
  }

  ItemRect rect(const std::string& name) {
    const ItemRect* r = editor_.rects.find(name);
    EXPECT_NE(r, nullptr) << name;
    return r != nullptr ? *r : ItemRect{};
  }
  // The screen place of a value of the diamond's plane: x runs from -1 at the plot's left to 1
  // at its right, y from -1 at its bottom to 1 at its top.
  ImVec2 on_plane(float x, float y) {
    const ItemRect plot = rect("plot");
    return ImVec2(plot.min.x + (x + 1.0f) * 0.5f * (plot.max.x - plot.min.x),
                  plot.max.y - (y + 1.0f) * 0.5f * (plot.max.y - plot.min.y));
  }
  // The whole pixel nearest a value: the mouse goes there (ImGui keeps whole pixels), within half
  // a pixel of the value, which the editor's snapping to 0.01 absorbs (a pixel is 2 / 362).
  ImVec2 at_pixel(float x, float y) {
    const ImVec2 at = on_plane(x, y);
    return ImVec2(std::round(at.x), std::round(at.y));
  }
  // ImGui floors the mouse position to whole pixels: the values a drive sets are those of the
  // floored place, x = -1 + 2 (px - left) / width, y = -1 + 2 (bottom - py) / height.
  Point2 on_plane_value(ImVec2 at) {
    const ItemRect plot = rect("plot");
    return {-1.0f + 2.0f * (std::floor(at.x) - plot.min.x) / (plot.max.x - plot.min.x),
            -1.0f + 2.0f * (plot.max.y - std::floor(at.y)) / (plot.max.y - plot.min.y)};
  }
  const setup::SetupBlendSpace& space() const { return doc_.setup()->blend_spaces[0]; }
  // Frames for a popup to settle, then a left click on its entry `name`.
  void click_menu(const std::string& name) {
    h_.frames(3);
    ASSERT_TRUE(h_.click(editor_.rects, name)) << name;
  }
  void set_values(float x, float y) {
    StateMachineInstance* sm = doc_.state_machine();
    ASSERT_NE(sm, nullptr);
    ASSERT_TRUE(sm->set_float("x", x));
    ASSERT_TRUE(sm->set_float("y", y));
  }

  Document doc_;
  Harness h_;
  BlendSpaceEditor editor_;
  int space_ = 0;
};

TEST_F(BlendSpaceEditorTest, ThePlotIsSquareAndEachPointIsDrawnAtItsPosition) {
  const ItemRect plot = rect("plot");
  EXPECT_FLOAT_EQ(plot.max.x - plot.min.x, plot.max.y - plot.min.y);
  EXPECT_GT(plot.max.x - plot.min.x, 200.0f) << "half a pixel is less than half of 0.01";
  const char* names[] = {"point:0", "point:1", "point:2", "point:3", "point:4"};
  const float xs[] = {0, 0, 1, -1, 0}, ys[] = {0, 1, 0, 0, -1};
  for (int j = 0; j < 5; ++j) {
    const ImVec2 expected = on_plane(xs[j], ys[j]);
    EXPECT_NEAR(rect(names[j]).center().x, expected.x, 0.01f) << names[j];
    EXPECT_NEAR(rect(names[j]).center().y, expected.y, 0.01f) << names[j];
  }
  EXPECT_EQ(editor_.rects.find("point:5"), nullptr);
}

TEST_F(BlendSpaceEditorTest, TheMarkerAndWeightsFollowTheMachinesValues) {
  // At (0.25, 0.25) the triangle idle-right-fwd holds the point: right's barycentric weight is
  // x, fwd's is y, idle's the rest.
  set_values(0.25f, 0.25f);
  h_.frames(1);
  const ImVec2 at = on_plane(0.25f, 0.25f);
  EXPECT_NEAR(rect("marker").center().x, at.x, 0.01f);
  EXPECT_NEAR(rect("marker").center().y, at.y, 0.01f);
  const std::vector<float>& w = editor_.shown_weights();
  ASSERT_EQ(w.size(), 5u);
  EXPECT_NEAR(w[0], 0.5f, 1e-5f);   // idle
  EXPECT_NEAR(w[1], 0.25f, 1e-5f);  // fwd
  EXPECT_NEAR(w[2], 0.25f, 1e-5f);  // right
  EXPECT_EQ(w[3], 0.0f);            // left
  EXPECT_EQ(w[4], 0.0f);            // back

  // (-0.5, -0.25) lies in idle-left-back: left 0.5, back 0.25, idle 0.25.
  set_values(-0.5f, -0.25f);
  h_.frames(1);
  EXPECT_NEAR(rect("marker").center().x, on_plane(-0.5f, -0.25f).x, 0.01f);
  EXPECT_NEAR(rect("marker").center().y, on_plane(-0.5f, -0.25f).y, 0.01f);
  EXPECT_NEAR(editor_.shown_weights()[0], 0.25f, 1e-5f);
  EXPECT_NEAR(editor_.shown_weights()[3], 0.5f, 1e-5f);
  EXPECT_NEAR(editor_.shown_weights()[4], 0.25f, 1e-5f);
  EXPECT_EQ(editor_.shown_weights()[1], 0.0f);
}

TEST_F(BlendSpaceEditorTest, DraggingAPointMovesItToTheValueUnderTheMouseAsOneUndoStep) {
  const ImVec2 grab = rect("point:2").center();  // right, at (1, 0).
  const ImVec2 drop = at_pixel(0.5f, -0.25f);
  h_.mouse_to(grab);
  h_.mouse_button(true);
  for (int step = 1; step <= 4; ++step) {
    const float t = static_cast<float>(step) / 4.0f;
    h_.mouse_to(ImVec2(grab.x + (drop.x - grab.x) * t, grab.y + (drop.y - grab.y) * t));
  }
  EXPECT_FALSE(doc_.setup_history().can_undo()) << "nothing is committed mid-drag";
  // Within the snapping step (0.01 of 2 units over the plot's width) of the mouse.
  EXPECT_NEAR(rect("point:2").center().x, drop.x, 1.5f) << "the dot follows the mouse";
  EXPECT_NEAR(rect("point:2").center().y, drop.y, 1.5f) << "the dot follows the mouse";
  h_.mouse_button(false);

  ASSERT_EQ(space().points.size(), 5u);
  EXPECT_EQ(space().points[2].clip, "right");
  EXPECT_EQ(space().points[2].position, 0.5f);
  EXPECT_EQ(space().points[2].position_y, std::optional<float>(-0.25f));
  EXPECT_EQ(doc_.setup_history().undo_label(), "move point right of blend space Strafe");
  EXPECT_EQ(editor_.selected, 2);
  ASSERT_TRUE(doc_.undo_setup_edit());
  EXPECT_EQ(space().points[2].position, 1.0f);
  EXPECT_FALSE(doc_.setup_history().can_undo()) << "the drag was one step";

  // A click without a move is no edit.
  h_.frames(1);
  h_.click_at(rect("point:2").center());
  EXPECT_FALSE(doc_.setup_history().can_undo());
  // Dropped on another point's place (fwd's): refused, the point stays.
  h_.mouse_to(rect("point:2").center());
  h_.mouse_button(true);
  h_.mouse_to(at_pixel(0.5f, 0.5f));
  h_.mouse_to(at_pixel(0.0f, 1.0f));
  h_.mouse_button(false);
  EXPECT_FALSE(doc_.setup_history().can_undo());
  EXPECT_EQ(space().points[2].position, 1.0f);
}

TEST_F(BlendSpaceEditorTest, DoubleClickingEmptySpaceAddsTheFirstUnusedClipThere) {
  h_.click_at(at_pixel(0.5f, 0.5f), 2);
  ASSERT_EQ(space().points.size(), 6u);
  EXPECT_EQ(space().points[5].clip, "run");  // The only clip the space does not use.
  EXPECT_EQ(space().points[5].position, 0.5f);
  EXPECT_EQ(space().points[5].position_y, std::optional<float>(0.5f));
  EXPECT_EQ(doc_.setup_history().undo_label(), "add point run of blend space Strafe");
  EXPECT_EQ(editor_.selected, 5);
  h_.frames(1);
  EXPECT_NEAR(rect("point:5").center().x, on_plane(0.5f, 0.5f).x, 0.01f);
}

TEST_F(BlendSpaceEditorTest, TheEmptySpacesMenuAddsAPointOfTheChosenClip) {
  h_.right_click_at(at_pixel(-0.5f, 0.75f));
  h_.frames(3);
  ASSERT_NE(editor_.rects.find("menu:add"), nullptr);
  h_.mouse_to(rect("menu:add").center());  // Hovering opens the clip list.
  click_menu("menu:add:back");
  ASSERT_EQ(space().points.size(), 6u);
  EXPECT_EQ(space().points[5].clip, "back");
  EXPECT_EQ(space().points[5].position, -0.5f);
  EXPECT_EQ(space().points[5].position_y, std::optional<float>(0.75f));
  EXPECT_EQ(doc_.setup_history().undo_label(), "add point back of blend space Strafe");
}

TEST_F(BlendSpaceEditorTest, APointsMenuChangesItsClipAndRemovesIt) {
  h_.right_click_at(rect("point:1").center());  // fwd
  EXPECT_EQ(editor_.selected, 1);
  h_.frames(3);
  h_.mouse_to(rect("menu:clip").center());
  click_menu("menu:clip:run");
  EXPECT_EQ(space().points[1].clip, "run");
  EXPECT_EQ(doc_.setup_history().undo_label(),
            "set clip of point fwd to run of blend space Strafe");

  h_.frames(1);
  h_.right_click_at(rect("point:3").center());  // left
  click_menu("menu:remove");
  ASSERT_EQ(space().points.size(), 4u);
  EXPECT_EQ(space().points[3].clip, "back");
  EXPECT_EQ(doc_.setup_history().undo_label(), "remove point left of blend space Strafe");
  ASSERT_TRUE(doc_.undo_setup_edit());
  EXPECT_EQ(space().points.size(), 5u);
}

TEST_F(BlendSpaceEditorTest, DeleteRemovesTheSelectedPointWhileTheMouseIsOverTheSpace) {
  h_.click_at(rect("point:4").center());  // back
  EXPECT_EQ(editor_.selected, 4);
  h_.press(testing::kDeleteKey);
  ASSERT_EQ(space().points.size(), 4u);
  EXPECT_EQ(doc_.setup_history().undo_label(), "remove point back of blend space Strafe");
  EXPECT_EQ(editor_.selected, -1);
  // Clicking empty space drops the selection: Delete then does nothing.
  h_.click_at(rect("point:0").center());
  h_.click_at(on_plane(0.6f, -0.6f));
  EXPECT_EQ(editor_.selected, -1);
  h_.press(testing::kDeleteKey);
  EXPECT_EQ(space().points.size(), 4u);
}

TEST_F(BlendSpaceEditorTest, TheListBesideTheSquareShowsTheWeightsAndSelectsPoints) {
  // The square is 420 pixels in a 624-pixel-wide window: the list fits beside it.
  set_values(0.25f, 0.25f);
  h_.frames(1);
  const ItemRect fwd = rect("legend:1");
  EXPECT_GT(fwd.min.x, rect("canvas").max.x);
  ASSERT_TRUE(h_.click(editor_.rects, "legend:1"));
  EXPECT_EQ(editor_.selected, 1);
  EXPECT_FALSE(doc_.setup_history().can_undo()) << "selecting is no edit";
  // Delete acts while the mouse is over the space.
  h_.mouse_to(at_pixel(-0.5f, 0.5f));
  h_.press(testing::kDeleteKey);
  ASSERT_EQ(space().points.size(), 4u);
  EXPECT_EQ(space().points[1].clip, "right");
  EXPECT_EQ(doc_.setup_history().undo_label(), "remove point fwd of blend space Strafe");
}

TEST_F(BlendSpaceEditorTest, CtrlDraggingSetsTheParametersAndEditsNothing) {
  StateMachineInstance* sm = doc_.state_machine();
  ASSERT_NE(sm, nullptr);
  const int x = sm->def().find_parameter("x"), y = sm->def().find_parameter("y");
  ImGuiIO& io = ImGui::GetIO();
  io.KeyCtrl = true;
  const ImVec2 press = on_plane(-0.5f, 0.5f);
  h_.mouse_to(press);
  h_.mouse_button(true);
  EXPECT_NEAR(sm->target(x), on_plane_value(press).x, 1e-5f);
  EXPECT_NEAR(sm->target(y), on_plane_value(press).y, 1e-5f);
  EXPECT_NEAR(sm->target(x), -0.5f, 0.006f) << "within a pixel";
  // Over a point: still the parameters, not the point.
  const ImVec2 over = rect("point:2").center();
  h_.mouse_to(over);
  EXPECT_NEAR(sm->target(x), on_plane_value(over).x, 1e-5f);
  EXPECT_NEAR(sm->target(y), on_plane_value(over).y, 1e-5f);
  h_.mouse_button(false);
  io.KeyCtrl = false;
  EXPECT_FALSE(doc_.setup_history().can_undo());
  EXPECT_EQ(space().points[2].position, 1.0f);
  h_.frames(1);
  EXPECT_NEAR(rect("marker").center().x, std::floor(over.x), 0.01f);
  EXPECT_NEAR(rect("marker").center().y, std::floor(over.y), 0.01f);
  EXPECT_NEAR(editor_.shown_weights()[2], 1.0f, 0.01f) << "at right, within a pixel";

  // The Drive box does the same without Ctrl; values stay inside the parameters' ranges.
  ASSERT_TRUE(h_.click(editor_.rects, "drive"));
  EXPECT_TRUE(editor_.drive);
  const ImVec2 start = on_plane(0.25f, -0.75f);
  h_.mouse_to(start);
  h_.mouse_button(true);
  h_.mouse_to(ImVec2(start.x, on_plane(0.0f, -3.0f).y));  // Below the plot.
  h_.mouse_button(false);
  EXPECT_NEAR(sm->target(x), on_plane_value(start).x, 1e-5f);
  EXPECT_EQ(sm->target(y), -1.0f);
  EXPECT_FALSE(doc_.setup_history().can_undo());
}

TEST_F(BlendSpaceEditorTest, AOneDimensionalSpaceIsALineWithItsWeights) {
  space_ = 1;  // Move: idle at 0, run at 2, over speed in [0, 4].
  ASSERT_TRUE(doc_.state_machine()->set_float("speed", 0.5f));
  h_.frames(2);
  const ItemRect plot = rect("plot");
  const float mid = (plot.min.y + plot.max.y) * 0.5f;
  const auto on_line = [&](float speed) {
    return ImVec2(plot.min.x + speed / 4.0f * (plot.max.x - plot.min.x), mid);
  };
  EXPECT_NEAR(rect("point:0").center().x, on_line(0.0f).x, 0.01f);
  EXPECT_NEAR(rect("point:1").center().x, on_line(2.0f).x, 0.01f);
  EXPECT_NEAR(rect("point:1").center().y, mid, 0.01f);
  EXPECT_NEAR(rect("marker").center().x, on_line(0.5f).x, 0.01f);
  // A quarter of the way from idle to run.
  ASSERT_EQ(editor_.shown_weights().size(), 2u);
  EXPECT_NEAR(editor_.shown_weights()[0], 0.75f, 1e-5f);
  EXPECT_NEAR(editor_.shown_weights()[1], 0.25f, 1e-5f);

  // Dragging idle past run puts it after run in the list, and the selection follows it.
  h_.mouse_to(rect("point:0").center());
  h_.mouse_button(true);
  // Whole pixels, within half a pixel (4 / width) of the values: snapping to 0.01 absorbs it.
  h_.mouse_to(ImVec2(std::round(on_line(2.0f).x), mid));
  h_.mouse_to(ImVec2(std::round(on_line(3.0f).x), mid));
  h_.mouse_button(false);
  const setup::SetupBlendSpace& line = doc_.setup()->blend_spaces[1];
  ASSERT_EQ(line.points.size(), 2u);
  EXPECT_EQ(line.points[0].clip, "run");
  EXPECT_EQ(line.points[0].position, 2.0f);
  EXPECT_EQ(line.points[1].clip, "idle");
  EXPECT_EQ(line.points[1].position, 3.0f);  // Snapped to 0.01 (of a 4-unit axis).
  EXPECT_FALSE(line.points[1].position_y.has_value());
  EXPECT_EQ(editor_.selected, 1);
}

TEST(BlendSpaceEditorAxes, RangesComeFromTheParameterElseFromThePoints) {
  setup::Setup setup;
  setup.parameters = {Bounded("x", -1, 1), Bounded("y", 2, 2)};
  setup::SetupParameter open;
  open.name = "z";
  setup.parameters.push_back(open);
  AxisRange r = axis_range(setup, "x", {0.0f, 0.5f});
  EXPECT_EQ(r.min, -1.0f);
  EXPECT_EQ(r.max, 1.0f);
  r = axis_range(setup, "x", {0.0f, 3.0f});  // A point outside widens it.
  EXPECT_EQ(r.min, -1.0f);
  EXPECT_EQ(r.max, 3.0f);
  // y's range is empty and z has none: the points' extent, 0 to 5, and a tenth more each side.
  r = axis_range(setup, "y", {0.0f, 5.0f});
  EXPECT_FLOAT_EQ(r.min, -0.5f);
  EXPECT_FLOAT_EQ(r.max, 5.5f);
  r = axis_range(setup, "z", {4.0f});
  EXPECT_EQ(r.min, 3.0f);
  EXPECT_EQ(r.max, 5.0f);
  r = axis_range(setup, "unknown", {});
  EXPECT_EQ(r.min, -1.0f);
  EXPECT_EQ(r.max, 1.0f);
}

TEST(BlendSpaceEditorAxes, DraggedValuesSnapToARoundStepNearAHundredthOfTheAxis) {
  EXPECT_EQ(snap_to_axis(0.347f, 2.0f), 0.35f);  // Step 0.01.
  EXPECT_EQ(snap_to_axis(-0.2449f, 2.0f), -0.24f);
  EXPECT_EQ(snap_to_axis(0.0123f, 0.5f), 0.012f);      // Step 0.001.
  EXPECT_EQ(snap_to_axis(123.4f, 500.0f), 123.0f);     // Step 1.
  EXPECT_EQ(snap_to_axis(1234.0f, 5000.0f), 1230.0f);  // Step 10.
  EXPECT_FALSE(std::signbit(snap_to_axis(-0.001f, 2.0f))) << "0, not -0";
}

}  // namespace
}  // namespace anim::ui
