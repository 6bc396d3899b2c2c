#pragma once
// An offscreen framebuffer (colour texture + depth) the viewport and `render` draw into.
#include <cstdint>
#include <vector>

namespace anim::app {

class RenderTarget {
 public:
  RenderTarget() = default;
  ~RenderTarget();
  RenderTarget(const RenderTarget&) = delete;
  RenderTarget& operator=(const RenderTarget&) = delete;

  // (Re)creates the buffers when the size changed. Multisampled when `samples` > 1, resolved
  // into the colour texture by resolve().
  void resize(int width, int height, int samples = 4);
  void bind() const;  // Binds for drawing and sets the viewport.
  void resolve() const;
  unsigned texture() const { return color_texture_; }
  int width() const { return width_; }
  int height() const { return height_; }
  // RGBA8 pixels of the resolved image, top row first.
  std::vector<uint8_t> read_pixels() const;

 private:
  void release();
  int width_ = 0, height_ = 0, samples_ = 0;
  unsigned msaa_fbo_ = 0, msaa_color_ = 0, msaa_depth_ = 0;
  unsigned fbo_ = 0, color_texture_ = 0, depth_ = 0;
};

}  // namespace anim::app
