#include "anim/ui/views/machine/blend_space_editor.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <limits>
#include <utility>

#include <imgui.h>

#include "anim/blend_space.h"
#include "anim/setup/blend_space_edits.h"
#include "anim/state_machine.h"
#include "anim/ui/widgets/imgui_table.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {
namespace {

// Pixels around the plot for the tick labels and parameter names.
constexpr float kLeft = 44.0f, kRight = 14.0f, kTop = 22.0f, kBottom = 36.0f;
// A 1D space's canvas: labels above and below the axis, the range and name at its foot.
constexpr float kStripHeight = 150.0f, kStripTop = 46.0f, kStripBottom = 62.0f;
constexpr float kGrab = 4.0f;  // Pixels beyond a dot that still grab it.

// "0.25", "-1", "500": a value as the file writes it.
std::string number(float value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%g", static_cast<double>(value + 0.0f));
  return text;
}

ImVec2 add(ImVec2 a, ImVec2 b) { return ImVec2(a.x + b.x, a.y + b.y); }

float distance(ImVec2 a, ImVec2 b) { return std::hypot(a.x - b.x, a.y - b.y); }

ImU32 mix(const ImVec4& a, const ImVec4& b, float t) {
  return ImGui::GetColorU32(ImVec4(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t,
                                   a.z + (b.z - a.z) * t, a.w + (b.w - a.w) * t));
}

// Text at `at` aligned by `align` (0 left, 0.5 centre, 1 right), kept inside the canvas
// [min, max].
struct CanvasText {
  ImDrawList* draw;
  ImVec2 min, max;
  void operator()(ImVec2 at, float align, const std::string& s, ImU32 color) const {
    const ImVec2 extent = ImGui::CalcTextSize(s.c_str());
    const float x =
        std::clamp(at.x - extent.x * align, min.x + 2.0f, std::max(max.x - extent.x - 2.0f, min.x));
    draw->AddText(ImVec2(x, at.y), color, s.c_str());
  }
};

// The running machine's index of a float or int parameter named `name`, or -1.
int number_parameter(const StateMachineInstance* sm, const std::string& name) {
  if (sm == nullptr) return -1;
  const int index = sm->def().find_parameter(name);
  if (index < 0) return -1;
  const ParameterType type = sm->def().parameters[static_cast<std::size_t>(index)].type;
  return type == ParameterType::kFloat || type == ParameterType::kInt ? index : -1;
}

// Weights of `points` at `value` as the runtime computes them, one per point. 1D: on x alone;
// nothing when two points share a place (the setup reports that, and the runtime does not run
// it). 2D: also fills `triangles`.
std::vector<float> point_weights(bool two_d, const std::vector<Point2>& points, Point2 value,
                                 std::vector<std::array<int, 3>>* triangles) {
  std::vector<float> weights(points.size(), 0.0f);
  if (points.empty()) return weights;
  if (two_d) {
    BlendSpace2DDef def;
    for (const Point2& p : points) def.positions.push_back(p);
    prepare_blend_space_2d(def);
    *triangles = def.triangles;
    const BlendSpace2DWeights w = blend_space_2d_weights(def, value);
    for (int k = 0; k < w.count; ++k)
      weights[static_cast<std::size_t>(w.points[k])] += w.weights[k];
    return weights;
  }
  // The runtime wants increasing positions: sorted here, mapped back to the points after.
  std::vector<std::size_t> order(points.size());
  for (std::size_t j = 0; j < order.size(); ++j) order[j] = j;
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return points[a].x < points[b].x; });
  BlendSpace1DDef def;
  for (std::size_t j : order) {
    if (!def.positions.empty() && !(points[j].x > def.positions.back())) return {};
    def.positions.push_back(points[j].x);
  }
  const BlendSpaceWeights w = blend_space_weights(def, value.x);
  weights[order[static_cast<std::size_t>(w.lower)]] += 1.0f - w.upper_weight;
  weights[order[static_cast<std::size_t>(w.upper)]] += w.upper_weight;
  return weights;
}

