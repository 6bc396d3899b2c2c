#include "anim/ui/scene/joint_picking.h"

#include <glm/geometric.hpp>
#include <glm/vec4.hpp>

namespace anim::ui {

bool project_to_viewport(const glm::vec3& point, const glm::mat4& view_projection,
                         const glm::vec2& size, glm::vec2* pixel) {
  const glm::vec4 clip = view_projection * glm::vec4(point, 1.0f);
  if (!(clip.w > 1e-6f)) return false;
  const glm::vec2 ndc(clip.x / clip.w, clip.y / clip.w);
  *pixel = glm::vec2((ndc.x * 0.5f + 0.5f) * size.x, (0.5f - ndc.y * 0.5f) * size.y);
  return true;
}

int pick_joint(Span<const glm::mat4> joint_model, const glm::mat4& view_projection,
               const glm::vec2& size, const glm::vec2& mouse, float radius_px) {
  int best = -1;
  float best_distance = radius_px;
  for (std::size_t j = 0; j < joint_model.size(); ++j) {
    glm::vec2 pixel;
    if (!project_to_viewport(glm::vec3(joint_model[j][3]), view_projection, size, &pixel)) {
      continue;
    }
    const float d = glm::distance(pixel, mouse);
    if (d <= best_distance) {
      best_distance = d;
      best = static_cast<int>(j);
    }
  }
  return best;
}

}  // namespace anim::ui
