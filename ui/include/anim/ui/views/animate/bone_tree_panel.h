#pragma once
// The Skeleton panel: the joint hierarchy as a tree with a search field. Clicking a joint
// selects it; a selection made elsewhere (the viewport) opens the path to it and scrolls it
// into view once. Joints that move no vertex are dimmed. While a layer's mask is being edited
// (Selection::mask_layer), each joint has a checkbox: ticked joints move with the layer.
#include <cstdint>
#include <string>
#include <vector>

#include "anim/model.h"
#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

class BoneTreePanel {
 public:
  // Draws inside the current window (the caller owns Begin/End). Sets sel.joint on a click.
  void draw(const Document& doc, Commands& cmds, Selection& sel);

  // Search text: a case-insensitive substring of joint names. While it is non-empty only the
  // matches and their ancestors are shown, expanded, with the matches highlighted; Enter in the
  // field selects the only match. Cleared when another document opens.
  char filter[128] = "";

  // Joints open the first time they are drawn (a new model shows its whole hierarchy); false
  // starts every subtree collapsed.
  bool start_expanded = true;

  // Rects of the last frame: "filter" (the search field), "expand" and "collapse" (the
  // buttons, shown while not searching) and "joint:<name>" for every joint
  // row drawn (collapsed subtrees have none), "cut:<name>" for each row whose name the panel's
  // edge cuts (its tooltip then starts with the full name); while editing a mask, "mask:<name>"
  // for each joint's checkbox and "mask_done".
  ItemRects rects;

 private:
  void rebuild(const Model& model);
  void apply_filter(const Skeleton& skeleton);
  // The search field, with a clear button while it holds text.
  // True when Enter was pressed in it this frame.
  bool search_field();
  // One line of context: how many joints (with Expand all / Collapse all), or how many match.
  void count_line(int joint_count, bool filtering);
  // Adds the joint whose mask checkbox was clicked to the mask, or takes it out (one edit).
  void edit_mask(const Document& doc, Commands& cmds, const Selection& sel);
  void draw_joint(int joint, const Document& doc, Selection& sel, bool filtering);
  bool has_shown_children(int joint, bool filtering) const;
  void mask_checkbox(int joint, const std::string& name);
  // Opens the joint's node as the filter, Expand/Collapse all or revealing the selection asks.
  void set_next_open(int joint, bool filtering) const;
  // Underlines the part of the last item's name that matches the filter.
  void underline_match(const std::string& name) const;
  // The mask line above the tree; false (and sel.mask_layer cleared) when the layer is gone.
  bool mask_header(const Document& doc, Selection& sel);

  // While editing a mask: whether each joint is in it, and a checkbox clicked this frame (the
  // edit is made after the tree is drawn).
  int mask_layer_ = -1;
  std::vector<bool> mask_;
  int toggled_ = -1;

  // Children lists, built once per document (Document::stamp().document, never reused, and
  // checked against the parent array).
  std::uint64_t document_ = 0;
  std::vector<int16_t> parents_;
  std::vector<std::vector<int>> children_;
  std::vector<int> roots_;

  // Filter results for `applied_filter_`: shown (a match or an ancestor of one) and matched.
  std::string applied_filter_;
  std::vector<char> shown_, matched_;
  int match_count_ = 0;
  bool force_open_ = false;  // Expand every shown joint once after the filter changes.
  int open_all_ = 0;         // +1 expand / -1 collapse every drawn joint this frame.

  int last_selection_ = -1;        // Selection seen last frame; a change from elsewhere reveals it.
  int reveal_ = -1;                // Joint to open the path to and scroll to, or -1.
  std::vector<char> reveal_path_;  // Ancestors of reveal_.
};

}  // namespace anim::ui
