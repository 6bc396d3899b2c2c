#pragma once
// A package's bytes as the package suites handle them: loading them, its section table, a
// section rewritten with its CRC fixed (so that only the parser can notice), and the committed
// packages of older versions under tests/core/packages. Needs anim_core only.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "anim/package.h"
#include "anim/package_format.h"

namespace anim::testutil {

inline Result<Package> load(const std::vector<uint8_t>& bytes) {
  return load_package(Span<const uint8_t>(bytes.data(), bytes.size()));
}

// The header of a package's `bytes` (at least a header long).
inline package::Header HeaderOf(const std::vector<uint8_t>& bytes) {
  package::Header header;
  std::memcpy(&header, bytes.data(), sizeof(header));
  return header;
}

// The section table of a package's `bytes` (whose header is sound).
inline std::vector<package::SectionEntry> Sections(const std::vector<uint8_t>& bytes) {
  std::vector<package::SectionEntry> out(HeaderOf(bytes).section_count);
  for (std::size_t i = 0; i < out.size(); ++i) {
    std::memcpy(&out[i], bytes.data() + sizeof(package::Header) + i * sizeof(out[i]),
                sizeof(out[i]));
  }
  return out;
}

// The index of the first section of `kind`, or SIZE_MAX.
inline std::size_t SectionIndex(const std::vector<uint8_t>& bytes, uint32_t kind) {
  const std::vector<package::SectionEntry> sections = Sections(bytes);
  for (std::size_t i = 0; i < sections.size(); ++i) {
    if (sections[i].kind == kind) return i;
  }
  return SIZE_MAX;
}

inline bool HasSection(const std::vector<uint8_t>& bytes, uint32_t kind) {
  return SectionIndex(bytes, kind) != SIZE_MAX;
}

// Section `index` rewritten by `edit(data, size)`, its CRC fixed.
template <class Edit>
std::vector<uint8_t> EditSection(std::vector<uint8_t> bytes, std::size_t index, Edit edit) {
  package::SectionEntry e;
  uint8_t* entry = bytes.data() + sizeof(package::Header) + index * sizeof(e);
  std::memcpy(&e, entry, sizeof(e));
  edit(bytes.data() + e.offset, static_cast<std::size_t>(e.size));
  e.crc = package::crc32(bytes.data() + e.offset, static_cast<std::size_t>(e.size));
  std::memcpy(entry, &e, sizeof(e));
  return bytes;
}

// tests/core/packages/`file`: a package an older version wrote, kept to check it still loads.
// Empty when it cannot be read.
inline std::vector<uint8_t> OlderPackage(const std::string& file) {
  std::ifstream in(std::string(ANIMSCOPE_SOURCE_DIR) + "/tests/core/packages/" + file,
                   std::ios::binary);
  if (!in) return {};
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
}

}  // namespace anim::testutil
