// The Timeline's sync-marker lane, driven headless as a user would: add by double-click, drag,
// rename and delete from the marker's menu, Delete, undo; and "Find foot plants..." on a
// hand-built pair of legs whose feet come down at known times.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/setup/marker_edits.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/views/animate/timeline_panel.h"
#include "support/imgui_harness.h"
#include "support/rigs.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

using Harness = testing::ImGuiHarness;

constexpr float kDuration = 2.0f;
constexpr float kStep = 1.0f / 60.0f;  // find_foot_plants samples an unknown key rate at 60 Hz.
constexpr int kEnterKey = 13;          // The harness maps no Enter; this suite does.

// A foot key in model space: `forward` along +X, `height` along +Y.
struct FootKey {
  float time;
  float forward;
  float height;
};

// Two steps in 2 s, as in the foot-plant suite: the foot comes down to its lowest point and stops
// there at 0.4 s and at 1.4 s (the bottoms of two dips), swinging between.
const std::vector<FootKey> kLeftSteps = {
    {0.0f, 0.375f, 0.38f}, {0.3f, 0.0f, 0.02f},   {0.4f, 0.0f, 0.0f}, {0.5f, 0.0f, 0.02f},
    {0.9f, 0.5f, 0.5f},    {1.3f, 1.0f, 0.02f},   {1.4f, 1.0f, 0.0f}, {1.5f, 1.0f, 0.02f},
    {1.9f, 0.5f, 0.5f},    {2.0f, 0.375f, 0.38f},
};

// hips 1 above the ground with LeftFoot and RightFoot under it; "walk" plants the left foot at
// 0.4 s and 1.4 s and the right one, keyed as the left played backwards, at 0.6 s and 1.6 s.
Model legs_model() {
  Skeleton rig = Rig({"hips", "LeftFoot", "RightFoot"}, {-1, 0, 0});
  rig.rest[0].translation = glm::vec3(0.0f, 1.0f, 0.0f);
  ClipBuilder b("walk", kDuration, 3);
  const glm::vec3 hips(0.0f, 1.0f, 0.0f);
  for (const FootKey& k : kLeftSteps) {
    b.add_translation(1, k.time, glm::vec3(k.forward, k.height, 0.0f) - hips);
    b.add_translation(2, kDuration - k.time, glm::vec3(k.forward, k.height, 0.5f) - hips);
  }
  return ModelOf("test://legs", std::move(rig), {b.build()});
}

class TimelineMarkersTest : public ::testing::Test {
 protected:
  TimelineMarkersTest() : h(ImVec2(900.0f, 320.0f)), doc(legs_model(), "test://legs") {
    doc.new_setup();
    doc.play_clip(0);
    doc.set_playing(false);
    ImGui::GetIO().KeyMap[ImGuiKey_Enter] = kEnterKey;
    h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
    h.frames(2);
    const ItemRect* lane = panel.markers.rects.find("markers");
    EXPECT_NE(lane, nullptr);
    if (lane != nullptr) lane_ = *lane;
  }

  // The marker lane's point at `seconds` (the view is the whole clip).
  ImVec2 at(float seconds) const {
    return ImVec2(std::round(lane_.min.x + (lane_.max.x - lane_.min.x) * seconds / kDuration),
                  lane_.center().y);
  }
  float seconds_per_pixel() const { return kDuration / (lane_.max.x - lane_.min.x); }
  std::vector<setup::SetupMarker> markers() const {
    return setup::clip_markers(*doc.setup(), "walk");
  }
  // Right-clicks empty lane space and opens "Find foot plants...".
  void open_foot_plants() {
    h.right_click_at(at(0.05f));
    h.frame();  // The menu is placed.
    ASSERT_TRUE(h.click(panel.markers.rects, "marker_find_plants"));
    h.frame();  // The popup is placed.
    ASSERT_NE(panel.markers.rects.find("plants_find"), nullptr);
  }

  Harness h;
  Document doc;
  Selection sel;
  TimelinePanel panel;
  ItemRect lane_{};
};

