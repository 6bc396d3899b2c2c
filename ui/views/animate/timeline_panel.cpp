#include "anim/ui/views/animate/timeline_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "anim/clip_sample_rate.h"
#include "anim/ui/model/timeline_ruler.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {
namespace {

// Frames per second of what the strip shows: the clip's own key rate (30 when unknown).
float shown_fps(const Document& doc, const TimelineClip& shown) {
  return shown.clip >= 0 ? frame_rate_of(doc.model().clips[shown.clip]) : kDefaultSampleRate;
}

enum class Icon { kToStart, kStepBack, kPlay, kPause, kStepForward, kToEnd };

ImVec2 operator+(const ImVec2& a, const ImVec2& b) { return ImVec2(a.x + b.x, a.y + b.y); }

// A square-ish button with a drawn transport icon (the font has no such glyphs).
bool icon_button(const char* id, Icon icon, const char* tooltip) {
  const float h = ImGui::GetFrameHeight();
  const bool pressed = ImGui::Button(id, ImVec2(std::round(h * 1.3f), h));
  const ImVec2 c((ImGui::GetItemRectMin().x + ImGui::GetItemRectMax().x) * 0.5f,
                 (ImGui::GetItemRectMin().y + ImGui::GetItemRectMax().y) * 0.5f);
  const float s = std::round(h * 0.26f);
  const float bar = std::max(2.0f, std::round(s * 0.35f));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 color = ImGui::GetColorU32(ImGuiCol_Text);
  auto right_triangle = [&](float x0, float x1) {  // Points right, from x0 to x1.
    draw->AddTriangleFilled(ImVec2(x0, c.y - s), ImVec2(x1, c.y), ImVec2(x0, c.y + s), color);
  };
  auto left_triangle = [&](float x0, float x1) {  // Points left, from x1 to x0.
    draw->AddTriangleFilled(ImVec2(x1, c.y - s), ImVec2(x1, c.y + s), ImVec2(x0, c.y), color);
  };
  auto bar_at = [&](float x) {
    draw->AddRectFilled(ImVec2(x, c.y - s), ImVec2(x + bar, c.y + s), color);
  };
  switch (icon) {
    case Icon::kPlay:
      right_triangle(c.x - s * 0.8f, c.x + s);
      break;
    case Icon::kPause:
      draw->AddRectFilled(ImVec2(c.x - s * 0.8f, c.y - s), ImVec2(c.x - s * 0.2f, c.y + s), color);
      draw->AddRectFilled(ImVec2(c.x + s * 0.2f, c.y - s), ImVec2(c.x + s * 0.8f, c.y + s), color);
      break;
    case Icon::kToStart:  // |<
      bar_at(c.x - s);
      left_triangle(c.x - s + bar, c.x + s);
      break;
    case Icon::kStepBack:  // <|
      left_triangle(c.x - s, c.x + s - bar * 2.0f);
      bar_at(c.x + s - bar);
      break;
    case Icon::kStepForward:  // |>
      bar_at(c.x - s);
      right_triangle(c.x - s + bar * 2.0f, c.x + s);
      break;
    case Icon::kToEnd:  // >|
      right_triangle(c.x - s, c.x + s - bar);
      bar_at(c.x + s - bar);
      break;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
  return pressed;
}

// SameLine() when `width` more pixels fit on the current line, a new line otherwise.
bool fits_on_line(float width) {
  const float line_end = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width;
  return line_end <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
}
void same_line_if_fits(float width) {
  if (fits_on_line(width)) ImGui::SameLine();
}

// Time of the last frame: the clip's end for a one-shot, the frame before it for a loop (whose
// end is its start).
float last_frame_time(const Document& doc) {
  const float d = doc.duration();
  const bool wraps = doc.loop() || doc.mode() == PlaybackMode::kBlend1D;
  if (!wraps) return d;
  const float fps = doc.frame_rate();
  const float frames = std::ceil(d * fps - 1e-3f);
  return std::max(0.0f, (frames - 1.0f) / fps);
}

template <class V>
void draw_key_lane(ImDrawList* draw, const KeyTracks<V>& tracks, int joint, float view_start,
                   float view_end, float min_x, float width, float span, float center_y,
                   float radius, ImU32 color) {
  if (joint < 0 || static_cast<std::size_t>(joint) >= tracks.ranges.size()) return;
  const TrackRange range = tracks.ranges[joint];
  if (range.count == 0) return;
  const float* begin = tracks.times.data() + range.offset;
  const float* end = begin + range.count;
  const float margin = span * 0.02f;
  const float* first = std::lower_bound(begin, end, view_start - margin);
  const float* last = std::upper_bound(first, end, view_end + margin);
  // Dense keys (one every few pixels) read better as thin lines than as overlapping diamonds.
  const bool dense = static_cast<float>(last - first) * radius * 2.5f > width;
  for (const float* t = first; t != last; ++t) {
    const float x = min_x + (*t - view_start) / span * width;
    if (dense) {
      draw->AddLine(ImVec2(x, center_y - radius * 0.6f), ImVec2(x, center_y + radius * 0.6f), color,
                    1.0f);
    } else {
      draw->AddQuadFilled(ImVec2(x, center_y - radius), ImVec2(x + radius, center_y),
                          ImVec2(x, center_y + radius), ImVec2(x - radius, center_y), color);
    }
  }
}

// Where the strip sits on screen and which seconds it shows this frame.
struct StripArea {
  ImVec2 origin;    // Top-left of the gutter that holds the lane labels.
  ImVec2 min, max;  // The time area.
  float width = 0.0f;
  float view_start = 0.0f;  // Seconds at the left edge,
  float span = 0.0f;        // and seconds across the width.
  float ruler_height = 0.0f;
  float lanes_top = 0.0f;  // Where the ruler ends and the key lanes begin.

  float view_end() const { return view_start + span; }
  float x_of(float time) const { return min.x + (time - view_start) / span * width; }
  float time_at(float x) const { return view_start + (x - min.x) / width * span; }
};

// A dim line of text in the middle of the lanes, for a strip with nothing to show there.
void draw_lanes_message(ImDrawList* draw, const StripArea& area, const char* message) {
  const ImVec2 size = ImGui::CalcTextSize(message);
  draw->AddText(ImVec2((area.min.x + area.max.x - size.x) * 0.5f,
                       (area.lanes_top + area.max.y - size.y) * 0.5f),
                ImGui::GetColorU32(ImGuiCol_TextDisabled), message);
}

// The ruler: frame ticks, taller second ticks, frame numbers spaced by what fits
// (timeline_ruler.h), grid lines down the lanes, and the clip's end when in view.
void draw_ruler(ImDrawList* draw, const StripArea& area, float fps, float duration) {
  const float px_per_frame = area.width / (area.span * fps);
  const ImU32 tick_color = ImGui::GetColorU32(ImGuiCol_Text, 0.45f);
  const ImU32 label_color = ImGui::GetColorU32(ImGuiCol_Text, 0.8f);
  const ImU32 grid_color = ImGui::GetColorU32(ImGuiCol_Text, 0.07f);
  const float lanes_top = area.lanes_top;
  for (const RulerTick& t : ruler_ticks(fps, area.view_start, area.view_end(), duration,
                                        px_per_frame, ImGui::CalcTextSize("00000").x + 10.0f)) {
    const float x = std::round(area.x_of(static_cast<float>(t.frame) / fps));
    const bool label = !t.label.empty();
    const float tick = area.ruler_height * (label ? 0.5f : t.second ? 0.4f : 0.22f);
    draw->AddLine(ImVec2(x, lanes_top - tick), ImVec2(x, lanes_top), tick_color);
    if (t.second || label) {
      draw->AddLine(ImVec2(x, lanes_top), ImVec2(x, area.max.y), grid_color);
    }
    if (label) draw->AddText(ImVec2(x + 3.0f, area.min.y + 1.0f), label_color, t.label.c_str());
  }
  if (duration <= area.view_end()) {
    const float x = area.x_of(duration);
    draw->AddLine(ImVec2(x, area.min.y), ImVec2(x, area.max.y),
                  ImGui::GetColorU32(ImGuiCol_Text, 0.3f));
  }
}

// The T, R and S lanes of joint `joint` of `clip` (-1 or out of range: none, with a hint), each
// labelled in the gutter.
void draw_key_lanes(ImDrawList* draw, const StripArea& area, const Clip& clip, int joint,
                    bool has_joint) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float lane_height = (area.max.y - area.lanes_top) / 3.0f;
  const float radius = std::clamp(lane_height * 0.3f, 2.5f, 5.0f);
  const ImVec4 lane_colors[] = {colors::translation(), colors::rotation(), colors::scale()};
  const char* lane_names[] = {"T", "R", "S"};
  const float view_start = area.view_start;
  const float view_end = area.view_end();
  const float min_x = area.min.x;
  const float width = area.width;
  const float span = area.span;
  for (int lane = 0; lane < 3; ++lane) {
    const float center = area.lanes_top + lane_height * (static_cast<float>(lane) + 0.5f);
    const ImU32 color = ImGui::GetColorU32(lane_colors[lane]);
    ImGui::GetWindowDrawList()->AddText(
        ImVec2(area.origin.x + style.ItemInnerSpacing.x * 0.5f,
               center - ImGui::GetFontSize() * 0.5f),
        has_joint ? color : ImGui::GetColorU32(ImGuiCol_TextDisabled), lane_names[lane]);
    if (!has_joint) continue;
    if (lane == 0) {
      draw_key_lane(draw, clip.translations, joint, view_start, view_end, min_x, width, span,
                    center, radius, color);
    } else if (lane == 1) {
      draw_key_lane(draw, clip.rotations, joint, view_start, view_end, min_x, width, span, center,
                    radius, color);
    } else {
      draw_key_lane(draw, clip.scales, joint, view_start, view_end, min_x, width, span, center,
                    radius, color);
    }
  }
  if (!has_joint) draw_lanes_message(draw, area, "Select a joint to see its keys");
}

// Where the mouse would scrub to (or, when it cannot, which time it points at).
void draw_mouse_time(ImDrawList* draw, const StripArea& area, float duration, float fps) {
  const float x = ImGui::GetIO().MousePos.x;
  draw->AddLine(ImVec2(x, area.min.y), ImVec2(x, area.max.y),
                ImGui::GetColorU32(ImGuiCol_Text, 0.25f));
  const float at = std::clamp(area.time_at(x), 0.0f, duration);
  ImGui::SetTooltip("%.3f s \u00b7 frame %ld", at, std::lround(at * fps));
}

// The playhead at `t` seconds, when in view: a line, a head on the ruler and the time beside it.
void draw_playhead(ImDrawList* draw, const StripArea& area, float t, float fps) {
  const float x = std::round(area.x_of(t));
  if (x < area.min.x - 1.0f || x > area.max.x + 1.0f) return;
  const ImVec2 min = area.min;
  const ImVec2 max = area.max;
  const float lanes_top = area.lanes_top;
  const ImU32 color = ImGui::GetColorU32(colors::playhead());
  draw->AddLine(ImVec2(x, min.y), ImVec2(x, max.y), color, 2.0f);
  const float w = std::round(area.ruler_height * 0.3f);
  const ImVec2 head[] = {ImVec2(x - w, min.y), ImVec2(x + w, min.y), ImVec2(x + w, lanes_top - w),
                         ImVec2(x, lanes_top), ImVec2(x - w, lanes_top - w)};
  draw->AddConvexPolyFilled(head, 5, color);
  char label[64];
  std::snprintf(label, sizeof(label), "%.3f s / frame %ld", t, std::lround(t * fps));
  const ImVec2 size = ImGui::CalcTextSize(label);
  const ImVec2 pad(4.0f, 1.0f);
  float lx = x + 6.0f;
  if (lx + size.x + pad.x * 2.0f > max.x) lx = x - 6.0f - size.x - pad.x * 2.0f;
  const ImVec2 box_min(lx, lanes_top + 2.0f);
  const ImVec2 box_max = box_min + ImVec2(size.x + pad.x * 2.0f, size.y + pad.y * 2.0f);
  draw->AddRectFilled(box_min, box_max, ImGui::GetColorU32(ImGuiCol_PopupBg, 0.9f), 3.0f);
  draw->AddText(box_min + pad, ImGui::GetColorU32(ImGuiCol_Text), label);
}

}  // namespace

