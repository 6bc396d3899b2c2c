#pragma once
// The viewport's IK overlay (issue 28): each IK entry's target as a diamond coloured by reach
// (ik_reach_color), the bones it moves highlighted alike, a feet entry's ground hits with their
// normals; the ground (and its step) as grid lines the renderer draws depth-tested
// (ik_ground_lines). A target can be dragged in the
// view plane: a vector3 parameter's follows the mouse (Commands::set_vector); a constant one
// moves while dragged and becomes one setup edit (an undo step) when released.
#include <string>
#include <vector>

#include <imgui.h>
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/scene/ik_overlay.h"
#include "anim/ui/scene/rotate_gizmo.h"

namespace anim::ui {

class IkGizmos {
 public:
  static constexpr float kHitTolerancePx = 9.0f;

  // Mouse input over the view (`mouse` in view pixels; `hovered`: the view's item is). True
  // while a target drag owns the mouse (the camera must not move), the release frame included.
  bool input(const Document& doc, Commands& cmds, const GizmoView& view, const glm::vec2& mouse,
             bool hovered);
  // Draws over the view whose top-left is `origin` on screen; `extent`: half the ground grid's
  // width (model units), which scales the ground normals drawn at the feet.
  void draw(ImDrawList* draw, const ImVec2& origin, const Document& doc, const GizmoView& view,
            const glm::vec2& mouse, bool hovered, float extent) const;
  // The entry (ik_results index) being dragged, or -1.
  int dragged() const { return dragged_; }

 private:
  int dragged_ = -1;
  glm::vec2 last_{0.0f};
  glm::vec3 value_{0.0f};  // The dragged target now.
};

// The ground's grid over x, z in [-extent, extent] (ground_grid_lines) when the viewport shows
// it: the machine runs a feet entry and the ground is on and shown; else none.
std::vector<GroundLine> ik_ground_lines(const Document& doc, float extent);
// Where the ground's model space is in the view's world: `display` (model to the viewer's
// world), moved with the character when the document shows it walking.
glm::mat4 ik_ground_place(const Document& doc, const glm::mat4& display);

}  // namespace anim::ui
