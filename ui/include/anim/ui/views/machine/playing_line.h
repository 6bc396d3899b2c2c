#pragma once
// The graph's header line: what the viewport plays and, beside it, Resume and Restart, where an
// author looks. A clip, crossfade or blend previewed from the Animate panels pauses the state
// machine with its history (Document::use_state_machine resumes it); a setup opened with errors
// says that its machine runs once they are fixed; a default state changed since the machine
// started offers Restart, since the machine still plays from the old one.
#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

// Draws the line in the current window and records "playing" (the text), "resume" and
// "restart" (the buttons, while they show) in `rects`.
void draw_playing_line(const Document& doc, Commands& cmds, ItemRects& rects);

}  // namespace anim::ui
