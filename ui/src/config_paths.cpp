#include "anim/ui/config_paths.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace anim::ui {
namespace {

namespace fs = std::filesystem;

// The variable's value when it is an absolute path; empty otherwise.
std::string absolute_env(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr || value[0] != '/') return {};
  return value;
}

}  // namespace

std::string config_directory() {
  fs::path base(absolute_env("XDG_CONFIG_HOME"));
  if (base.empty()) {
    const std::string home = home_directory();
    if (home.empty()) return {};
    base = fs::path(home) / ".config";
  }
  const fs::path folder = base / "animscope";
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec || !fs::is_directory(folder, ec)) return {};
  return folder.string();
}

std::string home_directory() { return absolute_env("HOME"); }

std::string recent_files_path() {
  const std::string folder = config_directory();
  if (folder.empty()) return {};
  return (fs::path(folder) / "recent_files.txt").string();
}

}  // namespace anim::ui
