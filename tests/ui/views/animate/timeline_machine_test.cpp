// The Timeline while the state machine runs: it shows the clip of the base machine's current
// state (a blend space's heaviest point) with a read-only playhead at the state's time, and its
// event lane edits that clip as in clip mode. Expected clips and times are worked out by hand
// from the setup below.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/model/timeline_clip.h"
#include "anim/ui/views/animate/timeline_panel.h"
#include "support/clips.h"
#include "support/imgui_harness.h"
#include "support/rigs.h"
#include "support/setups.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

using Harness = testing::ImGuiHarness;

constexpr int kWalk = 0;  // 2 s.
constexpr int kRun = 1;   // 1 s.
constexpr int kIdle = 2;  // 1 s.

// One joint; "walk" (2 s), "run" (1 s) and "idle" (1 s) each slide it along x.
Model machine_model() {
  Model model = ModelOf("test://gaits", OneJoint());
  const struct {
    const char* name;
    float duration;
  } clips[] = {{"walk", 2.0f}, {"run", 1.0f}, {"idle", 1.0f}};
  for (const auto& c : clips) {
    model.clips.push_back(SlideClip(c.name, c.duration, {0, 0, 0}, {1, 0, 0}));
  }
  return model;
}

// States Walk (the clip walk), Move (1D "Gait" on speed: walk at 0, run at 1) and Steer (2D
// "Plane" on x, y: walk at (0, 0), run at (1, 0), idle at (0, 1)). Walk -> Move when speed > 0.5,
// at once. The event "step" sits on walk at 1 s.
setup::Setup machine_setup(const std::string& default_state, float speed = 0.0f) {
  setup::Setup setup = SetupOf(
      "gaits.x",
      {Bounded("speed", 0.0f, 1.0f, speed), Bounded("x", -1.0f, 1.0f), Bounded("y", -1.0f, 1.0f)},
      {State("Walk", "walk"), State("Move", "Gait"), State("Steer", "Plane")});
  setup.blend_spaces = {
      Space("Gait", "speed", {Point("walk", 0.0f), Point("run", 1.0f)}),
      Space("Plane", "x",
            {Point("walk", 0.0f, 0.0f), Point("run", 1.0f, 0.0f), Point("idle", 0.0f, 1.0f)}, "y")};
  setup.default_state = default_state;
  setup.transitions = {
      Transition("Walk", "Move", {When("speed", ConditionOp::kGreater, 0.5f)}, 0.0f)};
  setup::SetupEvent step;
  step.clip = "walk";
  step.time = 1.0f;
  step.name = "step";
  setup.events = {step};
  return setup;
}

class TimelineMachineTest : public ::testing::Test {
 protected:
  TimelineMachineTest() : h(ImVec2(900.0f, 200.0f)), doc(machine_model(), "test://gaits") {}

  // Attaches the setup (the machine runs, playing) and draws the panel.
  void run(const setup::Setup& setup) {
    const Status attached = doc.attach_setup(setup, "test://gaits.json");
    ASSERT_TRUE(attached.ok()) << attached.error().to_string();
    ASSERT_EQ(doc.mode(), PlaybackMode::kStateMachine);
    h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
    h.frames(2);
  }
  std::string current_state() const {
    const StateMachineInstance& sm = *doc.state_machine();
    return sm.def().states[sm.current_state()].name;
  }
  // The lane's point at `seconds`, with the whole clip of `duration` seconds in view.
  ImVec2 at(float seconds, float duration) const {
    const ItemRect* lane = panel.events.rects.find("events");
    EXPECT_NE(lane, nullptr);
    if (lane == nullptr) return ImVec2(0.0f, 0.0f);
    return ImVec2(std::round(lane->min.x + (lane->max.x - lane->min.x) * seconds / duration),
                  lane->center().y);
  }
  float seconds_per_pixel(float duration) const {
    const ItemRect* lane = panel.events.rects.find("events");
    return lane == nullptr ? 1.0f : duration / (lane->max.x - lane->min.x);
  }
  const std::vector<setup::SetupEvent>& events() const { return doc.setup()->events; }

  Harness h;
  Document doc;
  Selection sel;
  TimelinePanel panel;
};

// --- Which clip, at what time (no ImGui needed) ---

TEST_F(TimelineMachineTest, AClipStateShowsItsClipWithThePlayheadAtTheStatesTime) {
  run(machine_setup("Walk"));
  doc.update(0.5f);  // Speed 1: a quarter of the 2 s walk.
  TimelineClip shown = timeline_clip(doc);
  EXPECT_EQ(shown.clip, kWalk);
  EXPECT_EQ(shown.state, 0);
  EXPECT_TRUE(shown.has_playhead);
  EXPECT_FLOAT_EQ(shown.duration, 2.0f);
  EXPECT_NEAR(shown.time, 0.5f, 1e-5f);
  EXPECT_EQ(timeline_clip_name(doc, shown), "Walk: walk");

  doc.update(2.0f);  // 2.5 s of a 2 s loop: 0.5 s into the second cycle.
  shown = timeline_clip(doc);
  EXPECT_NEAR(shown.time, 0.5f, 1e-5f);

  doc.set_speed(0.5f);
  doc.update(1.0f);  // Half speed: 0.5 s more, 1 s into the clip.
  h.frames(1);
  EXPECT_EQ(panel.shown().clip, kWalk);
  EXPECT_NEAR(panel.shown().time, 1.0f, 1e-5f);
}