// "Locomotion 100%, Strafe 20%": the machine's active states that play the blend space named
// `space`, with their weights.
std::string states_playing(const StateMachineInstance& sm, const std::string& space) {
  std::string playing;
  const StateMachineDef& def = sm.def();
  for (const StateMachineInstance::ActiveState& a : sm.active_states()) {
    const MotionRef& m = def.states[static_cast<std::size_t>(a.state)].motion;
    const std::string* played =
        m.kind == MotionRef::Kind::kBlendSpace2D ? &def.blend_spaces_2d[m.index].name
        : m.kind == MotionRef::Kind::kBlendSpace ? &def.blend_spaces[m.index].name
                                                 : nullptr;
    if (played == nullptr || *played != space) continue;
    if (!playing.empty()) playing += ", ";
    playing += def.states[static_cast<std::size_t>(a.state)].name + " " +
               std::to_string(std::lround(a.weight * 100.0f)) + "%";
  }
  return playing;
}

}  // namespace

AxisRange axis_range(const setup::Setup& setup, const std::string& parameter,
                     const std::vector<float>& values) {
  float low = std::numeric_limits<float>::infinity(), high = -low;
  for (float v : values) {
    if (!std::isfinite(v)) continue;
    low = std::min(low, v);
    high = std::max(high, v);
  }
  for (const setup::SetupParameter& p : setup.parameters) {
    if (p.name != parameter || !p.min || !p.max || !(*p.min < *p.max)) continue;
    if (!std::isfinite(*p.min) || !std::isfinite(*p.max)) continue;
    return {std::min(*p.min, low), std::max(*p.max, high)};
  }
  if (!(low <= high)) return {-1.0f, 1.0f};
  if (low == high) return {low - 1.0f, high + 1.0f};
  const float margin = (high - low) * 0.1f;
  return {low - margin, high + margin};
}

float snap_to_axis(float value, float span) {
  if (!std::isfinite(value) || !(span > 0.0f) || !std::isfinite(span)) return value;
  const int exponent = static_cast<int>(std::floor(std::log10(span / 100.0f)));
  if (exponent >= 0) {
    const float step = std::pow(10.0f, static_cast<float>(exponent));
    return std::round(value / step) * step;
  }
  // Dividing by a whole power of ten gives the float nearest the decimal (0.35, not 0.35000002).
  const float scale = std::pow(10.0f, static_cast<float>(-exponent));
  return std::round(value * scale) / scale + 0.0f;
}

// The frame's layout: where the axes' ranges lie on screen, and the machine's values.
struct BlendSpaceEditor::View {
  int space = -1;
  std::string name;
  bool two_d = false;
  std::vector<std::string> clips;  // Of each point.
  AxisRange x, y;
  ImVec2 canvas_min, canvas_max, plot_min, plot_max;
  // The running machine's parameters of the space (-1: it has none of that name).
  int param_x = -1, param_y = -1;
  bool live = false;     // A marker is shown: the machine has the space's parameters.
  Point2 value, target;  // The parameters' values now, and where they are heading.
  std::string playing;   // "Locomotion 100%": the active states that play this space.
  float room = 0.0f;     // Width left beside the canvas.

  ImVec2 to_screen(Point2 v) const {
    const float u = (v.x - x.min) / (x.max - x.min);
    const float sx = plot_min.x + u * (plot_max.x - plot_min.x);
    if (!two_d) return ImVec2(sx, (plot_min.y + plot_max.y) * 0.5f);
    const float w = (v.y - y.min) / (y.max - y.min);
    return ImVec2(sx, plot_max.y - w * (plot_max.y - plot_min.y));
  }
  Point2 to_value(ImVec2 s) const {
    Point2 v;
    v.x = x.min + (s.x - plot_min.x) / (plot_max.x - plot_min.x) * (x.max - x.min);
    v.y = two_d ? y.min + (plot_max.y - s.y) / (plot_max.y - plot_min.y) * (y.max - y.min) : 0.0f;
    return v;
  }
  Point2 snapped(Point2 v) const {
    return {snap_to_axis(v.x, x.max - x.min), two_d ? snap_to_axis(v.y, y.max - y.min) : 0.0f};
  }
  bool contains(ImVec2 s) const {
    return s.x >= canvas_min.x && s.y >= canvas_min.y && s.x < canvas_max.x && s.y < canvas_max.y;
  }
};

