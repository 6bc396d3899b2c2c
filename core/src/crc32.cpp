#include <array>
#include <cstring>

#include "anim/package_format.h"

namespace anim::package {
namespace {

// Slicing by 8: table k gives the CRC contribution of a byte followed by k zero bytes, so eight
// bytes are folded in per step with eight lookups (the reflected polynomial 0xEDB88320).
using Tables = std::array<std::array<uint32_t, 256>, 8>;

constexpr Tables make_tables() {
  Tables t{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int bit = 0; bit < 8; ++bit) c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    t[0][i] = c;
  }
  for (uint32_t i = 0; i < 256; ++i) {
    for (std::size_t k = 1; k < 8; ++k) t[k][i] = t[0][t[k - 1][i] & 0xffu] ^ (t[k - 1][i] >> 8);
  }
  return t;
}
constexpr Tables kTables = make_tables();

}  // namespace

uint32_t crc32(const uint8_t* data, std::size_t size, uint32_t crc) {
  crc = ~crc;
  std::size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    uint32_t lo, hi;  // Little-endian words (packages are only read on little-endian machines).
    std::memcpy(&lo, data + i, 4);
    std::memcpy(&hi, data + i + 4, 4);
    lo ^= crc;
    crc = kTables[7][lo & 0xffu] ^ kTables[6][(lo >> 8) & 0xffu] ^ kTables[5][(lo >> 16) & 0xffu] ^
          kTables[4][lo >> 24] ^ kTables[3][hi & 0xffu] ^ kTables[2][(hi >> 8) & 0xffu] ^
          kTables[1][(hi >> 16) & 0xffu] ^ kTables[0][hi >> 24];
  }
  for (; i < size; ++i) crc = kTables[0][(crc ^ data[i]) & 0xffu] ^ (crc >> 8);
  return ~crc;
}

}  // namespace anim::package
