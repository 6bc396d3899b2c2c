#include "anim/skeleton.h"

#include <unordered_set>

namespace anim {

Status Skeleton::validate() const {
  const std::size_t n = parents.size();
  if (names.size() != n || rest.size() != n) {
    return Error{Error::Code::kInvalidData, "skeleton arrays differ in size", ""};
  }
  if (n > 32767) return Error{Error::Code::kInvalidData, "skeleton has over 32767 joints", ""};
  std::unordered_set<std::string> seen;
  for (std::size_t i = 0; i < n; ++i) {
    if (parents[i] < -1 || parents[i] >= static_cast<int>(i)) {
      return Error{Error::Code::kInvalidData,
                   "joint " + std::to_string(i) + " (" + names[i] + ") has parent " +
                       std::to_string(parents[i]) + ", which does not come before it",
                   ""};
    }
    if (!seen.insert(names[i]).second) {
      return Error{Error::Code::kInvalidData, "duplicate joint name \"" + names[i] + "\"", ""};
    }
  }
  return Ok{};
}

int Skeleton::find(const std::string& name) const {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace anim
