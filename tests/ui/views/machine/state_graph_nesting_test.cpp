// The state graph with nested machines: a machine state's box lit while a leaf inside runs,
// opened by a double-click to show its own states, edited there as the top is (each edit one undo
// step, by the machine's path), left by its breadcrumbs or Esc, and "Travel here" sending the
// running machine to a box's leaf, or saying why it can't.
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
// transition reaches but a transition from it names Locomotion/Run by path. Speed 0.55 keeps
// whichever of Walk and Run plays.
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
    {"from": "Locomotion", "to": "Idle", "conditions": [{"parameter": "speed", "op": "<", "value": 0.05}]},
    {"from": "Lost", "to": "Locomotion/Run", "conditions": [{"parameter": "speed", "op": ">", "value": 2}]}
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

// A nested view edited on its own (as the Inspector edits it) goes back by path: a rename at the
// same place in the list carries the top's path and the exit mark; a removal takes both.
TEST(NestedGraphModel, AStoredViewCarriesRenamesAndRemovalsToTheTop) {
  Result<setup::Setup> parsed = setup::parse_setup(kNested, "nested.json");
  ASSERT_TRUE(parsed.ok());
  setup::Setup& setup = parsed.value();
  setup::Setup inside = *nested_view(setup, {"Locomotion"});
  inside.states[1].name = "Sprint";  // As the form renames: the state and its machine's ends.
  inside.transitions[0].to = "Sprint";
  inside.transitions[1].from = "Sprint";
  inside.editor["nodes"] = setup::Json::parse(R"({"Walk": [1, 2]})");
  ASSERT_TRUE(store_nested_view(&setup, {"Locomotion"}, inside));
  const setup::SetupMachine& m = *setup.states[1].machine;
  EXPECT_EQ(m.states[1].name, "Sprint");
  EXPECT_EQ(m.transitions[0].to, "Sprint");
  EXPECT_EQ(setup.transitions[2].to, "Locomotion/Sprint");
  EXPECT_EQ(m.exit_states, std::vector<std::string>{"Walk"});
  EXPECT_EQ(setup.editor["machines"]["Locomotion"]["nodes"].dump(), R"({"Walk":[1,2]})");

  inside = *nested_view(setup, {"Locomotion"});
  inside.states.erase(inside.states.begin());  // Walk, as the Inspector's Remove state does.
  inside.transitions.clear();
  inside.default_state = "Sprint";
  ASSERT_TRUE(store_nested_view(&setup, {"Locomotion"}, inside));
  EXPECT_TRUE(setup.states[1].machine->exit_states.empty());
  EXPECT_EQ(setup.states[1].machine->default_state, "Sprint");
  EXPECT_EQ(setup.transitions.size(), 3u) << "no top transition named Locomotion/Walk";
  EXPECT_FALSE(store_nested_view(&setup, {"Idle"}, inside)) << "Idle holds no machine";
}

