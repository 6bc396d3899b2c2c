#pragma once
// The setup examples in tests/schema/examples/ (their paths) and reading a whole text file.
// Needs nothing but the standard library and ANIMSCOPE_SOURCE_DIR.
#include <fstream>
#include <sstream>
#include <string>

namespace anim::testing {

inline std::string setup_example_path(const std::string& name) {
  return std::string(ANIMSCOPE_SOURCE_DIR) + "/tests/schema/examples/" + name;
}

// The whole file, or "" when it cannot be read (the calling test then fails on its content).
inline std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace anim::testing
