// The State machine workspace's Inspector, headless: it shows what was selected last (a state
// or transition in the graph, of the base or of a layer, a parameter from the sidebar, or the
// layer shown), and each edit in it is one undoable step of the document, made with the same
// rules as the Setup panel's tables. Checked on the Document against hand-written setups.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/views/machine/setup_inspector.h"
#include "anim/ui/views/machine/state_graph.h"
#include "support/imgui_harness.h"
#include "support/rigs.h"
#include "support/setups.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

Model make_model() {
  Model model = ModelOf("test://body", Rig({"root", "spine"}, {-1, 0}));
  for (const char* name : {"walk", "run"}) {
    ClipBuilder b(name, 1.0f, 2);
    b.add_translation(0, 0.0f, glm::vec3(0.0f));
    model.clips.push_back(b.build());
  }
  return model;
}

setup::SetupTransition transition(const std::string& from, const std::string& to,
                                  const std::string& parameter, ConditionOp op, float value) {
  return Transition(from, to, {When(parameter, op, value)});
}

// Idle (walk) and Move (the blend space "Gait" on speed) and Jump; Idle -> Move (speed > 0.5),
// Move -> Idle (speed < 0.5), Idle -> Jump (the trigger jump), Jump -> Idle at its end. A layer
// "Upper": Hold (walk) -> Wave (run) when speed > 0.2, weighted by speed.
setup::Setup inspected_setup() {
  setup::Setup setup =
      SetupOf("body.x", {Bounded("speed", 0.0f, 1.0f), Param("jump", ParameterType::kTrigger)},
              {State("Idle", "walk"), State("Move", "Gait"), State("Jump", "run", 1.0f, false)});
  setup.blend_spaces = {Space("Gait", "speed", {Point("walk", 0.0f), Point("run", 1.0f)})};
  setup::SetupTransition back = Transition("Jump", "Idle");
  back.exit_time = 1.0f;
  setup.transitions = {transition("Idle", "Move", "speed", ConditionOp::kGreater, 0.5f),
                       transition("Move", "Idle", "speed", ConditionOp::kLess, 0.5f),
                       transition("Idle", "Jump", "jump", ConditionOp::kTriggerSet, 0.0f), back};
  setup::SetupLayer upper;
  upper.name = "Upper";
  upper.weight_parameter = "speed";
  upper.states = {State("Hold", "walk"), State("Wave", "run")};
  upper.default_state = "Hold";
  upper.transitions = {transition("Hold", "Wave", "speed", ConditionOp::kGreater, 0.2f)};
  setup.layers = {upper};
  return setup;
}

class SetupInspectorTest : public ::testing::Test {
 protected:
  SetupInspectorTest() : h_(ImVec2(520.0f, 760.0f)), doc_(make_model(), "test://body") {
    const Status attached = doc_.attach_setup(inspected_setup(), "body.json");
    EXPECT_TRUE(attached.ok()) << (attached.ok() ? "" : attached.error().to_string());
    h_.set_draw([this] { testing::draw_panel(inspector_, doc_, sel_, graph_); });
    h_.frames(2);
  }
  const setup::Setup& current() const { return *doc_.setup(); }
  // Types `text` into the field recorded as `name` and leaves it. A drag field takes text after
  // a double-click (`clicks` 2), as ImGui has it.
  void type_into(const std::string& name, const std::string& text, int clicks = 1) {
    ASSERT_TRUE(h_.click(inspector_.rects, name, clicks)) << name;
    h_.replace_text(text);
    h_.click_empty();
    h_.frames(2);
  }
  void select_state(int machine, const std::string& name) {
    graph_.machine = machine;
    graph_.selected = name;
    graph_.selection = {name};
    graph_.selected_transition = -1;
    h_.frames(2);
  }
  void select_transition(int machine, int index) {
    graph_.machine = machine;
    graph_.selected.clear();
    graph_.selection.clear();
    graph_.selected_transition = index;
    h_.frames(2);
  }

  testing::ImGuiHarness h_;
  Document doc_;
  Selection sel_;
  StateGraph graph_;
  SetupInspector inspector_;
};

TEST_F(SetupInspectorTest, NothingSelectedShowsAHint) { EXPECT_EQ(inspector_.showing(), "none"); }

