#pragma once
// SIGINT, SIGTERM and SIGHUP in the desktop tool: the handler only notes the signal, and the main
// loop, which looks every frame, writes recovery copies of unsaved work and ends normally. The
// command-line tools install nothing, so there those signals end the process at once.
namespace anim::app {

// Installs the handlers, for each of the three signals that is not ignored (a tool started
// under nohup keeps ignoring SIGHUP). A second signal of any of them ends the process at once,
// as if no handler were there, for a user whose first Ctrl+C did not seem to work.
void catch_exit_signals();
// The signal that asked the tool to end; 0 while none has.
int exit_signal();
// "SIGTERM", "SIGINT", ...
const char* signal_name(int signal);

}  // namespace anim::app
