#include "anim/ui/widgets/enum_combo.h"

#include <cfloat>

#include <imgui.h>

namespace anim::ui {

bool begin_choice_combo(ItemRects& rects, const char* id, const std::string& rect,
                        const char* preview) {
  ImGui::SetNextItemWidth(-FLT_MIN);
  const bool open = ImGui::BeginCombo(id, preview);
  // An open combo has begun its popup window, whose title bar is the last item now.
  if (!open) rects.record(rect);
  return open;
}

bool combo_choice(ItemRects& rects, const std::string& rect, const char* label, bool chosen) {
  const bool picked = ImGui::Selectable(label, chosen);
  rects.record(rect + "=" + label);
  if (chosen) ImGui::SetItemDefaultFocus();
  return picked && !chosen;
}

int choice_combo(ItemRects& rects, const char* id, const std::string& rect,
                 const char* const* labels, std::size_t count, int current, const char* preview) {
  if (!begin_choice_combo(rects, id, rect, preview)) return -1;
  int picked = -1;
  for (std::size_t k = 0; k < count; ++k) {
    if (combo_choice(rects, rect, labels[k], static_cast<int>(k) == current)) {
      picked = static_cast<int>(k);
    }
  }
  ImGui::EndCombo();
  return picked;
}

}  // namespace anim::ui
