#pragma once
// The Timeline's event lane: the setup's events of the shown clip as markers under the key
// lanes. Double-click (or right-click) empty lane adds an event there; dragging a marker moves
// it (one undoable edit on release); right-click a marker to rename it, set its payload or
// delete it; Delete removes the selected marker while the mouse is over the lane. Every change
// goes through Document::edit_setup with the rules of anim/setup/edits.h.
#include <string>
#include <vector>

#include <imgui.h>

#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

class TimelineEventLane {
 public:
  // Draws the lane in [min, max] for clip `clip` (its index in the model); x maps linearly to
  // view_start .. view_start + span seconds. Submits edits to `doc`.
  void draw(const Document& doc, Commands& cmds, int clip, ImVec2 min, ImVec2 max, float view_start,
            float span);

  int selected = -1;  // Index into the setup's events, or -1.

  // A marker is being dragged or the lane's menu is open: the edit under way belongs to the
  // clip the lane was drawn for when it started, so the caller keeps passing that clip.
  bool busy() const { return dragging_ >= 0 || menu_open_; }

  // Rects of the last frame: "events" (the lane), "event:<index>" (each marker), and while the
  // marker menu is open "event_name", "event_payload" and "event_delete".
  ItemRects rects;

 private:
  void menu(const Document& doc, Commands& cmds, float duration);
  void add_at(const Document& doc, Commands& cmds, const std::string& clip, float time,
              float duration);

  struct Area;  // Where the lane is on screen and which seconds it shows.
  // The marker of `clip` nearest to the mouse within `reach` pixels, or -1.
  int marker_under_mouse(const std::vector<setup::SetupEvent>& events, const std::string& clip,
                         const Area& area, float reach) const;
  // A left click selects the marker `under` the mouse (or none) and grabs it; the drag moves it,
  // and the release submits one edit for the whole drag.
  void drag_marker(const Document& doc, Commands& cmds, const Area& area, int under, bool active,
                   bool activated, float duration);
  // Opens the menu for the marker `under` the mouse, or the lane's own menu to add an event at
  // `time` seconds of `clip`.
  void open_menu(const Document& doc, Commands& cmds, const std::string& clip, int under,
                 float time);
  void delete_selected(const Document& doc, Commands& cmds);
  // The lane's background and the flags of `clip`'s events in `setup` (the dragged one where
  // the drag has it), or a hint when there are none and the mouse is elsewhere.
  void draw_markers(const setup::Setup& setup, const std::string& clip, const Area& area, int under,
                    float radius, bool hovered);

  int dragging_ = -1;
  float drag_time_ = 0.0f;
  float grab_offset_ = 0.0f;  // Seconds between the marker and the mouse when grabbed.
  bool menu_open_ = false;
  int menu_event_ = -1;     // The marker the open menu edits; -1: the lane's own menu.
  float menu_time_ = 0.0f;  // Where the lane's menu would add an event,
  std::string menu_clip_;   // and to which clip.
  char name_[128] = {};
  char payload_[256] = {};
};

}  // namespace anim::ui
