#pragma once
// Names made unique the way the tool makes them: "State", "State 2", "State 3", ...
#include <string>

namespace anim::setup {

// `base` when `taken(base)` is false, else the first of `base 2`, `base 3`, ... that is free.
template <class Taken>
std::string first_free_name(const std::string& base, Taken taken) {
  if (!taken(base)) return base;
  for (int n = 2;; ++n) {
    std::string name = base + " " + std::to_string(n);
    if (!taken(name)) return name;
  }
}

}  // namespace anim::setup
