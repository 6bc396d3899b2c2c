#pragma once
// The follow camera: keeps a walking character in the middle of the view by keeping the orbit
// target over its root, so orbiting and zooming still work around it.
#include <glm/vec3.hpp>

#include "anim/ui/scene/orbit_camera.h"

namespace anim::ui {

// Puts `camera`'s target over `root` (the viewer's world) across the ground (X and Z), moving
// `ground`, the bounds the grid is laid around, when given, by as much; the target's height
// stays, so height changes (a bobbing walk) do not shake the view. Returns the move. A
// non-finite root changes nothing.
glm::vec3 follow_root(const glm::vec3& root, OrbitCamera& camera, Bounds* ground = nullptr);

}  // namespace anim::ui
