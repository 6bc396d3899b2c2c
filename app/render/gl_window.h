#pragma once
// An SDL2 window with an OpenGL 4.5 core context, loaded through glad.
#include <memory>
#include <string>

#include "anim/result.h"

struct SDL_Window;

namespace anim::app {

// The smallest window the tool's workspaces are laid out for (window_layout.h): a shown window
// cannot be made smaller.
constexpr int kMinWindowWidth = 1024;
constexpr int kMinWindowHeight = 640;

class GlWindow {
 public:
  struct Options {
    std::string title = "animscope";
    int width = 1280;  // A shown window is made smaller to fit the screen.
    int height = 800;
    bool hidden = false;  // Offscreen work (render command, tests) still needs a context.
    bool vsync = true;
  };

  // Creates the window and context and loads GL. The Error says what failed (no display,
  // no GL 4.5, ...).
  static Result<std::unique_ptr<GlWindow>> create(const Options& options);
  ~GlWindow();
  GlWindow(const GlWindow&) = delete;
  GlWindow& operator=(const GlWindow&) = delete;

  SDL_Window* sdl() const { return window_; }
  void* context() const { return context_; }
  void swap();
  void set_title(const std::string& title);  // Only calls SDL when it changed.
  // Size of the drawable in pixels (differs from the window size on high-DPI screens).
  void drawable_size(int* width, int* height) const;
  std::string renderer_name() const;

 private:
  GlWindow() = default;
  std::string title_;
  SDL_Window* window_ = nullptr;
  void* context_ = nullptr;
};

}  // namespace anim::app
