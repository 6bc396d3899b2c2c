#include "anim/ui/views/animate/timeline_event_lane.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "anim/setup/edits.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {
namespace {

constexpr const char* kMenu = "##event_menu";

bool is_event_of(const setup::Setup& setup, int index, const std::string& clip) {
  return index >= 0 && static_cast<std::size_t>(index) < setup.events.size() &&
         setup.events[index].clip == clip;
}

void copy_text(char* out, std::size_t size, const std::string& text) {
  std::snprintf(out, size, "%s", text.c_str());
}

// A hovered marker's name, time and payload, and what the mouse can do with it.
void marker_tooltip(const setup::SetupEvent& e) {
  ImGui::SetTooltip("%s  \u00b7  %.3f s%s%s\nDrag to move, right-click to edit", e.name.c_str(),
                    e.time, e.payload ? "\npayload: " : "", e.payload ? e.payload->c_str() : "");
}

}  // namespace

// Where the lane sits on screen and which seconds it shows.
struct TimelineEventLane::Area {
  ImVec2 min, max;
  float width = 0.0f;
  float view_start = 0.0f;  // Seconds at the left edge,
  float span = 0.0f;        // and seconds across the width.

  float x_of(float t) const { return min.x + (t - view_start) / span * width; }
  float time_at(float x) const { return view_start + (x - min.x) / width * span; }
};

int TimelineEventLane::marker_under_mouse(const std::vector<setup::SetupEvent>& events,
                                          const std::string& clip, const Area& area,
                                          float reach) const {
  const float mouse_x = ImGui::GetIO().MousePos.x;
  int under = -1;
  float best = reach;
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (events[i].clip != clip) continue;
    const float d = std::fabs(mouse_x - area.x_of(events[i].time));
    if (d <= best) {
      best = d;
      under = static_cast<int>(i);
    }
  }
  return under;
}

void TimelineEventLane::add_at(const Document& doc, Commands& cmds, const std::string& clip,
                               float time, float duration) {
  setup::Setup edited = *cmds.setup(doc);
  selected = add_event(edited, clip, time, duration);
  const std::string name = edited.events[selected].name;
  cmds.edit_setup(std::move(edited), "add event " + name);
}

void TimelineEventLane::draw(const Document& doc, Commands& cmds, int clip, ImVec2 min, ImVec2 max,
                             float view_start, float span) {
  rects.clear();
  if (cmds.setup(doc) == nullptr || clip < 0 ||
      static_cast<std::size_t>(clip) >= doc.model().clips.size()) {
    dragging_ = -1;
    menu_open_ = false;
    return;
  }
  const std::string clip_name = doc.model().clips[clip].name;
  const float duration = doc.model().clips[clip].duration;
  Area area;
  area.min = min;
  area.max = max;
  area.width = std::max(max.x - min.x, 1.0f);
  area.view_start = view_start;
  area.span = span;
  const float height = max.y - min.y;

  ImGui::SetCursorScreenPos(min);
  ImGui::InvisibleButton("##events", ImVec2(area.width, height),
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  rects.record("events");
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  const bool activated = ImGui::IsItemActivated();
  const float radius = std::round(std::clamp(height * 0.32f, 3.0f, 7.0f));

  // The marker under the mouse: the nearest within its half-width.
  const int under =
      hovered ? marker_under_mouse(cmds.setup(doc)->events, clip_name, area, radius + 2.0f) : -1;
  drag_marker(doc, cmds, area, under, active, activated, duration);
  const float mouse_time = area.time_at(ImGui::GetIO().MousePos.x);
  if (hovered && under < 0 && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    add_at(doc, cmds, clip_name, mouse_time, duration);
  }
  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    open_menu(doc, cmds, clip_name, under, std::clamp(mouse_time, 0.0f, duration));
  }
  if (hovered && !ImGui::GetIO().WantTextInput &&
      is_event_of(*cmds.setup(doc), selected, clip_name) &&
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Delete), false)) {
    delete_selected(doc, cmds);
  }

  // Drawn from the setup as it is after this frame's edits.
  const setup::Setup& setup = *cmds.setup(doc);
  if (!is_event_of(setup, selected, clip_name)) selected = -1;
  draw_markers(setup, clip_name, area, under, radius, hovered);
  if (hovered && under >= 0 && dragging_ < 0 && !ImGui::IsPopupOpen(kMenu)) {
    marker_tooltip(setup.events[under]);
  }
  menu(doc, cmds, duration);
}

void TimelineEventLane::drag_marker(const Document& doc, Commands& cmds, const Area& area,
                                    int under, bool active, bool activated, float duration) {
  const ImGuiIO& io = ImGui::GetIO();
  if (activated && io.MouseClicked[0]) {
    selected = under;
    dragging_ = under;
    if (under >= 0) {
      drag_time_ = cmds.setup(doc)->events[under].time;
      grab_offset_ = drag_time_ - area.time_at(io.MousePos.x);
    }
  }
  if (dragging_ >= 0 && active) {
    drag_time_ = std::clamp(area.time_at(io.MousePos.x) + grab_offset_, 0.0f, duration);
  }
  if (dragging_ >= 0 && !active) {  // Released: one edit for the whole drag.
    setup::Setup edited = *cmds.setup(doc);
    if (move_event(edited, dragging_, drag_time_, duration)) {
      const std::string name = edited.events[dragging_].name;
      cmds.edit_setup(std::move(edited), "move event " + name);
    }
    dragging_ = -1;
  }
}

