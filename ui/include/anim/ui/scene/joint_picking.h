#pragma once
// Screen-space picking of joints in the viewport.
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>

#include "anim/span.h"

namespace anim::ui {

// Pixel position of a model-space point in a viewport of `size` pixels (origin top-left), or
// false when it lies behind the camera.
bool project_to_viewport(const glm::vec3& point, const glm::mat4& view_projection,
                         const glm::vec2& size, glm::vec2* pixel);

// The joint whose projected position is nearest to `mouse` (viewport pixels) within
// `radius_px`; -1 when none is that close.
int pick_joint(Span<const glm::mat4> joint_model, const glm::mat4& view_projection,
               const glm::vec2& size, const glm::vec2& mouse, float radius_px);

}  // namespace anim::ui
