#pragma once
// ASCII lower case, for comparing names and file extensions without regard to case.
#include <algorithm>
#include <cctype>
#include <string>

namespace anim::import {

inline std::string lower_case(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

}  // namespace anim::import
