// `animscope validate SETUP.json`: every problem of a setup and of its clip files, each with its
// JSON pointer.
#include <ostream>

#include "cli/command_line.h"
#include "cli/diagnostic_lines.h"
#include "cli/errors.h"
#include "cli/option_builders.h"
#include "commands/commands.h"
#include "loading/input_loading.h"
#include "loading/model_source.h"

namespace anim::app {
namespace {

struct ValidateArgs {
  std::string input;
};

void define_validate(CLI::App& app, ValidateArgs& a) {
  add_input(app, a.input, "SETUP.json", "the setup to check, with its model and clip files");
}

std::unique_ptr<CommandLine<ValidateArgs>> validate_line() {
  return std::make_unique<CommandLine<ValidateArgs>>(
      "validate",
      "Every problem of a setup and of its clip files at once, each with its JSON pointer; exit "
      "0 valid (warnings allowed), 1 with errors, 2 unreadable.",
      define_validate);
}

}  // namespace

std::unique_ptr<CLI::App> validate_command_line() { return validate_line(); }

int cmd_validate(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  const std::unique_ptr<CommandLine<ValidateArgs>> line = validate_line();
  if (std::optional<int> done = parse_command_line(*line, argc, argv, 2, out, err)) return *done;
  const std::string path = line->args.input;
  std::vector<Diagnostic> diagnostics;
  Result<setup::Setup> setup = setup::load_setup(path, &diagnostics);
  if (!setup.ok()) {
    const Error& e = setup.error();
    if (e.code == Error::Code::kNotFound || e.code == Error::Code::kIo) {
      print_error(err, e);
      return kExitError;
    }
    if (diagnostics.empty()) print_error(out, e);  // Not JSON at all.
    for (const Diagnostic& d : diagnostics) print_diagnostic(out, path, d);
    return kExitInvalid;
  }
  LoadedInput opened;
  const std::string model_path = setup::resolve_model_path(path, setup.value().model);
  opened.model_path = model_path;
  opened.setup = std::move(setup).value();
  opened.setup_path = path;
  Result<LoadedInput> input = load_model_and_clips(std::move(opened), {});
  if (!input.ok()) {
    print_diagnostic(out, path,
                     {Diagnostic::Severity::kError, "/model",
                      "cannot load \"" + model_path + "\": " + input.error().message});
    return kExitInvalid;
  }
  std::vector<std::string> clips;
  std::vector<float> durations;
  for (const Clip& clip : input.value().model.clips) {
    clips.push_back(clip.name);
    durations.push_back(clip.duration);
  }
  diagnostics = input.value().problems;
  const std::vector<std::string>& joints = input.value().model.skeleton.names;
  const std::vector<int16_t>& parents = input.value().model.skeleton.parents;
  for (Diagnostic& d : validate_setup(*input.value().setup, clips, durations, joints, parents)) {
    diagnostics.push_back(d);
  }
  int errors = 0;
  for (const Diagnostic& d : diagnostics) {
    print_diagnostic(out, path, d);
    errors += d.severity == Diagnostic::Severity::kError;
  }
  const int warnings = static_cast<int>(diagnostics.size()) - errors;
  out << path << ": " << (errors ? "invalid" : "valid") << " (" << errors << " errors, " << warnings
      << " warnings)\n";
  return errors ? kExitInvalid : kExitOk;
}

}  // namespace anim::app
