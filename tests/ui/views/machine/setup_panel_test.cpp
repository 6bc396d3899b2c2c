// Headless tests of the Setup panel: drawn in an ImGui window without a display or renderer and
// driven through ImGui's mouse and keyboard input, as a user would; the results are checked on
// the Document.
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/views/machine/setup_panel.h"
#include "support/imgui_harness.h"
#include "support/meshes.h"
#include "support/rigs.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

// Three joints and three clips: "idle" (1 s), "walk" (2 s), "run" (1 s). The setup works by
// clip names, so the motion itself hardly matters.
Model make_model() {
  Model model =
      ModelOf("test://legs", ChainRig({"root", "hip", "knee"}, glm::vec3(0.0f, -1.0f, 0.0f)));
  model.skin.joints = {0, 1, 2};
  model.skin.inverse_bind.assign(3, glm::mat4(1.0f));
  SetMesh(model,
          {SkinnedVertex(glm::vec3(0.0f), {{0, 1.0f}}),
           SkinnedVertex(glm::vec3(1.0f, 0.0f, 0.0f), {{1, 1.0f}}),
           SkinnedVertex(glm::vec3(0.0f, 1.0f, 0.0f), {{2, 1.0f}})},
          {0, 1, 2}, "tri");
  model.max_influences = 1;

  const auto clip = [](const char* name, float seconds, float distance) {
    ClipBuilder builder(name, seconds, 3);
    builder.add_translation(0, 0.0f, glm::vec3(0.0f));
    builder.add_translation(0, seconds, glm::vec3(distance, 0.0f, 0.0f));
    builder.add_rotation(1, 0.0f, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
    return builder.build();
  };
  model.clips = {clip("idle", 1.0f, 0.0f), clip("walk", 2.0f, 2.0f), clip("run", 1.0f, 4.0f)};
  return model;
}

// The harness and its keys (kSpaceKey, kLeftKey...).
using namespace testing;
using Harness = ImGuiHarness;

// A document, the panel drawn in the harness, and a new setup made through the panel's button.
class SetupPanelTest : public ::testing::Test {
 protected:
  SetupPanelTest() : doc_(make_model(), "test://legs") {
    h_.set_draw([this] { testing::draw_panel(panel_, doc_, sel_); });
    h_.frames(2);
  }

  void new_setup() {
    ASSERT_TRUE(h_.click(panel_.rects, "new_setup"));
    h_.frames(2);
    ASSERT_TRUE(doc_.has_setup());
  }
  void open_tab(const std::string& name) {
    ASSERT_TRUE(h_.click(panel_.rects, "tab:" + name)) << name;
    h_.frames(2);
  }
  const setup::Setup& current() const { return *doc_.setup(); }

  Harness h_;
  Document doc_;
  Selection sel_;
  SetupPanel panel_;
};

TEST_F(SetupPanelTest, NewSetupMakesOneLoopingStatePerClip) {
  EXPECT_FALSE(doc_.has_setup());
  EXPECT_EQ(panel_.rects.find("tab:States"), nullptr);
  new_setup();
  ASSERT_EQ(current().states.size(), 3u);
  const char* clips[] = {"idle", "walk", "run"};
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(current().states[i].name, clips[i]);
    EXPECT_EQ(current().states[i].motion, clips[i]);
    EXPECT_TRUE(current().states[i].loop);
  }
  EXPECT_EQ(current().default_state, "idle");
  EXPECT_TRUE(doc_.setup_dirty());
  EXPECT_FALSE(doc_.setup_history().can_undo());
  // The panel now edits it: tabs and, on the States tab, a row per state.
  for (const char* tab : {"Parameters", "States", "Blend spaces", "Transitions", "Problems"}) {
    EXPECT_NE(panel_.rects.find(std::string("tab:") + tab), nullptr) << tab;
  }
  open_tab("States");
  EXPECT_NE(panel_.rects.find("state_name:2"), nullptr);
  EXPECT_EQ(panel_.rects.find("state_name:3"), nullptr);
}

