// Sync groups in setups: "sync_group" and "sync_role" on states of the base, its layers and the
// machines inside states; their checks, their text and their runtime form.
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "anim/clip.h"
#include "anim/setup/from_machine.h"
#include "anim/setup/setup.h"
#include "support/diagnostics.h"
#include "support/matchers.h"
#include "support/setups.h"

namespace anim::setup {
namespace {

using namespace ::anim::testutil;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

const std::vector<std::string> kClips = {"walk", "run"};
const std::vector<float> kLengths = {1.2f, 0.8f};

SetupState Grouped(SetupState s, const std::string& group, SyncRole role = SyncRole::kAuto) {
  s.sync_group = group;
  s.sync_role = role;
  return s;
}

// Walk and Run in "loco"; a layer "upper" whose Arms (the walk) follows "loco" and whose Wave (the
// run) is in no group.
setup::Setup Grouped() {
  setup::Setup s = SetupOf("wuson.x", {Param("speed", ParameterType::kFloat)},
                           {Grouped(State("Walk", "walk"), "loco"),
                            Grouped(State("Run", "run"), "loco", SyncRole::kLeader)});
  s.transitions = {Transition("Walk", "Run", {When("speed", ConditionOp::kGreater, 0.5f)})};
  SetupLayer layer;
  layer.name = "upper";
  layer.states = {Grouped(State("Arms", "walk"), "loco", SyncRole::kFollower),
                  State("Wave", "run")};
  layer.default_state = "Arms";
  s.layers = {layer};
  return s;
}

// What validation says of sync groups and roles (other checks, such as reachability, aside).
std::vector<std::string> Found(const setup::Setup& s, Diagnostic::Severity severity) {
  std::vector<std::string> found;
  for (const Diagnostic& d : validate_setup(s, kClips, kLengths)) {
    const bool sync = d.pointer.find("/sync_") != std::string::npos;
    if (d.severity == severity && sync) found.push_back(d.pointer + ": " + d.message);
  }
  return found;
}

std::vector<Clip> Clips() {
  std::vector<Clip> clips;
  for (std::size_t i = 0; i < kClips.size(); ++i) {
    ClipBuilder b(kClips[i], kLengths[i], 1);
    b.add_translation(0, 0.0f, {0, 0, 0});
    clips.push_back(b.build());
  }
  return clips;
}

TEST(SetupSyncGroupsTest, ReadAndWrittenAsTheFormatSays) {
  const std::string text = to_json_text(Grouped());
  // Written where set, not where default.
  EXPECT_NE(text.find("\"sync_group\": \"loco\""), std::string::npos);
  EXPECT_NE(text.find("\"sync_role\": \"leader\""), std::string::npos);
  EXPECT_NE(text.find("\"sync_role\": \"follower\""), std::string::npos);
  EXPECT_EQ(text.find("\"sync_role\": \"auto\""), std::string::npos);
  const Result<setup::Setup> back = parse_setup(text, "grouped.json");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back.value().states[0].sync_group, "loco");
  EXPECT_EQ(back.value().states[1].sync_role, SyncRole::kLeader);
  EXPECT_EQ(back.value().layers[0].states[0].sync_role, SyncRole::kFollower);
  EXPECT_EQ(back.value().layers[0].states[1].sync_group, "");
  EXPECT_EQ(to_json_text(back.value()), text);
}

TEST(SetupSyncGroupsTest, WrongShapesAreRefusedWithTheirPointers) {
  const std::string base =
      R"({"model": "m.x", "parameters": [], "default_state": "A", "states": [)";
  std::vector<Diagnostic> found;
  EXPECT_FALSE(parse_setup(base + R"({"name": "A", "motion": "walk", "sync_role": "boss"}]})",
                           "a.json", &found)
                   .ok());
  EXPECT_THAT(found, Contains(AtPointer("/states/0/sync_role")));
  found.clear();
  EXPECT_FALSE(
      parse_setup(base + R"({"name": "A", "motion": "walk", "sync_group": ""}]})", "a.json", &found)
          .ok());
  EXPECT_THAT(found, Contains(AtPointer("/states/0/sync_group")));
  found.clear();
  EXPECT_FALSE(
      parse_setup(base + R"({"name": "A", "motion": "walk", "sync_group": 3}]})", "a.json", &found)
          .ok());
  EXPECT_THAT(found, Contains(AtPointer("/states/0/sync_group")));
}

TEST(SetupSyncGroupsTest, OnlyLoopingMotionsJoinAGroup) {
  setup::Setup s = Grouped();
  s.states[1].loop = false;
  SetupMachine inner;
  inner.states = {State("Jog", "run")};
  inner.default_state = "Jog";
  SetupState nested;
  nested.name = "Moving";
  nested.motion.clear();
  nested.machine = inner;
  s.states.push_back(Grouped(nested, "loco"));
  s.layers[0].states[1].sync_role = SyncRole::kLeader;  // In no group.
  EXPECT_THAT(Found(s, Diagnostic::Severity::kError),
              ElementsAre("/states/1/sync_group: state \"Run\" does not loop: only looping states "
                          "keep a sync group's place",
                          "/states/2/sync_group: state \"Moving\" holds a machine, which has no "
                          "motion of its own to keep in step: give its states the sync group"));
  EXPECT_THAT(Found(s, Diagnostic::Severity::kWarning),
              ElementsAre("/layers/0/states/1/sync_role: a sync_role without a sync_group does "
                          "nothing"));
}

TEST(SetupSyncGroupsTest, AGroupWithMarkersOnSomeClipsWarnsOfTheOthers) {
  setup::Setup s = Grouped();
  EXPECT_THAT(Found(s, Diagnostic::Severity::kWarning), IsEmpty());
  s.clips = {{"walk", {{"L", 0.3f, {}}, {"R", 0.9f, {}}}, {}}};
  EXPECT_THAT(Found(s, Diagnostic::Severity::kWarning),
              ElementsAre("/states/1/sync_group: clip \"run\" has no sync markers: it follows "
                          "normalized time"));
}

TEST(SetupSyncGroupsTest, CompiledGroupsAreSharedAcrossLayersAndNestedMachines) {
  setup::Setup s = Grouped();
  SetupMachine inner;
  inner.states = {Grouped(State("Jog", "run"), "jog"), Grouped(State("Stroll", "walk"), "loco")};
  inner.default_state = "Jog";
  SetupState nested;
  nested.name = "Moving";
  nested.motion.clear();
  nested.machine = inner;
  s.states.push_back(nested);
  const Result<StateMachineDef> def = compile_setup(s, Clips());
  ASSERT_TRUE(def.ok()) << def.error().to_string();
  const StateMachineDef& d = def.value();
  EXPECT_THAT(d.sync_groups, ElementsAre("loco", "jog"));  // In order of first use.
  ASSERT_EQ(d.states.size(), 4u);
  EXPECT_EQ(d.states[0].sync_group, 0);
  EXPECT_EQ(d.states[1].sync_role, SyncRole::kLeader);
  EXPECT_EQ(d.states[2].name, "Moving/Jog");
  EXPECT_EQ(d.states[2].sync_group, 1);
  EXPECT_EQ(d.states[3].sync_group, 0);
  EXPECT_EQ(d.layers[0].states[0].sync_group, 0);
  EXPECT_EQ(d.layers[0].states[0].sync_role, SyncRole::kFollower);
  EXPECT_EQ(d.layers[0].states[1].sync_group, -1);

  // Back to a setup: each state's group and role by name.
  const setup::Setup back = setup_from_machine(d, kClips, "wuson.x");
  EXPECT_EQ(back.states[0].sync_group, "loco");
  EXPECT_EQ(back.states[1].sync_role, SyncRole::kLeader);
  EXPECT_EQ(back.layers[0].states[0].sync_role, SyncRole::kFollower);
  EXPECT_EQ(back.layers[0].states[1].sync_group, "");
}

}  // namespace
}  // namespace anim::setup
