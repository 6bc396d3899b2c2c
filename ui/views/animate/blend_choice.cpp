#include "anim/ui/views/animate/blend_choice.h"

#include <imgui.h>

#include "anim/ui/widgets/enum_combo.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {

bool blend_choice(TransitionBlend* blend, float* half_life, ItemRects& rects) {
  static constexpr TransitionBlend kBlends[] = {
      TransitionBlend::kCrossfade, TransitionBlend::kInertialize, TransitionBlend::kDeadBlend};
  form_label("Blend");
  bool changed = enum_combo(rects, "##blend", "crossfade_blend", kBlends, blend);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "crossfade: both clips play and blend.\n"
        "inertialize: only the new clip plays; the pose shown and its velocity decay onto it.\n"
        "dead_blend: only the new clip plays; the pose shown coasts on with its velocity dying "
        "by the half-life, and fades into it.");
  }
  ImGui::BeginDisabled(*blend != TransitionBlend::kDeadBlend);
  form_label("Half-life");
  changed = ImGui::SliderFloat("##half_life", half_life, 0.01f, 1.0f, "%.2f s",
                               ImGuiSliderFlags_AlwaysClamp) ||
            changed;
  rects.record("crossfade_half_life");
  ImGui::EndDisabled();
  return changed;
}

}  // namespace anim::ui