TEST_F(SetupPanelTest, RenamingAStateUpdatesItsReferencesInOneUndoStep) {
  new_setup();
  open_tab("States");
  ASSERT_TRUE(h_.click(panel_.rects, "add_state"));
  h_.frames(2);
  ASSERT_EQ(current().states.size(), 4u);
  EXPECT_EQ(current().states[3].name, "State 1");
  EXPECT_EQ(current().states[3].motion, "idle");  // The first clip.

  // Make it the default and the target of a transition, through the panel.
  ASSERT_TRUE(h_.click(panel_.rects, "state_default:3"));
  EXPECT_EQ(current().default_state, "State 1");
  open_tab("Transitions");
  ASSERT_TRUE(h_.click(panel_.rects, "add_transition"));
  h_.frames(2);
  ASSERT_TRUE(h_.choose(panel_.rects, "transition_to:0", "State 1"));
  h_.frames(2);
  ASSERT_EQ(current().transitions.size(), 1u);
  EXPECT_EQ(current().transitions[0].from, "idle");
  EXPECT_EQ(current().transitions[0].to, "State 1");

  open_tab("States");
  ASSERT_TRUE(h_.click(panel_.rects, "state_name:3"));
  h_.replace_text("Crouch");
  // Nothing is committed while typing: the document still has the old name.
  EXPECT_EQ(current().states[3].name, "State 1");
  EXPECT_EQ(panel_.working().states[3].name, "Crouch");
  h_.click_empty();
  h_.frames(2);
  EXPECT_EQ(current().states[3].name, "Crouch");
  EXPECT_EQ(current().default_state, "Crouch");
  EXPECT_EQ(current().transitions[0].to, "Crouch");
  EXPECT_EQ(current().transitions[0].from, "idle");
  EXPECT_EQ(doc_.setup_history().undo_label(), "rename state State 1 to Crouch");

  // One undo takes the whole rename back, references included.
  ASSERT_TRUE(doc_.undo_setup_edit());
  EXPECT_EQ(current().states[3].name, "State 1");
  EXPECT_EQ(current().default_state, "State 1");
  EXPECT_EQ(current().transitions[0].to, "State 1");
  h_.frame();
  EXPECT_EQ(panel_.working().states[3].name, "State 1");
}

TEST_F(SetupPanelTest, RenamingAParameterUpdatesConditions) {
  new_setup();
  open_tab("Parameters");
  ASSERT_TRUE(h_.click(panel_.rects, "add_parameter"));
  h_.frames(2);
  ASSERT_EQ(current().parameters.size(), 1u);
  EXPECT_EQ(current().parameters[0].name, "parameter 1");
  open_tab("Transitions");
  ASSERT_TRUE(h_.click(panel_.rects, "add_transition"));
  h_.frames(2);
  ASSERT_TRUE(h_.click(panel_.rects, "add_condition:0"));
  h_.frames(2);
  ASSERT_EQ(current().transitions[0].conditions.size(), 1u);
  EXPECT_EQ(current().transitions[0].conditions[0].parameter, "parameter 1");
  EXPECT_EQ(current().transitions[0].conditions[0].op, ConditionOp::kGreater);

  open_tab("Parameters");
  ASSERT_TRUE(h_.click(panel_.rects, "param_name:0"));
  h_.replace_text("speed");
  h_.click_empty();
  h_.frames(2);
  EXPECT_EQ(current().parameters[0].name, "speed");
  EXPECT_EQ(current().transitions[0].conditions[0].parameter, "speed");
}

