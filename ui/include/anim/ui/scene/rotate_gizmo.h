#pragma once
// The viewport's rotate gizmo: three rings around the selected joint, one per local axis, that
// turn the joint when dragged. Screen-space geometry only; the viewport draws and drags them.
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>

namespace anim::ui {

// How the viewport sees model space.
struct GizmoView {
  glm::mat4 view{1.0f};        // Model space to view space (camera view x display turn).
  glm::mat4 projection{1.0f};  // View space to clip space.
  glm::vec2 size{1.0f};        // Viewport pixels (origin top-left).
};

// The ring around the origin of `joint` (its model-space matrix) in the plane normal to its
// local `axis` (0 x, 1 y, 2 z), `radius` model units wide: `segments` + 1 pixel positions, the
// last closing the loop. Empty when the joint is behind the camera.
std::vector<glm::vec2> gizmo_ring(const glm::mat4& joint, int axis, float radius,
                                  const GizmoView& view, int segments = 48);

// The ring passing within `tolerance_px` of `mouse`, the nearest when several do; -1 for none.
int gizmo_hit(const glm::mat4& joint, float radius, const GizmoView& view, const glm::vec2& mouse,
              float tolerance_px);

// How far (radians, right-handed about the joint's local `axis`) a drag from `from` to `to`
// turns the ring: the angle the mouse sweeps around the joint's projected origin, signed by
// whether the axis points toward the camera or away from it.
float gizmo_drag_angle(const glm::mat4& joint, int axis, const GizmoView& view,
                       const glm::vec2& from, const glm::vec2& to);

}  // namespace anim::ui
