#pragma once
// Loading a setup together with the model it names, for the commands that run it.
#include <memory>
#include <string>
#include <vector>

#include "anim/model.h"
#include "anim/result.h"
#include "anim/setup.h"

namespace anim::app {

struct LoadedSetup {
  Setup setup;
  Model model;
};

// Loads `path` and its model. A problem with the setup's own text comes back as an Error
// whose code is kParse or kInvalidData with every structural problem in *diagnostics; a model
// that fails to load comes back as an Error located at "/model".
Result<LoadedSetup> load_setup_with_model(const std::string& path,
                                          std::vector<Diagnostic>* diagnostics = nullptr);

}  // namespace anim::app
