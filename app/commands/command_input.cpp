#include "commands/command_input.h"

#include "anim/setup/ik.h"
#include "cli/diagnostic_lines.h"
#include "cli/errors.h"
#include "loading/package_input.h"

namespace anim::app {

std::optional<Package> open_package(const std::string& path, std::ostream& err) {
  Result<Package> package = read_package(path);
  if (!package.ok()) {
    print_error(err, package.error());
    return std::nullopt;
  }
  return std::move(package).value();
}

std::optional<LoadedInput> open_input(const std::string& path,
                                      const std::vector<std::string>& anim_files,
                                      std::ostream& err) {
  Result<LoadedInput> input = load_input(path, plain_animation_files(anim_files));
  if (!input.ok()) {
    print_error(err, input.error());
    return std::nullopt;
  }
  // A problem without a pointer is a clip file's given by name, and its message names the file.
  DiagnosticLineStyle style;
  style.file_only_with_pointer = true;
  for (const Diagnostic& problem : input.value().problems) {
    err << "animscope: ";
    print_diagnostic(err, input.value().setup_path, problem, style);
  }
  if (input.value().has_errors()) return std::nullopt;
  return std::move(input).value();
}

std::optional<CompiledMachine> compile_machine(const LoadedInput& input, std::ostream& err) {
  Result<StateMachineDef> def = compile_setup(*input.setup, input.model.clips);
  if (!def.ok()) {
    print_error(err, Error{def.error().code, def.error().to_string(), input.setup_path});
    return std::nullopt;
  }
  Result<setup::RootMotionClips> motion = apply_root_motion(*input.setup, input.model);
  if (!motion.ok()) {
    print_error(err, Error{motion.error().code, motion.error().to_string(), input.setup_path});
    return std::nullopt;
  }
  CompiledMachine out{std::move(def).value(), std::move(motion).value()};
  mark_root_motion(out.motion, &out.def);
  const Status ik = setup::resolve_ik(*input.setup, input.model.skeleton, &out.def);
  if (!ik.ok()) {
    print_error(err, Error{ik.error().code, ik.error().to_string(), input.setup_path});
    return std::nullopt;
  }
  return out;
}

}  // namespace anim::app
