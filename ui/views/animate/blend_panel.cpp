#include "anim/ui/views/animate/blend_panel.h"

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <deque>
#include <string>
#include <vector>

#include <imgui.h>

#include "anim/blend_space.h"
#include "anim/ui/views/animate/blend_choice.h"
#include "anim/ui/widgets/imgui_table.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {
namespace {

// Plot colours of the series (clips or states), reused in order.
ImVec4 series_color(std::size_t i) {
  static const ImVec4 kColors[] = {
      ImVec4(0.35f, 0.72f, 1.0f, 1.0f),  ImVec4(1.0f, 0.62f, 0.25f, 1.0f),
      ImVec4(0.55f, 0.90f, 0.45f, 1.0f), ImVec4(0.95f, 0.45f, 0.70f, 1.0f),
      ImVec4(0.70f, 0.55f, 1.0f, 1.0f),  ImVec4(0.95f, 0.85f, 0.35f, 1.0f)};
  return kColors[i % (sizeof(kColors) / sizeof(kColors[0]))];
}

const char* clip_name(const Document& doc, int clip) {
  const std::vector<Clip>& clips = doc.model().clips;
  if (clip < 0 || static_cast<std::size_t>(clip) >= clips.size()) return "(none)";
  return shown_name(clips[clip].name);
}

bool clip_combo(const char* id, const Document& doc, int* clip) {
  bool changed = false;
  if (ImGui::BeginCombo(id, clip_name(doc, *clip))) {
    const std::vector<Clip>& clips = doc.model().clips;
    for (std::size_t i = 0; i < clips.size(); ++i) {
      const int index = static_cast<int>(i);
      ImGui::PushID(index);
      const bool chosen = index == *clip;
      if (ImGui::Selectable(clip_name(doc, index), chosen)) {
        *clip = index;
        changed = true;
      }
      if (chosen) ImGui::SetItemDefaultFocus();
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  return changed;
}

// The last Document::kHistory samples, padded on the left with the oldest one so that every
// plot spans the same time.
struct History {
  const std::deque<float>* values;
};

float history_sample(void* data, int index) {
  const std::deque<float>& values = *static_cast<History*>(data)->values;
  if (values.empty()) return 0.0f;
  const int pad = static_cast<int>(Document::kHistory) - static_cast<int>(values.size());
  return values[static_cast<std::size_t>(std::max(0, index - pad))];
}

// One weight series as a line in [0, 1], labelled with its name and current weight.
void weight_plot(const char* id, const std::deque<float>& values, const char* name,
                 const ImVec4& color) {
  char overlay[128];
  std::snprintf(overlay, sizeof(overlay), "%s  %.2f", name,
                values.empty() ? 0.0 : static_cast<double>(values.back()));
  History history{&values};
  ImGui::PushStyleColor(ImGuiCol_PlotLines, color);
  ImGui::PlotLines(id, history_sample, &history, static_cast<int>(Document::kHistory), 0, overlay,
                   0.0f, 1.0f,
                   ImVec2(ImGui::GetContentRegionAvail().x, ImGui::GetFrameHeight() * 1.6f));
  ImGui::PopStyleColor();
}

// Every weight series the Document keeps, in its order, each recorded as "weight:KEY". While a
// 1D blend runs, a clip of the blend has the colour of its dot on the axis.
void weight_plots(const Document& doc, ItemRects& rects) {
  const std::vector<Document::WeightSeries>& series = doc.weight_plots();
  const std::vector<int>& blended = doc.blend().space.clips;
  const bool blending = doc.mode() == PlaybackMode::kBlend1D;
  std::size_t next_color = blending ? blended.size() : 0;
  for (std::size_t i = 0; i < series.size(); ++i) {
    std::size_t color = next_color;
    for (std::size_t b = 0; blending && b < blended.size(); ++b) {
      if (series[i].key == "clip " + std::to_string(blended[b])) color = b;
    }
    if (color == next_color) ++next_color;
    ImGui::PushID(series[i].key.c_str());
    weight_plot("##weight", series[i].values, series[i].name.c_str(), series_color(color));
    rects.record("weight:" + series[i].key);
    ImGui::PopID();
  }
}

// The height of `count` weight plots (weight_plot) with the spacing between them.
float plots_height(int count) {
  const float plot = ImGui::GetFrameHeight() * 1.6f + ImGui::GetStyle().ItemSpacing.y;
  return plot * static_cast<float>(count);
}

// The running 1D blend's clip that weighs the most now (the lower one on a tie), as the state
// machine's leading clip is chosen.
int heaviest_blend_clip(const Document& doc) {
  const Blend1DState& blend = doc.blend();
  if (blend.space.clips.empty()) return doc.current_clip();
  const BlendSpaceWeights w = blend_space_weights(blend.space, blend.parameter.value);
  const int point = w.upper_weight > 0.5f ? w.upper : w.lower;
  return blend.space.clips[static_cast<std::size_t>(point)];
}

bool increasing(const std::vector<float>& positions) {
  for (std::size_t i = 1; i < positions.size(); ++i) {
    if (!(positions[i] > positions[i - 1])) return false;
  }
  return true;
}

int find_clip_containing(const std::vector<Clip>& clips, const char* word, int skip) {
  for (std::size_t i = 0; i < clips.size(); ++i) {
    std::string name = clips[i].name;
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (static_cast<int>(i) != skip && name.find(word) != std::string::npos) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

// The axis of the 1D blend: clip positions, the target (ring) and the value (dot).
void draw_axis(const Document& doc) {
  const Blend1DState& blend = doc.blend();
  if (blend.space.positions.size() < 2) return;
  const float lo = blend.space.positions.front();
  const float hi = blend.space.positions.back();
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = ImGui::GetFontSize() * 2.2f;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(width, height));
  const float pad = ImGui::GetFontSize();
  const float x0 = at.x + pad;
  const float x1 = at.x + width - pad;
  const float y = at.y + height * 0.35f;
  auto to_x = [&](float v) { return x0 + (v - lo) / std::max(hi - lo, 1e-6f) * (x1 - x0); };
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddLine(ImVec2(x0, y), ImVec2(x1, y), ImGui::GetColorU32(ImGuiCol_TextDisabled), 2.0f);
  for (std::size_t i = 0; i < blend.space.positions.size(); ++i) {
    const float x = to_x(blend.space.positions[i]);
    const ImU32 color = ImGui::GetColorU32(series_color(i));
    draw->AddLine(ImVec2(x, y - 5.0f), ImVec2(x, y + 5.0f), color, 2.0f);
    const char* name = clip_name(doc, blend.space.clips[i]);
    const float text_w = ImGui::CalcTextSize(name).x;
    const float tx = std::clamp(x - text_w * 0.5f, at.x, at.x + width - text_w);
    draw->AddText(ImVec2(tx, y + 6.0f), color, name);
  }
  const ImU32 marker = ImGui::GetColorU32(ImGuiCol_Text);
  draw->AddCircle(ImVec2(to_x(blend.parameter.target), y), 6.0f, marker, 16, 1.5f);
  draw->AddCircleFilled(ImVec2(to_x(blend.parameter.value), y), 4.0f, marker, 16);
}

}  // namespace

void BlendPanel::reset_choices(const Document& doc) {
  const std::vector<Clip>& clips = doc.model().clips;
  crossfade_target = -1;
  blend_clips.clear();
  blend_positions.clear();
  fade_source_.clear();
  if (clips.size() < 2) return;
  // Seed 002's pair when the names give it away (walk at 0, run at 1), else the first two.
  int a = find_clip_containing(clips, "walk", -1);
  int b = find_clip_containing(clips, "run", a);
  if (a < 0 || b < 0) {
    a = 0;
    b = 1;
  }
  blend_clips = {a, b};
  blend_positions = {0.0f, 1.0f};
}

CrossfadeOptions BlendPanel::crossfade_options() const {
  CrossfadeOptions options;
  options.seconds = crossfade_seconds;
  options.curve = crossfade_curve;
  options.freeze_source = freeze_outgoing;
  options.blend = crossfade_blend;
  options.half_life = crossfade_half_life;
  options.sync_phase = crossfade_sync;
  return options;
}

void BlendPanel::apply_shift_ramp(Document& doc) const {
  if (!shift_ramp || doc.mode() != PlaybackMode::kBlend1D) return;
  const ImGuiIO& io = ImGui::GetIO();
  // ImGui clears the modifiers when the app window loses focus, so KeyShift means "held here".
  SmoothedValue& p = doc.blend().parameter;
  p.target = io.KeyShift && !io.WantTextInput ? p.max : p.min;
}

void BlendPanel::draw(const Document& doc, Commands& cmds, Selection& /*sel*/) {
  rects.clear();
  if (seen_ != doc.stamp()) {
    seen_ = doc.stamp();
    reset_choices(doc);
  }
  if (doc.model().clips.empty()) {
    ImGui::Spacing();
    ImGui::TextDisabled("This model has no clips to blend.");
    return;
  }
  // Always in this order, each section keeping its height whatever plays, so no widget moves
  // under the pointer when a fade, a blend or the state machine starts or stops.
  crossfade_section(doc, cmds);
  blend_section(doc, cmds);
  state_machine_section(doc, cmds);
}

void BlendPanel::crossfade_section(const Document& doc, Commands& cmds) {
  if (!ImGui::CollapsingHeader("Crossfade", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushID("crossfade");
  const std::vector<Clip>& clips = doc.model().clips;
  const Player& player = doc.player();
  const int current = doc.current_clip();
  if (crossfade_target < 0 || static_cast<std::size_t>(crossfade_target) >= clips.size()) {
    crossfade_target = current == 0 && clips.size() > 1 ? 1 : 0;
  }
  if (player.fading() && player.fading_from() >= 0)
    fade_source_ = clip_name(doc, player.fading_from());

  form_label("Playing");
  if (doc.mode() == PlaybackMode::kClip) {
    ImGui::TextColored(colors::playing(), "%s", clip_name(doc, current));
  } else {
    ImGui::TextDisabled(doc.mode() == PlaybackMode::kBlend1D ? "1D blend" : "state machine");
  }
  // The fade's row is always there (empty between fades), so the rows below stay put.
  const bool fading = doc.mode() == PlaybackMode::kClip && player.fading();
  char overlay[96] = "no fade";
  if (fading) {
    const bool carried = switches_at_once(player.fade_blend());
    std::snprintf(overlay, sizeof(overlay), "%s from %s  %.0f%%",
                  setup::to_string(player.fade_blend()),
                  carried                     ? "pose shown"
                  : player.fading_from() >= 0 ? fade_source_.c_str()
                                              : "frozen pose",
                  static_cast<double>(player.fade_progress() * 100.0f));
  }
  form_label("Fading");
  ImGui::ProgressBar(fading ? player.fade_progress() : 0.0f, ImVec2(-FLT_MIN, 0.0f), overlay);
  rects.record("fading");

  form_label("Target");
  clip_combo("##target", doc, &crossfade_target);
  rects.record("crossfade_target");
  form_label("Duration");
  ImGui::SliderFloat("##seconds", &crossfade_seconds, 0.0f, 2.0f, "%.2f s",
                     ImGuiSliderFlags_AlwaysClamp);
  blend_choice(&crossfade_blend, &crossfade_half_life, rects);
  ImGui::BeginDisabled(crossfade_blend != TransitionBlend::kCrossfade);
  form_label("Curve");
  const char* curves[] = {"Linear", "Smoothstep"};
  int curve = crossfade_curve == FadeCurve::kSmoothstep ? 1 : 0;
  if (ImGui::Combo("##curve", &curve, curves, 2)) {
    crossfade_curve = curve == 1 ? FadeCurve::kSmoothstep : FadeCurve::kLinear;
  }
  ImGui::Checkbox("Freeze outgoing clip", &freeze_outgoing);
  ImGui::EndDisabled();
  ImGui::SameLine();
  help_marker(
      "The outgoing clip holds the pose it had when the fade started instead of playing "
      "on while it fades out (crossfade only).");
  ImGui::Checkbox("Phase sync", &crossfade_sync);
  rects.record("crossfade_sync");
  ImGui::SameLine();
  help_marker(
      "The target starts where the playing clip is in its cycle (the same normalized time), "
      "not at its start: a walk halfway through fades into a run halfway through, on the same "
      "foot when the clips' steps line up.");

  if (ImGui::Button("Crossfade", ImVec2(-FLT_MIN, 0.0f))) {
    const CrossfadeOptions options = crossfade_options();
    const bool had_clip = doc.mode() == PlaybackMode::kClip && current >= 0;
    cmds.crossfade_to(crossfade_target, options);  // A valid clip: chosen above.
    fade_source_ = had_clip && !freeze_outgoing ? clip_name(doc, current) : "frozen pose";
  }
  rects.record("crossfade");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Fade from what plays now to %s over %.2f s",
                      clip_name(doc, crossfade_target), static_cast<double>(crossfade_seconds));
  }

  // The weights of the last seconds: a fade, or a blend or state machine stopped for this clip,
  // each line decaying to what plays now (the Document drops a line with nothing left to show).
  // Their place is kept, two plots high (more scroll), shown or not.
  if (ImGui::BeginChild("##fade_weights", ImVec2(0.0f, plots_height(2)), false)) {
    if (doc.mode() == PlaybackMode::kClip && doc.weight_series() >= 2) {
      weight_plots(doc, rects);
    } else {
      ImGui::TextDisabled("A fade's weights show here.");
    }
  }
  ImGui::EndChild();
  rects.record("fade_weights");
  ImGui::PopID();
}

void BlendPanel::blend_section(const Document& doc, Commands& cmds) {
  if (!ImGui::CollapsingHeader("1D blend", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushID("blend1d");
  const std::vector<Clip>& clips = doc.model().clips;
  if (clips.size() < 2) {
    ImGui::TextDisabled("A 1D blend needs at least two clips.");
    ImGui::PopID();
    return;
  }
  for (int& clip : blend_clips) {
    if (clip < 0 || static_cast<std::size_t>(clip) >= clips.size()) clip = 0;
  }
  while (blend_positions.size() < blend_clips.size()) {
    blend_positions.push_back(blend_positions.empty() ? 0.0f : blend_positions.back() + 1.0f);
  }
  blend_positions.resize(blend_clips.size());

  blend_points_table(doc);
  add_and_start_buttons(doc, cmds);
  const bool running = doc.mode() == PlaybackMode::kBlend1D;
  blend_parameter_controls(doc, cmds, running);
  // The axis and a plot per clip, their place kept while the blend is stopped.
  const float axis_height = ImGui::GetFontSize() * 2.2f + ImGui::GetStyle().ItemSpacing.y;
  const float height =
      axis_height + plots_height(static_cast<int>(std::max<std::size_t>(blend_clips.size(), 2)));
  if (ImGui::BeginChild("##blend_weights", ImVec2(0.0f, height), false)) {
    if (running) {
      draw_axis(doc);
      weight_plots(doc, rects);
    } else {
      ImGui::TextDisabled("Start the blend to drive its parameter.");
    }
  }
  ImGui::EndChild();
  rects.record("blend_weights");
  ImGui::PopID();
}

void BlendPanel::blend_points_table(const Document& doc) {
  // The clips on the axis: clip, position, remove.
  int remove = -1;
  const ImGuiTableFlags flags = ImGuiTableFlags_SizingStretchProp;
  if (begin_table("points", 3, flags)) {
    ImGui::TableSetupColumn("Clip", ImGuiTableColumnFlags_WidthStretch, 3.0f);
    ImGui::TableSetupColumn("Position", ImGuiTableColumnFlags_WidthStretch, 1.5f);
    ImGui::TableSetupColumn("##remove", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFrameHeight());
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < blend_clips.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::SetNextItemWidth(-FLT_MIN);
      clip_combo("##clip", doc, &blend_clips[i]);
      ImGui::TableSetColumnIndex(1);
      ImGui::SetNextItemWidth(-FLT_MIN);
      ImGui::DragFloat("##position", &blend_positions[i], 0.01f, -100.0f, 100.0f, "%.2f");
      ImGui::TableSetColumnIndex(2);
      ImGui::BeginDisabled(blend_clips.size() <= 2);
      if (ImGui::Button("x", ImVec2(ImGui::GetFrameHeight(), 0.0f))) remove = static_cast<int>(i);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove this clip from the blend");
      ImGui::EndDisabled();
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (remove >= 0) {
    blend_clips.erase(blend_clips.begin() + remove);
    blend_positions.erase(blend_positions.begin() + remove);
  }
}

void BlendPanel::add_and_start_buttons(const Document& doc, Commands& cmds) {
  const std::vector<Clip>& clips = doc.model().clips;
  if (ImGui::Button("Add clip")) {
    int next = 0;
    while (next + 1 < static_cast<int>(clips.size()) &&
           std::find(blend_clips.begin(), blend_clips.end(), next) != blend_clips.end()) {
      ++next;
    }
    blend_clips.push_back(next);
    blend_positions.push_back(blend_positions.empty() ? 0.0f : blend_positions.back() + 1.0f);
  }
  const bool valid = blend_clips.size() >= 2 && increasing(blend_positions);
  const bool running = doc.mode() == PlaybackMode::kBlend1D;
  const float stop_width = ImGui::CalcTextSize("Stop").x + 2.0f * ImGui::GetStyle().FramePadding.x;
  ImGui::SameLine();
  ImGui::BeginDisabled(!valid);
  const float start_width = std::max(
      ImGui::GetContentRegionAvail().x - stop_width - ImGui::GetStyle().ItemSpacing.x, 1.0f);
  if (ImGui::Button("Start blend", ImVec2(start_width, 0.0f))) {
    cmds.start_blend(blend_clips, blend_positions);
  }
  rects.record("start_blend");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!running);
  if (ImGui::Button("Stop", ImVec2(stop_width, 0.0f))) {
    cmds.crossfade_to(heaviest_blend_clip(doc), crossfade_options());
  }
  rects.record("stop_blend");
  ImGui::EndDisabled();
  if (running && ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Stop the blend: fade (as the Crossfade section says) to its heaviest clip");
  }
  // The warning's line is kept when there is none, so nothing below moves as positions change.
  if (valid) {
    ImGui::TextUnformatted("");
  } else {
    ImGui::TextColored(colors::warning(), "Positions must increase from row to row.");
  }
}

void BlendPanel::blend_parameter_controls(const Document& doc, Commands& cmds, bool running) {
  const SmoothedValue& p = doc.blend().parameter;
  ImGui::Spacing();
  ImGui::BeginDisabled(!running || shift_ramp);
  form_label("Parameter");
  float target = p.target;
  if (ImGui::SliderFloat("##parameter", &target, p.min, std::max(p.max, p.min + 1e-3f), "%.3f")) {
    cmds.set_blend_target(target, !(p.rate > 0.0f));
  }
  rects.record("blend_param");
  ImGui::EndDisabled();
  ImGui::Checkbox("Shift ramp", &shift_ramp);
  rects.record("shift_ramp");
  ImGui::SameLine();
  ImGui::TextDisabled("hold Shift to run");
  form_label("Rate");
  float rate = p.rate;
  if (ImGui::SliderFloat("##rate", &rate, 0.0f, 5.0f, rate > 0.0f ? "%.2f / s" : "instant",
                         ImGuiSliderFlags_AlwaysClamp)) {
    cmds.set_blend_rate(rate);
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("How fast the parameter follows its target");
}

}  // namespace anim::ui
