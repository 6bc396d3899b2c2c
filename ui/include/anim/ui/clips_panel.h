#pragma once
// The Clips panel: a sortable table of the model's clips (name, duration, frames at 30 fps,
// animated channels, keys, and for clips from other files their file and bound joints). The
// playing clip is highlighted; a click selects a row and a double-click plays that clip. Clip
// files can be removed or reloaded from a row's menu; their problems are listed on top.
#include <vector>

#include "anim/player.h"

#include "anim/ui/commands.h"
#include "anim/ui/document.h"
#include "anim/ui/item_rects.h"
#include "anim/ui/selection.h"

namespace anim::ui {

class ClipsPanel {
 public:
  // Draws inside the current window.
  void draw(const Document& doc, Commands& cmds, Selection& sel);

  int selected = -1;     // Clip index of the row selected by a single click, or -1.
  // What a row menu's "Crossfade to it" does: the tool sets it to the Blend panel's choice
  // (BlendPanel::crossfade_options), so both crossfade alike.
  CrossfadeOptions crossfade;
  char filter[96] = "";  // Name search, shown when the model has many clips.

  // Rects of the last frame: "clip:<name>" for every row drawn, "clip_warning:<name>" for the
  // mark of a clip whose file left joints unbound, "reload_clip_files" for the Reload button
  // shown when clip files changed on disk.
  ItemRects rects;

 private:
  void sort_rows(const Document& doc);

  std::vector<int> order_;  // Row order (clip indices) after sorting.
  Document::Stamp seen_;    // The document and clip set the panel state belongs to.
  int sort_column_ = -1;    // -1: file order.
  bool sort_descending_ = false;
};

}  // namespace anim::ui
