#pragma once
// The 3D view inside an ImGui window: renders the document's pose into a texture, shows it,
// and turns mouse input into camera moves and joint picks.
#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/scene/orbit_camera.h"
#include "anim/ui/scene/rotate_gizmo.h"
#include "anim/ui/scene/trails.h"
#include "anim/ui/scene/viewport_settings.h"
#include "anim/ui/views/animate/ik_gizmos.h"
#include "anim/ui/widgets/item_rects.h"
#include "render/view_renderer.h"

namespace anim::app {

class ViewportPanel {
 public:
  // Draws inside the current window: a toolbar, then the view filling the rest.
  void draw(const ui::Document& doc, ui::Commands& cmds, ui::Selection& selection,
            ViewRenderer& renderer);
  // Places the camera around all of what plays: the current pose and the whole clip(s) (key F,
  // and on load; ui::playback_extent).
  void frame_model(const ui::Document& doc);
  // The overlay poses the settings ask the document to evaluate.
  ui::OverlayRequest overlay_request() const;

  ui::ViewportSettings settings;
  ui::OrbitCamera camera;
  // Another panel takes F this frame (the state graph under the mouse frames itself).
  bool frame_key_taken = false;
  // The toolbar's widgets of the last frame: "shading", "ramp", each switch on the row by its
  // label ("Mesh", "Names"...), "more" (while some did not fit), "reset_pose", "frame".
  ui::ItemRects rects;
  // The vertex an Alt+click would pick now (shown while Alt is held over the view), or -1.
  int alt_hover_vertex() const { return alt_hover_vertex_; }

 private:
  void toolbar(const ui::Document& doc, ui::Commands& cmds);
  // The rotate gizmo of the selected joint: true while it owns the mouse.
  bool gizmo_input(const ui::Document& doc, ui::Commands& cmds, const ui::Selection& selection,
                   const glm::vec2& mouse, const glm::vec2& size);
  void draw_gizmo(const ui::Document& doc, const ui::Selection& selection, const glm::vec2& origin,
                  const glm::vec2& size, const glm::vec2& mouse) const;
  // How a view of `size` pixels sees model space: camera view x display turn, projection.
  ui::GizmoView gizmo_view(const glm::vec2& size) const;
  float gizmo_radius() const;
  void handle_input(const ui::Document& doc, ui::Commands& cmds, ui::Selection& selection,
                    const glm::vec2& origin, const glm::vec2& size);
  // Model space to clip space for a view of `size` pixels (gizmo_view's matrices combined).
  glm::mat4 model_to_screen(const glm::vec2& size) const;
  void draw_labels(const ui::Document& doc, const ui::Selection& selection, const glm::vec2& origin,
                   const glm::vec2& size) const;
  // While Alt is held over the view: rings the vertex an Alt+click would pick, with a tooltip.
  void preview_vertex_pick(const ui::Document& doc, const glm::vec2& origin, const glm::vec2& size);
  int alt_hover_vertex_ = -1;
  // Trails and the follow camera, fed the shown pose every frame.
  void follow_pose(const ui::Document& doc, const ui::Selection& selection);
  ui::JointTrails trails_;
  ui::IkGizmos ik_gizmos_;  // The IK targets, reach colours and ground (a setup with IK).
  ui::Bounds ground_;       // Bounds at the last framing: the grid stays put while the model moves.
  std::vector<ui::GroundLine> ground_lines_;  // The feet IK's ground this frame (FrameInputs).
  float aspect_ = 1.5f;     // Width / height of the last drawn view, for framing.
  bool dragging_ = false;
  int gizmo_axis_ = -1;         // The ring being dragged, or -1.
  glm::vec2 gizmo_last_{0.0f};  // Mouse position at the last gizmo step.
};

}  // namespace anim::app
