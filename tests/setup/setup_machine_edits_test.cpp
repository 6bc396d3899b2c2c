// Edits of a nested state machine by its path (anim/setup/machine_edits.h), driven directly: each
// edited setup is compared, as saved, with the setup written out by hand as the edit should
// leave it.
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "anim/setup/machine_edits.h"
#include "anim/setup/setup.h"

namespace anim::setup {
namespace {

// Idle, and Locomotion {Walk, Run, Moves {Jog, Sprint}} left from Walk and Run. The top names
// states inside by path; Locomotion names one inside Moves the same way.
constexpr const char* kBefore = R"({
  "format": "animscope.setup", "version": 3, "model": "m.glb",
  "states": [
    {"name": "Idle", "motion": "idle"},
    {"name": "Locomotion", "machine": {
      "states": [
        {"name": "Walk", "motion": "walk"},
        {"name": "Run", "motion": "run"},
        {"name": "Moves", "machine": {
          "states": [{"name": "Jog", "motion": "walk"}, {"name": "Sprint", "motion": "run"}],
          "default_state": "Jog",
          "transitions": [{"from": "Jog", "to": "Sprint", "exit_time": 1}]}}],
      "default_state": "Walk",
      "transitions": [
        {"from": "Walk", "to": "Run", "exit_time": 1},
        {"from": "Run", "to": "Walk", "exit_time": 1},
        {"from": "Walk", "to": "Moves/Sprint", "exit_time": 1},
        {"from": "*", "to": "Walk", "exit_time": 1}],
      "exit_states": ["Walk", "Run"]}}],
  "default_state": "Idle",
  "transitions": [
    {"from": "Idle", "to": "Locomotion", "exit_time": 1},
    {"from": "Idle", "to": "Locomotion/Run", "exit_time": 1},
    {"from": "Locomotion/Run", "to": "Idle", "exit_time": 1},
    {"from": "Locomotion/Moves/Jog", "to": "Idle", "exit_time": 1},
    {"from": "Locomotion/Runner", "to": "Idle", "exit_time": 1}],
  "editor": {
    "nodes": {"Idle": [0, 0], "Locomotion": [200, 0]},
    "machines": {
      "Locomotion": {"nodes": {"Walk": [10, 20], "Run": [30, 40], "Moves": [50, 60]}},
      "Locomotion/Moves": {"nodes": {"Jog": [1, 2]}}}}
})";

setup::Setup Parse(const std::string& text) {
  Result<setup::Setup> setup = parse_setup(text, "test.json");
  EXPECT_TRUE(setup.ok()) << (setup.ok() ? "" : setup.error().to_string());
  return setup.ok() ? setup.value() : setup::Setup{};
}

// The setup as saved, so that a difference shows as a line of the file.
std::string Saved(const setup::Setup& setup) { return to_json_text(setup); }

TEST(SetupMachineEditsTest, RenamingInsideANestedMachineUpdatesExactlyItsReferences) {
  setup::Setup setup = Parse(kBefore);
  ASSERT_TRUE(rename_state(setup, {"Locomotion"}, "Run", "Dash").ok());
  // Its own transitions, its exit mark and place, and the top's paths to it; not "Runner" (a
  // name it prefixes), nor the default (Walk), nor anything inside Moves.
  const setup::Setup expected = Parse(R"({
  "format": "animscope.setup", "version": 3, "model": "m.glb",
  "states": [
    {"name": "Idle", "motion": "idle"},
    {"name": "Locomotion", "machine": {
      "states": [
        {"name": "Walk", "motion": "walk"},
        {"name": "Dash", "motion": "run"},
        {"name": "Moves", "machine": {
          "states": [{"name": "Jog", "motion": "walk"}, {"name": "Sprint", "motion": "run"}],
          "default_state": "Jog",
          "transitions": [{"from": "Jog", "to": "Sprint", "exit_time": 1}]}}],
      "default_state": "Walk",
      "transitions": [
        {"from": "Walk", "to": "Dash", "exit_time": 1},
        {"from": "Dash", "to": "Walk", "exit_time": 1},
        {"from": "Walk", "to": "Moves/Sprint", "exit_time": 1},
        {"from": "*", "to": "Walk", "exit_time": 1}],
      "exit_states": ["Walk", "Dash"]}}],
  "default_state": "Idle",
  "transitions": [
    {"from": "Idle", "to": "Locomotion", "exit_time": 1},
    {"from": "Idle", "to": "Locomotion/Dash", "exit_time": 1},
    {"from": "Locomotion/Dash", "to": "Idle", "exit_time": 1},
    {"from": "Locomotion/Moves/Jog", "to": "Idle", "exit_time": 1},
    {"from": "Locomotion/Runner", "to": "Idle", "exit_time": 1}],
  "editor": {
    "nodes": {"Idle": [0, 0], "Locomotion": [200, 0]},
    "machines": {
      "Locomotion": {"nodes": {"Walk": [10, 20], "Dash": [30, 40], "Moves": [50, 60]}},
      "Locomotion/Moves": {"nodes": {"Jog": [1, 2]}}}}
})");
  EXPECT_EQ(Saved(setup), Saved(expected));
}

