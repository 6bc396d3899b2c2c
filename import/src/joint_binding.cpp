#include "anim/import/joint_binding.h"

#include <algorithm>
#include <cctype>
#include <functional>

#include "lower_case.h"

namespace anim::import {
namespace {

std::string base_key(const std::string& name) { return lower_case(strip_namespace(name)); }

// True when `name`'s base key ends with "_" + `tail` ("character1_hips" and "hips").
bool has_underscore_prefix_of(const std::string& name, const std::string& tail) {
  if (tail.empty() || name.size() <= tail.size()) return false;
  const std::size_t start = name.size() - tail.size();
  return name[start - 1] == '_' && name.compare(start, tail.size(), tail) == 0;
}

using Matches = std::function<bool(int source, int model)>;

// One round: each free source joint with exactly one free model candidate binds to it.
void bind_round(const Matches& matches, NameMatch how, JointBinding& binding,
                std::vector<char>& taken) {
  for (std::size_t s = 0; s < binding.model_joint.size(); ++s) {
    if (binding.model_joint[s] >= 0) continue;
    int found = -1;
    int candidates = 0;
    for (std::size_t m = 0; m < taken.size() && candidates < 2; ++m) {
      if (taken[m] || !matches(static_cast<int>(s), static_cast<int>(m))) continue;
      found = static_cast<int>(m);
      ++candidates;
    }
    if (candidates != 1) continue;
    binding.model_joint[s] = found;
    binding.how[s] = how;
    taken[found] = 1;
  }
}

void bind_by_map(const Skeleton& source, const Skeleton& model, const JointMap& map,
                 JointBinding& binding) {
  std::vector<char> taken(model.joint_count(), 0);
  for (const auto& [from, to] : map) {
    const int s = source.find(from);
    const int m = model.find(to);
    if (s < 0) binding.unknown_sources.push_back(from);
    if (m < 0) binding.unknown_targets.push_back(to);
    if (s < 0 || m < 0 || binding.model_joint[s] >= 0 || taken[m]) continue;
    binding.model_joint[s] = m;
    binding.how[s] = NameMatch::kMapped;
    taken[m] = 1;
  }
}

}  // namespace

std::string strip_namespace(const std::string& name) {
  const std::size_t cut = name.find_last_of(":|");
  return cut == std::string::npos ? name : name.substr(cut + 1);
}

JointBinding bind_joints(const Skeleton& source, const Skeleton& model, const JointMap& map) {
  JointBinding binding;
  binding.model_joint.assign(source.joint_count(), -1);
  binding.how.assign(source.joint_count(), NameMatch::kNone);
  if (!map.empty()) {
    bind_by_map(source, model, map, binding);
    return binding;
  }
  std::vector<std::string> source_lower, model_lower, source_base, model_base;
  for (const std::string& n : source.names) {
    source_lower.push_back(lower_case(n));
    source_base.push_back(base_key(n));
  }
  for (const std::string& n : model.names) {
    model_lower.push_back(lower_case(n));
    model_base.push_back(base_key(n));
  }
  std::vector<char> taken(model.joint_count(), 0);
  bind_round([&](int s, int m) { return source.names[s] == model.names[m]; }, NameMatch::kExact,
             binding, taken);
  bind_round([&](int s, int m) { return source_lower[s] == model_lower[m]; }, NameMatch::kCase,
             binding, taken);
  bind_round([&](int s, int m) { return source_base[s] == model_base[m]; }, NameMatch::kNamespace,
             binding, taken);
  bind_round(
      [&](int s, int m) {
        return has_underscore_prefix_of(source_base[s], model_base[m]) ||
               has_underscore_prefix_of(model_base[m], source_base[s]);
      },
      NameMatch::kNamespace, binding, taken);
  return binding;
}

}  // namespace anim::import
