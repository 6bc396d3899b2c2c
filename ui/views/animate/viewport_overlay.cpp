#include "anim/ui/views/animate/viewport_overlay.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "anim/ui/scene/joint_picking.h"

namespace anim::ui {
namespace {

const ImU32 kOutline = IM_COL32(0, 0, 0, 230);
const ImU32 kText = IM_COL32(240, 240, 240, 255);
const ImU32 kDimText = IM_COL32(200, 204, 212, 255);
const ImU32 kSelectedText = IM_COL32(255, 170, 80, 255);

ImU32 to_u32(const glm::vec3& c) {
  auto byte = [](float v) {
    return static_cast<int>(std::lround(std::min(std::max(v, 0.0f), 1.0f) * 255.0f));
  };
  return IM_COL32(byte(c.r), byte(c.g), byte(c.b), 255);
}

void ramp_bar(ImDrawList* draw, const ImVec2& min, const ImVec2& max, Ramp ramp) {
  const RampStops& stops = ramp_stops(ramp);
  const float width = max.x - min.x;
  for (int i = 0; i + 1 < stops.count; ++i) {
    const float x0 = min.x + width * static_cast<float>(i) / static_cast<float>(stops.count - 1);
    const float x1 =
        min.x + width * static_cast<float>(i + 1) / static_cast<float>(stops.count - 1);
    const ImU32 a = to_u32(stops.colors[i]), b = to_u32(stops.colors[i + 1]);
    draw->AddRectFilledMultiColor(ImVec2(x0, min.y), ImVec2(x1, max.y), a, b, b, a);
  }
}

}  // namespace

void outlined_text(ImDrawList* draw, const ImVec2& at, ImU32 color, const char* text) {
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      if (dx != 0 || dy != 0) draw->AddText(ImVec2(at.x + dx, at.y + dy), kOutline, text);
    }
  }
  draw->AddText(at, color, text);
}

void draw_joint_names(ImDrawList* draw, const ImVec2& origin, const glm::vec2& size,
                      const Skeleton& skeleton, Span<const glm::mat4> joint_model,
                      const glm::mat4& model_to_clip, int selected_joint) {
  const float lift = ImGui::GetFontSize() * 0.5f;
  for (std::size_t j = 0; j < joint_model.size() && j < skeleton.joint_count(); ++j) {
    glm::vec2 at;
    if (!project_to_viewport(glm::vec3(joint_model[j][3]), model_to_clip, size, &at)) continue;
    const bool selected = static_cast<int>(j) == selected_joint;
    outlined_text(draw,
                  ImVec2(std::round(origin.x + at.x + 6.0f), std::round(origin.y + at.y - lift)),
                  selected ? kSelectedText : kText, skeleton.names[j].c_str());
  }
}

