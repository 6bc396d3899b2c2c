#pragma once
// The desktop tool's window and main loop: SDL's events in, OpenGL out. What a frame does (menus,
// panels, dialogs, loads) is in tool_frame.h.
#include "gui/startup_request.h"

namespace anim::app {

// Runs the tool on what the command line asked for; returns the process exit code.
int run_gui(const StartupRequest& request);

}  // namespace anim::app