TEST_F(TimelineMachineTest, A1DBlendSpaceShowsItsHeavierPoint) {
  run(machine_setup("Move", 0.75f));  // walk 0.25, run 0.75.
  // The shared phase moves at 0.25 / 2 s + 0.75 / 1 s = 0.875 per second: 0.35 after 0.4 s.
  doc.update(0.4f);
  TimelineClip shown = timeline_clip(doc);
  EXPECT_EQ(shown.clip, kRun);
  EXPECT_EQ(shown.state, 1);
  EXPECT_FLOAT_EQ(shown.duration, 1.0f);
  EXPECT_NEAR(shown.time, 0.35f, 1e-5f);
  EXPECT_EQ(timeline_clip_name(doc, shown), "Move: run");

  // walk 0.75, run 0.25: walk, at the same phase in its 2 s.
  ASSERT_TRUE(doc.state_machine()->set_float("speed", 0.25f));
  shown = timeline_clip(doc);
  EXPECT_EQ(shown.clip, kWalk);
  EXPECT_NEAR(shown.time, 0.7f, 1e-5f);
  EXPECT_EQ(timeline_clip_name(doc, shown), "Move: walk");

  // Half and half: the point listed first.
  ASSERT_TRUE(doc.state_machine()->set_float("speed", 0.5f));
  EXPECT_EQ(state_clip(*doc.state_machine(), 1), kWalk);
  ASSERT_TRUE(doc.state_machine()->set_float("speed", 0.51f));
  EXPECT_EQ(state_clip(*doc.state_machine(), 1), kRun);
}

TEST_F(TimelineMachineTest, A2DBlendSpaceShowsItsHeaviestPoint) {
  run(machine_setup("Steer"));
  const StateMachineInstance& sm = *doc.state_machine();
  // Inside the triangle the weights are barycentric: run x, idle y, walk 1 - x - y.
  ASSERT_TRUE(doc.state_machine()->set_float("x", 0.6f));  // walk 0.3, run 0.6, idle 0.1.
  ASSERT_TRUE(doc.state_machine()->set_float("y", 0.1f));
  EXPECT_EQ(state_clip(sm, 2), kRun);
  ASSERT_TRUE(doc.state_machine()->set_float("x", 0.1f));  // walk 0.7, run 0.1, idle 0.2.
  ASSERT_TRUE(doc.state_machine()->set_float("y", 0.2f));
  EXPECT_EQ(state_clip(sm, 2), kWalk);
  ASSERT_TRUE(doc.state_machine()->set_float("y", 0.8f));  // walk 0.1, run 0.1, idle 0.8.
  EXPECT_EQ(state_clip(sm, 2), kIdle);
  EXPECT_EQ(timeline_clip(doc).clip, kIdle);
  EXPECT_EQ(timeline_clip_name(doc, timeline_clip(doc)), "Steer: idle");
  EXPECT_EQ(state_clip(sm, 3), -1);  // No such state.
}

TEST_F(TimelineMachineTest, TheShownClipFollowsATransitionToItsDestination) {
  run(machine_setup("Walk"));
  EXPECT_EQ(panel.shown().clip, kWalk);
  ASSERT_TRUE(doc.state_machine()->set_float("speed", 1.0f));
  doc.update(0.1f);
  ASSERT_EQ(current_state(), "Move");
  h.frames(1);
  EXPECT_EQ(panel.shown().clip, kRun);  // Speed 1: run alone.
  EXPECT_EQ(panel.shown().state, 1);
}

TEST(TimelineClip, OutsideTheMachineItIsThePlayingClip) {
  Document doc(machine_model(), "test://gaits");
  ASSERT_TRUE(doc.play_clip(kRun));
  doc.set_playing(false);
  doc.seek(0.25f);
  const TimelineClip shown = timeline_clip(doc);
  EXPECT_EQ(shown.clip, kRun);
  EXPECT_EQ(shown.state, -1);
  EXPECT_NEAR(shown.time, 0.25f, 1e-6f);
  EXPECT_EQ(timeline_clip_name(doc, shown), "run");
  EXPECT_EQ(still_clip(doc, 3).clip, -1);
  EXPECT_FALSE(still_clip(doc, kWalk).has_playhead);
}

// --- The panel ---

