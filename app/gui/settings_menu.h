#pragma once
// The Settings menu: how model files are imported (in a child process or not, and the child's
// memory limit). Changes take effect for the next load and are kept in the config folder.
#include <optional>

#include "gui/tool.h"

namespace anim::app {

// Reads the saved import settings (unless the command line gave its own, which win for this
// run) and makes model loads follow them.
void init_import_settings(Tool& tool, const ImportOptions& command_line, bool command_line_given);

// Makes `options` the import settings: applied at once, saved when there is a config folder.
void set_import_settings(Tool& tool, const ImportOptions& options);

// Reads the saved up axis choices; `command_line` (--up) wins over them and every file's own
// for this run, until the user picks an axis in the menu.
void init_up_axis_choices(Tool& tool, const std::optional<ui::UpAxis>& command_line);

// Shows the open document's model with the up axis resolve_up_axis gives it. Called whenever a
// document is opened.
void apply_up_axis(Tool& tool);

// View > Up axis: makes `up` the open model file's axis (kept in the config folder), or with
// nothing forgets the choice, so the file's own axis applies again.
void choose_up_axis(Tool& tool, const std::optional<ui::UpAxis>& up);

// The "Up axis" submenu, inside the View menu.
void up_axis_menu(Tool& tool);

// The menu itself, inside the main menu bar.
void settings_menu(Tool& tool);

}  // namespace anim::app