void TimelinePanel::draw(const Document& doc, Commands& cmds, Selection& sel) {
  rects.clear();
  events.rects.clear();
  markers.rects.clear();
  choose_clip(doc);
  const int clip = shown_.clip;
  if (document_ != doc.stamp().document || clip != view_clip_) {
    document_ = doc.stamp().document;
    view_clip_ = clip;
    view_start = 0.0f;
  }
  zoom = std::clamp(std::isfinite(zoom) ? zoom : 1.0f, 1.0f, kMaxZoom);
  controls(doc, cmds);
  strip(doc, cmds, sel);
}

// The live clip (timeline_clip), unless a lane is busy with an edit on another one: then that one
// stays, without a playhead, until the edit ends.
void TimelinePanel::choose_clip(const Document& doc) {
  const TimelineClip live = timeline_clip(doc);
  const bool keep = (events.busy() || markers.busy()) && pinned_clip_ >= 0 &&
                    pinned_clip_ != live.clip && pinned_stamp_ == doc.stamp();
  shown_ = keep ? still_clip(doc, pinned_clip_) : live;
  if (!keep) {
    pinned_clip_ = live.clip;
    pinned_stamp_ = doc.stamp();
  }
}

void TimelinePanel::controls(const Document& doc, Commands& cmds) {
  const bool play_clicked = transport_buttons(doc, cmds);
  loop_and_speed(doc, cmds);
  position_and_zoom(doc);
  keyboard(doc, cmds, play_clicked);
}

