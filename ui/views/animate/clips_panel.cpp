#include "anim/ui/views/animate/clips_panel.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <numeric>
#include <string>

#include <imgui.h>

#include "anim/clip_sample_rate.h"
#include "anim/ui/files/directory_listing.h"
#include "anim/ui/views/animate/blend_choice.h"
#include "anim/ui/widgets/imgui_table.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {
namespace {

// In display order: name and length fit a narrow panel, then where the clip came from (shown
// only when some clip comes from another file), then the rest, which scrolls into view.
enum Column { kName, kDuration, kBound, kFile, kKeys, kFrames, kChannels, kColumnCount };

long frames_of(const Clip& clip) { return std::lround(clip.duration * frame_rate_of(clip)); }

std::string file_name(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

// "31 of 34": keyed joints of the clip's file that drive a model joint.
std::string bound_text(const ClipSource& source) {
  return std::to_string(source.bound_joints.size()) + " of " +
         std::to_string(source.bound_joints.size() + source.unbound_joints.size());
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    out += (i == 0 ? "" : i % 4 == 0 ? ",\n" : ", ") + names[i];
  }
  return out;
}

// What the row's tooltip says about where the clip came from.
std::string source_tooltip(const Model& model, const ClipSource* source) {
  if (!source) return "From the model file " + file_name(model.source_path);
  std::string text =
      "From " + source->file + "\nBinds " + bound_text(*source) + " animated joints" +
      (source->retargeted ? ", retargeted onto this skeleton" : ", played as authored (same rig)");
  if (!source->unbound_joints.empty()) text += "\nUnbound: " + joined(source->unbound_joints);
  return text;
}

// Problems of the clip files, one line each, under a warning line.
void draw_problems(const Document& doc) {
  const std::vector<Diagnostic>& problems = doc.clip_file_problems();
  if (problems.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, colors::warning());
  ImGui::TextWrapped("%zu problem%s with clip files (hover)", problems.size(),
                     problems.size() == 1 ? "" : "s");
  ImGui::PopStyleColor();
  if (!ImGui::IsItemHovered()) return;
  std::string text;
  for (const Diagnostic& d : problems) {
    text +=
        (d.severity == Diagnostic::Severity::kError ? "error: " : "warning: ") + d.message + "\n";
  }
  ImGui::SetTooltip("%s", text.c_str());
}

// A small "playing" triangle in front of the row's name.
void draw_play_marker(const ImVec2& at, float size, ImU32 color) {
  ImGui::GetWindowDrawList()->AddTriangleFilled(ImVec2(at.x + size * 0.2f, at.y + size * 0.2f),
                                                ImVec2(at.x + size * 0.75f, at.y + size * 0.5f),
                                                ImVec2(at.x + size * 0.2f, at.y + size * 0.8f),
                                                color);
}

// The empty panel: why there is no table and where clips come from.
void draw_no_clips_hint() {
  ImGui::Spacing();
  ImGui::TextDisabled("This model has no animation clips.");
  ImGui::TextDisabled("File > Add animations... reads them from other files.");
}

// The search box (only when there are many clips) and the count line above the table.
void draw_filter_and_count(std::size_t clip_count, char* filter, std::size_t filter_size) {
  if (clip_count > 8) {
    ImGui::SetNextItemWidth(-FLT_MIN);
    ImGui::InputTextWithHint("##clip_filter", "Search clips", filter, filter_size);
  }
  ImGui::TextDisabled("%zu clip%s \u00b7 double-click to play", clip_count,
                      clip_count == 1 ? "" : "s");
}

struct ColumnLayout {
  float widths[kColumnCount] = {};
  bool from_files = false;  // Some clip came from another file: Bound and File are shown.
};

// Number columns take what their header or widest value needs; the name gets the rest, but
// never less than its longest name (the table scrolls sideways then).
// Sortable headers keep room for the sort arrow.
ColumnLayout column_layout(const Model& model) {
  const std::vector<Clip>& clips = model.clips;
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
  ColumnLayout layout;
  float* widths = layout.widths;
  widths[kDuration] = fit("Length", longest_text);
  widths[kKeys] = fit("Keys", format_count(most_keys));
  widths[kFrames] = fit("Frames", std::to_string(most_frames));
  widths[kChannels] = fit("Joints", format_count(most_joints));
  std::string widest_bound = "Bound", widest_file = "File";
  for (const ClipSource& source : model.clip_sources) {
    if (bound_text(source).size() > widest_bound.size()) widest_bound = bound_text(source);
    if (file_name(source.file).size() > widest_file.size()) widest_file = file_name(source.file);
  }
  layout.from_files = !model.clip_sources.empty();
  widths[kBound] = layout.from_files ? fit("Bound", widest_bound) : 0.0f;
  widths[kFile] = layout.from_files ? fit("File", widest_file) : 0.0f;
  float numbers = 0.0f;
  for (int c = 0; c < kColumnCount; ++c) numbers += c == kKeys || c == kChannels ? 0.0f : widths[c];
  widths[kName] =
      std::max(ImGui::GetContentRegionAvail().x - numbers - style.ScrollbarSize, widest_name);
  return layout;
}

// The table's columns and its header row, each header with a tooltip saying what it counts.
void setup_columns_and_headers(const ColumnLayout& layout) {
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
  headers[kBound] = {"Bound", "Animated joints of the clip's file that drive a joint of the model"};
  headers[kFile] = {"File", "The file the clip came from (empty: the model file)"};
  for (int c = 0; c < kColumnCount; ++c) {
    ImGuiTableColumnFlags column_flags = ImGuiTableColumnFlags_WidthFixed;
    if (c != kName) column_flags |= ImGuiTableColumnFlags_PreferSortDescending;
    if ((c == kBound || c == kFile) && !layout.from_files) {
      column_flags |= ImGuiTableColumnFlags_Disabled;
    }
    // Key and joint counts are the least asked for: hidden at first so the rest fit the column's
    // default width; a right-click on the header shows them (imgui.ini keeps the choice).
    if (c == kKeys || c == kChannels) column_flags |= ImGuiTableColumnFlags_DefaultHide;
    ImGui::TableSetupColumn(headers[c].label, column_flags, layout.widths[c],
                            static_cast<ImGuiID>(c));
  }
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int c = 0; c < kColumnCount; ++c) {
    ImGui::TableSetColumnIndex(c);
    ImGui::TableHeader(headers[c].label);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", headers[c].tooltip);
  }
}

