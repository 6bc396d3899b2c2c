#pragma once
// The tool's main menu bar: File, Edit, View, Settings, the two workspace tabs and Help. Drawn
// once a frame; what it changes in the document it queues in the frame's commands.
#include "anim/ui/model/commands.h"
#include "gui/tool.h"

namespace anim::app {

// Draws the menu bar inside the frame (between ui::new_frame() and ImGui::Render()).
void menu_bar(Tool& tool, ui::Commands& cmds);

}  // namespace anim::app
