#include "cli/args.h"

#include <cmath>
#include <cstdlib>

namespace anim::app {

std::optional<std::string> Args::get(const std::string& name) const {
  auto it = options.find(name);
  if (it == options.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> Args::get_all(const std::string& name) const {
  auto it = options.find(name);
  return it == options.end() ? std::vector<std::string>{} : it->second;
}

Result<float> Args::get_float(const std::string& name, float fallback) const {
  auto value = get(name);
  if (!value) return fallback;
  const char* begin = value->c_str();
  char* end = nullptr;
  const float f = std::strtof(begin, &end);
  if (value->empty() || end != begin + value->size() || !std::isfinite(f)) {
    return Error{Error::Code::kInvalidArgument,
                 "--" + name + " needs a number, got \"" + *value + "\"", ""};
  }
  return f;
}

Result<Args> parse_args(int argc, const char* const* argv, int first,
                        const std::set<std::string>& flags, const std::set<std::string>& valued) {
  Args args;
  for (int i = first; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.size() < 3 || arg.compare(0, 2, "--") != 0) {
      args.positional.push_back(arg);
      continue;
    }
    std::string name = arg.substr(2);
    std::optional<std::string> value;
    if (const std::size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    if (flags.count(name)) {
      if (value) {
        return Error{Error::Code::kInvalidArgument, "--" + name + " takes no value", ""};
      }
      args.options[name].push_back("");
    } else if (valued.count(name)) {
      if (!value) {
        if (i + 1 >= argc) {
          return Error{Error::Code::kInvalidArgument, "--" + name + " needs a value", ""};
        }
        value = argv[++i];
      }
      args.options[name].push_back(*value);
    } else {
      return Error{Error::Code::kInvalidArgument, "unknown option --" + name, ""};
    }
  }
  return args;
}

}  // namespace anim::app
