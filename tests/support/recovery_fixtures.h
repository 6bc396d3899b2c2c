#pragma once
// What the recovery suites (tests/ui/model/recovery_test.cpp, tests/app/gui/tool_recovery_test.cpp,
// tests/app/gui/recovery_binary_test.cpp) start from: a setup for the built-in demo, and a process
// id that no longer runs (a writer whose copy is abandoned).
#include <sys/wait.h>
#include <unistd.h>

#include "anim/demo/demo_model.h"
#include "anim/setup/setup.h"

namespace anim::ui::testing {

// A setup for the demo model: a state per clip, Idle first.
inline setup::Setup demo_clip_setup() {
  setup::Setup setup;
  setup.model = demo::kDemoModelPath;
  for (const char* clip : {"Idle", "Walk", "Run"}) {
    setup::SetupState state;
    state.name = clip;
    state.motion = clip;
    setup.states.push_back(state);
  }
  setup.default_state = "Idle";
  return setup;
}

// The pid of a process that has ended and been reaped.
inline int dead_pid() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  return static_cast<int>(child);
}

}  // namespace anim::ui::testing
