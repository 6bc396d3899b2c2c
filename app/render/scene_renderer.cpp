#include "render/scene_renderer.h"

#include <cmath>

#include <glad/gl.h>

#include "render/data_shading.h"
#include "render/shader_sources.h"

namespace anim::app {
namespace {

const glm::vec4 kBone(0.95f, 0.85f, 0.35f, 0.95f);
const glm::vec4 kSelected(1.0f, 0.45f, 0.1f, 1.0f);
const glm::vec4 kJoint(0.95f, 0.95f, 0.95f, 0.95f);
// The selected joint's bone (parent -> joint): wide and bright over a dark edge.
const glm::vec4 kSelectedBone(1.0f, 0.78f, 0.3f, 1.0f);
const glm::vec4 kSelectedBoneEdge(0.0f, 0.0f, 0.0f, 0.75f);

// A "nice" grid step (1, 2 or 5 times a power of ten) giving about 10 cells per radius.
float grid_step(float radius) {
  const float raw = radius / 5.0f;
  const float power = std::pow(10.0f, std::floor(std::log10(raw)));
  const float unit = raw / power;
  return power * (unit < 2.0f ? 1.0f : unit < 5.0f ? 2.0f : 5.0f);
}

}  // namespace

Result<std::unique_ptr<SceneRenderer>> SceneRenderer::create() {
  std::unique_ptr<SceneRenderer> r(new SceneRenderer());
  auto skinned = ShaderProgram::create("skinned", shaders::kSkinnedVert, shaders::kSkinnedFrag);
  if (!skinned.ok()) return skinned.error();
  auto lines = ShaderProgram::create("lines", shaders::kLinesVert, shaders::kLinesFrag);
  if (!lines.ok()) return lines.error();
  r->skinned_ = std::move(skinned).value();
  r->lines_ = std::make_unique<LineRenderer>(std::move(lines).value());
  return r;
}

void SceneRenderer::set_model(const Model* model, std::uint64_t id) {
  if (model == model_ && id == model_id_) return;
  model_ = model;
  model_id_ = id;
  mesh_ = model ? std::make_unique<GpuMesh>(*model) : nullptr;
}

void SceneRenderer::build_grid(const ui::Bounds& bounds) {
  grid_.clear();
  const float radius = bounds.valid() ? bounds.radius() : 1.0f;
  const float step = grid_step(radius);
  const int half = 12;
  const glm::vec3 c = bounds.valid() ? bounds.center() : glm::vec3(0.0f);
  const float y = bounds.valid() ? bounds.min.y : 0.0f;
  const float cx = std::round(c.x / step) * step, cz = std::round(c.z / step) * step;
  for (int i = -half; i <= half; ++i) {
    const float alpha = i == 0 ? 0.55f : (i % 5 == 0 ? 0.35f : 0.18f);
    const glm::vec4 color(0.75f, 0.78f, 0.85f, alpha);
    grid_.line({cx + i * step, y, cz - half * step}, {cx + i * step, y, cz + half * step}, color);
    grid_.line({cx - half * step, y, cz + i * step}, {cx + half * step, y, cz + i * step}, color);
  }
}

void SceneRenderer::build_skeleton(const FrameInputs& frame, const ui::ViewportSettings& settings) {
  overlay_.clear();
  selected_bone_.clear();
  const Skeleton& skeleton = frame.model->skeleton;
  const float axis = frame.bounds.valid() ? frame.bounds.radius() * 0.06f : 0.05f;
  auto at = [&](std::size_t j) { return glm::vec3(frame.display * frame.joint_model[j][3]); };
  for (std::size_t j = 0; j < frame.joint_model.size() && j < skeleton.joint_count(); ++j) {
    const glm::vec3 p = at(j);
    const bool selected = static_cast<int>(j) == settings.selected_joint;
    const int parent = skeleton.parents[j];
    if (settings.show_skeleton && parent >= 0) {
      const bool parent_selected = parent == settings.selected_joint;
      overlay_.line(at(static_cast<std::size_t>(parent)), p, parent_selected ? kSelected : kBone);
      if (selected) selected_bone_.line(at(static_cast<std::size_t>(parent)), p, kSelectedBone);
    }
    if (settings.show_skeleton) overlay_.point(p, selected ? kSelected : kJoint);
    if (settings.show_joint_axes || selected) {
      const glm::mat4 m = frame.display * frame.joint_model[j];
      for (int a = 0; a < 3; ++a) {
        glm::vec4 color(0.0f, 0.0f, 0.0f, 1.0f);
        color[a] = 1.0f;
        const glm::vec3 dir = glm::normalize(glm::vec3(m[a]));
        overlay_.line(p, p + dir * axis * (selected ? 2.0f : 1.0f), color);
      }
    }
  }
}

void SceneRenderer::draw_selected_bone(const glm::mat4& view_projection) {
  if (selected_bone_.lines.empty()) return;
  // Wide lines are optional in a core profile: stay within what the driver draws (at worst 1
  // pixel, where the colour alone marks the bone).
  GLfloat range[2] = {1.0f, 1.0f};
  glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, range);
  auto width = [&range](float w) { return w < range[1] ? w : range[1]; };
  LineBatch edge = selected_bone_;
  for (ColoredVertex& v : edge.lines) v.color = kSelectedBoneEdge;
  glLineWidth(width(7.0f));
  lines_->draw(edge, view_projection, 1.0f);
  glLineWidth(width(3.5f));
  lines_->draw(selected_bone_, view_projection, 1.0f);
  glLineWidth(1.0f);
}