TEST(SetupMachineEditsTest, RenamingANestedMachineCarriesPathsThroughItAndItsPlaces) {
  setup::Setup setup = Parse(kBefore);
  ASSERT_TRUE(rename_state(setup, {"Locomotion"}, "Moves", "Gaits").ok());
  std::string expected = kBefore;
  // By hand: the state, the path from Walk, the top's path through it, its place and its
  // machine's places.
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {R"({"name": "Moves", "machine")", R"({"name": "Gaits", "machine")"},
           {R"("to": "Moves/Sprint")", R"("to": "Gaits/Sprint")"},
           {R"("from": "Locomotion/Moves/Jog")", R"("from": "Locomotion/Gaits/Jog")"},
           {R"("Moves": [50, 60])", R"("Gaits": [50, 60])"},
           {R"("Locomotion/Moves": {)", R"("Locomotion/Gaits": {)"}}) {
    const std::size_t at = expected.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    expected.replace(at, from.size(), to);
  }
  EXPECT_EQ(Saved(setup), Saved(Parse(expected)));
}

TEST(SetupMachineEditsTest, RenamingAtTheTopCarriesEveryPathIntoIt) {
  setup::Setup setup = Parse(kBefore);
  ASSERT_TRUE(rename_state(setup, {}, "Locomotion", "Move").ok());
  const setup::Setup& s = setup;
  ASSERT_EQ(s.transitions.size(), 5u);
  EXPECT_EQ(s.transitions[0].to, "Move");
  EXPECT_EQ(s.transitions[1].to, "Move/Run");
  EXPECT_EQ(s.transitions[2].from, "Move/Run");
  EXPECT_EQ(s.transitions[3].from, "Move/Moves/Jog");
  EXPECT_EQ(s.transitions[4].from, "Move/Runner");
  EXPECT_EQ(s.editor.dump(),
            R"({"nodes":{"Idle":[0,0],"Move":[200,0]},"machines":{"Move":{"nodes":{"Walk":[10,20],)"
            R"("Run":[30,40],"Moves":[50,60]}},"Move/Moves":{"nodes":{"Jog":[1,2]}}}})");
}