bool TimelinePanel::transport_buttons(const Document& doc, Commands& cmds) {
  const bool has_clip = doc.current_clip() >= 0 || doc.mode() == PlaybackMode::kBlend1D;
  const bool can_seek = has_clip && doc.mode() != PlaybackMode::kStateMachine;
  const float inner = ImGui::GetStyle().ItemInnerSpacing.x;

  ImGui::BeginDisabled(!can_seek);
  if (icon_button("##to_start", Icon::kToStart, "First frame (Home)")) cmds.seek(0.0f);
  ImGui::SameLine(0.0f, inner);
  if (icon_button("##step_back", Icon::kStepBack, "Previous frame (Left)")) cmds.step_frames(-1);
  rects.record("step_back");
  ImGui::EndDisabled();

  ImGui::SameLine(0.0f, inner);
  ImGui::BeginDisabled(!has_clip && doc.mode() != PlaybackMode::kStateMachine);
  const bool playing = doc.playing();
  const bool play_clicked = icon_button("##play", playing ? Icon::kPause : Icon::kPlay,
                                        playing ? "Pause (Space)" : "Play (Space)");
  if (play_clicked) cmds.set_playing(!playing);
  rects.record("play");
  ImGui::EndDisabled();

  ImGui::SameLine(0.0f, inner);
  ImGui::BeginDisabled(!can_seek);
  if (icon_button("##step_forward", Icon::kStepForward, "Next frame (Right)")) {
    cmds.step_frames(1);
  }
  rects.record("step_forward");
  ImGui::SameLine(0.0f, inner);
  if (icon_button("##to_end", Icon::kToEnd, "Last frame (End)")) cmds.seek(last_frame_time(doc));
  ImGui::EndDisabled();
  return play_clicked;
}

