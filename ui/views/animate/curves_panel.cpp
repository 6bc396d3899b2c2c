#include "anim/ui/views/animate/curves_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "anim/clip_sample_rate.h"
#include "anim/ui/model/timeline_clip.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {
namespace {

ImVec4 component_color(int component) {
  switch (component) {
    case 0:
      return ImVec4(0.95f, 0.38f, 0.36f, 1.0f);  // x
    case 1:
      return ImVec4(0.45f, 0.85f, 0.38f, 1.0f);  // y
    case 2:
      return ImVec4(0.38f, 0.62f, 1.0f, 1.0f);  // z
    default:
      return ImVec4(0.92f, 0.82f, 0.35f, 1.0f);  // w
  }
}

const char* kind_label(ChannelKind kind, RotationView view) {
  switch (kind) {
    case ChannelKind::kTranslation:
      return "Translation";
    case ChannelKind::kRotation:
      return view == RotationView::kQuaternion ? "Rotation (quaternion)" : "Rotation (degrees)";
    case ChannelKind::kScale:
      return "Scale";
  }
  return "";
}

// The value of a line at `time`, linear between its points (which are dense where it curves).
float value_at(const std::vector<glm::vec2>& points, float time) {
  if (points.empty()) return 0.0f;
  auto after = std::upper_bound(points.begin(), points.end(), time,
                                [](float t, const glm::vec2& p) { return t < p.x; });
  if (after == points.begin()) return points.front().y;
  if (after == points.end()) return points.back().y;
  const glm::vec2 a = *(after - 1), b = *after;
  return b.x > a.x ? a.y + (b.y - a.y) * (time - a.x) / (b.x - a.x) : b.y;
}

// Ruler step in frames: the smallest "nice" step at least `min_px` pixels wide.
long frame_step(float px_per_frame, float min_px) {
  static constexpr long kSteps[] = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1200, 3000, 6000};
  for (long step : kSteps) {
    if (static_cast<float>(step) * px_per_frame >= min_px) return step;
  }
  return kSteps[sizeof(kSteps) / sizeof(kSteps[0]) - 1];
}

// Where the plot sits on screen and which seconds it shows this frame.
struct PlotArea {
  ImVec2 min, max;
  float width = 0.0f;
  float view_start = 0.0f;  // Seconds at the left edge,
  float span = 0.0f;        // and seconds across the width.
  float ruler = 0.0f;       // Height of the ruler on top.

  float x_of(float t) const { return min.x + (t - view_start) / span * width; }
  float time_at(float x) const { return view_start + (x - min.x) / width * span; }
};

ImU32 tick_color() { return ImGui::GetColorU32(ImGuiCol_Text, 0.45f); }
ImU32 grid_color() { return ImGui::GetColorU32(ImGuiCol_Text, 0.06f); }

// The ruler: frame ticks, labelled in frames and whole seconds, with grid lines at the labels.
void draw_ruler(ImDrawList* draw, const PlotArea& area, float fps) {
  const ImVec2 min = area.min, max = area.max;
  const float ruler = area.ruler;
  draw->AddRectFilled(min, ImVec2(max.x, min.y + ruler), ImGui::GetColorU32(ImGuiCol_TitleBg));
  const float px_per_frame = area.width / (area.span * fps);
  const long minor = frame_step(px_per_frame, 6.0f);
  const long labelled = frame_step(px_per_frame, ImGui::CalcTextSize("00000").x + 10.0f);
  const long last = static_cast<long>(std::ceil((area.view_start + area.span) * fps));
  const ImU32 ticks = tick_color();
  const ImU32 grid = grid_color();
  for (long f = static_cast<long>(std::floor(area.view_start * fps / minor)) * minor; f <= last;
       f += minor) {
    if (f < 0) continue;
    const float x = std::round(area.x_of(static_cast<float>(f) / fps));
    const bool label = f % labelled == 0;
    draw->AddLine(ImVec2(x, min.y + ruler * (label ? 0.5f : 0.75f)), ImVec2(x, min.y + ruler),
                  ticks);
    if (label) {
      draw->AddLine(ImVec2(x, min.y + ruler), ImVec2(x, max.y), grid);
      char text[32];
      std::snprintf(text, sizeof(text), "%ld", f);
      draw->AddText(ImVec2(x + 3.0f, min.y + 1.0f), ImGui::GetColorU32(ImGuiCol_Text, 0.8f), text);
    }
  }
}

// The channel kinds that get a lane, in the curves' order; returns how many.
int lane_kinds(const std::vector<ChannelCurve>& curves, const bool show_kind[3],
               ChannelKind kinds[3]) {
  int lanes = 0;
  for (const ChannelCurve& curve : curves) {
    if (!show_kind[static_cast<int>(curve.kind)]) continue;
    if (lanes == 0 || kinds[lanes - 1] != curve.kind) kinds[lanes++] = curve.kind;
  }
  return lanes;
}

