#include "anim/height_field.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "finite.h"

namespace anim {

namespace {

using detail::finite;

// The cell holding grid coordinate u in [0, count - 1] and the fraction across it; false outside
// (or NaN). The last sample line belongs to the cell before it.
bool cell_of(float u, std::size_t count, std::size_t* cell, float* fraction) {
  const float last = static_cast<float>(count - 1);
  if (!(u >= 0.0f && u <= last)) return false;
  const float whole = std::min(std::floor(u), last - 1.0f);
  *cell = static_cast<std::size_t>(whole);
  *fraction = u - whole;
  return true;
}

// Signed height of a point above the surface below it; false where there is no surface.
bool above_surface(const HeightField& field, const glm::vec3& p, float* above) {
  float h = 0.0f;
  glm::vec3 n;
  if (!field.sample(p.x, p.z, &h, &n)) return false;
  *above = p.y - h;
  return std::isfinite(*above);
}

}  // namespace

bool HeightField::validate() const {
  if (columns < 2 || rows < 2 || heights.size() != columns * rows) return false;
  if (!std::isfinite(origin_x) || !std::isfinite(origin_z)) return false;
  return std::isfinite(cell_size) && cell_size > 0.0f;
}

bool HeightField::sample(float x, float z, float* height, glm::vec3* normal) const {
  if (!validate()) return false;
  std::size_t i = 0, j = 0;
  float fx = 0.0f, fz = 0.0f;
  if (!cell_of((x - origin_x) / cell_size, columns, &i, &fx)) return false;
  if (!cell_of((z - origin_z) / cell_size, rows, &j, &fz)) return false;
  const float h00 = heights[j * columns + i], h10 = heights[j * columns + i + 1];
  const float h01 = heights[(j + 1) * columns + i], h11 = heights[(j + 1) * columns + i + 1];
  const float h =
      (h00 * (1.0f - fx) + h10 * fx) * (1.0f - fz) + (h01 * (1.0f - fx) + h11 * fx) * fz;
  // The bilinear patch's slopes along x and z at (fx, fz); its normal is (-dh/dx, 1, -dh/dz).
  const float dx = ((h10 - h00) * (1.0f - fz) + (h11 - h01) * fz) / cell_size;
  const float dz = ((h01 - h00) * (1.0f - fx) + (h11 - h10) * fx) / cell_size;
  const glm::vec3 n(-dx, 1.0f, -dz);
  const float length = std::sqrt(glm::dot(n, n));
  if (!std::isfinite(h) || !std::isfinite(length)) return false;
  *height = h;
  *normal = n / length;
  return true;
}

bool HeightField::cast(const void* user, const glm::vec3& origin, const glm::vec3& direction,
                       float max_distance, GroundHit* hit) {
  const HeightField* field = static_cast<const HeightField*>(user);
  if (field == nullptr || hit == nullptr || !field->validate()) return false;
  if (!finite(origin) || !finite(direction) || !(max_distance >= 0.0f)) return false;
  if (!std::isfinite(max_distance)) return false;
  float h = 0.0f;
  glm::vec3 n;
  const float across = std::fabs(direction.x) + std::fabs(direction.z);
  if (across <= 1e-6f * std::fabs(direction.y)) {
    // Vertical: the surface straight below (or above) the origin, met at one distance.
    if (!field->sample(origin.x, origin.z, &h, &n)) return false;
    const float t = (h - origin.y) / direction.y;
    if (!(t >= 0.0f && t <= max_distance)) return false;
    *hit = {glm::vec3(origin.x, h, origin.z), n};
    return true;
  }
  // March to the first step that goes from above the surface to on or below it, then bisect.
  const float step = std::max(0.5f * field->cell_size, max_distance / 4096.0f);
  float before = 0.0f, above_before = 0.0f;
  bool have_before = above_surface(*field, origin, &above_before) && above_before > 0.0f;
  for (float t = std::min(step, max_distance);; t = std::min(t + step, max_distance)) {
    float above = 0.0f;
    const bool have = above_surface(*field, origin + direction * t, &above);
    if (have_before && have && above <= 0.0f) {
      float lo = before, hi = t;
      for (int k = 0; k < 24; ++k) {
        const float mid = 0.5f * (lo + hi);
        float a = 0.0f;
        if (above_surface(*field, origin + direction * mid, &a) && a > 0.0f) {
          lo = mid;
        } else {
          hi = mid;
        }
      }
      const glm::vec3 p = origin + direction * hi;
      if (!field->sample(p.x, p.z, &h, &n)) return false;
      *hit = {glm::vec3(p.x, h, p.z), n};
      return true;
    }
    have_before = have && above > 0.0f;
    before = t;
    if (t >= max_distance) return false;
  }
}

}  // namespace anim
