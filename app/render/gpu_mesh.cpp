#include "render/gpu_mesh.h"

#include <cstddef>
#include <vector>

#include <glad/gl.h>

namespace anim::app {

GpuMesh::GpuMesh(const Model& model) : submeshes_(model.mesh.submeshes) {
  glCreateVertexArrays(1, &vao_);
  glCreateBuffers(1, &vbo_);
  glCreateBuffers(1, &ebo_);
  glCreateBuffers(1, &palette_);
  glCreateBuffers(1, &skin_joints_);
  const Mesh& mesh = model.mesh;
  glNamedBufferStorage(vbo_, std::max<std::size_t>(1, mesh.vertices.size() * sizeof(Vertex)),
                       mesh.vertices.empty() ? nullptr : mesh.vertices.data(), 0);
  glNamedBufferStorage(ebo_, std::max<std::size_t>(1, mesh.indices.size() * sizeof(uint32_t)),
                       mesh.indices.empty() ? nullptr : mesh.indices.data(), 0);
  glVertexArrayVertexBuffer(vao_, 0, vbo_, 0, sizeof(Vertex));
  glVertexArrayElementBuffer(vao_, ebo_);
  auto attribute = [&](GLuint location, GLint size, GLenum type, std::size_t offset) {
    glEnableVertexArrayAttrib(vao_, location);
    glVertexArrayAttribFormat(vao_, location, size, type, GL_FALSE, static_cast<GLuint>(offset));
    glVertexArrayAttribBinding(vao_, location, 0);
  };
  attribute(0, 3, GL_FLOAT, offsetof(Vertex, position));
  attribute(1, 3, GL_FLOAT, offsetof(Vertex, normal));
  attribute(2, 2, GL_FLOAT, offsetof(Vertex, uv));
  // Joint indices stay integers all the way to the shader (uvec4).
  glEnableVertexArrayAttrib(vao_, 3);
  glVertexArrayAttribIFormat(vao_, 3, 4, GL_UNSIGNED_SHORT, offsetof(Vertex, joints));
  glVertexArrayAttribBinding(vao_, 3, 0);
  attribute(4, 4, GL_FLOAT, offsetof(Vertex, weights));
  attribute(5, 1, GL_FLOAT, offsetof(Vertex, truncated_weight));

  std::vector<int> joints(model.skin.joints.begin(), model.skin.joints.end());
  if (joints.empty()) joints.push_back(-1);
  glNamedBufferStorage(skin_joints_, joints.size() * sizeof(int), joints.data(), 0);
  const glm::mat4 identity(1.0f);
  upload_palette(Span<const glm::mat4>(&identity, 1));
}

GpuMesh::~GpuMesh() {
  glDeleteBuffers(1, &vbo_);
  glDeleteBuffers(1, &ebo_);
  glDeleteBuffers(1, &palette_);
  glDeleteBuffers(1, &skin_joints_);
  glDeleteVertexArrays(1, &vao_);
}

void GpuMesh::upload_palette(Span<const glm::mat4> palette) {
  if (palette.empty()) return;
  const std::size_t bytes = palette.size() * sizeof(glm::mat4);
  if (palette.size() > palette_capacity_) {
    glNamedBufferData(palette_, bytes, palette.data(), GL_DYNAMIC_DRAW);
    palette_capacity_ = palette.size();
  } else {
    glNamedBufferSubData(palette_, 0, bytes, palette.data());
  }
}

void GpuMesh::draw() const {
  glBindVertexArray(vao_);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, palette_);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, skin_joints_);
  for (const SubMesh& sub : submeshes_) {
    if (sub.index_count == 0) continue;
    glDrawElementsBaseVertex(GL_TRIANGLES, static_cast<GLsizei>(sub.index_count), GL_UNSIGNED_INT,
                             reinterpret_cast<const void*>(sub.first_index * sizeof(uint32_t)),
                             static_cast<GLint>(sub.base_vertex));
  }
  glBindVertexArray(0);
}

}  // namespace anim::app