TEST_F(TimelineMarkersTest, TheMarkerLaneSitsUnderTheEventLane) {
  const ItemRect* events = panel.events.rects.find("events");
  ASSERT_NE(events, nullptr);
  EXPECT_GE(lane_.min.y, events->max.y);
  EXPECT_FLOAT_EQ(lane_.min.x, events->min.x);
  EXPECT_FLOAT_EQ(lane_.max.x, events->max.x);
}

TEST_F(TimelineMarkersTest, DoubleClickAddsAlternatingFeetAsUndoableEdits) {
  h.click_at(at(0.5f), 2);
  ASSERT_EQ(markers().size(), 1u);
  EXPECT_EQ(markers()[0].name, "L");
  EXPECT_NEAR(markers()[0].time, 0.5f, seconds_per_pixel());
  EXPECT_EQ(doc.setup_history().undo_label(), "add marker L");
  EXPECT_EQ(panel.markers.selected, 0);
  h.click_at(at(1.5f), 2);
  ASSERT_EQ(markers().size(), 2u);
  EXPECT_EQ(markers()[1].name, "R");
  // A model clip's markers go into a "clips" entry; the events are untouched.
  ASSERT_EQ(doc.setup()->clips.size(), 1u);
  EXPECT_EQ(doc.setup()->clips[0].name, "walk");
  EXPECT_TRUE(doc.setup()->events.empty());
  ASSERT_TRUE(doc.undo_setup_edit());
  ASSERT_TRUE(doc.undo_setup_edit());
  EXPECT_TRUE(markers().empty());
}

TEST_F(TimelineMarkersTest, DraggingAMarkerMovesItOnReleaseAsOneEdit) {
  h.click_at(at(0.5f), 2);
  ASSERT_EQ(markers().size(), 1u);
  const float start = markers()[0].time;
  h.mouse_to(at(start));
  h.mouse_button(true);
  h.mouse_to(at(1.0f));
  h.mouse_to(at(1.25f));
  EXPECT_EQ(markers()[0].time, start);  // Not yet: one edit on release.
  h.mouse_button(false);
  EXPECT_NEAR(markers()[0].time, 1.25f, 2.0f * seconds_per_pixel());
  EXPECT_EQ(doc.setup_history().undo_label(), "move marker L");
  ASSERT_TRUE(doc.undo_setup_edit());
  EXPECT_EQ(markers()[0].time, start);
  // Dragged before the start, it stops at 0.
  h.mouse_to(at(start));
  h.mouse_button(true);
  h.mouse_to(ImVec2(lane_.min.x - 200.0f, lane_.center().y));
  h.mouse_button(false);
  EXPECT_EQ(markers()[0].time, 0.0f);
}

TEST_F(TimelineMarkersTest, TheMarkerMenuRenamesAndDeletes) {
  h.click_at(at(1.0f), 2);
  ASSERT_EQ(markers().size(), 1u);
  h.right_click_at(at(markers()[0].time));
  h.frame();  // The popup is placed.
  EXPECT_EQ(panel.markers.rects.find("marker_payload"), nullptr) << "markers carry no payload";
  ASSERT_TRUE(h.click(panel.markers.rects, "marker_name"));
  h.replace_text("Heel");
  h.press(kEnterKey);
  EXPECT_EQ(markers()[0].name, "Heel");
  EXPECT_EQ(doc.setup_history().undo_label(), "rename marker L");
  // An empty name is refused.
  ASSERT_TRUE(h.click(panel.markers.rects, "marker_name"));
  h.replace_text("");
  h.press(kEnterKey);
  EXPECT_EQ(markers()[0].name, "Heel");
  ASSERT_TRUE(h.click(panel.markers.rects, "marker_delete"));
  EXPECT_TRUE(markers().empty());
  EXPECT_EQ(doc.setup_history().undo_label(), "delete marker Heel");
  ASSERT_TRUE(doc.undo_setup_edit());
  ASSERT_EQ(markers().size(), 1u);
  EXPECT_EQ(markers()[0].name, "Heel");
}

