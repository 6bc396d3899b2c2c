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

void GhostRenderer::draw_meshes(const FrameInputs& frame, const ui::ViewportSettings& settings,
                                const glm::mat4& view_projection, ShaderProgram& skinned,
                                GpuMesh& mesh) {
  if (!settings.show_ghosts || !settings.ghost_meshes || !frame.ghosts || !frame.ghosts->active) {
    return;
  }
  skinned.use();
  skinned.set("u_view_projection", view_projection);
  skinned.set("u_display", frame.display);
  skinned.set("u_shading", 0);
  skinned.set("u_camera_position", frame.camera.position());
  // The shader writes opaque colours: a constant alpha makes them translucent, and without depth
  // writes neither ghost hides the other.
  glEnable(GL_BLEND);
  glBlendFunc(GL_CONSTANT_ALPHA, GL_ONE_MINUS_CONSTANT_ALPHA);
  glBlendColor(0.0f, 0.0f, 0.0f, 0.35f);
  glDepthMask(GL_FALSE);
  const std::pair<const ui::PosedModel*, glm::vec4> ghosts[] = {
      {&frame.ghosts->source, overlay_colors::kGhostSource},
      {&frame.ghosts->target, overlay_colors::kGhostTarget}};
  for (const auto& [pose, color] : ghosts) {
    mesh.upload_palette(pose->palette);
    skinned.set("u_base_color", glm::vec3(color));
    mesh.draw();
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
  float furthest = 0.0f;
  for (const ui::OnionFrame& f : frame.onion) furthest = std::max(furthest, std::abs(f.sample.offset));
  // Furthest first, so nearer frames draw over them.
  for (std::size_t i = frame.onion.size(); i-- > 0;) {
    const ui::OnionFrame& f = frame.onion[i];
    const float keep = 1.0f - 0.75f * std::abs(f.sample.offset) / std::max(furthest, 1e-6f);
    const glm::vec4& color =
        f.sample.offset < 0.0f ? overlay_colors::kOnionPast : overlay_colors::kOnionFuture;
    add_skeleton(frame, f.pose.model_space, faded(color, keep), false);
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
