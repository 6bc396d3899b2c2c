#include "anim/ground_planes.h"

#include <cmath>

#include <glm/geometric.hpp>

#include "finite.h"

namespace anim {

namespace {

using detail::finite;

bool in_region(const GroundPlane& plane, const glm::vec3& p) {
  return p.x >= plane.min_x && p.x <= plane.max_x && p.z >= plane.min_z && p.z <= plane.max_z;
}

}  // namespace

bool GroundPlanes::validate() const {
  for (const GroundPlane& plane : planes) {
    if (!finite(plane.normal) || !std::isfinite(plane.d)) return false;
    const float length = std::sqrt(glm::dot(plane.normal, plane.normal));
    if (!(length > 0.0f) || !std::isfinite(length)) return false;
    // Comparisons are false with NaN, so a NaN bound fails here.
    if (!(plane.min_x <= plane.max_x) || !(plane.min_z <= plane.max_z)) return false;
  }
  return true;
}

bool GroundPlanes::cast(const void* user, const glm::vec3& origin, const glm::vec3& direction,
                        float max_distance, GroundHit* hit) {
  const GroundPlanes* ground = static_cast<const GroundPlanes*>(user);
  if (ground == nullptr || hit == nullptr || !ground->validate()) return false;
  if (!finite(origin) || !finite(direction) || !std::isfinite(max_distance)) return false;
  if (!(max_distance >= 0.0f)) return false;
  bool found = false;
  float nearest = max_distance;
  GroundHit best;
  for (const GroundPlane& plane : ground->planes) {
    const glm::vec3 n = glm::normalize(plane.normal);
    // Along the ray, dot(n, origin + t * direction) = d.
    const float along = glm::dot(n, direction);
    if (std::fabs(along) <= 1e-7f) continue;  // Parallel: never met (or met everywhere).
    const float t = (plane.d - glm::dot(n, origin)) / along;
    if (!(t >= 0.0f && t <= nearest) || (found && t == nearest)) continue;
    const glm::vec3 p = origin + t * direction;
    if (!finite(p) || !in_region(plane, p)) continue;
    found = true;
    nearest = t;
    best = {p, n};
  }
  if (found) *hit = best;
  return found;
}

}  // namespace anim
