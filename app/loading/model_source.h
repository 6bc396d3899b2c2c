#pragma once
// Where the tool gets a model from: a file through assimp, a package, or the built-in demo.
#include <string>

#include "anim/demo/demo_model.h"
#include "anim/import/model_reader.h"
#include "anim/model.h"
#include "anim/result.h"

namespace anim::app {

constexpr const char* kBuiltinDemo = demo::kDemoModelPath;

// How this process reads model files: in a child process by default (import_isolated), with
// assimp in-process in animscope-import and the tool under --in-process. Set at start, and by
// the tool's Settings > Import at any time: a load already running keeps the reader it began
// with (model_reader() hands out a copy).
void set_model_reader(import::ModelReader reader);
import::ModelReader model_reader();

// `path` is a model file (read with model_reader()), a package (.animpack: see
// load_package_model) or kBuiltinDemo.
Result<Model> load_model_source(const std::string& path,
                                const import::ProgressCallback& progress = {});

// True for paths that name a setup file rather than a model.
bool is_setup_path(const std::string& path);

}  // namespace anim::app
