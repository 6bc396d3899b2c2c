#include "anim/ui/scene/vertex_picking.h"

#include <cmath>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/vec4.hpp>

namespace anim::ui {
namespace {

struct Projected {
  glm::vec2 pixel{0.0f};
  float depth = 0.0f;  // NDC z: smaller is nearer.
  bool visible = false;
};

std::vector<Projected> project(const Mesh& mesh, Span<const glm::mat4> palette,
                               const glm::mat4& model_to_clip, const glm::vec2& size) {
  std::vector<Projected> out(mesh.vertices.size());
  for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
    const glm::vec4 clip =
        model_to_clip * glm::vec4(skinned_position(mesh.vertices[i], palette), 1.0f);
    if (!(clip.w > 1e-6f)) continue;
    const glm::vec3 ndc = glm::vec3(clip) / clip.w;
    if (ndc.z < -1.0f || ndc.z > 1.0f) continue;  // Before the near plane or past the far one.
    out[i].pixel = glm::vec2((ndc.x * 0.5f + 0.5f) * size.x, (0.5f - ndc.y * 0.5f) * size.y);
    out[i].depth = ndc.z;
    out[i].visible = true;
  }
  return out;
}

float cross2(const glm::vec2& a, const glm::vec2& b) { return a.x * b.y - a.y * b.x; }

// The depth of the triangle under `p`, or false when `p` is outside it.
bool depth_under(const Projected& a, const Projected& b, const Projected& c, const glm::vec2& p,
                 float* depth) {
  const float area = cross2(b.pixel - a.pixel, c.pixel - a.pixel);
  if (std::fabs(area) < 1e-9f) return false;
  const float wa = cross2(b.pixel - p, c.pixel - p) / area;
  const float wb = cross2(c.pixel - p, a.pixel - p) / area;
  const float wc = 1.0f - wa - wb;
  if (wa < 0.0f || wb < 0.0f || wc < 0.0f) return false;
  *depth = wa * a.depth + wb * b.depth + wc * c.depth;
  return true;
}

}  // namespace

glm::vec3 skinned_position(const Vertex& vertex, Span<const glm::mat4> palette) {
  glm::vec4 p(0.0f);
  float total = 0.0f;
  for (int k = 0; k < kMaxInfluences; ++k) {
    if (!(vertex.weights[k] > 0.0f) || vertex.joints[k] >= palette.size()) continue;
    p += vertex.weights[k] * (palette[vertex.joints[k]] * glm::vec4(vertex.position, 1.0f));
    total += vertex.weights[k];
  }
  return total > 0.0f ? glm::vec3(p) / total : vertex.position;
}

int pick_vertex(const Mesh& mesh, Span<const glm::mat4> palette, const glm::mat4& model_to_clip,
                const glm::vec2& size, const glm::vec2& mouse, float radius_px) {
  const std::vector<Projected> projected = project(mesh, palette, model_to_clip, size);
  const std::size_t n = projected.size();
  // The front-most triangle under the mouse.
  int hit[3] = {-1, -1, -1};
  float best_depth = 2.0f;
  auto triangles = [&](std::size_t first, std::size_t count, std::size_t base) {
    for (std::size_t t = first; t + 2 < first + count && t + 2 < mesh.indices.size(); t += 3) {
      const std::size_t i[3] = {base + mesh.indices[t], base + mesh.indices[t + 1],
                                base + mesh.indices[t + 2]};
      if (i[0] >= n || i[1] >= n || i[2] >= n) continue;
      const Projected &a = projected[i[0]], &b = projected[i[1]], &c = projected[i[2]];
      if (!a.visible || !b.visible || !c.visible) continue;
      float depth = 0.0f;
      if (depth_under(a, b, c, mouse, &depth) && depth < best_depth) {
        best_depth = depth;
        for (int k = 0; k < 3; ++k) hit[k] = static_cast<int>(i[k]);
      }
    }
  };
  if (mesh.submeshes.empty()) {
    triangles(0, mesh.indices.size(), 0);
  } else {
    for (const SubMesh& sub : mesh.submeshes) {
      triangles(sub.first_index, sub.index_count, sub.base_vertex);
    }
  }
  int best = -1;
  float best_distance = 0.0f;
  auto consider = [&](int v) {
    const float d = glm::distance(projected[v].pixel, mouse);
    if (best < 0 || d < best_distance) {
      best = v;
      best_distance = d;
    }
  };
  if (hit[0] >= 0) {
    for (int v : hit) consider(v);
    return best;
  }
  for (std::size_t v = 0; v < n; ++v) {
    if (!projected[v].visible || glm::distance(projected[v].pixel, mouse) > radius_px) continue;
    const float d = glm::distance(projected[v].pixel, mouse);
    // Ties (vertices on one spot) go to the nearer one.
    if (best < 0 || d < best_distance ||
        (d == best_distance && projected[v].depth < projected[best].depth)) {
      best = static_cast<int>(v);
      best_distance = d;
    }
  }
  return best;
}

}  // namespace anim::ui
