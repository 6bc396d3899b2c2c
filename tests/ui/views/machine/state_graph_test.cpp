// The state graph: where boxes go, how arrows meet them, and dragging a box as one undoable
// edit of the setup's editor block. Headless ImGui for the drag.
#include "anim/ui/views/machine/state_graph.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <cmath>
#include <optional>
#include <string>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/setup/edits.h"
#include "anim/ui/model/document.h"
#include "anim/ui/widgets/imgui_frame.h"
#include "support/imgui_harness.h"
#include "support/state_graph_fixture.h"

namespace anim::ui {
namespace {

setup::SetupState state(const std::string& name) {
  setup::SetupState s;
  s.name = name;
  s.motion = "walk";
  return s;
}

TEST(StateGraphLayout, StoredPlacesWinAndTheRestFillFreeGridCells) {
  setup::Setup setup;
  setup.states = {state("A"), state("B"), state("C")};
  setup.editor =
      setup::Json::parse(R"({"camera": 3, "nodes": {"A": [20, 20], "C": "not a place"}})");
  const auto places = node_positions(setup);
  ASSERT_EQ(places.size(), 4u) << "three states and the any-state box";
  EXPECT_EQ(places.at("A"), glm::vec2(20, 20));
  // The grid's first cell (20, 20) is A's, so B takes the second (20 + 170, 20) and C, whose
  // stored value is no place, the third.
  EXPECT_EQ(places.at("B"), glm::vec2(190, 20));
  EXPECT_EQ(places.at("C"), glm::vec2(360, 20));
  // The any-state box, there whether a transition leaves it or not, takes the next row.
  EXPECT_EQ(places.at(kAnyStateNode), glm::vec2(20, 120));
  setup::SetupTransition from_any;
  from_any.from = "*";
  from_any.to = "B";
  setup.transitions.push_back(from_any);
  EXPECT_EQ(node_positions(setup).at(kAnyStateNode), glm::vec2(20, 120));
  // A machine without states has no box at all.
  EXPECT_TRUE(node_positions(setup::Setup{}).empty());
}

TEST(StateGraphLayout, SettingAPlaceKeepsTheRestOfTheEditorBlock) {
  setup::Setup setup;
  setup.editor = setup::Json::parse(R"({"camera": 3, "nodes": {"A": [1, 2]}})");
  set_node_position(setup, "B", glm::vec2(10.4f, 19.6f));
  EXPECT_EQ(setup.editor.dump(), R"({"camera":3,"nodes":{"A":[1,2],"B":[10,20]}})");
  setup::Setup empty;
  set_node_position(empty, "A", glm::vec2(5, 6));
  EXPECT_EQ(empty.editor.dump(), R"({"nodes":{"A":[5,6]}})");
}

TEST(StateGraphLayout, ArrowsRunBetweenTheBoxEdges) {
  const glm::vec2 size(100, 50);
  // Side by side: from the right edge of one to the left edge of the other.
  Arrow a = arrow_between({0, 0}, {200, 0}, size);
  EXPECT_EQ(a.tail, glm::vec2(100, 25));
  EXPECT_EQ(a.head, glm::vec2(200, 25));
  // Diagonal (centres (50, 25) and (250, 125)): the line leaves through the corners.
  a = arrow_between({0, 0}, {200, 100}, size);
  EXPECT_EQ(a.tail, glm::vec2(100, 50));
  EXPECT_EQ(a.head, glm::vec2(200, 100));
  // Straight down: through the bottom and top edges.
  a = arrow_between({0, 0}, {0, 200}, size);
  EXPECT_EQ(a.tail, glm::vec2(50, 50));
  EXPECT_EQ(a.head, glm::vec2(50, 200));
}

setup::SetupTransition transition(const std::string& from, const std::string& to) {
  setup::SetupTransition t;
  t.from = from;
  t.to = to;
  return t;
}

// Whether any of 1001 evenly spaced points of `c` lies inside `box`.
bool SampledCurveEnters(const Curve& c, const Box& box) {
  for (int i = 0; i <= 1000; ++i) {
    if (box.contains(c.at(static_cast<float>(i) / 1000.0f))) return true;
  }
  return false;
}

TEST(StateGraphLayout, TransitionCurvesKeepApartAndGoAroundBoxes) {
  // projects/wuson_locomotion.json: boxes of 130 x 46, any state in the grid's first cell.
  setup::Setup setup;
  setup.states = {state("Idle"), state("Locomotion"), state("Halt")};
  setup.transitions = {transition("Idle", "Locomotion"), transition("Locomotion", "Idle"),
                       transition("*", "Halt"), transition("Halt", "Idle"),
                       transition("Idle", "Nowhere")};
  setup.editor = setup::Json::parse(
      R"({"nodes": {"Idle": [80, 120], "Locomotion": [320, 120], "Halt": [200, 260]}})");
  const auto places = node_positions(setup);
  ASSERT_EQ(places.at(kAnyStateNode), glm::vec2(20, 20));
  const auto curves = transition_curves(setup, places);
  ASSERT_EQ(curves.size(), 5u);
  ASSERT_TRUE(curves[0] && curves[1] && curves[2] && curves[3]);
  EXPECT_FALSE(curves[4]) << "no box for Nowhere";
  // Centres (145, 143) and (385, 143): each way's middle 24 / 2 to its own side.
  EXPECT_NEAR(curves[0]->at(0.5f).x, 265.0f, 1e-3f);
  EXPECT_NEAR(curves[0]->at(0.5f).y, 155.0f, 1e-3f);
  EXPECT_NEAR(curves[1]->at(0.5f).y, 131.0f, 1e-3f);
  // Any state (centre (85, 43)) to Halt (265, 283): the straight line crosses Idle; the curve
  // keeps clear of it, on the side away from the Idle - Locomotion pair (left of Idle, x < 80).
  const Box idle{{80, 120}, {210, 166}};
  EXPECT_TRUE(segment_crosses_box({85, 43}, {265, 283}, idle));
  EXPECT_FALSE(SampledCurveEnters(*curves[2], idle));
  EXPECT_FALSE(SampledCurveEnters(*curves[2], Box{{145, 131}, {385, 155}}))
      << "clear of the Idle - Locomotion pair";
  EXPECT_LT(curves[2]->at(0.25f).x, 80.0f);
  // It starts on the any-state box's rim and ends on Halt's.
  const glm::vec2 end = curves[2]->p2;
  EXPECT_TRUE(std::fabs(end.x - 200) < 0.01f || std::fabs(end.y - 260) < 0.01f);
  // Halt to Idle has nothing in its way: straight through the centres' middle (205, 213).
  EXPECT_NEAR(curves[3]->at(0.5f).x, 205.0f, 1e-3f);
  EXPECT_NEAR(curves[3]->at(0.5f).y, 213.0f, 1e-3f);
  EXPECT_NEAR(curves[3]->p1.x, 205.0f, 1e-2f) << "unbent";
}

TEST(StateGraphLayout, TransitionsTheSameWayFanOut) {
  setup::Setup setup;
  setup.states = {state("A"), state("B")};
  setup.transitions = {transition("A", "B"), transition("A", "B"), transition("A", "A"),
                       transition("A", "A")};
  setup.editor = setup::Json::parse(R"({"nodes": {"A": [0, 0], "B": [300, 0]}})");
  const auto curves = transition_curves(setup, node_positions(setup));
  // Centres (65, 23) and (365, 23): the two lanes' middles 24 apart about the line.
  EXPECT_NEAR(curves[0]->at(0.5f).y, 11.0f, 1e-3f);
  EXPECT_NEAR(curves[1]->at(0.5f).y, 35.0f, 1e-3f);
  // Loops over A's top edge, the second above the first.
  EXPECT_NEAR(curves[2]->at(0.5f).y, -28.0f, 1e-3f);
  EXPECT_NEAR(curves[3]->at(0.5f).y, -40.0f, 1e-3f);
}

TEST(StateGraphLayout, ArrowLabelsSayTheConditionsAndExitTime) {
  setup::SetupTransition t;
  EXPECT_EQ(transition_label(t), "");
  t.exit_time = 0.9f;
  EXPECT_EQ(transition_label(t), "exit 0.9");
  setup::SetupCondition speed;
  speed.parameter = "speed";
  speed.op = ConditionOp::kGreater;
  speed.value = 0.05f;
  setup::SetupCondition halt;
  halt.parameter = "halt";
  halt.op = ConditionOp::kTriggerSet;
  setup::SetupCondition grounded;
  grounded.parameter = "grounded";
  grounded.op = ConditionOp::kFalse;
  t.conditions = {speed, halt, grounded};
  EXPECT_EQ(transition_label(t), "speed > 0.05, halt, !grounded, exit 0.9");
  t.exit_time.reset();
  t.conditions = {speed};
  t.conditions[0].op = ConditionOp::kNotEqual;
  t.conditions[0].value = -2.0f;
  EXPECT_EQ(transition_label(t), "speed != -2");
}

class StateGraphDragTest : public ::testing::Test {
 protected:
  StateGraphDragTest() { testing::CreateHeadlessContext(ImVec2(800, 600)); }
  ~StateGraphDragTest() override { ImGui::DestroyContext(); }