void TimelinePanel::loop_and_speed(const Document& doc, Commands& cmds) {
  const float inner = ImGui::GetStyle().ItemInnerSpacing.x;
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemSpacing.x * 2.0f);
  bool loop = doc.loop();
  if (ImGui::Checkbox("Loop", &loop)) cmds.set_loop(loop);
  rects.record("loop");

  const float speed_width = ImGui::GetFontSize() * 7.0f;
  same_line_if_fits(ImGui::CalcTextSize("Speed").x + speed_width + ImGui::GetFrameHeight() * 1.6f);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Speed");
  ImGui::SameLine(0.0f, inner);
  float speed = doc.speed();
  ImGui::SetNextItemWidth(speed_width);
  if (ImGui::SliderFloat("##speed", &speed, 0.1f, 2.0f, "%.2fx", ImGuiSliderFlags_AlwaysClamp)) {
    cmds.set_speed(speed);
  }
  rects.record("speed");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Playback speed (Ctrl+click to type)");
  ImGui::SameLine(0.0f, inner);
  ImGui::BeginDisabled(doc.speed() == 1.0f);
  if (ImGui::Button("1x##speed_reset")) cmds.set_speed(1.0f);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("Reset the speed to 1x");
  }
  ImGui::EndDisabled();
}

void TimelinePanel::position_and_zoom(const Document& doc) {
  const float inner = ImGui::GetStyle().ItemInnerSpacing.x;
  // Where we are: clip (with the state playing it), time and frame; without the frame when
  // that keeps the zoom on this line (a state's name makes the text longer).
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float zoom_width = ImGui::GetFontSize() * 6.0f;
  const float zoom_group = ImGui::CalcTextSize("Zoom").x + inner + zoom_width;
  char now[192];
  const std::string name = timeline_clip_name(doc, shown_);
  if (shown_.clip >= 0 && shown_.has_playhead) {
    const float t = shown_.time;
    const float d = shown_.duration;
    const float fps = shown_fps(doc, shown_);
    std::snprintf(now, sizeof(now), "%s  %.3f / %.3f s  \u00b7  frame %ld / %ld @ %g fps",
                  name.c_str(), t, d, std::lround(t * fps), std::lround(d * fps),
                  static_cast<double>(fps));
    if (!fits_on_line(ImGui::CalcTextSize(now).x + spacing + zoom_group)) {
      std::snprintf(now, sizeof(now), "%s  %.3f / %.3f s", name.c_str(), t, d);
    }
  } else if (shown_.clip >= 0) {
    std::snprintf(now, sizeof(now), "%s  (no longer playing)", name.c_str());
  } else if (doc.mode() == PlaybackMode::kStateMachine) {
    std::snprintf(now, sizeof(now), "State machine");
  } else {
    std::snprintf(now, sizeof(now), "No clip");
  }
  same_line_if_fits(ImGui::CalcTextSize(now).x + spacing);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(now);

  same_line_if_fits(zoom_group);
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("Zoom");
  ImGui::SameLine(0.0f, inner);
  ImGui::SetNextItemWidth(zoom_width);
  if (ImGui::SliderFloat("##zoom", &zoom, 1.0f, kMaxZoom, "%.1fx",
                         ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
    zoom_changed_ = true;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Zoom (Ctrl+wheel over the strip)");
}

void TimelinePanel::keyboard(const Document& doc, Commands& cmds, bool play_clicked) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || io.KeyCtrl || io.KeyAlt) return;
  if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)) return;
  // A focused button activated by Space must not toggle a second time.
  if (!play_clicked && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) {
    cmds.set_playing(!doc.playing());
  }
  const bool can_seek = doc.mode() != PlaybackMode::kStateMachine &&
                        (doc.current_clip() >= 0 || doc.mode() == PlaybackMode::kBlend1D);
  if (!can_seek || scrub_.active()) return;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) cmds.step_frames(-1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) cmds.step_frames(1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Home), false)) cmds.seek(0.0f);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_End), false)) {
    cmds.seek(last_frame_time(doc));
  }
}

