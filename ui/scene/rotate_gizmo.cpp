#include "anim/ui/scene/rotate_gizmo.h"

#include <cmath>

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "anim/ui/scene/joint_picking.h"

namespace anim::ui {
namespace {

constexpr float kPi = 3.14159265358979f;

float segment_distance(const glm::vec2& p, const glm::vec2& a, const glm::vec2& b) {
  const glm::vec2 ab = b - a;
  const float len2 = glm::dot(ab, ab);
  const float t = len2 > 0.0f ? glm::clamp(glm::dot(p - a, ab) / len2, 0.0f, 1.0f) : 0.0f;
  return glm::distance(p, a + ab * t);
}

}  // namespace

std::vector<glm::vec2> gizmo_ring(const glm::mat4& joint, int axis, float radius,
                                  const GizmoView& view, int segments) {
  std::vector<glm::vec2> ring;
  const glm::vec3 a = glm::normalize(glm::vec3(joint[axis]));
  // Two unit vectors spanning the ring's plane (the joint's other axes, made orthogonal).
  const glm::vec3 other(joint[(axis + 1) % 3]);
  const glm::vec3 u = glm::normalize(other - a * glm::dot(other, a));
  const glm::vec3 v = glm::cross(a, u);
  const glm::vec3 center(joint[3]);
  const glm::mat4 view_projection = view.projection * view.view;
  glm::vec2 center_px;
  if (!project_to_viewport(center, view_projection, view.size, &center_px)) return ring;
  ring.reserve(static_cast<std::size_t>(segments) + 1);
  for (int i = 0; i <= segments; ++i) {
    const float angle = 2.0f * kPi * static_cast<float>(i % segments) / segments;
    const glm::vec3 p = center + radius * (std::cos(angle) * u + std::sin(angle) * v);
    glm::vec2 pixel;
    if (!project_to_viewport(p, view_projection, view.size, &pixel)) return {};
    ring.push_back(pixel);
  }
  return ring;
}

int gizmo_hit(const glm::mat4& joint, float radius, const GizmoView& view, const glm::vec2& mouse,
              float tolerance_px) {
  int best = -1;
  float best_distance = tolerance_px;
  for (int axis = 0; axis < 3; ++axis) {
    const std::vector<glm::vec2> ring = gizmo_ring(joint, axis, radius, view);
    for (std::size_t i = 0; i + 1 < ring.size(); ++i) {
      const float d = segment_distance(mouse, ring[i], ring[i + 1]);
      if (d <= best_distance) {
        best_distance = d;
        best = axis;
      }
    }
  }
  return best;
}

float gizmo_drag_angle(const glm::mat4& joint, int axis, const GizmoView& view,
                       const glm::vec2& from, const glm::vec2& to) {
  glm::vec2 c;
  if (!project_to_viewport(glm::vec3(joint[3]), view.projection * view.view, view.size, &c)) {
    return 0.0f;
  }
  // Pixels grow downwards, so this angle runs clockwise on screen.
  float swept = std::atan2(to.y - c.y, to.x - c.x) - std::atan2(from.y - c.y, from.x - c.x);
  if (swept > kPi) swept -= 2.0f * kPi;
  if (swept < -kPi) swept += 2.0f * kPi;
  // A right-handed turn about an axis pointing at the viewer is anticlockwise on screen.
  const glm::vec3 axis_in_view = glm::mat3(view.view) * glm::vec3(joint[axis]);
  return axis_in_view.z > 0.0f ? -swept : swept;
}

}  // namespace anim::ui
