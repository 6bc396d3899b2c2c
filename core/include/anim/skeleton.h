#pragma once
// The joint hierarchy shared by every character that uses it.
#include <cstdint>
#include <string>
#include <vector>

#include "anim/result.h"
#include "anim/transform.h"

namespace anim {

// Joints are stored parents-before-children: parents_[i] < i, or -1 for a root.
struct Skeleton {
  std::vector<std::string> names;
  std::vector<int16_t> parents;
  std::vector<Transform> rest;  // Local rest (bind) pose of each joint.

  std::size_t joint_count() const { return parents.size(); }

  // Checks sizes, parent order (which also rules out cycles) and duplicate names.
  Status validate() const;

  // Index of the joint called `name`, or -1.
  int find(const std::string& name) const;
};

}  // namespace anim
