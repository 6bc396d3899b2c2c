#pragma once
// The viewport's rotate gizmo's edits: an extra rotation of a joint in its own frame, applied on
// top of whatever plays, to see how the skin follows. Inspection only: never saved.
#include <cstddef>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "anim/span.h"
#include "anim/transform.h"

namespace anim::ui {

class PoseOverrides {
 public:
  // For a skeleton of `joints` joints. False (nothing changes) for a joint out of range or a
  // rotation that is zero or not finite; the rotation is normalized.
  bool set(std::size_t joints, int joint, const glm::quat& rotation);
  // Whether anything changed.
  bool clear(int joint);
  bool clear_all();
  bool has(int joint) const;
  bool any() const;
  // Identity for a joint without one.
  glm::quat rotation(int joint) const;
  // Each overridden joint of `pose` turned by its rotation, in its own frame.
  void apply(Span<Transform> pose) const;

 private:
  std::vector<glm::quat> rotations_;
  std::vector<char> set_;  // Per joint; empty while none was ever set.
};

}  // namespace anim::ui
