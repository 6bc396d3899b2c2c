#include "render/line_renderer.h"

#include <cstddef>

#include <glad/gl.h>

namespace anim::app {

LineRenderer::LineRenderer(std::unique_ptr<ShaderProgram> program) : program_(std::move(program)) {
  glCreateVertexArrays(1, &vao_);
  glCreateBuffers(1, &vbo_);
  glVertexArrayVertexBuffer(vao_, 0, vbo_, 0, sizeof(ColoredVertex));
  glEnableVertexArrayAttrib(vao_, 0);
  glVertexArrayAttribFormat(vao_, 0, 3, GL_FLOAT, GL_FALSE, offsetof(ColoredVertex, position));
  glVertexArrayAttribBinding(vao_, 0, 0);
  glEnableVertexArrayAttrib(vao_, 1);
  glVertexArrayAttribFormat(vao_, 1, 4, GL_FLOAT, GL_FALSE, offsetof(ColoredVertex, color));
  glVertexArrayAttribBinding(vao_, 1, 0);
}

LineRenderer::~LineRenderer() {
  glDeleteBuffers(1, &vbo_);
  glDeleteVertexArrays(1, &vao_);
}

void LineRenderer::upload(const std::vector<ColoredVertex>& vertices) {
  const std::size_t bytes = vertices.size() * sizeof(ColoredVertex);
  if (vertices.size() > capacity_) {
    capacity_ = vertices.size() * 2;
    glNamedBufferData(vbo_, capacity_ * sizeof(ColoredVertex), nullptr, GL_STREAM_DRAW);
  }
  glNamedBufferSubData(vbo_, 0, bytes, vertices.data());
}

void LineRenderer::draw(const LineBatch& batch, const glm::mat4& view_projection,
                        float point_size) {
  program_->use();
  program_->set("u_view_projection", view_projection);
  program_->set("u_point_size", point_size);
  glBindVertexArray(vao_);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  if (!batch.lines.empty()) {
    upload(batch.lines);
    program_->set("u_round_points", 0);
    glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(batch.lines.size()));
  }
  if (!batch.points.empty()) {
    upload(batch.points);
    program_->set("u_round_points", 1);
    glEnable(GL_PROGRAM_POINT_SIZE);
    glDrawArrays(GL_POINTS, 0, static_cast<GLsizei>(batch.points.size()));
  }
  glDisable(GL_BLEND);
  glBindVertexArray(0);
}

}  // namespace anim::app
