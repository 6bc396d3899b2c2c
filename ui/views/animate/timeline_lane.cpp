#include "anim/ui/views/animate/timeline_lane.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace anim::ui {
namespace {

const LaneItem* find_item(const std::vector<LaneItem>& shown, int key) {
  for (const LaneItem& item : shown) {
    if (item.key == key) return &item;
  }
  return nullptr;
}

// "Event", "Marker": the noun heading a menu.
std::string capitalized(const char* noun) {
  std::string text = noun;
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

void copy_text(char* out, std::size_t size, const std::string& text) {
  std::snprintf(out, size, "%s", text.c_str());
}

// A hovered item's name, time and details, and what the mouse can do with it.
void item_tooltip(const LaneItem& item) {
  ImGui::SetTooltip("%s  \u00b7  %.3f s%s%s\nDrag to move, right-click to edit", item.name.c_str(),
                    item.time, item.details.empty() ? "" : "\n", item.details.c_str());
}

}  // namespace

// Where the lane sits on screen and which seconds it shows.
struct TimelineLane::Area {
  ImVec2 min, max;
  float width = 0.0f;
  float view_start = 0.0f;  // Seconds at the left edge,
  float span = 0.0f;        // and seconds across the width.

  float x_of(float t) const { return min.x + (t - view_start) / span * width; }
  float time_at(float x) const { return view_start + (x - min.x) / width * span; }
};

std::optional<LaneItem> TimelineLane::item_of(const setup::Setup& setup, int key) const {
  if (key < 0) return std::nullopt;
  const std::vector<LaneItem> shown = items(setup, clip_name_);
  const LaneItem* item = find_item(shown, key);
  return item != nullptr ? std::optional<LaneItem>(*item) : std::nullopt;
}

int TimelineLane::item_under_mouse(const std::vector<LaneItem>& shown, const Area& area,
                                   float reach) const {
  const float mouse_x = ImGui::GetIO().MousePos.x;
  int under = -1;
  float best = reach;
  for (const LaneItem& item : shown) {
    const float d = std::fabs(mouse_x - area.x_of(item.time));
    if (d <= best) {
      best = d;
      under = item.key;
    }
  }
  return under;
}

void TimelineLane::add_at(const Document& doc, Commands& cmds, float time) {
  setup::Setup edited = *cmds.setup(doc);
  selected = add(edited, clip_name_, time, duration_);
  const std::optional<LaneItem> added = item_of(edited, selected);
  const std::string name = added ? added->name : "";
  cmds.edit_setup(std::move(edited), std::string("add ") + noun() + " " + name);
}

void TimelineLane::draw(const Document& doc, Commands& cmds, int clip, ImVec2 min, ImVec2 max,
                        float view_start, float span) {
  rects.clear();
  if (cmds.setup(doc) == nullptr || clip < 0 ||
      static_cast<std::size_t>(clip) >= doc.model().clips.size()) {
    dragging_ = -1;
    menu_open_ = false;
    return;
  }
  clip_ = clip;
  clip_name_ = doc.model().clips[clip].name;
  duration_ = doc.model().clips[clip].duration;
  Area area;
  area.min = min;
  area.max = max;
  area.width = std::max(max.x - min.x, 1.0f);
  area.view_start = view_start;
  area.span = span;
  const float height = max.y - min.y;

  ImGui::SetCursorScreenPos(min);
  ImGui::InvisibleButton(("##" + id("s")).c_str(), ImVec2(area.width, height),
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  rects.record(id("s"));
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  const bool activated = ImGui::IsItemActivated();
  const float radius = std::round(std::clamp(height * 0.32f, 3.0f, 7.0f));

  // The item under the mouse: the nearest within its half-width.
  const int under =
      hovered ? item_under_mouse(items(*cmds.setup(doc), clip_name_), area, radius + 2.0f) : -1;
  drag_item(doc, cmds, area, under, active, activated);
  const float mouse_time = area.time_at(ImGui::GetIO().MousePos.x);
  if (hovered && under < 0 && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    add_at(doc, cmds, mouse_time);
  }
  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    open_menu(*cmds.setup(doc), under, std::clamp(mouse_time, 0.0f, duration_));
  }
  if (hovered && !ImGui::GetIO().WantTextInput && item_of(*cmds.setup(doc), selected) &&
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Delete), false)) {
    delete_item(doc, cmds, selected);
  }

  // Drawn from the setup as it is after this frame's edits.
  const std::vector<LaneItem> shown = items(*cmds.setup(doc), clip_name_);
  if (find_item(shown, selected) == nullptr) selected = -1;
  draw_items(shown, area, under, radius, hovered);
  const LaneItem* tipped = find_item(shown, under);
  if (hovered && tipped != nullptr && dragging_ < 0 && !ImGui::IsPopupOpen(id("_menu").c_str())) {
    item_tooltip(*tipped);
  }
  menu(doc, cmds);
  draw_popups(doc, cmds);
}

