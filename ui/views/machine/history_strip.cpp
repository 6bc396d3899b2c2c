#include "anim/ui/views/machine/history_strip.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <imgui.h>

#include "anim/setup/setup.h"
#include "anim/ui/model/recording_export.h"
#include "anim/ui/model/transition_why.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {
namespace {

const std::vector<StateDef>& layer_states(const StateMachineDef& def, std::size_t layer) {
  return layer == 0 ? def.states : def.layers[layer - 1].states;
}

std::string layer_name(const StateMachineDef& def, std::size_t layer) {
  return layer == 0 ? std::string("Base") : def.layers[layer - 1].name;
}

// A colour per state, apart from its neighbours' (golden-ratio hues).
ImU32 state_color(int state, float alpha = 1.0f) {
  const float hue = std::fmod(0.58f + 0.618034f * static_cast<float>(state), 1.0f);
  float r = 0, g = 0, b = 0;
  ImGui::ColorConvertHSVtoRGB(hue, 0.45f, 0.62f, r, g, b);
  return ImGui::GetColorU32(ImVec4(r, g, b, alpha));
}

int current_of(const StateMachineInstance::SavedLayer& layer) {
  return layer.track_count > 0 ? layer.tracks[static_cast<std::size_t>(layer.track_count - 1)].state
                               : -1;
}

// Where the strip's time axis puts things.
struct Axis {
  float left = 0.0f, width = 1.0f;
  double span = 5.0, duration = 0.0;
  float x(double time) const {
    return left + width * static_cast<float>(1.0 - (duration - time) / span);
  }
};

// Width of the column of layer names left of the bands: none for the base alone, else the
// longest name's, at most 30% of `width`.
float layer_names_width(const StateMachineDef& def, std::size_t layers, float width) {
  float names = 0.0f;
  if (layers > 1) {
    for (std::size_t layer = 0; layer < layers; ++layer) {
      names = std::max(names, ImGui::CalcTextSize(layer_name(def, layer).c_str()).x + 8.0f);
    }
    names = std::min(names, width * 0.3f);
  }
  return names;
}

// Each layer's name in its row, from `origin`, clipped before the bands.
void draw_layer_names(ImDrawList* draw, const StateMachineDef& def, std::size_t layers,
                      const ImVec2& origin, const Axis& axis) {
  for (std::size_t layer = 0; layer < layers; ++layer) {
    const float y0 = origin.y + static_cast<float>(layer) * HistoryStrip::kRowHeight;
    draw->PushClipRect(ImVec2(origin.x, y0),
                       ImVec2(axis.left - 4.0f, y0 + HistoryStrip::kRowHeight), true);
    draw->AddText(ImVec2(origin.x + 2.0f, y0), ImGui::GetColorU32(ImGuiCol_Text, 0.6f),
                  layer_name(def, layer).c_str());
    draw->PopClipRect();
  }
}

// Per layer, a band per run of one current state, named when the name fits; rows from `top`,
// text no further left than `min_x`.
void draw_bands(ImDrawList* draw, const PreviewRecording& r, const StateMachineDef& def,
                const Axis& axis, float top, float min_x) {
  constexpr float kRow = HistoryStrip::kRowHeight;
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  for (std::size_t layer = 0; layer < r.layer_count(); ++layer) {
    const float y0 = top + static_cast<float>(layer) * kRow;
    const std::vector<StateDef>& states = layer_states(def, layer);
    for (const HistoryBand& band : history_bands(r, layer)) {
      if (band.state < 0) continue;
      const float x0 = axis.x(r.time(band.first) - r.frame(band.first).dt);
      const float x1 = std::max(axis.x(r.time(band.last)), x0 + 1.0f);
      draw->AddRectFilled(ImVec2(x0, y0 + 1.0f), ImVec2(x1, y0 + kRow - 1.0f),
                          state_color(band.state + 3 * static_cast<int>(layer)));
      const std::string& name = states[static_cast<std::size_t>(band.state)].name;
      const ImVec2 size = ImGui::CalcTextSize(name.c_str());
      if (size.x + 6.0f < x1 - x0) {
        draw->AddText(ImVec2(std::max(x0, min_x) + 3.0f, y0 + (kRow - size.y) * 0.5f), text,
                      name.c_str());
      }
    }
  }
}

// Ticks: a transition starting (white, in its layer's row and the tick row), an event (gold).
// Rows from `top`; nothing left of `min_x`.
void draw_ticks(ImDrawList* draw, const PreviewRecording& r, const Axis& axis, float top,
                float min_x) {
  constexpr float kRow = HistoryStrip::kRowHeight;
  constexpr float kTick = HistoryStrip::kTickHeight;
  const std::size_t layers = r.layer_count();
  const float ticks = top + static_cast<float>(layers) * kRow;
  const ImU32 transition_tick = ImGui::GetColorU32(ImVec4(1, 1, 1, 0.9f));
  const ImU32 event_tick = ImGui::GetColorU32(ImVec4(1.0f, 0.8f, 0.25f, 1.0f));
  for (std::size_t i = 0; i < r.size(); ++i) {
    const float x = axis.x(r.time(i));
    if (x < min_x) continue;
    for (std::size_t layer = 0; layer < layers; ++layer) {
      if (r.layers(i)[layer].started < 0) continue;
      const float y0 = top + static_cast<float>(layer) * kRow;
      draw->AddLine(ImVec2(x, y0), ImVec2(x, y0 + kRow), transition_tick, 1.5f);
      draw->AddLine(ImVec2(x, ticks), ImVec2(x, ticks + kTick * 0.5f), transition_tick, 1.5f);
    }
    if (r.frame(i).event_count > 0) {
      draw->AddLine(ImVec2(x, ticks + kTick * 0.5f), ImVec2(x, ticks + kTick), event_tick, 1.5f);
    }
  }
}

}  // namespace

