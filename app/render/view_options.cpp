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

Result<ui::UpAxis> parse_up_axis(const std::string& text) {
  if (text == "y" || text == "Y") return ui::UpAxis::kY;
  if (text == "z" || text == "Z") return ui::UpAxis::kZ;
  return Error{Error::Code::kInvalidArgument, "--up: \"" + text + "\" is not y or z", ""};
}

}  // namespace anim::app
