#pragma once
// Draws one frame of a model: ground grid, skinned mesh, the feet IK's ground, skeleton overlay.
#include <cstdint>
#include <memory>

#include <glm/mat4x4.hpp>

#include "anim/model.h"
#include "anim/result.h"
#include "anim/span.h"
#include "anim/ui/model/ik_ground.h"
#include "anim/ui/scene/orbit_camera.h"
#include "anim/ui/scene/pose_overlays.h"
#include "anim/ui/scene/trails.h"
#include "anim/ui/scene/viewport_settings.h"
#include "render/ghost_renderer.h"
#include "render/gpu_mesh.h"
#include "render/line_renderer.h"
#include "render/shader_program.h"

namespace anim::app {

struct FrameInputs {
  const Model* model = nullptr;
  // Which model this is (the tool's Document::stamp().document): a new one is uploaded even
  // when it sits at the address of the last, freed one.
  std::uint64_t model_id = 0;
  Span<const glm::mat4> palette;      // One per skin entry.
  Span<const glm::mat4> joint_model;  // One per joint, model space.
  ui::OrbitCamera camera;
  ui::Bounds bounds;        // Of the posed mesh, in the viewer's world: places the grid.
  glm::mat4 display{1.0f};  // Model space to the viewer's world (ui::display_transform).
  float aspect = 1.0f;

  // Overlays (ghost_renderer.h), in model space like joint_model; null or empty: none.
  const ui::GhostPoses* ghosts = nullptr;
  Span<const ui::OnionFrame> onion;
  const ui::TrailRecorder* joint_trail = nullptr;  // The selected joint's.
  const ui::TrailRecorder* root_trail = nullptr;
  // The feet IK's ground (ui::ground_grid_lines), in model space, drawn depth-tested after the
  // mesh; `ground_place` takes it to the viewer's world (display, and the character's place in
  // the world when it is shown walking). Empty: none.
  Span<const ui::GroundLine> ground_lines;
  glm::mat4 ground_place{1.0f};
};

class SceneRenderer {
 public:
  static Result<std::unique_ptr<SceneRenderer>> create();

  // Uploads a model's mesh (again) when it differs from the last one drawn (by address or id).
  void set_model(const Model* model, std::uint64_t id = 0);
  // Draws into the bound framebuffer, clearing it first.
  void draw(const FrameInputs& frame, const ui::ViewportSettings& settings);

 private:
  SceneRenderer() = default;
  void build_grid(const ui::Bounds& bounds);
  void draw_ground(const FrameInputs& frame, const glm::mat4& view_projection);
  void build_skeleton(const FrameInputs& frame, const ui::ViewportSettings& settings);
  void draw_selected_bone(const glm::mat4& view_projection);  // Over the skeleton, wide.

  std::unique_ptr<ShaderProgram> skinned_;
  std::unique_ptr<LineRenderer> lines_;
  std::unique_ptr<GpuMesh> mesh_;
  const Model* model_ = nullptr;
  std::uint64_t model_id_ = 0;
  LineBatch grid_, ground_, overlay_, selected_bone_;
  GhostRenderer ghosts_;
};

}  // namespace anim::app
