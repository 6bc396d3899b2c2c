// animscope: the command line users type. Headless commands (info, pose, validate, play, fmt,
// help) run here without SDL or OpenGL, so they start fast and work with no display; the
// desktop tool and `render` are handed to animscope-gui beside this executable.
#include <iostream>

#include "cli/cli.h"
#include "cli/gui_handoff.h"

int main(int argc, char** argv) {
  if (anim::app::is_headless_command(argc, argv)) {
    return anim::app::run_cli(argc, argv, std::cout, std::cerr);
  }
  return anim::app::exec_gui(argv, std::cerr);
}
