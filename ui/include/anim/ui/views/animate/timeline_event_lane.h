#pragma once
// The Timeline's event lane: the setup's events of the shown clip as flags under the key lanes,
// edited as every lane is (timeline_lane.h) with the rules of anim/setup/edits.h. An event's key
// is its index in setup.events; its menu also sets the payload ("event_payload").
#include <string>
#include <vector>

#include "anim/ui/views/animate/timeline_lane.h"

namespace anim::ui {

class TimelineEventLane : public TimelineLane {
 protected:
  const char* noun() const override { return "event"; }
  ImVec4 color() const override;
  std::vector<LaneItem> items(const setup::Setup& setup, const std::string& clip) const override;
  int add(setup::Setup& setup, const std::string& clip, float time, float duration) const override;
  bool move(setup::Setup& setup, const std::string& clip, int key, float time,
            float duration) const override;
  bool rename(setup::Setup& setup, const std::string& clip, int key,
              const std::string& name) const override;
  bool remove(setup::Setup& setup, const std::string& clip, int key) const override;
  // A flag: a pole with a pennant, filled when strong.
  float draw_item(ImDrawList* draw, float x, float top, float bottom, float radius, ImU32 color,
                  bool strong, bool selected) const override;
  void item_menu_opened(const setup::Setup& setup, int key) override;
  void item_menu_fields(const Document& doc, Commands& cmds, int key) override;

 private:
  char payload_[256] = {};
};

}  // namespace anim::ui
