#pragma once
// Clips made with ClipBuilder for the suites: a joint holding still, and one sliding in a straight
// line. Needs anim_core only.
#include <cstddef>
#include <string>

#include <glm/vec3.hpp>

#include "anim/clip.h"

namespace anim::testutil {

// `duration` seconds of `joints` joints, joint 0 keyed at the origin at both ends.
inline Clip StillClip(const std::string& name, float duration = 1.0f, std::size_t joints = 1) {
  ClipBuilder b(name, duration, joints);
  b.add_translation(0, 0.0f, glm::vec3(0.0f));
  b.add_translation(0, duration, glm::vec3(0.0f));
  return b.build();
}

// `duration` seconds of `joints` joints, joint 0 moving from `from` (time 0) to `to` (the end).
inline Clip SlideClip(const std::string& name, float duration, const glm::vec3& from,
                      const glm::vec3& to, std::size_t joints = 1) {
  ClipBuilder b(name, duration, joints);
  b.add_translation(0, 0.0f, from);
  b.add_translation(0, duration, to);
  return b.build();
}

}  // namespace anim::testutil
