#pragma once
// A lane of the Timeline under the key lanes that edits named moments of the shown clip kept in
// the setup: its events (timeline_event_lane.h) or its sync markers (timeline_marker_lane.h).
// This class holds what both share: double-click (or the lane's right-click menu) adds an item
// where the mouse is; dragging an item moves it (one undoable edit on release); right-click an
// item to rename or delete it; Delete removes the selected item while the mouse is over the
// lane. What the items are, how they are edited and drawn, and what else the menus offer, is
// the subclass's (the virtual functions below). Every change goes through
// Commands::edit_setup.
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "anim/setup/setup.h"
#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

// One item of a clip as a lane shows it. `key` is what the lane's edits address it by (an
// event's index in setup.events, a marker's in its clip's list); it is stable while the item
// is dragged.
struct LaneItem {
  int key = -1;
  std::string name;
  float time = 0.0f;    // Seconds into the clip.
  std::string details;  // A line for the tooltip, or empty.
};

class TimelineLane {
 public:
  virtual ~TimelineLane() = default;

  // Draws the lane in [min, max] for clip `clip` (its index in the model); x maps linearly to
  // view_start .. view_start + span seconds. Submits edits through `cmds`.
  void draw(const Document& doc, Commands& cmds, int clip, ImVec2 min, ImVec2 max, float view_start,
            float span);

  int selected = -1;  // The selected item's key, or -1.

  // An item is being dragged or one of the lane's menus is open: the edit under way belongs to
  // the clip the lane was drawn for when it started, so the caller keeps passing that clip.
  bool busy() const { return dragging_ >= 0 || menu_open_ || popup_busy(); }

  // Rects of the last frame, named after noun() ("event" here): "events" (the lane),
  // "event:<key>" (each item), "event_add" while the lane's menu is open, and while an item's
  // menu is open "event_name" and "event_delete"; subclasses add their own.
  ItemRects rects;

 protected:
  // What the lane edits, for rect names, labels and undo steps ("event", "marker").
  virtual const char* noun() const = 0;
  virtual ImVec4 color() const = 0;
  // The items of `clip`, in the order of their keys.
  virtual std::vector<LaneItem> items(const setup::Setup& setup, const std::string& clip) const = 0;
  // Adds an item at `time` seconds (clamped into the clip); returns its key.
  virtual int add(setup::Setup& setup, const std::string& clip, float time,
                  float duration) const = 0;
  // Each false when nothing changed.
  virtual bool move(setup::Setup& setup, const std::string& clip, int key, float time,
                    float duration) const = 0;
  virtual bool rename(setup::Setup& setup, const std::string& clip, int key,
                      const std::string& name) const = 0;
  virtual bool remove(setup::Setup& setup, const std::string& clip, int key) const = 0;
  // Draws one item at x between top and bottom: `strong` when selected or under the mouse.
  // Returns where its label starts.
  virtual float draw_item(ImDrawList* draw, float x, float top, float bottom, float radius,
                          ImU32 color, bool strong, bool selected) const = 0;

  // Hooks for what one kind of lane adds, each called inside the menu it extends.
  // The item menu was opened on `key` (copy what its fields show).
  virtual void item_menu_opened(const setup::Setup& /*setup*/, int /*key*/) {}
  // Fields of the item menu after the name.
  virtual void item_menu_fields(const Document& /*doc*/, Commands& /*cmds*/, int /*key*/) {}
  // Entries of the lane's own menu after "Add ... here".
  virtual void lane_menu_entries(const Document& /*doc*/, Commands& /*cmds*/) {}
  // Called every frame after the menus, outside them: popups the menus open.
  virtual void draw_popups(const Document& /*doc*/, Commands& /*cmds*/) {}
  virtual bool popup_busy() const { return false; }

  // The clip the lane (or its open menu) is for: its index in the model, name and duration.
  int clip_ = -1;
  std::string clip_name_;
  float duration_ = 0.0f;

  // "<noun><suffix>", for rect names and IDs.
  std::string id(const char* suffix) const { return std::string(noun()) + suffix; }

 private:
  struct Area;  // Where the lane is on screen and which seconds it shows.
  void menu(const Document& doc, Commands& cmds);
  void item_menu(const Document& doc, Commands& cmds, const LaneItem& item);
  void add_at(const Document& doc, Commands& cmds, float time);
  // The item of the lane's clip with that key, if any (a copy: items() builds a new list).
  std::optional<LaneItem> item_of(const setup::Setup& setup, int key) const;
  // The item nearest to the mouse within `reach` pixels, or -1 (a key).
  int item_under_mouse(const std::vector<LaneItem>& shown, const Area& area, float reach) const;
  // A left click selects the item `under` the mouse (or none) and grabs it; the drag moves it,
  // and the release submits one edit for the whole drag.
  void drag_item(const Document& doc, Commands& cmds, const Area& area, int under, bool active,
                 bool activated);
  // Opens the menu for the item `under` the mouse, or the lane's own menu to add one at `time`.
  void open_menu(const setup::Setup& setup, int under, float time);
  void delete_item(const Document& doc, Commands& cmds, int key);
  // The lane's background and its items (the dragged one where the drag has it), or a hint
  // when there are none and the mouse is elsewhere.
  void draw_items(const std::vector<LaneItem>& shown, const Area& area, int under, float radius,
                  bool hovered);

  int dragging_ = -1;
  float drag_time_ = 0.0f;
  float grab_offset_ = 0.0f;  // Seconds between the item and the mouse when grabbed.
  bool menu_open_ = false;
  int menu_item_ = -1;      // The item the open menu edits; -1: the lane's own menu.
  float menu_time_ = 0.0f;  // Where the lane's menu would add an item.
  char name_[128] = {};
};

}  // namespace anim::ui
