#pragma once
// The start of an ImGui frame as the tool needs it: ImGui::NewFrame() and the workarounds for
// the ImGui it is built with (Debian's 1.86). Call it instead of ImGui::NewFrame().
namespace anim::ui {

// ImGui::NewFrame(), then:
// - A text field that is not being edited forgets its last edit. ImGui 1.86 keeps a field's
//   undo history when it becomes active again, even when its text was changed from outside
//   meanwhile (a file dialog entering the typed folder, a setup edit undone): Ctrl+Z then
//   replays edits of a text that is gone, and writes outside ImGui's text buffer. A field
//   activated again now starts a fresh edit (its undo history and cursor place are not kept).
// And before it: Escape pressed right after a popup was opened but before it showed (a table's
// context menu shows the frame after the right-click) closes that popup; ImGui 1.86 crashed,
// reading the window the popup did not have yet.
void new_frame();

}  // namespace anim::ui
