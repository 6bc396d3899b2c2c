#pragma once
// The 3D view inside an ImGui window: renders the document's pose into a texture, shows it,
// and turns mouse input into camera moves and joint picks.
#include "anim/ui/document.h"
#include "anim/ui/orbit_camera.h"
#include "anim/ui/selection.h"
#include "anim/ui/viewport_settings.h"
#include "render/render_target.h"
#include "render/scene_renderer.h"

namespace anim::app {

class ViewportPanel {
 public:
  // Draws inside the current window: a toolbar, then the view filling the rest.
  void draw(ui::Document& doc, ui::Selection& selection, SceneRenderer& renderer);
  // Places the camera around the document's current pose (key F, and on load).
  void frame_model(const ui::Document& doc);

  ui::ViewportSettings settings;
  ui::OrbitCamera camera;

 private:
  void toolbar(ui::Document& doc);
  void handle_input(ui::Document& doc, ui::Selection& selection, const glm::vec2& origin,
                    const glm::vec2& size);
  // Model space to clip space for a view of `size` pixels (display turn, camera).
  glm::mat4 model_to_screen(const glm::vec2& size) const;
  void draw_labels(const ui::Document& doc, const ui::Selection& selection, const glm::vec2& origin,
                   const glm::vec2& size) const;
  RenderTarget target_;
  ui::Bounds ground_;    // Bounds at the last framing: the grid stays put while the model moves.
  float aspect_ = 1.5f;  // Width / height of the last drawn view, for framing.
  bool dragging_ = false;
};

}  // namespace anim::app
