#pragma once
// The viewport's overlays on top of the scene: the ends of a crossfade or transition (ghosts:
// tinted skeletons, optionally tinted translucent meshes), onion-skin skeletons of the playing
// clip fading with distance in time, and the trails of the selected joint and the root.
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include "anim/span.h"
#include "anim/ui/scene/trails.h"
#include "anim/ui/scene/viewport_settings.h"
#include "render/gpu_mesh.h"
#include "render/line_renderer.h"
#include "render/shader_program.h"

namespace anim::app {

struct FrameInputs;

// The overlay colours (alpha is where they start fading from); tests look for them in images.
namespace overlay_colors {
const glm::vec4 kGhostSource(1.0f, 0.3f, 0.85f, 0.95f);   // Magenta: what the blend leaves.
const glm::vec4 kGhostTarget(0.2f, 0.9f, 1.0f, 0.95f);    // Cyan: what it goes to.
const glm::vec4 kOnionPast(0.3f, 0.5f, 1.0f, 0.85f);      // Blue.
const glm::vec4 kOnionFuture(0.3f, 0.95f, 0.35f, 0.85f);  // Green.
const glm::vec4 kJointTrail(1.0f, 0.55f, 0.15f, 1.0f);    // The selected joint's orange.
const glm::vec4 kRootTrail(0.75f, 0.55f, 1.0f, 1.0f);     // Violet.
}  // namespace overlay_colors

class GhostRenderer {
 public:
  // The onion frames and the ghosts as translucent meshes in their tints (settings.onion_meshes,
  // settings.ghost_meshes), after the scene's mesh: `mesh`'s palette is left holding the last
  // one's.
  void draw_meshes(const FrameInputs& frame, const ui::ViewportSettings& settings,
                   const glm::mat4& view_projection, ShaderProgram& skinned, GpuMesh& mesh);
  // Onion skeletons, trails and ghost skeletons, through the mesh (no depth test).
  void draw_lines(const FrameInputs& frame, const ui::ViewportSettings& settings,
                  const glm::mat4& view_projection, LineRenderer& lines);

 private:
  void add_skeleton(const FrameInputs& frame, Span<const glm::mat4> joints, const glm::vec4& color,
                    bool with_points);
  void draw_mesh(GpuMesh& mesh, ShaderProgram& skinned, const ui::PosedModel& pose,
                 const glm::vec4& color, float opacity);
  void add_trail(const FrameInputs& frame, const ui::TrailRecorder& trail, const glm::vec4& color);
  LineBatch skeletons_, trails_;
};

}  // namespace anim::app
