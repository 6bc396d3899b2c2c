#pragma once
// Loads a model file through assimp into an anim::Model.
#include <cstdint>
#include <string>
#include <vector>

#include "anim/import/model_reader.h"
#include "anim/model.h"
#include "anim/result.h"
#include "anim/span.h"

struct aiScene;

namespace anim::import {

// Reads `path`: skeleton from the node hierarchy (bones, animated nodes, mesh nodes and their
// ancestors, in parents-first order), skin from the bone offsets, every mesh merged into one
// buffer with base-vertex offsets, top-4 influences renormalized, every animation as a clip
// (unnamed ones become "clip<N>", 0 ticks per second means 25). A file without bones or
// animations loads as a static model with an empty skeleton and vertices in model space.
// Never throws; a missing, unreadable or broken file gives an Error naming the file.
Result<Model> import_model(const std::string& path, const ProgressCallback& progress = {});

// Reads a model from the bytes of a file, as import_model reads the file itself; `format` is its
// lower-case extension ("gltf", "obj", ...), which picks the reader, and `name` names it in
// errors. Reads no other file: a model that names external ones (a glTF's buffers, an OBJ's
// materials) finds none of them. For tests and fuzzing, without a file on disk.
Result<Model> import_model_from_memory(Span<const uint8_t> bytes, const std::string& format,
                                       const std::string& name);

// The post-processing every read above asks assimp for (aiPostProcessSteps flags: triangulate,
// join identical vertices, make normals where missing, validate the scene).
unsigned import_read_flags();
// What the reads above do with the scene assimp gives them (read with import_read_flags()), for a
// scene read some other way: the fuzz harness's generated scenes. `path` names it in errors.
Result<Model> model_from_scene(const aiScene& scene, const std::string& path);

// Lower-case file extensions assimp can read, without dots ("fbx", "x", "gltf", ...).
std::vector<std::string> supported_extensions();

}  // namespace anim::import
