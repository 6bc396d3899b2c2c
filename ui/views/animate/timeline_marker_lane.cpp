#include "anim/ui/views/animate/timeline_marker_lane.h"

#include <cmath>
#include <string>
#include <vector>

#include "anim/setup/marker_edits.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {

ImVec4 TimelineMarkerLane::color() const { return colors::sync_marker(); }

std::vector<LaneItem> TimelineMarkerLane::items(const setup::Setup& setup,
                                                const std::string& clip) const {
  const std::vector<setup::SetupMarker> markers = setup::clip_markers(setup, clip);
  std::vector<LaneItem> out;
  out.reserve(markers.size());
  for (std::size_t i = 0; i < markers.size(); ++i) {
    out.push_back({static_cast<int>(i), markers[i].name, markers[i].time, ""});
  }
  return out;
}

int TimelineMarkerLane::add(setup::Setup& setup, const std::string& clip, float time,
                            float duration) const {
  return setup::add_marker(setup, clip, time, duration);
}

bool TimelineMarkerLane::move(setup::Setup& setup, const std::string& clip, int key, float time,
                              float duration) const {
  return setup::move_marker(setup, clip, key, time, duration);
}

bool TimelineMarkerLane::rename(setup::Setup& setup, const std::string& clip, int key,
                                const std::string& name) const {
  return setup::rename_marker(setup, clip, key, name);
}

bool TimelineMarkerLane::remove(setup::Setup& setup, const std::string& clip, int key) const {
  return setup::remove_marker(setup, clip, key);
}

float TimelineMarkerLane::draw_item(ImDrawList* draw, float x, float top, float bottom,
                                    float radius, ImU32 color, bool strong, bool selected) const {
  // Unlike an event's flag (a pennant at the top), a marker is centred: it marks a point of the
  // cycle, not a moment that fires.
  const float y = std::round((top + bottom) * 0.5f);
  draw->AddLine(ImVec2(x, top), ImVec2(x, bottom), color, selected ? 2.0f : 1.0f);
  const float r = radius * 0.9f;
  const ImVec2 a(x, y - r), b(x + r, y), c(x, y + r), d(x - r, y);
  if (strong) {
    draw->AddQuadFilled(a, b, c, d, color);
  } else {
    draw->AddQuadFilled(a, b, c, d, ImGui::GetColorU32(ImGuiCol_FrameBg));
    draw->AddQuad(a, b, c, d, color, 1.5f);
  }
  return x + r + 3.0f;
}

void TimelineMarkerLane::lane_menu_entries(const Document& /*doc*/, Commands& /*cmds*/) {
  if (ImGui::MenuItem("Find foot plants\u2026")) open_plants_ = true;
  rects.record("marker_find_plants");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Replace this clip's markers by where the chosen feet stand");
  }
}

void TimelineMarkerLane::draw_popups(const Document& doc, Commands& cmds) {
  if (open_plants_) {
    open_plants_ = false;
    plants_.open(doc);
  }
  plants_.draw(doc, cmds, clip_, rects);
}

bool TimelineMarkerLane::popup_busy() const { return open_plants_ || plants_.is_open(); }

}  // namespace anim::ui
