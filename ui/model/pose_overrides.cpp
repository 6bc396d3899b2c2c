#include "anim/ui/model/pose_overrides.h"

#include <algorithm>
#include <cmath>

namespace anim::ui {

bool PoseOverrides::set(std::size_t joints, int joint, const glm::quat& rotation) {
  if (joint < 0 || static_cast<std::size_t>(joint) >= joints) return false;
  const float len = glm::length(rotation);
  if (!(len > 0.0f) || !std::isfinite(len)) return false;
  if (set_.size() != joints) {
    set_.assign(joints, 0);
    rotations_.assign(joints, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  }
  rotations_[static_cast<std::size_t>(joint)] = rotation / len;
  set_[static_cast<std::size_t>(joint)] = 1;
  return true;
}

bool PoseOverrides::clear(int joint) {
  if (!has(joint)) return false;
  set_[static_cast<std::size_t>(joint)] = 0;
  return true;
}

bool PoseOverrides::clear_all() {
  if (!any()) return false;
  set_.clear();
  rotations_.clear();
  return true;
}

bool PoseOverrides::has(int joint) const {
  return joint >= 0 && static_cast<std::size_t>(joint) < set_.size() &&
         set_[static_cast<std::size_t>(joint)];
}

bool PoseOverrides::any() const {
  return std::any_of(set_.begin(), set_.end(), [](char s) { return s != 0; });
}

glm::quat PoseOverrides::rotation(int joint) const {
  return has(joint) ? rotations_[static_cast<std::size_t>(joint)]
                    : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
}

void PoseOverrides::apply(Span<Transform> pose) const {
  const std::size_t n = std::min(pose.size(), set_.size());
  for (std::size_t j = 0; j < n; ++j) {
    if (set_[j]) pose[j].rotation = glm::normalize(pose[j].rotation * rotations_[j]);
  }
}

}  // namespace anim::ui
