#pragma once
// Pictures the suites render (PNG files read with stb_image) and the pixels they pick out of
// them: Image and LoadPng, and PixelBounds, how many pixels and the box around them. The suite
// defines STB_IMAGE_IMPLEMENTATION in its one source before including this.
#include <string>
#include <vector>

// A source that defined STB_IMAGE_IMPLEMENTATION has included it already: a second inclusion
// would repeat the implementation.
#ifndef STBI_INCLUDE_STB_IMAGE_H
#include <stb/stb_image.h>
#endif

namespace anim::testutil {

// RGBA, row by row from the top.
struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgba;
  const unsigned char* at(int x, int y) const { return &rgba[(y * width + x) * 4]; }
};

// The picture at `path`; empty (0 x 0) when it cannot be read.
inline Image LoadPng(const std::string& path) {
  Image image;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &image.width, &image.height, &channels, 4);
  if (data) {
    image.rgba.assign(data, data + image.width * image.height * 4);
    stbi_image_free(data);
  }
  return image;
}

// Pixels added one by one: their count and the smallest box holding them all.
struct PixelBounds {
  int count = 0, min_x = 1 << 30, max_x = -1, min_y = 1 << 30, max_y = -1;

  void Add(int x, int y) {
    ++count;
    if (x < min_x) min_x = x;
    if (x > max_x) max_x = x;
    if (y < min_y) min_y = y;
    if (y > max_y) max_y = y;
  }
};

}  // namespace anim::testutil