bool BlendSpaceEditor::edit(const Document& doc, Commands& cmds, setup::Setup changed,
                            const std::string& what) {
  cmds.edit_setup(std::move(changed),
                  what + " of blend space " +
                      cmds.setup(doc)->blend_spaces[static_cast<std::size_t>(space_)].name);
  return true;
}

bool BlendSpaceEditor::draw(const Document& doc, Commands& cmds, int space, float max_side) {
  rects.clear();
  weights_.clear();
  const setup::Setup* setup = cmds.setup(doc);
  if (setup == nullptr || space < 0 ||
      static_cast<std::size_t>(space) >= setup->blend_spaces.size()) {
    space_ = dragging_ = selected = -1;
    driving_ = false;
    return false;
  }
  if (space != space_) {  // Another space: nothing carries over.
    selected = dragging_ = -1;
    driving_ = false;
    space_ = space;
  }
  const setup::SetupBlendSpace& source = setup->blend_spaces[static_cast<std::size_t>(space)];
  const int count = static_cast<int>(source.points.size());
  if (selected >= count) selected = -1;
  if (dragging_ >= count) dragging_ = -1;

  View view;
  view.space = space;
  view.name = source.name;
  view.two_d = source.is_2d();
  std::vector<Point2> points;
  for (const setup::SetupBlendPoint& p : source.points) {
    points.push_back(blend_point_position(p));
    view.clips.push_back(p.clip);
  }
  if (dragging_ >= 0) points[static_cast<std::size_t>(dragging_)] = drag_position_;
  set_axes(view, *setup, source, points);

  const StateMachineInstance* sm = doc.state_machine();
  view.param_x = number_parameter(sm, source.parameter);
  view.param_y = view.two_d ? number_parameter(sm, *source.parameter_y) : -1;
  view.live = view.param_x >= 0 && (!view.two_d || view.param_y >= 0);
  if (view.live) view.playing = states_playing(*sm, source.name);

  ImGui::PushID("blend_space_editor");
  status_line(doc, view);
  ImGui::InvisibleButton("##canvas", place_canvas(view, max_side));
  rects.record("canvas");
  rects.record("plot", view.plot_min, view.plot_max);
  // A drag or drive follows the mouse before drawing, so that what is drawn is under the mouse.
  if (ImGui::IsItemActive()) follow_mouse(doc, cmds, view);
  if (dragging_ >= 0) points[static_cast<std::size_t>(dragging_)] = drag_position_;
  if (view.live) {
    view.value = {sm->value(view.param_x), view.two_d ? sm->value(view.param_y) : 0.0f};
    view.target = {sm->target(view.param_x), view.two_d ? sm->target(view.param_y) : 0.0f};
  }

  draw_space(view, points, *cmds.setup(doc));
  const bool edited = handle_mouse(doc, cmds, view, points);
  legend(view, points);
  ImGui::PopID();
  return edited;
}

void BlendSpaceEditor::set_axes(View& view, const setup::Setup& setup,
                                const setup::SetupBlendSpace& source,
                                const std::vector<Point2>& points) const {
  // The axes hold still while a point is dragged, so the point stays under the mouse.
  if (dragging_ >= 0) {
    view.x = drag_x_;
    view.y = drag_y_;
    return;
  }
  std::vector<float> xs, ys;
  for (const Point2& p : points) {
    xs.push_back(p.x);
    ys.push_back(p.y);
  }
  view.x = axis_range(setup, source.parameter, xs);
  if (view.two_d) view.y = axis_range(setup, *source.parameter_y, ys);
}

void BlendSpaceEditor::status_line(const Document& doc, const View& view) {
  ImGui::Checkbox("Drive", &drive);
  rects.record("drive");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Clicks and drags set the parameters (as Ctrl does) instead of editing");
  }
  ImGui::SameLine();
  if (!view.playing.empty() && doc.mode() == PlaybackMode::kStateMachine) {
    ImGui::TextColored(colors::playing(), "Playing in %s", view.playing.c_str());
  } else if (view.live) {
    ImGui::TextDisabled("Not playing; weights at the current values");
  } else {
    ImGui::TextDisabled("No running state machine has this space's parameters");
  }
}