// Why there is no lane, centred under the ruler.
void draw_no_lanes_hint(ImDrawList* draw, const PlotArea& area, bool has_joint, bool has_keys) {
  const char* hint = !has_joint  ? "Select a joint to see its curves"
                     : !has_keys ? "This joint has no keys in this clip"
                                 : "Every channel kind is hidden (T R S above)";
  const ImVec2 text = ImGui::CalcTextSize(hint);
  draw->AddText(ImVec2((area.min.x + area.max.x - text.x) * 0.5f,
                       (area.min.y + area.ruler + area.max.y - text.y) * 0.5f),
                ImGui::GetColorU32(ImGuiCol_TextDisabled), hint);
}

// One lane's values on screen: its own range, from its bottom up to under its legend line.
struct LaneScale {
  float top = 0.0f, bottom = 0.0f, height = 0.0f;
  float pad = 0.0f, legend = 0.0f;
  float lo = 0.0f, hi = 0.0f;

  float y_of(float v) const {
    return bottom - pad - (v - lo) / (hi - lo) * (height - legend - 2.0f * pad);
  }
};

// The lane `lane` of `height` from the ruler down, for the values of the curves of `kind`
// (a flat one gets a small range about its value).
LaneScale lane_scale(const PlotArea& area, const std::vector<ChannelCurve>& curves,
                     ChannelKind kind, int lane, float height, float pad) {
  LaneScale s;
  s.top = area.min.y + area.ruler + height * static_cast<float>(lane);
  s.bottom = s.top + height;
  s.height = height;
  s.pad = pad;
  float lo = 1e30f, hi = -1e30f;
  for (const ChannelCurve& curve : curves) {
    if (curve.kind != kind) continue;
    for (const glm::vec2& p : curve.points) {
      lo = std::min(lo, p.y);
      hi = std::max(hi, p.y);
    }
  }
  const float middle = (lo + hi) * 0.5f;
  const float half = std::max((hi - lo) * 0.5f, 1e-3f * std::max(1.0f, std::abs(middle)));
  s.lo = middle - half;
  s.hi = middle + half;
  s.legend = std::min(ImGui::GetFontSize() + 4.0f, height * 0.4f);
  return s;
}

// One channel's line, only the part in view, and its keys as small squares unless they crowd
// each other. `line` is scratch space kept between curves.
void draw_curve(ImDrawList* draw, const PlotArea& area, const LaneScale& scale,
                const ChannelCurve& curve, std::vector<ImVec2>& line) {
  const float view_start = area.view_start;
  const float span = area.span;
  const ImU32 color = ImGui::GetColorU32(component_color(curve.component));
  line.clear();
  for (std::size_t i = 0; i < curve.points.size(); ++i) {
    const glm::vec2 p = curve.points[i];
    const bool next_in = i + 1 < curve.points.size() && curve.points[i + 1].x >= view_start;
    if (p.x < view_start && !next_in) continue;
    line.push_back(ImVec2(area.x_of(p.x), scale.y_of(p.y)));
    if (p.x > view_start + span) break;
  }
  if (line.size() >= 2) {
    draw->AddPolyline(line.data(), static_cast<int>(line.size()), color, ImDrawFlags_None, 1.5f);
  }
  std::size_t visible = 0;
  for (const glm::vec2& k : curve.keys) {
    visible += k.x >= view_start && k.x <= view_start + span;
  }
  if (static_cast<float>(visible) * 5.0f >= area.width) return;
  for (const glm::vec2& k : curve.keys) {
    if (k.x < view_start || k.x > view_start + span) continue;
    const ImVec2 at(area.x_of(k.x), scale.y_of(k.y));
    draw->AddRectFilled(ImVec2(at.x - 2.5f, at.y - 2.5f), ImVec2(at.x + 2.5f, at.y + 2.5f), color);
  }
}

