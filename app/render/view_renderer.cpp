#include "render/view_renderer.h"

namespace anim::app {

unsigned GlViewRenderer::draw(const FrameInputs& frame, const ui::ViewportSettings& settings,
                              int width, int height) {
  target_.resize(width, height);
  target_.bind();
  scene_.draw(frame, settings);
  target_.resolve();
  return target_.texture();
}

}  // namespace anim::app
