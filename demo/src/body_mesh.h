#pragma once
// The demo humanoid's skinned body: closed tubes for torso, neck, head, nose, arms, legs and
// feet, each weighted smoothly to the joints it follows.
#include <cstddef>

#include "anim/model.h"
#include "anim/skeleton.h"

namespace anim::demo {

struct SkinnedBody {
  Mesh mesh;  // One submesh, "body"; vertex joints index `skin`.
  Skin skin;  // One entry per joint that influences a vertex, in joint order.
  int max_influences = 0;
  std::size_t truncated_vertices = 0;
};

// Builds the body around `skeleton` (make_demo_skeleton()) in its rest pose.
SkinnedBody build_body(const Skeleton& skeleton);

}  // namespace anim::demo
