// Headless tests of layers in the tool: the Setup panel's Layers tab edits each layer's fields
// as undoable steps, and with "Mask" on the Skeleton panel edits the layer's mask by a checkbox
// per joint. Checked on the Document, against masks worked out by hand.
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <imgui.h>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/views/animate/bone_tree_panel.h"
#include "anim/ui/views/machine/setup_panel.h"
#include "support/imgui_harness.h"
#include "support/rigs.h"
#include "support/setups.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

using ::testing::ElementsAre;
using ::testing::IsEmpty;

// root -> spine -> {head, arm}; root -> leg. Two one-second clips.
Model make_model() {
  Model model =
      ModelOf("test://body", Rig({"root", "spine", "head", "arm", "leg"}, {-1, 0, 1, 1, 0}));
  for (const char* name : {"walk", "wave"}) {
    ClipBuilder b(name, 1.0f, 5);
    b.add_translation(0, 0.0f, glm::vec3(0.0f));
    model.clips.push_back(b.build());
  }
  return model;
}

setup::Setup walk_setup() {
  return SetupOf("body.x", {Param("carry"), Param("armed", ParameterType::kBool)},
                 {State("Walk", "walk")});
}

class SetupPanelLayersTest : public ::testing::Test {
 protected:
  SetupPanelLayersTest() : doc_(make_model(), "test://body") {
    EXPECT_TRUE(doc_.attach_setup(walk_setup(), "body.json").ok());
    h_.set_draw([this] {
      ImGui::SetNextWindowSize(ImVec2(1000.0f, 300.0f));
      ImGui::Begin("setup");
      testing::draw_panel(panel_, doc_, sel_);
      ImGui::End();
      ImGui::SetNextWindowPos(ImVec2(0.0f, 320.0f));
      ImGui::SetNextWindowSize(ImVec2(400.0f, 300.0f));
      ImGui::Begin("skeleton");
      testing::draw_panel(tree_, doc_, sel_);
      ImGui::End();
    });
    h_.frames(2);
    EXPECT_TRUE(h_.click(panel_.rects, "tab:Layers"));
    h_.frames(2);
  }
  const setup::Setup& current() const { return *doc_.setup(); }

  testing::ImGuiHarness h_;
  Document doc_;
  Selection sel_;
  SetupPanel panel_;
  BoneTreePanel tree_;
};

TEST_F(SetupPanelLayersTest, AddingALayerAndSettingItsFieldsAreUndoableSteps) {
  ASSERT_TRUE(h_.click(panel_.rects, "add_layer"));
  h_.frames(2);
  ASSERT_EQ(current().layers.size(), 1u);
  const setup::SetupLayer& layer = current().layers[0];
  EXPECT_EQ(layer.name, "Layer");
  EXPECT_EQ(layer.blend, LayerBlend::kOverride);
  ASSERT_EQ(layer.states.size(), 1u);
  EXPECT_EQ(layer.states[0].motion, "walk") << "the model's first clip";
  EXPECT_EQ(doc_.setup_history().undo_label(), "add layer Layer");

  ASSERT_TRUE(h_.choose(panel_.rects, "layer_blend:0", "additive"));
  h_.frames(2);
  EXPECT_EQ(current().layers[0].blend, LayerBlend::kAdditive);
  ASSERT_TRUE(h_.choose(panel_.rects, "layer_reference:0", "wave"));
  h_.frames(2);
  EXPECT_EQ(current().layers[0].reference, std::optional<std::string>("wave"));
  // Only float parameters can weigh a layer: "armed" (a bool) is not offered.
  ASSERT_TRUE(h_.click(panel_.rects, "layer_weight_parameter:0"));
  h_.frames(2);
  EXPECT_NE(panel_.rects.find("layer_weight_parameter:0=carry"), nullptr);
  EXPECT_EQ(panel_.rects.find("layer_weight_parameter:0=armed"), nullptr);
  ASSERT_TRUE(h_.click(panel_.rects, "layer_weight_parameter:0=carry"));
  h_.frames(2);
  EXPECT_EQ(current().layers[0].weight_parameter, std::optional<std::string>("carry"));
  EXPECT_EQ(doc_.setup_history().undo_label(), "drive layer Layer by carry");

  // Back to override: the reference goes, as only additive layers have one.
  ASSERT_TRUE(h_.choose(panel_.rects, "layer_blend:0", "override"));
  h_.frames(2);
  EXPECT_FALSE(current().layers[0].reference.has_value());
  ASSERT_TRUE(doc_.undo_setup_edit());
  EXPECT_EQ(current().layers[0].blend, LayerBlend::kAdditive);
  EXPECT_EQ(current().layers[0].reference, std::optional<std::string>("wave"));
}