// The lane's legend line: its name, each channel's value at `time` and, at the right, its range.
void draw_lane_legend(ImDrawList* draw, const PlotArea& area, const LaneScale& scale,
                      const std::vector<ChannelCurve>& curves, ChannelKind kind, RotationView view,
                      float time) {
  const ImVec2 min = area.min, max = area.max;
  const float top = scale.top;
  char text[160];
  std::snprintf(text, sizeof(text), "%s", kind_label(kind, view));
  const ImVec2 label_at(min.x + 4.0f, top + 2.0f);
  draw->AddRectFilled(ImVec2(min.x, top), ImVec2(max.x, top + ImGui::GetFontSize() + 4.0f),
                      ImGui::GetColorU32(ImGuiCol_FrameBg, 0.75f));
  draw->AddText(label_at, ImGui::GetColorU32(ImGuiCol_Text, 0.85f), text);
  float x = label_at.x + ImGui::CalcTextSize(text).x + 10.0f;
  for (const ChannelCurve& curve : curves) {
    if (curve.kind != kind) continue;
    std::snprintf(text, sizeof(text), "%s %.3f", curve.name.c_str(),
                  static_cast<double>(value_at(curve.points, time)));
    draw->AddText(ImVec2(x, label_at.y), ImGui::GetColorU32(component_color(curve.component)),
                  text);
    x += ImGui::CalcTextSize(text).x + 10.0f;
  }
  std::snprintf(text, sizeof(text), "%.3g .. %.3g", static_cast<double>(scale.lo),
                static_cast<double>(scale.hi));
  draw->AddText(ImVec2(max.x - ImGui::CalcTextSize(text).x - 4.0f, top + 2.0f),
                ImGui::GetColorU32(ImGuiCol_TextDisabled), text);
}

// The lanes of the shown channel kinds under the ruler (or why there are none), with each
// channel's value at `time` in the lane's legend.
void draw_lanes(ImDrawList* draw, const PlotArea& area, const std::vector<ChannelCurve>& curves,
                const bool show_kind[3], bool has_joint, RotationView view, float time) {
  ChannelKind kinds[3];
  const int lanes = lane_kinds(curves, show_kind, kinds);
  if (lanes == 0) draw_no_lanes_hint(draw, area, has_joint, !curves.empty());
  const float lane_height =
      (area.max.y - area.min.y - area.ruler) / static_cast<float>(std::max(lanes, 1));
  const float pad = std::min(8.0f, lane_height * 0.1f);
  std::vector<ImVec2> line;
  for (int lane = 0; lane < lanes; ++lane) {
    const LaneScale scale = lane_scale(area, curves, kinds[lane], lane, lane_height, pad);
    if (lane > 0) {
      draw->AddLine(ImVec2(area.min.x, scale.top), ImVec2(area.max.x, scale.top), tick_color());
    }
    if (scale.lo < 0.0f && scale.hi > 0.0f) {
      draw->AddLine(ImVec2(area.min.x, scale.y_of(0.0f)), ImVec2(area.max.x, scale.y_of(0.0f)),
                    grid_color(), 1.0f);
    }
    for (const ChannelCurve& curve : curves) {
      if (curve.kind == kinds[lane]) draw_curve(draw, area, scale, curve, line);
    }
    draw_lane_legend(draw, area, scale, curves, kinds[lane], view, time);
  }
}

// Where a click would scrub to: a line under the mouse and a tooltip with its time and frame.
void draw_mouse_time(ImDrawList* draw, const PlotArea& area, float duration, float fps,
                     bool can_seek) {
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  draw->AddLine(ImVec2(mouse.x, area.min.y), ImVec2(mouse.x, area.max.y),
                ImGui::GetColorU32(ImGuiCol_Text, 0.25f));
  const float at = std::clamp(area.time_at(mouse.x), 0.0f, duration);
  ImGui::SetTooltip("%.3f s \u00b7 frame %ld%s", static_cast<double>(at), std::lround(at * fps),
                    can_seek ? "" : "\n(the state machine drives the time)");
}

}  // namespace

void CurvesPanel::update_curves(const Document& doc, int clip, int joint) {
  if (curves_stamp_ == doc.stamp() && curves_clip_ == clip && curves_joint_ == joint &&
      curves_view_ == rotation_view) {
    return;
  }
  curves_stamp_ = doc.stamp();
  curves_clip_ = clip;
  curves_joint_ = joint;
  curves_view_ = rotation_view;
  curves_ = clip >= 0 && joint >= 0 ? joint_curves(doc.model().clips[clip], joint, rotation_view)
                                    : std::vector<ChannelCurve>{};
}