TEST(SetupMachineEditsTest, DeletingANestedStateRemovesItsTransitionsEverywhere) {
  setup::Setup setup = Parse(kBefore);
  ASSERT_TRUE(remove_state(setup, {"Locomotion"}, "Run").ok());
  const setup::Setup expected = Parse(R"({
  "format": "animscope.setup", "version": 3, "model": "m.glb",
  "states": [
    {"name": "Idle", "motion": "idle"},
    {"name": "Locomotion", "machine": {
      "states": [
        {"name": "Walk", "motion": "walk"},
        {"name": "Moves", "machine": {
          "states": [{"name": "Jog", "motion": "walk"}, {"name": "Sprint", "motion": "run"}],
          "default_state": "Jog",
          "transitions": [{"from": "Jog", "to": "Sprint", "exit_time": 1}]}}],
      "default_state": "Walk",
      "transitions": [
        {"from": "Walk", "to": "Moves/Sprint", "exit_time": 1},
        {"from": "*", "to": "Walk", "exit_time": 1}],
      "exit_states": ["Walk"]}}],
  "default_state": "Idle",
  "transitions": [
    {"from": "Idle", "to": "Locomotion", "exit_time": 1},
    {"from": "Locomotion/Moves/Jog", "to": "Idle", "exit_time": 1},
    {"from": "Locomotion/Runner", "to": "Idle", "exit_time": 1}],
  "editor": {
    "nodes": {"Idle": [0, 0], "Locomotion": [200, 0]},
    "machines": {
      "Locomotion": {"nodes": {"Walk": [10, 20], "Moves": [50, 60]}},
      "Locomotion/Moves": {"nodes": {"Jog": [1, 2]}}}}
})");
  EXPECT_EQ(Saved(setup), Saved(expected));
}

TEST(SetupMachineEditsTest, DeletingANestedMachineDropsPathsIntoItAndItsPlaces) {
  setup::Setup setup = Parse(kBefore);
  ASSERT_TRUE(remove_state(setup, {"Locomotion"}, "Moves").ok());
  const SetupMachine& loco = *setup.states[1].machine;
  ASSERT_EQ(loco.transitions.size(), 3u);  // Walk -> Moves/Sprint is gone.
  EXPECT_EQ(loco.transitions[2].from, "*");
  ASSERT_EQ(setup.transitions.size(), 4u);  // Locomotion/Moves/Jog -> Idle is gone.
  EXPECT_EQ(setup.transitions[3].from, "Locomotion/Runner");
  EXPECT_EQ(setup.editor["machines"].dump(),
            R"({"Locomotion":{"nodes":{"Walk":[10,20],"Run":[30,40]}}})");
}

TEST(SetupMachineEditsTest, DeletingTheDefaultMovesItToTheFirstRemainingState) {
  setup::Setup setup = Parse(kBefore);
  ASSERT_TRUE(remove_state(setup, {"Locomotion", "Moves"}, "Jog").ok());
  const SetupMachine& moves = *setup.states[1].machine->states[2].machine;
  EXPECT_EQ(moves.default_state, "Sprint");
  EXPECT_TRUE(moves.transitions.empty());
  EXPECT_EQ(setup.transitions.size(), 4u);
  EXPECT_EQ(setup.editor["machines"]["Locomotion/Moves"]["nodes"].dump(), "{}");
}

TEST(SetupMachineEditsTest, RefusedRenamesSayWhyAndChangeNothing) {
  setup::Setup setup = Parse(kBefore);
  const std::string before = Saved(setup);
  const auto refused = [&](const MachinePath& path, const std::string& from, const std::string& to,
                           const std::string& says, const std::string& where) {
    const Status status = rename_state(setup, path, from, to);
    ASSERT_FALSE(status.ok()) << from << " -> " << to;
    EXPECT_NE(status.error().message.find(says), std::string::npos) << status.error().message;
    EXPECT_EQ(status.error().path, where);
    EXPECT_EQ(Saved(setup), before);
  };
  refused({"Locomotion"}, "Walk", "Run", "already in this machine", "/states/1/machine");
  refused({"Locomotion"}, "Walk", "Loco/Walk", "holds '/'", "/states/1/machine");
  refused({"Locomotion"}, "Walk", "*", "any state", "/states/1/machine");
  refused({"Locomotion"}, "Walk", "", "needs a name", "/states/1/machine");
  refused({"Locomotion"}, "Gone", "New", "no state \"Gone\"", "/states/1/machine");
  refused({"Locomotion", "Moves"}, "Jog", "Sprint", "already in this machine",
          "/states/1/machine/states/2/machine");
  refused({"Idle"}, "Walk", "Stroll", "plays a motion, not a machine", "");
  refused({"Locomotion", "Nope"}, "Walk", "Stroll", "no state \"Nope\"", "/states/1/machine");
  // A name taken in another machine is free here: states are named within their machine.
  EXPECT_TRUE(rename_state(setup, {"Locomotion", "Moves"}, "Jog", "Walk").ok());
}

