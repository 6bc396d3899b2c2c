#pragma once
// A small command-line parser: positional arguments and --name[=value] options.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "anim/result.h"

namespace anim::app {

struct Args {
  std::vector<std::string> positional;
  // "--time 2" and "--time=2" alike; flags map to {""}; a repeated option keeps every value.
  std::map<std::string, std::vector<std::string>> options;

  bool has(const std::string& name) const { return options.count(name) > 0; }
  // The last value given for the option.
  std::optional<std::string> get(const std::string& name) const;
  // Every value given for the option, in order.
  std::vector<std::string> get_all(const std::string& name) const;
  // The option parsed as a finite float; an Error names the option when it is not one.
  Result<float> get_float(const std::string& name, float fallback) const;
};

// Parses argv[first..]. `flags` take no value; `valued` take one; anything else is an error.
Result<Args> parse_args(int argc, const char* const* argv, int first,
                        const std::set<std::string>& flags, const std::set<std::string>& valued);

}  // namespace anim::app
