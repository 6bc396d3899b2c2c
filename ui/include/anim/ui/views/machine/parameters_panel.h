#pragma once
// The Parameters sidebar of the Graph view: every parameter of the setup with its live control
// on the running machine, so one can drive the character while tuning the graph beside it.
// Clicking a name selects the parameter (Selection::parameter), whose fields the Inspector
// shows; double-clicking it renames it in place; "+" adds one of a chosen type, "x" removes one.
// Each edit is one undo step (SetupForm). The Shift ramp drives one float parameter to its max
// while Shift is held and back to its min when released, whatever panel has the focus.
#include <string>

#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/views/machine/setup_form.h"

namespace anim::ui {

class ParametersPanel : public SetupForm {
 public:
  // Draws inside the current window.
  void draw(const Document& doc, Commands& cmds, Selection& sel);

  // The float parameter the Shift ramp drives, or empty for none.
  std::string ramp;
  // Applies the Shift ramp to the running machine: called once per frame by the tool before the
  // document updates, whether the sidebar is shown or not. A name that is no float parameter of
  // the running machine does nothing.
  void apply_shift_ramp(Document& doc) const;

  // Rects of the last frame, for tests: "add_parameter" and, while its menu is open,
  // "add_parameter=<type>"; per row "param:<i>" (the name), "param_rename:<i>" (while renaming),
  // "param_control:<i>", "remove_parameter:<i>"; "ramp" and, while it is open, "ramp=<name>".
  // (SetupForm::rects)

 private:
  void row(const Document& doc, Commands& cmds, Selection& sel, std::size_t i);
  void ramp_combo();
  int renaming_ = -1;  // The row whose name is being edited in place, or -1.
  bool focus_rename_ = false;
};

}  // namespace anim::ui