void TimelinePanel::strip(const Document& doc, Commands& cmds, const Selection& sel) {
  const ImGuiStyle& style = ImGui::GetStyle();
  // What is shown and whether the strip seeks are apart: the state machine's clip is shown, but
  // the machine drives its time.
  const int clip = shown_.clip;
  const bool shows_clip = clip >= 0;
  const bool can_seek =
      shows_clip && shown_.has_playhead && doc.mode() != PlaybackMode::kStateMachine;
  const float duration = shown_.duration;
  const float fps = shown_fps(doc, shown_);
  const float length = std::max(duration, 1.0f / fps);  // Strip length at zoom 1.
  const bool zoomed = zoom > 1.0001f;

  // Geometry: a gutter for the lane labels ("M" the widest), the strip, the event and marker
  // lanes, and a scrollbar when zoomed.
  const float gutter = ImGui::CalcTextSize("M").x + style.ItemInnerSpacing.x * 2.0f;
  const float scrollbar_height = zoomed ? std::round(ImGui::GetFontSize() * 0.6f) + 2.0f : 0.0f;
  const bool setup_lanes = shows_clip && doc.setup() != nullptr;
  const float lane_height = setup_lanes ? std::round(ImGui::GetFrameHeight()) + 2.0f : 0.0f;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float height =
      std::max(avail.y - scrollbar_height - lane_height * 2.0f, ImGui::GetFontSize() * 3.5f);
  StripArea area;
  area.width = std::max(avail.x - gutter, 1.0f);
  area.origin = ImGui::GetCursorScreenPos();
  ImGui::SetCursorScreenPos(ImVec2(area.origin.x + gutter, area.origin.y));
  ImGui::InvisibleButton("##strip", ImVec2(area.width, height));
  rects.record("strip");
  area.min = ImGui::GetItemRectMin();
  area.max = ImGui::GetItemRectMax();
  const bool hovered = ImGui::IsItemHovered();

  area.span = wheel_zoom_and_scroll(hovered, zoomed, area.min.x, area.width, length);
  scrub_.update(doc, cmds, can_seek && ImGui::IsItemActivated(), view_start, area.min.x, area.width,
                area.span, duration);
  keep_playhead_in_view(doc, zoomed, area.span, length);
  area.view_start = view_start;

  ImDrawList* draw = ImGui::GetWindowDrawList();
  area.ruler_height = std::round(ImGui::GetFontSize() + 6.0f);
  area.lanes_top = area.min.y + area.ruler_height;
  draw->AddRectFilled(area.min, area.max, ImGui::GetColorU32(ImGuiCol_FrameBg),
                      style.FrameRounding);
  draw->AddRectFilled(area.min, ImVec2(area.max.x, area.lanes_top),
                      ImGui::GetColorU32(ImGuiCol_TitleBg), style.FrameRounding,
                      ImDrawFlags_RoundCornersTop);
  draw->PushClipRect(area.origin, ImVec2(area.max.x + 8.0f, area.max.y), true);

  if (!shows_clip) {
    draw_lanes_message(draw, area,
                       doc.mode() == PlaybackMode::kStateMachine
                           ? "The state machine drives the pose"
                           : "No clip to show");
    draw->PopClipRect();
    return;
  }
  draw_ruler(draw, area, fps, duration);
  const bool has_joint =
      sel.joint >= 0 && static_cast<std::size_t>(sel.joint) < doc.model().skeleton.joint_count();
  draw_key_lanes(draw, area, doc.model().clips[clip], sel.joint, has_joint);
  if (hovered && !scrub_.active()) draw_mouse_time(draw, area, duration, fps);
  if (shown_.has_playhead) draw_playhead(draw, area, shown_.time, fps);
  draw->PopClipRect();

  float below = area.max.y + 2.0f;
  if (setup_lanes) {
    const LanePlace place{area.origin.x, area.min.x, area.max.x, lane_height, area.span};
    below = draw_lane(doc, cmds, events, "E", colors::event(), place, below);
    below = draw_lane(doc, cmds, markers, "M", colors::sync_marker(), place, below);
  }
  if (zoomed) scrollbar(area.min.x, below, area.width, length, area.span);
}