TEST(SetupMachineEditsTest, ExitStatesAreMarkedInNestedMachinesOnly) {
  setup::Setup setup = Parse(kBefore);
  const Status top = set_exit_state(setup, {}, "Idle", true);
  ASSERT_FALSE(top.ok());
  EXPECT_NE(top.error().message.find("top level has no exit states"), std::string::npos);
  ASSERT_TRUE(set_exit_state(setup, {"Locomotion"}, "Moves", true).ok());
  ASSERT_TRUE(set_exit_state(setup, {"Locomotion"}, "Walk", false).ok());
  EXPECT_EQ(setup.states[1].machine->exit_states, (std::vector<std::string>{"Run", "Moves"}));
  EXPECT_TRUE(is_exit_state(setup, {"Locomotion"}, "Moves"));
  EXPECT_FALSE(is_exit_state(setup, {"Locomotion"}, "Walk"));
  EXPECT_FALSE(set_exit_state(setup, {"Locomotion"}, "Moves", true).ok()) << "already one";
  EXPECT_FALSE(set_exit_state(setup, {"Locomotion"}, "Walk", false).ok()) << "not one";
  EXPECT_FALSE(set_exit_state(setup, {"Locomotion"}, "Gone", true).ok());
}

TEST(SetupMachineEditsTest, StatesTransitionsDefaultsAndPlacesAreAddedInsideAMachine) {
  setup::Setup setup = Parse(kBefore);
  const MachinePath moves = {"Locomotion", "Moves"};
  Result<std::string> added = add_state(setup, moves, "Jog", "run");
  ASSERT_TRUE(added.ok());
  EXPECT_EQ(added.value(), "Jog 2");  // Unique within Moves.
  Result<std::string> machine = add_machine_state(setup, {"Locomotion"}, "", "idle");
  ASSERT_TRUE(machine.ok());
  EXPECT_EQ(machine.value(), "Machine");
  ASSERT_TRUE(add_transition(setup, moves, "*", "Jog 2").ok());
  ASSERT_TRUE(add_transition(setup, {"Locomotion"}, "Run", "Machine/State").ok());
  EXPECT_FALSE(add_transition(setup, {"Locomotion"}, "Run", "Machine/Nope").ok());
  EXPECT_FALSE(add_transition(setup, moves, "Walk", "Jog").ok()) << "Walk is not in Moves";
  EXPECT_FALSE(add_transition(setup, moves, "Jog", "*").ok());
  ASSERT_TRUE(set_default_state(setup, moves, "Jog 2").ok());
  EXPECT_FALSE(set_default_state(setup, moves, "Jog 2").ok()) << "already the default";
  ASSERT_TRUE(set_node_place(setup, {"Locomotion", "Machine"}, "State", 12.4f, -7.6f).ok());
  ASSERT_TRUE(set_node_place(setup, moves, "*", 5.0f, 6.0f).ok());
  EXPECT_FALSE(set_node_place(setup, moves, "Walk", 0.0f, 0.0f).ok());

  const setup::Setup expected_moves = Parse(R"({
  "format": "animscope.setup", "version": 3, "model": "m.glb",
  "states": [{"name": "Jog", "motion": "walk"}, {"name": "Sprint", "motion": "run"},
             {"name": "Jog 2", "motion": "run"}],
  "default_state": "Jog 2",
  "transitions": [{"from": "Jog", "to": "Sprint", "exit_time": 1},
                  {"from": "*", "to": "Jog 2", "exit_time": 1}]
})");
  const SetupMachine& loco = *setup.states[1].machine;
  const SetupMachine& got = *loco.states[2].machine;
  setup::Setup as_setup = expected_moves;
  as_setup.states = got.states;
  as_setup.default_state = got.default_state;
  as_setup.transitions = got.transitions;
  EXPECT_EQ(Saved(as_setup), Saved(expected_moves));
  ASSERT_EQ(loco.states.size(), 4u);
  ASSERT_TRUE(loco.states[3].is_machine());
  EXPECT_EQ(loco.states[3].machine->default_state, "State");
  EXPECT_EQ(loco.states[3].machine->states[0].motion, "idle");
  EXPECT_EQ(loco.transitions.back().to, "Machine/State");
  EXPECT_EQ(setup.editor["machines"]["Locomotion/Machine"].dump(),
            R"({"nodes":{"State":[12,-8]}})");
  EXPECT_EQ(setup.editor["machines"]["Locomotion/Moves"].dump(),
            R"({"nodes":{"Jog":[1,2],"*":[5,6]}})");
}