ImVec2 BlendSpaceEditor::place_canvas(View& view, float max_side) {
  // The canvas: a square around a square plot (2D) or a strip along the width (1D).
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float width = std::max(avail.x, kSmallestSide);
  ImVec2 size;
  if (view.two_d) {
    float side = std::min(width, max_side);
    if (avail.y >= kSmallestSide) side = std::min(side, avail.y);
    side = std::max(side, kSmallestSide);
    const float plot = side - kLeft - kRight;
    size = ImVec2(side, plot + kTop + kBottom);
  } else {
    size = ImVec2(width, kStripHeight);
  }
  view.room = avail.x - size.x - ImGui::GetStyle().ItemSpacing.x;
  view.canvas_min = ImGui::GetCursorScreenPos();
  view.canvas_max = add(view.canvas_min, size);
  const float left = view.two_d ? kLeft : kRight;
  view.plot_min = add(view.canvas_min, ImVec2(left, view.two_d ? kTop : kStripTop));
  view.plot_max = add(view.canvas_max, ImVec2(-kRight, view.two_d ? -kBottom : -kStripBottom));
  return size;
}

void BlendSpaceEditor::draw_space(const View& view, const std::vector<Point2>& points,
                                  const setup::Setup& setup) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(view.canvas_min, view.canvas_max, ImGui::GetColorU32(ImGuiCol_FrameBg), 4.0f);
  draw->PushClipRect(view.canvas_min, view.canvas_max, true);
  draw_axes(draw, view, setup.blend_spaces[static_cast<std::size_t>(view.space)]);

  // Weights at the marker, from the runtime's own functions; its triangles in 2D.
  std::vector<std::array<int, 3>> triangles;
  std::vector<float> weights =
      point_weights(view.two_d, points, view.live ? view.value : Point2{}, &triangles);
  if (view.live) weights_ = weights;
  draw_triangles(draw, view, points, triangles, weights);
  draw_points(draw, view, points, weights);
  if (view.live) draw_marker(draw, view);
  draw->PopClipRect();
}

void BlendSpaceEditor::draw_axes(ImDrawList* draw, const View& view,
                                 const setup::SetupBlendSpace& space) {
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 faint = ImGui::GetColorU32(ImGuiCol_Text, 0.25f);
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  // Zero lines where zero is in range, the plot's frame (2D) or the axis with its ends (1D).
  const ImVec2 zero = view.to_screen({0.0f, 0.0f});
  if (view.x.min < 0.0f && view.x.max > 0.0f && view.two_d) {
    draw->AddLine(ImVec2(zero.x, view.plot_min.y), ImVec2(zero.x, view.plot_max.y), faint);
  }
  if (view.two_d) {
    if (view.y.min < 0.0f && view.y.max > 0.0f) {
      draw->AddLine(ImVec2(view.plot_min.x, zero.y), ImVec2(view.plot_max.x, zero.y), faint);
    }
    draw->AddRect(view.plot_min, view.plot_max, ImGui::GetColorU32(ImGuiCol_Border));
  } else {
    const float mid = (view.plot_min.y + view.plot_max.y) * 0.5f;
    draw->AddLine(ImVec2(view.plot_min.x, mid), ImVec2(view.plot_max.x, mid), dim, 2.0f);
    for (float end : {view.plot_min.x, view.plot_max.x}) {
      draw->AddLine(ImVec2(end, mid - 6.0f), ImVec2(end, mid + 6.0f), dim, 2.0f);
    }
  }
  // The ranges and the parameters' names.
  const float line = ImGui::GetTextLineHeight();
  const CanvasText text_at{draw, view.canvas_min, view.canvas_max};
  // Under the plot in 2D; at the foot of the strip in 1D, clear of the labels under the axis.
  const float below = view.two_d ? view.plot_max.y + 3.0f : view.canvas_max.y - line * 1.9f - 3.0f;
  text_at(ImVec2(view.plot_min.x, below), 0.0f, number(view.x.min), dim);
  text_at(ImVec2(view.plot_max.x, below), 1.0f, number(view.x.max), dim);
  text_at(ImVec2((view.plot_min.x + view.plot_max.x) * 0.5f, below + line * 0.9f), 0.5f,
          space.parameter, text);
  if (view.two_d) {
    text_at(ImVec2(view.plot_min.x - 4.0f, view.plot_max.y - line), 1.0f, number(view.y.min), dim);
    text_at(ImVec2(view.plot_min.x - 4.0f, view.plot_min.y), 1.0f, number(view.y.max), dim);
    text_at(ImVec2(view.plot_min.x, view.canvas_min.y + 3.0f), 0.0f, *space.parameter_y, text);
  }
}

