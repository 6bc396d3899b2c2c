// `animscope fmt SETUP.json [--out FILE]`: rewrites a setup in canonical form.
#include <ostream>

#include "anim/setup/setup.h"
#include "cli/command_line.h"
#include "cli/diagnostic_lines.h"
#include "cli/errors.h"
#include "cli/option_builders.h"
#include "commands/commands.h"

namespace anim::app {
namespace {

struct FmtArgs {
  std::string input;
  std::optional<std::string> out;
};

void define_fmt(CLI::App& app, FmtArgs& a) {
  add_input(app, a.input, "SETUP.json", "the setup to rewrite");
  add_text(app, "--out", a.out, "FILE", "writes it there instead of over the setup");
}

std::unique_ptr<CommandLine<FmtArgs>> fmt_line() {
  return std::make_unique<CommandLine<FmtArgs>>(
      "fmt",
      "Rewrites a setup in canonical form; unknown fields and the editor block are kept, and "
      "formatting twice gives the same bytes.",
      define_fmt);
}

}  // namespace

std::unique_ptr<CLI::App> fmt_command_line() { return fmt_line(); }

int cmd_fmt(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  const std::unique_ptr<CommandLine<FmtArgs>> line = fmt_line();
  if (std::optional<int> done = parse_command_line(*line, argc, argv, 2, out, err)) return *done;
  const FmtArgs& args = line->args;
  const std::string path = args.input;
  std::vector<Diagnostic> diagnostics;
  Result<setup::Setup> setup = setup::load_setup(path, &diagnostics);
  if (!setup.ok()) {
    if (diagnostics.empty()) print_error(err, setup.error());
    DiagnosticLineStyle style;
    style.omit_severity = true;
    for (const Diagnostic& d : diagnostics) print_diagnostic(err, path, d, style);
    return kExitError;
  }
  const std::string target = args.out.value_or(path);
  if (Status saved = save_setup(setup.value(), target); !saved.ok()) {
    print_error(err, saved.error());
    return kExitError;
  }
  return kExitOk;
}

}  // namespace anim::app
