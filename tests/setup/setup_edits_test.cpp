// The setup edits the tool makes (anim/setup/edits.h), driven directly.
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "anim/setup/edits.h"
#include "anim/setup/setup.h"

namespace anim::setup {
namespace {

using ::testing::ElementsAre;

std::vector<std::string> Describe(const setup::Setup& setup) {
  std::vector<std::string> out;
  for (const SetupEvent& e : setup.events) {
    out.push_back(e.clip + "@" + std::to_string(e.time).substr(0, 4) + ":" + e.name +
                  (e.payload ? "[" + *e.payload + "]" : ""));
  }
  return out;
}

TEST(SetupEditsTest, AddedEventsGetUniqueNamesWithinTheirClipAndStayInside) {
  setup::Setup setup;
  EXPECT_EQ(add_event(setup, "walk", 0.5f, 1.2f), 0);
  EXPECT_EQ(add_event(setup, "walk", 2.0f, 1.2f), 1);   // Past the end: at the end.
  EXPECT_EQ(add_event(setup, "walk", -1.0f, 1.2f), 2);  // Before the start: at 0.
  EXPECT_EQ(add_event(setup, "run", 0.25f, 0.8f), 3);   // Another clip: the plain name.
  EXPECT_EQ(add_event(setup, "run", 0.25f, 0.8f, "footstep"), 4);
  EXPECT_THAT(Describe(setup), ElementsAre("walk@0.50:event", "walk@1.20:event 2",
                                           "walk@0.00:event 3", "run@0.25:event",
                                           "run@0.25:footstep"));
  // A freed name is used again.
  ASSERT_TRUE(remove_event(setup, 1));
  EXPECT_EQ(unique_event_name(setup, "walk", "event"), "event 2");
}

TEST(SetupEditsTest, MoveRenamePayloadAndRemoveReportWhetherTheyChangedAnything) {
  setup::Setup setup;
  add_event(setup, "walk", 0.5f, 1.0f);
  EXPECT_TRUE(move_event(setup, 0, 0.75f, 1.0f));
  EXPECT_FALSE(move_event(setup, 0, 0.75f, 1.0f));  // Already there.
  EXPECT_TRUE(move_event(setup, 0, 3.0f, 1.0f));    // Clamped to the end.
  EXPECT_FALSE(move_event(setup, 1, 0.5f, 1.0f));   // No such event.
  EXPECT_TRUE(rename_event(setup, 0, "footstep_l"));
  EXPECT_FALSE(rename_event(setup, 0, "footstep_l"));
  EXPECT_FALSE(rename_event(setup, 0, ""));
  EXPECT_TRUE(set_event_payload(setup, 0, "left"));
  EXPECT_FALSE(set_event_payload(setup, 0, "left"));
  EXPECT_THAT(Describe(setup), ElementsAre("walk@1.00:footstep_l[left]"));
  EXPECT_TRUE(set_event_payload(setup, 0, ""));  // Cleared: written without "payload".
  EXPECT_THAT(Describe(setup), ElementsAre("walk@1.00:footstep_l"));
  EXPECT_FALSE(remove_event(setup, -1));
  EXPECT_TRUE(remove_event(setup, 0));
  EXPECT_TRUE(setup.events.empty());
}

TEST(SetupEditsTest, NonFiniteTimesBecomeZero) {
  setup::Setup setup;
  add_event(setup, "walk", std::numeric_limits<float>::quiet_NaN(), 1.0f);
  EXPECT_EQ(setup.events[0].time, 0.0f);
  move_event(setup, 0, 0.5f, std::numeric_limits<float>::infinity());
  EXPECT_EQ(setup.events[0].time, 0.0f);
}

// Idle <-> Walk, any state -> Idle, with their editor places.
setup::Setup TwoStates() {
  setup::Setup setup;
  setup.model = "m.x";
  EXPECT_EQ(add_state(setup, "Idle", "idle"), "Idle");
  EXPECT_EQ(add_state(setup, "Walk", "walk"), "Walk");
  EXPECT_EQ(add_transition(setup, "Idle", "Walk"), 0);
  EXPECT_EQ(add_transition(setup, "Walk", "Idle"), 1);
  EXPECT_EQ(add_transition(setup, "*", "Idle"), 2);
  setup.editor = Json::parse(R"({"nodes": {"Idle": [0, 0], "Walk": [200, 0], "*": [0, 100]},
                                 "camera": {"yaw": 30}})");
  return setup;
}

std::vector<std::string> Edges(const setup::Setup& setup) {
  std::vector<std::string> out;
  for (const SetupTransition& t : setup.transitions) out.push_back(t.from + ">" + t.to);
  return out;
}

TEST(SetupEditsTest, AddedStatesGetUniqueNamesAndTheFirstIsTheDefault) {
  setup::Setup setup = TwoStates();
  EXPECT_EQ(setup.default_state, "Idle");
  EXPECT_EQ(add_state(setup, "Walk", "run"), "Walk 2");
  EXPECT_EQ(add_state(setup, "", "run"), "State");
  EXPECT_EQ(setup.states.back().motion, "run");
  EXPECT_TRUE(setup.states.back().loop);
  EXPECT_EQ(setup.default_state, "Idle");
  // A new transition waits for the end of its source's cycle.
  EXPECT_EQ(setup.transitions[0].exit_time, std::optional<float>(1.0f));
  EXPECT_TRUE(setup.transitions[0].conditions.empty());
  EXPECT_EQ(add_transition(setup, "Idle", "Nowhere"), -1);
  EXPECT_EQ(add_transition(setup, "Idle", "*"), -1);
  EXPECT_TRUE(validate_setup(setup, {"idle", "walk", "run"}).size() <= 2u)  // Unreachable ones.
      << "edits keep the setup valid";
}

TEST(SetupEditsTest, RenamingAStateRenamesEveryReference) {
  setup::Setup setup = TwoStates();
  EXPECT_TRUE(rename_state(setup, "Idle", "Stand"));
  EXPECT_EQ(setup.states[0].name, "Stand");
  EXPECT_EQ(setup.default_state, "Stand");
  EXPECT_THAT(Edges(setup), ElementsAre("Stand>Walk", "Walk>Stand", "*>Stand"));
  EXPECT_EQ(setup.editor.dump(),
            R"({"nodes":{"Stand":[0,0],"Walk":[200,0],"*":[0,100]},"camera":{"yaw":30}})");
  EXPECT_FALSE(rename_state(setup, "Stand", "Walk"));  // Taken.
  EXPECT_FALSE(rename_state(setup, "Stand", ""));
  EXPECT_FALSE(rename_state(setup, "Stand", "*"));
  EXPECT_FALSE(rename_state(setup, "Gone", "New"));
  EXPECT_FALSE(rename_state(setup, "Stand", "Stand"));
}

TEST(SetupEditsTest, RemovingAStateRemovesItsTransitionsAndPlaceAndMovesTheDefault) {
  setup::Setup setup = TwoStates();
  EXPECT_TRUE(remove_state(setup, "Idle"));
  ASSERT_EQ(setup.states.size(), 1u);
  EXPECT_TRUE(setup.transitions.empty());
  EXPECT_EQ(setup.default_state, "Walk");
  EXPECT_EQ(setup.editor.dump(), R"({"nodes":{"Walk":[200,0],"*":[0,100]},"camera":{"yaw":30}})");
  EXPECT_FALSE(remove_state(setup, "Idle"));
  EXPECT_TRUE(remove_state(setup, "Walk"));
  EXPECT_EQ(setup.default_state, "");
}

// Idle, Walk and Run with transitions from Idle at 0, 2 and 4, from any state at 3 and 5.
setup::Setup ThreeSources() {
  setup::Setup setup;
  for (const char* name : {"Idle", "Walk", "Run"}) add_state(setup, name, "clip");
  add_transition(setup, "Idle", "Walk");
  add_transition(setup, "Walk", "Idle");
  add_transition(setup, "Idle", "Run");
  add_transition(setup, "*", "Walk");
  add_transition(setup, "Idle", "Idle");
  add_transition(setup, "*", "Run");
  return setup;
}

TEST(SetupEditsTest, PriorityMovesSwapWithTheSameSourcesNeighboursOnly) {
  setup::Setup setup = ThreeSources();
  // Idle>Run (2) goes before Idle>Walk (0); Walk>Idle keeps index 1 between them.
  EXPECT_EQ(move_transition_priority(setup, 2, -1), 0);
  EXPECT_THAT(Edges(setup), ElementsAre("Idle>Run", "Walk>Idle", "Idle>Walk", "*>Walk",
                                        "Idle>Idle", "*>Run"));
  // Two places later: past Idle>Walk (2), then past Idle>Idle (4).
  EXPECT_EQ(move_transition_priority(setup, 0, 2), 4);
  EXPECT_THAT(Edges(setup), ElementsAre("Idle>Walk", "Walk>Idle", "Idle>Idle", "*>Walk",
                                        "Idle>Run", "*>Run"));
  // Any state's transitions are a group of their own.
  EXPECT_EQ(move_transition_priority(setup, 3, 1), 5);
  EXPECT_THAT(Edges(setup), ElementsAre("Idle>Walk", "Walk>Idle", "Idle>Idle", "*>Run",
                                        "Idle>Run", "*>Walk"));
  // Further than the group reaches: it stops first.
  EXPECT_EQ(move_transition_priority(setup, 2, -5), 0);
  EXPECT_THAT(Edges(setup), ElementsAre("Idle>Idle", "Walk>Idle", "Idle>Walk", "*>Run",
                                        "Idle>Run", "*>Walk"));
}

TEST(SetupEditsTest, PriorityMovesThatCannotMoveChangeNothing) {
  setup::Setup setup = ThreeSources();
  const std::vector<std::string> before = Edges(setup);
  EXPECT_EQ(move_transition_priority(setup, 0, -1), -1) << "already first";
  EXPECT_EQ(move_transition_priority(setup, 4, 1), -1) << "already last";
  EXPECT_EQ(move_transition_priority(setup, 1, 1), -1) << "the only one from Walk";
  EXPECT_EQ(move_transition_priority(setup, 2, 0), -1);
  EXPECT_EQ(move_transition_priority(setup, -1, 1), -1);
  EXPECT_EQ(move_transition_priority(setup, 6, -1), -1);
  EXPECT_EQ(Edges(setup), before);
}

TEST(SetupEditsTest, RemovingATransitionKeepsTheOthersInOrder) {
  setup::Setup setup = ThreeSources();
  EXPECT_TRUE(remove_transition(setup, 1));
  EXPECT_THAT(Edges(setup), ElementsAre("Idle>Walk", "Idle>Run", "*>Walk", "Idle>Idle", "*>Run"));
  EXPECT_FALSE(remove_transition(setup, -1));
  EXPECT_FALSE(remove_transition(setup, 5));
  EXPECT_EQ(setup.transitions.size(), 5u);
  EXPECT_EQ(setup.states.size(), 3u);
}

// A new transition waits for exit time 1 until it has a condition; its first condition turns
// exit time off (Unity's "Has Exit Time" trap), later ones and one turned back on stay.
TEST(SetupEditsTest, TheFirstConditionTurnsExitTimeOff) {
  setup::Setup setup;
  add_state(setup, "Idle", "idle");
  add_state(setup, "Run", "run");
  const int t = add_transition(setup, "Idle", "Run");
  ASSERT_GE(t, 0);
  SetupTransition& tr = setup.transitions[static_cast<std::size_t>(t)];
  ASSERT_EQ(tr.exit_time, std::optional<float>(1.0f));
  SetupCondition fast;
  fast.parameter = "speed";
  fast.op = ConditionOp::kGreater;
  fast.value = 0.5f;
  EXPECT_TRUE(add_condition(tr, fast));
  EXPECT_FALSE(tr.exit_time.has_value());
  ASSERT_EQ(tr.conditions.size(), 1u);
  EXPECT_EQ(tr.conditions[0].parameter, "speed");
  // The author turns it on again: a second condition leaves it.
  tr.exit_time = 0.75f;
  EXPECT_FALSE(add_condition(tr, fast));
  EXPECT_EQ(tr.exit_time, std::optional<float>(0.75f));
  EXPECT_EQ(tr.conditions.size(), 2u);
  // Without exit time there is nothing to turn off.
  SetupTransition plain;
  EXPECT_FALSE(add_condition(plain, fast));
  EXPECT_EQ(plain.conditions.size(), 1u);
}

}  // namespace
}  // namespace anim::setup
