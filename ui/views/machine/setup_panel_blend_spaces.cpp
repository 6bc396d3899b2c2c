// The Setup panel's Blend spaces tab: the table of spaces and their points, and beside (or
// above) it the chosen space drawn and edited by hand (BlendSpaceEditor).
#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "anim/ui/views/machine/setup_panel.h"
#include "anim/ui/widgets/imgui_table.h"
#include "setup_panel_common.h"

namespace anim::ui {
namespace {

using setup_panel::key;
using setup_panel::kTableFlags;
using setup_panel::setup_columns;

// The blend space editor's column, beside the table when the panel is twice as wide.
constexpr float kEditorWidth = BlendSpaceEditor::kLargestSide + 20.0f;

}  // namespace

// --- Blend spaces ---

void SetupPanel::blend_spaces_tab(const Document& doc, Commands& cmds) {
  // The editor beside the table when both fit, each scrolling on its own; else above it, seen
  // first, with the table below.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  if (avail.x >= 2.0f * kEditorWidth) {
    ImGui::BeginChild("##space_table", ImVec2(avail.x - kEditorWidth, 0.0f));
    blend_space_table(doc);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##space_editor", ImVec2(0.0f, 0.0f));
    space_editor_section(doc, cmds, BlendSpaceEditor::kLargestSide);
    ImGui::EndChild();
  } else {
    // The whole square in view (below the space and Drive lines), the table scrolled to.
    const float lines = 2.0f * ImGui::GetFrameHeightWithSpacing();
    space_editor_section(doc, cmds, std::max(avail.y - lines, BlendSpaceEditor::kSmallestSide));
    if (!doc.setup()->blend_spaces.empty()) ImGui::Separator();
    blend_space_table(doc);
  }
}

void SetupPanel::blend_space_table(const Document& doc) {
  const setup::Setup& saved = *doc.setup();
  const std::vector<Clip>& clips = doc.model().clips;
  std::optional<std::size_t> remove;
  if (!working_.blend_spaces.empty() && begin_table("blend_spaces", 4, kTableFlags)) {
    setup_columns({{"Name", 2.0f}, {"Parameter / clip", 2.0f}, {"Sync / position", 1.2f}});
    for (std::size_t i = 0; i < working_.blend_spaces.size(); ++i) {
      setup::SetupBlendSpace& space = working_.blend_spaces[i];
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      const bool renamed = text_field("##name", key("space_name", i), &space.name);
      if (ImGui::IsItemActivated()) edited_space_ = i;  // The editor shows the space clicked.
      if (renamed) {
        const std::string old =
            (i < saved.blend_spaces.size() ? saved.blend_spaces[i].name : std::string());
        setup_form::rename_blend_space(&working_, old, space.name);
        commit("rename blend space " + old + " to " + space.name);
      }
      ImGui::TableSetColumnIndex(1);
      const std::string param_rect = key("space_parameter", i);
      if (begin_combo("##parameter", param_rect, shown_name(space.parameter))) {
        // A blend space's axis is a number: float and int parameters only.
        bool picked = false;
        for (const setup::SetupParameter& p : working_.parameters) {
          if (p.type == ParameterType::kFloat || p.type == ParameterType::kInt) {
            picked |= name_choice(param_rect, p.name, &space.parameter);
          }
        }
        if (picked) commit("set parameter of blend space " + space.name);
        ImGui::EndCombo();
      }
      // A 2D space's second parameter (y), below its first (x).
      const std::string y_rect = key("space_parameter_y", i);
      if (space.parameter_y &&
          begin_combo("##parameter_y", y_rect, shown_name(*space.parameter_y))) {
        bool picked = false;
        for (const setup::SetupParameter& p : working_.parameters) {
          if (p.type == ParameterType::kFloat || p.type == ParameterType::kInt) {
            picked |= name_choice(y_rect, p.name, &*space.parameter_y);
          }
        }
        if (picked) commit("set y parameter of blend space " + space.name);
        ImGui::EndCombo();
      }
      ImGui::TableSetColumnIndex(2);
      const std::string sync_rect = key("space_sync", i);
      constexpr SyncMode kSyncModes[] = {SyncMode::kNormalized, SyncMode::kMarkers};
      if (enum_combo("##sync", sync_rect, kSyncModes, &space.sync)) {
        commit("set sync of blend space " + space.name);
      }
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "normalized: its clips share one normalized time\n"
            "markers: the heaviest clip leads; the others play at its place between their sync\n"
            "markers (the same foot down)");
      }
      ImGui::TableSetColumnIndex(3);
      if (remove_button(key("remove_blend_space", i), "Remove this blend space")) remove = i;
      point_rows(clips, i);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (remove) {
    commit("remove blend space " + working_.blend_spaces[*remove].name);
    working_.blend_spaces.erase(working_.blend_spaces.begin() +
                                static_cast<std::ptrdiff_t>(*remove));
  }
  if (ImGui::Button("Add blend space")) {
    setup::SetupBlendSpace space;
    space.name = setup_form::unique_name(working_.blend_spaces, "Blend");
    for (const setup::SetupParameter& p : working_.parameters) {
      if (p.type == ParameterType::kFloat) {
        space.parameter = p.name;
        break;
      }
    }
    // The first two clips at 0 and 1: a working blend to adjust rather than an empty one.
    for (std::size_t c = 0; c < clips.size() && c < 2; ++c) {
      space.points.push_back({clips[c].name, static_cast<float>(c), setup::Json::object()});
    }
    commit("add blend space " + space.name);
    working_.blend_spaces.push_back(std::move(space));
    edited_space_ = working_.blend_spaces.size() - 1;  // The editor shows the new space.
  }
  rects.record("add_blend_space");
}

