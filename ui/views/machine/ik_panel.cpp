#include "anim/ui/views/machine/ik_panel.h"

#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "anim/ui/scene/ik_overlay.h"

namespace anim::ui {
namespace {

const char* type_name(IkType type) {
  switch (type) {
    case IkType::kTwoBone:
      return "two_bone";
    case IkType::kAim:
      return "aim";
    case IkType::kFeet:
      return "feet";
  }
  return "?";
}

// `name` as ImGui format text: every % doubled.
std::string format_safe(const std::string& name) {
  std::string out;
  for (const char c : name) {
    out += c;
    if (c == '%') out += '%';
  }
  return out;
}

ImVec4 to_vec4(std::uint32_t c) { return ImGui::ColorConvertU32ToFloat4(c); }

}  // namespace

void IkPanel::draw(const Document& doc, Commands& cmds) {
  rects.clear();
  const StateMachineInstance* sm = doc.state_machine();
  if (sm == nullptr) {
    ImGui::TextDisabled("No state machine runs.");
    return;
  }
  const std::vector<IkMarker> markers = ik_markers(*sm);
  if (markers.empty()) ImGui::TextDisabled("The setup has no IK entries.");
  int layer = -2;
  for (const IkMarker& m : markers) {
    if (m.layer != layer) {
      layer = m.layer;
      if (layer < 0) {
        ImGui::TextUnformatted("Top level");
      } else {
        ImGui::Text("Layer %s", sm->def().layers.size() > static_cast<std::size_t>(layer)
                                    ? sm->def().layers[layer].name.c_str()
                                    : "?");
      }
    }
    ImGui::PushID(static_cast<int>(m.entry));
    const char* status = m.weight <= 0.0f ? "off" : m.reached ? "reached" : "not reached";
    ImGui::TextColored(to_vec4(ik_reach_color(m)), "%s", m.name.c_str());
    ImGui::SameLine();
    ImGui::TextDisabled("%s  %s  w %.2f", type_name(m.type), status, m.weight);
    if (m.type == IkType::kFeet) {
      ImGui::SameLine();
      ImGui::TextDisabled(" drop %.3f", m.pelvis_drop);
      // Each leg's weight as applied: how planted it is (by its stance marker, else height).
      for (std::size_t i = 0; i < m.legs.size(); ++i) {
        const IkLegMarker& leg = m.legs[i];
        ImGui::TextDisabled("  leg %zu  %s  w %.2f%s%s", i + 1, leg.hit ? "on ground" : "no ground",
                            leg.weight, leg.plant_marker.empty() ? "" : "  stance from ",
                            leg.plant_marker.c_str());
      }
    }
    const std::string rect = "ik_weight:" + std::to_string(m.entry);
    ImGui::SetNextItemWidth(-1.0f);
    if (!m.weight_parameter.empty()) {
      float w = m.weight_value;
      if (ImGui::SliderFloat("##weight", &w, 0.0f, 1.0f,
                             ("weight %.2f (" + format_safe(m.weight_parameter) + ")").c_str())) {
        cmds.set_parameter(m.weight_parameter, w);
      }
      rects.record(rect);
    } else {
      const bool mine = editing_ == static_cast<int>(m.entry);
      float w = mine ? editing_value_ : m.weight_value;
      if (ImGui::SliderFloat("##weight", &w, 0.0f, 1.0f, "weight %.2f (constant)")) {
        editing_ = static_cast<int>(m.entry);
        editing_value_ = w;
      }
      rects.record(rect);
      if (ImGui::IsItemDeactivated() && editing_ == static_cast<int>(m.entry)) {
        const setup::Setup* current = cmds.setup(doc);
        if (current != nullptr) {
          setup::Setup edited = *current;
          setup::SetupIk* e = setup_ik_entry(&edited, m);
          if (e != nullptr && !e->weight.parameter && e->weight.value != editing_value_) {
            e->weight.value = editing_value_;
            cmds.edit_setup(std::move(edited), "IK weight");
          }
        }
        editing_ = -1;
      }
    }
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(m.weight_parameter.empty()
                            ? "The entry's weight: an edit of the setup (one undo step)"
                            : "The entry's weight parameter, on the running machine");
    }
    ImGui::PopID();
  }
  ImGui::Separator();
  ground(doc, cmds);
}

void IkPanel::ground(const Document& doc, Commands& cmds) {
  GroundSettings g = doc.ground();
  bool changed = false;
  ImGui::TextUnformatted("Ground");
  changed |= ImGui::Checkbox("Shown", &g.shown);
  rects.record("ground_shown");
  ImGui::SameLine();
  changed |= ImGui::Checkbox("On", &g.on);
  rects.record("ground_on");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The feet entries stand on it; off: no ground");
  ImGui::SetNextItemWidth(-60.0f);
  changed |= ImGui::DragFloat("Height", &g.height, 0.005f, 0.0f, 0.0f, "%.3f");
  rects.record("ground_height");
  ImGui::SetNextItemWidth(-60.0f);
  changed |= ImGui::SliderFloat("Tilt", &g.tilt_degrees, -kMaxGroundTiltDegrees,
                                kMaxGroundTiltDegrees, "%.1f deg");
  rects.record("ground_tilt");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Degrees about the model's forward axis (+z): rises toward +x when > 0");
  }
  changed |= ImGui::Checkbox("Step", &g.step);
  rects.record("ground_step");
  if (g.step) {
    ImGui::SetNextItemWidth(-60.0f);
    changed |= ImGui::DragFloat("Step x", &g.step_x, 0.005f, 0.0f, 0.0f, "%.3f");
    rects.record("ground_step_x");
    ImGui::SetNextItemWidth(-60.0f);
    changed |= ImGui::DragFloat("Step h", &g.step_height, 0.005f, 0.0f, 0.0f, "%.3f");
    rects.record("ground_step_height");
  }
  if (changed) cmds.set_ground(g);
}

}  // namespace anim::ui
