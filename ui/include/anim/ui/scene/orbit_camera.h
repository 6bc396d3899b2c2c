#pragma once
// Orbit / pan / zoom camera around a target point, Y up.
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace anim::ui {

struct Bounds {
  glm::vec3 min{0.0f};
  glm::vec3 max{0.0f};
  bool valid() const { return min.x <= max.x && min.y <= max.y && min.z <= max.z; }
  glm::vec3 center() const { return (min + max) * 0.5f; }
  float radius() const;  // Half the diagonal; at least a small positive number.
};

// The axis-aligned box around `bounds` moved by `m` (its eight corners); invalid stays invalid.
Bounds transform_bounds(const Bounds& bounds, const glm::mat4& m);

struct OrbitCamera {
  glm::vec3 target{0.0f, 1.0f, 0.0f};
  float distance = 4.0f;
  float yaw = 0.6f;       // Radians around Y; 0 looks along -Z from +Z.
  float pitch = 0.25f;    // Radians above the horizon, clamped to about +-89 degrees.
  float fov_y = 0.7854f;  // Radians.
  float near_plane = 0.01f;
  float far_plane = 1000.0f;

  glm::vec3 position() const;
  glm::mat4 view() const;
  glm::mat4 projection(float aspect) const;

  // Mouse drags in pixels (viewport height `height_px`) and wheel steps.
  void orbit(float dx_px, float dy_px);
  void pan(float dx_px, float dy_px, float height_px);
  void zoom(float wheel_steps);  // A non-finite step changes nothing.
  // Places the camera so `bounds` fill most of a view of width/height `aspect`, keeping the
  // current direction: a narrow view (aspect < 1) backs off until the sides fit too.
  void frame(const Bounds& bounds, float aspect = 1.0f);
};

}  // namespace anim::ui
