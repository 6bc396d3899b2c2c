#include "anim/ui/views/animate/timeline_event_lane.h"

#include <cstdio>
#include <string>
#include <vector>

#include "anim/setup/edits.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {

ImVec4 TimelineEventLane::color() const { return colors::event(); }

std::vector<LaneItem> TimelineEventLane::items(const setup::Setup& setup,
                                               const std::string& clip) const {
  std::vector<LaneItem> out;
  for (std::size_t i = 0; i < setup.events.size(); ++i) {
    const setup::SetupEvent& e = setup.events[i];
    if (e.clip != clip) continue;
    out.push_back({static_cast<int>(i), e.name, e.time, e.payload ? "payload: " + *e.payload : ""});
  }
  return out;
}

int TimelineEventLane::add(setup::Setup& setup, const std::string& clip, float time,
                           float duration) const {
  return setup::add_event(setup, clip, time, duration);
}

// Events are addressed by their index in setup.events; the lane only offers its clip's.
bool TimelineEventLane::move(setup::Setup& setup, const std::string& /*clip*/, int key, float time,
                             float duration) const {
  return setup::move_event(setup, key, time, duration);
}

bool TimelineEventLane::rename(setup::Setup& setup, const std::string& /*clip*/, int key,
                               const std::string& name) const {
  return setup::rename_event(setup, key, name);
}

bool TimelineEventLane::remove(setup::Setup& setup, const std::string& /*clip*/, int key) const {
  return setup::remove_event(setup, key);
}

float TimelineEventLane::draw_item(ImDrawList* draw, float x, float top, float bottom, float radius,
                                   ImU32 color, bool strong, bool selected) const {
  draw->AddLine(ImVec2(x, top), ImVec2(x, bottom), color, selected ? 2.0f : 1.0f);
  const ImVec2 pennant[] = {ImVec2(x, top), ImVec2(x + radius * 1.4f, top + radius * 0.6f),
                            ImVec2(x, top + radius * 1.2f)};
  if (strong) {
    draw->AddTriangleFilled(pennant[0], pennant[1], pennant[2], color);
  } else {
    draw->AddTriangle(pennant[0], pennant[1], pennant[2], color);
  }
  return x + radius * 1.4f + 3.0f;
}

void TimelineEventLane::item_menu_opened(const setup::Setup& setup, int key) {
  std::snprintf(payload_, sizeof(payload_), "%s",
                setup.events[static_cast<std::size_t>(key)].payload.value_or("").c_str());
}

void TimelineEventLane::item_menu_fields(const Document& doc, Commands& cmds, int key) {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.0f);
  ImGui::InputText("Payload##event", payload_, sizeof(payload_));
  rects.record("event_payload");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Free text the game receives with the event");
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    setup::Setup edited = *cmds.setup(doc);
    if (setup::set_event_payload(edited, key, payload_)) {
      const std::string name = edited.events[static_cast<std::size_t>(key)].name;
      cmds.edit_setup(std::move(edited), "set payload of event " + name);
    }
  }
}

}  // namespace anim::ui