void CurvesPanel::draw(const Document& doc, Commands& cmds, Selection& sel) {
  rects.clear();
  const TimelineClip shown = timeline_clip(doc);
  const bool has_joint =
      sel.joint >= 0 && static_cast<std::size_t>(sel.joint) < doc.model().skeleton.joint_count();

  int view = rotation_view == RotationView::kQuaternion ? 1 : 0;
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("Rotation");
  ImGui::SameLine();
  if (ImGui::RadioButton("Euler", &view, 0)) rotation_view = RotationView::kEulerDegrees;
  rects.record("euler");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Degrees about X, then Y, then Z");
  ImGui::SameLine();
  if (ImGui::RadioButton("Quaternion", &view, 1)) rotation_view = RotationView::kQuaternion;
  rects.record("quaternion");
  const char* kind_names[] = {"T", "R", "S"};
  const char* kind_tips[] = {"Translation lane", "Rotation lane", "Scale lane"};
  for (int k = 0; k < 3; ++k) {
    ImGui::SameLine(0.0f, k == 0 ? ImGui::GetStyle().ItemSpacing.x * 3.0f : -1.0f);
    ImGui::Checkbox(kind_names[k], &show_kind[k]);
    rects.record(std::string("show_") + kind_names[k]);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", kind_tips[k]);
  }
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemSpacing.x * 3.0f);
  if (shown.clip >= 0 && has_joint) {
    const float fps = frame_rate_of(doc.model().clips[shown.clip]);
    ImGui::Text("%s  \u00b7  %s  %.3f s  \u00b7  frame %ld",
                doc.model().skeleton.names[sel.joint].c_str(),
                timeline_clip_name(doc, shown).c_str(), static_cast<double>(shown.time),
                std::lround(shown.time * fps));
  } else {
    ImGui::TextDisabled("%s",
                        shown.clip < 0 ? "No clip to show" : "Select a joint to see its curves");
  }
  update_curves(doc, shown.clip, has_joint ? sel.joint : -1);  // After the toggle.
  const bool can_seek =
      shown.clip >= 0 && shown.has_playhead && doc.mode() != PlaybackMode::kStateMachine;
  plot(doc, cmds, shown.clip, shown.time, can_seek);
}

void CurvesPanel::plot(const Document& doc, Commands& cmds, int clip, float time, bool can_seek) {
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // All that is left: the lanes share it (drag the panel's edge for more).
  const ImVec2 size(std::max(avail.x, 50.0f), std::max(avail.y, ImGui::GetFontSize() * 3.0f));
  ImGui::InvisibleButton("##plot", size,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);
  rects.record("plot");
  PlotArea area;
  area.min = ImGui::GetItemRectMin();
  area.max = ImGui::GetItemRectMax();
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(area.min, area.max, ImGui::GetColorU32(ImGuiCol_FrameBg));
  if (clip < 0) return;

  const Clip& c = doc.model().clips[clip];
  const float fps = frame_rate_of(c);
  const float length = std::max(c.duration, 1.0f / fps);
  area.width = area.max.x - area.min.x;
  area.span = zoom_and_pan(hovered, area.min.x, area.width, length);
  // A left press on the plot scrubs (a right or middle drag pans).
  scrub_.update(doc, cmds,
                can_seek && !panning_ && ImGui::IsItemActivated() &&
                    ImGui::IsMouseDown(ImGuiMouseButton_Left),
                view_start, area.min.x, area.width, area.span, c.duration);
  area.view_start = view_start;

  area.ruler = std::round(ImGui::GetFontSize() + 4.0f);
  draw->PushClipRect(area.min, area.max, true);
  draw_ruler(draw, area, fps);
  draw_lanes(draw, area, curves_, show_kind, curves_joint_ >= 0, curves_view_, time);

  // The playhead, and where a click would scrub to.
  const float px = std::round(area.x_of(time));
  draw->AddLine(ImVec2(px, area.min.y), ImVec2(px, area.max.y),
                ImGui::GetColorU32(colors::playhead()), 2.0f);
  if (hovered && !scrub_.active() && !panning_)
    draw_mouse_time(draw, area, c.duration, fps, can_seek);
  draw->PopClipRect();
}

float CurvesPanel::zoom_and_pan(bool hovered, float min_x, float width, float length) {
  const ImGuiIO& io = ImGui::GetIO();
  float span = length / zoom;
  if (hovered && io.MouseWheel != 0.0f) {
    const float anchor = view_start + (io.MousePos.x - min_x) / width * span;
    zoom = std::clamp(zoom * std::pow(1.25f, io.MouseWheel), 1.0f, kMaxZoom);
    span = length / zoom;
    view_start = anchor - (io.MousePos.x - min_x) / width * span;
  }
  // Panning with the right or middle button; scrubbing with the left.
  const bool pan_button =
      ImGui::IsMouseDown(ImGuiMouseButton_Right) || ImGui::IsMouseDown(ImGuiMouseButton_Middle);
  if (ImGui::IsItemActivated() && pan_button) panning_ = true;
  if (panning_ && ImGui::IsItemActive()) view_start -= io.MouseDelta.x / width * span;
  if (!ImGui::IsItemActive()) panning_ = false;
  view_start = std::clamp(view_start, 0.0f, std::max(0.0f, length - span));
  return span;
}

}  // namespace anim::ui
