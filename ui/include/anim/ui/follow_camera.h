#pragma once
// The follow camera: keeps a walking character in the middle of the view by moving the orbit
// target as its root moves over the ground, so orbiting and zooming still work around it.
#include <glm/vec3.hpp>

#include "anim/ui/orbit_camera.h"

namespace anim::ui {

class FollowCamera {
 public:
  // Moves `camera`'s target (and `ground`, the bounds the grid is laid around, when given) by
  // how far `root` (the viewer's world) moved across the ground (X and Z) since the last call,
  // so the character keeps its place on screen and height changes (a bobbing walk) do not shake
  // the view. The first call after a release only remembers where the root is. Returns the
  // move. A non-finite root changes nothing.
  glm::vec3 follow(const glm::vec3& root, OrbitCamera& camera, Bounds* ground = nullptr);
  // Stops following: the next follow() starts from wherever the root is then.
  void release() { engaged_ = false; }
  bool engaged() const { return engaged_; }

 private:
  bool engaged_ = false;
  glm::vec3 last_root_{0.0f};
};

}  // namespace anim::ui
