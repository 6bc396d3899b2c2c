#pragma once
// animscope is three executables side by side. The headless `animscope` links neither SDL,
// OpenGL nor assimp; the desktop tool and `render` live in animscope-gui, and assimp in
// animscope-import (the import child, and the whole CLI under --in-process). animscope becomes
// (execv) the sibling that can do what it was asked.
#include <iosfwd>

namespace anim::app {

// Replaces this process with sibling `name` (found by sibling_executable_path), passing argv
// unchanged. Returns only when that fails: after writing one line to `err` naming the path and
// saying `what` it does ("the desktop tool and `render` live there"), with kExitError.
int exec_sibling(const char* name, const char* what, char* const* argv, std::ostream& err);

// exec_sibling for animscope-gui (the desktop tool and `render`).
int exec_gui(char* const* argv, std::ostream& err);

}  // namespace anim::app
