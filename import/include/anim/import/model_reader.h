#pragma once
// How model files are read, without saying with what: the clip-file layer and the tool take a
// ModelReader, so that assimp can run in this process (import_model) or in a child process
// (the tool's and the CLI's default), and so that code which only binds clips needs no assimp.
#include <functional>
#include <string>

#include "anim/model.h"
#include "anim/result.h"

namespace anim::import {

// Called now and then during a load with the fraction done in [0, 1]. Return false to cancel;
// the load then ends with Error::Code::kCancelled. May be called from the loading thread only.
using ProgressCallback = std::function<bool(float fraction)>;

// Reads the model file at a path (as import_model does). Safe to call from several threads at
// once.
using ModelReader =
    std::function<Result<Model>(const std::string& path, const ProgressCallback& progress)>;

}  // namespace anim::import