TEST_F(SetupPanelTest, AddTransitionAndPickItsStates) {
  new_setup();
  open_tab("Transitions");
  EXPECT_EQ(panel_.rects.find("transition_from:0"), nullptr);
  ASSERT_TRUE(h_.click(panel_.rects, "add_transition"));
  h_.frames(2);
  ASSERT_EQ(current().transitions.size(), 1u);
  // The first two states, leaving at the end of the source.
  EXPECT_EQ(current().transitions[0].from, "idle");
  EXPECT_EQ(current().transitions[0].to, "walk");
  ASSERT_TRUE(current().transitions[0].exit_time.has_value());
  EXPECT_EQ(*current().transitions[0].exit_time, 1.0f);

  ASSERT_TRUE(h_.choose(panel_.rects, "transition_from:0", "*"));
  h_.frames(2);
  EXPECT_EQ(current().transitions[0].from, "*");
  EXPECT_EQ(doc_.setup_history().undo_label(), "set source of transition * -> walk");
  ASSERT_TRUE(h_.choose(panel_.rects, "transition_to:0", "run"));
  h_.frames(2);
  EXPECT_EQ(current().transitions[0].to, "run");
  ASSERT_TRUE(h_.choose(panel_.rects, "interruption:0", "destination"));
  h_.frames(2);
  EXPECT_EQ(current().transitions[0].interruption, Interruption::kDestination);
  ASSERT_TRUE(h_.choose(panel_.rects, "transition_blend:0", "inertialize"));
  h_.frames(2);
  EXPECT_EQ(current().transitions[0].blend, TransitionBlend::kInertialize);
  EXPECT_EQ(doc_.setup_history().undo_label(), "set blend of transition * -> run");

  // Each pick was its own step.
  ASSERT_TRUE(doc_.undo_setup_edit());
  EXPECT_EQ(current().transitions[0].blend, TransitionBlend::kCrossfade);
  ASSERT_TRUE(doc_.undo_setup_edit());
  ASSERT_TRUE(doc_.undo_setup_edit());
  EXPECT_EQ(current().transitions[0].from, "*");
  EXPECT_EQ(current().transitions[0].to, "walk");
  EXPECT_EQ(current().transitions[0].interruption, Interruption::kNone);

  ASSERT_TRUE(h_.click(panel_.rects, "remove_transition:0"));
  h_.frames(2);
  EXPECT_TRUE(current().transitions.empty());
}

TEST_F(SetupPanelTest, DeadBlendHalfLifeAndSyncArePickedPerTransition) {
  new_setup();
  open_tab("Transitions");
  ASSERT_TRUE(h_.click(panel_.rects, "add_transition"));
  h_.frames(2);
  // The half-life belongs to a dead blend: before one is picked, its field takes no input.
  ASSERT_TRUE(h_.click(panel_.rects, "half_life:0", 2));
  h_.frames(2);
  EXPECT_FALSE(ImGui::GetIO().WantTextInput);
  ASSERT_TRUE(h_.choose(panel_.rects, "transition_blend:0", "dead_blend"));
  h_.frames(2);
  EXPECT_EQ(current().transitions[0].blend, TransitionBlend::kDeadBlend);
  ASSERT_TRUE(h_.click(panel_.rects, "half_life:0", 2));
  h_.replace_text("0.05");
  h_.click_empty();
  h_.frames(2);
  EXPECT_FLOAT_EQ(current().transitions[0].half_life, 0.05f);
  EXPECT_EQ(doc_.setup_history().undo_label(), "set half-life of transition idle -> walk");
  ASSERT_TRUE(h_.choose(panel_.rects, "transition_sync:0", "markers"));
  h_.frames(2);
  EXPECT_EQ(current().transitions[0].sync, SyncMode::kMarkers);
  EXPECT_EQ(doc_.setup_history().undo_label(), "set sync of transition idle -> walk");
  ASSERT_TRUE(doc_.undo_setup_edit());
  EXPECT_EQ(current().transitions[0].sync, SyncMode::kNormalized);
  EXPECT_FLOAT_EQ(current().transitions[0].half_life, 0.05f);
}

TEST_F(SetupPanelTest, BlendSpaceSyncIsPicked) {
  new_setup();
  open_tab("Parameters");
  ASSERT_TRUE(h_.click(panel_.rects, "add_parameter"));
  h_.frames(2);
  open_tab("Blend spaces");
  ASSERT_TRUE(h_.click(panel_.rects, "add_blend_space"));
  h_.frames(2);
  ASSERT_TRUE(h_.choose(panel_.rects, "space_sync:0", "markers"));
  h_.frames(2);
  EXPECT_EQ(current().blend_spaces[0].sync, SyncMode::kMarkers);
  EXPECT_EQ(doc_.setup_history().undo_label(), "set sync of blend space Blend 1");
}

TEST_F(SetupPanelTest, ExitTimeCheckboxTurnsItOff) {
  new_setup();
  open_tab("Transitions");
  ASSERT_TRUE(h_.click(panel_.rects, "add_transition"));
  h_.frames(2);
  ASSERT_TRUE(h_.click(panel_.rects, "exit_time_on:0"));
  h_.frames(2);
  EXPECT_FALSE(current().transitions[0].exit_time.has_value());
  EXPECT_EQ(panel_.rects.find("exit_time:0"), nullptr);
}

