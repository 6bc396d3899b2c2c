// The Timeline's event lane, driven headless as a user would: add by double-click, drag, edit
// from the marker's menu, delete; each one undoable step of the setup.
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
#include "anim/ui/model/selection.h"
#include "anim/ui/views/animate/timeline_panel.h"
#include "support/clips.h"
#include "support/imgui_harness.h"
#include "support/rigs.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

using Harness = testing::ImGuiHarness;

// One joint; "walk" (2 s) slides it along x.
Model walk_model() {
  return ModelOf("test://walk", OneJoint(), {SlideClip("walk", 2.0f, {0, 0, 0}, {2, 0, 0})});
}

class TimelineEventsTest : public ::testing::Test {
 protected:
  TimelineEventsTest() : h(ImVec2(900.0f, 200.0f)), doc(walk_model(), "test://walk") {
    doc.new_setup();
    doc.play_clip(0);
    doc.set_playing(false);
    h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
    h.frames(2);
    const ItemRect* lane = panel.events.rects.find("events");
    EXPECT_NE(lane, nullptr);
    if (lane != nullptr) lane_ = *lane;
  }

  // The lane's point at `seconds` (the view is the whole 2 s clip).
  ImVec2 at(float seconds) const {
    return ImVec2(std::round(lane_.min.x + (lane_.max.x - lane_.min.x) * seconds / 2.0f),
                  lane_.center().y);
  }
  float seconds_per_pixel() const { return 2.0f / (lane_.max.x - lane_.min.x); }
  const std::vector<setup::SetupEvent>& events() const { return doc.setup()->events; }

  Harness h;
  Document doc;
  Selection sel;
  TimelinePanel panel;
  ItemRect lane_{};
};

TEST_F(TimelineEventsTest, DoubleClickAddsAnEventThereAsOneUndoableEdit) {
  h.click_at(at(0.5f), 2);
  ASSERT_EQ(events().size(), 1u);
  EXPECT_EQ(events()[0].clip, "walk");
  EXPECT_EQ(events()[0].name, "event");
  EXPECT_NEAR(events()[0].time, 0.5f, seconds_per_pixel());
  EXPECT_EQ(doc.setup_history().undo_label(), "add event event");
  EXPECT_EQ(panel.events.selected, 0);
  ASSERT_TRUE(doc.undo_setup_edit());
  EXPECT_TRUE(events().empty());
}

TEST_F(TimelineEventsTest, DraggingAMarkerMovesItOnRelease) {
  h.click_at(at(0.5f), 2);
  ASSERT_EQ(events().size(), 1u);
  const float start = events()[0].time;
  h.mouse_to(at(start));
  h.mouse_button(true);
  h.mouse_to(at(1.0f));
  h.mouse_to(at(1.5f));
  EXPECT_EQ(events()[0].time, start);  // Not yet: one edit on release.
  h.mouse_button(false);
  EXPECT_NEAR(events()[0].time, 1.5f, 2.0f * seconds_per_pixel());
  EXPECT_EQ(doc.setup_history().undo_label(), "move event event");
  ASSERT_TRUE(doc.undo_setup_edit());  // The whole drag is one step.
  EXPECT_EQ(events()[0].time, start);
  ASSERT_TRUE(doc.redo_setup_edit());
  // Dragged past the end, it stops at the clip's end.
  h.mouse_to(at(events()[0].time));
  h.mouse_button(true);
  h.mouse_to(ImVec2(lane_.max.x + 200.0f, lane_.center().y));
  h.mouse_button(false);
  EXPECT_EQ(events()[0].time, 2.0f);
}

TEST_F(TimelineEventsTest, TheMarkerMenuRenamesSetsThePayloadAndDeletes) {
  h.click_at(at(1.0f), 2);
  ASSERT_EQ(events().size(), 1u);
  h.right_click_at(at(events()[0].time));
  h.frame();  // The popup is placed.
  ASSERT_TRUE(h.click(panel.events.rects, "event_name"));
  h.replace_text("footstep_l");
  ASSERT_TRUE(h.click(panel.events.rects, "event_payload"));  // Leaving the name applies it.
  EXPECT_EQ(events()[0].name, "footstep_l");
  h.type("left");
  ASSERT_TRUE(h.click(panel.events.rects, "event_name"));
  EXPECT_EQ(events()[0].payload, std::optional<std::string>("left"));
  ASSERT_TRUE(h.click(panel.events.rects, "event_delete"));
  EXPECT_TRUE(events().empty());
  // Three edits: rename, payload, delete; undo brings the event back with both.
  ASSERT_TRUE(doc.undo_setup_edit());
  ASSERT_EQ(events().size(), 1u);
  EXPECT_EQ(events()[0].name, "footstep_l");
  EXPECT_EQ(events()[0].payload, std::optional<std::string>("left"));
}

TEST_F(TimelineEventsTest, DeleteRemovesTheSelectedMarkerUnderTheMouse) {
  h.click_at(at(0.5f), 2);
  h.click_at(at(1.5f), 2);
  ASSERT_EQ(events().size(), 2u);
  EXPECT_EQ(events()[1].name, "event 2");
  h.click_at(at(events()[0].time));  // Selects the first.
  EXPECT_EQ(panel.events.selected, 0);
  h.press(testing::kDeleteKey);
  ASSERT_EQ(events().size(), 1u);
  EXPECT_EQ(events()[0].name, "event 2");
}

TEST_F(TimelineEventsTest, NoSetupNoLane) {
  Document plain(walk_model(), "test://walk");
  h.set_draw([&] { testing::draw_panel(panel, plain, sel); });
  h.frames(2);
  EXPECT_EQ(panel.events.rects.find("events"), nullptr);
}

}  // namespace
}  // namespace anim::ui
