// The State machine workspace's Parameters sidebar, headless: adding a parameter of a chosen
// type and naming it in place, renaming by double-click, removing, the live controls acting on
// the running machine, and the Shift ramp, which acts whether the sidebar is drawn or not.
#include <string>

#include <gtest/gtest.h>
#include <imgui.h>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/views/machine/parameters_panel.h"
#include "support/imgui_harness.h"
#include "support/rigs.h"
#include "support/setups.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

Model make_model() {
  ClipBuilder b("walk", 1.0f, 1);
  b.add_translation(0, 0.0f, glm::vec3(0.0f));
  return ModelOf("test://body", OneJoint(), {b.build()});
}

// speed in [0, 2] rising at 4 per second; armed, a bool; a state to run.
setup::Setup driven_setup() {
  return SetupOf("body.x",
                 {Bounded("speed", 0.0f, 2.0f, 0.0f, 4.0f), Param("armed", ParameterType::kBool)},
                 {State("Idle", "walk")});
}

class ParametersPanelTest : public ::testing::Test {
 protected:
  ParametersPanelTest() : h_(ImVec2(360.0f, 400.0f)), doc_(make_model(), "test://body") {
    EXPECT_TRUE(doc_.attach_setup(driven_setup(), "body.json").ok());
    doc_.use_state_machine();
    h_.set_draw([this] {
      if (draw_) testing::draw_panel(panel_, doc_, sel_);
    });
    h_.frames(2);
  }
  const setup::Setup& current() const { return *doc_.setup(); }
  StateMachineInstance& machine() { return *doc_.state_machine(); }
  // Types `name` into the open rename field `field` and clicks away to commit it.
  void Rename(const std::string& field, const std::string& name) {
    ASSERT_NE(panel_.rects.find(field), nullptr);
    h_.replace_text(name);
    h_.click_empty();
    h_.frames(2);
  }

  testing::ImGuiHarness h_;
  Document doc_;
  Selection sel_;
  ParametersPanel panel_;
  bool draw_ = true;
};

TEST_F(ParametersPanelTest, AddingAParameterAsksForItsTypeThenItsName) {
  ASSERT_TRUE(h_.click(panel_.rects, "add_parameter"));
  h_.frame();
  ASSERT_TRUE(h_.click(panel_.rects, "add_parameter=trigger"));
  h_.frames(2);
  ASSERT_EQ(current().parameters.size(), 3u);
  EXPECT_EQ(current().parameters[2].name, "parameter 1");
  EXPECT_EQ(current().parameters[2].type, ParameterType::kTrigger);
  EXPECT_EQ(sel_.parameter, "parameter 1") << "the Inspector shows the new one";
  // Its name field has the keyboard: typing names it.
  ASSERT_NO_FATAL_FAILURE(Rename("param_rename:2", "attack"));
  EXPECT_EQ(current().parameters[2].name, "attack");
  EXPECT_EQ(sel_.parameter, "attack");
  EXPECT_EQ(doc_.setup_history().undo_label(), "rename parameter parameter 1 to attack");
  EXPECT_EQ(panel_.rects.find("param_rename:2"), nullptr) << "the field closes";
  ASSERT_TRUE(doc_.undo_setup_edit());
  ASSERT_TRUE(doc_.undo_setup_edit());
  EXPECT_EQ(current().parameters.size(), 2u) << "adding and naming: two steps";
}

TEST_F(ParametersPanelTest, DoubleClickRenamesAndTheReferencesFollow) {
  ASSERT_TRUE(h_.click(panel_.rects, "param:1"));
  EXPECT_EQ(sel_.parameter, "armed");
  EXPECT_EQ(panel_.rects.find("param_rename:1"), nullptr) << "one click only selects";
  ASSERT_TRUE(h_.click(panel_.rects, "param:1", 2));
  h_.frames(2);
  ASSERT_NO_FATAL_FAILURE(Rename("param_rename:1", "ready"));
  EXPECT_EQ(current().parameters[1].name, "ready");
  EXPECT_EQ(sel_.parameter, "ready");
}

TEST_F(ParametersPanelTest, RemovingAParameterIsOneStep) {
  ASSERT_TRUE(h_.click(panel_.rects, "remove_parameter:0"));
  h_.frames(2);
  ASSERT_EQ(current().parameters.size(), 1u);
  EXPECT_EQ(current().parameters[0].name, "armed");
  EXPECT_EQ(doc_.setup_history().undo_label(), "remove parameter speed");
}

