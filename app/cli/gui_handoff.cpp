#include "cli/gui_handoff.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ostream>
#include <string>

#include "cli/exit_codes.h"
#include "process/sibling_executable.h"

namespace anim::app {

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