// The clip plays on its own or as one of the clips of the 1D blend.
bool is_playing(const Document& doc, int index) {
  const bool in_blend = doc.mode() == PlaybackMode::kBlend1D &&
                        std::find(doc.blend().space.clips.begin(), doc.blend().space.clips.end(),
                                  index) != doc.blend().space.clips.end();
  return (doc.mode() == PlaybackMode::kClip && doc.current_clip() == index) || in_blend;
}

// The row's cells after the name: length, frames, joints, keys, bound joints and file.
void draw_number_cells(const Clip& clip, const ClipSource* source, bool partly_bound) {
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
  ImGui::TableSetColumnIndex(kBound);
  if (source) {
    if (partly_bound) ImGui::PushStyleColor(ImGuiCol_Text, colors::warning());
    text_right(bound_text(*source).c_str());
    if (partly_bound) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered() && partly_bound) {
      ImGui::SetTooltip("Unbound: %s", joined(source->unbound_joints).c_str());
    }
  }
  ImGui::TableSetColumnIndex(kFile);
  if (source) {
    ImGui::TextUnformatted(file_name(source->file).c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", source->file.c_str());
  } else {
    ImGui::TextDisabled("model");
  }
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
      case kBound: {
        const ClipSource* sx = doc.model().clip_source(a);
        const ClipSource* sy = doc.model().clip_source(b);
        return (sx ? sx->bound_joints.size() : 0) < (sy ? sy->bound_joints.size() : 0);
      }
      case kFile: {
        const ClipSource* sx = doc.model().clip_source(a);
        const ClipSource* sy = doc.model().clip_source(b);
        return (sx ? sx->file : std::string()) < (sy ? sy->file : std::string());
      }
      default:
        return a < b;
    }
  };
  std::stable_sort(order_.begin(), order_.end(),
                   [&](int a, int b) { return sort_descending_ ? less(b, a) : less(a, b); });
}

void ClipsPanel::draw(const Document& doc, Commands& cmds, Selection& /*sel*/) {
  rects.clear();
  crossfade_edited = false;
  const std::vector<Clip>& clips = doc.model().clips;
  if (seen_ != doc.stamp()) {
    seen_ = doc.stamp();
    selected = -1;
    filter[0] = '\0';
    sort_rows(doc);
  }
  draw_problems(doc);
  if (!doc.changed_clip_files().empty()) draw_changed_files_notice(doc, cmds);
  if (clips.empty()) {
    draw_no_clips_hint();
    return;
  }
  if (selected >= static_cast<int>(clips.size())) selected = -1;
  draw_filter_and_count(clips.size(), filter, sizeof(filter));

  const ColumnLayout layout = column_layout(doc.model());
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_Sortable | ImGuiTableFlags_SortTristate |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_Hideable;
  if (!begin_table("clips", kColumnCount, flags, ImVec2(0.0f, 0.0f))) return;
  setup_columns_and_headers(layout);
  apply_sort_specs(doc);

  const float icon = ImGui::GetFontSize();
  const ImU32 playing_bg = ImGui::GetColorU32(ImVec4(0.40f, 0.85f, 0.45f, 0.16f));
  for (int index : order_) {
    if (!contains_ignoring_case(clips[index].name, filter)) continue;
    draw_row(doc, cmds, index, icon, playing_bg);
  }
  ImGui::EndTable();
}