TEST_F(SetupPanelLayersTest, LayersMoveAndGo) {
  for (int i = 0; i < 2; ++i) {
    ASSERT_TRUE(h_.click(panel_.rects, "add_layer"));
    h_.frames(2);
  }
  ASSERT_EQ(current().layers.size(), 2u);
  ASSERT_TRUE(h_.click(panel_.rects, "layer_down:0"));
  h_.frames(2);
  EXPECT_EQ(current().layers[0].name, "Layer 2");
  EXPECT_EQ(current().layers[1].name, "Layer");
  ASSERT_TRUE(h_.click(panel_.rects, "remove_layer:1"));
  h_.frames(2);
  ASSERT_EQ(current().layers.size(), 1u);
  EXPECT_EQ(current().layers[0].name, "Layer 2");
  EXPECT_EQ(doc_.setup_history().undo_label(), "remove layer Layer");
}

TEST_F(SetupPanelLayersTest, TheSkeletonPanelTicksJointsIntoTheMask) {
  ASSERT_TRUE(h_.click(panel_.rects, "add_layer"));
  h_.frames(2);
  EXPECT_EQ(tree_.rects.find("mask:spine"), nullptr) << "no checkboxes until Mask is on";
  ASSERT_TRUE(h_.click(panel_.rects, "layer_mask:0"));
  h_.frames(2);
  EXPECT_EQ(sel_.mask_layer, "Layer");
  // The whole body to start with; unticking the spine leaves it out with its head and arm.
  ASSERT_TRUE(h_.click(tree_.rects, "mask:spine"));
  h_.frames(2);
  EXPECT_THAT(current().layers[0].mask_include, IsEmpty());
  EXPECT_THAT(current().layers[0].mask_exclude, ElementsAre("spine"));
  EXPECT_EQ(doc_.setup_history().undo_label(), "remove spine from the mask of layer Layer");
  // Ticking the arm brings it back alone: it is nearer than the excluded spine. The root is
  // listed too, so the first include entry does not drop the leg.
  ASSERT_TRUE(h_.click(tree_.rects, "mask:arm"));
  h_.frames(2);
  EXPECT_THAT(current().layers[0].mask_include, ElementsAre("root", "arm"));
  EXPECT_THAT(current().layers[0].mask_exclude, ElementsAre("spine"));
  // Done ends the mask editing.
  ASSERT_TRUE(h_.click(tree_.rects, "mask_done"));
  h_.frames(2);
  EXPECT_TRUE(sel_.mask_layer.empty());
  EXPECT_EQ(tree_.rects.find("mask:spine"), nullptr);
}

TEST_F(SetupPanelLayersTest, TheGraphEditsTheChosenLayersMachine) {
  ASSERT_TRUE(h_.click(panel_.rects, "add_layer"));
  h_.frames(2);
  ASSERT_TRUE(h_.click(panel_.rects, "tab:Graph"));
  h_.frames(2);
  ASSERT_TRUE(h_.choose(panel_.rects, "machine", "Layer Layer"));
  h_.frames(2);
  EXPECT_EQ(panel_.graph().machine, 1);
  // The layer's one state is drawn, the base's is not.
  EXPECT_NE(panel_.graph().rects.find("node:Default"), nullptr);
  EXPECT_EQ(panel_.graph().rects.find("node:Walk"), nullptr);

  // A double-click on empty graph space adds a state to the layer, not to the base.
  const ItemRect* graph = panel_.graph().rects.find("graph");
  ASSERT_NE(graph, nullptr);
  // Bottom right, away from the layer's one box wherever the graph frames it.
  h_.click_at(ImVec2(graph->max.x - 60.0f, graph->max.y - 40.0f), 2);
  h_.frames(2);
  ASSERT_EQ(current().layers[0].states.size(), 2u);
  EXPECT_EQ(current().states.size(), 1u);
  const std::string added = current().layers[0].states[1].name;
  EXPECT_NE(panel_.graph().rects.find("node:" + added), nullptr);
  const std::string label = doc_.setup_history().undo_label();
  EXPECT_EQ(label, "add state " + added + " (layer Layer)");
  // Its place is kept with the layer's, apart from the base's boxes.
  EXPECT_TRUE(current().editor["layers"]["Layer"]["nodes"].contains(added));
  EXPECT_FALSE(current().editor.contains("nodes") && current().editor["nodes"].contains(added));

  // Undo takes it out of the layer; back on the base the graph shows the base's state.
  ASSERT_TRUE(doc_.undo_setup_edit());
  EXPECT_EQ(current().layers[0].states.size(), 1u);
  ASSERT_TRUE(h_.choose(panel_.rects, "machine", "Base"));
  h_.frames(2);
  EXPECT_NE(panel_.graph().rects.find("node:Walk"), nullptr);
}

}  // namespace
}  // namespace anim::ui
