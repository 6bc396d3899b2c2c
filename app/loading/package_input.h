#pragma once
// Packages (.animpack) as input: what `info`, `pose` and `play` open besides models and setups,
// and what `render` and the tool show (as a model, with a setup made from its state machine).
#include <string>

#include "anim/package.h"
#include "loading/input_loading.h"

namespace anim::app {

// Whether `path` names a package (its extension is .animpack, in any case).
bool is_package_path(const std::string& path);

// The package at `path`. The Error's path is the file; its message starts with the place in
// the file ("section SKEL at byte 40: ...") when the bytes are at fault.
Result<Package> read_package(const std::string& path);

// The package at `path` as a model for display (bake::model_from_package: its clips decoded to
// float keys); errors as read_package's. What a setup naming a package as its model gets.
Result<Model> load_package_model(const std::string& path);

// The package at `path` as the tool opens it: the model as load_package_model gives it and,
// when the package has a state machine, a setup made from it (setup_from_machine) whose model is
// `path` and which has no file yet (setup_path stays empty).
Result<LoadedInput> load_package_input(const std::string& path);

}  // namespace anim::app