void BlendSpaceEditor::draw_triangles(ImDrawList* draw, const View& view,
                                      const std::vector<Point2>& points,
                                      const std::vector<std::array<int, 3>>& triangles,
                                      const std::vector<float>& weights) {
  const ImVec4 lit = colors::playing();
  for (const std::array<int, 3>& t : triangles) {
    const ImVec2 a = view.to_screen(points[static_cast<std::size_t>(t[0])]);
    const ImVec2 b = view.to_screen(points[static_cast<std::size_t>(t[1])]);
    const ImVec2 c = view.to_screen(points[static_cast<std::size_t>(t[2])]);
    // The triangle the marker is in is tinted: its corners are what plays.
    const bool active = view.live && weights.size() == points.size() &&
                        weights[static_cast<std::size_t>(t[0])] > 0.0f &&
                        weights[static_cast<std::size_t>(t[1])] > 0.0f &&
                        weights[static_cast<std::size_t>(t[2])] > 0.0f;
    if (active)
      draw->AddTriangleFilled(a, b, c, ImGui::GetColorU32(ImVec4(lit.x, lit.y, lit.z, 0.12f)));
    draw->AddTriangle(a, b, c, ImGui::GetColorU32(ImGuiCol_Text, 0.35f), 1.0f);
  }
}

void BlendSpaceEditor::draw_points(ImDrawList* draw, const View& view,
                                   const std::vector<Point2>& points,
                                   const std::vector<float>& weights) {
  // A dot growing and brightening with its weight, its clip and weight beside it.
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const float line = ImGui::GetTextLineHeight();
  const CanvasText text_at{draw, view.canvas_min, view.canvas_max};
  const ImVec4 lit = colors::playing();
  const ImVec4 base = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
  for (std::size_t j = 0; j < points.size(); ++j) {
    const ImVec2 at = view.to_screen(points[j]);
    const float w = view.live && j < weights.size() ? weights[j] : 0.0f;
    const float radius = kDotRadius + 5.0f * w;
    draw->AddCircleFilled(at, radius, mix(base, lit, w > 0.0f ? 0.4f + 0.6f * w : 0.0f));
    if (static_cast<int>(j) == selected) {
      draw->AddCircle(at, radius + 3.0f, ImGui::GetColorU32(ImGuiCol_NavHighlight), 0, 2.0f);
    }
    rects.record("point:" + std::to_string(j), ImVec2(at.x - kDotRadius, at.y - kDotRadius),
                 ImVec2(at.x + kDotRadius, at.y + kDotRadius));
    // The clip's name by the dot and its weight under the name. In 2D on the dot's right, or
    // its left in the plot's right half so that it stays inside; in 1D centred, alternately
    // above and below the axis so that neighbours do not cover each other.
    const std::string name = view.clips[j].empty() ? std::string("(no clip)") : view.clips[j];
    const std::string weight = w > 0.0f ? number(std::round(w * 100.0f) / 100.0f) : "";
    const float lines = weight.empty() ? 1.0f : 2.0f;
    float align = 0.5f;
    ImVec2 place;
    if (view.two_d) {
      const bool right_half = at.x > (view.plot_min.x + view.plot_max.x) * 0.5f;
      align = right_half ? 1.0f : 0.0f;
      place = ImVec2(right_half ? at.x - radius - 3.0f : at.x + radius + 3.0f,
                     at.y - line * lines * 0.5f);
    } else {
      place = j % 2 == 0 ? ImVec2(at.x, at.y - radius - 2.0f - line * lines)
                         : ImVec2(at.x, at.y + radius + 2.0f);
    }
    text_at(place, align, name, w > 0.0f ? text : dim);
    if (!weight.empty()) {
      text_at(ImVec2(place.x, place.y + line), align, weight, ImGui::GetColorU32(lit));
    }
  }
}

