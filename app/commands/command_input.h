#pragma once
// What the commands open, with every problem printed to their error stream: the loaders of
// loading/ return Results, and a command turns each into one line naming the file ("animscope:
// FILE: problem") and an exit code.
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "anim/package.h"
#include "anim/setup/root_motion.h"
#include "loading/input_loading.h"

namespace anim::app {

// The package at `path`, or nothing after printing an error that names the file and the place
// in it.
std::optional<Package> open_package(const std::string& path, std::ostream& err);

// For the commands: load_input() with the --anim files, every problem printed to `err`. An
// Error or an error among the problems is printed and gives nothing; warnings do not stop it.
std::optional<LoadedInput> open_input(const std::string& path,
                                      const std::vector<std::string>& anim_files,
                                      std::ostream& err);

// A setup's state machine ready to run: its runtime form and, when the setup moves the
// character, the clips in place with their root motion (anim/setup/root_motion.h).
struct CompiledMachine {
  StateMachineDef def;
  setup::RootMotionClips motion;

  // What it plays, from `input`'s model.
  ClipSet clips(const LoadedInput& input) const { return motion.clip_set(input.model.clips); }
};

// The opened setup's state machine, or nothing after printing why it does not compile or its
// root motion cannot be taken out (named by the setup file). `input` must hold a setup.
std::optional<CompiledMachine> compile_machine(const LoadedInput& input, std::ostream& err);

}  // namespace anim::app
