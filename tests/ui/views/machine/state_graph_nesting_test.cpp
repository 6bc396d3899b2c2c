// The state graph with nested machines: a machine state's box lit while a leaf inside runs,
// opened by a double-click to show its own states (read-only), left by its breadcrumbs or Esc,
// and "Travel here" sending the running machine to a box's leaf, or saying why it can't.
#include <gtest/gtest.h>
#include <imgui.h>

#include <string>
#include <vector>

#include "anim/setup/setup.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/nested_graph.h"
#include "anim/ui/model/transition_why.h"
#include "anim/ui/views/machine/state_graph.h"
#include "support/imgui_harness.h"
#include "support/state_graph_fixture.h"

namespace anim::ui {
namespace {

// Idle, Locomotion {Walk, Run} entered at Walk and left from Walk, and Lost, which no
// transition reaches. Speed 0.55 keeps whichever of Walk and Run plays.
constexpr const char* kNested = R"({
  "format": "animscope.setup", "version": 3, "model": "two.x",
  "parameters": [{"name": "speed", "type": "float", "default": 0}],
  "states": [
    {"name": "Idle", "motion": "walk"},
    {"name": "Locomotion", "machine": {
      "states": [{"name": "Walk", "motion": "walk"}, {"name": "Run", "motion": "run"}],
      "default_state": "Walk",
      "transitions": [
        {"from": "Walk", "to": "Run", "conditions": [{"parameter": "speed", "op": ">", "value": 0.6}]},
        {"from": "Run", "to": "Walk", "conditions": [{"parameter": "speed", "op": "<", "value": 0.5}]}
      ],
      "exit_states": ["Walk"]}},
    {"name": "Lost", "motion": "run"}
  ],
  "default_state": "Idle",
  "transitions": [
    {"from": "Idle", "to": "Locomotion", "conditions": [{"parameter": "speed", "op": ">", "value": 0.1}]},
    {"from": "Locomotion", "to": "Idle", "conditions": [{"parameter": "speed", "op": "<", "value": 0.05}]}
  ],
  "editor": {"nodes": {"Idle": [40, 60], "Locomotion": [260, 60], "Lost": [480, 60],
                       "*": [40, 220]}}
})";