void BlendSpaceEditor::draw_marker(ImDrawList* draw, const View& view) {
  // Where the parameters are, and a ring where smoothing takes them.
  const ImU32 orange = IM_COL32(255, 170, 60, 255);
  const ImVec2 at = view.to_screen(view.value);
  const ImVec2 goal = view.to_screen(view.target);
  if (distance(at, goal) > 1.0f) draw->AddCircle(goal, 7.0f, orange, 0, 1.5f);
  if (view.two_d) {
    draw->AddLine(ImVec2(at.x, view.plot_min.y), ImVec2(at.x, view.plot_max.y),
                  IM_COL32(255, 170, 60, 70));
    draw->AddLine(ImVec2(view.plot_min.x, at.y), ImVec2(view.plot_max.x, at.y),
                  IM_COL32(255, 170, 60, 70));
  } else {
    // A short tick across the axis, clear of the labels above and below it.
    draw->AddLine(ImVec2(at.x, at.y - 12.0f), ImVec2(at.x, at.y + 12.0f), orange, 1.5f);
  }
  const float r = 5.0f;
  draw->AddQuadFilled(ImVec2(at.x, at.y - r), ImVec2(at.x + r, at.y), ImVec2(at.x, at.y + r),
                      ImVec2(at.x - r, at.y), orange);
  rects.record("marker", ImVec2(at.x - r, at.y - r), ImVec2(at.x + r, at.y + r));
}

void BlendSpaceEditor::follow_mouse(const Document& doc, Commands& cmds, const View& view) {
  const Point2 under = view.to_value(ImGui::GetIO().MousePos);
  if (driving_ && view.live) {
    // As the Blend panel's sliders: the targets, which smoothing then follows.
    const std::vector<ParameterDef>& params = doc.state_machine()->def().parameters;
    cmds.set_parameter(params[static_cast<std::size_t>(view.param_x)].name, under.x);
    if (view.two_d)
      cmds.set_parameter(params[static_cast<std::size_t>(view.param_y)].name, under.y);
  }
  if (dragging_ >= 0) {
    // A click is no drag: the point moves once the mouse does, then sits under it.
    if (distance(ImGui::GetIO().MousePos, drag_press_) >= 1.0f) drag_moved_ = true;
    if (drag_moved_) drag_position_ = view.snapped(under);
  }
}

bool BlendSpaceEditor::handle_mouse(const Document& doc, Commands& cmds, const View& view,
                                    const std::vector<Point2>& points) {
  const ImGuiIO& io = ImGui::GetIO();
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  const int hit = point_under_mouse(view, points);
  bool edited = false;
  if (ImGui::IsItemActivated()) edited = press(doc, cmds, view, points, hit);
  if (ImGui::IsItemDeactivated()) edited = release(doc, cmds, view) || edited;
  if (hovered && !active) hover_tooltip(view, points, hit);
  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    if (hit >= 0) {
      selected = menu_point_ = hit;
      ImGui::OpenPopup("point_menu");
    } else {
      menu_at_ = view.snapped(view.to_value(io.MousePos));
      ImGui::OpenPopup("space_menu");
    }
  }
  if (!edited) edited = point_menu(doc, cmds, view);
  if (!edited) edited = space_menu(doc, cmds, view);

  // Delete removes the selected point while the mouse is over the space and no text is typed.
  const bool keys = view.contains(io.MousePos) && !io.WantTextInput &&
                    !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
  if (!edited && selected >= 0 && keys &&
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Delete), false)) {
    setup::Setup changed = *cmds.setup(doc);
    const std::string clip = view.clips[static_cast<std::size_t>(selected)];
    if (remove_blend_point(changed, view.space, selected)) {
      edited = edit(doc, cmds, std::move(changed), "remove point " + clip);
    }
    selected = -1;
  }
  return edited;
}

