#pragma once
// What a command or the tool opens: a model file, the built-in demo, or a setup with the model
// it names, together with clip files from elsewhere (the setup's "animations", --anim files).
#include <optional>
#include <string>
#include <vector>

#include "anim/import/animation_files.h"
#include "anim/model.h"
#include "anim/result.h"
#include "anim/setup/setup.h"

namespace anim::app {

struct LoadedInput {
  Model model;  // With the clips of every clip file after its own.
  std::string model_path;
  std::optional<setup::Setup> setup;  // When a setup was opened.
  std::string setup_path;
  // Problems of the clip files, errors and warnings: a setup entry's point at "/animations/N";
  // those of files given by name have no pointer, and their messages name the file.
  std::vector<Diagnostic> problems;
  bool has_errors() const;
};

// Clip files given by name (--anim, Unity-style companions): all their animations, bound by
// name; their problems have no pointer, and each message names its file.
std::vector<anim::import::AnimationFile> plain_animation_files(
    const std::vector<std::string>& paths);

// Loads input.model_path and the clip files of input.setup (resolved against
// input.setup_path) and of `extra`. A model that cannot be loaded, or a cancelled load, is the
// Error; a clip file that fails is a problem and the rest still loads.
Result<LoadedInput> load_model_and_clips(LoadedInput input,
                                         const std::vector<import::AnimationFile>& extra,
                                         const import::ProgressCallback& progress = {});

// Opens `path` (a model, "builtin:demo" or a setup .json) and adds the clips of its setup's
// "animations" and of `extra` files. A clip file that fails is a problem, not an Error: the
// rest still loads. An Error comes back for a setup whose text is broken (every structural
// problem then in *setup_diagnostics), a model that cannot be loaded (for a setup, located at
// "/model"), or a cancelled load. `progress` spans the model and every clip file.
Result<LoadedInput> load_input(const std::string& path,
                               const std::vector<import::AnimationFile>& extra = {},
                               const import::ProgressCallback& progress = {},
                               std::vector<Diagnostic>* setup_diagnostics = nullptr);

}  // namespace anim::app
