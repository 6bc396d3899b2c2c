#pragma once
// `animscope render`: one frame offscreen to a PNG. It needs an OpenGL context, so it lives
// in animscope-gui; the headless animscope hands `render` over to that executable.
#include <iosfwd>

namespace anim::app {

// argv[1] is "render"; errors go to `err`; returns an exit code of cli/exit_codes.h.
int cmd_render(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace anim::app
