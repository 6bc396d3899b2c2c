#include "anim/ui/imgui_frame.h"

#include <imgui.h>
#include <imgui_internal.h>

namespace anim::ui {

void new_frame() {
  ImGui::NewFrame();
  // One text edit state serves every field: it belongs to the field with its ID. A state whose
  // field is no longer active would be "recycled" with its undo stack when that field is
  // activated again (imgui_widgets.cpp, InputTextEx); with no owner it is set up afresh.
  ImGuiContext& g = *ImGui::GetCurrentContext();
  if (g.InputTextState.ID != 0 && g.InputTextState.ID != g.ActiveId) g.InputTextState.ID = 0;
}

}  // namespace anim::ui
