#pragma once
// Draws coloured lines and round points (grid, skeleton, joint axes) from CPU-built lists.
#include <memory>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "render/shader_program.h"

namespace anim::app {

struct ColoredVertex {
  glm::vec3 position;
  glm::vec4 color;
};

// Geometry for one frame: pairs of vertices in `lines`, single vertices in `points`.
struct LineBatch {
  std::vector<ColoredVertex> lines;
  std::vector<ColoredVertex> points;

  void clear() {
    lines.clear();
    points.clear();
  }
  void line(const glm::vec3& a, const glm::vec3& b, const glm::vec4& color) {
    lines.push_back({a, color});
    lines.push_back({b, color});
  }
  void point(const glm::vec3& p, const glm::vec4& color) { points.push_back({p, color}); }
};

class LineRenderer {
 public:
  explicit LineRenderer(std::unique_ptr<ShaderProgram> program);
  ~LineRenderer();
  LineRenderer(const LineRenderer&) = delete;
  LineRenderer& operator=(const LineRenderer&) = delete;

  void draw(const LineBatch& batch, const glm::mat4& view_projection, float point_size);

 private:
  void upload(const std::vector<ColoredVertex>& vertices);
  std::unique_ptr<ShaderProgram> program_;
  unsigned vao_ = 0, vbo_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace anim::app
