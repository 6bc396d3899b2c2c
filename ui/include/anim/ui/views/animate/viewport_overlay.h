#pragma once
// What is drawn over the 3D view with ImGui's draw lists, the same in the tool's viewport and in
// `animscope render` (which draws it offscreen): text outlined to read on any background, joint
// names, the data shadings' legend and the picked vertex's marker.
#include <imgui.h>
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>

#include "anim/skeleton.h"
#include "anim/span.h"
#include "anim/ui/scene/weight_legend.h"

namespace anim::ui {

// `text` at `at` in `color` over a dark outline (the text drawn 1 pixel off in 8 directions).
void outlined_text(ImDrawList* draw, const ImVec2& at, ImU32 color, const char* text);

// Every joint's name beside its projected position; the selected joint's in orange. `origin` is
// the view's top-left on screen, `size` its size, `model_to_clip` its camera.
void draw_joint_names(ImDrawList* draw, const ImVec2& origin, const glm::vec2& size,
                      const Skeleton& skeleton, Span<const glm::mat4> joint_model,
                      const glm::mat4& model_to_clip, int selected_joint);

// The legend box in the view's bottom-left corner, its bar at legend_bar(size); nothing in a
// view under 200x160 pixels, where it would hide the model. Taller than kLegendShare of the
// view's height, it shrinks to its title and bar (the facts and the no-data swatch go).
constexpr float kLegendShare = 0.3f;
void draw_legend(ImDrawList* draw, const ImVec2& origin, const glm::vec2& size,
                 const Legend& legend);

// The full legend's height in pixels at the current font, from the view's bottom edge to the top
// of its box.
float legend_height(const Legend& legend);

// A ringed dot on a picked vertex at `at` (screen pixels), labelled with its index.
void draw_vertex_marker(ImDrawList* draw, const ImVec2& at, int vertex);

}  // namespace anim::ui