void SetupPanel::space_editor_section(const Document& doc, Commands& cmds, float max_side) {
  // The editor edits the document itself: an edit the table finished this frame goes in first,
  // so that neither undoes the other.
  flush(doc, cmds);
  const std::vector<setup::SetupBlendSpace>& spaces = cmds.setup(doc)->blend_spaces;
  if (spaces.empty()) return;
  if (edited_space_ >= spaces.size()) edited_space_ = 0;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Space");
  ImGui::SameLine();
  if (begin_combo("##edited_space", "edited_space", shown_name(spaces[edited_space_].name))) {
    for (std::size_t i = 0; i < spaces.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      if (combo_choice("edited_space", shown_name(spaces[i].name), i == edited_space_)) {
        edited_space_ = i;
      }
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  if (space_editor_.draw(doc, cmds, static_cast<int>(edited_space_), max_side)) reload(doc, cmds);
}

void SetupPanel::point_rows(const std::vector<Clip>& clips, std::size_t space_index) {
  setup::SetupBlendSpace& space = working_.blend_spaces[space_index];
  std::optional<std::size_t> remove;
  for (std::size_t j = 0; j < space.points.size(); ++j) {
    setup::SetupBlendPoint& point = space.points[j];
    ImGui::PushID(static_cast<int>(j));
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("  point %zu", j + 1);
    ImGui::TableSetColumnIndex(1);
    const std::string clip_rect = key("point_clip", space_index, j);
    if (begin_combo("##clip", clip_rect, shown_name(point.clip))) {
      bool picked = false;
      for (const Clip& clip : clips) picked |= name_choice(clip_rect, clip.name, &point.clip);
      if (picked) commit("set clip of a point of blend space " + space.name);
      ImGui::EndCombo();
    }
    ImGui::TableSetColumnIndex(2);
    if (float_field("##position", key("point_position", space_index, j), &point.position, 0.01f)) {
      commit("move a point of blend space " + space.name);
    }
    // A 2D point's y, below its x.
    if (point.position_y && float_field("##position_y", key("point_position_y", space_index, j),
                                        &*point.position_y, 0.01f)) {
      commit("move a point of blend space " + space.name);
    }
    ImGui::TableSetColumnIndex(3);
    if (remove_button(key("remove_point", space_index, j), "Remove this point")) remove = j;
    ImGui::PopID();
  }
  if (remove) {
    commit("remove a point of blend space " + space.name);
    space.points.erase(space.points.begin() + static_cast<std::ptrdiff_t>(*remove));
  }
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(1);
  if (ImGui::SmallButton("Add point")) {
    setup::SetupBlendPoint point;
    point.clip = clips.empty() ? std::string() : clips.front().name;
    // Past the last point, so positions keep increasing.
    point.position = space.points.empty() ? 0.0f : space.points.back().position + 1.0f;
    // In 2D beside the last point (a new x makes it a new position).
    if (space.is_2d()) {
      point.position_y = space.points.empty() ? 0.0f : space.points.back().position_y.value_or(0);
    }
    commit("add a point to blend space " + space.name);
    space.points.push_back(std::move(point));
  }
  rects.record(key("add_point", space_index));
}

}  // namespace anim::ui
