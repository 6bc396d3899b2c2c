// animscope-import: the part of animscope that links assimp.
// - `animscope-import __import FILE`: the import child (process/import_child.h), started by
//   the CLI and the tool for every model and clip file they read.
// - Anything else: the CLI with assimp in this process, which `animscope --in-process ...` execs
//   (for debugging the importer); the tool and `render` still go to animscope-gui, which honours
//   --in-process itself.
#include <cstring>
#include <iostream>
#include <optional>
#include <vector>

#include "anim/import/import_model.h"
#include "cli/errors.h"
#include "cli/gui_handoff.h"
#include "commands/commands.h"
#include "loading/import_options.h"
#include "process/import_child.h"

int main(int argc, char** argv) {
  if (argc >= 2 && !std::strcmp(argv[1], anim::app::kImportChildCommand)) {
    return anim::app::run_import_child(argc, argv);
  }
  std::vector<const char*> args(argv, argv + argc);
  anim::Result<anim::app::ImportOptions> options = anim::app::take_import_options(args);
  if (!options.ok()) {
    anim::app::print_error(std::cerr, options.error());
    return anim::app::kExitError;
  }
  options.value().in_process = true;
  anim::app::apply_import_options(options.value(), anim::import::import_model);
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
