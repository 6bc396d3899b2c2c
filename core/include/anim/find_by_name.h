#pragma once
// Looking things up by the name they carry (states, parameters, blend spaces, setup entries).
#include <string>
#include <vector>

namespace anim {

// Index of the first item whose `name` member equals `name`, or -1.
template <class T>
int find_by_name(const std::vector<T>& items, const std::string& name) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (items[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace anim
