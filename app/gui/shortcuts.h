#pragma once
// The tool's Ctrl shortcuts: Ctrl+O open, Ctrl+Q quit, Ctrl+1 and Ctrl+2 the workspaces, and
// with a setup open Ctrl+S save (Ctrl+Shift+S save as), Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z
// redo. The panels' own keys (Space, F, R, 1-5 ...) are the panels'.
#include "anim/ui/model/commands.h"
#include "gui/tool.h"

namespace anim::app {

// Acts on this frame's key presses, unless a text field has the keyboard; undo and redo are
// queued in `cmds`.
void shortcuts(Tool& tool, ui::Commands& cmds);

}  // namespace anim::app