TEST_F(SetupPanelTest, AConditionOnAnUnknownParameterIsAProblem) {
  new_setup();
  h_.frames(2);
  // "walk" and "run" are reachable from "idle" by no transition, but with no transition at all
  // the machine is only being laid out: no warnings yet.
  EXPECT_EQ(doc_.setup_problems().size(), 0u);
  EXPECT_EQ(panel_.problems_label(), "Problems (0)");

  open_tab("Parameters");
  ASSERT_TRUE(h_.click(panel_.rects, "add_parameter"));
  h_.frames(2);
  open_tab("Transitions");
  ASSERT_TRUE(h_.click(panel_.rects, "add_transition"));  // idle -> walk
  h_.frames(2);
  ASSERT_TRUE(h_.click(panel_.rects, "add_condition:0"));
  h_.frames(2);
  EXPECT_EQ(panel_.problems_label(), "Problems (1)");  // Only "run" is unreachable now.

  // Removing the parameter leaves the condition pointing at nothing.
  open_tab("Parameters");
  ASSERT_TRUE(h_.click(panel_.rects, "remove_parameter:0"));
  h_.frames(2);
  EXPECT_TRUE(current().parameters.empty());
  EXPECT_EQ(panel_.problems_label(), "Problems (2)");
  open_tab("Problems");
  EXPECT_NE(panel_.rects.find("problem:0"), nullptr);
  EXPECT_NE(panel_.rects.find("problem:1"), nullptr);
  EXPECT_EQ(panel_.rects.find("problem:2"), nullptr);
  bool unknown = false;
  for (const Diagnostic& d : doc_.setup_problems()) {
    unknown |= d.severity == Diagnostic::Severity::kError &&
               d.pointer == "/transitions/0/conditions/0/parameter";
  }
  EXPECT_TRUE(unknown);
}

TEST_F(SetupPanelTest, ClickingAProblemShowsItsItem) {
  new_setup();
  // A first transition, idle -> run, leaves walk reachable by none.
  setup::Setup linked = current();
  setup::SetupTransition to_run;
  to_run.from = "idle";
  to_run.to = "run";
  to_run.exit_time = 1.0f;
  linked.transitions.push_back(to_run);
  doc_.edit_setup(linked, "add transition idle -> run");
  h_.frames(2);
  open_tab("Problems");
  // "walk" (/states/1) is unreachable: the graph comes forward with it selected.
  ASSERT_FALSE(doc_.setup_problems().empty());
  ASSERT_EQ(doc_.setup_problems()[0].pointer, "/states/1");
  ASSERT_TRUE(h_.click(panel_.rects, "problem:0"));
  h_.frames(2);
  EXPECT_EQ(panel_.graph().selected, "walk");
  EXPECT_NE(panel_.graph().rects.find("node:walk"), nullptr) << "the Graph tab is shown";
  EXPECT_EQ(problem_tab("/transitions/3/conditions/0/parameter"), "Transitions");
  EXPECT_EQ(problem_tab("/parameters/0/min"), "Parameters");
  EXPECT_EQ(problem_tab("/blend_spaces/1/points/0/clip"), "Blend spaces");
  EXPECT_EQ(problem_tab("/default_state"), "Graph");
  EXPECT_EQ(problem_tab("/model"), "");
  // A layer's machine is in the graph; its own fields on the Layers tab.
  EXPECT_EQ(problem_tab("/layers/1/states/0/motion"), "Graph");
  EXPECT_EQ(problem_tab("/layers/0/transitions/2/to"), "Graph");
  EXPECT_EQ(problem_tab("/layers/0/default_state"), "Graph");
  EXPECT_EQ(problem_tab("/layers/3/mask/include/0"), "Layers");
  EXPECT_EQ(problem_tab("/layers/12/weight"), "Layers");
  EXPECT_EQ(problem_tab("/layers/2"), "Layers");
  EXPECT_EQ(layer_of("/layers/12/weight"), 12);
  EXPECT_EQ(layer_of("/layers/"), -1);
  EXPECT_EQ(layer_of("/layers/x/name"), -1);
  EXPECT_EQ(layer_of("/layersx/1"), -1);
  EXPECT_EQ(layer_of("/states/1"), -1);
}

