#pragma once
// Saving the setup being edited, and the question asked before unsaved changes would be lost
// (opening another file, a new setup, quitting).
#include <string>

#include "gui/tool.h"

namespace anim::app {

// Does `action` now, or first asks what to do with unsaved setup changes.
void request(Tool& tool, PendingAction action);
// File > Save setup (Ctrl+S): to its file, or through Save As when it has none. False when
// nothing was saved (yet).
bool save_setup(Tool& tool);
// File > Save setup as...: opens the file dialog in save mode.
void save_setup_as(Tool& tool);
// The folder of the newest setup (.json) in the recent files that still exists; empty: none.
std::string last_setup_folder(const Tool& tool);
// Draws the unsaved-changes question and acts on the file dialog's answer; every frame.
void setup_dialogs(Tool& tool);
// "animscope - <setup or model file>" with a "*" while the setup has unsaved changes.
std::string window_title(const Tool& tool);

}  // namespace anim::app
