#pragma once
// PNG output through stb_image_write (Debian's libstb-dev).
#include <cstdint>
#include <string>
#include <vector>

#include "anim/result.h"

namespace anim::app {

// Writes RGBA8 pixels, top row first. The Error names the file.
Status write_png(const std::string& path, int width, int height, const std::vector<uint8_t>& rgba);

}  // namespace anim::app
