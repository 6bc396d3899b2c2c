#include "render/render_target.h"

#include <glad/gl.h>

namespace anim::app {

RenderTarget::~RenderTarget() { release(); }

void RenderTarget::release() {
  // Nothing made yet needs no GL context (a Tool built and dropped without a window).
  if ((msaa_fbo_ | msaa_color_ | msaa_depth_ | fbo_ | color_texture_ | depth_) == 0) return;
  glDeleteFramebuffers(1, &msaa_fbo_);
  glDeleteRenderbuffers(1, &msaa_color_);
  glDeleteRenderbuffers(1, &msaa_depth_);
  glDeleteFramebuffers(1, &fbo_);
  glDeleteTextures(1, &color_texture_);
  glDeleteRenderbuffers(1, &depth_);
  msaa_fbo_ = msaa_color_ = msaa_depth_ = fbo_ = color_texture_ = depth_ = 0;
}

void RenderTarget::resize(int width, int height, int samples) {
  width = width < 1 ? 1 : width;
  height = height < 1 ? 1 : height;
  if (width == width_ && height == height_ && samples == samples_ && fbo_) return;
  release();
  width_ = width;
  height_ = height;
  samples_ = samples;
  glCreateTextures(GL_TEXTURE_2D, 1, &color_texture_);
  glTextureStorage2D(color_texture_, 1, GL_RGBA8, width, height);
  glTextureParameteri(color_texture_, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTextureParameteri(color_texture_, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glCreateRenderbuffers(1, &depth_);
  glNamedRenderbufferStorage(depth_, GL_DEPTH_COMPONENT24, width, height);
  glCreateFramebuffers(1, &fbo_);
  glNamedFramebufferTexture(fbo_, GL_COLOR_ATTACHMENT0, color_texture_, 0);
  glNamedFramebufferRenderbuffer(fbo_, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_);
  if (samples > 1) {
    glCreateRenderbuffers(1, &msaa_color_);
    glNamedRenderbufferStorageMultisample(msaa_color_, samples, GL_RGBA8, width, height);
    glCreateRenderbuffers(1, &msaa_depth_);
    glNamedRenderbufferStorageMultisample(msaa_depth_, samples, GL_DEPTH_COMPONENT24, width,
                                          height);
    glCreateFramebuffers(1, &msaa_fbo_);
    glNamedFramebufferRenderbuffer(msaa_fbo_, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, msaa_color_);
    glNamedFramebufferRenderbuffer(msaa_fbo_, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, msaa_depth_);
    if (glCheckNamedFramebufferStatus(msaa_fbo_, GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      // No multisampling here: draw straight into the texture.
      glDeleteFramebuffers(1, &msaa_fbo_);
      msaa_fbo_ = 0;
    }
  }
}

void RenderTarget::bind() const {
  glBindFramebuffer(GL_FRAMEBUFFER, msaa_fbo_ ? msaa_fbo_ : fbo_);
  glViewport(0, 0, width_, height_);
}

void RenderTarget::resolve() const {
  if (msaa_fbo_) {
    glBlitNamedFramebuffer(msaa_fbo_, fbo_, 0, 0, width_, height_, 0, 0, width_, height_,
                           GL_COLOR_BUFFER_BIT, GL_NEAREST);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

std::vector<uint8_t> RenderTarget::read_pixels() const {
  std::vector<uint8_t> pixels(static_cast<std::size_t>(width_) * height_ * 4);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  // GL's first row is the bottom one.
  const std::size_t row = static_cast<std::size_t>(width_) * 4;
  for (int y = 0; y < height_ / 2; ++y) {
    std::swap_ranges(pixels.begin() + y * row, pixels.begin() + (y + 1) * row,
                     pixels.begin() + (height_ - 1 - y) * row);
  }
  return pixels;
}

}  // namespace anim::app