class StateGraphNestingTest : public testing::StateGraphFixture {
 protected:
  StateGraphNestingTest() {
    ImGui::GetIO().KeyMap[ImGuiKey_Escape] = testing::kEscapeKey;
    ImGui::GetIO().KeyMap[ImGuiKey_Backspace] = testing::kBackspaceKey;
    ImGui::GetIO().KeyMap[ImGuiKey_Enter] = kEnterKey;
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
  // Right-clicks a box and settles its menu.
  void open_menu(const std::string& box) {
    click(centre("node:" + box), 1);
    settle();  // A popup settles its place over its first frames.
  }
  // Renames `box` from its menu: its name field has focus with the name selected.
  void rename_from_menu(const std::string& box, const std::string& to) {
    open_menu(box);
    ASSERT_NE(graph.rects.find("menu:name"), nullptr);
    for (char c : to) {
      ImGui::GetIO().AddInputCharacter(static_cast<unsigned char>(c));
      frame();
    }
    key(kEnterKey);
    settle();
  }
  const setup::SetupMachine& locomotion() const { return *doc.setup()->states[1].machine; }
  static constexpr int kEnterKey = 13;  // The harness maps no Enter; this suite does.

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
  EXPECT_EQ(graph.lit().count("Run"), 1u) << "lit by the leaf's path inside the machine";

  click(centre("crumb:0"));
  frame();
  EXPECT_TRUE(graph.opened.empty());
  EXPECT_NE(graph.rects.find("node:Idle"), nullptr);

  // Esc goes up one level too (the mouse over the graph, where its keys act).
  double_click(centre("node:Locomotion"));
  ASSERT_EQ(graph.opened.size(), 1u);
  move(ImVec2(700, 500));
  key(testing::kEscapeKey);
  EXPECT_TRUE(graph.opened.empty());
}

TEST_F(StateGraphNestingTest, ANestedLevelIsEditedAsTheTopIsOneUndoStepEach) {
  double_click(centre("node:Locomotion"));
  ASSERT_EQ(graph.opened.size(), 1u);
  settle();
  const std::string top_before = setup::to_json_text(*doc.setup());

  // A box dragged keeps its place under the machine's path in the editor block.
  const ImVec2 walk = centre("node:Walk");
  drag(walk, ImVec2(walk.x + 60, walk.y + 40));
  ASSERT_TRUE(doc.setup_history().can_undo());
  EXPECT_EQ(doc.setup_history().undo_label(), "move Walk in Locomotion");
  const setup::Json& places = doc.setup()->editor["machines"]["Locomotion"]["nodes"];
  EXPECT_TRUE(places.contains("Walk"));
  settle();
  EXPECT_NEAR(centre("node:Walk").x, walk.x + 60, 1.5f) << "drawn where it was dropped";

  // Double-click on empty space: a state inside Locomotion, not at the top.
  double_click(ImVec2(700, 500));
  ASSERT_EQ(locomotion().states.size(), 3u);
  // Both clips have their state in it: numbered, never a second "State".
  EXPECT_EQ(locomotion().states[2].name, "State 1");
  EXPECT_EQ(doc.setup()->states.size(), 3u) << "the top keeps its three states";
  settle();

  // Drag from Walk's rim to the new state: a transition of Locomotion.
  const ItemRect w = rect("node:Walk");
  drag(ImVec2(w.min.x + 2, w.center().y), centre("node:State 1"));
  ASSERT_EQ(locomotion().transitions.size(), 3u);
  EXPECT_EQ(locomotion().transitions[2].from, "Walk");
  EXPECT_EQ(locomotion().transitions[2].to, "State 1");
  EXPECT_EQ(doc.setup()->transitions.size(), 3u);

  // Its menu makes it the default and an exit state, drawn with its mark.
  open_menu("State 1");
  click(centre("menu:default"));
  EXPECT_EQ(locomotion().default_state, "State 1");
  open_menu("State 1");
  ASSERT_NE(graph.rects.find("menu:exit"), nullptr);
  click(centre("menu:exit"));
  EXPECT_EQ(locomotion().exit_states, (std::vector<std::string>{"Walk", "State 1"}));
  settle();
  EXPECT_NE(graph.rects.find("exit:State 1"), nullptr);
  EXPECT_NE(graph.rects.find("exit:Walk"), nullptr);
  EXPECT_EQ(graph.rects.find("exit:Run"), nullptr);

  // Delete removes it with its transition, its exit mark and the default moves on.
  click(centre("node:State 1"));
  key(testing::kDeleteKey);
  ASSERT_EQ(locomotion().states.size(), 2u);
  EXPECT_EQ(locomotion().transitions.size(), 2u);
  EXPECT_EQ(locomotion().exit_states, std::vector<std::string>{"Walk"});
  EXPECT_EQ(locomotion().default_state, "Walk");
  EXPECT_EQ(doc.setup_history().undo_label(), "delete state State 1 in Locomotion");

  // Every step undoes, back to the setup as it was, and redoes.
  ASSERT_TRUE(doc.undo_setup_edit());
  EXPECT_EQ(locomotion().states.size(), 3u);
  EXPECT_EQ(locomotion().exit_states, (std::vector<std::string>{"Walk", "State 1"}));
  while (doc.setup_history().can_undo()) ASSERT_TRUE(doc.undo_setup_edit());
  EXPECT_EQ(setup::to_json_text(*doc.setup()), top_before);
  ASSERT_TRUE(doc.redo_setup_edit());
  EXPECT_TRUE(doc.setup()->editor["machines"]["Locomotion"]["nodes"].contains("Walk"));
}

TEST_F(StateGraphNestingTest, ANewMachineFromTheMenuOpensWithItsOneState) {
  click(ImVec2(700, 500), 1);  // Empty space's menu.
  settle();
  click(centre("menu:new_machine"));
  settle();
  ASSERT_EQ(doc.setup()->states.size(), 4u);
  const setup::SetupState& added = doc.setup()->states[3];
  EXPECT_EQ(added.name, "Machine");
  ASSERT_TRUE(added.is_machine());
  EXPECT_EQ(added.machine->default_state, "State");
  EXPECT_EQ(doc.setup_history().undo_label(), "add machine Machine");
  double_click(centre("node:Machine"));
  ASSERT_EQ(graph.opened, std::vector<std::string>{"Machine"});
  settle();
  EXPECT_NE(graph.rects.find("node:State"), nullptr);
}

TEST_F(StateGraphNestingTest, ARenameInsideCarriesTheTopsPathsAndACollisionIsRefused) {
  double_click(centre("node:Locomotion"));
  settle();
  click(centre("node:Run"));  // Selected, so that the selection follows the rename.
  rename_from_menu("Run", "Sprint");
  EXPECT_EQ(locomotion().states[1].name, "Sprint");
  EXPECT_EQ(locomotion().transitions[0].to, "Sprint");
  EXPECT_EQ(locomotion().transitions[1].from, "Sprint");
  EXPECT_EQ(doc.setup()->transitions[2].to, "Locomotion/Sprint") << "the top's path follows";
  EXPECT_EQ(doc.setup_history().undo_label(), "rename state Run to Sprint in Locomotion");
  EXPECT_EQ(graph.selected, "Sprint");

  const std::string before = setup::to_json_text(*doc.setup());
  rename_from_menu("Sprint", "Walk");
  EXPECT_EQ(setup::to_json_text(*doc.setup()), before) << "Walk is taken here";
  ASSERT_NE(graph.rects.find("refused"), nullptr) << "the bottom line says why";
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
