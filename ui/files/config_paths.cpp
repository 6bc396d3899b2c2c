#include "anim/ui/files/config_paths.h"

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

// `folder`, created with its parents; empty when it cannot be.
std::string made_folder(const fs::path& folder) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec || !fs::is_directory(folder, ec)) return {};
  return folder.string();
}

// $<variable>/animscope when the variable is absolute, else $HOME/<home_relative>/animscope.
std::string xdg_directory(const char* variable, const char* home_relative) {
  fs::path base(absolute_env(variable));
  if (base.empty()) {
    const std::string home = home_directory();
    if (home.empty()) return {};
    base = fs::path(home) / home_relative;
  }
  return made_folder(base / "animscope");
}

}  // namespace

std::string config_directory() { return xdg_directory("XDG_CONFIG_HOME", ".config"); }

std::string state_directory() { return xdg_directory("XDG_STATE_HOME", ".local/state"); }

std::string home_directory() { return absolute_env("HOME"); }

std::string recent_files_path() {
  const std::string folder = config_directory();
  if (folder.empty()) return {};
  return (fs::path(folder) / "recent_files.txt").string();
}

std::string recovery_directory() {
  const std::string folder = state_directory();
  if (folder.empty()) return {};
  return made_folder(fs::path(folder) / "recovery");
}

}  // namespace anim::ui