int BlendSpaceEditor::point_under_mouse(const View& view, const std::vector<Point2>& points) {
  // The nearest within reach of its dot.
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  int hit = -1;
  float nearest = kDotRadius + kGrab;
  for (std::size_t j = 0; j < points.size(); ++j) {
    const float d = distance(view.to_screen(points[j]), mouse);
    if (d <= nearest) {
      nearest = d;
      hit = static_cast<int>(j);
    }
  }
  return hit;
}

bool BlendSpaceEditor::press(const Document& doc, Commands& cmds, const View& view,
                             const std::vector<Point2>& points, int hit) {
  const ImGuiIO& io = ImGui::GetIO();
  const Point2 under = view.to_value(io.MousePos);
  if (drive || io.KeyCtrl) {
    driving_ = true;
    if (doc.state_machine() != nullptr && doc.mode() != PlaybackMode::kStateMachine) {
      cmds.use_state_machine();
    }
    follow_mouse(doc, cmds, view);  // The press itself sets the values.
  } else if (hit >= 0) {
    selected = dragging_ = hit;
    drag_press_ = io.MousePos;
    drag_moved_ = false;
    drag_position_ = points[static_cast<std::size_t>(hit)];
    drag_x_ = view.x;
    drag_y_ = view.y;
  } else if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    return add_point(doc, cmds, view, view.snapped(under));
  } else {
    selected = -1;
  }
  return false;
}

bool BlendSpaceEditor::add_point(const Document& doc, Commands& cmds, const View& view, Point2 at) {
  // A new point plays the first clip the space does not use yet, else the first clip.
  const std::vector<Clip>& clips = doc.model().clips;
  std::string clip = clips.empty() ? std::string() : clips.front().name;
  for (const Clip& c : clips) {
    if (std::find(view.clips.begin(), view.clips.end(), c.name) == view.clips.end()) {
      clip = c.name;
      break;
    }
  }
  setup::Setup changed = *cmds.setup(doc);
  int added = -1;
  if (!add_blend_point(changed, view.space, clip, at, &added)) return false;
  const bool edited = edit(doc, cmds, std::move(changed), "add point " + clip);
  selected = added;
  return edited;
}

bool BlendSpaceEditor::release(const Document& doc, Commands& cmds, const View& view) {
  driving_ = false;
  if (dragging_ < 0) return false;
  const int point = dragging_;
  dragging_ = -1;
  setup::Setup changed = *cmds.setup(doc);
  int moved_to = point;
  // A point dropped where it was, or onto another's place, is no edit.
  if (!drag_moved_ || !move_blend_point(changed, view.space, point, drag_position_, &moved_to)) {
    return false;
  }
  const bool edited = edit(doc, cmds, std::move(changed),
                           "move point " + view.clips[static_cast<std::size_t>(point)]);
  selected = moved_to;
  return edited;
}

void BlendSpaceEditor::hover_tooltip(const View& view, const std::vector<Point2>& points, int hit) {
  if (hit >= 0) {
    const Point2 p = points[static_cast<std::size_t>(hit)];
    const std::string at = view.two_d ? "(" + number(p.x) + ", " + number(p.y) + ")" : number(p.x);
    ImGui::SetTooltip("%s at %s\nDrag to move; right-click to change its clip or remove it",
                      view.clips[static_cast<std::size_t>(hit)].c_str(), at.c_str());
  } else {
    ImGui::SetTooltip(
        "Double-click to add a point, right-click for more\nCtrl+drag sets the parameters");
  }
}