TEST_F(ParametersPanelTest, TheControlsDriveTheRunningMachine) {
  // The bool's checkbox.
  ASSERT_TRUE(h_.click(panel_.rects, "param_control:1"));
  EXPECT_FLOAT_EQ(machine().target(1), 1.0f);
  // The slider of speed in [0, 2]: its middle is 1.
  ASSERT_TRUE(h_.click(panel_.rects, "param_control:0"));
  EXPECT_NEAR(machine().target(0), 1.0f, 0.05f);
  EXPECT_FALSE(doc_.setup_history().can_undo()) << "driving is no edit";
}

// A vector3 in the narrow sidebar: x, y and z each a drag as wide as the column, stacked, so
// dragging z's moves z alone.
TEST(ParametersPanelVector, EachAxisIsAFullWidthDragOfItsOwn) {
  testing::ImGuiHarness h(ImVec2(360.0f, 400.0f));
  Document doc(make_model(), "test://body");
  ASSERT_TRUE(doc.attach_setup(SetupOf("body.x", {Param("armed", ParameterType::kBool),
                                                  Param("look", ParameterType::kVector3)},
                                       {State("Idle", "walk")}),
                               "body.json")
                  .ok());
  doc.use_state_machine();
  Selection sel;
  ParametersPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  const ItemRect* z = panel.rects.find("param_control:1");  // The last of the three: z.
  const ItemRect* name = panel.rects.find("param:1");
  ASSERT_NE(z, nullptr);
  ASSERT_NE(name, nullptr);
  // The Set column of a 360 px sidebar is about 150 px: one drag takes it all (three side by
  // side had 48 px each).
  EXPECT_GT(z->max.x - z->min.x, 100.0f);
  // Stacked: the z drag starts below the x and y rows that start at the name's.
  EXPECT_GT(z->min.y, name->min.y + 1.5f * ImGui::GetFrameHeight());
  h.mouse_to(z->center());
  h.mouse_button(true);
  h.mouse_to(ImVec2(z->center().x + 30.0f, z->center().y));
  h.mouse_to(ImVec2(z->center().x + 60.0f, z->center().y));
  h.mouse_button(false);
  const StateMachineInstance& sm = *doc.state_machine();
  const glm::vec3 v = sm.vector(sm.def().find_parameter("look"));
  EXPECT_GT(v.z, 0.2f);  // 0.01 a pixel.
  EXPECT_EQ(v.x, 0.0f);
  EXPECT_EQ(v.y, 0.0f);
}

TEST_F(ParametersPanelTest, TheShiftRampDrivesItsParameterWhateverIsDrawn) {
  ASSERT_TRUE(h_.choose(panel_.rects, "ramp", "speed"));
  h_.frame();
  EXPECT_EQ(panel_.ramp, "speed");
  // Only float parameters can be ramped: armed is not offered.
  ASSERT_TRUE(h_.click(panel_.rects, "ramp"));
  h_.frame();
  EXPECT_EQ(panel_.rects.find("ramp=armed"), nullptr);
  h_.click_empty();

  draw_ = false;  // The sidebar is not shown (the Animate workspace): the ramp still acts.
  h_.frame();
  ImGuiIO& io = ImGui::GetIO();
  io.KeyShift = true;
  h_.frame();
  panel_.apply_shift_ramp(doc_);
  EXPECT_FLOAT_EQ(machine().target(0), 2.0f) << "held: the max";
  doc_.update(0.25f);
  EXPECT_NEAR(machine().value(0), 1.0f, 1e-4f) << "rising at 4 per second";
  io.KeyShift = false;
  h_.frame();
  panel_.apply_shift_ramp(doc_);
  EXPECT_FLOAT_EQ(machine().target(0), 0.0f) << "released: the min";

  // Renamed away by an undo or removed, the ramp stops.
  draw_ = true;
  ASSERT_TRUE(h_.click(panel_.rects, "remove_parameter:0"));
  h_.frames(2);
  EXPECT_TRUE(panel_.ramp.empty());
}

TEST_F(ParametersPanelTest, WithoutARampShiftDoesNothing) {
  machine().set_value(0, 0.5f);
  ImGui::GetIO().KeyShift = true;
  h_.frame();
  panel_.apply_shift_ramp(doc_);
  ImGui::GetIO().KeyShift = false;
  EXPECT_FLOAT_EQ(machine().target(0), 0.5f);
}

}  // namespace
}  // namespace anim::ui
