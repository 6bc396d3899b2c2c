#pragma once
// What a harness draws its choices from: the fuzzer's bytes, one at a time, and once they run out
// a small PRNG seeded by the bytes (so a short input, a seed file without any control bytes,
// still drives a full run, and the same input always drives the same run).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

namespace anim::fuzz {

class FuzzInput {
 public:
  FuzzInput(const uint8_t* data, std::size_t size) : data_(data), size_(size) {
    // FNV-1a of the bytes: the PRNG's seed.
    uint64_t h = 0xcbf29ce484222325ull;
    for (std::size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 0x100000001b3ull;
    state_ = h;
  }

  uint8_t byte() {
    if (pos_ < size_) return data_[pos_++];
    return static_cast<uint8_t>(next() >> 56);
  }
  uint32_t u32() {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v = (v << 8) | byte();
    return v;
  }
  // In [0, n); 0 when n is 0.
  std::size_t below(std::size_t n) { return n == 0 ? 0 : u32() % n; }
  // In [0, 1].
  float unit() { return static_cast<float>(u32()) / 4294967295.0f; }
  // A float chosen to hit the edges: 0, +-1, the range's ends and just past them, huge, tiny,
  // non-finite and any bit pattern, or an ordinary value in [lo, hi].
  float value(float lo, float hi) {
    switch (byte() % 16) {
      case 0: return 0.0f;
      case 1: return 1.0f;
      case 2: return -1.0f;
      case 3: return lo;
      case 4: return hi;
      case 5: return std::nextafter(lo, -std::numeric_limits<float>::infinity());
      case 6: return std::nextafter(hi, std::numeric_limits<float>::infinity());
      case 7: return (byte() & 1 ? 1.0f : -1.0f) * std::numeric_limits<float>::max();
      case 8: return std::numeric_limits<float>::denorm_min();
      case 9: return std::numeric_limits<float>::quiet_NaN();
      case 10: return (byte() & 1 ? 1.0f : -1.0f) * std::numeric_limits<float>::infinity();
      case 11: {
        const uint32_t bits = u32();
        float f;
        std::memcpy(&f, &bits, sizeof(f));
        return f;
      }
      case 12: return (byte() & 1 ? 1e30f : -1e30f) * unit();
      default: {
        const float f = lo + (hi - lo) * unit();
        return std::isfinite(f) ? f : unit();
      }
    }
  }
  // A frame's time step: mostly ordinary, sometimes 0, long, tiny or invalid.
  float dt() {
    switch (byte() % 12) {
      case 0: return 0.0f;
      case 1: return 10.0f * unit();
      case 2: return 1e-7f;
      case 3: return value(-1.0f, 1.0f);
      case 4: return 1.0f / 30.0f;
      default: return 1.0f / 60.0f;
    }
  }
  // Leaves the bytes unread: every choice comes from the PRNG they seeded.
  void skip_all() { pos_ = size_; }
  // Bytes not yet read.
  std::size_t remaining() const { return size_ - pos_; }

 private:
  uint64_t next() {  // SplitMix64.
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  const uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
  uint64_t state_ = 0;
};

}  // namespace anim::fuzz