std::string started_text(const StateMachineDef& def, const StateMachineInstance::SavedLayer& base) {
  const TransitionDef& t = def.transitions[static_cast<std::size_t>(base.started)];
  const auto name = [&](int state) {
    return state >= 0 && static_cast<std::size_t>(state) < def.states.size()
               ? def.states[static_cast<std::size_t>(state)].name
               : std::string("?");
  };
  std::string text = name(base.running_from) + " -> " + name(t.to) + " (" +
                     setup::to_string(t.blend) + " " + short_value(t.duration, 2) + " s";
  if (t.blend == TransitionBlend::kDeadBlend) {
    text += ", half-life " + short_value(t.half_life, 2) + " s";
  }
  return text + ")";
}

namespace {

// Recorded frame `i`: when it was, the base layer's state and the events that fired.
void frame_tooltip(const PreviewRecording& r, const StateMachineDef& def, std::size_t i) {
  const int state = current_of(r.layers(i)[0]);
  ImGui::BeginTooltip();
  ImGui::Text("%.2f s: %s", r.time(i) - r.duration(),
              state >= 0 ? def.states[static_cast<std::size_t>(state)].name.c_str() : "?");
  const StateMachineInstance::SavedLayer& base = r.layers(i)[0];
  if (base.started >= 0 && static_cast<std::size_t>(base.started) < def.transitions.size()) {
    ImGui::Text("started %s", started_text(def, base).c_str());
  }
  for (int e = 0; e < r.frame(i).event_count; ++e) {
    ImGui::Text(
        "event %s",
        def.events[static_cast<std::size_t>(r.frame(i).events[static_cast<std::size_t>(e)].event)]
            .name.c_str());
  }
  ImGui::TextDisabled("click or drag to rewind here");
  ImGui::EndTooltip();
}

// The axis under the strip [min_x, max.x] ending at max.y: seconds back from now.
void draw_seconds_back(ImDrawList* draw, const Axis& axis, float min_x, const ImVec2& max) {
  const double step = axis.span <= 5.0 ? 1.0 : 5.0;
  const float label_y = max.y + 1.0f;
  for (double back = 0.0; back <= axis.span + 1e-9; back += step) {
    const float x = axis.x(axis.duration - back);
    char label[16];
    std::snprintf(label, sizeof label, back == 0.0 ? "now" : "-%.0f s", back);
    const float w = ImGui::CalcTextSize(label).x;
    const float lx = std::clamp(x - w * 0.5f, min_x, max.x - w);
    draw->AddLine(ImVec2(x, max.y - 3.0f), ImVec2(x, max.y),
                  ImGui::GetColorU32(ImGuiCol_Text, 0.5f));
    draw->AddText(ImVec2(lx, label_y), ImGui::GetColorU32(ImGuiCol_Text, 0.6f), label);
  }
}

}  // namespace

