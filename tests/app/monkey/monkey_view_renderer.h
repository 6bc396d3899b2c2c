#pragma once
// The viewport's renderer in the monkey: the tool's GL renderer (llvmpipe, tens of milliseconds
// a draw) on the frames the monkey asks for, the last image otherwise; on every frame it checks
// what the viewport hands it (model, pose, camera and image size in range and finite).
#include <string>

#include "render/view_renderer.h"

namespace anim::app::monkey {

class MonkeyViewRenderer final : public ViewRenderer {
 public:
  explicit MonkeyViewRenderer(SceneRenderer& scene) : gl_(scene) {}

  // Whether the next draw() calls reach OpenGL.
  void set_drawing(bool drawing) { drawing_ = drawing; }
  unsigned draw(const FrameInputs& frame, const ui::ViewportSettings& settings, int width,
                int height) override;
  // What was wrong with the inputs since the last call, one problem a line; then forgets it.
  std::string take_problems();

 private:
  GlViewRenderer gl_;
  bool drawing_ = true;
  unsigned image_ = 0;
  std::string problems_;
};

}  // namespace anim::app::monkey
