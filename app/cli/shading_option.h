#pragma once
// The --shading option of `render` and of the desktop tool.
#include <string>

#include "anim/result.h"
#include "anim/ui/viewport_settings.h"

namespace anim::app {

// "lit", "heatmap", "dominant", "influences" or "truncated".
Result<ui::Shading> parse_shading(const std::string& text);

}  // namespace anim::app
