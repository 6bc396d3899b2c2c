#pragma once
// A command's command line: its options, defined once (option_builders.h) on a CLI11 app, which
// parses them, prints --help and the usage line in the README's form (help_format.h), and feeds
// bash completion (bash_completion.h).
#include <iosfwd>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "loading/import_options.h"

namespace anim::app {

// The group that --memory-limit and --in-process are listed under in every command's --help.
constexpr const char* kImportOptionsGroup = "import options";

// Sets up a command's app once `define` has added its options: -h/--help, the import options
// (taken out of argv before any command parses it, see take_import_options; listed for --help
// and completion), help in the README's form, and unknown arguments left for a one-line error.
void finish_command_app(CLI::App& app, ImportOptions& import_options);

// One command's app and the arguments its options fill in. `Args` is a plain struct.
template <class Args>
class CommandLine : public CLI::App {
 public:
  using Define = void (*)(CLI::App& app, Args& args);

  // `name` is the command's ("info"; empty for the tool itself), `summary` its one-line purpose.
  CommandLine(const std::string& name, const std::string& summary, Define define)
      : CLI::App(summary, name) {
    define(*this, args);
    finish_command_app(*this, import_options);
  }

  Args args;
  ImportOptions import_options;  // Only as --help shows them; main takes them out first.
};

// Parses the words after the command's name, argv[first..]. Nothing when the command should run
// with what `app` parsed; otherwise the exit code after printing its help to `out` (kExitOk), or
// one line naming the problem followed by the usage to `err` (kExitError).
std::optional<int> parse_command_line(CLI::App& app, int argc, const char* const* argv, int first,
                                      std::ostream& out, std::ostream& err);

// Prints "animscope: MESSAGE" and `app`'s usage to `err`; returns kExitError.
int usage_error(const CLI::App& app, const std::string& message, std::ostream& err);

}  // namespace anim::app
