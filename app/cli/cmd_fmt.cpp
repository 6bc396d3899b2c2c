// `animscope fmt SETUP.json [--out FILE]`: rewrites a setup in canonical form.
#include <ostream>

#include "anim/setup.h"
#include "cli/args.h"
#include "cli/cli.h"
#include "cli/errors.h"

namespace anim::app {

int cmd_fmt(int argc, const char* const* argv, std::ostream& /*out*/, std::ostream& err) {
  Result<Args> args = parse_args(argc, argv, 2, {}, {"out"});
  if (!args.ok() || args.value().positional.size() != 1) {
    if (!args.ok()) print_error(err, args.error());
    err << "animscope: usage: animscope fmt SETUP.json [--out FILE]\n";
    return kExitError;
  }
  const std::string path = args.value().positional[0];
  std::vector<Diagnostic> diagnostics;
  Result<Setup> setup = load_setup(path, &diagnostics);
  if (!setup.ok()) {
    if (diagnostics.empty()) print_error(err, setup.error());
    for (const Diagnostic& d : diagnostics)
      err << path << ":" << d.pointer << ": " << d.message << "\n";
    return kExitError;
  }
  const std::string target = args.value().get("out").value_or(path);
  if (Status saved = save_setup(setup.value(), target); !saved.ok()) {
    print_error(err, saved.error());
    return kExitError;
  }
  return kExitOk;
}

}  // namespace anim::app
