#pragma once
// The built-in demo model: a procedurally generated humanoid that the desktop tool opens when no
// file is given, so every feature can be tried without a model on disk.
#include "anim/model.h"

namespace anim::demo {

// The path the tool and the setup files use to name the demo model.
constexpr const char* kDemoModelPath = "builtin:demo";

// Builds the demo humanoid (about 1.8 units tall, Y up, facing +Z, feet on y = 0 in the rest
// pose, which is a relaxed A-pose): a 21-joint skeleton, one smoothly skinned "body" submesh
// of a few thousand vertices, and three looping clips keyed at 30 keys per second:
// "Idle" (2.4 s), "Walk" (1.1 s) and "Run" (0.7 s). Walk and Run share their phase: the left
// foot lands at normalized time 0 in both, so a blend with a shared normalized time stays in
// step. Deterministic; allocates; source_path is kDemoModelPath.
Model make_demo_model();

}  // namespace anim::demo
