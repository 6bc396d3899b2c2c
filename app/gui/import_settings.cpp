#include "gui/import_settings.h"

#include <sstream>

#include "anim/files/file_io.h"

namespace anim::app {
namespace {

std::string trimmed(const std::string& text) {
  const std::size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return "";
  const std::size_t end = text.find_last_not_of(" \t\r");
  return text.substr(begin, end - begin + 1);
}

// "8.0 GiB" → "8G"-style text parse_memory_size reads back exactly: whole mebibytes.
std::string size_text(uint64_t bytes) {
  constexpr uint64_t kMiB = 1024 * 1024;
  if (bytes % (1024 * kMiB) == 0) return std::to_string(bytes / (1024 * kMiB)) + "G";
  return std::to_string((bytes + kMiB - 1) / kMiB) + "M";
}

}  // namespace

std::string import_settings_path(const std::string& config_dir) {
  return config_dir.empty() ? std::string() : config_dir + "/import.conf";
}

Result<ImportOptions> load_import_settings(const std::string& path) {
  Result<std::string> text = files::read_file(path);
  if (!text.ok()) {
    if (text.error().code == Error::Code::kNotFound) return ImportOptions{};
    return text.error();
  }
  ImportOptions options;
  std::istringstream lines(text.value());
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    line = trimmed(line);
    if (line.empty() || line[0] == '#') continue;
    const std::string where = path + ":" + std::to_string(number);
    const std::size_t equals = line.find('=');
    if (equals == std::string::npos) {
      return Error{Error::Code::kParse, "expected \"name = value\", got \"" + line + "\"", where};
    }
    const std::string name = trimmed(line.substr(0, equals));
    const std::string value = trimmed(line.substr(equals + 1));
    if (name == "in_process") {
      if (value != "true" && value != "false") {
        return Error{Error::Code::kParse, "in_process is true or false, got \"" + value + "\"",
                     where};
      }
      options.in_process = value == "true";
    } else if (name == "memory_limit") {
      if (value == "default") {
        options.memory_limit = 0;
        continue;
      }
      Result<uint64_t> bytes = parse_memory_size(value);
      if (!bytes.ok()) return Error{Error::Code::kParse, bytes.error().message, where};
      options.memory_limit = bytes.value();
    } else {
      return Error{Error::Code::kParse, "unknown setting \"" + name + "\"", where};
    }
  }
  return options;
}

std::string import_settings_text(const ImportOptions& options) {
  return std::string("# animscope import settings\n") +
         "in_process = " + (options.in_process ? "true" : "false") + "\n" +
         "memory_limit = " + (options.memory_limit ? size_text(options.memory_limit) : "default") +
         "\n";
}

Status save_import_settings(const std::string& path, const ImportOptions& options) {
  return files::write_file_atomically(path, import_settings_text(options));
}

}  // namespace anim::app
