#include "render/view_options.h"

#include <utility>

namespace anim::app {

Result<ui::Shading> parse_shading(const std::string& text) {
  const std::pair<const char*, ui::Shading> names[] = {
      {"lit", ui::Shading::kLit},
      {"heatmap", ui::Shading::kWeightHeatmap},
      {"dominant", ui::Shading::kDominantJoint},
      {"influences", ui::Shading::kInfluenceCount},
      {"truncated", ui::Shading::kTruncatedWeight}};
  for (const auto& [name, shading] : names) {
    if (text == name) return shading;
  }
  return Error{
      Error::Code::kInvalidArgument,
      "--shading: unknown mode \"" + text + "\" (lit, heatmap, dominant, influences, truncated)",
      ""};
}

Result<ui::Ramp> parse_ramp_option(const std::string& text) {
  ui::Ramp ramp = ui::Ramp::kBlender;
  if (ui::parse_ramp(text.c_str(), &ramp)) return ramp;
  return Error{Error::Code::kInvalidArgument,
               "--ramp: unknown ramp \"" + text + "\" (blender, greyscale, viridis)", ""};
}

Result<ui::UpAxis> parse_up_axis(const std::string& text) {
  const bool negative = !text.empty() && text[0] == '-';
  const std::string axis =
      text.empty() || (text[0] != '-' && text[0] != '+') ? text : text.substr(1);
  const char* const names[] = {"x", "y", "z"};
  for (int8_t i = 0; i < 3; ++i) {
    if (axis == names[i] || (axis.size() == 1 && axis[0] == names[i][0] - 'a' + 'A')) {
      return up_axis_from_file(FileUpAxis{i, static_cast<int8_t>(negative ? -1 : 1)});
    }
  }
  return Error{Error::Code::kInvalidArgument,
               "--up: \"" + text + "\" is not an axis (y, z, x, -y, -z or -x)", ""};
}

ui::UpAxis up_axis_from_file(const FileUpAxis& up) {
  const bool negative = up.sign < 0;
  switch (up.axis) {
    case 0:
      return negative ? ui::UpAxis::kNegX : ui::UpAxis::kX;
    case 2:
      return negative ? ui::UpAxis::kNegZ : ui::UpAxis::kZ;
    case 1:
      return negative ? ui::UpAxis::kNegY : ui::UpAxis::kY;
    default:
      return ui::UpAxis::kY;
  }
}

}  // namespace anim::app