TEST(SetupMachineEditsTest, TransitionsAreEditedRemovedAndReorderedInsideAMachine) {
  setup::Setup setup = Parse(kBefore);
  const MachinePath loco = {"Locomotion"};
  SetupTransition t = setup.states[1].machine->transitions[1];  // Run -> Walk.
  t.duration = 0.5f;
  t.blend = TransitionBlend::kInertialize;
  ASSERT_TRUE(set_transition(setup, loco, 1, t).ok());
  EXPECT_EQ(setup.states[1].machine->transitions[1].duration, 0.5f);
  EXPECT_EQ(setup.states[1].machine->transitions[1].blend, TransitionBlend::kInertialize);
  t.to = "Idle";  // Not a state of Locomotion.
  EXPECT_FALSE(set_transition(setup, loco, 1, t).ok());
  // Walk's transitions are 0 and 2: moving 2 up swaps them.
  EXPECT_EQ(move_transition_priority(setup, loco, 2, -1), 0);
  EXPECT_EQ(setup.states[1].machine->transitions[0].to, "Moves/Sprint");
  EXPECT_EQ(setup.states[1].machine->transitions[2].to, "Run");
  ASSERT_TRUE(remove_transition(setup, loco, 0).ok());
  EXPECT_EQ(setup.states[1].machine->transitions.size(), 3u);
  const Status bad = remove_transition(setup, loco, 3);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().path, "/states/1/machine");
  EXPECT_EQ(setup.transitions.size(), 5u) << "the top's transitions are not its";
}

// A new state plays a clip no state plays yet and is named after it; with every clip played,
// the first clip under a number, so that new states never share a name.
TEST(SetupMachineEditsTest, ANewStateIsNamedAfterAClipNoStatePlaysElseNumbered) {
  const std::vector<std::string> clips = {"idle", "walk", "run"};
  std::vector<SetupState> states;
  NewStateChoice c = new_state_choice(states, clips);
  EXPECT_EQ(c.name, "idle");
  EXPECT_EQ(c.motion, "idle");
  SetupState walk;
  walk.name = "idle";  // A state called idle that plays walk: the name is taken, idle is free.
  walk.motion = "walk";
  states.push_back(walk);
  c = new_state_choice(states, clips);
  EXPECT_EQ(c.motion, "idle");
  EXPECT_EQ(c.name, "idle 2");
  SetupState idle;
  idle.name = "Stand";
  idle.motion = "idle";
  states.push_back(idle);
  c = new_state_choice(states, clips);
  EXPECT_EQ(c.name, "run");
  EXPECT_EQ(c.motion, "run");
  SetupState run;
  run.name = "State 1";
  run.motion = "run";
  states.push_back(run);
  c = new_state_choice(states, clips);
  EXPECT_EQ(c.name, "State 2") << "every clip is played: numbered, past the one taken";
  EXPECT_EQ(c.motion, "idle");
  // A clip whose name holds the path separator cannot name a state; without clips, no motion.
  c = new_state_choice({}, {"take/1", "walk"});
  EXPECT_EQ(c.name, "walk");
  c = new_state_choice({}, {});
  EXPECT_EQ(c.name, "State 1");
  EXPECT_EQ(c.motion, "");
}

}  // namespace
}  // namespace anim::setup