void ClipsPanel::draw_changed_files_notice(const Document& doc, Commands& cmds) {
  ImGui::PushStyleColor(ImGuiCol_Text, colors::highlight());
  ImGui::TextUnformatted(doc.changed_clip_files().size() == 1 ? "A clip file changed on disk."
                                                              : "Clip files changed on disk.");
  ImGui::PopStyleColor();
  ImGui::SameLine();
  if (ImGui::SmallButton("Reload")) cmds.request_clip_file_reload();
  rects.record("reload_clip_files");
}

void ClipsPanel::apply_sort_specs(const Document& doc) {
  ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs();
  if (!specs || !specs->SpecsDirty) return;
  sort_column_ = specs->SpecsCount > 0 ? specs->Specs[0].ColumnUserID : -1;
  sort_descending_ =
      specs->SpecsCount > 0 && specs->Specs[0].SortDirection == ImGuiSortDirection_Descending;
  sort_rows(doc);
  specs->SpecsDirty = false;
}

void ClipsPanel::draw_row(const Document& doc, Commands& cmds, int index, float icon,
                          ImU32 playing_bg) {
  const Clip& clip = doc.model().clips[index];
  const bool playing = is_playing(doc, index);
  ImGui::PushID(index);
  ImGui::TableNextRow();
  if (playing) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, playing_bg);

  ImGui::TableSetColumnIndex(kName);
  const ImVec2 marker_at = ImGui::GetCursorScreenPos();
  if (playing) draw_play_marker(marker_at, icon, ImGui::GetColorU32(colors::playing()));
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + icon);
  const char* label = shown_name(clip.name);
  if (playing) ImGui::PushStyleColor(ImGuiCol_Text, colors::playing());
  const bool clicked = ImGui::Selectable(
      label, selected == index,
      ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowDoubleClick);
  if (playing) ImGui::PopStyleColor();
  rects.record("clip:" + clip.name);
  if (clicked) {
    selected = index;
    if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) cmds.play_clip(index);
  }
  const ClipSource* source = doc.model().clip_source(index);
  row_menu(doc, cmds, index, source);
  if (ImGui::IsItemHovered() && !ImGui::IsPopupOpen("row_menu")) {
    ImGui::SetTooltip("%s\n%s\nDouble-click to play, right-click for more", label,
                      source_tooltip(doc.model(), source).c_str());
  }
  const bool partly_bound = source && !source->unbound_joints.empty();
  if (partly_bound) {
    ImGui::SameLine();
    ImGui::TextColored(colors::warning(), "(!)");
    rects.record("clip_warning:" + clip.name);
  }

  draw_number_cells(clip, source, partly_bound);
  ImGui::PopID();
}

void ClipsPanel::row_menu(const Document& doc, Commands& cmds, int index,
                          const ClipSource* source) {
  if (!ImGui::BeginPopupContextItem("row_menu")) return;
  selected = index;
  if (ImGui::MenuItem("Play from start")) cmds.play_clip(index);
  ImGui::Separator();
  if (blend_choice(&crossfade.blend, &crossfade.half_life, rects)) crossfade_edited = true;
  char fade[96];
  const bool crossfading = crossfade.blend == TransitionBlend::kCrossfade;
  std::snprintf(fade, sizeof(fade), "Crossfade to it (%.2f s, %s)",
                static_cast<double>(crossfade.seconds),
                !crossfading                                ? setup::to_string(crossfade.blend)
                : crossfade.curve == FadeCurve::kSmoothstep ? "smoothstep"
                                                            : "linear");
  if (ImGui::MenuItem(fade, nullptr, false, doc.current_clip() >= 0)) {
    cmds.crossfade_to(index, crossfade);
  }
  rects.record("crossfade:" + doc.model().clips[index].name);
  if (source) {
    ImGui::Separator();
    const std::string remove = "Remove clip file " + file_name(source->file);
    if (ImGui::MenuItem(remove.c_str())) cmds.remove_clip_file(source->entry);
    if (ImGui::MenuItem("Reload clip files")) cmds.request_clip_file_reload();
  }
  ImGui::EndPopup();
}

}  // namespace anim::ui
