// The Wuson locomotion project (projects/wuson_locomotion.json) authored from nothing through the
// Setup panel and its state graph, with only the mouse and keyboard as a user has them: states
// placed by right-click and double-click on the graph, renamed from their box's menu and with F2,
// transitions dragged from a box's rim, every field typed or picked in the tabs. Saved with
// Document::save_setup_as (what the tool's Save As calls), the file must be the project file byte
// for byte; edits along the way are checked to be one undo step each.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>

#include "anim/import/import_model.h"
#include "anim/model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/views/machine/setup_panel.h"
#include "anim/ui/views/machine/state_graph.h"
#include "anim/ui/widgets/imgui_frame.h"
#include "support/imgui_harness.h"
#include "support/temp_tree.h"

namespace anim::ui {
namespace {

const std::string kWuson = ANIMSCOPE_ASSIMP_MODELS "/X/Testwuson.X";
const std::string kProject = ANIMSCOPE_SOURCE_DIR "/projects/wuson_locomotion.json";

constexpr int kEnterKey = 13;  // The harness maps no Enter; this suite does.

ImVec2 operator+(ImVec2 a, ImVec2 b) { return ImVec2(a.x + b.x, a.y + b.y); }

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// --- Field-by-field comparison of two setups, so that a difference names its place ---

void expect_same(const setup::SetupParameter& got, const setup::SetupParameter& want) {
  SCOPED_TRACE("parameter " + want.name);
  EXPECT_EQ(got.name, want.name);
  EXPECT_STREQ(setup::to_string(got.type), setup::to_string(want.type));
  EXPECT_EQ(got.default_value, want.default_value);
  EXPECT_EQ(got.min, want.min);
  EXPECT_EQ(got.max, want.max);
  EXPECT_EQ(got.rate, want.rate);
  EXPECT_EQ(got.extra, want.extra);
}

void expect_same(const setup::SetupBlendSpace& got, const setup::SetupBlendSpace& want) {
  SCOPED_TRACE("blend space " + want.name);
  EXPECT_EQ(got.name, want.name);
  EXPECT_EQ(got.parameter, want.parameter);
  EXPECT_EQ(got.parameter_y, want.parameter_y);
  EXPECT_EQ(got.extra, want.extra);
  ASSERT_EQ(got.points.size(), want.points.size());
  for (std::size_t i = 0; i < want.points.size(); ++i) {
    SCOPED_TRACE("point " + std::to_string(i));
    EXPECT_EQ(got.points[i].clip, want.points[i].clip);
    EXPECT_EQ(got.points[i].position, want.points[i].position);
    EXPECT_EQ(got.points[i].position_y, want.points[i].position_y);
    EXPECT_EQ(got.points[i].extra, want.points[i].extra);
  }
}

void expect_same(const setup::SetupState& got, const setup::SetupState& want) {
  SCOPED_TRACE("state " + want.name);
  EXPECT_EQ(got.name, want.name);
  EXPECT_EQ(got.motion, want.motion);
  EXPECT_EQ(got.speed, want.speed);
  EXPECT_EQ(got.loop, want.loop);
  EXPECT_EQ(got.extra, want.extra);
}

void expect_same(const setup::SetupTransition& got, const setup::SetupTransition& want) {
  SCOPED_TRACE("transition " + want.from + " -> " + want.to);
  EXPECT_EQ(got.from, want.from);
  EXPECT_EQ(got.to, want.to);
  EXPECT_EQ(got.exit_time, want.exit_time);
  EXPECT_EQ(got.duration, want.duration);
  EXPECT_EQ(got.offset, want.offset);
  EXPECT_STREQ(setup::to_string(got.interruption), setup::to_string(want.interruption));
  EXPECT_EQ(got.extra, want.extra);
  ASSERT_EQ(got.conditions.size(), want.conditions.size());
  for (std::size_t i = 0; i < want.conditions.size(); ++i) {
    SCOPED_TRACE("condition " + std::to_string(i));
    EXPECT_EQ(got.conditions[i].parameter, want.conditions[i].parameter);
    EXPECT_STREQ(setup::to_string(got.conditions[i].op), setup::to_string(want.conditions[i].op));
    EXPECT_EQ(got.conditions[i].value, want.conditions[i].value);
    EXPECT_EQ(got.conditions[i].extra, want.conditions[i].extra);
  }
}

template <class T>
void expect_same_lists(const std::vector<T>& got, const std::vector<T>& want, const char* what) {
  SCOPED_TRACE(what);
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) expect_same(got[i], want[i]);
}

using Harness = testing::ImGuiHarness;

// Wuson in a document, the Setup panel drawn in a window large enough for the graph.
class WusonAuthoringTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kWuson)) GTEST_SKIP() << kWuson << " is missing (assimp's models)";
    Result<Model> model = import::import_model(kWuson);
    ASSERT_TRUE(model.ok()) << model.error().to_string();
    doc_ = std::make_unique<Document>(std::move(model).value(), kWuson);
    ImGui::GetIO().KeyMap[ImGuiKey_Enter] = kEnterKey;
    h_.set_draw([this] { testing::draw_panel(panel_, *doc_, sel_); });
    h_.frames(2);
  }

  const setup::Setup& current() const { return *doc_->setup(); }
  std::string current_text() const { return to_json_text(current()); }

  ItemRect graph_rect(const std::string& name) const {
    const ItemRect* r = panel_.graph().rects.find(name);
    EXPECT_NE(r, nullptr) << "nothing drawn as " << name;
    return r != nullptr ? *r : ItemRect{};
  }
  void open_tab(const std::string& name) {
    ASSERT_TRUE(h_.click(panel_.rects, "tab:" + name)) << name;
    h_.frames(2);
  }
  void press_enter() { h_.press(kEnterKey); }
  // A text field: click, replace its text, Enter.
  void type_in(const std::string& field, const std::string& text) {
    ASSERT_TRUE(h_.click(panel_.rects, field)) << field;
    h_.replace_text(text);
    press_enter();
    h_.frames(2);
  }
  // A drag field: a double-click makes it a text field (ImGui's way to type a number).
  void type_number(const std::string& field, const std::string& text) {
    ASSERT_TRUE(h_.click(panel_.rects, field, 2)) << field;
    h_.replace_text(text);
    press_enter();
    h_.frames(2);
  }
  void pick(const std::string& combo, const std::string& choice) {
    ASSERT_TRUE(h_.choose(panel_.rects, combo, choice)) << combo << " = " << choice;
    h_.frames(2);
  }
  void click_panel(const std::string& name) {
    ASSERT_TRUE(h_.click(panel_.rects, name)) << name;
    h_.frames(2);
  }
  // The last edit, `label`, is one undo step: the panel's Undo brings back `before` exactly and
  // Redo the edit.
  void expect_one_undo_step(const std::string& before, const std::string& label) {
    const std::string after = current_text();
    EXPECT_NE(after, before) << label << " changed nothing";
    EXPECT_EQ(doc_->setup_history().undo_label(), label);
    click_panel("undo");
    EXPECT_EQ(current_text(), before) << "one undo takes back " << label << ", and only it";
    click_panel("redo");
    EXPECT_EQ(current_text(), after) << "redo of " << label;
  }

  // Where the graph point (x, y) (graph units) shows: the graph's child window pads its contents,
  // and the view starts at zoom 1 and pan 0.
  ImVec2 graph_point(float x, float y) const {
    EXPECT_EQ(panel_.graph().view.zoom, 1.0f);
    EXPECT_EQ(panel_.graph().view.pan, glm::vec2(0.0f));
    return graph_rect("graph").min + ImGui::GetStyle().WindowPadding + ImVec2(x, y);
  }
  // Opens `name`'s box menu with the right button and renames it there.
  void rename_from_menu(const std::string& name, const std::string& to) {
    h_.right_click_at(graph_rect("node:" + name).center());
    h_.frames(3);  // A popup settles its place over its first frames.
    ASSERT_NE(panel_.graph().rects.find("menu:name"), nullptr) << name << "'s menu";
    // The name field has focus with the name selected: typing replaces it.
    h_.type(to);
    press_enter();
    h_.frames(2);
  }
  // Drags from `grab` (on a box's rim) to the middle of `to`'s box.
  void drag_transition(ImVec2 grab, const std::string& to) {
    const ImVec2 target = graph_rect("node:" + to).center();
    h_.mouse_to(grab);
    h_.mouse_button(true);
    h_.mouse_to(ImVec2((grab.x + target.x) * 0.5f, (grab.y + target.y) * 0.5f));
    h_.mouse_to(target);
    h_.mouse_button(false);
    h_.frames(2);
  }

  // --- The steps of TheLocomotionProjectBuiltThroughThePanelSavesAsTheProjectFile, in order;
  // each expects the setup the one before it left ---

  // An empty setup for the model: "New setup" (a state per clip), every state deleted. (A setup
  // holding only the model cannot be attached: see the test below. The panel's button is how a
  // user starts one anyway.)
  void start_empty_setup() {
    SCOPED_TRACE("empty setup");
    const std::vector<Clip>& clips = doc_->model().clips;
    click_panel("new_setup");
    ASSERT_TRUE(doc_->has_setup());
    EXPECT_EQ(current().model, kWuson);
    ASSERT_EQ(current().states.size(), clips.size());
    open_tab("Graph");
    h_.frames(2);
    // A rectangle dragged over every box, from empty space, then Delete.
    ImVec2 low = graph_rect("node:" + clips.front().name).min, high = low;
    for (const Clip& clip : clips) {
      const ItemRect box = graph_rect("node:" + clip.name);
      low = ImVec2(std::min(low.x, box.min.x), std::min(low.y, box.min.y));
      high = ImVec2(std::max(high.x, box.max.x), std::max(high.y, box.max.y));
    }
    const std::string before = current_text();
    h_.mouse_to(low + ImVec2(-8.0f, -8.0f));
    h_.mouse_button(true);
    h_.mouse_to(ImVec2((low.x + high.x) * 0.5f, (low.y + high.y) * 0.5f));
    h_.mouse_to(high + ImVec2(8.0f, 8.0f));
    h_.mouse_button(false);
    EXPECT_EQ(panel_.graph().selection.size(), clips.size());
    h_.press(testing::kDeleteKey);
    h_.frames(2);
    EXPECT_TRUE(current().states.empty());
    EXPECT_TRUE(current().default_state.empty());
    expect_one_undo_step(before, "delete " + std::to_string(clips.size()) + " states");
    EXPECT_TRUE(current().parameters.empty());
    EXPECT_TRUE(current().transitions.empty());
  }

  // Parameters: speed (float 0 in [0, 1], 1.5 / s) and halt (trigger).
  void add_parameters(const setup::Setup& want) {
    SCOPED_TRACE("parameters");
    open_tab("Parameters");
    click_panel("add_parameter");
    ASSERT_EQ(current().parameters.size(), 1u);
    EXPECT_EQ(current().parameters[0].type, ParameterType::kFloat);
    std::string before = current_text();
    type_in("param_name:0", "speed");
    EXPECT_EQ(current().parameters[0].name, "speed");
    expect_one_undo_step(before, "rename parameter parameter 1 to speed");
    // A range bound starts at the default (0): min is right as soon as it is on.
    click_panel("param_min_on:0");
    click_panel("param_max_on:0");
    before = current_text();
    type_number("param_max:0", "1");
    EXPECT_EQ(current().parameters[0].max, std::optional<float>(1.0f));
    expect_one_undo_step(before, "set max of parameter speed");
    type_number("param_rate:0", "1.5");
    EXPECT_EQ(current().parameters[0].rate, 1.5f);

    click_panel("add_parameter");
    ASSERT_EQ(current().parameters.size(), 2u);
    type_in("param_name:1", "halt");
    before = current_text();
    pick("param_type:1", "trigger");
    expect_one_undo_step(before, "make parameter halt trigger");
    expect_same_lists(current().parameters, want.parameters, "parameters");
  }

  // Blend spaces: WalkRun on speed, Wuson_Walk at 0 and Wuson_Run at 1.
  void add_blend_spaces(const setup::Setup& want) {
    SCOPED_TRACE("blend spaces");
    open_tab("Blend spaces");
    click_panel("add_blend_space");
    ASSERT_EQ(current().blend_spaces.size(), 1u);
    // On the first float parameter, the model's first two clips at 0 and 1.
    EXPECT_EQ(current().blend_spaces[0].parameter, "speed");
    type_in("space_name:0", "WalkRun");
    pick("point_clip:0:0", "Wuson_Walk");
    pick("point_clip:0:1", "Wuson_Run");
    expect_same_lists(current().blend_spaces, want.blend_spaces, "blend spaces");
  }

  // Where the mouse is to make a new box whose corner is at the graph point (x, y): a new box is
  // centred on the mouse, its corner half a box up and left.
  ImVec2 new_box_at(float x, float y) const {
    const ImVec2 half(StateGraph::kNodeWidth * 0.5f, StateGraph::kNodeHeight * 0.5f);
    return graph_point(x, y) + half;
  }

  // Idle: right-click, "New state here"; renamed from its box's menu.
  void add_idle_from_the_graph_menu() {
    std::string before = current_text();
    h_.right_click_at(new_box_at(80.0f, 120.0f));
    h_.frames(3);
    ASSERT_TRUE(h_.click(panel_.graph().rects, "menu:new_state"));
    h_.frames(2);
    ASSERT_EQ(current().states.size(), 1u);
    EXPECT_EQ(current().default_state, current().states[0].name) << "the first state";
    // Named after the clip it plays, one no state plays yet.
    const std::string added = current().states[0].name;
    EXPECT_EQ(added, current().states[0].motion);
    expect_one_undo_step(before, "add state " + added);
    before = current_text();
    rename_from_menu(added, "Idle");
    EXPECT_EQ(current().states[0].name, "Idle");
    EXPECT_EQ(current().default_state, "Idle");
    expect_one_undo_step(before, "rename state " + added + " to Idle");
  }

  // Locomotion: right-click, "New state here"; renamed with F2 (the new box is selected).
  void add_locomotion_renamed_with_f2() {
    h_.right_click_at(new_box_at(320.0f, 120.0f));
    h_.frames(3);
    ASSERT_TRUE(h_.click(panel_.graph().rects, "menu:new_state"));
    h_.frames(2);
    ASSERT_EQ(current().states.size(), 2u);
    EXPECT_EQ(panel_.graph().selected, current().states[1].name);
    h_.mouse_to(graph_rect("node:" + current().states[1].name).center());
    h_.press(::anim::ui::testing::kTestRenameKey);
    h_.frames(3);
    ASSERT_NE(panel_.graph().rects.find("menu:name"), nullptr) << "F2 opens the rename menu";
    h_.type("Locomotion");
    press_enter();
    h_.frames(2);
    EXPECT_EQ(current().states[1].name, "Locomotion");
  }

  // Halt: a double-click on empty space; renamed from its menu.
  void add_halt_by_double_click() {
    const std::string before = current_text();
    h_.click_at(new_box_at(200.0f, 260.0f), 2);
    h_.frames(2);
    ASSERT_EQ(current().states.size(), 3u);
    const std::string added = current().states[2].name;
    expect_one_undo_step(before, "add state " + added);
    rename_from_menu(added, "Halt");
    EXPECT_EQ(current().states[2].name, "Halt");
    EXPECT_EQ(panel_.graph().rects.find("menu:name"), nullptr) << "the menu closes with the rename";
  }

  // Graph: the three states where the project places them.
  void place_states(const setup::Setup& want) {
    SCOPED_TRACE("states on the graph");
    open_tab("Graph");
    h_.frames(2);
    ASSERT_NO_FATAL_FAILURE(add_idle_from_the_graph_menu());
    ASSERT_NO_FATAL_FAILURE(add_locomotion_renamed_with_f2());
    ASSERT_NO_FATAL_FAILURE(add_halt_by_double_click());

    EXPECT_EQ(current().editor, want.editor) << "places of the boxes";
    // And the boxes show there.
    for (const char* name : {"Idle", "Locomotion", "Halt"}) {
      const std::vector<float> place = want.editor.at("nodes").at(name).get<std::vector<float>>();
      const ItemRect box = graph_rect(std::string("node:") + name);
      const ImVec2 corner = graph_point(place[0], place[1]);
      EXPECT_EQ(box.min.x, corner.x) << name;
      EXPECT_EQ(box.min.y, corner.y) << name;
    }
  }

  // States tab: motions and looping.
  void set_state_fields(const setup::Setup& want) {
    SCOPED_TRACE("states tab");
    open_tab("States");
    pick("state_motion:0", "Wuson_Bind");
    std::string before = current_text();
    pick("state_motion:1", "WalkRun");
    expect_one_undo_step(before, "set motion of state Locomotion");
    pick("state_motion:2", "Wuson_Bind");
    before = current_text();
    click_panel("state_loop:2");
    expect_one_undo_step(before, "stop looping state Halt");
    EXPECT_EQ(current().default_state, "Idle");
    expect_same_lists(current().states, want.states, "states");
  }

  // Transitions: three dragged on the graph, the any-state one from the table.
  void connect_states(const setup::Setup& want) {
    SCOPED_TRACE("connecting");
    open_tab("Graph");
    h_.frames(2);
    const float rim = StateGraph::kRim * 0.5f;
    std::string before = current_text();
    const ItemRect idle = graph_rect("node:Idle");
    drag_transition(ImVec2(idle.max.x - rim, idle.center().y), "Locomotion");
    ASSERT_EQ(current().transitions.size(), 1u);
    expect_one_undo_step(before, "add transition Idle -> Locomotion");
    EXPECT_EQ(current().editor, want.editor) << "a rim drag moves no box";
    const ItemRect locomotion = graph_rect("node:Locomotion");
    drag_transition(ImVec2(locomotion.min.x + rim, locomotion.center().y), "Idle");
    ASSERT_EQ(current().transitions.size(), 2u);

    // The any-state box stands from the first state on: a transition from any state is
    // dragged out of it like the others.
    const ItemRect any = graph_rect(std::string("node:") + kAnyStateNode);
    before = current_text();
    drag_transition(ImVec2(any.max.x - rim, any.center().y), "Halt");
    ASSERT_EQ(current().transitions.size(), 3u);
    expect_one_undo_step(before, "add transition * -> Halt");
    EXPECT_EQ(current().transitions[2].from, kAnyStateNode);
    const ItemRect halt = graph_rect("node:Halt");
    drag_transition(ImVec2(halt.center().x, halt.min.y + rim), "Idle");
    ASSERT_EQ(current().transitions.size(), 4u);
    EXPECT_EQ(current().editor, want.editor) << "no box moved";
  }

  // Idle -> Locomotion: speed > 0.05, no exit time, 0.3 s, interrupted by the destination.
  void set_idle_to_locomotion() {
    click_panel("exit_time_on:0");
    EXPECT_FALSE(current().transitions[0].exit_time.has_value());
    std::string before = current_text();
    click_panel("add_condition:0");
    ASSERT_EQ(current().transitions[0].conditions.size(), 1u);
    expect_one_undo_step(before, "add a condition to transition Idle -> Locomotion");
    // On the first parameter, its type's first test.
    EXPECT_EQ(current().transitions[0].conditions[0].parameter, "speed");
    EXPECT_EQ(current().transitions[0].conditions[0].op, ConditionOp::kGreater);
    before = current_text();
    type_number("condition_value:0:0", "0.05");
    expect_one_undo_step(before, "edit a condition of transition Idle -> Locomotion");
    type_number("duration:0", "0.3");
    pick("interruption:0", "destination");
  }

  // Transitions tab: conditions, exit times, durations, interruption.
  void set_transition_fields(const setup::Setup& want) {
    SCOPED_TRACE("transition fields");
    open_tab("Transitions");
    ASSERT_NO_FATAL_FAILURE(set_idle_to_locomotion());

    // Locomotion -> Idle: speed < 0.05, no exit time, 0.4 s, interrupted by the destination.
    click_panel("exit_time_on:1");
    click_panel("add_condition:1");
    pick("condition_op:1:0", "<");
    type_number("condition_value:1:0", "0.05");
    const std::string before = current_text();
    type_number("duration:1", "0.4");
    expect_one_undo_step(before, "set duration of transition Locomotion -> Idle");
    pick("interruption:1", "destination");

    // * -> Halt: the halt trigger, no exit time, 0.15 s, not interrupted (the default).
    click_panel("exit_time_on:2");
    click_panel("add_condition:2");
    pick("condition_parameter:2:0", "halt");
    EXPECT_EQ(current().transitions[2].conditions[0].op, ConditionOp::kTriggerSet)
        << "a trigger takes the only test it allows";
    type_number("duration:2", "0.15");

    // Halt -> Idle: at the end of Halt (the exit time a dragged transition starts with), 0.3 s.
    type_number("duration:3", "0.3");

    EXPECT_EQ(current().default_state, want.default_state);
    expect_same_lists(current().transitions, want.transitions, "transitions");
  }

  // Saved, it is the project file.
  void expect_saves_as_the_project_file(const setup::Setup& want) {
    for (const Diagnostic& d : doc_->setup_problems()) {
      ADD_FAILURE() << "problem " << d.pointer << ": " << d.message;
    }
    testing::TempTree dir;
    const std::string saved_path = dir.path("wuson_locomotion.json");
    const Status saved = doc_->save_setup_as(saved_path);
    ASSERT_TRUE(saved.ok()) << saved.error().to_string();
    EXPECT_FALSE(doc_->setup_dirty());
    Result<setup::Setup> reread = setup::load_setup(saved_path);
    ASSERT_TRUE(reread.ok()) << reread.error().to_string();
    const setup::Setup& got = reread.value();
    EXPECT_EQ(got.model, want.model);
    EXPECT_TRUE(got.animations.empty());
    expect_same_lists(got.parameters, want.parameters, "saved parameters");
    expect_same_lists(got.blend_spaces, want.blend_spaces, "saved blend spaces");
    expect_same_lists(got.states, want.states, "saved states");
    EXPECT_EQ(got.default_state, want.default_state);
    expect_same_lists(got.transitions, want.transitions, "saved transitions");
    EXPECT_EQ(got.editor, want.editor) << "places of the boxes";
    // The strongest check: the boxes sit at the project's places to the unit, so the whole file,
    // editor block included, is the project file byte for byte (both are the canonical text:
    // fields in the format's order, two-space indentation).
    EXPECT_EQ(read_text(saved_path), read_text(kProject));
  }

  Harness h_{ImVec2(1200.0f, 780.0f)};
  std::unique_ptr<Document> doc_;
  Selection sel_;
  SetupPanel panel_;
};

