#pragma once
// How a game tells the runtime where the ground is: a ray cast it answers (FootIkJob asks it).
#include <glm/vec3.hpp>

namespace anim {

// Where a ray met the ground.
struct GroundHit {
  glm::vec3 point{0.0f};      // On the ground.
  glm::vec3 normal{0, 1, 0};  // The ground's normal there, away from the ground; any length.
};

// Casts the ray from `origin` along the unit `direction` for at most `max_distance`; returns
// whether it met the ground and, if so, fills `hit` with the first point met. Positions and
// directions are in the space of the model matrices the asking job is given (model space; world
// space when the game passes the character's world matrix as their root). Called from the job's
// thread; it must not keep `hit`.
using GroundQueryFn = bool (*)(const void* user, const glm::vec3& origin,
                               const glm::vec3& direction, float max_distance, GroundHit* hit);

// The callback and what it needs (a physics scene, a height field), owned by the game.
struct GroundQuery {
  GroundQueryFn cast = nullptr;
  const void* user = nullptr;
};

}  // namespace anim
