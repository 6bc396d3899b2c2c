// The viewport panel's overlays, headless: what it asks the document to evaluate, what it hands
// the renderer (ghosts, onion frames, trails), the follow camera and whole-clip framing. The
// model's root slides along x at 2 units per second, so every expectation is worked out by hand.
#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/ui/model/document.h"
#include "gui/overlay_menu.h"
#include "gui/viewport_panel.h"
#include "support/imgui_harness.h"
#include "support/meshes.h"
#include "support/rigs.h"

namespace anim::app {
namespace {

using namespace ::anim::testutil;

using ui::testing::ImGuiHarness;
constexpr float kTol = 1e-3f;

// What the renderer was given last.
class Capture final : public ViewRenderer {
 public:
  unsigned draw(const FrameInputs& frame, const ui::ViewportSettings& settings, int, int) override {
    ghosts_active = frame.ghosts && frame.ghosts->active;
    onion = frame.onion.size();
    joint_trail = frame.joint_trail ? frame.joint_trail->points().size() : 0;
    root_trail = frame.root_trail ? frame.root_trail->points().size() : 0;
    target = frame.camera.target;
    shows_ghosts = settings.show_ghosts;
    return 0;
  }
  bool ghosts_active = false, shows_ghosts = false;
  std::size_t onion = 0, joint_trail = 0, root_trail = 0;
  glm::vec3 target{0.0f};
};

// root -> hip (1 up), the hip skinned. "Slide" (1 s): the root's x == 2 t. "Still" (1 s): at 0.
Model sliding_model() {
  Model model = ModelOf("test://sliding", ChainRig({"root", "hip"}));
  model.skin.joints = {1};
  model.skin.inverse_bind = {glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, -1.0f, 0.0f))};
  const Vertex v = SkinnedVertex(glm::vec3(0.0f, 1.0f, 0.0f), {{0, 1.0f}});
  SetMesh(model, {v, v, v}, {0, 1, 2}, "tri");
  model.max_influences = 1;
  ClipBuilder slide("Slide", 1.0f, 2);
  slide.add_translation(0, 0.0f, glm::vec3(0.0f));
  slide.add_translation(0, 1.0f, glm::vec3(2.0f, 0.0f, 0.0f));
  ClipBuilder still("Still", 1.0f, 2);
  still.add_translation(0, 0.0f, glm::vec3(0.0f));
  model.clips = {slide.build(), still.build()};
  return model;
}

class ViewportOverlaysTest : public ::testing::Test {
 protected:
  ViewportOverlaysTest() : doc_(sliding_model(), "test://sliding") {
    doc_.play_clip(0);
    doc_.set_playing(false);
    h_.set_draw([this] { ui::testing::draw_panel(viewport_, doc_, selection_, renderer_); });
    h_.frames(2);
  }
  // One tool frame: the request from the view settings, playback, then the panel.
  void frame(float dt) {
    doc_.set_overlay_request(viewport_.overlay_request());
    doc_.update(dt);
    h_.frame();
  }

  ImGuiHarness h_;
  ui::Document doc_;
  ui::Selection selection_;
  ViewportPanel viewport_;
  Capture renderer_;
};

TEST_F(ViewportOverlaysTest, GhostsReachTheRendererOnlyWhenAskedAndWhileFading) {
  CrossfadeOptions fade;
  fade.seconds = 1.0f;
  doc_.crossfade_to(1, fade);
  frame(0.1f);
  EXPECT_FALSE(renderer_.ghosts_active);
  viewport_.settings.show_ghosts = true;
  frame(0.1f);
  EXPECT_TRUE(renderer_.shows_ghosts);
  EXPECT_TRUE(renderer_.ghosts_active);
  frame(1.0f);
  EXPECT_FALSE(renderer_.ghosts_active) << "the fade is over";
}

TEST_F(ViewportOverlaysTest, OnionFramesFollowTheSettings) {
  viewport_.settings.onion_frames = 2;
  viewport_.settings.onion_step_frames = 3;
  const ui::OverlayRequest request = viewport_.overlay_request();
  EXPECT_EQ(request.onion_frames, 2);
  EXPECT_NEAR(request.onion_step, 0.1f, 1e-6f);  // Three frames of 1/30 s.
  frame(0.0f);
  EXPECT_EQ(renderer_.onion, 4u);
  viewport_.settings.onion_frames = 0;
  frame(0.0f);
  EXPECT_EQ(renderer_.onion, 0u);
}

