#include "gui/window_layout.h"

#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace anim::app {
namespace {

constexpr float kMinSide = 180.0f;   // Narrowest side column, in pixels.
constexpr float kMinGraph = 240.0f;  // Narrowest graph.
constexpr float kMinPanel = 90.0f;   // Lowest stacked panel or timeline.
// Lowest Inspector where the column has room: a joint's header lines and its model-space
// translation, rotation and scale table (the Blend or Setup panel below scrolls instead).
constexpr float kMinInspector = 250.0f;

// Whole pixels: ImGui floors window sizes, and a fractional size would read back as a drag.
float clamp_span(float value, float low, float high) {
  return std::floor(high < low ? low : std::clamp(value, low, high));
}

}  // namespace

WindowLayout compute_layout(const ImVec2& display, float menu_height, const LayoutSplits& s,
                            Workspace workspace) {
  const bool graph = workspace == Workspace::kGraph;
  const float w = display.x, h = display.y;
  const float status_h = menu_height + 4.0f;
  const float top = menu_height;
  // The timeline leaves the viewport its minimum height where the display has it.
  const float timeline_h =
      clamp_span(h * (graph ? s.graph_timeline : s.timeline), kMinPanel,
                 std::min(h * 0.5f, h - top - status_h - kMinViewportPanelHeight));
  const float body_h = std::max(h - top - status_h - timeline_h, 2.0f * kMinPanel);
  const float centre_min = graph ? kMinViewportPanelWidth + kMinGraph : kMinViewportPanelWidth;
  const float left_w =
      clamp_span(w * (graph ? s.graph_left : s.left), kMinSide, w - 2.0f * kMinSide - centre_min);
  const float right_w =
      clamp_span(w * (graph ? s.graph_right : s.right), kMinSide, w - left_w - centre_min);
  const float center_w = std::max(w - left_w - right_w, 100.0f);
  const float upper_left = graph ? s.parameters : s.skeleton;
  const float upper_left_h = clamp_span(body_h * upper_left, kMinPanel, body_h - kMinPanel);
  const float inspector_h =
      clamp_span(body_h * (graph ? s.graph_inspector : s.inspector),
                 std::min(kMinInspector, body_h - 1.5f * kMinPanel), body_h - kMinPanel);
  WindowLayout l;
  l.display = display;
  l.body_height = body_h;
  l.centre_width = center_w;
  l.workspace = workspace;
  const PanelRect upper = {{0, top}, {left_w, upper_left_h}};
  const PanelRect lower = {{0, top + upper_left_h}, {left_w, body_h - upper_left_h}};
  const PanelRect right_top = {{left_w + center_w, top}, {right_w, inspector_h}};
  const PanelRect right_rest = {{left_w + center_w, top + inspector_h},
                                {right_w, body_h - inspector_h + timeline_h}};
  if (graph) {
    const float graph_w =
        clamp_span(center_w * s.graph, kMinGraph, center_w - kMinViewportPanelWidth);
    l.parameters = upper;
    l.skeleton = lower;
    l.viewport = {{left_w, top}, {center_w - graph_w, body_h}};
    l.graph = {{left_w + center_w - graph_w, top}, {graph_w, body_h}};
    l.inspector = right_top;
    l.setup = right_rest;
  } else {
    l.skeleton = upper;
    l.clips = lower;
    l.viewport = {{left_w, top}, {center_w, body_h}};
    l.inspector = right_top;
    l.blend = right_rest;
  }
  l.timeline = {{0, top + body_h}, {left_w + center_w, timeline_h}};
  l.status = {{0, h - status_h}, {w, status_h}};
  return l;
}

bool begin_panel(const char* name, const PanelRect& rect, PanelKind kind) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                           ImGuiWindowFlags_NoBringToFrontOnFocus;
  if (kind != PanelKind::kResizable) flags |= ImGuiWindowFlags_NoResize;
  if (kind == PanelKind::kBare) {
    flags |= ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings;
  }
  return ImGui::Begin(name, nullptr, flags);
}