namespace {

// The box behind the legend and its text rows (title, facts, the no-data swatch), above the bar.
void legend_text(ImDrawList* draw, const Legend& legend, const ImVec2& bar_min, float bar_width,
                 float bottom) {
  const float font = ImGui::GetFontSize();
  const float line = font + 3.0f;
  float text_width = ImGui::CalcTextSize(legend.title.c_str()).x;
  for (const std::string& l : legend.lines) {
    text_width = std::max(text_width, ImGui::CalcTextSize(l.c_str()).x);
  }
  const bool swatch = !legend.no_data_label.empty();
  const float swatch_indent = font + 4.0f;  // A square of the no-data colour, then its label.
  if (swatch) {
    text_width =
        std::max(text_width, swatch_indent + ImGui::CalcTextSize(legend.no_data_label.c_str()).x);
  }
  const std::size_t rows = 1 + legend.lines.size() + (swatch ? 1 : 0);
  const float x = bar_min.x;
  const float top = bar_min.y - 9.0f - font - line * static_cast<float>(rows);
  draw->AddRectFilled(ImVec2(x - 8.0f, top - 7.0f),
                      ImVec2(x + std::max(bar_width, text_width) + 8.0f, bottom + 8.0f),
                      IM_COL32(14, 15, 18, 215), 4.0f);
  outlined_text(draw, ImVec2(x, top), kText, legend.title.c_str());
  for (std::size_t i = 0; i < legend.lines.size(); ++i) {
    outlined_text(draw, ImVec2(x, top + line * static_cast<float>(i + 1)), kDimText,
                  legend.lines[i].c_str());
  }
  if (swatch) {
    const float y = top + line * static_cast<float>(rows - 1);
    const ImVec2 a(x + 1.0f, y + 2.0f), b(x + font - 1.0f, y + font);
    draw->AddRectFilled(a, b, to_u32(kNoDataColor));
    draw->AddRect(a, b, kDimText);
    outlined_text(draw, ImVec2(x + swatch_indent, y), kDimText, legend.no_data_label.c_str());
  }
}

// Around the bar: tick marks and labels above it, the picked vertex's triangle pointing at it,
// the bracket of the range the data covers under it.
void legend_marks(ImDrawList* draw, const Legend& legend, const ImVec2& bar_min,
                  const ImVec2& bar_max) {
  const float bar_width = bar_max.x - bar_min.x;
  const float ticks_y = bar_min.y - 5.0f - ImGui::GetFontSize();
  for (const LegendTick& tick : legend.ticks) {
    const float tx = bar_min.x + tick.at * bar_width;
    draw->AddLine(ImVec2(tx, bar_min.y - 4.0f), ImVec2(tx, bar_min.y), kDimText, 1.0f);
    const float w = ImGui::CalcTextSize(tick.label.c_str()).x;
    const float lx = std::min(std::max(tx - w * 0.5f, bar_min.x), bar_max.x - w);
    draw->AddText(ImVec2(std::round(lx), std::round(ticks_y)), kDimText, tick.label.c_str());
  }
  if (legend.vertex_at >= 0.0f) {
    const float vx = std::round(bar_min.x + legend.vertex_at * bar_width);
    const ImVec2 tip(vx, bar_min.y + 2.0f), left(vx - 5.0f, bar_min.y - 6.0f),
        right(vx + 5.0f, bar_min.y - 6.0f);
    draw->AddTriangleFilled(left, right, tip, kText);
    draw->AddTriangle(left, right, tip, kOutline, 1.0f);
  }
  if (legend.data_min >= 0.0f && legend.data_max >= legend.data_min) {
    const float x0 = bar_min.x + legend.data_min * bar_width;
    const float x1 = std::max(bar_min.x + legend.data_max * bar_width, x0 + 2.0f);
    const float y = bar_max.y + 3.0f;
    draw->AddLine(ImVec2(x0, y), ImVec2(x1, y), kText, 2.0f);
    draw->AddLine(ImVec2(x0, bar_max.y), ImVec2(x0, y + 1.0f), kText, 1.0f);
    draw->AddLine(ImVec2(x1, bar_max.y), ImVec2(x1, y + 1.0f), kText, 1.0f);
  }
}

}  // namespace

float legend_height(const Legend& legend) {
  const float font = ImGui::GetFontSize();
  const float line = font + 3.0f;
  const std::size_t rows = 1 + legend.lines.size() + (legend.no_data_label.empty() ? 0 : 1);
  constexpr float kMargin = 12.0f, kPadding = 8.0f, kBar = 14.0f;
  return kMargin + kPadding + kBar + 9.0f + font + line * static_cast<float>(rows) + 7.0f;
}

void draw_legend(ImDrawList* draw, const ImVec2& origin, const glm::vec2& size,
                 const Legend& legend) {
  if (!legend.shown) return;
  if (size.x < 200.0f || size.y < 160.0f) return;  // It would hide the model.
  const LegendBar bar = legend_bar(size);
  const ImVec2 bar_min(origin.x + bar.min.x, origin.y + bar.min.y),
      bar_max(origin.x + bar.max.x, origin.y + bar.max.y);
  // In a small view it shrinks to its title and bar, so the model keeps most of the view.
  const bool compact = legend_height(legend) > kLegendShare * size.y;
  Legend shown_text = compact ? Legend{} : legend;
  if (compact) shown_text.title = legend.title;
  legend_text(draw, shown_text, bar_min, bar_max.x - bar_min.x, bar_max.y);
  ramp_bar(draw, bar_min, bar_max, legend.ramp);
  legend_marks(draw, legend, bar_min, bar_max);
}

void draw_vertex_marker(ImDrawList* draw, const ImVec2& at, int vertex) {
  draw->AddCircleFilled(at, 6.0f, kOutline, 16);
  draw->AddCircleFilled(at, 4.0f, IM_COL32(255, 255, 255, 255), 16);
  draw->AddCircleFilled(at, 2.0f, IM_COL32(230, 40, 200, 255), 12);
  const std::string label = "vertex " + std::to_string(vertex);
  outlined_text(draw,
                ImVec2(std::round(at.x + 9.0f), std::round(at.y - ImGui::GetFontSize() * 0.5f)),
                kText, label.c_str());
}

}  // namespace anim::ui
