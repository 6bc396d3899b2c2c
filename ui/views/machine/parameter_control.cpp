#include "anim/ui/views/machine/parameter_control.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include <imgui.h>

namespace anim::ui {

namespace {

// The control of a parameter that holds one number; true with the new target in `value`.
bool number_control(const StateMachineInstance& sm, int index, float* value) {
  const ParameterDef& param = sm.def().parameters[static_cast<std::size_t>(index)];
  ImGui::SetNextItemWidth(-FLT_MIN);
  const bool bounded =
      std::fabs(param.min) < 1e29f && std::fabs(param.max) < 1e29f && param.max > param.min;
  switch (param.type) {
    case ParameterType::kFloat: {
      float v = sm.target(index);
      const bool changed = bounded ? ImGui::SliderFloat("##v", &v, param.min, param.max, "%.3f")
                                   : ImGui::DragFloat("##v", &v, 0.01f, 0.0f, 0.0f, "%.3f");
      if (changed) *value = v;
      return changed;
    }
    case ParameterType::kInt: {
      int v = static_cast<int>(std::lround(sm.target(index)));
      if (!ImGui::InputInt("##v", &v)) return false;
      float f = static_cast<float>(v);
      if (bounded) f = std::clamp(f, param.min, param.max);
      *value = f;
      return true;
    }
    case ParameterType::kBool: {
      bool v = sm.target(index) > 0.5f;
      if (!ImGui::Checkbox("##v", &v)) return false;
      *value = v ? 1.0f : 0.0f;
      return true;
    }
    case ParameterType::kTrigger:
      if (!ImGui::Button("Fire", ImVec2(-FLT_MIN, 0.0f))) return false;
      *value = 1.0f;
      return true;
    case ParameterType::kVector3:  // parameter_control's.
      break;
  }
  return false;
}

}  // namespace

bool parameter_control(const StateMachineInstance& sm, int index, Commands& cmds) {
  const ParameterDef& param = sm.def().parameters[static_cast<std::size_t>(index)];
  if (param.type == ParameterType::kVector3) {
    // One full-width drag per axis, stacked: three side by side are too narrow to read or grab
    // in a sidebar's column.
    glm::vec3 v = sm.vector(index);
    bool changed = false;
    static constexpr const char* kAxes[3] = {"x %.3f", "y %.3f", "z %.3f"};
    for (int k = 0; k < 3; ++k) {
      ImGui::PushID(k);
      ImGui::SetNextItemWidth(-FLT_MIN);
      changed = ImGui::DragFloat("##v", &v[k], 0.01f, 0.0f, 0.0f, kAxes[k]) || changed;
      ImGui::PopID();
    }
    if (!changed) return false;
    cmds.set_vector(param.name, v);
    return true;
  }
  float value = 0.0f;
  if (!number_control(sm, index, &value)) return false;
  cmds.set_parameter(param.name, value);
  return true;
}

std::string parameter_value_text(const StateMachineInstance& sm, int index) {
  const ParameterDef& param = sm.def().parameters[static_cast<std::size_t>(index)];
  const float value = sm.value(index);
  switch (param.type) {
    case ParameterType::kTrigger:
      return value > 0.5f ? "set" : "-";
    case ParameterType::kBool:
      return value > 0.5f ? "true" : "false";
    case ParameterType::kInt:
      return std::to_string(std::lround(value));
    case ParameterType::kVector3: {
      const glm::vec3 v = sm.vector(index);
      char text[96];
      std::snprintf(text, sizeof(text), "%.3f, %.3f, %.3f", static_cast<double>(v.x),
                    static_cast<double>(v.y), static_cast<double>(v.z));
      return text;
    }
    case ParameterType::kFloat:
      break;
  }
  char text[32];
  // No "-0.000".
  std::snprintf(text, sizeof(text), "%.3f",
                static_cast<double>(std::fabs(value) < 0.0005f ? 0.0f : value));
  return text;
}

}  // namespace anim::ui
