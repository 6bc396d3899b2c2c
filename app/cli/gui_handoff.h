#pragma once
// The headless animscope does not link SDL or OpenGL. The desktop tool and `render` live in
// a sibling executable, animscope-gui, which animscope becomes (execv) when asked for them.
#include <iosfwd>
#include <string>

namespace anim::app {

// The GUI executable beside the running one: the directory of /proc/self/exe, so a symlink
// to animscope (e.g. in ~/bin) still finds the build's own animscope-gui.
std::string gui_executable_path();

// Replaces this process with animscope-gui, passing argv unchanged. Returns only when that
// fails: after writing one line naming the path to `err`, with kExitError.
int exec_gui(char* const* argv, std::ostream& err);

}  // namespace anim::app
