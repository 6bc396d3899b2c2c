#pragma once
// What the viewport's legend says for a data shading: the ramp, its tick labels, the range the
// data covers and the facts behind it, computed from the model alone (no ImGui), so the tool and
// `render --legend` show the same numbers.
#include <cstdint>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "anim/model.h"
#include "anim/ui/scene/color_ramp.h"
#include "anim/ui/scene/viewport_settings.h"

namespace anim::ui {

// The truncated-weight shading reaches the ramp's top at this dropped weight (a quarter of the
// vertex's weight); more shows as the top too. The shader gets the same value.
constexpr float kTruncatedRampTop = 0.25f;

struct WeightRange {
  uint32_t vertices = 0;         // Vertices counted.
  float min = 0.0f, max = 0.0f;  // Over those vertices; both 0 when there are none.
};

// The joint's weight on each vertex it moves (the sum over the vertex's skin entries that follow
// it, as the heatmap shows it): how many vertices, the least and the most.
WeightRange joint_weight_range(const Model& model, int joint);
// The weight the four-influence limit dropped (Vertex::truncated_weight), over the vertices that
// lost some.
WeightRange truncated_weight_range(const Model& model);

struct LegendTick {
  float at = 0.0f;  // Place on the ramp, 0..1.
  std::string label;
};

struct Legend {
  bool shown = false;  // False for lit and dominant-joint shading: no ramp to explain.
  Ramp ramp = Ramp::kBlender;
  std::string title;               // "Weight of ForeLeg_L_02".
  std::vector<std::string> lines;  // Facts under the title.
  std::vector<LegendTick> ticks;   // Labels along the bar.
  // What kNoDataColor means here ("weight 0"), shown beside a swatch; empty: not used.
  std::string no_data_label;
  // The part of the ramp the data covers (0..1), marked on the bar; negative for none.
  float data_min = -1.0f, data_max = -1.0f;
  float vertex_at = -1.0f;  // The picked vertex's value on the ramp (0..1); negative for none.
};

// The legend for `settings`' shading, ramp and selected joint on `model`; with a picked
// `vertex` (-1: none), also its value, as a line and a mark on the bar.
Legend make_legend(const Model& model, const ViewportSettings& settings, int vertex = -1);

// Where the legend's colour bar lies in a view of `size` pixels (origin top-left): along the
// bottom-left corner, whatever the font, so tests can read its pixels. The ramp runs from
// min.x (0) to max.x (1).
struct LegendBar {
  glm::vec2 min{0.0f}, max{0.0f};
};
LegendBar legend_bar(const glm::vec2& size);

}  // namespace anim::ui
