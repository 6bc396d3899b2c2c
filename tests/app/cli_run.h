#pragma once
// Runs the command line in-process and keeps what it printed.
#include <sstream>
#include <string>
#include <vector>

#include "commands/commands.h"

namespace anim::app::testing {

struct CliRun {
  int code = 0;
  std::string out, err;
};

inline CliRun run(std::vector<std::string> args) {
  args.insert(args.begin(), "animscope");
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  CliRun r;
  r.code = run_cli(static_cast<int>(argv.size()), argv.data(), out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

}  // namespace anim::app::testing
