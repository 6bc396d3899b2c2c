#pragma once
// The desktop tool: window, main loop, menus, panel layout, loading and error dialogs.
#include <string>

namespace anim::app {

struct GuiOptions {
  std::string open_path;        // Model, setup .json or "builtin:demo"; empty: the demo.
  std::string screenshot_path;  // When set, save the window after `frames` frames and quit.
  int frames = 0;               // 0: run until the user quits.
  int width = 1280, height = 800;
};

// Runs the tool; returns the process exit code.
int run_gui(const GuiOptions& options);

}  // namespace anim::app
