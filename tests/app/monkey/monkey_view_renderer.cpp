#include "monkey/monkey_view_renderer.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

namespace anim::app::monkey {
namespace {

bool finite(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (!std::isfinite(m[c][r])) return false;
    }
  }
  return true;
}

bool all_finite(Span<const glm::mat4> matrices) {
  for (const glm::mat4& m : matrices) {
    if (!finite(m)) return false;
  }
  return true;
}

}  // namespace

unsigned MonkeyViewRenderer::draw(const FrameInputs& frame, const ui::ViewportSettings& settings,
                                  int width, int height) {
  std::ostringstream out;
  if (frame.model == nullptr) {
    out << "the viewport draws no model\n";
  } else {
    if (frame.joint_model.size() != frame.model->skeleton.joint_count()) {
      out << "the viewport draws " << frame.joint_model.size() << " joints of "
          << frame.model->skeleton.joint_count() << "\n";
    }
    if (frame.palette.size() != frame.model->skin.size()) {
      out << "the viewport draws a palette of " << frame.palette.size() << " for "
          << frame.model->skin.size() << " skin entries\n";
    }
  }
  if (!all_finite(frame.joint_model) || !all_finite(frame.palette)) {
    out << "the viewport draws non-finite joint or skinning matrices\n";
  }
  if (!std::isfinite(frame.aspect) || frame.aspect <= 0.0f) {
    out << "the viewport's aspect is " << frame.aspect << "\n";
  }
  if (!finite(frame.camera.view()) || !finite(frame.camera.projection(frame.aspect))) {
    out << "the viewport's camera is not finite (distance " << frame.camera.distance << ")\n";
  }
  if (width < 1 || height < 1 || width > 16384 || height > 16384) {
    out << "the viewport's image is " << width << " x " << height << "\n";
  }
  problems_ += out.str();
  // A quarter of the size: llvmpipe's time grows with the pixels, and the image is only shown.
  if (drawing_ || image_ == 0) {
    image_ = gl_.draw(frame, settings, std::max(1, width / 4), std::max(1, height / 4));
  }
  return image_;
}

std::string MonkeyViewRenderer::take_problems() { return std::exchange(problems_, {}); }

}  // namespace anim::app::monkey
