#pragma once
// View options shared by `render` and the desktop tool.
#include <string>

#include "anim/model.h"
#include "anim/result.h"
#include "anim/ui/scene/viewport_settings.h"

namespace anim::app {

// "lit", "heatmap", "dominant", "influences" or "truncated".
Result<ui::Shading> parse_shading(const std::string& text);

// --ramp: "blender", "greyscale" or "viridis".
Result<ui::Ramp> parse_ramp_option(const std::string& text);

// --up: "y", "z" or "x", with an optional sign ("-z"), the model axis that points up.
Result<ui::UpAxis> parse_up_axis(const std::string& text);

// The view of a file's own up axis (Model::up_axis); +Y when the file names none.
ui::UpAxis up_axis_from_file(const FileUpAxis& up);

}  // namespace anim::app