void SceneRenderer::draw_ground(const FrameInputs& frame, const glm::mat4& view_projection) {
  if (frame.ground_lines.empty()) return;
  const glm::vec4 plane(0.47f, 0.67f, 0.9f, 0.85f), step(0.9f, 0.7f, 0.47f, 0.85f);
  ground_.clear();
  for (const ui::GroundLine& l : frame.ground_lines) {
    ground_.line(glm::vec3(frame.ground_place * glm::vec4(l.a, 1.0f)),
                 glm::vec3(frame.ground_place * glm::vec4(l.b, 1.0f)), l.step ? step : plane);
  }
  lines_->draw(ground_, view_projection, 1.0f);
}

void SceneRenderer::draw(const FrameInputs& frame, const ui::ViewportSettings& settings) {
  glClearColor(0.16f, 0.17f, 0.19f, 1.0f);
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  const glm::mat4 vp = frame.camera.projection(frame.aspect) * frame.camera.view();
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  if (settings.show_grid) {
    build_grid(frame.bounds);
    lines_->draw(grid_, vp, 1.0f);
  }
  set_model(frame.model, frame.model_id);
  if (mesh_ && settings.show_mesh) {
    mesh_->upload_palette(frame.palette);
    skinned_->use();
    skinned_->set("u_view_projection", vp);
    skinned_->set("u_display", frame.display);
    skinned_->set("u_shading", static_cast<int>(settings.shading));
    skinned_->set("u_selected_joint", settings.selected_joint);
    skinned_->set("u_base_color", glm::vec3(0.72f, 0.66f, 0.6f));
    skinned_->set("u_camera_position", frame.camera.position());
    set_data_shading(*skinned_, settings);
    glDisable(GL_CULL_FACE);  // Imported meshes are often open or inconsistently wound.
    mesh_->draw();
  }
  draw_ground(frame, vp);  // Depth-tested: the feet hide the lines behind them.
  if (mesh_) ghosts_.draw_meshes(frame, settings, vp, *skinned_, *mesh_);
  ghosts_.draw_lines(frame, settings, vp, *lines_);
  if (frame.model &&
      (settings.show_skeleton || settings.show_joint_axes || settings.selected_joint >= 0)) {
    build_skeleton(frame, settings);
    glDisable(GL_DEPTH_TEST);  // The skeleton shows through the mesh.
    lines_->draw(overlay_, vp, 7.0f);
    draw_selected_bone(vp);
  }
  glDisable(GL_DEPTH_TEST);
}

}  // namespace anim::app
