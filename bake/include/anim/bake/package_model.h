#pragma once
// A package shown as a model: what the desktop tool and `render` display for a .animpack.
#include <string>

#include "anim/model.h"
#include "anim/package.h"
#include "anim/result.h"

namespace anim::bake {

// The package's skeleton, skin and mesh, and each compressed clip decoded by decode_clip (in
// package order), as a model read from `source_path`. The package keeps no record of the
// influences cut at baking, so max_influences and truncated_vertices count what its vertices
// hold: weights in use (at most kMaxInfluences) and vertices with a truncated weight. The state
// machine is not part of a model (see setup_from_machine in anim_setup). Fails, naming the clip,
// for a clip decode_clip rejects.
Result<Model> model_from_package(const Package& package, std::string source_path);

}  // namespace anim::bake
