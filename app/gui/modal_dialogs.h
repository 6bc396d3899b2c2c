#pragma once
// The tool's modal dialogs, drawn once a frame after the panels: a slow load's progress (with
// Cancel), an error (show_error) until dismissed, the unsaved-changes question and the file
// dialog's answer (setup_actions.h), and the recovery offer (recovery_actions.h).
#include "gui/tool.h"

namespace anim::app {

// Draws whichever dialogs are up, inside the frame (between ui::new_frame() and
// ImGui::Render()).
void modal_dialogs(Tool& tool);

}  // namespace anim::app