TEST_F(SetupPanelTest, OpsOfABoolParameter) {
  new_setup();
  open_tab("Parameters");
  ASSERT_TRUE(h_.click(panel_.rects, "add_parameter"));
  h_.frames(2);
  ASSERT_TRUE(h_.choose(panel_.rects, "param_type:0", "bool"));
  h_.frames(2);
  EXPECT_EQ(current().parameters[0].type, ParameterType::kBool);
  open_tab("Transitions");
  ASSERT_TRUE(h_.click(panel_.rects, "add_transition"));
  h_.frames(2);
  ASSERT_TRUE(h_.click(panel_.rects, "add_condition:0"));
  h_.frames(2);
  EXPECT_EQ(current().transitions[0].conditions[0].op, ConditionOp::kTrue);
  ASSERT_TRUE(h_.click(panel_.rects, "condition_op:0:0"));
  h_.frame();
  EXPECT_NE(panel_.rects.find("condition_op:0:0=false"), nullptr);
  EXPECT_NE(panel_.rects.find("condition_op:0:0==="), nullptr);
  EXPECT_EQ(panel_.rects.find("condition_op:0:0=>"), nullptr);
  EXPECT_EQ(panel_.rects.find("condition_op:0:0=trigger"), nullptr);
  ASSERT_TRUE(h_.click(panel_.rects, "condition_op:0:0=false"));
  h_.frames(2);
  EXPECT_EQ(current().transitions[0].conditions[0].op, ConditionOp::kFalse);
  EXPECT_EQ(panel_.problems_label(), "Problems (1)");  // "run" is unreachable.
}

TEST_F(SetupPanelTest, WorkingCopyFollowsUndoAndRedoDoneElsewhere) {
  new_setup();
  open_tab("States");
  ASSERT_TRUE(h_.click(panel_.rects, "add_state"));
  h_.frames(2);
  EXPECT_EQ(panel_.working().states.size(), 4u);
  EXPECT_NE(panel_.rects.find("state_name:3"), nullptr);

  ASSERT_TRUE(doc_.undo_setup_edit());  // As the app's Edit menu would.
  h_.frame();
  EXPECT_EQ(panel_.working().states.size(), 3u);
  h_.frame();
  EXPECT_EQ(panel_.rects.find("state_name:3"), nullptr);

  ASSERT_TRUE(doc_.redo_setup_edit());
  h_.frame();
  EXPECT_EQ(panel_.working().states.size(), 4u);

  // The panel's own Undo button does the same.
  ASSERT_TRUE(h_.click(panel_.rects, "undo"));
  h_.frame();
  EXPECT_EQ(current().states.size(), 3u);
  EXPECT_EQ(panel_.working().states.size(), 3u);
}

TEST_F(SetupPanelTest, CheckboxesAndRemovalsCommitAtOnce) {
  new_setup();
  open_tab("States");
  ASSERT_TRUE(h_.click(panel_.rects, "state_loop:1"));
  EXPECT_FALSE(current().states[1].loop);
  EXPECT_EQ(doc_.setup_history().undo_label(), "stop looping state walk");
  // Removing the default state is allowed; the Problems tab then reports it.
  ASSERT_TRUE(h_.click(panel_.rects, "remove_state:0"));
  h_.frames(2);
  ASSERT_EQ(current().states.size(), 2u);
  EXPECT_EQ(current().states[0].name, "walk");
  EXPECT_EQ(current().default_state, "idle");
  bool missing_default = false;
  for (const Diagnostic& d : doc_.setup_problems())
    missing_default |= d.pointer == "/default_state";
  EXPECT_TRUE(missing_default);
}

TEST_F(SetupPanelTest, BlendSpaceRenameUpdatesStateMotions) {
  new_setup();
  open_tab("Parameters");
  ASSERT_TRUE(h_.click(panel_.rects, "add_parameter"));
  h_.frames(2);
  open_tab("Blend spaces");
  ASSERT_TRUE(h_.click(panel_.rects, "add_blend_space"));
  h_.frames(2);
  ASSERT_EQ(current().blend_spaces.size(), 1u);
  const setup::SetupBlendSpace& space = current().blend_spaces[0];
  EXPECT_EQ(space.name, "Blend 1");
  EXPECT_EQ(space.parameter, "parameter 1");
  ASSERT_EQ(space.points.size(), 2u);
  EXPECT_EQ(space.points[1].clip, "walk");
  EXPECT_EQ(space.points[1].position, 1.0f);

  open_tab("States");
  ASSERT_TRUE(h_.choose(panel_.rects, "state_motion:1", "Blend 1"));
  h_.frames(2);
  EXPECT_EQ(current().states[1].motion, "Blend 1");

  open_tab("Blend spaces");
  ASSERT_TRUE(h_.click(panel_.rects, "space_name:0"));
  h_.replace_text("Locomotion");
  h_.click_empty();
  h_.frames(2);
  EXPECT_EQ(current().blend_spaces[0].name, "Locomotion");
  EXPECT_EQ(current().states[1].motion, "Locomotion");
}