void adopt_resize(PanelId panel, const WindowLayout& layout, LayoutSplits& splits) {
  const ImVec2 size = ImGui::GetWindowSize();
  const ImVec2 display = layout.display;
  if (display.x <= 0.0f || display.y <= 0.0f || layout.body_height <= 0.0f) return;
  auto changed = [](float a, float b) { return std::fabs(a - b) >= 1.0f; };
  const bool graph = layout.workspace == Workspace::kGraph;
  float& left = graph ? splits.graph_left : splits.left;
  float& right = graph ? splits.graph_right : splits.right;
  float& inspector = graph ? splits.graph_inspector : splits.inspector;
  float& timeline = graph ? splits.graph_timeline : splits.timeline;
  switch (panel) {
    case PanelId::kSkeleton:
      if (changed(size.x, layout.skeleton.size.x)) left = size.x / display.x;
      // In the Graph workspace the Skeleton is the lower panel: Parameters owns the split.
      if (!graph && changed(size.y, layout.skeleton.size.y)) {
        splits.skeleton = size.y / layout.body_height;
      }
      break;
    case PanelId::kClips:
      if (changed(size.x, layout.clips.size.x)) left = size.x / display.x;
      break;
    case PanelId::kParameters:
      if (changed(size.x, layout.parameters.size.x)) left = size.x / display.x;
      if (changed(size.y, layout.parameters.size.y)) {
        splits.parameters = size.y / layout.body_height;
      }
      break;
    case PanelId::kInspector:
      if (changed(size.x, layout.inspector.size.x)) right = size.x / display.x;
      if (changed(size.y, layout.inspector.size.y)) inspector = size.y / layout.body_height;
      break;
    case PanelId::kBlend:
      if (changed(size.x, layout.blend.size.x)) right = size.x / display.x;
      break;
    case PanelId::kSetup:
      if (changed(size.x, layout.setup.size.x)) right = size.x / display.x;
      break;
    case PanelId::kGraph:
      // Its left edge: the viewport gives or takes the difference.
      if (changed(size.x, layout.graph.size.x) && layout.centre_width > 0.0f) {
        splits.graph = size.x / layout.centre_width;
      }
      break;
    case PanelId::kTimeline:
      if (changed(size.y, layout.timeline.size.y)) timeline = size.y / display.y;
      break;
  }
}

void register_layout_settings(LayoutSplits& splits) {
  ImGuiSettingsHandler handler;
  handler.TypeName = "animscope";
  handler.TypeHash = ImHashStr("animscope");
  handler.UserData = &splits;
  handler.ReadOpenFn = [](ImGuiContext*, ImGuiSettingsHandler* h, const char* name) -> void* {
    return std::string_view(name) == "Layout" ? h->UserData : nullptr;
  };
  handler.ReadLineFn = [](ImGuiContext*, ImGuiSettingsHandler*, void* entry, const char* line) {
    LayoutSplits& s = *static_cast<LayoutSplits*>(entry);
    float v = 0.0f;
    // Only sane fractions are taken: a hand-edited ini cannot hide a panel.
    auto take = [&](const char* format, float& field) {
      if (std::sscanf(line, format, &v) == 1 && v > 0.02f && v < 0.9f) field = v;
    };
    take("Left=%f", s.left);
    take("Right=%f", s.right);
    take("Timeline=%f", s.timeline);
    take("Skeleton=%f", s.skeleton);
    take("Inspector=%f", s.inspector);
    take("GraphLeft=%f", s.graph_left);
    take("GraphRight=%f", s.graph_right);
    take("Graph=%f", s.graph);
    take("Parameters=%f", s.parameters);
    take("GraphInspector=%f", s.graph_inspector);
    take("GraphTimeline=%f", s.graph_timeline);
  };
  handler.WriteAllFn = [](ImGuiContext*, ImGuiSettingsHandler* h, ImGuiTextBuffer* out) {
    const LayoutSplits& s = *static_cast<const LayoutSplits*>(h->UserData);
    out->appendf(
        "[animscope][Layout]\nLeft=%.4f\nRight=%.4f\nTimeline=%.4f\nSkeleton=%.4f\n"
        "Inspector=%.4f\nGraphLeft=%.4f\nGraphRight=%.4f\nGraph=%.4f\nParameters=%.4f\n"
        "GraphInspector=%.4f\nGraphTimeline=%.4f\n\n",
        s.left, s.right, s.timeline, s.skeleton, s.inspector, s.graph_left, s.graph_right, s.graph,
        s.parameters, s.graph_inspector, s.graph_timeline);
  };
  ImGui::GetCurrentContext()->SettingsHandlers.push_back(handler);
}

}  // namespace anim::app
