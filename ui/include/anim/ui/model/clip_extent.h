#pragma once
// Whole-clip framing: the space a model takes over all of a clip (or several), not only in the
// current pose, so a character that walks away stays in view once framed.
#include <vector>

#include <glm/mat4x4.hpp>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/ui/scene/orbit_camera.h"

namespace anim::ui {

class Document;

// The union of the posed model's bounds (PosedModel::bounds, every `stride`-th vertex, the joints
// without a mesh) at `samples` times spread evenly over `clip` from 0 to its duration, both
// ends included (one sample, at 0, for a clip without duration). Invalid when `clip` does not
// fit the skeleton or samples < 1.
Bounds clip_extent(const Model& model, const Clip& clip, int samples, std::size_t stride = 1);

// `bounds` grown on every side by `fraction` of its largest side (a flat or single-point box
// grows by `fraction` of its radius instead). Invalid stays invalid.
Bounds with_margin(const Bounds& bounds, float fraction);

// What F frames for `doc`, in the viewer's world (`display`, display_transform): the extent of
// every clip that plays (the clip, both clips of a crossfade, a 1D blend's clips, the state
// machine's current state's clip) with a margin, and the current pose, whichever are there.
Bounds playback_extent(const Document& doc, const glm::mat4& display, int samples = 24);

}  // namespace anim::ui