TEST_F(SetupPanelTest, A2DBlendSpaceIsShownEditedAndPlayed) {
  new_setup();
  setup::Setup setup = current();
  for (const char* name : {"x", "y", "z"}) {
    setup::SetupParameter p;
    p.name = name;
    p.default_value = 0.25f;
    setup.parameters.push_back(p);
  }
  setup::SetupBlendSpace space;
  space.name = "Strafe";
  space.parameter = "x";
  space.parameter_y = "y";
  const char* clips[] = {"idle", "walk", "run"};
  const float positions[][2] = {{0, 0}, {0, 1}, {1, 0}};
  for (int i = 0; i < 3; ++i) {
    setup::SetupBlendPoint point;
    point.clip = clips[i];
    point.position = positions[i][0];
    point.position_y = positions[i][1];
    space.points.push_back(point);
  }
  setup.blend_spaces.push_back(space);
  setup.states[1].motion = "Strafe";
  setup.default_state = setup.states[1].name;
  doc_.edit_setup(setup, "add a 2D blend space");
  for (const Diagnostic& d : doc_.setup_problems()) {
    EXPECT_NE(d.severity, Diagnostic::Severity::kError) << d.pointer << ": " << d.message;
  }
  h_.frames(2);

  open_tab("Blend spaces");
  EXPECT_NE(panel_.rects.find("point_position_y:0:2"), nullptr);
  ASSERT_TRUE(h_.choose(panel_.rects, "space_parameter_y:0", "z"));
  h_.frames(2);
  EXPECT_EQ(current().blend_spaces[0].parameter, "x");
  EXPECT_EQ(current().blend_spaces[0].parameter_y, "z");
  ASSERT_TRUE(h_.click(panel_.rects, "add_point:0"));
  h_.frames(2);
  ASSERT_EQ(current().blend_spaces[0].points.size(), 4u);
  EXPECT_EQ(current().blend_spaces[0].points[3].position, 2.0f);
  EXPECT_EQ(current().blend_spaces[0].points[3].position_y, 0.0f);

  // Renaming a parameter follows into the y axis too.
  std::size_t z = 0;
  while (z < current().parameters.size() && current().parameters[z].name != "z") ++z;
  open_tab("Parameters");
  ASSERT_TRUE(h_.click(panel_.rects, "param_name:" + std::to_string(z)));
  h_.replace_text("turn");
  h_.click_empty();
  h_.frames(2);
  EXPECT_EQ(current().blend_spaces[0].parameter_y, "turn");

  // The machine runs the 2D state, in the tool too.
  doc_.use_state_machine();
  doc_.restart_state_machine();
  for (int i = 0; i < 10; ++i) doc_.update(0.1f);
  h_.frames(2);
  StateMachineInstance* sm = doc_.state_machine();
  ASSERT_NE(sm, nullptr);
  ASSERT_EQ(sm->def().blend_spaces_2d.size(), 1u);
  EXPECT_EQ(sm->def().states[1].motion.kind, MotionRef::Kind::kBlendSpace2D);
  EXPECT_EQ(sm->current_state(), 1);
}