  void frame(Document& doc, StateGraph& graph) {
    testing::DrawFrameInWindow("graph", ImVec2(800, 600), [&] { testing::draw_panel(graph, doc); });
  }
  // Clicks the widget recorded as `rect` with mouse `button`, once a popup has settled its place
  // (a popup takes its first frames to do so: rects are read after them).
  void click(Document& doc, StateGraph& graph, const std::string& rect, int button) {
    for (int i = 0; i < 3; ++i) frame(doc, graph);
    const ItemRect* r = graph.rects.find(rect);
    ASSERT_NE(r, nullptr) << rect;
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(r->center().x, r->center().y);
    frame(doc, graph);
    io.MouseDown[button] = true;
    frame(doc, graph);
    io.MouseDown[button] = false;
    frame(doc, graph);
  }
  // Rests the mouse on the widget recorded as `rect` (hovering a menu entry opens its submenu).
  void hover(Document& doc, StateGraph& graph, const std::string& rect) {
    const ItemRect* r = graph.rects.find(rect);
    ASSERT_NE(r, nullptr) << rect;
    ImGui::GetIO().MousePos = ImVec2(r->center().x, r->center().y);
    for (int i = 0; i < 3; ++i) frame(doc, graph);
  }
};

TEST_F(StateGraphDragTest, DraggingABoxMovesItAsOneUndoableEdit) {
  Document doc(testing::TwoClipModel(), "/models/two.x");
  doc.new_setup();  // States "walk" and "run", no places stored yet.
  StateGraph graph;
  frame(doc, graph);
  frame(doc, graph);
  const ItemRect* box = graph.rects.find("node:run");
  ASSERT_NE(box, nullptr);
  const ImVec2 grab(box->center().x, box->center().y);
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = grab;
  frame(doc, graph);
  io.MouseDown[0] = true;
  frame(doc, graph);
  for (int step = 1; step <= 4; ++step) {
    io.MousePos = ImVec2(grab.x + 10.0f * step, grab.y + 7.5f * step);
    frame(doc, graph);
  }
  EXPECT_FALSE(doc.setup_history().can_undo()) << "nothing is committed mid-drag";
  io.MouseDown[0] = false;
  frame(doc, graph);

  // "run" was in the grid's second cell (190, 20); it moved by (40, 30).
  EXPECT_EQ(doc.setup()->editor.dump(), R"({"nodes":{"run":[230,50]}})");
  EXPECT_EQ(doc.setup_history().undo_label(), "move run");
  ASSERT_TRUE(doc.undo_setup_edit());
  EXPECT_FALSE(doc.setup()->editor.contains("nodes"));

  // A click without a move is no edit.
  io.MousePos = grab;
  frame(doc, graph);
  io.MouseDown[0] = true;
  frame(doc, graph);
  io.MouseDown[0] = false;
  frame(doc, graph);
  EXPECT_FALSE(doc.setup_history().can_undo());
}

TEST_F(StateGraphDragTest, ABoxMenuSetsTheDefaultAndAddsTransitions) {
  Document doc(testing::TwoClipModel(), "/models/two.x");
  doc.new_setup();
  ASSERT_EQ(doc.setup()->default_state, "walk");
  StateGraph graph;
  click(doc, graph, "node:run", 1);
  click(doc, graph, "menu:default", 0);
  EXPECT_EQ(doc.setup()->default_state, "run");
  EXPECT_EQ(doc.setup_history().undo_label(), "default state run");

  click(doc, graph, "node:run", 1);
  hover(doc, graph, "menu:add_transition");
  click(doc, graph, "menu:to:walk", 0);
  ASSERT_EQ(doc.setup()->transitions.size(), 1u);
  const setup::SetupTransition& t = doc.setup()->transitions[0];
  EXPECT_EQ(t.from, "run");
  EXPECT_EQ(t.to, "walk");
  ASSERT_TRUE(t.exit_time.has_value());
  EXPECT_EQ(*t.exit_time, 1.0f) << "no instant jump before conditions are added";
  EXPECT_EQ(doc.setup_history().undo_label(), "add transition run -> walk");
}

// A state without a name (a setup in the making, or a file) gets a menu entry of its own: its
// empty label used to make the entry's id the menu window's, which ImGui asserts against (the
// monkey found it).
TEST_F(StateGraphDragTest, AStateWithoutANameIsListedAsATransitionTarget) {
  Document doc(testing::TwoClipModel(), "/models/two.x");
  doc.new_setup();
  setup::Setup unnamed = *doc.setup();
  unnamed.states.push_back(unnamed.states[0]);
  unnamed.states.back().name = "";
  doc.edit_setup(unnamed, "add a state without a name");
  StateGraph graph;
  click(doc, graph, "node:run", 1);
  for (int i = 0; i < 3; ++i) frame(doc, graph);
  hover(doc, graph, "menu:add_transition");
  const ItemRect* target = graph.rects.find("menu:to:");
  ASSERT_NE(target, nullptr);
  EXPECT_GT(target->max.x - target->min.x, 0.0f);
}

// Graph editing: states by double-click or the empty space's menu, transitions by dragging
// from a box's rim, selection with Delete, F2 to rename.
class StateGraphEditTest : public testing::StateGraphFixture {
 protected:
  StateGraphEditTest() {
    ImGui::GetIO().KeyMap[ImGuiKey_Enter] = 13;
    doc.new_setup();  // States "walk" and "run".
    settle();
  }
  static constexpr int kDeleteKey = 127;
};

TEST_F(StateGraphEditTest, DoubleClickingEmptySpaceAddsAStateCentredThere) {
  const ImVec2 at(rect("graph").min.x + 300.0f, rect("graph").min.y + 300.0f);
  move(at);
  button(0, true);
  button(0, false);
  button(0, true);
  button(0, false);
  ASSERT_EQ(doc.setup()->states.size(), 3u);
  const setup::SetupState& added = doc.setup()->states.back();
  // Every clip has its state already: numbered (never a second "State"), the first clip.
  EXPECT_EQ(added.name, "State 1");
  EXPECT_EQ(added.motion, "walk");
  EXPECT_EQ(doc.setup_history().undo_label(), "add state State 1");
  EXPECT_EQ(graph.selected, "State 1");
  settle();
  const ItemRect box = rect("node:State 1");
  EXPECT_NEAR(box.center().x, at.x, 1.0f);
  EXPECT_NEAR(box.center().y, at.y, 1.0f);
}

TEST_F(StateGraphEditTest, TheEmptySpacesMenuAddsAState) {
  click(ImVec2(rect("graph").min.x + 100.0f, rect("graph").min.y + 250.0f), 1);
  settle();
  click(rect("menu:new_state").center());
  ASSERT_EQ(doc.setup()->states.size(), 3u);
  EXPECT_EQ(doc.setup()->states.back().name, "State 1");
  // Once a clip is free, the next one plays it under its name.
  setup::Setup fewer = *doc.setup();
  fewer.states.erase(fewer.states.begin() + 1);  // run
  doc.edit_setup(fewer, "remove state run");
  settle();
  click(ImVec2(rect("graph").min.x + 400.0f, rect("graph").min.y + 250.0f), 1);
  settle();
  click(rect("menu:new_state").center());
  EXPECT_EQ(doc.setup()->states.back().name, "run");
  EXPECT_EQ(doc.setup()->states.back().motion, "run");
}

TEST_F(StateGraphEditTest, DraggingFromARimToAnotherBoxAddsATransition) {
  const ItemRect walk = rect("node:walk"), run = rect("node:run");
  move(ImVec2(walk.max.x - 2.0f, walk.center().y));  // On the right rim.
  button(0, true);
  move(ImVec2((walk.max.x + run.min.x) * 0.5f, run.center().y));
  move(run.center());
  EXPECT_TRUE(doc.setup()->transitions.empty()) << "nothing is committed mid-drag";
  button(0, false);
  ASSERT_EQ(doc.setup()->transitions.size(), 1u);
  EXPECT_EQ(doc.setup()->transitions[0].from, "walk");
  EXPECT_EQ(doc.setup()->transitions[0].to, "run");
  EXPECT_EQ(doc.setup()->transitions[0].exit_time, std::optional<float>(1.0f));
  EXPECT_EQ(doc.setup_history().undo_label(), "add transition walk -> run");
  settle();
  EXPECT_EQ(rect("node:walk").min.x, walk.min.x) << "a rim drag does not move the box";
  // Dropped on empty space: nothing.
  move(ImVec2(run.max.x - 2.0f, run.center().y));
  button(0, true);
  move(ImVec2(run.max.x + 200.0f, run.max.y + 200.0f));
  button(0, false);
  EXPECT_EQ(doc.setup()->transitions.size(), 1u);
}

TEST_F(StateGraphEditTest, DeleteRemovesTheSelectedStateWithItsTransitions) {
  setup::Setup changed = *doc.setup();
  add_transition(changed, "walk", "run");
  doc.edit_setup(changed, "test");
  settle();
  click(rect("node:run").center());
  EXPECT_EQ(graph.selected, "run");
  key(kDeleteKey);
  ASSERT_EQ(doc.setup()->states.size(), 1u);
  EXPECT_EQ(doc.setup()->states[0].name, "walk");
  EXPECT_TRUE(doc.setup()->transitions.empty());
  EXPECT_EQ(doc.setup_history().undo_label(), "delete state run");
  EXPECT_TRUE(graph.selected.empty());
  ASSERT_TRUE(doc.undo_setup_edit());
  EXPECT_EQ(doc.setup()->transitions.size(), 1u);
}

TEST_F(StateGraphEditTest, F2RenamesTheSelectedStateEverywhere) {
  setup::Setup changed = *doc.setup();
  add_transition(changed, "walk", "run");
  doc.edit_setup(changed, "test");
  settle();
  click(rect("node:run").center());
  key(::anim::ui::testing::kTestRenameKey);
  settle();
  ASSERT_NE(graph.rects.find("menu:name"), nullptr);
  ImGuiIO& io = ImGui::GetIO();
  // The field has focus with the name selected: typing replaces it.
  for (char c : std::string("sprint")) {
    io.AddInputCharacter(static_cast<unsigned char>(c));
    frame();
  }
  io.KeysDown[ImGui::GetKeyIndex(ImGuiKey_Enter)] = true;
  frame();
  io.KeysDown[ImGui::GetKeyIndex(ImGuiKey_Enter)] = false;
  frame();
  ASSERT_EQ(doc.setup()->states.size(), 2u);
  EXPECT_EQ(doc.setup()->states[1].name, "sprint");
  EXPECT_EQ(doc.setup()->transitions[0].to, "sprint");
  EXPECT_EQ(doc.setup_history().undo_label(), "rename state run to sprint");
  EXPECT_EQ(graph.selected, "sprint");
}

}  // namespace
}  // namespace anim::ui
