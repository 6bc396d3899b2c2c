// The Curves panel through headless ImGui: a click or drag in the plot scrubs the clip, the
// rotation toggle switches Euler angles for quaternion components, the wheel zooms about the
// mouse and a right drag pans.
#include <cmath>

#include <gtest/gtest.h>
#include <imgui.h>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/views/animate/curves_panel.h"
#include "support/imgui_harness.h"
#include "support/rigs.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

using Harness = testing::ImGuiHarness;

// Two joints; in "walk" (2 s) the root slides along x (x == t) and the child turns about Z.
Model make_model() {
  ClipBuilder walk("walk", 2.0f, 2);
  walk.add_translation(0, 0.0f, glm::vec3(0.0f));
  walk.add_translation(0, 2.0f, glm::vec3(2.0f, 0.0f, 0.0f));
  walk.add_rotation(1, 0.0f, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  walk.add_rotation(1, 2.0f, glm::angleAxis(glm::radians(60.0f), glm::vec3(0.0f, 0.0f, 1.0f)));
  return ModelOf("test://curves", Rig({"root", "child"}, {-1, 0}), {walk.build()});
}

struct Fixture {
  Harness h{ImVec2(900.0f, 300.0f)};
  Document doc{make_model(), "test://curves"};
  Selection sel;
  CurvesPanel panel;
  ItemRect plot;

  Fixture() {
    sel.joint = 0;
    h.set_draw([this] { testing::draw_panel(panel, doc, sel); });
    h.frames(2);
    const ItemRect* p = panel.rects.find("plot");
    EXPECT_NE(p, nullptr);
    if (p) plot = *p;
  }
  float width() const { return plot.max.x - plot.min.x; }
  float time_at(float x) const {
    const float span = doc.duration() / panel.zoom;
    return panel.view_start + (x - plot.min.x) / width() * span;
  }
};

TEST(CurvesPanel, ClickingThePlotScrubsToThatTime) {
  Fixture f;
  ASSERT_GT(f.width(), 100.0f);
  f.doc.set_playing(false);
  const float x = std::round(f.plot.min.x + f.width() * 0.25f);
  f.h.click_at(ImVec2(x, f.plot.center().y));
  EXPECT_NEAR(f.doc.time(), 0.5f, 2.0f / f.width() * 2.0f);  // A quarter of 2 s, to a pixel.
  EXPECT_NEAR(f.doc.time(), f.time_at(x), 1e-4f);
  // The pose follows: the root's x is the time.
  EXPECT_NEAR(f.doc.local_pose()[0].translation.x, f.doc.time(), 1e-4f);
  EXPECT_FALSE(f.doc.playing());  // It was paused and stays so.
}

TEST(CurvesPanel, DraggingScrubsPausedAndPlaybackResumesOnRelease) {
  Fixture f;
  ASSERT_TRUE(f.doc.playing());
  const float y = f.plot.center().y;
  const float x1 = std::round(f.plot.min.x + f.width() * 0.1f);
  const float x2 = std::round(f.plot.min.x + f.width() * 0.8f);
  f.h.mouse_to(ImVec2(x1, y));
  f.h.mouse_button(true);
  EXPECT_NEAR(f.doc.time(), f.time_at(x1), 1e-4f);
  EXPECT_FALSE(f.doc.playing());
  f.h.mouse_to(ImVec2(x2, y));
  EXPECT_NEAR(f.doc.time(), f.time_at(x2), 1e-4f);
  EXPECT_NEAR(f.doc.time(), 1.6f, 0.01f);
  f.h.mouse_button(false);
  EXPECT_TRUE(f.doc.playing());
}

TEST(CurvesPanel, ShowsTheSelectedJointsChannelsAndTheToggleSwitchesRotation) {
  Fixture f;
  ASSERT_EQ(f.panel.curves().size(), 3u);  // root: tx ty tz.
  EXPECT_EQ(f.panel.curves()[0].name, "tx");
  f.sel.joint = 1;
  f.h.frame();
  ASSERT_EQ(f.panel.curves().size(), 3u);  // child: rx ry rz, in degrees.
  EXPECT_EQ(f.panel.curves()[2].name, "rz");
  EXPECT_NEAR(f.panel.curves()[2].points.back().y, 60.0f, 1e-3f);
  ASSERT_TRUE(f.h.click(f.panel.rects, "quaternion"));
  EXPECT_EQ(f.panel.rotation_view, RotationView::kQuaternion);
  ASSERT_EQ(f.panel.curves().size(), 4u);
  EXPECT_EQ(f.panel.curves()[3].name, "qw");
  EXPECT_NEAR(f.panel.curves()[3].points.back().y, std::cos(glm::radians(30.0f)), 1e-4f);
  ASSERT_TRUE(f.h.click(f.panel.rects, "euler"));
  EXPECT_EQ(f.panel.rotation_view, RotationView::kEulerDegrees);
}

TEST(CurvesPanel, TheWheelZoomsAboutTheMouseAndARightDragPans) {
  Fixture f;
  f.doc.set_playing(false);
  const float x = std::round(f.plot.min.x + f.width() * 0.5f);
  const float y = f.plot.center().y;
  f.h.mouse_to(ImVec2(x, y));
  const float before = f.time_at(x);
  ImGui::GetIO().MouseWheel = 3.0f;
  f.h.frame();
  ImGui::GetIO().MouseWheel = 0.0f;
  EXPECT_NEAR(f.panel.zoom, std::pow(1.25f, 3.0f), 1e-4f);
  EXPECT_NEAR(f.time_at(x), before, 1e-4f);  // The time under the mouse stays put.
  const float start = f.panel.view_start;
  const float time = f.doc.time();
  f.h.mouse_button(true, 1);
  f.h.mouse_to(ImVec2(x - 100.0f, y));
  f.h.mouse_button(false, 1);
  const float span = 2.0f / f.panel.zoom;
  EXPECT_NEAR(f.panel.view_start, start + 100.0f / f.width() * span, 1e-3f);
  EXPECT_FLOAT_EQ(f.doc.time(), time);  // Panning does not scrub.
}

}  // namespace
}  // namespace anim::ui