TEST_F(WusonAuthoringTest, ASetupWithOnlyTheModelIsRefusedByAttachUnsavedSetup) {
  // It has no default state, which a setup that compiles needs; attach_unsaved_setup compiles.
  setup::Setup bare;
  bare.model = kWuson;
  EXPECT_FALSE(doc_->attach_unsaved_setup(bare).ok());
  EXPECT_FALSE(doc_->has_setup());
}

// Each step is a fixture function (above); a step that stops at a fatal failure stops the test,
// as the step's own ASSERTs stopped it when the steps were written out here.
TEST_F(WusonAuthoringTest, TheLocomotionProjectBuiltThroughThePanelSavesAsTheProjectFile) {
  Result<setup::Setup> target = setup::load_setup(kProject);
  ASSERT_TRUE(target.ok()) << target.error().to_string();
  ASSERT_GE(doc_->model().clips.size(), 3u);
  const setup::Setup& want = target.value();

  ASSERT_NO_FATAL_FAILURE(start_empty_setup());
  ASSERT_NO_FATAL_FAILURE(add_parameters(want));
  ASSERT_NO_FATAL_FAILURE(add_blend_spaces(want));
  ASSERT_NO_FATAL_FAILURE(place_states(want));
  ASSERT_NO_FATAL_FAILURE(set_state_fields(want));
  ASSERT_NO_FATAL_FAILURE(connect_states(want));
  ASSERT_NO_FATAL_FAILURE(set_transition_fields(want));
  expect_saves_as_the_project_file(want);
}

}  // namespace
}  // namespace anim::ui
