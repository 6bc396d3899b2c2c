#pragma once
// The Timeline's sync-marker lane, under the event lane: the shown clip's markers (foot plants,
// anim/setup/marker_edits.h) as diamonds, edited as every lane is (timeline_lane.h). A marker's
// key is its index in the clip's list; a new one is named "L" after an "L"-less neighbour and
// "R" after an "L" (setup::next_marker_name). The lane's own menu also offers "Find foot
// plants..." ("marker_find_plants"), a popup that replaces the clip's markers by the plants of
// the feet chosen there (timeline_foot_plants.h; its rects are recorded in this lane's).
#include <string>
#include <vector>

#include "anim/ui/views/animate/timeline_foot_plants.h"
#include "anim/ui/views/animate/timeline_lane.h"

namespace anim::ui {

class TimelineMarkerLane : public TimelineLane {
 protected:
  const char* noun() const override { return "marker"; }
  ImVec4 color() const override;
  std::vector<LaneItem> items(const setup::Setup& setup, const std::string& clip) const override;
  int add(setup::Setup& setup, const std::string& clip, float time, float duration) const override;
  bool move(setup::Setup& setup, const std::string& clip, int key, float time,
            float duration) const override;
  bool rename(setup::Setup& setup, const std::string& clip, int key,
              const std::string& name) const override;
  bool remove(setup::Setup& setup, const std::string& clip, int key) const override;
  // A tick through the lane with a diamond on it, filled when strong.
  float draw_item(ImDrawList* draw, float x, float top, float bottom, float radius, ImU32 color,
                  bool strong, bool selected) const override;
  void lane_menu_entries(const Document& doc, Commands& cmds) override;
  void draw_popups(const Document& doc, Commands& cmds) override;
  bool popup_busy() const override;

 private:
  bool open_plants_ = false;  // Chosen in the lane's menu: the popup opens after it closes.
  FootPlantsPopup plants_;
};

}  // namespace anim::ui