float TimelinePanel::wheel_zoom_and_scroll(bool hovered, bool zoomed, float min_x, float width,
                                           float length) {
  const ImGuiIO& io = ImGui::GetIO();
  float span = length / zoom;
  if (hovered && io.MouseWheel != 0.0f && io.KeyCtrl) {
    const float anchor = view_start + (io.MousePos.x - min_x) / width * span;
    zoom = std::clamp(zoom * std::pow(1.25f, io.MouseWheel), 1.0f, kMaxZoom);
    span = length / zoom;
    view_start = anchor - (io.MousePos.x - min_x) / width * span;
  } else if (hovered && zoomed && (io.MouseWheel != 0.0f || io.MouseWheelH != 0.0f)) {
    view_start -= (io.MouseWheel + io.MouseWheelH) * span * 0.1f;
  }
  if (zoom_changed_) {
    view_start = shown_.time - span * 0.5f;
    zoom_changed_ = false;
  }
  clamp_view(length, span);
  return span;
}

void TimelinePanel::clamp_view(float length, float span) {
  view_start = std::clamp(view_start, 0.0f, std::max(0.0f, length - span));
}

void TimelinePanel::keep_playhead_in_view(const Document& doc, bool zoomed, float span,
                                          float length) {
  const float t = shown_.time;
  if (zoomed && shown_.has_playhead && (scrub_.active() || (follow_playhead && doc.playing()))) {
    if (t < view_start || t > view_start + span) {
      view_start = scrub_.active() ? (t < view_start ? t : t - span) : t - span * 0.1f;
      clamp_view(length, span);
    }
  }
}

