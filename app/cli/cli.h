#pragma once
// The animscope command line: `animscope COMMAND ...`.
#include <iosfwd>

namespace anim::app {

// Exit codes shared by every subcommand.
constexpr int kExitOk = 0;
constexpr int kExitInvalid = 1;  // The input was read and found wanting (e.g. `validate`).
constexpr int kExitError = 2;    // Bad arguments, missing or unreadable files.

// Runs the subcommand named by argv[1]; writes results to `out` and errors to `err`.
int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

// True when argv[1] names a subcommand (so main does not open the desktop tool).
bool is_cli_command(int argc, const char* const* argv);

int cmd_info(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_pose(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_validate(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_play(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_fmt(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
int cmd_render(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace anim::app
