#include "anim/ui/scene/weight_legend.h"

#include <algorithm>
#include <cstdio>

namespace anim::ui {
namespace {

// The joint's weight on the vertex: the sum over its skin entries that follow the joint.
float joint_weight(const Model& model, const Vertex& v, int joint) {
  float w = 0.0f;
  for (int i = 0; i < kMaxInfluences; ++i) {
    if (v.weights[i] > 0.0f && v.joints[i] < model.skin.size() &&
        model.skin.joints[v.joints[i]] == joint) {
      w += v.weights[i];
    }
  }
  return w;
}

void grow(WeightRange& range, float value) {
  range.min = range.vertices == 0 ? value : std::min(range.min, value);
  range.max = range.vertices == 0 ? value : std::max(range.max, value);
  ++range.vertices;
}

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof(text), pattern, value);
  return text;
}

// One decimal, or two significant digits under 1% (a sliver cut reads as such, not as 0.0%).
std::string percent(float share) {
  const double p = 100.0 * share;
  return format(p < 1.0 ? "%.2g%%" : "%.1f%%", p);
}

std::string count_text(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

void heatmap_legend(const Model& model, int joint, Legend& legend) {
  legend.ticks = {{0.0f, "0"}, {0.5f, "0.5"}, {1.0f, "1"}};
  if (joint < 0 || static_cast<std::size_t>(joint) >= model.skeleton.joint_count()) {
    legend.title = "Weight";
    legend.lines = {"select a joint"};
    return;
  }
  const std::string& name = model.skeleton.names[joint];
  legend.title = "Weight of " + (name.empty() ? "joint " + std::to_string(joint) : name);
  legend.no_data_label = "weight 0: not moved by it";
  const WeightRange range = joint_weight_range(model, joint);
  if (range.vertices == 0) {
    legend.lines = {"moves no vertex"};
    return;
  }
  legend.lines = {format("min %.3f", range.min) + format("   max %.3f", range.max),
                  count_text(range.vertices, "vertex", "vertices")};
  legend.data_min = range.min;
  legend.data_max = range.max;
}

void truncated_legend(const Model& model, Legend& legend) {
  legend.title = "Weight cut by the 4-influence limit";
  legend.no_data_label = "nothing cut";
  legend.ticks = {{0.0f, "0"},
                  {0.5f, format("%.1f%%", 50.0 * kTruncatedRampTop)},
                  {1.0f, format("%.0f%%+", 100.0 * kTruncatedRampTop)}};
  const WeightRange range = truncated_weight_range(model);
  if (range.vertices == 0) {
    legend.lines = {"no vertex had more than 4 influences"};
    return;
  }
  legend.lines = {"min " + percent(range.min) + "   max " + percent(range.max),
                  count_text(range.vertices, "vertex", "vertices") + " of " +
                      std::to_string(model.mesh.vertices.size())};
  legend.data_min = std::min(range.min / kTruncatedRampTop, 1.0f);
  legend.data_max = std::min(range.max / kTruncatedRampTop, 1.0f);
}

void influence_legend(const Model& model, Legend& legend) {
  legend.title = "Influences per vertex";
  legend.ticks = {{0.25f, "1"}, {0.5f, "2"}, {0.75f, "3"}, {1.0f, "4"}};
  legend.lines = {"most in the file: " + std::to_string(model.max_influences)};
  if (model.truncated_vertices > 0) {
    legend.lines.push_back(count_text(model.truncated_vertices, "vertex", "vertices") +
                           " cut to 4");
  }
}

// Where the picked vertex's value sits on the ramp, with a line saying it.
void mark_vertex(const Model& model, const ViewportSettings& settings, int vertex, Legend& legend) {
  const Vertex& v = model.mesh.vertices[vertex];
  const std::string name = "vertex " + std::to_string(vertex) + ": ";
  if (settings.shading == Shading::kWeightHeatmap) {
    const int joint = settings.selected_joint;
    if (joint < 0 || static_cast<std::size_t>(joint) >= model.skeleton.joint_count()) return;
    const float w = joint_weight(model, v, joint);
    legend.vertex_at = std::min(w, 1.0f);
    legend.lines.push_back(name + (w > 0.0f ? format("%.3f", w) : std::string("0, not moved")));
  } else if (settings.shading == Shading::kTruncatedWeight) {
    legend.vertex_at = std::min(v.truncated_weight / kTruncatedRampTop, 1.0f);
    legend.lines.push_back(name + (v.truncated_weight > 0.0f ? percent(v.truncated_weight) + " cut"
                                                             : std::string("nothing cut")));
  } else if (settings.shading == Shading::kInfluenceCount) {
    int n = 0;
    for (float w : v.weights) n += w > 0.0f ? 1 : 0;
    if (n == 0) return;
    legend.vertex_at = static_cast<float>(n) / kMaxInfluences;
    legend.lines.push_back(name +
                           count_text(static_cast<std::size_t>(n), "influence", "influences"));
  }
}

}  // namespace

WeightRange joint_weight_range(const Model& model, int joint) {
  WeightRange range;
  if (joint < 0) return range;
  for (const Vertex& v : model.mesh.vertices) {
    const float w = joint_weight(model, v, joint);
    if (w > 0.0f) grow(range, w);
  }
  return range;
}

WeightRange truncated_weight_range(const Model& model) {
  WeightRange range;
  for (const Vertex& v : model.mesh.vertices) {
    if (v.truncated_weight > 0.0f) grow(range, v.truncated_weight);
  }
  return range;
}

Legend make_legend(const Model& model, const ViewportSettings& settings, int vertex) {
  Legend legend;
  legend.ramp = settings.ramp;
  switch (settings.shading) {
    case Shading::kWeightHeatmap:
      heatmap_legend(model, settings.selected_joint, legend);
      break;
    case Shading::kTruncatedWeight:
      truncated_legend(model, legend);
      break;
    case Shading::kInfluenceCount:
      influence_legend(model, legend);
      break;
    case Shading::kLit:
    case Shading::kDominantJoint:
      return legend;
  }
  legend.shown = true;
  if (vertex >= 0 && static_cast<std::size_t>(vertex) < model.mesh.vertices.size()) {
    mark_vertex(model, settings, vertex, legend);
  }
  return legend;
}

LegendBar legend_bar(const glm::vec2& size) {
  constexpr float kMargin = 12.0f, kPadding = 8.0f, kWidth = 220.0f, kHeight = 14.0f;
  const float left = kMargin + kPadding;
  const float width = std::max(std::min(kWidth, size.x - 2.0f * left), 16.0f);
  const float bottom = size.y - kMargin - kPadding;
  return {{left, bottom - kHeight}, {left + width, bottom}};
}

}  // namespace anim::ui
