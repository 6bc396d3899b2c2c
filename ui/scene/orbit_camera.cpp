#include "anim/ui/scene/orbit_camera.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

namespace anim::ui {
namespace {
constexpr float kMaxPitch = 1.55f;
}

float Bounds::radius() const { return std::max(glm::length(max - min) * 0.5f, 1e-3f); }

glm::vec3 OrbitCamera::position() const {
  const glm::vec3 dir(std::cos(pitch) * std::sin(yaw), std::sin(pitch),
                      std::cos(pitch) * std::cos(yaw));
  return target + dir * distance;
}

glm::mat4 OrbitCamera::view() const {
  return glm::lookAt(position(), target, glm::vec3(0.0f, 1.0f, 0.0f));
}

glm::mat4 OrbitCamera::projection(float aspect) const {
  return glm::perspective(fov_y, aspect > 0.0f ? aspect : 1.0f, near_plane, far_plane);
}

void OrbitCamera::orbit(float dx_px, float dy_px) {
  yaw -= dx_px * 0.008f;
  pitch = std::clamp(pitch + dy_px * 0.008f, -kMaxPitch, kMaxPitch);
}

void OrbitCamera::pan(float dx_px, float dy_px, float height_px) {
  // One pixel moves the target by the size a pixel covers at the target's distance.
  const float per_px = 2.0f * distance * std::tan(fov_y * 0.5f) / std::max(height_px, 1.0f);
  const glm::mat4 v = view();
  const glm::vec3 right(v[0][0], v[1][0], v[2][0]);
  const glm::vec3 up(v[0][1], v[1][1], v[2][1]);
  target += (-dx_px * right + dy_px * up) * per_px;
}

void OrbitCamera::zoom(float wheel_steps) {
  if (!std::isfinite(wheel_steps)) return;
  distance =
      std::clamp(distance * std::pow(0.88f, wheel_steps), near_plane * 2.0f, far_plane * 0.5f);
}

Bounds transform_bounds(const Bounds& bounds, const glm::mat4& m) {
  if (!bounds.valid()) return bounds;
  const float inf = std::numeric_limits<float>::infinity();
  Bounds out{glm::vec3(inf), glm::vec3(-inf)};
  for (int i = 0; i < 8; ++i) {
    const glm::vec3 corner((i & 1) ? bounds.max.x : bounds.min.x,
                           (i & 2) ? bounds.max.y : bounds.min.y,
                           (i & 4) ? bounds.max.z : bounds.min.z);
    const glm::vec3 p(m * glm::vec4(corner, 1.0f));
    out.min = glm::min(out.min, p);
    out.max = glm::max(out.max, p);
  }
  return out;
}

void OrbitCamera::frame(const Bounds& bounds, float aspect) {
  if (!bounds.valid()) return;
  target = bounds.center();
  const float r = bounds.radius();
  // The narrower of the two half-angles decides how far back the sphere fits.
  const float narrow = std::isfinite(aspect) && aspect > 0.0f ? std::min(aspect, 1.0f) : 1.0f;
  const float half_angle = std::atan(std::tan(fov_y * 0.5f) * narrow);
  distance = r / std::sin(half_angle) * 1.05f;
  near_plane = std::max(distance - r * 2.0f, distance * 0.001f) * 0.5f;
  far_plane = distance + r * 4.0f + 10.0f;
}

}  // namespace anim::ui