std::vector<HistoryBand> history_bands(const PreviewRecording& recording, std::size_t layer) {
  std::vector<HistoryBand> bands;
  if (layer >= recording.layer_count()) return bands;
  for (std::size_t i = 0; i < recording.size(); ++i) {
    const int state = current_of(recording.layers(i)[layer]);
    if (!bands.empty() && bands.back().state == state) {
      bands.back().last = i;
    } else {
      bands.push_back(HistoryBand{state, i, i});
    }
  }
  return bands;
}

double history_span(double duration) {
  const double whole = std::ceil(std::max(duration, 1e-9) / 5.0) * 5.0;
  return std::clamp(whole, 5.0, PreviewRecording::kSeconds);
}

double history_time_at(float x, float left, float width, double span, double duration) {
  const double back = width > 0.0f ? static_cast<double>(left + width - x) / width * span : 0.0;
  return std::clamp(duration - back, 0.0, duration);
}

float HistoryStrip::height(const Document& doc) const {
  const std::size_t layers = std::max<std::size_t>(doc.recording().layer_count(), 1);
  const ImGuiStyle& style = ImGui::GetStyle();
  return ImGui::GetFrameHeight() + style.ItemSpacing.y +           // The toolbar,
         static_cast<float>(layers) * kRowHeight + kTickHeight +   // the bands,
         ImGui::GetTextLineHeight() + style.ItemSpacing.y + 2.0f;  // the axis.
}

