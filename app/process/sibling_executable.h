#pragma once
// animscope's executables are found beside each other: the headless `animscope`, the desktop
// tool's animscope-gui and the import child's animscope-import. Both the hand-over to a sibling
// (cli/gui_handoff.h) and the import child's start (isolated_import.h) look them up here.
#include <string>

namespace anim::app {

// `name` beside the running executable: in the directory of /proc/self/exe, so a symlink to
// animscope (e.g. in ~/bin) still finds the build's own siblings.
std::string sibling_executable_path(const char* name);

}  // namespace anim::app