void TimelineLane::drag_item(const Document& doc, Commands& cmds, const Area& area, int under,
                             bool active, bool activated) {
  const ImGuiIO& io = ImGui::GetIO();
  if (activated && io.MouseClicked[0]) {
    selected = under;
    dragging_ = under;
    const std::optional<LaneItem> grabbed = item_of(*cmds.setup(doc), under);
    if (grabbed) {
      drag_time_ = grabbed->time;
      grab_offset_ = drag_time_ - area.time_at(io.MousePos.x);
    }
  }
  if (dragging_ >= 0 && active) {
    drag_time_ = std::clamp(area.time_at(io.MousePos.x) + grab_offset_, 0.0f, duration_);
  }
  if (dragging_ >= 0 && !active) {  // Released: one edit for the whole drag.
    setup::Setup edited = *cmds.setup(doc);
    if (move(edited, clip_name_, dragging_, drag_time_, duration_)) {
      const std::optional<LaneItem> moved = item_of(edited, dragging_);
      const std::string name = moved ? moved->name : "";
      cmds.edit_setup(std::move(edited), std::string("move ") + noun() + " " + name);
    }
    dragging_ = -1;
  }
}

void TimelineLane::open_menu(const setup::Setup& setup, int under, float time) {
  menu_item_ = under;
  menu_time_ = time;
  if (under >= 0) {
    selected = under;
    const std::optional<LaneItem> item = item_of(setup, under);
    copy_text(name_, sizeof(name_), item ? item->name : "");
    item_menu_opened(setup, under);
  }
  ImGui::OpenPopup(id("_menu").c_str());
  menu_open_ = true;
}

void TimelineLane::delete_item(const Document& doc, Commands& cmds, int key) {
  setup::Setup edited = *cmds.setup(doc);
  const std::optional<LaneItem> item = item_of(edited, key);
  const std::string name = item ? item->name : "";
  remove(edited, clip_name_, key);
  selected = -1;
  cmds.edit_setup(std::move(edited), std::string("delete ") + noun() + " " + name);
}

void TimelineLane::draw_items(const std::vector<LaneItem>& shown, const Area& area, int under,
                              float radius, bool hovered) {
  const ImVec2 min = area.min, max = area.max;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(ImVec2(min.x - radius, min.y), ImVec2(max.x + radius, max.y), true);
  draw->AddRectFilled(min, max, ImGui::GetColorU32(ImGuiCol_FrameBg, 0.6f));
  const ImU32 color = ImGui::GetColorU32(this->color());
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text, 0.85f);
  for (const LaneItem& item : shown) {
    const float t = item.key == dragging_ ? drag_time_ : item.time;
    const float x = std::round(area.x_of(t));
    const bool is_selected = item.key == selected;
    const float label_x = draw_item(draw, x, min.y + 2.0f, max.y - 2.0f, radius, color,
                                    is_selected || item.key == under, is_selected);
    const ImVec2 label_size = ImGui::CalcTextSize(item.name.c_str());
    draw->AddText(ImVec2(label_x, (min.y + max.y - label_size.y) * 0.5f), text, item.name.c_str());
    rects.record(id(":") + std::to_string(item.key), ImVec2(x - radius, min.y),
                 ImVec2(x + radius, max.y));
  }
  if (shown.empty() && !hovered) {
    const std::string hint =
        std::string("Double-click to add ") + (noun()[0] == 'e' ? "an " : "a ") + noun();
    const ImVec2 size = ImGui::CalcTextSize(hint.c_str());
    draw->AddText(ImVec2((min.x + max.x - size.x) * 0.5f, (min.y + max.y - size.y) * 0.5f),
                  ImGui::GetColorU32(ImGuiCol_TextDisabled), hint.c_str());
  }
  draw->PopClipRect();
}

void TimelineLane::menu(const Document& doc, Commands& cmds) {
  menu_open_ = ImGui::BeginPopup(id("_menu").c_str());
  if (!menu_open_) return;
  const setup::Setup* setup = cmds.setup(doc);
  const std::optional<LaneItem> item =
      setup != nullptr ? item_of(*setup, menu_item_) : std::nullopt;
  if (!item) {
    if (ImGui::MenuItem((std::string("Add ") + noun() + " here").c_str())) {
      add_at(doc, cmds, menu_time_);
    }
    rects.record(id("_add"));
    lane_menu_entries(doc, cmds);
  } else {
    item_menu(doc, cmds, *item);
  }
  ImGui::EndPopup();
}

void TimelineLane::item_menu(const Document& doc, Commands& cmds, const LaneItem& item) {
  const int key = item.key;
  ImGui::TextDisabled("%s at %.3f s", capitalized(noun()).c_str(), item.time);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.0f);
  ImGui::InputText(("Name##" + id("")).c_str(), name_, sizeof(name_));
  rects.record(id("_name"));
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    setup::Setup edited = *cmds.setup(doc);
    const std::string old_name = item.name;
    if (rename(edited, clip_name_, key, name_)) {
      cmds.edit_setup(std::move(edited), std::string("rename ") + noun() + " " + old_name);
    } else {
      copy_text(name_, sizeof(name_), old_name);  // An empty name is refused.
    }
  }
  item_menu_fields(doc, cmds, key);
  ImGui::Separator();
  if (ImGui::MenuItem("Delete", "Del")) {
    delete_item(doc, cmds, key);
    menu_item_ = -1;
  }
  rects.record(id("_delete"));
}

}  // namespace anim::ui
