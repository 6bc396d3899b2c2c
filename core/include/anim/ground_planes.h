#pragma once
// Ground as a few planes, each optionally bounded in x and z: a ground query for FootIkJob that
// needs no physics (a slope, a floor and a raised step beside it; the CLI's --ground planes).
#include <limits>

#include <glm/vec3.hpp>

#include "anim/ground_query.h"
#include "anim/span.h"

namespace anim {

// The plane dot(normalize(normal), p) = d, whose ground is only where the hit point's x and z
// lie in [min_x, max_x] x [min_z, max_z] (unbounded by default). The normal points away from
// the ground (up, for a floor); it need not be unit length but must not be zero.
struct GroundPlane {
  glm::vec3 normal{0, 1, 0};
  float d = 0.0f;
  float min_x = -std::numeric_limits<float>::infinity();
  float max_x = std::numeric_limits<float>::infinity();
  float min_z = -std::numeric_limits<float>::infinity();
  float max_z = std::numeric_limits<float>::infinity();
};

// Not owning: `planes` must outlive every query. A step is a floor plus a raised plane bounded
// to x >= x0: a ray from above meets the raised plane first where it has ground.
struct GroundPlanes {
  Span<const GroundPlane> planes;

  // Every plane has a finite, non-zero normal, a finite d and a region with min <= max on each
  // axis (no NaN; infinite bounds allowed). An empty list is valid and has no ground.
  bool validate() const;

  // A ray cast against the planes (GroundQueryFn's contract); `user` is a GroundPlanes. The hit
  // is the nearest point along the ray, within max_distance, on a plane whose region holds it
  // (the earlier plane on a tie); a ray parallel to a plane misses it. The hit's normal is the
  // plane's unit normal. False for an invalid list or non-finite inputs.
  static bool cast(const void* user, const glm::vec3& origin, const glm::vec3& direction,
                   float max_distance, GroundHit* hit);

  // These planes as a GroundQuery (this object and its planes must outlive the query's use).
  GroundQuery query() const { return {&GroundPlanes::cast, this}; }
};

}  // namespace anim
