// `animscope validate SETUP.json`: every problem of a setup and of its clip files, each with its
// JSON pointer.
#include <ostream>

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/errors.h"
#include "cli/input_loading.h"
#include "cli/model_source.h"

namespace anim::app {
namespace {

void print_diagnostic(std::ostream& out, const std::string& path, const Diagnostic& d) {
  const char* severity = d.severity == Diagnostic::Severity::kError ? "error" : "warning";
  out << path << ":" << d.pointer << ": " << severity << ": " << d.message << "\n";
}

}  // namespace

int cmd_validate(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  Result<Args> args = parse_args(argc, argv, 2, {}, {});
  if (!args.ok() || args.value().positional.size() != 1) {
    if (!args.ok()) print_error(err, args.error());
    err << "animscope: usage: animscope validate SETUP.json\n";
    return kExitError;
  }
  const std::string path = args.value().positional[0];
  std::vector<Diagnostic> diagnostics;
  Result<Setup> setup = load_setup(path, &diagnostics);
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
  const std::string model_path = resolve_model_path(path, setup.value().model);
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
  for (Diagnostic& d : validate_setup(*input.value().setup, clips, durations, joints)) {
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