float TimelinePanel::draw_lane(const Document& doc, Commands& cmds, TimelineLane& lane,
                               const char* label, const ImVec4& color, const LanePlace& place,
                               float top) {
  const float lane_bottom = top + place.height - 2.0f;
  ImGui::GetWindowDrawList()->AddText(
      ImVec2(place.label_x + ImGui::GetStyle().ItemInnerSpacing.x * 0.5f,
             (top + lane_bottom - ImGui::GetFontSize()) * 0.5f),
      ImGui::GetColorU32(color), label);
  lane.draw(doc, cmds, shown_.clip, ImVec2(place.min_x, top), ImVec2(place.max_x, lane_bottom),
            view_start, place.span);
  return lane_bottom + 2.0f;
}

void TimelinePanel::scrollbar(float min_x, float y, float width, float length, float span) {
  const float height = std::round(ImGui::GetFontSize() * 0.6f);
  ImGui::SetCursorScreenPos(ImVec2(min_x, y));
  ImGui::InvisibleButton("##hscroll", ImVec2(width, height));
  const float travel = std::max(length - span, 1e-6f);
  const float thumb = std::max(width * span / length, height * 2.0f);
  const float room = std::max(width - thumb, 1.0f);
  float thumb_x = min_x + view_start / travel * room;
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemActivated() && (io.MousePos.x < thumb_x || io.MousePos.x > thumb_x + thumb)) {
    view_start = (io.MousePos.x - min_x - thumb * 0.5f) / room * travel;  // Jump to the click.
  } else if (ImGui::IsItemActive()) {
    view_start += io.MouseDelta.x / room * travel;
  }
  view_start = std::clamp(view_start, 0.0f, travel);
  thumb_x = min_x + view_start / travel * room;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(ImVec2(min_x, y), ImVec2(min_x + width, y + height),
                      ImGui::GetColorU32(ImGuiCol_ScrollbarBg), height * 0.5f);
  const ImGuiCol grab = ImGui::IsItemActive()    ? ImGuiCol_ScrollbarGrabActive
                        : ImGui::IsItemHovered() ? ImGuiCol_ScrollbarGrabHovered
                                                 : ImGuiCol_ScrollbarGrab;
  draw->AddRectFilled(ImVec2(thumb_x, y + 1.0f), ImVec2(thumb_x + thumb, y + height - 1.0f),
                      ImGui::GetColorU32(grab), height * 0.5f);
}

}  // namespace anim::ui
