#include "render/ghost_renderer.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include <glad/gl.h>

#include "render/scene_renderer.h"

namespace anim::app {
namespace {

glm::vec4 faded(glm::vec4 color, float keep) {
  color.a *= keep;
  return color;
}

}  // namespace

namespace {

// How much of its colour an onion frame keeps: 1 next to now, a quarter at the furthest.
float onion_keep(const ui::OnionFrame& frame, float furthest) {
  return 1.0f - 0.75f * std::abs(frame.sample.offset) / std::max(furthest, 1e-6f);
}

float furthest_offset(Span<const ui::OnionFrame> onion) {
  float furthest = 0.0f;
  for (const ui::OnionFrame& f : onion) furthest = std::max(furthest, std::abs(f.sample.offset));
  return furthest;
}

const glm::vec4& onion_color(const ui::OnionFrame& frame) {
  return frame.sample.offset < 0.0f ? overlay_colors::kOnionPast : overlay_colors::kOnionFuture;
}

}  // namespace

void GhostRenderer::draw_mesh(GpuMesh& mesh, ShaderProgram& skinned, const ui::PosedModel& pose,
                              const glm::vec4& color, float opacity) {
  glBlendColor(0.0f, 0.0f, 0.0f, opacity);
  mesh.upload_palette(pose.palette);
  skinned.set("u_base_color", glm::vec3(color));
  mesh.draw();
}

void GhostRenderer::draw_meshes(const FrameInputs& frame, const ui::ViewportSettings& settings,
                                const glm::mat4& view_projection, ShaderProgram& skinned,
                                GpuMesh& mesh) {
  const bool ghosts =
      settings.show_ghosts && settings.ghost_meshes && frame.ghosts && frame.ghosts->active;
  const bool onion = settings.onion_meshes && !frame.onion.empty();
  if (!ghosts && !onion) return;
  skinned.use();
  skinned.set("u_view_projection", view_projection);
  skinned.set("u_display", frame.display);
  skinned.set("u_shading", 0);
  skinned.set("u_camera_position", frame.camera.position());
  // The shader writes opaque colours: a constant alpha makes them translucent, and without depth
  // writes none hides another.
  glEnable(GL_BLEND);
  glBlendFunc(GL_CONSTANT_ALPHA, GL_ONE_MINUS_CONSTANT_ALPHA);
  glDepthMask(GL_FALSE);
  if (onion) {
    const float furthest = furthest_offset(frame.onion);
    for (std::size_t i = frame.onion.size(); i-- > 0;) {  // Furthest first.
      const ui::OnionFrame& f = frame.onion[i];
      draw_mesh(mesh, skinned, f.pose, onion_color(f), 0.3f * onion_keep(f, furthest));
    }
  }
  if (ghosts) {
    draw_mesh(mesh, skinned, frame.ghosts->source, overlay_colors::kGhostSource, 0.35f);
    draw_mesh(mesh, skinned, frame.ghosts->target, overlay_colors::kGhostTarget, 0.35f);
  }
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
}

void GhostRenderer::add_skeleton(const FrameInputs& frame, Span<const glm::mat4> joints,
                                 const glm::vec4& color, bool with_points) {
  const Skeleton& skeleton = frame.model->skeleton;
  auto at = [&](std::size_t j) { return glm::vec3(frame.display * joints[j][3]); };
  for (std::size_t j = 0; j < joints.size() && j < skeleton.joint_count(); ++j) {
    const int parent = skeleton.parents[j];
    if (parent >= 0) skeletons_.line(at(static_cast<std::size_t>(parent)), at(j), color);
    if (with_points) skeletons_.point(at(j), color);
  }
}

void GhostRenderer::add_trail(const FrameInputs& frame, const ui::TrailRecorder& trail,
                              const glm::vec4& color) {
  const Span<const ui::TrailPoint> points = trail.points();
  auto at = [&](std::size_t i) {
    return glm::vec3(frame.display * glm::vec4(points[i].position, 1.0f));
  };
  for (std::size_t i = 0; i < points.size(); ++i) {
    const glm::vec4 c = faded(color, trail.freshness(points[i]));
    if (i > 0) trails_.line(at(i - 1), at(i), c);
    trails_.point(at(i), c);
  }
}

void GhostRenderer::draw_lines(const FrameInputs& frame, const ui::ViewportSettings& settings,
                               const glm::mat4& view_projection, LineRenderer& lines) {
  if (!frame.model) return;
  skeletons_.clear();
  trails_.clear();
  const float furthest = furthest_offset(frame.onion);
  // Furthest first, so nearer frames draw over them.
  for (std::size_t i = frame.onion.size(); i-- > 0;) {
    const ui::OnionFrame& f = frame.onion[i];
    add_skeleton(frame, f.pose.model_space, faded(onion_color(f), onion_keep(f, furthest)), false);
  }
  if (frame.root_trail) add_trail(frame, *frame.root_trail, overlay_colors::kRootTrail);
  if (frame.joint_trail) add_trail(frame, *frame.joint_trail, overlay_colors::kJointTrail);
  if (settings.show_ghosts && frame.ghosts && frame.ghosts->active) {
    add_skeleton(frame, frame.ghosts->source.model_space, overlay_colors::kGhostSource, true);
    add_skeleton(frame, frame.ghosts->target.model_space, overlay_colors::kGhostTarget, true);
  }
  glDisable(GL_DEPTH_TEST);
  // Wider than the skeleton's lines, so they read beside it (a context that is not
  // forward-compatible, as ours, draws wide lines).
  glLineWidth(2.0f);
  lines.draw(trails_, view_projection, 3.0f);
  lines.draw(skeletons_, view_projection, 5.0f);
  glLineWidth(1.0f);
}

}  // namespace anim::app
