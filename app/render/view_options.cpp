#include "render/view_options.h"

#include <iterator>

#include "cli/shared_options.h"

namespace anim::app {

Result<ui::Shading> parse_shading(const std::string& text) {
  // In the order of cli's kShadingNames.
  constexpr ui::Shading kShadings[] = {ui::Shading::kLit, ui::Shading::kWeightHeatmap,
                                       ui::Shading::kDominantJoint, ui::Shading::kInfluenceCount,
                                       ui::Shading::kTruncatedWeight};
  Result<int> index = parse_shading_name(text);
  if (!index.ok()) return index.error();
  if (static_cast<std::size_t>(index.value()) >= std::size(kShadings)) {
    return Error{Error::Code::kInvalidArgument, "--shading: no mode \"" + text + "\"", ""};
  }
  return kShadings[index.value()];
}

Result<ui::Ramp> parse_ramp_option(const std::string& text) {
  Result<int> known = parse_ramp_name(text);
  if (!known.ok()) return known.error();
  ui::Ramp ramp = ui::Ramp::kBlender;
  if (ui::parse_ramp(text.c_str(), &ramp)) return ramp;
  return Error{Error::Code::kInvalidArgument, "--ramp: no ramp \"" + text + "\"", ""};
}

Result<ui::UpAxis> parse_up_axis(const std::string& text) {
  Result<FileUpAxis> axis = parse_up_axis_name(text);
  if (!axis.ok()) return axis.error();
  return up_axis_from_file(axis.value());
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
