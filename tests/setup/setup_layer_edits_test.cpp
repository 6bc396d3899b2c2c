// Layer edits (anim/setup/layer_edits.h): adding, renaming, removing and ordering layers, and
// editing a mask joint by joint with the smallest change, worked out by hand on a small body.
#include "anim/setup/layer_edits.h"
#include "anim/setup/machine_edits.h"
#include "support/rigs.h"
#include "support/setups.h"

#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace anim::setup {
namespace {

using namespace ::anim::testutil;

using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::vector<bool> Bits(std::initializer_list<int> bits) {
  std::vector<bool> out;
  for (int b : bits) out.push_back(b != 0);
  return out;
}

TEST(SetupLayerEditsTest, AddRenameMoveAndRemoveLayers) {
  setup::Setup setup;
  EXPECT_EQ(add_layer(setup, "Upper", "wave"), "Upper");
  EXPECT_EQ(add_layer(setup, "Upper", "walk"), "Upper 2");
  ASSERT_EQ(setup.layers.size(), 2u);
  EXPECT_EQ(setup.layers[0].blend, LayerBlend::kOverride);
  EXPECT_EQ(setup.layers[0].weight, 1.0f);
  ASSERT_EQ(setup.layers[1].states.size(), 1u);
  EXPECT_EQ(setup.layers[1].states[0].motion, "walk");
  EXPECT_EQ(setup.layers[1].default_state, setup.layers[1].states[0].name);
  EXPECT_THAT(setup.layers[0].mask_include, IsEmpty()) << "the whole body";

  EXPECT_FALSE(rename_layer(setup, "Upper", "Upper 2")) << "taken";
  EXPECT_FALSE(rename_layer(setup, "Upper", ""));
  EXPECT_FALSE(rename_layer(setup, "Nope", "X"));
  EXPECT_TRUE(rename_layer(setup, "Upper 2", "Lean"));
  EXPECT_TRUE(move_layer(setup, 1, -1));
  EXPECT_EQ(setup.layers[0].name, "Lean");
  EXPECT_FALSE(move_layer(setup, 0, -1));
  EXPECT_FALSE(move_layer(setup, 1, 1));
  EXPECT_TRUE(remove_layer(setup, "Lean"));
  EXPECT_FALSE(remove_layer(setup, "Lean"));
  ASSERT_EQ(setup.layers.size(), 1u);
  EXPECT_EQ(setup.layers[0].name, "Upper");
}

TEST(SetupLayerEditsTest, TickingAJointAddsItWithItsSubtree) {
  const Skeleton body = Body();
  SetupLayer layer;
  layer.mask_include = {"leg"};  // Only the leg so far.
  EXPECT_EQ(mask_of(layer, body), Bits({0, 0, 0, 0, 0, 1}));
  EXPECT_TRUE(set_joint_in_mask(layer, body, 1, true));  // The spine, with head, arm and hand.
  EXPECT_THAT(layer.mask_include, ElementsAre("leg", "spine"));
  EXPECT_EQ(mask_of(layer, body), Bits({0, 1, 1, 1, 1, 1}));
  EXPECT_FALSE(set_joint_in_mask(layer, body, 4, true)) << "the hand is in already";
  EXPECT_FALSE(set_joint_in_mask(layer, body, 6, true));
}

TEST(SetupLayerEditsTest, UntickingAJointUnderAnIncludedOneExcludesItsSubtree) {
  const Skeleton body = Body();
  SetupLayer layer;
  layer.mask_include = {"spine"};
  EXPECT_TRUE(set_joint_in_mask(layer, body, 3, false));  // The arm, and so the hand.
  EXPECT_THAT(layer.mask_exclude, ElementsAre("arm"));
  EXPECT_EQ(mask_of(layer, body), Bits({0, 1, 1, 0, 0, 0}));
  // Ticking the hand again lists it: it is nearer than the excluded arm.
  EXPECT_TRUE(set_joint_in_mask(layer, body, 4, true));
  EXPECT_THAT(layer.mask_include, ElementsAre("spine", "hand"));
  EXPECT_EQ(mask_of(layer, body), Bits({0, 1, 1, 0, 1, 0}));
  // Ticking the arm drops its exclusion, and the spine's entry covers it again.
  EXPECT_TRUE(set_joint_in_mask(layer, body, 3, true));
  EXPECT_THAT(layer.mask_exclude, IsEmpty());
  EXPECT_THAT(layer.mask_include, ElementsAre("spine", "hand"));
  EXPECT_EQ(mask_of(layer, body), Bits({0, 1, 1, 1, 1, 0}));
}

TEST(SetupLayerEditsTest, UntickingAListedJointDropsItsEntry) {
  const Skeleton body = Body();
  SetupLayer layer;
  layer.mask_include = {"spine", "leg"};
  EXPECT_TRUE(set_joint_in_mask(layer, body, 5, false));
  EXPECT_THAT(layer.mask_include, ElementsAre("spine")) << "no exclude entry needed";
  EXPECT_THAT(layer.mask_exclude, IsEmpty());
  // The whole body (no include) minus a subtree needs an exclude entry.
  SetupLayer whole;
  EXPECT_TRUE(set_joint_in_mask(whole, body, 1, false));
  EXPECT_THAT(whole.mask_exclude, ElementsAre("spine"));
  EXPECT_EQ(mask_of(whole, body), Bits({1, 0, 0, 0, 0, 1}));
}

TEST(SetupLayerEditsTest, TheFirstIncludeEntryKeepsTheRestOfTheBodyIn) {
  // The whole body minus the spine; ticking the arm must not drop the root and the leg, which
  // a lone include entry would (an include list leaves out what it does not reach).
  const Skeleton body = Body();
  SetupLayer layer;
  layer.mask_exclude = {"spine"};
  EXPECT_TRUE(set_joint_in_mask(layer, body, 3, true));
  EXPECT_THAT(layer.mask_include, ElementsAre("root", "arm"));
  EXPECT_EQ(mask_of(layer, body), Bits({1, 0, 0, 1, 1, 1}));
}

// Whether j lies in the subtree of `top` (itself included).
bool Under(const Skeleton& s, int j, int top) {
  for (; j >= 0; j = s.parents[j]) {
    if (j == top) return true;
  }
  return false;
}

TEST(SetupLayerEditsTest, EveryToggleSetsItsJointAndChangesNothingOutsideItsSubtree) {
  // From each of these masks, each joint set each way: the joint ends as asked and every joint
  // outside its subtree keeps its value.
  const Skeleton body = Body();
  const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> starts = {
      {{}, {}},
      {{"spine"}, {}},
      {{}, {"spine"}},
      {{"spine", "hand"}, {"arm"}},
      {{"leg"}, {"root"}},
      {{"arm"}, {"spine", "hand"}}};
  for (const auto& [include, exclude] : starts) {
    for (int joint = 0; joint < 6; ++joint) {
      for (bool value : {false, true}) {
        SetupLayer layer;
        layer.mask_include = include;
        layer.mask_exclude = exclude;
        const std::vector<bool> before = mask_of(layer, body);
        const bool changed = set_joint_in_mask(layer, body, joint, value);
        const std::vector<bool> after = mask_of(layer, body);
        EXPECT_EQ(changed, before[joint] != value);
        EXPECT_EQ(after[joint], value) << "joint " << joint;
        for (int j = 0; j < 6; ++j) {
          if (!Under(body, j, joint)) {
            EXPECT_EQ(after[j], before[j]) << j << " after " << joint;
          }
        }
      }
    }
  }
}

TEST(SetupLayerEditsTest, ALayersMachineViewIsEditedLikeTheBaseAndStoredBack) {
  setup::Setup setup = SetupOf("wuson.x", {}, {State("Walk", "walk")});
  setup.editor = Json::parse(R"({"camera": 2, "nodes": {"Walk": [20, 20]}})");
  add_layer(setup, "Upper", "wave");
  setup.editor["layers"] = Json::parse(R"({"Upper": {"nodes": {"Default": [40, 60]}}})");

  setup::Setup view = machine_view(setup, 1);
  ASSERT_EQ(view.states.size(), 1u);
  EXPECT_EQ(view.states[0].name, "Default");
  EXPECT_EQ(view.default_state, "Default");
  EXPECT_TRUE(view.layers.empty());
  EXPECT_EQ(view.editor.dump(), R"({"camera":2,"nodes":{"Default":[40,60]}})");
  EXPECT_EQ(view.model, "wuson.x");

  // An edit of the view, as the graph makes it: a second state, a transition, a new place.
  SetupState wave = view.states[0];
  wave.name = "Wave";
  view.states.push_back(wave);
  SetupTransition t;
  t.from = "Default";
  t.to = "Wave";
  view.transitions.push_back(t);
  view.editor["nodes"]["Wave"] = Json::array({200, 60});
  ASSERT_TRUE(store_machine_view(setup, 1, view));
  ASSERT_EQ(setup.layers[0].states.size(), 2u);
  ASSERT_EQ(setup.layers[0].transitions.size(), 1u);
  EXPECT_EQ(setup.layers[0].transitions[0].to, "Wave");
  ASSERT_EQ(setup.states.size(), 1u) << "the base is untouched";
  EXPECT_EQ(setup.editor.dump(),
            R"({"camera":2,"nodes":{"Walk":[20,20]},)"
            R"("layers":{"Upper":{"nodes":{"Default":[40,60],"Wave":[200,60]}}}})");

  // The base's view is the setup; storing it keeps the layers and their places.
  setup::Setup base = machine_view(setup, 0);
  base.states[0].speed = 2.0f;
  ASSERT_TRUE(store_machine_view(setup, 0, base));
  EXPECT_EQ(setup.states[0].speed, 2.0f);
  EXPECT_EQ(setup.layers.size(), 1u);
  EXPECT_FALSE(store_machine_view(setup, 2, base));

  // Renaming the layer takes its places along.
  ASSERT_TRUE(rename_layer(setup, "Upper", "Arms"));
  EXPECT_EQ(machine_view(setup, 1).editor["nodes"].dump(),
            R"({"Default":[40,60],"Wave":[200,60]})");
}

// A machine nested in a layer is edited by its path in the layer's view (machine_edits.h); its
// places, kept by path in the editor block, go back with the view.
TEST(SetupLayerEditsTest, AMachineNestedInALayerIsEditedByPathInItsView) {
  setup::Setup setup = SetupOf("wuson.x", {}, {State("Walk", "walk")});
  add_layer(setup, "Upper", "wave");
  setup::Setup view = machine_view(setup, 1);
  const Result<std::string> arms = add_machine_state(view, {}, "Arms", "wave");
  ASSERT_TRUE(arms.ok());
  ASSERT_TRUE(add_state(view, {"Arms"}, "Point", "walk").ok());
  ASSERT_TRUE(set_node_place(view, {"Arms"}, "Point", 30.0f, 40.0f).ok());
  ASSERT_TRUE(set_exit_state(view, {"Arms"}, "Point", true).ok());
  ASSERT_TRUE(store_machine_view(setup, 1, view));

  ASSERT_EQ(setup.layers[0].states.size(), 2u);
  const SetupMachine& inner = *setup.layers[0].states[1].machine;
  ASSERT_EQ(inner.states.size(), 2u);
  EXPECT_EQ(inner.states[1].name, "Point");
  EXPECT_EQ(inner.exit_states, std::vector<std::string>{"Point"});
  EXPECT_EQ(setup.editor["machines"].dump(), R"({"Arms":{"nodes":{"Point":[30,40]}}})");
  EXPECT_EQ(setup.states.size(), 1u) << "the base is untouched";
}

// The one rename every view makes: in the base, a layer or a machine nested in either, the box's
// place goes with the new name and none stays under the old one.
TEST(SetupLayerEditsTest, RenamingAStateInAnyMachineCarriesItsPlace) {
  setup::Setup setup = SetupOf("wuson.x", {}, {State("Idle", "walk"), State("Run", "run")});
  setup.transitions = {Transition("Idle", "Run")};
  setup.default_state = "Idle";
  setup.editor = Json::parse(R"({"nodes": {"*": [0, 0], "Idle": [20, 40], "Run": [200, 40]}})");
  add_layer(setup, "Upper", "wave");
  setup.editor["layers"] = Json::parse(R"({"Upper": {"nodes": {"Default": [40, 60]}}})");

  ASSERT_TRUE(rename_state_in(setup, 0, {}, "Idle", "Stand").ok());
  EXPECT_EQ(setup.states[0].name, "Stand");
  EXPECT_EQ(setup.default_state, "Stand");
  EXPECT_EQ(setup.transitions[0].from, "Stand");
  EXPECT_EQ(setup.editor["nodes"].dump(), R"({"*":[0,0],"Stand":[20,40],"Run":[200,40]})")
      << "in its place in the block, too";
  EXPECT_EQ(setup.editor["layers"].dump(), R"({"Upper":{"nodes":{"Default":[40,60]}}})");

  ASSERT_TRUE(rename_state_in(setup, 1, {}, "Default", "Wave").ok());
  EXPECT_EQ(setup.layers[0].states[0].name, "Wave");
  EXPECT_EQ(setup.layers[0].default_state, "Wave");
  EXPECT_EQ(setup.editor["layers"].dump(), R"({"Upper":{"nodes":{"Wave":[40,60]}}})");
  EXPECT_EQ(setup.states[1].name, "Run") << "the base is untouched";

  // Inside a machine nested in the layer: its places are kept by path.
  setup::Setup view = machine_view(setup, 1);
  ASSERT_TRUE(add_machine_state(view, {}, "Arms", "wave").ok());
  ASSERT_TRUE(add_state(view, {"Arms"}, "Point", "walk").ok());
  ASSERT_TRUE(set_node_place(view, {"Arms"}, "Point", 30.0f, 40.0f).ok());
  ASSERT_TRUE(store_machine_view(setup, 1, view));
  ASSERT_TRUE(rename_state_in(setup, 1, {"Arms"}, "Point", "Aim").ok());
  EXPECT_EQ(setup.layers[0].states[1].machine->states[1].name, "Aim");
  EXPECT_EQ(setup.editor["machines"].dump(), R"({"Arms":{"nodes":{"Aim":[30,40]}}})");

  // Refusals leave the setup as it was.
  const setup::Setup before = setup;
  EXPECT_FALSE(rename_state_in(setup, 0, {}, "Stand", "Run").ok()) << "taken";
  EXPECT_FALSE(rename_state_in(setup, 0, {}, "Gone", "Back").ok()) << "no such state";
  EXPECT_FALSE(rename_state_in(setup, 2, {}, "Wave", "Hello").ok()) << "no such layer";
  EXPECT_FALSE(rename_state_in(setup, 0, {}, "Stand", "").ok()) << "empty";
  EXPECT_EQ(to_json_text(setup), to_json_text(before));
}

}  // namespace
}  // namespace anim::setup
