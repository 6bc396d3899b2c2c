#pragma once
// View options shared by `render` and the desktop tool.
#include <string>

#include "anim/result.h"
#include "anim/ui/viewport_settings.h"

namespace anim::app {

// "lit", "heatmap", "dominant", "influences" or "truncated".
Result<ui::Shading> parse_shading(const std::string& text);

// --ramp: "blender", "greyscale" or "viridis".
Result<ui::Ramp> parse_ramp_option(const std::string& text);

// --up: "y" or "z", the model axis that points up.
Result<ui::UpAxis> parse_up_axis(const std::string& text);

}  // namespace anim::app
