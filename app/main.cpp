// animscope: the command line users type. Headless commands (info, pose, validate, play, fmt,
// pack, help) run here without SDL, OpenGL or assimp, so they start fast and work with no
// display; model files are imported by the animscope-import child. The desktop tool and `render`
// are handed to animscope-gui beside this executable, and everything run with --in-process to
// animscope-import, which has assimp in-process.
#include <iostream>
#include <optional>
#include <vector>

#include "cli/errors.h"
#include "cli/gui_handoff.h"
#include "commands/commands.h"
#include "loading/import_options.h"

int main(int argc, char** argv) {
  std::vector<const char*> args(argv, argv + argc);
  const anim::Result<anim::app::ImportOptions> options = anim::app::take_import_options(args);
  if (!options.ok()) {
    anim::app::print_error(std::cerr, options.error());
    return anim::app::kExitError;
  }
  if (options.value().in_process) {
    return anim::app::exec_sibling(ANIMSCOPE_IMPORT_EXECUTABLE, "--in-process runs there", argv,
                                   std::cerr);
  }
  anim::app::apply_import_options(options.value());
  if (anim::app::is_headless_command(static_cast<int>(args.size()), args.data())) {
    return anim::app::run_cli(static_cast<int>(args.size()), args.data(), std::cout, std::cerr);
  }
  // The tool's and render's arguments are checked here first: --help and a mistyped option
  // need no display.
  if (std::optional<int> done = anim::app::check_gui_arguments(static_cast<int>(args.size()),
                                                               args.data(), std::cout, std::cerr)) {
    return *done;
  }
  return anim::app::exec_gui(argv, std::cerr);
}