TEST_F(SetupInspectorTest, RenamingAStateCarriesItsReferencesAndTheGraphsSelection) {
  select_state(0, "Idle");
  ASSERT_EQ(inspector_.showing(), "state");
  type_into("state_name:0", "Stand");
  const setup::Setup& s = current();
  EXPECT_EQ(s.states[0].name, "Stand");
  EXPECT_EQ(s.default_state, "Stand");
  EXPECT_EQ(s.transitions[0].from, "Stand");
  EXPECT_EQ(s.transitions[1].to, "Stand");
  EXPECT_EQ(s.transitions[2].from, "Stand");
  EXPECT_EQ(s.transitions[3].to, "Stand");
  EXPECT_EQ(graph_.selected, "Stand") << "the box stays selected under its new name";
  EXPECT_EQ(doc_.setup_history().undo_label(), "rename state Idle to Stand");
  // One step: undo gives back every reference.
  ASSERT_TRUE(doc_.undo_setup_edit());
  EXPECT_EQ(current().default_state, "Idle");
  EXPECT_EQ(current().transitions[0].from, "Idle");
}

TEST_F(SetupInspectorTest, AStateOfABlendSpaceShowsItsEditorAndOutgoingLinksSelectTransitions) {
  select_state(0, "Move");
  ASSERT_EQ(inspector_.showing(), "state");
  EXPECT_NE(inspector_.rects.find("blend_space"), nullptr);
  EXPECT_NE(inspector_.space_editor().rects.find("plot"), nullptr) << "Gait's editor is shown";
  // Move's one outgoing transition is index 1; clicking it inspects it.
  ASSERT_TRUE(h_.click(inspector_.rects, "outgoing:1"));
  h_.frames(2);
  EXPECT_EQ(graph_.selected_transition, 1);
  EXPECT_TRUE(graph_.selected.empty());
  EXPECT_EQ(inspector_.showing(), "transition");
  // A state playing a clip has no blend space editor.
  select_state(0, "Idle");
  EXPECT_EQ(inspector_.rects.find("blend_space"), nullptr);
  ASSERT_TRUE(h_.choose(inspector_.rects, "state_motion:0", "run"));
  h_.frames(2);
  EXPECT_EQ(current().states[0].motion, "run");
  EXPECT_EQ(doc_.setup_history().undo_label(), "set motion of state Idle");
  // The default state has no "Make default"; another state does, and it is one step.
  EXPECT_EQ(inspector_.rects.find("make_default"), nullptr);
  select_state(0, "Jump");
  ASSERT_TRUE(h_.click(inspector_.rects, "make_default"));
  h_.frames(2);
  EXPECT_EQ(current().default_state, "Jump");
  EXPECT_EQ(doc_.setup_history().undo_label(), "make Jump the default state");
}

TEST_F(SetupInspectorTest, ATransitionsConditionsAndPriorityAreEditedInPlace) {
  select_transition(0, 2);  // Idle -> Jump, checked after Idle -> Move.
  ASSERT_EQ(inspector_.showing(), "transition");
  ASSERT_TRUE(h_.click(inspector_.rects, "add_condition:2"));
  h_.frames(2);
  ASSERT_EQ(current().transitions[2].conditions.size(), 2u);
  // A new condition tests the first parameter, speed (a float): "speed > 0".
  EXPECT_EQ(current().transitions[2].conditions[1].parameter, "speed");
  EXPECT_EQ(current().transitions[2].conditions[1].op, ConditionOp::kGreater);
  ASSERT_TRUE(h_.choose(inspector_.rects, "condition_op:2:1", "<"));
  h_.frames(2);
  EXPECT_EQ(current().transitions[2].conditions[1].op, ConditionOp::kLess);

  // Up one place: it swaps with Idle -> Move, the other transition from Idle; the selection
  // follows it to index 0, and every other transition keeps its index.
  ASSERT_TRUE(h_.click(inspector_.rects, "priority_up"));
  h_.frames(2);
  EXPECT_EQ(current().transitions[0].to, "Jump");
  EXPECT_EQ(current().transitions[2].to, "Move");
  EXPECT_EQ(current().transitions[1].from, "Move");
  EXPECT_EQ(graph_.selected_transition, 0);
  ASSERT_TRUE(doc_.undo_setup_edit());
  EXPECT_EQ(current().transitions[2].to, "Jump");

  select_transition(0, 3);
  ASSERT_TRUE(h_.click(inspector_.rects, "remove_transition"));
  h_.frames(2);
  ASSERT_EQ(current().transitions.size(), 3u);
  EXPECT_EQ(graph_.selected_transition, -1);
  EXPECT_EQ(doc_.setup_history().undo_label(), "remove transition Jump -> Idle");
}

