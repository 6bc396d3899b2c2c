#pragma once
// Ground as a regular grid of heights over x and z (y up), bilinear between samples: a ground
// query for FootIkJob that needs no physics (tests, the tool, simple games).
#include <cstddef>

#include <glm/vec3.hpp>

#include "anim/ground_query.h"
#include "anim/span.h"

namespace anim {

// Heights at x = origin_x + column * cell_size, z = origin_z + row * cell_size, stored row by
// row: heights[row * columns + column]. The surface between four samples is their bilinear
// blend; outside the grid there is no ground. Not owning: `heights` must outlive every query.
struct HeightField {
  float origin_x = 0.0f;
  float origin_z = 0.0f;
  float cell_size = 1.0f;  // Metres between samples; positive.
  std::size_t columns = 0;
  std::size_t rows = 0;
  Span<const float> heights;

  // At least 2 x 2 samples, `heights` sized columns * rows, a finite origin and a positive
  // finite cell size. Heights may be NaN or infinite: the cells touching them have no ground.
  bool validate() const;

  // The height and the unit normal of the surface at (x, z); false outside the grid, in a cell
  // with a non-finite sample, or when the field is invalid.
  bool sample(float x, float z, float* height, glm::vec3* normal) const;

  // A ray cast against the surface (GroundQueryFn's contract); `user` is a HeightField. A
  // vertical ray meets it exactly; another is marched in steps of half a cell and refined by
  // bisection, so it may miss a bump narrower than that.
  static bool cast(const void* user, const glm::vec3& origin, const glm::vec3& direction,
                   float max_distance, GroundHit* hit);

  // This field as a GroundQuery (it must outlive the query's use).
  GroundQuery query() const { return {&HeightField::cast, this}; }
};

}  // namespace anim
