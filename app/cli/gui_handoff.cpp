#include "cli/gui_handoff.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <system_error>

#include "cli/cli.h"

namespace anim::app {

std::string gui_executable_path() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  // Without /proc (unusual on Linux) the working directory is the best remaining guess.
  const std::filesystem::path dir = error ? std::filesystem::path(".") : self.parent_path();
  return (dir / ANIMSCOPE_GUI_EXECUTABLE).string();
}

int exec_gui(char* const* argv, std::ostream& err) {
  const std::string path = gui_executable_path();
  ::execv(path.c_str(), argv);
  const int error = errno;  // execv returned, so it failed.
  if (error == ENOENT) {
    err << "animscope: " << path
        << " is missing: the desktop tool and `render` live there (build the "
        << ANIMSCOPE_GUI_EXECUTABLE << " target)\n";
  } else {
    err << "animscope: cannot run " << path << ": " << std::strerror(error) << "\n";
  }
  return kExitError;
}

}  // namespace anim::app
