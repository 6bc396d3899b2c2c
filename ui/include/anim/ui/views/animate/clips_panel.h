#pragma once
// The Clips panel: a sortable table of the model's clips (name, duration, frames at 30 fps, and
// for clips from other files their file and bound joints; animated joints and keys are columns
// hidden at first, shown from the header's right-click menu). The
// playing clip is highlighted; a click selects a row and a double-click plays that clip. Clip
// files can be removed or reloaded from a row's menu; their problems are listed on top.
#include <vector>

#include "anim/player.h"

#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

class ClipsPanel {
 public:
  // Draws inside the current window.
  void draw(const Document& doc, Commands& cmds, Selection& sel);

  int selected = -1;  // Clip index of the row selected by a single click, or -1.
  // What a row menu's "Crossfade to it" does: the tool sets it to the Blend panel's choice
  // (BlendPanel::crossfade_options), so both crossfade alike. The menu picks its blend and
  // half-life too (blend_choice.h): crossfade_edited says so for the frame, and the tool then
  // gives them back to the Blend panel.
  CrossfadeOptions crossfade;
  bool crossfade_edited = false;
  char filter[96] = "";  // Name search, shown when the model has many clips.

  // Rects of the last frame: "clip:<name>" for every row drawn, "crossfade:<name>" and the
  // blend's "crossfade_blend" and "crossfade_half_life" in an open row menu, "clip_warning:<name>"
  // for the mark of a clip whose file left joints unbound, "reload_clip_files" for the Reload
  // button shown when clip files changed on disk.
  ItemRects rects;

 private:
  void sort_rows(const Document& doc);
  // The "clip files changed on disk" line with its Reload button.
  void draw_changed_files_notice(const Document& doc, Commands& cmds);
  // Re-sorts the rows when a header click changed the table's sort.
  void apply_sort_specs(const Document& doc);
  // One clip's row: its name (selectable, with the playing mark and the row menu) and numbers.
  // `icon` is the room kept for the playing mark.
  void draw_row(const Document& doc, Commands& cmds, int index, float icon, ImU32 playing_bg);
  // The row's right-click menu: play, crossfade, and for clips from other files remove/reload.
  void row_menu(const Document& doc, Commands& cmds, int index, const ClipSource* source);

  std::vector<int> order_;  // Row order (clip indices) after sorting.
  Document::Stamp seen_;    // The document and clip set the panel state belongs to.
  int sort_column_ = -1;    // -1: file order.
  bool sort_descending_ = false;
};

}  // namespace anim::ui
