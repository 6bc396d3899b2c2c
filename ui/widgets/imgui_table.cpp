#include "anim/ui/widgets/imgui_table.h"

#include <imgui_internal.h>

namespace anim::ui {
namespace {

// The rectangle BeginTable's child window gets for `outer_size` (ImGui 1.86's BeginTableEx, then
// BeginChildEx and Begin): placed at the cursor rounded down, sized rounded down, a size that
// rounds to zero or less meaning "the rest of the available room, at least 4 pixels".
ImRect child_rect(const ImGuiWindow& window, const ImVec2& outer_size) {
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 asked = ImGui::CalcItemSize(outer_size, ImMax(avail.x, 1.0f), ImMax(avail.y, 1.0f));
  ImVec2 size = ImFloor(asked);
  if (size.x <= 0.0f) size.x = ImMax(avail.x + size.x, 4.0f);
  if (size.y <= 0.0f) size.y = ImMax(avail.y + size.y, 4.0f);
  const ImVec2 pos = ImFloor(window.DC.CursorPos);
  return ImRect(pos, ImVec2(pos.x + size.x, pos.y + size.y));
}

}  // namespace

bool begin_table(const char* id, int columns, ImGuiTableFlags flags, const ImVec2& outer_size,
                 float inner_width) {
  const bool child = (flags & (ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY)) != 0;
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (child && !window->SkipItems) {
    ImRect shown = child_rect(*window, outer_size);
    shown.ClipWith(window->ClipRect);
    // Hidden for ImGui when nothing is left; less than a pixel is hidden here too, so a rounding
    // difference can only ever skip a table nobody could see.
    if (shown.GetWidth() < 1.0f || shown.GetHeight() < 1.0f || ImGui::GetStyle().Alpha <= 0.0f) {
      const ImVec2 avail = ImGui::GetContentRegionAvail();
      const ImVec2 size =
          ImGui::CalcItemSize(outer_size, ImMax(avail.x, 1.0f), ImMax(avail.y, 1.0f));
      const ImVec2 cursor = window->DC.CursorPos;
      ImGui::ItemSize(ImRect(cursor, ImVec2(cursor.x + size.x, cursor.y + size.y)));
      return false;
    }
  }
  return ImGui::BeginTable(id, columns, flags, outer_size, inner_width);
}

}  // namespace anim::ui
