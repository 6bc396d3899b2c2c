#include "anim/ui/clips_panel.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <numeric>

#include <imgui.h>

#include "anim/ui/panel_widgets.h"

namespace anim::ui {
namespace {

// In display order: name, length and keys fit a narrow panel; the rest scroll into view.
enum Column { kName, kDuration, kKeys, kFrames, kChannels, kColumnCount };

long frames_of(const Clip& clip) { return std::lround(clip.duration * Document::kFrameRate); }

bool contains_ignoring_case(const std::string& text, const char* needle) {
  const std::size_t n = std::char_traits<char>::length(needle);
  if (n == 0) return true;
  auto equal = [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) ==
           std::tolower(static_cast<unsigned char>(b));
  };
  return std::search(text.begin(), text.end(), needle, needle + n, equal) != text.end();
}

// A small "playing" triangle in front of the row's name.
void draw_play_marker(const ImVec2& at, float size, ImU32 color) {
  ImGui::GetWindowDrawList()->AddTriangleFilled(ImVec2(at.x + size * 0.2f, at.y + size * 0.2f),
                                                ImVec2(at.x + size * 0.75f, at.y + size * 0.5f),
                                                ImVec2(at.x + size * 0.2f, at.y + size * 0.8f),
                                                color);
}

}  // namespace

void ClipsPanel::sort_rows(const Document& doc) {
  const std::vector<Clip>& clips = doc.model().clips;
  order_.resize(clips.size());
  std::iota(order_.begin(), order_.end(), 0);
  if (sort_column_ < 0) return;
  auto less = [&](int a, int b) {
    const Clip& x = clips[a];
    const Clip& y = clips[b];
    switch (sort_column_) {
      case kName:
        return x.name < y.name;
      case kDuration:
        return x.duration < y.duration;
      case kFrames:
        return frames_of(x) < frames_of(y);
      case kChannels:
        return x.animated_joint_count() < y.animated_joint_count();
      case kKeys:
        return x.key_count() < y.key_count();
      default:
        return a < b;
    }
  };
  std::stable_sort(order_.begin(), order_.end(),
                   [&](int a, int b) { return sort_descending_ ? less(b, a) : less(a, b); });
}

