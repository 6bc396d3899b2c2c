#pragma once
// ImGui draw lists over an offscreen image, for `render`: it has no UI, but its legend and labels
// are drawn by the same code as the tool's viewport (anim/ui/views/animate/viewport_overlay.h).
// Owns an ImGui context of its own and ImGui's OpenGL backend; needs the GL context current from
// create() to destruction.
#include <functional>
#include <memory>

#include <imgui.h>

namespace anim::app {

class OverlayPass {
 public:
  static std::unique_ptr<OverlayPass> create();
  ~OverlayPass();
  OverlayPass(const OverlayPass&) = delete;
  OverlayPass& operator=(const OverlayPass&) = delete;

  // Runs `content` on a draw list covering `width` x `height` pixels (origin top-left) and draws
  // it into the bound framebuffer.
  void draw(int width, int height, const std::function<void(ImDrawList*)>& content);

 private:
  OverlayPass() = default;
  ImGuiContext* context_ = nullptr;
  ImGuiContext* previous_ = nullptr;
};

}  // namespace anim::app
