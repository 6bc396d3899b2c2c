#pragma once
// Loads a model file through assimp into an anim::Model.
#include <string>
#include <vector>

#include "anim/import/model_reader.h"
#include "anim/model.h"
#include "anim/result.h"

namespace anim::import {

// Reads `path`: skeleton from the node hierarchy (bones, animated nodes, mesh nodes and their
// ancestors, in parents-first order), skin from the bone offsets, every mesh merged into one
// buffer with base-vertex offsets, top-4 influences renormalized, every animation as a clip
// (unnamed ones become "clip<N>", 0 ticks per second means 25). A file without bones or
// animations loads as a static model with an empty skeleton and vertices in model space.
// Never throws; a missing, unreadable or broken file gives an Error naming the file.
Result<Model> import_model(const std::string& path, const ProgressCallback& progress = {});

// Lower-case file extensions assimp can read, without dots ("fbx", "x", "gltf", ...).
std::vector<std::string> supported_extensions();

}  // namespace anim::import
