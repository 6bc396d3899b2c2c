// Alt held over the viewport previews the vertex under the mouse and Alt+click picks it (view state
// in the Selection, not an edit); a plain click still picks joints and leaves the vertex alone;
// Alt+click on empty space forgets it. Headless ImGui; the view draws through a renderer that makes
// no image.
#include <gtest/gtest.h>

#include "anim/demo/demo_model.h"
#include "anim/ui/model/document.h"
#include "gui/viewport_panel.h"
#include "support/imgui_harness.h"

namespace anim::app {
namespace {

class NoImage final : public ViewRenderer {
 public:
  unsigned draw(const FrameInputs&, const ui::ViewportSettings&, int, int) override { return 0; }
};

TEST(ViewportVertex, AltClickPicksAVertexAndEmptySpaceForgetsIt) {
  ui::testing::ImGuiHarness h;  // A 900x600 window at (10, 10).
  ui::Document doc(demo::make_demo_model(), "builtin:demo");
  ui::Selection selection;
  ViewportPanel viewport;
  NoImage renderer;
  h.set_draw([&] { ui::testing::draw_panel(viewport, doc, selection, renderer); });
  h.frames(2);
  viewport.frame_model(doc);  // The figure stands in the middle of the view.
  h.frames(1);
  const ImVec2 body(460.0f, 330.0f), empty(40.0f, 560.0f);
  // Hovering with Alt held shows which vertex a click would pick; without Alt, none.
  h.mouse_to(body);
  EXPECT_EQ(viewport.alt_hover_vertex(), -1);
  ImGui::GetIO().KeyAlt = true;
  h.mouse_to(body);
  const int previewed = viewport.alt_hover_vertex();
  EXPECT_GE(previewed, 0);
  h.click_at(body);
  ImGui::GetIO().KeyAlt = false;
  const int picked = selection.vertex;
  ASSERT_GE(picked, 0);
  EXPECT_EQ(picked, previewed);
  EXPECT_LT(static_cast<std::size_t>(picked), doc.model().mesh.vertices.size());
  // A plain click elsewhere deals with joints only.
  h.click_at(empty);
  EXPECT_EQ(selection.vertex, picked);
  ImGui::GetIO().KeyAlt = true;
  h.mouse_to(empty);
  EXPECT_EQ(viewport.alt_hover_vertex(), -1);  // Nothing there to pick.
  h.click_at(empty);
  ImGui::GetIO().KeyAlt = false;
  EXPECT_EQ(selection.vertex, -1);
}

}  // namespace
}  // namespace anim::app
