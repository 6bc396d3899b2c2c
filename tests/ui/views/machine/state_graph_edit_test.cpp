// Editing the state graph through headless ImGui input: selecting, deleting and reordering
// transitions, panning and zooming the view, framing every box, and selecting, moving and
// deleting several boxes at once.
#include "anim/ui/views/machine/state_graph.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <set>
#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/setup/edits.h"
#include "anim/ui/model/document.h"
#include "anim/ui/widgets/imgui_frame.h"
#include "support/imgui_harness.h"
#include "support/state_graph_fixture.h"

namespace anim::ui {
namespace {

constexpr int kDeleteKey = 127;

// States A, B and C placed at `places` (graph units), with transitions "from>to"; the any-state
// box at (560, 400).
setup::Setup three_states(const std::vector<glm::vec2>& places,
                          const std::vector<std::pair<std::string, std::string>>& transitions) {
  setup::Setup setup;
  setup.model = "/models/two.x";
  const char* names[] = {"A", "B", "C"};
  for (int i = 0; i < 3; ++i) {
    add_state(setup, names[i], "walk");
    set_node_position(setup, names[i], places[static_cast<std::size_t>(i)]);
  }
  for (const auto& [from, to] : transitions) add_transition(setup, from, to);
  // The any-state box, there with every state, out of the way of the tests' clicks and drags
  // (and inside the bounds of any test's boxes, so that framing them all is unchanged).
  set_node_position(setup, kAnyStateNode, glm::vec2(560, 400));
  return setup;
}

std::vector<std::string> edges(const setup::Setup& setup) {
  std::vector<std::string> out;
  for (const setup::SetupTransition& t : setup.transitions) out.push_back(t.from + ">" + t.to);
  return out;
}

std::vector<std::string> state_names(const setup::Setup& setup) {
  std::vector<std::string> out;
  for (const setup::SetupState& s : setup.states) out.push_back(s.name);
  return out;
}

ImVec2 operator+(ImVec2 a, ImVec2 b) { return ImVec2(a.x + b.x, a.y + b.y); }
ImVec2 operator-(ImVec2 a, ImVec2 b) { return ImVec2(a.x - b.x, a.y - b.y); }

class StateGraphEditingTest : public testing::StateGraphFixture {
 protected:
  void open(setup::Setup setup) {
    doc.restore_setup(std::move(setup), "");
    settle();
  }
  // Picks `entry` of a menu that is open.
  void choose(const std::string& entry) {
    // A popup settles its place and size over its first frames.
    settle();
    settle();
    click(rect(entry).center());
  }
  void expect_inside(const ItemRect& inner, const ItemRect& outer, const std::string& what) {
    EXPECT_GE(inner.min.x, outer.min.x) << what;
    EXPECT_GE(inner.min.y, outer.min.y) << what;
    EXPECT_LE(inner.max.x, outer.max.x) << what;
    EXPECT_LE(inner.max.y, outer.max.y) << what;
  }
};

TEST_F(StateGraphEditingTest, ClickingAnArrowSelectsItAndDeleteRemovesExactlyIt) {
  open(three_states({{20, 20}, {320, 20}, {20, 200}}, {{"A", "B"}, {"B", "A"}, {"A", "C"}}));
  click(rect("node:A").center());
  EXPECT_EQ(graph.selected, "A");
  click(rect("edge_mid:0").center());
  EXPECT_EQ(graph.selected_transition, 0);
  EXPECT_EQ(graph.selected, "") << "selecting a transition deselects the state";
  EXPECT_TRUE(graph.selection.empty());
  click(rect("node:B").center());
  EXPECT_EQ(graph.selected_transition, -1) << "selecting a state deselects the transition";
  // Its label is as good as its line.
  click(rect("edge:2").center());
  EXPECT_EQ(graph.selected_transition, 2);
  click(rect("edge_mid:1").center());
  EXPECT_EQ(graph.selected_transition, 1) << "B -> A, apart from A -> B";

  key(kDeleteKey);
  EXPECT_EQ(edges(*doc.setup()), (std::vector<std::string>{"A>B", "A>C"}));
  EXPECT_EQ(state_names(*doc.setup()), (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_EQ(doc.setup_history().undo_label(), "delete transition B -> A");
  EXPECT_EQ(graph.selected_transition, -1);
  ASSERT_TRUE(doc.undo_setup_edit());
  EXPECT_EQ(edges(*doc.setup()), (std::vector<std::string>{"A>B", "B>A", "A>C"}));
  settle();

  // A state picked from outside (the Setup panel's problem list) replaces the selection.
  click(rect("edge:2").center());
  graph.selected = "C";
  frame();
  EXPECT_EQ(graph.selection, (std::set<std::string>{"C"}));
  EXPECT_EQ(graph.selected_transition, -1);

  // A click on empty space far from every arrow selects none.
  click(rect("edge:2").center());
  click(rect("graph").max - ImVec2(60, 60));
  EXPECT_EQ(graph.selected_transition, -1);
}

// Transitions added or removed elsewhere (an undo, another panel) leave the selected one
// selected, at its new index; an edit of the selected one's ends keeps it selected.
TEST_F(StateGraphEditingTest, TheSelectedArrowFollowsItsTransitionThroughUndo) {
  open(three_states({{20, 20}, {320, 20}, {20, 200}}, {{"A", "B"}, {"B", "A"}, {"A", "C"}}));
  click(rect("edge:2").center());
  ASSERT_EQ(graph.selected_transition, 2);  // A -> C.
  // Another panel removes A -> B: A -> C is now index 1.
  setup::Setup fewer = *doc.setup();
  fewer.transitions.erase(fewer.transitions.begin());
  doc.edit_setup(fewer, "remove transition A -> B");
  settle();
  EXPECT_EQ(graph.selected_transition, 1);
  // The undo puts A -> B back in front: A -> C is index 2 again.
  ASSERT_TRUE(doc.undo_setup_edit());
  settle();
  EXPECT_EQ(graph.selected_transition, 2);
  // Its destination edited (as many transitions): still the one selected.
  setup::Setup edited = *doc.setup();
  edited.transitions[2].to = "B";
  doc.edit_setup(edited, "set destination of transition A -> B");
  settle();
  EXPECT_EQ(graph.selected_transition, 2);
  // The undo of adding it: nothing left to select.
  setup::Setup more = *doc.setup();
  more.transitions.push_back(more.transitions[0]);
  doc.edit_setup(more, "add transition A -> B");
  settle();
  graph.selected_transition = 3;  // Picked from outside: taken as it is.
  settle();
  EXPECT_EQ(graph.selected_transition, 3);
  ASSERT_TRUE(doc.undo_setup_edit());
  settle();
  EXPECT_EQ(graph.selected_transition, -1) << "the second A -> B is gone";
}

TEST_F(StateGraphEditingTest, AnArrowsMenuReordersItsSourcesPriorities) {
  open(three_states({{20, 20}, {320, 20}, {20, 200}}, {{"A", "B"}, {"B", "C"}, {"A", "C"}}));
  // A's two transitions are ranked in their order; B's only one is not.
  EXPECT_EQ(transition_caption(*doc.setup(), 0), "1: exit 1");
  EXPECT_EQ(transition_caption(*doc.setup(), 1), "exit 1");
  EXPECT_EQ(transition_caption(*doc.setup(), 2), "2: exit 1");

  click(rect("edge_mid:2").center(), 1);
  EXPECT_EQ(graph.selected_transition, 2);
  choose("menu:edge_higher");
  EXPECT_EQ(edges(*doc.setup()), (std::vector<std::string>{"A>C", "B>C", "A>B"}));
  EXPECT_EQ(doc.setup_history().undo_label(), "raise priority of A -> C");
  EXPECT_EQ(graph.selected_transition, 0) << "the selection follows it";
  EXPECT_EQ(transition_caption(*doc.setup(), 0), "1: exit 1");

  // Already first: "Higher priority" is disabled and changes nothing.
  settle();
  click(rect("edge_mid:0").center(), 1);
  choose("menu:edge_higher");
  EXPECT_EQ(edges(*doc.setup()), (std::vector<std::string>{"A>C", "B>C", "A>B"}));
  click(rect("graph").max - ImVec2(60, 60), 1);  // A click outside closes the menu.
  settle();

  click(rect("edge_mid:0").center(), 1);
  choose("menu:edge_lower");
  EXPECT_EQ(edges(*doc.setup()), (std::vector<std::string>{"A>B", "B>C", "A>C"}));
  EXPECT_EQ(doc.setup_history().undo_label(), "lower priority of A -> C");

  settle();
  click(rect("edge:1").center(), 1);
  choose("menu:edge_delete");
  EXPECT_EQ(edges(*doc.setup()), (std::vector<std::string>{"A>B", "A>C"}));
  EXPECT_EQ(doc.setup_history().undo_label(), "delete transition B -> C");
}

TEST_F(StateGraphEditingTest, TheWheelZoomsAboutTheMouse) {
  open(three_states({{20, 20}, {320, 20}, {20, 200}}, {}));
  const ItemRect before = rect("node:B");
  const ImVec2 at(250.0f, 150.0f);  // Empty space.
  move(at);
  ImGui::GetIO().MouseWheel = 2.0f;
  frame();
  ImGui::GetIO().MouseWheel = 0.0f;
  settle();
  // Two notches of 1.2 each: everything scales by 1.44 about the mouse.
  const ItemRect after = rect("node:B");
  EXPECT_NEAR(graph.view.zoom, 1.44f, 1e-4f);
  EXPECT_NEAR(after.min.x, at.x + (before.min.x - at.x) * 1.44f, 0.01f);
  EXPECT_NEAR(after.min.y, at.y + (before.min.y - at.y) * 1.44f, 0.01f);
  EXPECT_NEAR(after.max.x - after.min.x, 130.0f * 1.44f, 0.01f);

  ImGui::GetIO().MouseWheel = -40.0f;  // Far out: clamped.
  frame();
  ImGui::GetIO().MouseWheel = 0.0f;
  settle();
  EXPECT_FLOAT_EQ(graph.view.zoom, kMinZoom);
  const ItemRect far = rect("node:B");
  EXPECT_NEAR(far.max.x - far.min.x, 130.0f * kMinZoom, 0.01f);
  EXPECT_NEAR(far.min.x, at.x + (before.min.x - at.x) * kMinZoom, 0.01f) << "still about it";
  EXPECT_EQ(doc.setup()->editor, three_states({{20, 20}, {320, 20}, {20, 200}}, {}).editor)
      << "the view is no edit";
}

TEST_F(StateGraphEditingTest, PanningWithTheMiddleButtonOrAltMovesEverythingAlike) {
  open(three_states({{20, 20}, {320, 20}, {20, 200}}, {}));
  const ItemRect a = rect("node:A"), b = rect("node:B");
  // The middle button pans from anywhere, a box too.
  drag(a.center(), a.center() + ImVec2(40, 30), 2);
  settle();
  EXPECT_NEAR(rect("node:A").min.x, a.min.x + 40.0f, 0.01f);
  EXPECT_NEAR(rect("node:B").min.y, b.min.y + 30.0f, 0.01f);
  // The left button with Alt held, on empty space.
  ImGui::GetIO().KeyAlt = true;
  drag(ImVec2(600, 400), ImVec2(580, 390));
  ImGui::GetIO().KeyAlt = false;
  settle();
  EXPECT_NEAR(rect("node:B").min.x, b.min.x + 20.0f, 0.01f);
  EXPECT_NEAR(rect("node:B").min.y, b.min.y + 20.0f, 0.01f);
  EXPECT_TRUE(graph.selection.empty()) << "no selection rectangle";
  EXPECT_FALSE(doc.setup_history().can_undo()) << "the view is no edit";
}

TEST_F(StateGraphEditingTest, FrameAllPutsEveryBoxInsideTheGraph) {
  open(three_states({{-500, -300}, {1500, 900}, {20, 20}}, {{"A", "B"}}));
  const ItemRect area = rect("graph");
  // Shown for the first time with boxes that would start out of view, the graph opens readable
  // (zoom 1: text at the UI font's size) from its top-left box, A; B is a pan away.
  EXPECT_FLOAT_EQ(graph.view.zoom, 1.0f);
  expect_inside(rect("node:A"), area, "node:A");
  EXPECT_GT(rect("node:B").min.x, area.max.x);
  // Panned away, "Frame all" fits every box.
  graph.view = GraphView{};
  settle();
  EXPECT_GT(rect("node:B").min.x, area.max.x) << "out of view again";
  click(rect("frame_all").center());
  settle();
  EXPECT_LT(graph.view.zoom, 1.0f);
  for (const char* name : {"node:A", "node:B", "node:C"}) expect_inside(rect(name), area, name);
  // The boxes span 2130 x 1246 units; the area, less its margins, fits them at the zoom of the
  // tighter side, and the bounds' middle comes to the middle of the area.
  const float left = rect("node:A").min.x, right = rect("node:B").max.x;
  const float top = rect("node:A").min.y, bottom = rect("node:B").max.y;
  EXPECT_NEAR((right - left) / 2130.0f, graph.view.zoom, 1e-4f);
  EXPECT_NEAR((bottom - top) / 1246.0f, graph.view.zoom, 1e-4f);
  EXPECT_GE(left - area.min.x, StateGraph::kFrameMargin);
  EXPECT_GE(area.max.y - bottom, StateGraph::kFrameMargin);
  EXPECT_FALSE(doc.setup_history().can_undo()) << "the view is no edit";

  // F does the same while the mouse is over the graph, which then takes it from the viewport.
  drag(ImVec2(400, 300), ImVec2(100, 100), 2);
  EXPECT_LT(rect("node:A").min.x, area.min.x);
  EXPECT_TRUE(graph.took_keys());
  key(::anim::ui::testing::kTestFrameAllKey);
  settle();
  for (const char* name : {"node:A", "node:B", "node:C"}) expect_inside(rect(name), area, name);
  // Away from the graph it takes no key, and the middle button pans nothing from there.
  drag(ImVec2(400, 300), ImVec2(300, 300), 2);
  const GraphView panned = graph.view;
  move(ImVec2(-50, -50));
  EXPECT_FALSE(graph.took_keys());
  drag(ImVec2(-50, -50), ImVec2(-20, -20), 2);
  key(::anim::ui::testing::kTestFrameAllKey);
  EXPECT_EQ(graph.view.pan, panned.pan);
  // Without a key map (a backend that gave none) the same key does nothing, over the graph too.
  set_key_map(KeyMap{});
  move(ImVec2(400, 300));
  ASSERT_TRUE(graph.took_keys());
  key(::anim::ui::testing::kTestFrameAllKey);
  EXPECT_EQ(graph.view.pan, panned.pan);
}

TEST_F(StateGraphEditingTest, BoxSelectThenDeleteRemovesTheBoxedStatesOnly) {
  open(three_states({{20, 20}, {320, 20}, {20, 200}}, {{"A", "B"}, {"B", "C"}, {"C", "A"}}));
  const ItemRect a = rect("node:A"), b = rect("node:B");
  // From above A's top-left corner to below B's bottom-right: C, 154 units lower, is left out.
  drag(a.min - ImVec2(10, 10), b.max + ImVec2(10, 10));
  EXPECT_EQ(graph.selection, (std::set<std::string>{"A", "B"}));
  EXPECT_EQ(graph.selected, "A");
  EXPECT_FALSE(doc.setup_history().can_undo()) << "selecting is no edit";
  key(kDeleteKey);
  EXPECT_EQ(state_names(*doc.setup()), (std::vector<std::string>{"C"}));
  EXPECT_TRUE(doc.setup()->transitions.empty());
  EXPECT_EQ(doc.setup_history().undo_label(), "delete 2 states");
  EXPECT_TRUE(graph.selection.empty());
  ASSERT_TRUE(doc.undo_setup_edit());
  EXPECT_EQ(state_names(*doc.setup()), (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_EQ(doc.setup()->transitions.size(), 3u);
  EXPECT_FALSE(doc.setup_history().can_undo()) << "both went in one step";
}

TEST_F(StateGraphEditingTest, DraggingASelectedBoxMovesTheWholeSelectionAsOneEdit) {
  open(three_states({{20, 20}, {320, 20}, {20, 200}}, {{"A", "B"}}));
  const ItemRect a = rect("node:A"), b = rect("node:B");
  drag(a.min - ImVec2(10, 10), b.max + ImVec2(10, 10));
  ASSERT_EQ(graph.selection, (std::set<std::string>{"A", "B"}));
  drag(rect("node:B").center(), rect("node:B").center() + ImVec2(40, 30));
  EXPECT_EQ(doc.setup()->editor.dump(), R"({"nodes":{"A":[60,50],"B":[360,50],)"
                                        R"("C":[20,200],"*":[560,400]}})");
  EXPECT_EQ(doc.setup_history().undo_label(), "move 2 states");
  EXPECT_EQ(graph.selection, (std::set<std::string>{"A", "B"})) << "still selected";
  EXPECT_EQ(graph.selected, "B") << "the box grabbed";
  settle();
  EXPECT_NEAR(rect("node:A").min.x, a.min.x + 40.0f, 0.01f);
  ASSERT_TRUE(doc.undo_setup_edit());
  EXPECT_EQ(doc.setup()->editor.dump(), R"({"nodes":{"A":[20,20],"B":[320,20],)"
                                        R"("C":[20,200],"*":[560,400]}})");
  EXPECT_FALSE(doc.setup_history().can_undo()) << "one step";

  // Grabbing a box outside the selection selects it alone and moves only it.
  drag(rect("node:C").center(), rect("node:C").center() + ImVec2(0, 50));
  EXPECT_EQ(graph.selection, (std::set<std::string>{"C"}));
  EXPECT_EQ(doc.setup()->editor.dump(), R"({"nodes":{"A":[20,20],"B":[320,20],)"
                                        R"("C":[20,250],"*":[560,400]}})");
  EXPECT_EQ(doc.setup_history().undo_label(), "move C");
}

TEST_F(StateGraphEditingTest, CtrlOrShiftAddsToTheSelectionOrTakesOut) {
  open(three_states({{20, 20}, {320, 20}, {20, 200}}, {}));
  ImGuiIO& io = ImGui::GetIO();
  click(rect("node:A").center());
  io.KeyCtrl = true;
  click(rect("node:B").center());
  EXPECT_EQ(graph.selection, (std::set<std::string>{"A", "B"}));
  EXPECT_EQ(graph.selected, "B");
  click(rect("node:B").center());
  EXPECT_EQ(graph.selection, (std::set<std::string>{"A"}));
  EXPECT_EQ(graph.selected, "A") << "the one left is the primary one";
  io.KeyCtrl = false;
  // A rectangle around C with Shift held adds it.
  const ItemRect c = rect("node:C");
  io.KeyShift = true;
  drag(c.min - ImVec2(10, 10), c.max + ImVec2(10, 10));
  io.KeyShift = false;
  EXPECT_EQ(graph.selection, (std::set<std::string>{"A", "C"}));
  EXPECT_EQ(graph.selected, "A");
  EXPECT_FALSE(doc.setup_history().can_undo()) << "no box moved";
  // Without, it replaces the selection (a while later: two quick presses are a double-click).
  for (int i = 0; i < 10; ++i) settle();
  drag(c.min - ImVec2(10, 10), c.max + ImVec2(10, 10));
  EXPECT_EQ(graph.selection, (std::set<std::string>{"C"}));
  EXPECT_EQ(graph.selected, "C");
}

TEST_F(StateGraphEditingTest, ZoomedFarOutABoxsMiddleStillDragsIt) {
  open(three_states({{20, 20}, {320, 20}, {20, 200}}, {}));
  move(ImVec2(250, 150));
  ImGui::GetIO().MouseWheel = -40.0f;
  frame();
  ImGui::GetIO().MouseWheel = 0.0f;
  settle();
  ASSERT_FLOAT_EQ(graph.view.zoom, kMinZoom);
  // B shows 130 / 4 x 46 / 4 = 32.5 x 11.5 pixels: no more than its rim at zoom 1 on each side.
  const ItemRect b = rect("node:B");
  drag(b.center(), b.center() + ImVec2(10, 5));
  EXPECT_TRUE(doc.setup()->transitions.empty());
  // 10 x 5 pixels are 40 x 20 units at a quarter.
  EXPECT_EQ(doc.setup()->editor.dump(), R"({"nodes":{"A":[20,20],"B":[360,40],)"
                                        R"("C":[20,200],"*":[560,400]}})");
}

}  // namespace
}  // namespace anim::ui
