#pragma once
// Option values that list numbers or names separated by commas ("1,2,0.5",
// "Walk@1,0.3,inertialize").
#include <string>
#include <vector>

namespace anim::app {

// `text` split at each comma: one part more than it has commas (empty parts kept, so "1,,2"
// has three and "" one).
inline std::vector<std::string> split_at_commas(const std::string& text) {
  std::vector<std::string> parts(1);
  for (const char c : text) {
    if (c == ',') {
      parts.emplace_back();
    } else {
      parts.back() += c;
    }
  }
  return parts;
}

}  // namespace anim::app
