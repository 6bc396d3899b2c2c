#include "anim/ui/widgets/imgui_frame.h"

#include <imgui.h>
#include <imgui_internal.h>

namespace anim::ui {

void new_frame() {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  // Escape closes the topmost popup (in ImGui::NewFrame) after reading its window's flags, and a
  // popup opened late in the last frame has no window yet (a table's context menu is begun the
  // frame after the right-click): ImGui 1.86 then reads through a null pointer. Such a popup,
  // never shown, is closed here, as Escape would have.
  const ImGuiIO& io = g.IO;
  const int escape = io.KeyMap[ImGuiKey_Escape];
  const bool escape_pressed = (io.ConfigFlags & ImGuiConfigFlags_NavEnableKeyboard) != 0 &&
                              escape >= 0 && escape < IM_ARRAYSIZE(io.KeysDown) &&
                              io.KeysDown[escape] && io.KeysDownDuration[escape] < 0.0f;
  if (escape_pressed && g.OpenPopupStack.Size > 0 && g.OpenPopupStack.back().Window == nullptr) {
    ImGui::ClosePopupToLevel(g.OpenPopupStack.Size - 1, false);
  }
  ImGui::NewFrame();
  // One text edit state serves every field: it belongs to the field with its ID. A state whose
  // field is no longer active would be "recycled" with its undo stack when that field is
  // activated again (imgui_widgets.cpp, InputTextEx); with no owner it is set up afresh.
  if (g.InputTextState.ID != 0 && g.InputTextState.ID != g.ActiveId) g.InputTextState.ID = 0;
}

}  // namespace anim::ui
