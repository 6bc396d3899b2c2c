#pragma once
// The whole desktop tool under random input: the real frame (tool_frame: menus, shortcuts,
// every panel, the modal dialogs, the file dialog, drops), a real OpenGL context (SDL's
// offscreen video driver, so no display is needed) that the scene and ImGui's draw data go
// through every gl_every frames (MonkeyViewRenderer checks the viewport's inputs on the rest);
// the monkey plays the platform, writing each step's input into ImGuiIO as the SDL backend
// would. ImGui's assertions abort (see third_party/imgui_config), crashes and sanitizer reports
// end the process, and both print the seed and the last steps first.
//
// Between frames the monkey keeps the run going and the disk safe: a quit is answered by
// carrying on (tool.quit reset), a file dialog that wandered out of the sandbox is sent back to
// it, and every path the tool opened or saved must lie in the sandbox. Each `check_every`
// frames, and at the end, the document must pass check_document.
#include <cstdint>
#include <string>

namespace anim::app::monkey {

struct MonkeyOptions {
  std::uint64_t seed = 1;
  int events = 4000;  // Steps, one frame each.
  // Background loads run when the monkey says (the tool's jobs run on a ManualJobRunner): each
  // batch at once, before the next frame, or with this probability a few frames later (from 1
  // to 40, its own choice), so the Loading dialog and Cancel are exercised too. Either way a
  // seed replays exactly.
  double impatience = 0.0;
  int check_every = 20;
  // Every how many frames the scene and ImGui's draw data go through OpenGL, at a quarter of the
  // resolution (llvmpipe still costs tens of milliseconds a frame); 0: never. The other frames
  // run everything but the GL calls.
  int gl_every = 16;
  bool log_steps = false;  // Every step to stdout.
  // Every step and a fingerprint of the frame it drew, a line each, to this file (empty: none):
  // two runs of a seed must write the same lines.
  std::string log_file;
  // The sandbox's folder name under the temporary folder, followed by the seed and the process
  // id unless `sandbox_exact`; removed after a run that passed. Two runs that must draw the same
  // text (paths show in the file dialog) share an exact name, one after the other.
  std::string sandbox = "animscope-monkey";
  bool sandbox_exact = false;
};

// Options from ANIMSCOPE_MONKEY_SEED, _EVENTS, _IMPATIENCE, _CHECK_EVERY, _GL_EVERY, _LOG,
// _LOG_FILE and _SANDBOX (an exact name), over `base`.
MonkeyOptions options_from_environment(MonkeyOptions base);

// Runs the monkey; failures are reported through GoogleTest.
void run_monkey(const MonkeyOptions& options);

}  // namespace anim::app::monkey
