#include "loading/import_options.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "loading/model_source.h"
#include "process/isolated_import.h"

namespace anim::app {

Result<uint64_t> parse_memory_size(const std::string& text) {
  auto bad = [&] {
    return Error{Error::Code::kInvalidArgument,
                 "--memory-limit needs a size such as 8G or 512M, got \"" + text + "\"", ""};
  };
  char* end = nullptr;
  const double number = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || !std::isfinite(number) || number <= 0.0) return bad();
  std::string unit(end);
  for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (unit.size() > 1 && (unit.substr(1) == "IB" || unit.substr(1) == "B")) unit.resize(1);
  double scale = 1.0;
  if (unit == "K") scale = 1024.0;
  else if (unit == "M") scale = 1024.0 * 1024.0;
  else if (unit == "G") scale = 1024.0 * 1024.0 * 1024.0;
  else if (unit == "T") scale = 1024.0 * 1024.0 * 1024.0 * 1024.0;
  else if (!unit.empty() && unit != "B") return bad();
  const double bytes = number * scale;
  if (bytes < 1024.0 * 1024.0 || bytes > 1e18) {
    return Error{Error::Code::kInvalidArgument,
                 "--memory-limit must be at least 1M, got \"" + text + "\"", ""};
  }
  return static_cast<uint64_t>(bytes);
}

Result<ImportOptions> take_import_options(std::vector<const char*>& argv) {
  ImportOptions options;
  std::vector<const char*> rest;
  const std::string with_value = std::string(kMemoryLimitOption) + "=";
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const char* a = argv[i];
    if (i > 0 && !std::strcmp(a, kInProcessOption)) {
      options.in_process = true;
      continue;
    }
    const char* size = nullptr;
    if (i > 0 && !std::strcmp(a, kMemoryLimitOption)) {
      if (i + 1 >= argv.size()) {
        return Error{Error::Code::kInvalidArgument, "--memory-limit needs a size such as 8G", ""};
      }
      size = argv[++i];
    } else if (i > 0 && !std::strncmp(a, with_value.c_str(), with_value.size())) {
      size = a + with_value.size();
    }
    if (size) {
      Result<uint64_t> bytes = parse_memory_size(size);
      if (!bytes.ok()) return bytes.error();
      options.memory_limit = bytes.value();
      continue;
    }
    rest.push_back(a);
  }
  argv = std::move(rest);
  return options;
}

void apply_import_options(const ImportOptions& options, const import::ModelReader& in_process) {
  if (options.in_process && in_process) {
    set_model_reader(in_process);
    return;
  }
  IsolatedImportOptions isolated;
  isolated.helper = import_helper_path();
  isolated.memory_limit =
      options.memory_limit > 0 ? options.memory_limit : default_import_memory_limit();
  set_model_reader(isolated_reader(isolated));
}

}  // namespace anim::app
