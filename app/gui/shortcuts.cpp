#include "gui/shortcuts.h"

#include <SDL_scancode.h>
#include <imgui.h>

#include "gui/setup_actions.h"

namespace anim::app {

void shortcuts(Tool& tool, ui::Commands& cmds) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || !io.KeyCtrl) return;
  // ImGui 1.86 names only a few keys; the SDL backend indexes the rest by scancode.
  if (ImGui::IsKeyPressed(SDL_SCANCODE_O)) open_file_dialog(tool);
  if (ImGui::IsKeyPressed(SDL_SCANCODE_Q)) request(tool, {PendingAction::Kind::kQuit, ""});
  if (ImGui::IsKeyPressed(SDL_SCANCODE_1)) tool.panels.workspace = Workspace::kAnimate;
  if (ImGui::IsKeyPressed(SDL_SCANCODE_2)) tool.panels.workspace = Workspace::kGraph;
  if (!tool.doc || !tool.doc->has_setup()) return;
  if (ImGui::IsKeyPressed(SDL_SCANCODE_S)) {
    if (io.KeyShift) {
      save_setup_as(tool);
    } else {
      save_setup(tool);
    }
  }
  const bool redo =
      ImGui::IsKeyPressed(SDL_SCANCODE_Y) || (io.KeyShift && ImGui::IsKeyPressed(SDL_SCANCODE_Z));
  if (redo) {
    cmds.redo_setup_edit();
  } else if (ImGui::IsKeyPressed(SDL_SCANCODE_Z)) {
    cmds.undo_setup_edit();
  }
}

}  // namespace anim::app