TEST_F(SetupPanelTest, TheBlendSpacesTabEditsTheChosenSpaceByHand) {
  new_setup();
  open_tab("Parameters");
  ASSERT_TRUE(h_.click(panel_.rects, "add_parameter"));  // A float without a range.
  h_.frames(2);
  open_tab("Blend spaces");
  ASSERT_TRUE(h_.click(panel_.rects, "add_blend_space"));  // idle at 0, walk at 1.
  h_.frames(2);
  ASSERT_NE(panel_.rects.find("edited_space"), nullptr);
  EXPECT_EQ(panel_.edited_space(), 0u);
  const ItemRect* plot = panel_.space_editor().rects.find("plot");
  const ItemRect* walk = panel_.space_editor().rects.find("point:1");
  ASSERT_NE(plot, nullptr);
  ASSERT_NE(walk, nullptr);
  // Without a range the axis spans the points, 0 to 1, and a tenth more each side: -0.1 to 1.1.
  const float width = plot->max.x - plot->min.x;
  EXPECT_NEAR(walk->center().x, plot->min.x + 1.1f / 1.2f * width, 0.01f);
  const std::string before = doc_.setup_history().undo_label();
  const ImVec2 grab = walk->center();
  const ImVec2 drop(std::round(plot->min.x + 0.6f / 1.2f * width), grab.y);  // 0.5
  h_.mouse_to(grab);
  h_.mouse_button(true);
  h_.mouse_to(ImVec2((grab.x + drop.x) * 0.5f, grab.y));
  h_.mouse_to(drop);
  EXPECT_EQ(doc_.setup_history().undo_label(), before) << "nothing is committed mid-drag";
  h_.mouse_button(false);
  h_.frames(2);
  EXPECT_EQ(current().blend_spaces[0].points[1].position, 0.5f);
  EXPECT_EQ(doc_.setup_history().undo_label(), "move point walk of blend space Blend 1");
  EXPECT_EQ(panel_.working().blend_spaces[0].points[1].position, 0.5f) << "the table follows";
  ASSERT_TRUE(doc_.undo_setup_edit());
  h_.frames(2);
  EXPECT_EQ(panel_.working().blend_spaces[0].points[1].position, 1.0f);

  // A new space is shown at once; clicking a space's name shows that one.
  ASSERT_TRUE(h_.click(panel_.rects, "add_blend_space"));
  h_.frames(2);
  ASSERT_EQ(current().blend_spaces.size(), 2u);
  EXPECT_EQ(panel_.edited_space(), 1u);
  ASSERT_TRUE(h_.click(panel_.rects, "space_name:0"));
  h_.click_empty();
  EXPECT_EQ(panel_.edited_space(), 0u);
  ASSERT_TRUE(h_.choose(panel_.rects, "edited_space", "Blend 2"));
  h_.frames(2);
  EXPECT_EQ(panel_.edited_space(), 1u);
}

}  // namespace
}  // namespace anim::ui

namespace anim::ui {
namespace {

// A state holding a nested machine plays its states' motions: its Motion cell says "machine"
// and offers no clip to pick.
TEST_F(SetupPanelTest, AMachineStatesMotionReadsMachine) {
  Result<setup::Setup> nested = setup::parse_setup(R"({
    "format": "animscope.setup", "version": 3, "model": "legs", "parameters": [],
    "states": [
      {"name": "Idle", "motion": "idle"},
      {"name": "Locomotion", "machine": {
        "states": [{"name": "Walk", "motion": "walk"}, {"name": "Run", "motion": "run"}],
        "default_state": "Walk", "transitions": []}}],
    "default_state": "Idle", "transitions": []})",
                                                   "nested.json");
  ASSERT_TRUE(nested.ok());
  ASSERT_TRUE(doc_.attach_setup(std::move(nested).value(), "nested.json").ok());
  h_.frames(2);
  open_tab("States");
  const std::string shown = h_.frame_text();
  EXPECT_NE(shown.find("machine"), std::string::npos) << shown;
  const std::string before = setup::to_json_text(current());
  ASSERT_TRUE(h_.click(panel_.rects, "state_motion:1"));
  h_.frames(2);
  EXPECT_EQ(setup::to_json_text(current()), before) << "nothing to choose, nothing changed";
  EXPECT_FALSE(doc_.setup_history().can_undo());
}

