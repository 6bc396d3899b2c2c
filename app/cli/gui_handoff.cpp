#include "cli/gui_handoff.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <system_error>

#include "cli/cli.h"

namespace anim::app {

std::string sibling_executable_path(const char* name) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  // Without /proc (unusual on Linux) the working directory is the best remaining guess.
  const std::filesystem::path dir = error ? std::filesystem::path(".") : self.parent_path();
  return (dir / name).string();
}

int exec_sibling(const char* name, const char* what, char* const* argv, std::ostream& err) {
  const std::string path = sibling_executable_path(name);
  ::execv(path.c_str(), argv);
  const int error = errno;  // execv returned, so it failed.
  if (error == ENOENT) {
    err << "animscope: " << path << " is missing: " << what << " (build the " << name
        << " target)\n";
  } else {
    err << "animscope: cannot run " << path << ": " << std::strerror(error) << "\n";
  }
  return kExitError;
}

int exec_gui(char* const* argv, std::ostream& err) {
  return exec_sibling(ANIMSCOPE_GUI_EXECUTABLE, "the desktop tool and `render` live there", argv,
                      err);
}

}  // namespace anim::app
