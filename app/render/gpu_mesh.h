#pragma once
// A model's merged mesh on the GPU, with its skin's joint map and the palette buffer.
#include <glm/mat4x4.hpp>

#include "anim/model.h"
#include "anim/span.h"

namespace anim::app {

class GpuMesh {
 public:
  explicit GpuMesh(const Model& model);
  ~GpuMesh();
  GpuMesh(const GpuMesh&) = delete;
  GpuMesh& operator=(const GpuMesh&) = delete;

  // Uploads the palette in one call (one entry per skin entry; empty for a static model).
  void upload_palette(Span<const glm::mat4> palette);
  // Binds the vertex array and the palette/joint-map buffers and draws every submesh.
  void draw() const;

 private:
  unsigned vao_ = 0, vbo_ = 0, ebo_ = 0, palette_ = 0, skin_joints_ = 0;
  std::size_t palette_capacity_ = 0;
  std::vector<SubMesh> submeshes_;
};

}  // namespace anim::app
