// The viewport's keys (F frames the model, R toggles the rotate gizmo, 1-5 pick the shading)
// work wherever the focus is, as the timeline's do, except in a text field, with Ctrl held, or
// under a popup. Headless ImGui; the view draws through a renderer that makes no image.
#include <gtest/gtest.h>

#include <SDL_scancode.h>

#include "anim/demo/demo_model.h"
#include "anim/ui/model/document.h"
#include "gui/viewport_panel.h"
#include "support/imgui_harness.h"

namespace anim::app {
namespace {

using ui::testing::ImGuiHarness;

class NoImage final : public ViewRenderer {
 public:
  unsigned draw(const FrameInputs&, const ui::ViewportSettings&, int, int) override {
    ++frames;
    return 0;
  }
  int frames = 0;
};

class ViewportKeysTest : public ::testing::Test {
 protected:
  ViewportKeysTest() : doc_(demo::make_demo_model(), "builtin:demo") {
    // The viewport in the harness's window, and beside it another window with a text field.
    h_.set_draw([this] {
      ui::testing::draw_panel(viewport_, doc_, selection_, renderer_);
      ImGui::SetNextWindowPos(ImVec2(960, 40), ImGuiCond_Always);
      ImGui::SetNextWindowSize(ImVec2(300, 200), ImGuiCond_Always);
      ImGui::Begin("Other");
      ImGui::InputText("name", name_, sizeof name_);
      const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
      field_ = ImVec2(0.5f * (lo.x + hi.x), 0.5f * (lo.y + hi.y));
      if (open_popup_) ImGui::OpenPopup("popup");
      if (ImGui::BeginPopupModal("popup")) ImGui::EndPopup();
      ImGui::End();
    });
    h_.frames(2);
  }

  ImGuiHarness h_;
  ui::Document doc_;
  ui::Selection selection_;
  ViewportPanel viewport_;
  NoImage renderer_;
  char name_[32] = "";
  ImVec2 field_;  // The text field's centre.
  bool open_popup_ = false;
};

TEST_F(ViewportKeysTest, KeysWorkWhileAnotherWindowHasTheFocus) {
  ImGui::SetWindowFocus("Other");
  h_.frames(1);
  ASSERT_GT(renderer_.frames, 0);
  const ui::ViewportSettings& s = viewport_.settings;
  const bool gizmo = s.show_rotate_gizmo;
  h_.press(SDL_SCANCODE_R);
  EXPECT_NE(s.show_rotate_gizmo, gizmo);
  h_.press(SDL_SCANCODE_2);
  EXPECT_EQ(s.shading, static_cast<ui::Shading>(1));
  h_.press(SDL_SCANCODE_5);
  EXPECT_EQ(s.shading, static_cast<ui::Shading>(4));
  h_.press(SDL_SCANCODE_1);
  EXPECT_EQ(s.shading, static_cast<ui::Shading>(0));
}

TEST_F(ViewportKeysTest, NotWhileTypingWithCtrlOrUnderAPopup) {
  const ui::ViewportSettings& s = viewport_.settings;
  const bool gizmo = s.show_rotate_gizmo;
  // Typing in the text field: the keys are letters and digits there.
  h_.click_at(field_);
  ASSERT_TRUE(ImGui::GetIO().WantTextInput);
  h_.press(SDL_SCANCODE_R);
  h_.press(SDL_SCANCODE_2);
  EXPECT_EQ(s.show_rotate_gizmo, gizmo);
  EXPECT_EQ(s.shading, static_cast<ui::Shading>(0));
  h_.click_empty();  // Leaves the field.
  ASSERT_FALSE(ImGui::GetIO().WantTextInput);
  h_.press(SDL_SCANCODE_2);  // The keys work again.
  EXPECT_EQ(s.shading, static_cast<ui::Shading>(1));
  h_.press(SDL_SCANCODE_1);
  // With Ctrl held.
  ImGuiIO& io = ImGui::GetIO();
  io.KeyCtrl = true;
  h_.press(SDL_SCANCODE_R);
  io.KeyCtrl = false;
  EXPECT_EQ(s.show_rotate_gizmo, gizmo);
  // Under a modal popup.
  open_popup_ = true;
  h_.frames(2);
  h_.press(SDL_SCANCODE_R);
  h_.press(SDL_SCANCODE_4);
  EXPECT_EQ(s.show_rotate_gizmo, gizmo);
  EXPECT_EQ(s.shading, static_cast<ui::Shading>(0));
}

TEST_F(ViewportKeysTest, FLeavesTheModelAloneWhileAnotherPanelTakesIt) {
  // The state graph under the mouse takes F to frame itself (the tool sets frame_key_taken).
  viewport_.camera.distance = 123.0f;
  viewport_.frame_key_taken = true;
  h_.press(SDL_SCANCODE_F);
  EXPECT_EQ(viewport_.camera.distance, 123.0f);
  viewport_.frame_key_taken = false;
  h_.press(SDL_SCANCODE_F);
  EXPECT_NE(viewport_.camera.distance, 123.0f) << "framed the model";
}

}  // namespace
}  // namespace anim::app