TEST_F(TimelineMarkersTest, DeleteRemovesTheSelectedMarkerUnderTheMouse) {
  h.click_at(at(0.5f), 2);
  h.click_at(at(1.5f), 2);
  ASSERT_EQ(markers().size(), 2u);
  h.click_at(at(markers()[0].time));  // Selects the first.
  EXPECT_EQ(panel.markers.selected, 0);
  h.press(testing::kDeleteKey);
  ASSERT_EQ(markers().size(), 1u);
  EXPECT_EQ(markers()[0].name, "R");
}

TEST_F(TimelineMarkersTest, TheLanesMenuAddsAMarkerWhereItWasOpened) {
  h.right_click_at(at(0.75f));
  h.frame();  // The menu is placed.
  ASSERT_TRUE(h.click(panel.markers.rects, "marker_add"));
  ASSERT_EQ(markers().size(), 1u);
  EXPECT_NEAR(markers()[0].time, 0.75f, seconds_per_pixel());
  EXPECT_EQ(doc.setup_history().undo_label(), "add marker L");
}

TEST_F(TimelineMarkersTest, FindFootPlantsReplacesTheClipsMarkersInOneEdit) {
  h.click_at(at(1.0f), 2);  // A marker the plants replace.
  ASSERT_EQ(markers().size(), 1u);
  open_foot_plants();
  // The feet are guessed from their names; the markers default to L and R.
  ASSERT_TRUE(h.click(panel.markers.rects, "plants_find"));
  const std::vector<setup::SetupMarker> found = markers();
  ASSERT_EQ(found.size(), 4u);
  const char* names[] = {"L", "R", "L", "R"};
  const float times[] = {0.4f, 0.6f, 1.4f, 1.6f};
  for (std::size_t i = 0; i < found.size(); ++i) {
    EXPECT_EQ(found[i].name, names[i]) << i;
    EXPECT_NEAR(found[i].time, times[i], kStep) << i;
  }
  EXPECT_EQ(doc.setup_history().undo_label(), "find foot plants of walk");
  EXPECT_FALSE(panel.markers.busy()) << "the popup closed";
  for (const Diagnostic& d : validate_setup(*doc.setup(), {"walk"}, {kDuration})) {
    EXPECT_NE(d.pointer.rfind("/clips", 0), 0u) << d.pointer << ": " << d.message;
  }
  ASSERT_TRUE(doc.undo_setup_edit());
  ASSERT_EQ(markers().size(), 1u);
  EXPECT_NEAR(markers()[0].time, 1.0f, seconds_per_pixel());
}

TEST_F(TimelineMarkersTest, FindFootPlantsUsesTheChosenJointsAndNames) {
  open_foot_plants();
  ASSERT_TRUE(h.choose(panel.markers.rects, "plants_left", "RightFoot"));
  ASSERT_TRUE(h.choose(panel.markers.rects, "plants_right", "(none)"));
  ASSERT_TRUE(h.click(panel.markers.rects, "plants_left_name"));
  h.replace_text("Right");
  h.press(kEnterKey);
  ASSERT_TRUE(h.click(panel.markers.rects, "plants_find"));
  const std::vector<setup::SetupMarker> found = markers();
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].name, "Right");
  EXPECT_NEAR(found[0].time, 0.6f, kStep);
  EXPECT_EQ(found[1].name, "Right");
  EXPECT_NEAR(found[1].time, 1.6f, kStep);
}

TEST_F(TimelineMarkersTest, AnAnimationEntrysClipGetsItsMarkersOnTheEntry) {
  // The shown clip given by an animation entry ("as"): the lane writes where the setup keeps
  // that clip's markers.
  setup::Setup s = *doc.setup();
  setup::SetupAnimation entry;
  entry.file = "walk.bvh";
  entry.alias = "walk";
  s.animations = {entry};
  doc.edit_setup(s, "add entry");
  h.frames(2);
  h.click_at(at(0.5f), 2);
  ASSERT_EQ(doc.setup()->animations.size(), 1u);
  ASSERT_EQ(doc.setup()->animations[0].markers.size(), 1u);
  EXPECT_TRUE(doc.setup()->clips.empty());
}

}  // namespace
}  // namespace anim::ui