TEST_F(SetupInspectorTest, ALayersStatesAndTransitionsAreEditedInTheLayer) {
  select_transition(1, 0);  // Upper's Hold -> Wave.
  ASSERT_EQ(inspector_.showing(), "transition");
  type_into("condition_value:0:0", "0.7", 2);
  ASSERT_EQ(current().layers[0].transitions.size(), 1u);
  EXPECT_FLOAT_EQ(current().layers[0].transitions[0].conditions[0].value, 0.7f);
  EXPECT_FLOAT_EQ(current().transitions[0].conditions[0].value, 0.5f) << "the base's own stays";

  select_state(1, "Wave");
  ASSERT_EQ(inspector_.showing(), "state");
  ASSERT_TRUE(h_.choose(inspector_.rects, "state_motion:1", "walk"));
  h_.frames(2);
  EXPECT_EQ(current().layers[0].states[1].motion, "walk");
  EXPECT_EQ(current().states[1].motion, "Gait");
  type_into("state_name:1", "Salute");
  EXPECT_EQ(current().layers[0].states[1].name, "Salute");
  EXPECT_EQ(current().layers[0].transitions[0].to, "Salute");
  EXPECT_EQ(current().states.size(), 3u);
  EXPECT_EQ(current().states[1].name, "Move");

  // With nothing selected, a layer's graph shows the layer itself.
  select_state(1, "");
  graph_.selection.clear();
  h_.frames(2);
  ASSERT_EQ(inspector_.showing(), "layer");
  ASSERT_TRUE(h_.choose(inspector_.rects, "layer_blend:0", "additive"));
  h_.frames(2);
  EXPECT_EQ(current().layers[0].blend, LayerBlend::kAdditive);
}

TEST_F(SetupInspectorTest, TheLatestSelectionWins) {
  select_state(0, "Idle");
  EXPECT_EQ(inspector_.showing(), "state");
  sel_.parameter = "speed";
  h_.frames(2);
  EXPECT_EQ(inspector_.showing(), "parameter");
  EXPECT_TRUE(graph_.selected.empty()) << "the graph's selection gives way";
  // Selecting the same box again is news again.
  select_state(0, "Idle");
  EXPECT_EQ(inspector_.showing(), "state");
  EXPECT_TRUE(sel_.parameter.empty());
}

TEST_F(SetupInspectorTest, RenamingAParameterRenamesItInEveryMachine) {
  sel_.parameter = "speed";
  h_.frames(2);
  ASSERT_EQ(inspector_.showing(), "parameter");
  type_into("param_name:0", "pace");
  const setup::Setup& s = current();
  EXPECT_EQ(s.parameters[0].name, "pace");
  EXPECT_EQ(s.blend_spaces[0].parameter, "pace");
  EXPECT_EQ(s.transitions[0].conditions[0].parameter, "pace");
  EXPECT_EQ(s.layers[0].transitions[0].conditions[0].parameter, "pace");
  EXPECT_EQ(s.layers[0].weight_parameter, std::optional<std::string>("pace"));
  EXPECT_EQ(sel_.parameter, "pace");
  EXPECT_TRUE(doc_.setup_problems().empty() ||
              doc_.setup_problems().front().severity != Diagnostic::Severity::kError);
  EXPECT_EQ(inspector_.showing(), "parameter");
}

TEST_F(SetupInspectorTest, RemovingAStateTakesItsTransitionsAndTheSelection) {
  select_state(0, "Jump");
  ASSERT_TRUE(h_.click(inspector_.rects, "remove_state"));
  h_.frames(2);
  ASSERT_EQ(current().states.size(), 2u);
  EXPECT_EQ(current().transitions.size(), 2u) << "Idle -> Jump and Jump -> Idle went with it";
  EXPECT_TRUE(graph_.selected.empty());
  EXPECT_EQ(inspector_.showing(), "none");
  EXPECT_EQ(doc_.setup_history().undo_label(), "remove state Jump");
}

