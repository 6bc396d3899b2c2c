#pragma once
// The animscope command line: `animscope COMMAND ...`. This is the headless half: nothing
// here links SDL or OpenGL, so `info`, `pose` and the rest start as fast as the loaders allow.
#include <iosfwd>

namespace anim::app {

// Exit codes shared by every subcommand.
constexpr int kExitOk = 0;
constexpr int kExitInvalid = 1;  // The input was read and found wanting (e.g. `validate`).
constexpr int kExitError = 2;    // Bad arguments, missing or unreadable files.

// Every subcommand has this shape: argv[1] is its name; results go to `out`, errors to `err`;
// returns an exit code above.
using CommandFn = int (*)(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

// Runs the headless subcommand (or `help`) named by argv[1]. A command that needs a display
// (`render`) is not run here: it is an error, since main hands it to animscope-gui first.
int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

// True when argv[1] is `help`/`--help` or a command that runs without a display; anything
// else (no argument, a model path, tool flags, `render`) belongs to animscope-gui.
bool is_headless_command(int argc, const char* const* argv);

// The headless commands, one file each (cmd_NAME.cpp); listed in cli.cpp.
int cmd_info(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_pose(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_validate(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_pack(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_play(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_fmt(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace anim::app
