#include "render/gl_window.h"

#include <algorithm>

#include <SDL.h>
#include <glad/gl.h>

namespace anim::app {
namespace {

Error sdl_error(const std::string& what) {
  return Error{Error::Code::kIo, what + ": " + SDL_GetError(), ""};
}

}  // namespace

Result<std::unique_ptr<GlWindow>> GlWindow::create(const Options& options) {
  // SDL would catch SIGINT and SIGTERM and turn them into an SDL_QUIT event: `render`, which
  // reads no events, could then not be stopped, and the tool handles them itself
  // (exit_signals.h).
  SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
  if (SDL_WasInit(SDL_INIT_VIDEO) == 0 && SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
    return sdl_error("cannot start SDL video (is there a display? try xvfb-run)");
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 4);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 5);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8);
  Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_ALLOW_HIGHDPI;
  flags |= options.hidden ? SDL_WINDOW_HIDDEN : SDL_WINDOW_RESIZABLE;
  // A shown window fits the screen (its usable part), and cannot be made smaller than the size
  // every workspace is laid out for.
  int width = options.width, height = options.height;
  SDL_Rect usable;
  if (!options.hidden && SDL_GetDisplayUsableBounds(0, &usable) == 0 && usable.w > 0 &&
      usable.h > 0) {
    width = std::min(width, usable.w);
    height = std::min(height, usable.h);
  }
  std::unique_ptr<GlWindow> w(new GlWindow());
  w->window_ = SDL_CreateWindow(options.title.c_str(), SDL_WINDOWPOS_CENTERED,
                                SDL_WINDOWPOS_CENTERED, width, height, flags);
  if (!w->window_) return sdl_error("cannot create a window");
  if (!options.hidden) SDL_SetWindowMinimumSize(w->window_, kMinWindowWidth, kMinWindowHeight);
  w->context_ = SDL_GL_CreateContext(w->window_);
  if (!w->context_) return sdl_error("cannot create an OpenGL 4.5 core context");
  SDL_GL_MakeCurrent(w->window_, w->context_);
  const int version = gladLoadGL(reinterpret_cast<GLADloadfunc>(SDL_GL_GetProcAddress));
  if (version == 0 || GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version) < 45) {
    return Error{Error::Code::kIo, "OpenGL 4.5 core is not available", ""};
  }
  SDL_GL_SetSwapInterval(options.vsync ? 1 : 0);
  return w;
}

GlWindow::~GlWindow() {
  if (context_) SDL_GL_DeleteContext(context_);
  if (window_) SDL_DestroyWindow(window_);
}

void GlWindow::swap() { SDL_GL_SwapWindow(window_); }

void GlWindow::set_title(const std::string& title) {
  if (title == title_) return;
  title_ = title;
  SDL_SetWindowTitle(window_, title.c_str());
}

void GlWindow::drawable_size(int* width, int* height) const {
  SDL_GL_GetDrawableSize(window_, width, height);
}

std::string GlWindow::renderer_name() const {
  const GLubyte* name = glGetString(GL_RENDERER);
  return name ? reinterpret_cast<const char*>(name) : "unknown";
}

}  // namespace anim::app
