#include "cli/shading_option.h"

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

}  // namespace anim::app