void TimelineEventLane::open_menu(const Document& doc, Commands& cmds, const std::string& clip,
                                  int under, float time) {
  menu_event_ = under;
  menu_time_ = time;
  menu_clip_ = clip;
  if (under >= 0) {
    selected = under;
    copy_text(name_, sizeof(name_), cmds.setup(doc)->events[under].name);
    copy_text(payload_, sizeof(payload_), cmds.setup(doc)->events[under].payload.value_or(""));
  }
  ImGui::OpenPopup(kMenu);
  menu_open_ = true;
}

void TimelineEventLane::delete_selected(const Document& doc, Commands& cmds) {
  setup::Setup edited = *cmds.setup(doc);
  const std::string name = edited.events[selected].name;
  remove_event(edited, selected);
  selected = -1;
  cmds.edit_setup(std::move(edited), "delete event " + name);
}

void TimelineEventLane::draw_markers(const setup::Setup& setup, const std::string& clip,
                                     const Area& area, int under, float radius, bool hovered) {
  const ImVec2 min = area.min, max = area.max;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(ImVec2(min.x - radius, min.y), ImVec2(max.x + radius, max.y), true);
  draw->AddRectFilled(min, max, ImGui::GetColorU32(ImGuiCol_FrameBg, 0.6f));
  const ImU32 color = ImGui::GetColorU32(colors::event());
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text, 0.85f);
  int shown = 0;
  for (std::size_t i = 0; i < setup.events.size(); ++i) {
    const setup::SetupEvent& e = setup.events[i];
    if (e.clip != clip) continue;
    ++shown;
    const int index = static_cast<int>(i);
    const float t = index == dragging_ ? drag_time_ : e.time;
    const float x = std::round(area.x_of(t));
    const float top = min.y + 2.0f;
    const float bottom = max.y - 2.0f;
    // A flag: a pole with a pennant, filled when selected.
    draw->AddLine(ImVec2(x, top), ImVec2(x, bottom), color, index == selected ? 2.0f : 1.0f);
    const ImVec2 pennant[] = {ImVec2(x, top), ImVec2(x + radius * 1.4f, top + radius * 0.6f),
                              ImVec2(x, top + radius * 1.2f)};
    if (index == selected || index == under) {
      draw->AddTriangleFilled(pennant[0], pennant[1], pennant[2], color);
    } else {
      draw->AddTriangle(pennant[0], pennant[1], pennant[2], color);
    }
    const float label_x = x + radius * 1.4f + 3.0f;
    const ImVec2 label_size = ImGui::CalcTextSize(e.name.c_str());
    draw->AddText(ImVec2(label_x, (min.y + max.y - label_size.y) * 0.5f), text, e.name.c_str());
    rects.record("event:" + std::to_string(index), ImVec2(x - radius, min.y),
                 ImVec2(x + radius, max.y));
  }
  if (shown == 0 && !hovered) {
    const char* hint = "Double-click to add an event";
    const ImVec2 size = ImGui::CalcTextSize(hint);
    draw->AddText(ImVec2((min.x + max.x - size.x) * 0.5f, (min.y + max.y - size.y) * 0.5f),
                  ImGui::GetColorU32(ImGuiCol_TextDisabled), hint);
  }
  draw->PopClipRect();
}

void TimelineEventLane::menu(const Document& doc, Commands& cmds, float duration) {
  menu_open_ = ImGui::BeginPopup(kMenu);
  if (!menu_open_) return;
  const setup::Setup* setup = cmds.setup(doc);
  if (menu_event_ < 0 || setup == nullptr ||
      static_cast<std::size_t>(menu_event_) >= setup->events.size()) {
    if (ImGui::MenuItem("Add event here")) {
      add_at(doc, cmds, menu_clip_, menu_time_, duration);
    }
    rects.record("event_add");
    ImGui::EndPopup();
    return;
  }
  const int index = menu_event_;
  ImGui::TextDisabled("Event at %.3f s", setup->events[index].time);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.0f);
  ImGui::InputText("Name##event", name_, sizeof(name_));
  rects.record("event_name");
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    setup::Setup edited = *setup;
    const std::string old_name = edited.events[index].name;
    if (rename_event(edited, index, name_)) {
      cmds.edit_setup(std::move(edited), "rename event " + old_name);
    } else {
      copy_text(name_, sizeof(name_), old_name);  // An empty name is refused.
    }
    setup = cmds.setup(doc);
  }
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.0f);
  ImGui::InputText("Payload##event", payload_, sizeof(payload_));
  rects.record("event_payload");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Free text the game receives with the event");
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    setup::Setup edited = *setup;
    if (set_event_payload(edited, index, payload_)) {
      const std::string name = edited.events[index].name;
      cmds.edit_setup(std::move(edited), "set payload of event " + name);
    }
    setup = cmds.setup(doc);
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Delete", "Del")) {
    setup::Setup edited = *setup;
    const std::string name = edited.events[index].name;
    remove_event(edited, index);
    selected = -1;
    menu_event_ = -1;
    cmds.edit_setup(std::move(edited), "delete event " + name);
  }
  rects.record("event_delete");
  ImGui::EndPopup();
}

}  // namespace anim::ui
