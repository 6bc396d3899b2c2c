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
  if (text == "y" || text == "Y") return ui::UpAxis::kY;
  if (text == "z" || text == "Z") return ui::UpAxis::kZ;
  return Error{Error::Code::kInvalidArgument, "--up: \"" + text + "\" is not y or z", ""};
}

}  // namespace anim::app
