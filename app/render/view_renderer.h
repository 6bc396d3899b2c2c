#pragma once
// What the viewport panel draws its scene with. The tool's is the GL scene renderer into an
// offscreen target; a test may stand in for it (draw only some frames, check what it is given).
#include "anim/ui/scene/viewport_settings.h"
#include "render/render_target.h"
#include "render/scene_renderer.h"

namespace anim::app {

class ViewRenderer {
 public:
  virtual ~ViewRenderer() = default;
  // Draws `frame` as `settings` say into an image of `width` x `height` pixels (each at least 1)
  // and returns its GL texture name, for ImGui::Image; 0 when there is no image.
  virtual unsigned draw(const FrameInputs& frame, const ui::ViewportSettings& settings, int width,
                        int height) = 0;
};

// SceneRenderer into a multisampled RenderTarget that follows the view's size. Needs the GL
// context current from construction to destruction.
class GlViewRenderer final : public ViewRenderer {
 public:
  explicit GlViewRenderer(SceneRenderer& scene) : scene_(scene) {}
  unsigned draw(const FrameInputs& frame, const ui::ViewportSettings& settings, int width,
                int height) override;

 private:
  SceneRenderer& scene_;
  RenderTarget target_;
};

}  // namespace anim::app