void ClipsPanel::draw(Document& doc, Selection& /*sel*/) {
  rects.clear();
  const Model& model = doc.model();
  const std::vector<Clip>& clips = model.clips;
  if (model_ != &model || order_.size() != clips.size()) {
    model_ = &model;
    selected = -1;
    filter[0] = '\0';
    sort_rows(doc);
  }
  if (clips.empty()) {
    ImGui::Spacing();
    ImGui::TextDisabled("This model has no animation clips.");
    return;
  }
  if (selected >= static_cast<int>(clips.size())) selected = -1;

  if (clips.size() > 8) {
    ImGui::SetNextItemWidth(-FLT_MIN);
    ImGui::InputTextWithHint("##clip_filter", "Search clips", filter, sizeof(filter));
  }
  ImGui::TextDisabled("%zu clip%s \u00b7 double-click to play", clips.size(),
                      clips.size() == 1 ? "" : "s");

  // Number columns take what their header or widest value needs; the name gets the rest, but
  // never less than its longest name (the table scrolls sideways then).
  // Sortable headers keep room for the sort arrow.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float pad =
      style.CellPadding.x * 2.0f + ImGui::GetFontSize() * 0.65f + style.FramePadding.x + 2.0f;
  float longest = 0.0f;
  long most_frames = 0;
  std::size_t most_joints = 0, most_keys = 0;
  float widest_name = ImGui::GetFontSize() * 5.0f;
  for (const Clip& clip : clips) {
    widest_name = std::max(widest_name,
                           ImGui::CalcTextSize(clip.name.c_str()).x + ImGui::GetFontSize() + pad);
    longest = std::max(longest, clip.duration);
    most_frames = std::max(most_frames, frames_of(clip));
    most_joints = std::max(most_joints, clip.animated_joint_count());
    most_keys = std::max(most_keys, clip.key_count());
  }
  auto fit = [&](const char* header, const std::string& widest) {
    return std::max(ImGui::CalcTextSize(header).x, ImGui::CalcTextSize(widest.c_str()).x) + pad;
  };
  char longest_text[32];
  std::snprintf(longest_text, sizeof(longest_text), "%.3f", static_cast<double>(longest));
  float widths[kColumnCount] = {};
  widths[kDuration] = fit("Length", longest_text);
  widths[kKeys] = fit("Keys", format_count(most_keys));
  widths[kFrames] = fit("Frames", std::to_string(most_frames));
  widths[kChannels] = fit("Joints", format_count(most_joints));
  float numbers = 0.0f;
  for (float w : widths) numbers += w;
  const float name_width =
      std::max(ImGui::GetContentRegionAvail().x - numbers - style.ScrollbarSize, widest_name);

  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_Sortable | ImGuiTableFlags_SortTristate |
                                ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("clips", kColumnCount, flags, ImVec2(0.0f, 0.0f))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  struct Header {
    const char* label;
    const char* tooltip;
  };
  Header headers[kColumnCount];
  headers[kName] = {"Name", "Clip name"};
  headers[kDuration] = {"Length", "Duration in seconds"};
  headers[kKeys] = {"Keys", "Translation, rotation and scale keys in all"};
  headers[kFrames] = {"Frames", "Frames at 30 fps"};
  headers[kChannels] = {"Joints", "Animated channels: joints with at least one key"};
  for (int c = 0; c < kColumnCount; ++c) {
    ImGuiTableColumnFlags column_flags = ImGuiTableColumnFlags_WidthFixed;
    if (c != kName) column_flags |= ImGuiTableColumnFlags_PreferSortDescending;
    ImGui::TableSetupColumn(headers[c].label, column_flags, c == kName ? name_width : widths[c],
                            static_cast<ImGuiID>(c));
  }
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int c = 0; c < kColumnCount; ++c) {
    ImGui::TableSetColumnIndex(c);
    ImGui::TableHeader(headers[c].label);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", headers[c].tooltip);
  }
  if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs()) {
    if (specs->SpecsDirty) {
      sort_column_ = specs->SpecsCount > 0 ? specs->Specs[0].ColumnUserID : -1;
      sort_descending_ =
          specs->SpecsCount > 0 && specs->Specs[0].SortDirection == ImGuiSortDirection_Descending;
      sort_rows(doc);
      specs->SpecsDirty = false;
    }
  }

  const float icon = ImGui::GetFontSize();
  const ImU32 playing_bg = ImGui::GetColorU32(ImVec4(0.40f, 0.85f, 0.45f, 0.16f));
  for (int index : order_) {
    const Clip& clip = clips[index];
    if (!contains_ignoring_case(clip.name, filter)) continue;
    const bool in_blend = doc.mode() == PlaybackMode::kBlend1D &&
                          std::find(doc.blend().space.clips.begin(), doc.blend().space.clips.end(),
                                    index) != doc.blend().space.clips.end();
    const bool playing =
        (doc.mode() == PlaybackMode::kClip && doc.current_clip() == index) || in_blend;
    ImGui::PushID(index);
    ImGui::TableNextRow();
    if (playing) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, playing_bg);

    ImGui::TableSetColumnIndex(kName);
    const ImVec2 marker_at = ImGui::GetCursorScreenPos();
    if (playing) draw_play_marker(marker_at, icon, ImGui::GetColorU32(colors::playing()));
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + icon);
    const char* label = clip.name.empty() ? "(unnamed)" : clip.name.c_str();
    if (playing) ImGui::PushStyleColor(ImGuiCol_Text, colors::playing());
    const bool clicked = ImGui::Selectable(
        label, selected == index,
        ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowDoubleClick);
    if (playing) ImGui::PopStyleColor();
    rects.record("clip:" + clip.name);
    if (clicked) {
      selected = index;
      if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) doc.play_clip(index);
    }
    if (ImGui::BeginPopupContextItem("row_menu")) {
      selected = index;
      if (ImGui::MenuItem("Play from start")) doc.play_clip(index);
      CrossfadeOptions fade;
      fade.curve = FadeCurve::kSmoothstep;
      if (ImGui::MenuItem("Crossfade to it (0.25 s)", nullptr, false, doc.current_clip() >= 0)) {
        doc.crossfade_to(index, fade);
      }
      ImGui::EndPopup();
    }
    if (ImGui::IsItemHovered() && !ImGui::IsPopupOpen("row_menu")) {
      ImGui::SetTooltip("%s\nDouble-click to play, right-click for more", label);
    }

    ImGui::TableSetColumnIndex(kDuration);
    number_right(clip.duration, 3);
    ImGui::TableSetColumnIndex(kFrames);
    char text[32];
    std::snprintf(text, sizeof(text), "%ld", frames_of(clip));
    text_right(text);
    ImGui::TableSetColumnIndex(kChannels);
    count_right(clip.animated_joint_count());
    ImGui::TableSetColumnIndex(kKeys);
    count_right(clip.key_count());
    ImGui::PopID();
  }
  ImGui::EndTable();
}

}  // namespace anim::ui
