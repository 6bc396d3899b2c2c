#pragma once
// A bit stream written by hand, as compressed clips store their keys and frames: values appended
// least significant bit first (stream bit i is bit i % 8 of byte i / 8). Needs anim_core's
// headers only.
#include <cstdint>
#include <vector>

#include "anim/compressed_clip.h"

namespace anim::testutil {

class BitStream {
 public:
  uint64_t position() const { return count_; }

  void Put(uint32_t value, uint32_t width) {
    for (uint32_t i = 0; i < width; ++i, ++count_) {
      if (count_ / 8 == bytes_.size()) bytes_.push_back(0);
      if ((value >> i) & 1u) {
        bytes_[count_ / 8] = static_cast<uint8_t>(bytes_[count_ / 8] | (1u << (count_ % 8)));
      }
    }
  }

  // The stream with its kBitPadding spare bytes.
  std::vector<uint8_t> Padded() const {
    std::vector<uint8_t> out = bytes_;
    out.insert(out.end(), kBitPadding, uint8_t{0});
    return out;
  }

 private:
  std::vector<uint8_t> bytes_;
  uint64_t count_ = 0;
};

}  // namespace anim::testutil