TEST_F(ViewportOverlaysTest, TrailsGrowWhilePlayingAndHoldWhilePaused) {
  viewport_.settings.trail_seconds = 1.0f;
  selection_.joint = 1;
  doc_.set_playing(true);
  for (int i = 0; i < 10; ++i) frame(1.0f / 60.0f);
  EXPECT_EQ(renderer_.root_trail, 10u);  // The harness's frames are 1/60 s apart.
  EXPECT_EQ(renderer_.joint_trail, 10u);
  doc_.set_playing(false);
  for (int i = 0; i < 5; ++i) frame(1.0f / 60.0f);
  EXPECT_EQ(renderer_.root_trail, 10u);
  viewport_.settings.trail_seconds = 0.0f;
  frame(0.0f);
  EXPECT_EQ(renderer_.root_trail, 0u);
}

TEST_F(ViewportOverlaysTest, FollowCameraKeepsTheRootInTheMiddle) {
  viewport_.settings.follow_root = true;
  viewport_.camera.target = glm::vec3(5.0f, 0.75f, 5.0f);
  doc_.seek(0.25f);  // The hip at (0.5, 1, 0).
  frame(0.0f);
  EXPECT_NEAR(viewport_.camera.target.x, 0.5f, kTol);
  EXPECT_NEAR(viewport_.camera.target.y, 0.75f, kTol);
  EXPECT_NEAR(viewport_.camera.target.z, 0.0f, kTol);
  doc_.seek(0.5f);  // The hip at (1, 1, 0).
  frame(0.0f);
  EXPECT_NEAR(viewport_.camera.target.x, 1.0f, kTol);
  EXPECT_NEAR(renderer_.target.x, 1.0f, kTol) << "the frame drawn uses it";
  viewport_.settings.follow_root = false;
  doc_.seek(0.75f);
  frame(0.0f);
  EXPECT_NEAR(viewport_.camera.target.x, 1.0f, kTol) << "off: the camera stays";
}

TEST_F(ViewportOverlaysTest, FramingTakesInTheWholeClip) {
  doc_.seek(0.0f);  // The hip at (0, 1, 0); over the clip it slides to (2, 1, 0).
  viewport_.frame_model(doc_);
  EXPECT_NEAR(viewport_.camera.target.x, 1.0f, kTol);
  EXPECT_NEAR(viewport_.camera.target.y, 1.0f, kTol);
}

// The View menu's overlay items, drawn in a plain window: clicking the first line (Ghosts) turns
// ghosts on; Ghost meshes (the second) takes no click while ghosts are off; values typed out
// of range are brought back.
TEST(OverlayMenu, ItemsToggleTheSettingsAndKeepThemInRange) {
  ImGuiHarness h;
  ui::ViewportSettings settings;
  ImVec2 first{0.0f, 0.0f};
  float line = 0.0f;
  h.set_draw([&] {
    ImGui::SetNextWindowPos(ImVec2(20, 20), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(400, 300), ImGuiCond_Always);
    ImGui::Begin("Menu");
    first = ImGui::GetCursorScreenPos();
    line = ImGui::GetTextLineHeight() + ImGui::GetStyle().ItemSpacing.y;
    overlay_menu_items(settings);
    ImGui::End();
  });
  h.frames(2);
  const ImVec2 ghosts(first.x + 20.0f, first.y + 0.4f * line);
  const ImVec2 meshes(first.x + 20.0f, first.y + 1.4f * line);
  h.click_at(meshes);
  EXPECT_FALSE(settings.ghost_meshes) << "disabled while ghosts are off";
  h.click_at(ghosts);
  EXPECT_TRUE(settings.show_ghosts);
  h.click_at(meshes);
  EXPECT_TRUE(settings.ghost_meshes);
  h.click_at(ghosts);
  EXPECT_FALSE(settings.show_ghosts);
  settings.onion_frames = 50;
  settings.onion_step_frames = 0;
  settings.trail_seconds = -3.0f;
  h.frames(1);
  EXPECT_EQ(settings.onion_frames, ui::ViewportSettings::kMaxOnionFrames);
  EXPECT_EQ(settings.onion_step_frames, 1);
  EXPECT_EQ(settings.trail_seconds, 0.0f);
}

}  // namespace
}  // namespace anim::app
