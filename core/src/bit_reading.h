#pragma once
// Reading values out of a compressed clip's bit stream (least significant bit first, with
// kBitPadding spare bytes at its end so that a 64-bit load at any value stays inside it).
#include <array>
#include <cstdint>
#include <cstring>

namespace anim::detail {

// The 64 bits of the stream starting at bit `bit` (the first `bit & 7` dropped).
inline uint64_t bits_at(const uint8_t* stream, uint64_t bit) {
  uint64_t w;
  std::memcpy(&w, stream + (bit >> 3), sizeof(w));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  w = __builtin_bswap64(w);  // The stream is little-endian.
#endif
  return w >> (bit & 7u);
}

// kLowBits[n]: the n low bits set.
constexpr auto kLowBits = [] {
  std::array<uint32_t, 33> m{};
  for (uint32_t n = 1; n <= 32; ++n) m[n] = (m[n - 1] << 1) | 1u;
  return m;
}();

// Takes the next `bits` (at most 24) bits off `w`. The mask comes from a table: a shift by a
// variable count is several micro-ops on some x86 cores.
inline uint32_t take(uint64_t& w, uint32_t bits) {
  const uint32_t q = static_cast<uint32_t>(w) & kLowBits[bits];
  w >>= bits;
  return q;
}

}  // namespace anim::detail
