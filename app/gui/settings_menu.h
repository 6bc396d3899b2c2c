#pragma once
// The Settings menu: how model files are imported (in a child process or not, and the child's
// memory limit). Changes take effect for the next load and are kept in the config folder.
#include "gui/tool.h"

namespace anim::app {

// Reads the saved import settings (unless the command line gave its own, which win for this
// run) and makes model loads follow them.
void init_import_settings(Tool& tool, const ImportOptions& command_line, bool command_line_given);

// Makes `options` the import settings: applied at once, saved when there is a config folder.
void set_import_settings(Tool& tool, const ImportOptions& options);

// The menu itself, inside the main menu bar.
void settings_menu(Tool& tool);

}  // namespace anim::app
