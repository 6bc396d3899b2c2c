#pragma once
// The marker lane's "Find foot plants..." popup: choose a left and a right foot among the
// model's joints and the marker each one's plants get, and the shown clip's markers are replaced
// by the plants bake::find_foot_plants finds (setup::replace_clip_markers), as one undoable edit.
#include <cstdint>
#include <string>

#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

class FootPlantsPopup {
 public:
  // Opens the popup in the current ID scope (draw must be called in the same one). The feet
  // chosen last stay for the same document; otherwise they are guessed from the joints' names
  // ("LeftFoot", "foot_r").
  void open(const Document& doc);
  // Draws the popup while open, for clip `clip` of the document's model. Records in `rects`:
  // "plants_left" and "plants_right" (the foot combos; while one is open, each joint's entry as
  // "plants_left=<joint>", as ImGuiHarness::choose expects), "plants_left_name",
  // "plants_right_name" and "plants_find".
  void draw(const Document& doc, Commands& cmds, int clip, ItemRects& rects);
  bool is_open() const { return open_; }

 private:
  // Finds the plants and submits the edit; false (with message_ set) when there is nothing to
  // write.
  bool find(const Document& doc, Commands& cmds, int clip);

  bool open_ = false;
  std::uint64_t document_ = 0;  // Document::stamp().document the chosen joints belong to.
  int left_ = -1;               // Joint indices, -1: none.
  int right_ = -1;
  char left_name_[64] = "L";
  char right_name_[64] = "R";
  std::string message_;  // Why the last Find wrote nothing.
};

}  // namespace anim::ui
