#include "render/png_writer.h"

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

namespace anim::app {

Status write_png(const std::string& path, int width, int height, const std::vector<uint8_t>& rgba) {
  if (width <= 0 || height <= 0 || rgba.size() != static_cast<std::size_t>(width) * height * 4) {
    return Error{Error::Code::kInvalidArgument, "bad image size", path};
  }
  if (!stbi_write_png(path.c_str(), width, height, 4, rgba.data(), width * 4)) {
    return Error{Error::Code::kIo, "cannot write the PNG file", path};
  }
  return Ok{};
}

}  // namespace anim::app
