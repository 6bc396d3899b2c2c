#include "anim/ui/scene/follow_camera.h"

#include <cmath>

namespace anim::ui {

glm::vec3 follow_root(const glm::vec3& root, OrbitCamera& camera, Bounds* ground) {
  if (!std::isfinite(root.x) || !std::isfinite(root.y) || !std::isfinite(root.z)) {
    return glm::vec3(0.0f);
  }
  const glm::vec3 move(root.x - camera.target.x, 0.0f, root.z - camera.target.z);
  camera.target += move;
  if (ground && ground->valid()) {
    ground->min += move;
    ground->max += move;
  }
  return move;
}

}  // namespace anim::ui