// Inside a nested machine opened in the graph: the fields edit its own states and transitions,
// a rename carries the top's path to the state, a state is marked an exit, and a removal takes
// the top's transitions into it.
TEST_F(SetupInspectorTest, ANestedMachinesStatesAndTransitionsAreEditedInIt) {
  setup::Setup nested = inspected_setup();
  setup::SetupState moving;
  moving.name = "Moving";
  moving.machine = setup::SetupMachine{};
  moving.machine->states = {State("Walk", "walk"), State("Run", "run")};
  moving.machine->default_state = "Walk";
  moving.machine->transitions = {transition("Walk", "Run", "speed", ConditionOp::kGreater, 0.8f)};
  nested.states.push_back(moving);
  nested.transitions.push_back(
      transition("Idle", "Moving/Run", "speed", ConditionOp::kGreater, 0.9f));  // Index 4.
  ASSERT_TRUE(doc_.attach_setup(nested, "body.json").ok());
  graph_.opened = {"Moving"};
  select_state(0, "Run");
  ASSERT_EQ(inspector_.showing(), "state");
  type_into("state_name:1", "Dash");
  const setup::SetupMachine& m = *current().states[3].machine;
  EXPECT_EQ(m.states[1].name, "Dash");
  EXPECT_EQ(m.transitions[0].to, "Dash");
  EXPECT_EQ(current().transitions[4].to, "Moving/Dash") << "the top's path follows";
  EXPECT_EQ(current().transitions[0].to, "Move") << "the top's own states are not touched";
  EXPECT_EQ(doc_.setup_history().undo_label(), "rename state Run to Dash in Moving");
  EXPECT_EQ(graph_.selected, "Dash");

  ASSERT_TRUE(h_.click(inspector_.rects, "exit_state"));
  h_.frames(2);
  EXPECT_EQ(current().states[3].machine->exit_states, std::vector<std::string>{"Dash"});

  select_transition(0, 0);  // Moving's Walk -> Dash, not the top's Idle -> Move.
  ASSERT_EQ(inspector_.showing(), "transition");
  type_into("condition_value:0:0", "0.7", 2);
  EXPECT_FLOAT_EQ(current().states[3].machine->transitions[0].conditions[0].value, 0.7f);
  EXPECT_FLOAT_EQ(current().transitions[0].conditions[0].value, 0.5f);

  select_state(0, "Dash");
  ASSERT_TRUE(h_.click(inspector_.rects, "remove_state"));
  h_.frames(2);
  EXPECT_EQ(current().states[3].machine->states.size(), 1u);
  EXPECT_TRUE(current().states[3].machine->transitions.empty());
  EXPECT_TRUE(current().states[3].machine->exit_states.empty());
  EXPECT_EQ(current().transitions.size(), 4u) << "Idle -> Moving/Dash went with it";
  ASSERT_TRUE(doc_.undo_setup_edit());
  EXPECT_EQ(current().transitions.size(), 5u);
  EXPECT_EQ(current().states[3].machine->exit_states, std::vector<std::string>{"Dash"});
}

}  // namespace
}  // namespace anim::ui

