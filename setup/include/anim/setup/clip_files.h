#pragma once
// A setup's "animations" entries as the clip files to load (anim_clip_files reads and binds them;
// it knows nothing of setups or JSON).
#include <string>
#include <vector>

#include "anim/import/animation_files.h"
#include "anim/setup/setup.h"

namespace anim::setup {

// The files of `entries`, each resolved against the folder of `setup_path` and located at
// "/animations/N"; with `located` false they get no pointer (files added to a model without a
// setup, whose problems name the file instead).
std::vector<import::AnimationFile> clip_files_of(const std::vector<SetupAnimation>& entries,
                                                 const std::string& setup_path,
                                                 bool located = true);

}  // namespace anim::setup