void HistoryStrip::toolbar(const Document& doc, Commands& cmds) {
  const PreviewRecording& r = doc.recording();
  const bool rewound = doc.rewound_frame() >= 0;
  ImGui::BeginDisabled(!rewound);
  if (ImGui::Button("Live")) cmds.go_live();
  rects.record("history_live");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("Back to the newest frame, playing");
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(r.empty());
  if (ImGui::Button("Export")) ImGui::OpenPopup("history_export_menu");
  rects.record("history_export");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip(
        "The recording's parameter changes as `--set NAME=VALUE@SECONDS` lines and the\n"
        "`animscope play` command line that replays them");
  }
  ImGui::EndDisabled();
  export_menu(doc);
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  // One line cut to the panel's width (the strip's height is fixed), the full text on hover.
  char text[160];
  if (rewound) {
    const std::size_t k = static_cast<std::size_t>(doc.rewound_frame());
    std::snprintf(text, sizeof(text),
                  "Rewound %.2f s, frame %zu/%zu, paused. Playing on drops the frames after it, "
                  "as a video editor would; Live returns to the newest frame.",
                  r.time(k) - r.duration(), k + 1, r.size());
    // The first sentence is what the line must say; the rest is for the tooltip.
    const std::string full = text;
    const std::string first = full.substr(0, full.find(". ") + 1);
    ImGui::TextUnformatted(elide_to_width(first, ImGui::GetContentRegionAvail().x).c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", full.c_str());
  } else if (!export_note_.empty()) {
    text_elided(export_note_, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  } else {
    std::snprintf(text, sizeof(text), "History: %.1f s recorded; click or drag in it to rewind",
                  static_cast<double>(r.duration()));
    text_elided(text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  }
  rects.record("history_header");
}

void HistoryStrip::export_menu(const Document& doc) {
  if (!ImGui::BeginPopup("history_export_menu")) return;
  const bool copy = ImGui::MenuItem("Copy to clipboard");
  rects.record("history_export_copy");
  const bool save = ImGui::MenuItem("Save as text file...");
  rects.record("history_export_save");
  ImGui::EndPopup();
  if (!copy && !save) return;
  const PlayScript script = export_play_script(doc);
  exported_ = script.text();
  const std::string lines = std::to_string(script.sets.size()) + " --set lines and play's command";
  if (copy) {
    ImGui::SetClipboardText(exported_.c_str());
    export_note_ = "Copied " + lines + " to the clipboard";
  } else {
    // Beside the setup, named after it.
    const std::filesystem::path setup(doc.setup_path());
    const std::string name =
        (setup.empty() ? std::string("recording") : setup.stem().string() + "_recording") + ".txt";
    save_request_ = SaveRequest{exported_, (setup.parent_path() / name).string()};
    export_note_ = "Exported " + lines;
  }
  if (!script.notes.empty()) export_note_ += " (" + script.notes.front() + ")";
}

std::optional<HistoryStrip::SaveRequest> HistoryStrip::take_save_request() {
  std::optional<SaveRequest> taken = std::move(save_request_);
  save_request_.reset();
  return taken;
}

void HistoryStrip::draw(const Document& doc, Commands& cmds) {
  rects.clear();
  const PreviewRecording& r = doc.recording();
  const StateMachineInstance* sm = doc.state_machine();
  if (doc.mode() != PlaybackMode::kStateMachine || sm == nullptr || !r.recording()) {
    // Paused for a clip, the history is kept for when it resumes (the graph's header).
    if (sm != nullptr && r.recording() && !r.empty()) {
      char kept[96];
      std::snprintf(kept, sizeof(kept),
                    "History: %.1f s kept while the state machine is paused; Resume goes on "
                    "with it.",
                    r.duration());
      text_elided(kept, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    } else {
      text_elided("History: recorded while the state machine plays.",
                  ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    }
    return;
  }
  toolbar(doc, cmds);
  const StateMachineDef& def = sm->def();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
  const std::size_t layers = r.layer_count();
  const float rows = static_cast<float>(layers) * kRowHeight + kTickHeight;
  // With layers, their names in a column at the left, the bands right of it.
  const float names = layer_names_width(def, layers, width);
  Axis axis;
  axis.left = origin.x + names;
  axis.width = std::max(width - names, 1.0f);
  axis.duration = r.duration();
  axis.span = history_span(axis.duration);

  ImGui::InvisibleButton("##history", ImVec2(width, rows));
  rects.record("history_strip", ImVec2(axis.left, origin.y),
               ImVec2(origin.x + width, origin.y + rows));
  const bool hovered = ImGui::IsItemHovered();
  if (ImGui::IsItemActive() && !r.empty()) {
    const double t =
        history_time_at(ImGui::GetIO().MousePos.x, axis.left, width, axis.span, axis.duration);
    const std::size_t frame = r.frame_at(t);
    if (static_cast<int>(frame) != doc.rewound_frame()) cmds.rewind_to(frame);
  }

  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 max(origin.x + width, origin.y + rows);
  if (names > 0.0f) draw_layer_names(draw, def, layers, origin, axis);
  const ImVec2 min(axis.left, origin.y);
  draw->PushClipRect(min, max, true);
  draw->AddRectFilled(min, max, ImGui::GetColorU32(ImGuiCol_FrameBg));
  draw_bands(draw, r, def, axis, origin.y, min.x);
  draw_ticks(draw, r, axis, origin.y, min.x);
  // The frame shown: the rewound one, or now.
  const float shown = doc.rewound_frame() >= 0
                          ? axis.x(r.time(static_cast<std::size_t>(doc.rewound_frame())))
                          : max.x - 1.0f;
  draw->AddLine(ImVec2(shown, origin.y), ImVec2(shown, max.y),
                ImGui::GetColorU32(ImGuiCol_NavHighlight), 2.0f);
  draw->PopClipRect();

  if (hovered && !r.empty()) {
    const double t =
        history_time_at(ImGui::GetIO().MousePos.x, axis.left, width, axis.span, axis.duration);
    frame_tooltip(r, def, r.frame_at(t));
  }
  draw_seconds_back(draw, axis, min.x, max);
  ImGui::Dummy(ImVec2(width, ImGui::GetTextLineHeight()));
}

}  // namespace anim::ui