namespace anim::ui {
namespace {

TEST_F(SetupInspectorTest, LiveValuesShowWhileTheMachinePlaysTheTransitionsSource) {
  doc_.update(0.1f);        // Idle plays: its transitions are traced, Move's are not.
  select_transition(0, 0);  // Idle -> Move.
  ASSERT_EQ(inspector_.showing(), "transition");
  EXPECT_NE(inspector_.rects.find("condition_live:0:0"), nullptr);
  EXPECT_NE(inspector_.rects.find("transition_live"), nullptr);
  select_transition(0, 1);  // Move -> Idle: Move does not play.
  EXPECT_EQ(inspector_.rects.find("condition_live:1:0"), nullptr);
  EXPECT_EQ(inspector_.rects.find("transition_live"), nullptr);
  select_transition(1, 0);  // The layer's Hold -> Wave.
  EXPECT_NE(inspector_.rects.find("condition_live:0:0"), nullptr);
  // Clips, not the machine: nothing live.
  doc_.play_clip(0);
  select_transition(0, 0);
  EXPECT_EQ(inspector_.rects.find("transition_live"), nullptr);
}

// Issue 31: a rename from the Inspector is the graph's rename (Commands::rename_state): the box
// keeps its place under its new name, the saved file keeps no entry under the old one, and one
// undo gives both back. In a layer too.
TEST_F(SetupInspectorTest, RenamingAStateKeepsItsPlaceInTheGraph) {
  setup::Setup placed = inspected_setup();
  placed.editor = setup::Json::parse(
      R"({"nodes": {"*": [0, 0], "Idle": [300, 40], "Move": [500, 40], "Jump": [300, 200]},)"
      R"( "layers": {"Upper": {"nodes": {"Hold": [10, 20], "Wave": [210, 20]}}}})");
  ASSERT_TRUE(doc_.attach_setup(placed, "body.json").ok());
  h_.frames(2);
  select_state(0, "Idle");
  type_into("state_name:0", "Stand");
  EXPECT_EQ(current().states[0].name, "Stand");
  EXPECT_EQ(current().transitions[0].from, "Stand");
  EXPECT_EQ(current().editor["nodes"].dump(),
            R"({"*":[0,0],"Stand":[300,40],"Move":[500,40],"Jump":[300,200]})");
  EXPECT_EQ(setup::to_json_text(current()).find("\"Idle\""), std::string::npos)
      << "no stale editor entry is saved";
  EXPECT_EQ(doc_.setup_history().undo_label(), "rename state Idle to Stand");
  EXPECT_EQ(graph_.selected, "Stand");
  ASSERT_TRUE(doc_.undo_setup_edit());
  EXPECT_EQ(current().editor["nodes"].dump(),
            R"({"*":[0,0],"Idle":[300,40],"Move":[500,40],"Jump":[300,200]})");

  select_state(1, "Wave");
  type_into("state_name:1", "Salute");
  EXPECT_EQ(current().layers[0].states[1].name, "Salute");
  EXPECT_EQ(current().editor["layers"].dump(),
            R"({"Upper":{"nodes":{"Hold":[10,20],"Salute":[210,20]}}})");
  EXPECT_EQ(doc_.setup_history().undo_label(), "rename state Wave to Salute (layer Upper)");
}

// Issue 31: a transition's first condition turns its exit time off, and the Inspector says so.
TEST_F(SetupInspectorTest, TheFirstConditionTurnsExitTimeOffAndSaysSo) {
  select_transition(0, 3);  // Jump -> Idle at exit time 1, no condition.
  ASSERT_EQ(inspector_.showing(), "transition");
  ASSERT_EQ(current().transitions[3].exit_time, std::optional<float>(1.0f));
  EXPECT_EQ(inspector_.rects.find("exit_time_note:3"), nullptr);
  ASSERT_TRUE(h_.click(inspector_.rects, "add_condition:3"));
  h_.frames(2);
  ASSERT_EQ(current().transitions[3].conditions.size(), 1u);
  EXPECT_FALSE(current().transitions[3].exit_time.has_value());
  EXPECT_NE(inspector_.rects.find("exit_time_note:3"), nullptr) << "the Inspector says so";
  EXPECT_EQ(doc_.setup_history().undo_label(), "add a condition to transition Jump -> Idle");
  // Turning exit time back on is the author's call, and ends the note.
  ASSERT_TRUE(h_.click(inspector_.rects, "exit_time_on:3"));
  h_.frames(2);
  EXPECT_TRUE(current().transitions[3].exit_time.has_value());
  EXPECT_EQ(inspector_.rects.find("exit_time_note:3"), nullptr);
  EXPECT_NE(inspector_.rects.find("exit_time_wait:3"), nullptr) << "it waits for it too";
  // One undo brings back exit time and no condition at once.
  ASSERT_TRUE(doc_.undo_setup_edit());
  ASSERT_TRUE(doc_.undo_setup_edit());
  EXPECT_EQ(current().transitions[3].exit_time, std::optional<float>(1.0f));
  EXPECT_TRUE(current().transitions[3].conditions.empty());
}

}  // namespace
}  // namespace anim::ui