void BlendSpaceEditor::legend(const View& view, const std::vector<Point2>& points) {
  // Beside a square with room to spare, the points as a list: clip, place and weight at the
  // marker; a row selects its point.
  if (!view.two_d || view.room < kLegendWidth) return;
  ImGui::SameLine();
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
  // The places only where the names still fit beside them.
  const bool places = view.room >= 1.6f * kLegendWidth;
  if (!begin_table("##legend", places ? 3 : 2, flags, ImVec2(view.room, 0.0f))) return;
  ImGui::TableSetupColumn("Clip", ImGuiTableColumnFlags_WidthStretch, 2.5f);
  if (places) ImGui::TableSetupColumn("At", ImGuiTableColumnFlags_WidthStretch, 1.6f);
  ImGui::TableSetupColumn("Weight", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableHeadersRow();
  for (std::size_t j = 0; j < points.size(); ++j) {
    ImGui::PushID(static_cast<int>(j));
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    const float w = j < weights_.size() ? weights_[j] : 0.0f;
    if (w > 0.0f) ImGui::PushStyleColor(ImGuiCol_Text, colors::playing());
    const bool picked = ImGui::Selectable(view.clips[j].c_str(), static_cast<int>(j) == selected,
                                          ImGuiSelectableFlags_SpanAllColumns);
    if (w > 0.0f) ImGui::PopStyleColor();
    rects.record("legend:" + std::to_string(j));
    if (picked) selected = static_cast<int>(j);
    if (places) {
      ImGui::TableNextColumn();
      const std::string at = number(points[j].x) + ", " + number(points[j].y);
      ImGui::TextDisabled("%s", at.c_str());
    }
    ImGui::TableNextColumn();
    if (weights_.empty()) {
      text_right("-");
    } else {
      number_right(w, 2);
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
}

bool BlendSpaceEditor::point_menu(const Document& doc, Commands& cmds, const View& view) {
  if (!ImGui::BeginPopup("point_menu")) return false;
  // Choices are applied after the menu is drawn: an edit replaces the setup it reads.
  std::string clip;
  bool remove = false;
  const int point = menu_point_;
  const bool valid = point >= 0 && static_cast<std::size_t>(point) < view.clips.size();
  if (valid) {
    const std::string& current = view.clips[static_cast<std::size_t>(point)];
    ImGui::TextDisabled("%s", current.c_str());
    const bool open = ImGui::BeginMenu("Clip");
    if (!open) rects.record("menu:clip");
    if (open) {
      const std::vector<Clip>& clips = doc.model().clips;
      for (std::size_t i = 0; i < clips.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        if (ImGui::MenuItem(shown_name(clips[i].name), nullptr, clips[i].name == current)) {
          clip = clips[i].name;
        }
        rects.record("menu:clip:" + clips[i].name);
        ImGui::PopID();
      }
      ImGui::EndMenu();
    }
    ImGui::Separator();
    remove = ImGui::MenuItem("Remove", "Del", false, view.clips.size() > 1);
    rects.record("menu:remove");
  }
  ImGui::EndPopup();
  if (!valid) return false;
  setup::Setup changed = *cmds.setup(doc);
  const std::string& current = view.clips[static_cast<std::size_t>(point)];
  if (!clip.empty() && set_blend_point_clip(changed, view.space, point, clip)) {
    return edit(doc, cmds, std::move(changed), "set clip of point " + current + " to " + clip);
  }
  if (remove && remove_blend_point(changed, view.space, point)) {
    selected = -1;
    return edit(doc, cmds, std::move(changed), "remove point " + current);
  }
  return false;
}

bool BlendSpaceEditor::space_menu(const Document& doc, Commands& cmds, const View& view) {
  if (!ImGui::BeginPopup("space_menu")) return false;
  std::string clip;
  const bool open = ImGui::BeginMenu("Add point here");
  if (!open) rects.record("menu:add");
  if (open) {
    const std::vector<Clip>& clips = doc.model().clips;
    for (std::size_t i = 0; i < clips.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::MenuItem(shown_name(clips[i].name))) clip = clips[i].name;
      rects.record("menu:add:" + clips[i].name);
      ImGui::PopID();
    }
    ImGui::EndMenu();
  }
  ImGui::EndPopup();
  if (clip.empty()) return false;
  setup::Setup changed = *cmds.setup(doc);
  int added = -1;
  if (!add_blend_point(changed, view.space, clip, menu_at_, &added)) return false;
  selected = added;
  return edit(doc, cmds, std::move(changed), "add point " + clip);
}

}  // namespace anim::ui