TEST(NestedGraphModel, ALeafLightsTheBoxThatHoldsItAtEachLevel) {
  EXPECT_EQ(box_of_leaf("Locomotion/Run", {}), "Locomotion");
  EXPECT_EQ(box_of_leaf("Locomotion/Run", {"Locomotion"}), "Run");
  EXPECT_EQ(box_of_leaf("Idle", {}), "Idle");
  EXPECT_EQ(box_of_leaf("Idle", {"Locomotion"}), "") << "not inside the opened machine";
  EXPECT_EQ(box_of_leaf("Locomotionish/Run", {"Locomotion"}), "") << "a whole part, not a prefix";
  EXPECT_EQ(box_of_leaf("A/B/C", {"A"}), "B");
  EXPECT_EQ(split_path("A/B/C"), (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_TRUE(split_path("").empty());
  EXPECT_EQ(join_path(split_path("Locomotion/Run")), "Locomotion/Run");
}

TEST(NestedGraphModel, AStateStandsForItsDefaultLeaf) {
  const Result<setup::Setup> parsed = setup::parse_setup(kNested, "nested.json");
  ASSERT_TRUE(parsed.ok());
  const setup::Setup* setup = &parsed.value();
  EXPECT_EQ(leaf_of(setup->states, {}, "Idle"), "Idle");
  EXPECT_EQ(leaf_of(setup->states, {}, "Locomotion"), "Locomotion/Walk");
  EXPECT_EQ(leaf_of(setup->states, {"Locomotion"}, "Run"), "Locomotion/Run");
  EXPECT_EQ(leaf_of(setup->states, {}, "Nowhere"), "");
  const std::optional<setup::Setup> inside = nested_view(*setup, {"Locomotion"});
  ASSERT_TRUE(inside.has_value());
  ASSERT_EQ(inside->states.size(), 2u);
  EXPECT_EQ(inside->default_state, "Walk");
  EXPECT_FALSE(inside->editor.contains("nodes")) << "the top level's places are not its own";
  EXPECT_FALSE(nested_view(*setup, {"Idle"}).has_value()) << "Idle holds no machine";
  EXPECT_EQ(machine_caption(*setup->states[1].machine), "machine \xC2\xB7 2 states");
}

class StateGraphNestingTest : public testing::StateGraphFixture {
 protected:
  StateGraphNestingTest() {
    ImGui::GetIO().KeyMap[ImGuiKey_Escape] = testing::kEscapeKey;
    ImGui::GetIO().KeyMap[ImGuiKey_Backspace] = testing::kBackspaceKey;
    Result<setup::Setup> setup = setup::parse_setup(kNested, "nested.json");
    EXPECT_TRUE(setup.ok());
    EXPECT_TRUE(doc.attach_setup(std::move(setup).value(), "nested.json").ok());
    doc.use_state_machine();
    settle();
  }

  // The base's newest active state: where the machine is or is going.
  std::string running() const {
    const StateMachineInstance* sm = doc.state_machine();
    const auto active = sm->active_states(0);
    return sm->def().states[static_cast<std::size_t>(active[active.size() - 1].state)].name;
  }
  void set_speed(float value) {
    doc.state_machine()->set_value(doc.state_machine()->def().find_parameter("speed"), value);
  }
  // Plays frames until `state` runs, at most two seconds' worth; whether it did.
  bool play_until(const std::string& state) {
    for (int i = 0; i < 120 && running() != state; ++i) {
      doc.update(1.0f / 60.0f);
      frame();
    }
    return running() == state;
  }
  void double_click(ImVec2 at) {
    click(at);
    click(at);
    frame();  // The level opens once the frame's boxes are drawn.
  }
  ImVec2 centre(const std::string& rect) {
    const ItemRect r = this->rect(rect);
    return ImVec2(r.center().x, r.center().y);
  }
  // Right-clicks a box and chooses "Travel here" from its menu.
  void travel_from_menu(const std::string& box) {
    click(centre("node:" + box), 1);
    settle();  // A popup settles its place over its first frames.
    click(centre("menu:travel"));
  }
};

TEST_F(StateGraphNestingTest, TheMachineBoxLightsWhileALeafInsideRuns) {
  EXPECT_GT(graph.lit().count("Idle"), 0u);
  set_speed(0.8f);
  ASSERT_TRUE(play_until("Locomotion/Run"));
  for (int i = 0; i < 60; ++i) doc.update(1.0f / 60.0f);  // Every blend over.
  frame();
  ASSERT_EQ(graph.lit().count("Locomotion"), 1u);
  EXPECT_NEAR(graph.lit().at("Locomotion"), 1.0f, 1e-4f);
  EXPECT_EQ(graph.lit().count("Locomotion/Run"), 0u) << "no box of that name at the top";
  EXPECT_EQ(graph.lit().count("Idle"), 0u);
}

TEST_F(StateGraphNestingTest, DoubleClickOpensTheMachineAndItsCrumbsLeadBack) {
  set_speed(0.8f);
  ASSERT_TRUE(play_until("Locomotion/Run"));
  double_click(centre("node:Locomotion"));
  ASSERT_EQ(graph.opened, std::vector<std::string>{"Locomotion"});
  settle();
  EXPECT_NE(graph.rects.find("node:Walk"), nullptr);
  EXPECT_NE(graph.rects.find("node:Run"), nullptr);
  EXPECT_EQ(graph.rects.find("node:Idle"), nullptr) << "the top level's boxes are gone";
  EXPECT_NE(graph.rects.find("crumb:1"), nullptr);
  EXPECT_NE(graph.rects.find("read_only"), nullptr);
  EXPECT_EQ(graph.lit().count("Run"), 1u) << "lit by the leaf's path inside the machine";

  click(centre("crumb:0"));
  frame();
  EXPECT_TRUE(graph.opened.empty());
  EXPECT_NE(graph.rects.find("node:Idle"), nullptr);
  EXPECT_EQ(graph.rects.find("read_only"), nullptr);

  // Esc goes up one level too (the mouse over the graph, where its keys act).
  double_click(centre("node:Locomotion"));
  ASSERT_EQ(graph.opened.size(), 1u);
  move(ImVec2(700, 500));
  key(testing::kEscapeKey);
  EXPECT_TRUE(graph.opened.empty());
}

TEST_F(StateGraphNestingTest, ANestedLevelIsReadOnly) {
  double_click(centre("node:Locomotion"));
  ASSERT_EQ(graph.opened.size(), 1u);
  settle();
  const std::string before = setup::to_json_text(*doc.setup());
  drag(centre("node:Walk"), ImVec2(centre("node:Walk").x + 60, centre("node:Walk").y + 40));
  double_click(ImVec2(700, 500));  // Empty space: would add a state at the top.
  click(centre("node:Run"));
  key(testing::kDeleteKey);
  EXPECT_EQ(setup::to_json_text(*doc.setup()), before);
  EXPECT_FALSE(doc.setup_history().can_undo());
}

TEST_F(StateGraphNestingTest, TravelHereReachesTheBoxesLeaf) {
  ASSERT_EQ(running(), "Idle");
  travel_from_menu("Locomotion");  // Speed 0: no transition would leave Idle.
  EXPECT_EQ(doc.travel_note(), "Traveling from Idle to Locomotion/Walk");
  ASSERT_TRUE(play_until("Locomotion/Walk"));
  set_speed(0.55f);  // Keeps Walk or Run once there.

  double_click(centre("node:Locomotion"));
  ASSERT_EQ(graph.opened.size(), 1u);
  settle();
  travel_from_menu("Run");
  EXPECT_EQ(doc.travel_note(), "Traveling from Locomotion/Walk to Locomotion/Run");
  EXPECT_TRUE(play_until("Locomotion/Run"));
  frame();
  EXPECT_EQ(graph.lit().count("Run"), 1u);
}

TEST_F(StateGraphNestingTest, AnArrowFindsItsRuntimeTransitionBetweenLeaves) {
  const StateMachineInstance& sm = *doc.state_machine();
  const auto ends = [&](const SetupTransitionLive& live) {
    const TransitionDef& t = sm.def().transitions[static_cast<std::size_t>(live.transition)];
    return sm.def().states[static_cast<std::size_t>(t.from)].name + " -> " +
           sm.def().states[static_cast<std::size_t>(t.to)].name;
  };
  // The top's "Locomotion -> Idle" (index 1) leaves from the exit leaf Walk.
  SetupTransitionLive live = setup_transition_live(sm, *doc.setup(), 0, 1);
  ASSERT_EQ(live.layer, 0);
  EXPECT_EQ(ends(live), "Locomotion/Walk -> Idle");
  // Inside Locomotion, its own "Run -> Walk" (index 1), not the top's transition 1.
  live = setup_transition_live(sm, *doc.setup(), 0, 1, {"Locomotion"});
  ASSERT_EQ(live.layer, 0);
  EXPECT_EQ(ends(live), "Locomotion/Run -> Locomotion/Walk");
  EXPECT_EQ(setup_transition_live(sm, *doc.setup(), 0, 0, {"Nowhere"}).layer, -1);
}

TEST_F(StateGraphNestingTest, ANoPathTravelSaysWhy) {
  travel_from_menu("Lost");
  EXPECT_EQ(doc.travels(), 1);
  EXPECT_EQ(doc.travel_note(), "No path of transitions from Idle to Lost");
  EXPECT_EQ(running(), "Idle");
}

}  // namespace
}  // namespace anim::ui