// Issue 31: the States table renames through the graph's rename (Commands::rename_state), so the
// box keeps its place and the saved file keeps no entry under the old name; undo restores both.
TEST_F(SetupPanelTest, RenamingAStateInTheTableKeepsItsGraphPlace) {
  new_setup();
  setup::Setup placed = current();
  placed.editor = setup::Json::parse(
      R"({"nodes": {"*": [0, 0], "idle": [300, 40], "walk": [500, 40], "run": [300, 200]}})");
  doc_.edit_setup(placed, "arrange the graph");
  open_tab("States");
  ASSERT_TRUE(h_.click(panel_.rects, "state_name:1"));
  h_.replace_text("stroll");
  h_.click_empty();
  h_.frames(2);
  EXPECT_EQ(current().states[1].name, "stroll");
  EXPECT_EQ(current().editor["nodes"].dump(),
            R"({"*":[0,0],"idle":[300,40],"stroll":[500,40],"run":[300,200]})");
  EXPECT_EQ(doc_.setup_history().undo_label(), "rename state walk to stroll");
  ASSERT_TRUE(doc_.undo_setup_edit());
  EXPECT_EQ(current().states[1].name, "walk");
  EXPECT_EQ(current().editor["nodes"].dump(),
            R"({"*":[0,0],"idle":[300,40],"walk":[500,40],"run":[300,200]})");

  // A name taken makes a duplicate, as before (the Problems tab says so): nothing else moves.
  h_.frame();
  ASSERT_TRUE(h_.click(panel_.rects, "state_name:1"));
  h_.replace_text("run");
  h_.click_empty();
  h_.frames(2);
  EXPECT_EQ(current().states[1].name, "run");
  EXPECT_EQ(current().states[2].name, "run");
  EXPECT_FALSE(doc_.setup_problems().empty());
}

// Issue 31: new states take a clip no state plays yet and its name; with every clip played
// they are numbered, never two called alike.
TEST_F(SetupPanelTest, NewStatesAreNamedAfterAFreeClipElseNumbered) {
  new_setup();
  open_tab("States");
  setup::Setup fewer = current();
  fewer.states.pop_back();  // run is played by no state now.
  doc_.edit_setup(fewer, "remove state run");
  h_.frames(2);
  ASSERT_TRUE(h_.click(panel_.rects, "add_state"));
  h_.frames(2);
  ASSERT_EQ(current().states.size(), 3u);
  EXPECT_EQ(current().states[2].name, "run");
  EXPECT_EQ(current().states[2].motion, "run");
  for (int i = 0; i < 2; ++i) {
    ASSERT_TRUE(h_.click(panel_.rects, "add_state"));
    h_.frames(2);
  }
  ASSERT_EQ(current().states.size(), 5u);
  EXPECT_EQ(current().states[3].name, "State 1");
  EXPECT_EQ(current().states[4].name, "State 2");
}

// Issue 31's mode trap: a clip previewed (the Clips panel's double-click) pauses the machine;
// the graph's header says what the viewport plays and its Resume goes on with the history kept;
// after the default state changes, it offers Restart.
TEST_F(SetupPanelTest, TheGraphHeaderSaysWhatPlaysAndResumesOrRestartsTheMachine) {
  new_setup();
  open_tab("Graph");
  for (int i = 0; i < 12; ++i) doc_.update(1.0f / 60.0f);
  h_.frames(2);
  EXPECT_NE(panel_.rects.find("playing"), nullptr);
  EXPECT_EQ(panel_.rects.find("resume"), nullptr) << "the machine plays";
  EXPECT_NE(panel_.rects.find("restart"), nullptr);
  EXPECT_EQ(panel_.rects.find("default_moved"), nullptr);
  ASSERT_EQ(doc_.recording().size(), 12u);

  ASSERT_TRUE(doc_.play_clip(2));
  for (int i = 0; i < 5; ++i) doc_.update(1.0f / 60.0f);
  h_.frames(2);
  ASSERT_NE(panel_.rects.find("resume"), nullptr);
  EXPECT_EQ(doc_.recording().size(), 12u);
  ASSERT_TRUE(h_.click(panel_.rects, "resume"));
  h_.frames(2);
  EXPECT_EQ(doc_.mode(), PlaybackMode::kStateMachine);
  EXPECT_EQ(doc_.recording().size(), 12u) << "its history is kept";
  EXPECT_EQ(panel_.rects.find("resume"), nullptr);

  // A new default: the machine plays on in idle, which it would no longer start in.
  setup::Setup edited = current();
  edited.default_state = "walk";
  doc_.edit_setup(edited, "make walk the default state");
  h_.frames(2);
  ASSERT_NE(panel_.rects.find("default_moved"), nullptr);
  ASSERT_TRUE(h_.click(panel_.rects, "restart"));
  h_.frames(2);
  EXPECT_EQ(panel_.rects.find("default_moved"), nullptr);
  const StateMachineInstance& sm = *doc_.state_machine();
  EXPECT_EQ(sm.def().states[static_cast<std::size_t>(sm.current_state(0))].name, "walk");
  EXPECT_TRUE(doc_.recording().empty()) << "a restart records afresh";
}

}  // namespace
}  // namespace anim::ui
