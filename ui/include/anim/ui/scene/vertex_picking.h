#pragma once
// Screen-space picking of mesh vertices in the viewport (Alt+click), on the mesh skinned on the
// CPU with the palette the GPU draws with.
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "anim/model.h"
#include "anim/span.h"

namespace anim::ui {

// The vertex's position skinned with `palette` (one matrix per skin entry), as the vertex
// shader computes it; the bind position for an unskinned vertex.
glm::vec3 skinned_position(const Vertex& vertex, Span<const glm::mat4> palette);

// The vertex under `mouse` (viewport pixels, origin top-left, in a view of `size` pixels seen
// through `model_to_clip`): of the triangle nearest the camera under the mouse, its vertex
// nearest the mouse; where no triangle is under the mouse, the vertex nearest the mouse within
// `radius_px`. -1 when there is none.
int pick_vertex(const Mesh& mesh, Span<const glm::mat4> palette, const glm::mat4& model_to_clip,
                const glm::vec2& size, const glm::vec2& mouse, float radius_px);

}  // namespace anim::ui