TEST_F(TimelineMachineTest, DoubleClickAddsAnEventToTheStatesClipAsOneUndoableEdit) {
  run(machine_setup("Move", 0.75f));  // Shows run, 1 s.
  doc.set_playing(false);
  h.frames(1);
  ASSERT_EQ(panel.shown().clip, kRun);
  h.click_at(at(0.25f, 1.0f), 2);
  ASSERT_EQ(events().size(), 2u);
  EXPECT_EQ(events()[1].clip, "run");
  EXPECT_NEAR(events()[1].time, 0.25f, seconds_per_pixel(1.0f));
  EXPECT_EQ(doc.setup_history().undo_label(), "add event event");
  EXPECT_EQ(doc.mode(), PlaybackMode::kStateMachine);  // The edited machine goes on.
  h.frames(1);
  EXPECT_NE(panel.events.rects.find("event:1"), nullptr);
  EXPECT_EQ(panel.events.rects.find("event:0"), nullptr);  // walk's step is not shown.
  ASSERT_TRUE(doc.undo_setup_edit());
  ASSERT_EQ(events().size(), 1u);
  EXPECT_EQ(events()[0].clip, "walk");
}

TEST_F(TimelineMachineTest, TheStripAndKeysDoNotSeekTheMachine) {
  run(machine_setup("Walk"));
  doc.update(0.5f);
  h.frames(1);
  const float doc_time = doc.time();
  const float normalized = doc.state_machine()->active_states()[0].normalized_time;
  ASSERT_NEAR(normalized, 0.25f, 1e-6f);
  const ItemRect* strip = panel.rects.find("strip");
  ASSERT_NE(strip, nullptr);
  h.click_at(ImVec2(strip->min.x + (strip->max.x - strip->min.x) * 0.9f, strip->center().y));
  h.press(testing::kHomeKey);
  h.press(testing::kRightKey);
  h.press(testing::kEndKey);
  EXPECT_EQ(doc.time(), doc_time);
  EXPECT_EQ(doc.state_machine()->active_states()[0].normalized_time, normalized);
  EXPECT_TRUE(doc.playing());  // A scrub would have paused it.
  EXPECT_NEAR(panel.shown().time, 0.5f, 1e-5f);
}

TEST_F(TimelineMachineTest, ADragKeepsItsClipWhenTheStateChangesMeanwhile) {
  run(machine_setup("Walk"));
  doc.set_playing(false);
  h.frames(1);
  ASSERT_NE(panel.events.rects.find("event:0"), nullptr);
  h.mouse_to(at(1.0f, 2.0f));
  h.mouse_button(true);
  h.mouse_to(at(1.2f, 2.0f));
  // The machine moves on to Move (run alone) while the marker is held.
  ASSERT_TRUE(doc.state_machine()->set_float("speed", 1.0f));
  doc.update(0.1f);
  ASSERT_EQ(timeline_clip(doc).clip, kRun);
  h.mouse_to(at(1.5f, 2.0f));
  EXPECT_EQ(panel.shown().clip, kWalk);
  EXPECT_FALSE(panel.shown().has_playhead);  // walk no longer plays.
  EXPECT_NE(panel.events.rects.find("event:0"), nullptr);
  h.mouse_button(false);
  // Moved within walk's 2 s (run's 1 s would have stopped it at 1 s).
  ASSERT_EQ(events().size(), 1u);
  EXPECT_EQ(events()[0].clip, "walk");
  EXPECT_NEAR(events()[0].time, 1.5f, 2.0f * seconds_per_pixel(2.0f));
  EXPECT_EQ(doc.setup_history().undo_label(), "move event step");
  h.frames(1);  // The drag is over: the playing clip again.
  EXPECT_EQ(panel.shown().clip, kRun);
  EXPECT_TRUE(panel.shown().has_playhead);
  EXPECT_EQ(panel.events.rects.find("event:0"), nullptr);
}

TEST_F(TimelineMachineTest, AnOpenMarkerMenuKeepsItsClipWhenTheStateChangesMeanwhile) {
  run(machine_setup("Walk"));
  doc.set_playing(false);
  h.frames(1);
  h.right_click_at(at(1.0f, 2.0f));
  h.frame();  // The popup is placed.
  ASSERT_NE(panel.events.rects.find("event_name"), nullptr);
  ASSERT_TRUE(doc.state_machine()->set_float("speed", 1.0f));
  doc.update(0.1f);
  ASSERT_EQ(timeline_clip(doc).clip, kRun);
  h.frames(2);
  EXPECT_EQ(panel.shown().clip, kWalk);
  ASSERT_TRUE(h.click(panel.events.rects, "event_name"));
  h.replace_text("footstep_l");
  ASSERT_TRUE(h.click(panel.events.rects, "event_payload"));  // Leaving the name applies it.
  EXPECT_EQ(events()[0].name, "footstep_l");
  EXPECT_EQ(panel.shown().clip, kWalk);
  ASSERT_TRUE(h.click(panel.events.rects, "event_delete"));
  EXPECT_TRUE(events().empty());
  h.frames(2);  // The menu closed: the playing clip again.
  EXPECT_EQ(panel.shown().clip, kRun);
  ASSERT_TRUE(doc.undo_setup_edit());  // Delete and rename are two steps.
  ASSERT_EQ(events().size(), 1u);
  EXPECT_EQ(events()[0].name, "footstep_l");
}

}  // namespace
}  // namespace anim::ui
