#pragma once
// The aim solve of AimIkJob and AimIkChainJob, in model space. Private to anim_core.
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace anim::detail {

// A ray fixed to a joint that turns about `pivot`: it starts at `origin` and runs along the unit
// `direction`; `up` (any length) turns with it.
struct AimRay {
  glm::vec3 pivot{0.0f};
  glm::vec3 origin{0.0f};
  glm::vec3 direction{0, 1, 0};
  glm::vec3 up{0, 0, 1};
};

struct AimTurn {
  glm::quat rotation{1, 0, 0, 0};  // Model space, about the pivot.
  bool reached = false;
};

// The turn about the pivot after which the ray passes through `target` (its origin first, then
// the target ahead of it), `up` lies in the plane of the pivot-to-target line and `pole`, on the
// pole's side, and the whole is turned by `twist` radians about that line. A target the ray
// cannot pass through (closer to the pivot than the ray's line, or behind its origin) gets the
// turn bringing the ray's nearest usable point onto the line, continuously, and `reached` false;
// a target on the pivot gets the identity.
AimTurn solve_aim(const AimRay& ray, const glm::vec3& target, const glm::vec3& pole, float twist);

}  // namespace anim::detail
