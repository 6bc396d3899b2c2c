// The Inspector's section on the vertex picked with Alt+click, driven through headless ImGui:
// its kept influences by joint, the weight the four-influence limit cut, selecting a joint from
// it, clearing it, and a stale index from another model.
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>

#include "anim/model.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/views/animate/inspector_panel.h"
#include "support/imgui_harness.h"
#include "support/meshes.h"
#include "support/rigs.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

// Joints root, arm, hand; vertex 0 is all root's, vertex 1 is hand 0.9 and root 0.1 after a
// fifth of its weight was cut, vertex 2 is arm's through two skin entries.
Model model_with_cut_vertex() {
  Model model = ModelOf("test://cut", Rig({"root", "arm", "hand"}, {-1, 0, 1}));
  model.skin.joints = {0, 1, 1, 2};
  model.skin.inverse_bind.assign(4, glm::mat4(1.0f));
  auto vertex = [](std::vector<std::pair<uint16_t, float>> influences, float truncated) {
    return SkinnedVertex(glm::vec3(0.0f), influences, truncated);
  };
  model.mesh.vertices = {vertex({{0, 1.0f}}, 0.0f), vertex({{3, 0.9f}, {0, 0.1f}}, 0.2f),
                         vertex({{1, 0.5f}, {2, 0.5f}}, 0.0f)};
  return model;
}

TEST(InspectorVertex, ListsTheKeptJointsAndSelectsOne) {
  testing::ImGuiHarness h;
  Document doc(model_with_cut_vertex(), "test://cut");
  Selection sel;
  InspectorPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  EXPECT_EQ(panel.rects.find("clear_vertex"), nullptr);  // No vertex picked.
  sel.vertex = 1;
  h.frames(2);
  EXPECT_NE(panel.rects.find("influence:hand"), nullptr);
  EXPECT_NE(panel.rects.find("influence:root"), nullptr);
  EXPECT_EQ(panel.rects.find("influence:arm"), nullptr);
  ASSERT_TRUE(h.click(panel.rects, "influence:hand"));
  EXPECT_EQ(sel.joint, 2);
  EXPECT_EQ(sel.vertex, 1);  // Still shown beside the joint.
  h.frames(1);
  EXPECT_NE(panel.rects.find("influence:hand"), nullptr);
  // Two skin entries of one joint are one row.
  sel.vertex = 2;
  h.frames(2);
  EXPECT_NE(panel.rects.find("influence:arm"), nullptr);
  EXPECT_EQ(panel.rects.find("influence:root"), nullptr);
  ASSERT_TRUE(h.click(panel.rects, "clear_vertex"));
  EXPECT_EQ(sel.vertex, -1);
  h.frames(1);
  EXPECT_EQ(panel.rects.find("influence:arm"), nullptr);
}

TEST(InspectorVertex, AStaleVertexShowsNothingAndDoesNotCrash) {
  testing::ImGuiHarness h;
  Document doc(model_with_cut_vertex(), "test://cut");
  Selection sel;
  sel.vertex = 40;  // From a bigger model.
  InspectorPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  EXPECT_NE(panel.rects.find("clear_vertex"), nullptr);
  EXPECT_EQ(panel.rects.find("influence:root"), nullptr);
}

}  // namespace
}  // namespace anim::ui
