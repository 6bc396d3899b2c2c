// The history strip under the state graph, headless: its bands follow the recorded current
// state frame by frame (checked against the states read off the machine while it played), its
// time axis, and clicking, dragging and "Live" rewinding the Document and bringing it back.
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>

#include "anim/demo/demo_model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/recording_export.h"
#include "anim/ui/views/machine/history_strip.h"
#include "support/imgui_harness.h"

namespace anim::ui {
namespace {

constexpr float kDt = 1.0f / 60.0f;

std::unique_ptr<Document> open_demo() {
  auto doc = std::make_unique<Document>(demo::make_demo_model(), demo::kDemoModelPath);
  Result<setup::Setup> setup =
      setup::load_setup(std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/demo_locomotion.json");
  EXPECT_TRUE(setup.ok());
  EXPECT_TRUE(doc->attach_setup(std::move(setup).value(), "demo_locomotion.json").ok());
  return doc;
}

// Plays 4 s: walking from 0.5 s, slowing to a stop at 2 s, walking again at 3 s; returns the
// base's current state after each frame.
std::vector<int> play_script(Document& doc) {
  std::vector<int> current;
  StateMachineInstance* sm = doc.state_machine();
  const int speed = sm->def().find_parameter("speed");
  for (int frame = 0; frame < 240; ++frame) {
    if (frame == 30) sm->set_value(speed, 0.7f);
    if (frame == 120) sm->set_value(speed, 0.0f);
    if (frame == 180) sm->set_value(speed, 0.9f);
    doc.update(kDt);
    current.push_back(doc.state_machine()->current_state(0));
  }
  return current;
}

TEST(HistoryStripTest, BandsFollowTheRecordedCurrentState) {
  auto doc = open_demo();
  const std::vector<int> current = play_script(*doc);
  const std::vector<HistoryBand> bands = history_bands(doc->recording(), 0);
  // Runs of equal states, worked out naively from what the machine said while it played.
  std::vector<HistoryBand> expected;
  for (std::size_t i = 0; i < current.size(); ++i) {
    if (i == 0 || current[i] != current[i - 1]) expected.push_back({current[i], i, i});
    expected.back().last = i;
  }
  ASSERT_EQ(expected.size(), 4u) << "Idle, Locomotion, Idle, Locomotion";
  ASSERT_EQ(bands.size(), expected.size());
  for (std::size_t b = 0; b < bands.size(); ++b) {
    EXPECT_EQ(bands[b].state, expected[b].state);
    EXPECT_EQ(bands[b].first, expected[b].first);
    EXPECT_EQ(bands[b].last, expected[b].last);
  }
  EXPECT_TRUE(history_bands(doc->recording(), 1).empty());  // No such layer.
}

TEST(HistoryStripTest, AFramesTooltipNamesTheTransitionItStartedByPathWithItsBlend) {
  StateMachineDef def;
  def.states.resize(3);
  def.states[0].name = "Idle";
  def.states[1].name = "Locomotion/Walk";
  def.states[2].name = "Locomotion/Run";
  def.transitions.resize(3);
  def.transitions[0].from = 1;
  def.transitions[0].to = 2;
  def.transitions[0].duration = 0.25f;
  def.transitions[0].blend = TransitionBlend::kInertialize;
  def.transitions[1].from = 2;
  def.transitions[1].to = 1;
  def.transitions[1].duration = 0.4f;
  def.transitions[1].blend = TransitionBlend::kDeadBlend;
  def.transitions[1].half_life = 0.08f;
  def.transitions[2].from = -1;  // Any state: the tooltip names the state it left.
  def.transitions[2].to = 0;
  def.transitions[2].duration = 0.3f;
  StateMachineInstance::SavedLayer base;
  base.started = 0;
  base.running_from = 1;
  EXPECT_EQ(started_text(def, base), "Locomotion/Walk -> Locomotion/Run (inertialize 0.25 s)");
  base.started = 1;
  base.running_from = 2;
  EXPECT_EQ(started_text(def, base),
            "Locomotion/Run -> Locomotion/Walk (dead_blend 0.4 s, half-life 0.08 s)");
  base.started = 2;
  EXPECT_EQ(started_text(def, base), "Locomotion/Run -> Idle (crossfade 0.3 s)");
}

TEST(HistoryStripTest, TheAxisSpansWholeFiveSecondsUpToThirty) {
  EXPECT_EQ(history_span(0.0), 5.0);
  EXPECT_EQ(history_span(4.0), 5.0);
  EXPECT_EQ(history_span(5.5), 10.0);
  EXPECT_EQ(history_span(29.9), 30.0);
  EXPECT_EQ(history_span(30.0), 30.0);
  // 100 px spanning 10 s back from the newest frame at 8 s.
  EXPECT_DOUBLE_EQ(history_time_at(150.0f, 50.0f, 100.0f, 10.0, 8.0), 8.0);
  EXPECT_DOUBLE_EQ(history_time_at(125.0f, 50.0f, 100.0f, 10.0, 8.0), 5.5);
  EXPECT_DOUBLE_EQ(history_time_at(60.0f, 50.0f, 100.0f, 10.0, 8.0), 0.0);  // Before the start.
}

class HistoryStripPanelTest : public ::testing::Test {
 protected:
  HistoryStripPanelTest() : h_(ImVec2(700.0f, 200.0f)), doc_(open_demo()) {
    play_script(*doc_);
    h_.set_draw([this] { testing::draw_panel(strip_, *doc_); });
    h_.frames(2);
  }
  // Where in the strip the recorded time `t` is.
  ImVec2 at_time(double t) const {
    const ItemRect* r = strip_.rects.find("history_strip");
    EXPECT_NE(r, nullptr);
    const double span = history_span(doc_->recording().duration());
    const double back = doc_->recording().duration() - t;
    const float x = r->max.x - static_cast<float>(back / span) * (r->max.x - r->min.x);
    return ImVec2(x, r->center().y);
  }

  testing::ImGuiHarness h_;
  std::unique_ptr<Document> doc_;
  HistoryStrip strip_;
};

TEST_F(HistoryStripPanelTest, ClickingRewindsToThatMomentAndLiveComesBack) {
  const PreviewRecording& r = doc_->recording();
  ASSERT_EQ(r.size(), 240u);
  EXPECT_EQ(doc_->rewound_frame(), -1);
  h_.click_at(at_time(1.5));
  const int frame = doc_->rewound_frame();
  ASSERT_GE(frame, 0);
  EXPECT_NEAR(r.time(static_cast<std::size_t>(frame)), 1.5, 1.5 * kDt);
  EXPECT_FALSE(doc_->playing());
  // Locomotion (speed 0.7 since 0.5 s) at 1.5 s, as recorded then.
  EXPECT_EQ(doc_->state_machine()->current_state(0),
            doc_->state_machine()->def().find_state("Locomotion"));

  ASSERT_TRUE(h_.click(strip_.rects, "history_live"));
  EXPECT_EQ(doc_->rewound_frame(), -1);
  EXPECT_TRUE(doc_->playing());
  EXPECT_EQ(doc_->recording().size(), 240u);
}

TEST_F(HistoryStripPanelTest, DraggingScrubsThroughTheRecording) {
  h_.mouse_to(at_time(3.5));
  h_.mouse_button(true);
  const int first = doc_->rewound_frame();
  ASSERT_GE(first, 0);
  h_.mouse_to(at_time(2.5));  // Stopped by then: Idle.
  const int second = doc_->rewound_frame();
  h_.mouse_button(false);
  EXPECT_LT(second, first);
  EXPECT_NEAR(doc_->recording().time(static_cast<std::size_t>(second)), 2.5, 1.5 * kDt);
  EXPECT_EQ(doc_->state_machine()->current_state(0),
            doc_->state_machine()->def().find_state("Idle"));
}

TEST_F(HistoryStripPanelTest, ExportCopiesThePlayScriptOrAsksToSaveIt) {
  const std::string expected = export_play_script(*doc_).text();
  ASSERT_NE(expected.find("--set speed=0.7@0.5\n"), std::string::npos) << expected;
  ASSERT_TRUE(h_.click(strip_.rects, "history_export"));
  h_.frames(1);
  ASSERT_TRUE(h_.click(strip_.rects, "history_export_copy"));
  EXPECT_EQ(std::string(ImGui::GetClipboardText()), expected);
  EXPECT_EQ(strip_.exported(), expected);
  EXPECT_FALSE(strip_.take_save_request().has_value());

  ASSERT_TRUE(h_.click(strip_.rects, "history_export"));
  h_.frames(1);
  ASSERT_TRUE(h_.click(strip_.rects, "history_export_save"));
  std::optional<HistoryStrip::SaveRequest> request = strip_.take_save_request();
  ASSERT_TRUE(request.has_value());
  EXPECT_EQ(request->text, expected);
  EXPECT_EQ(request->suggested_path, "demo_locomotion_recording.txt");
  EXPECT_FALSE(strip_.take_save_request().has_value());  // Taken once.
}

TEST_F(HistoryStripPanelTest, OutsideTheStateMachineThereIsNothingToRewind) {
  doc_->play_clip(0);
  h_.frames(2);
  EXPECT_EQ(strip_.rects.find("history_strip"), nullptr);
}

}  // namespace
}  // namespace anim::ui
