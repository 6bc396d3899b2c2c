#pragma once
// The animscope commands: `animscope COMMAND ...`. This is the headless half: nothing here links
// SDL or OpenGL, so `info`, `pose` and the rest start as fast as the loaders allow. Each command
// is a file here defining its options once with CLI11 (the pieces in cli/command_line.h), and so
// are `render`'s and the desktop tool's, so that `help` and bash completion know them all.
#include <iosfwd>
#include <memory>
#include <optional>

#include "cli/exit_codes.h"

namespace CLI {
class App;
}

namespace anim::app {

// Every subcommand has this shape: argv[1] is its name; results go to `out`, errors to `err`;
// returns an exit code of cli/exit_codes.h.
using CommandFn = int (*)(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

// Runs the headless subcommand (or `help`, `--help`, `completion`) named by argv[1]. A command
// that needs a display (`render`) is not run here: past its --help it is an error, since main
// hands it to animscope-gui first.
int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

// True when argv[1] is `help`/`--help`/`-h`, `completion` or a command that runs without a
// display; anything else (no argument, a model path, tool flags, `render`) belongs to
// animscope-gui.
bool is_headless_command(int argc, const char* const* argv);

// What animscope-gui will parse (the tool's options, or `render`'s), parsed here first with the
// same definitions: nothing when it may be handed over; otherwise the exit code after printing
// the help (kExitOk) or the problem and the usage (kExitError). So `animscope render --help` and
// a mistyped option need no display.
std::optional<int> check_gui_arguments(int argc, const char* const* argv, std::ostream& out,
                                       std::ostream& err);

// Adds the list of commands, each with its usage, to the help of `tool` (the tool's own options,
// which `animscope --help` shows).
void add_command_list(CLI::App& tool);

// The headless commands, one file each (cmd_NAME.cpp); listed in commands.cpp.
int cmd_info(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_pose(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_validate(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_pack(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_play(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_fmt(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_markers(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_attach(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

// Their command lines (options, --help, usage), as the commands parse them; for `help` and
// completion.
std::unique_ptr<CLI::App> info_command_line();
std::unique_ptr<CLI::App> pose_command_line();
std::unique_ptr<CLI::App> validate_command_line();
std::unique_ptr<CLI::App> pack_command_line();
std::unique_ptr<CLI::App> play_command_line();
std::unique_ptr<CLI::App> fmt_command_line();
std::unique_ptr<CLI::App> markers_command_line();
std::unique_ptr<CLI::App> attach_command_line();

}  // namespace anim::app
