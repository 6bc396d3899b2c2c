#pragma once
// Where the tool gets a model from: a file through assimp, or the built-in demo.
#include <string>

#include "anim/demo/demo_model.h"
#include "anim/import/import_model.h"
#include "anim/model.h"
#include "anim/result.h"

namespace anim::app {

constexpr const char* kBuiltinDemo = demo::kDemoModelPath;

// `path` is a model file or kBuiltinDemo.
Result<Model> load_model_source(const std::string& path,
                                const import::ProgressCallback& progress = {});

// True for paths that name a setup file rather than a model.
bool is_setup_path(const std::string& path);

}  // namespace anim::app
