#include "package_ik_sections.h"

#include <cmath>
#include <string>
#include <vector>

#include "anim/package_format.h"
#include "finite.h"

namespace anim::package {
namespace {

// The least bytes an IK entry takes (package_format.h): an empty name and empty arrays.
constexpr std::size_t kMinEntryBytes = 4 + 4 + 8 + 4 + 16 + 16 + 8 + 12 + 4 + 36 + 4 + 4 + 8 + 12;

bool get_vec3(Reader& r, glm::vec3& v) {
  r.get(v.x);
  r.get(v.y);
  return r.get(v.z);
}

using detail::finite;

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

// Whether the base machine reads parameter `index` as a number: a 1D blend space or a condition.
bool read_as_number(const StateMachineDef& m, int index) {
  for (const BlendSpace1DDef& b : m.blend_spaces) {
    if (b.parameter == index) return true;
  }
  for (const TransitionDef& t : m.transitions) {
    for (const ConditionDef& c : t.conditions) {
      if (c.parameter == index) return true;
    }
  }
  return false;
}

bool too_many(Reader& r, uint32_t count, std::size_t most, const char* what) {
  return r.fail(std::to_string(count) + " " + what + " (at most " + std::to_string(most) + ")");
}

// An entry's fields in the order package_format.h lays them out; no value checked yet.
bool read_entry_fields(Reader& r, IkEntryDef& e) {
  uint32_t type = 0, count = 0;
  r.get_string(e.name);
  r.get(type);
  r.get(e.weight.value);
  r.get(e.weight.parameter);
  r.get_count(count, sizeof(int16_t));
  if (r.ok() && count > kMaxIkChain) return too_many(r, count, kMaxIkChain, "joints");
  r.get_array(e.joints, count);
  get_vec3(r, e.target.value);
  r.get(e.target.parameter);
  get_vec3(r, e.pole.value);
  r.get(e.pole.parameter);
  r.get(e.twist);
  r.get(e.soften);
  get_vec3(r, e.bend_axis);
  r.get_count(count, sizeof(float));
  if (r.ok() && count > kMaxIkChain) return too_many(r, count, kMaxIkChain, "shares");
  r.get_array(e.shares, count);
  get_vec3(r, e.forward);
  get_vec3(r, e.up);
  get_vec3(r, e.offset);
  r.get_count(count, sizeof(IkLegDef));
  if (r.ok() && count > kMaxIkLegs) return too_many(r, count, kMaxIkLegs, "legs");
  r.get_array(e.legs, count);  // Stored as is (see package_format.h).
  int32_t pelvis = -1;
  r.get(pelvis);
  r.get(e.foot_height);
  r.get(e.max_pelvis_drop);
  r.get(e.lift_height);
  get_vec3(r, e.ground_up);
  if (!r.ok()) return false;
  if (type > static_cast<uint32_t>(IkType::kFeet)) {
    return r.fail("unknown type " + std::to_string(type));
  }
  e.type = static_cast<IkType>(type);
  if (pelvis < -1 || pelvis > INT16_MAX) return r.fail("pelvis " + std::to_string(pelvis));
  e.pelvis = static_cast<int16_t>(pelvis);
  return true;
}

// The first value of `e` that is not finite or outside its range, or empty.
std::string bad_number(const IkEntryDef& e) {
  const float scalars[] = {e.weight.value, e.twist,           e.soften,
                           e.foot_height,  e.max_pelvis_drop, e.lift_height};
  for (float x : scalars) {
    if (!std::isfinite(x)) return "a value is not finite";
  }
  for (const glm::vec3& v :
       {e.target.value, e.pole.value, e.bend_axis, e.forward, e.up, e.offset, e.ground_up}) {
    if (!finite(v)) return "a vector is not finite";
  }
  for (float x : e.shares) {
    if (!std::isfinite(x)) return "a share is not finite";
  }
  if (e.weight.value < 0.0f || e.weight.value > 1.0f) return "weight outside [0, 1]";
  if (e.soften < 0.0f || e.soften > 1.0f) return "soften outside [0, 1]";
  if (e.max_pelvis_drop < 0.0f) return "a negative max pelvis drop";
  if (e.lift_height < 0.0f) return "a negative lift height";
  return "";
}

// The first parameter reference of `e` that is out of range or of the wrong type, or empty.
std::string bad_parameter(const IkEntryDef& e, const std::vector<ParameterDef>& parameters) {
  const auto check = [&](const char* what, int p, ParameterType type,
                         const char* type_name) -> std::string {
    if (p == -1) return "";
    if (p < 0 || static_cast<std::size_t>(p) >= parameters.size()) {
      return std::string(what) + " parameter " + std::to_string(p) + " out of range";
    }
    if (parameters[p].type != type) {
      return std::string(what) + " parameter " + quoted(parameters[p].name) + " is not a " +
             type_name + " parameter";
    }
    return "";
  };
  std::string problem = check("weight", e.weight.parameter, ParameterType::kFloat, "float");
  if (problem.empty()) {
    problem = check("target", e.target.parameter, ParameterType::kVector3, "vector3");
  }
  if (problem.empty())
    problem = check("pole", e.pole.parameter, ParameterType::kVector3, "vector3");
  return problem;
}

// Joints of `s`, each checked in range before anything follows its parents.
class Ancestry {
 public:
  explicit Ancestry(const Skeleton& s) : s_(s) {}

  bool in_range(int j) const { return j >= 0 && static_cast<std::size_t>(j) < s_.joint_count(); }
  // Whether `above` is an ancestor of `below` (both in range), not the joint itself.
  bool above(int above, int below) const {
    for (int j = s_.parents[below]; j >= 0; j = s_.parents[j]) {
      if (j == above) return true;
    }
    return false;
  }
  // The problem with the chain `joints` (each in range and an ancestor of the next), or empty.
  std::string chain(const std::vector<int>& joints, const char* what) const {
    for (int j : joints) {
      if (!in_range(j)) {
        return std::string(what) + " joint " + std::to_string(j) +
               " out of range (the skeleton has " + std::to_string(s_.joint_count()) + ")";
      }
    }
    for (std::size_t i = 1; i < joints.size(); ++i) {
      if (!above(joints[i - 1], joints[i])) {
        return std::string(what) + " joint " + quoted(s_.names[joints[i - 1]]) +
               " is not an ancestor of " + quoted(s_.names[joints[i]]);
      }
    }
    return "";
  }

 private:
  const Skeleton& s_;
};

// The problem with `e`'s joints, shares and legs for its type, or empty.
std::string bad_joints(const IkEntryDef& e, const Skeleton& skeleton) {
  const Ancestry ancestry(skeleton);
  const std::vector<int> joints(e.joints.begin(), e.joints.end());
  switch (e.type) {
    case IkType::kTwoBone:
      if (joints.size() != 3 || !e.shares.empty() || !e.legs.empty()) {
        return "a two-bone entry needs 3 joints, and no shares or legs";
      }
      break;
    case IkType::kAim: {
      if (joints.empty() || e.shares.size() != joints.size() || !e.legs.empty()) {
        return "an aim entry needs 1 to " + std::to_string(kMaxIkChain) +
               " joints, a share each, and no legs";
      }
      double sum = 0.0;
      for (float share : e.shares) {
        if (share < 0.0f) return "a negative share";
        sum += share;
      }
      if (std::fabs(sum - 1.0) > 1e-3)
        return "the shares sum to " + std::to_string(sum) + ", not 1";
      break;
    }
    case IkType::kFeet:
      if (!joints.empty() || !e.shares.empty() || e.legs.empty()) {
        return "a feet entry needs 1 to " + std::to_string(kMaxIkLegs) +
               " legs, and no joints or shares";
      }
      if (!ancestry.in_range(e.pelvis))
        return "pelvis " + std::to_string(e.pelvis) + " out of range";
      for (std::size_t i = 0; i < e.legs.size(); ++i) {
        const IkLegDef& leg = e.legs[i];
        const std::string what = "leg " + std::to_string(i);
        std::string problem =
            ancestry.chain({e.pelvis, leg.hip, leg.knee, leg.ankle}, what.c_str());
        if (!problem.empty()) return problem;
      }
      return "";
  }
  if (e.pelvis != -1 && !ancestry.in_range(e.pelvis)) {
    return "pelvis " + std::to_string(e.pelvis) + " out of range";
  }
  return ancestry.chain(joints, "a");
}

bool read_entry(Reader& r, IkEntryDef& e, const StateMachineDef& m, const Skeleton& skeleton,
                const std::string& list, std::size_t index) {
  const std::string at = list + ", IK entry " + std::to_string(index);
  if (!read_entry_fields(r, e)) return r.prefix(at + ": ");
  const std::string where = at + " " + quoted(e.name) + ": ";
  if (e.name.size() > kMaxIkNameLength) {
    return r.fail(at + ": a name of " + std::to_string(e.name.size()) + " bytes (at most " +
                  std::to_string(kMaxIkNameLength) + ")");
  }
  std::string problem = bad_number(e);
  if (problem.empty()) problem = bad_parameter(e, m.parameters);
  if (problem.empty()) problem = bad_joints(e, skeleton);
  return problem.empty() || r.fail(where + problem);
}

}  // namespace

bool read_vector_parameters(Reader& r, StateMachineDef& m) {
  uint32_t n = 0;
  r.get_count(n, 4 + 12);
  int previous = -1;
  for (uint32_t i = 0; r.ok() && i < n; ++i) {
    int32_t index = -1;
    glm::vec3 value(0.0f);
    r.get(index);
    get_vec3(r, value);
    if (!r.ok()) return false;
    const std::string where = "vector parameter " + std::to_string(i) + ": ";
    if (index <= previous || static_cast<std::size_t>(index) >= m.parameters.size()) {
      return r.fail(where + "index " + std::to_string(index) + " out of range or not rising");
    }
    ParameterDef& p = m.parameters[index];
    if (p.type != ParameterType::kFloat) {
      return r.fail(where + quoted(p.name) + " is not stored as a float");
    }
    if (!finite(value)) return r.fail(where + quoted(p.name) + "'s default is not finite");
    if (read_as_number(m, index)) {
      return r.fail(where + quoted(p.name) + " is read by a 1D blend space or a condition");
    }
    p.type = ParameterType::kVector3;
    p.default_vector = value;
    previous = index;
  }
  return r.ok();
}

bool read_ik(Reader& r, StateMachineDef& m, const Skeleton& skeleton) {
  uint32_t lists = 0;
  r.get_count(lists, 4);
  if (r.ok() && lists != 1 + m.layers.size()) {
    return r.fail("IK entries for " + std::to_string(lists) + " lists, the state machine has " +
                  std::to_string(1 + m.layers.size()) + " (the top level and each layer)");
  }
  for (std::size_t li = 0; r.ok() && li < lists; ++li) {
    std::vector<IkEntryDef>& entries = li == 0 ? m.ik : m.layers[li - 1].ik;
    const std::string list =
        li == 0 ? "top level"
                : "layer " + std::to_string(li - 1) + " " + quoted(m.layers[li - 1].name);
    uint32_t n = 0;
    r.get_count(n, kMinEntryBytes);
    if (!r.ok()) return false;
    if (n > kMaxIkEntries) {
      return r.fail(list + ": " + std::to_string(n) + " IK entries (at most " +
                    std::to_string(kMaxIkEntries) + ")");
    }
    entries.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      if (!read_entry(r, entries[i], m, skeleton, list, i)) return false;
    }
  }
  return r.ok();
}

bool read_ik_plant_markers(Reader& r, StateMachineDef& m) {
  uint32_t lists = 0;
  r.get_count(lists, 4);
  if (r.ok() && lists != 1 + m.layers.size()) {
    return r.fail("plant markers for " + std::to_string(lists) + " IK lists, the state machine has " +
                  std::to_string(1 + m.layers.size()));
  }
  for (std::size_t li = 0; r.ok() && li < lists; ++li) {
    std::vector<IkEntryDef>& entries = li == 0 ? m.ik : m.layers[li - 1].ik;
    uint32_t n = 0;
    r.get_count(n, 4);
    if (r.ok() && n != entries.size()) {
      return r.fail("plant markers for " + std::to_string(n) + " IK entries of list " +
                    std::to_string(li) + ", which has " + std::to_string(entries.size()));
    }
    for (std::size_t i = 0; r.ok() && i < n; ++i) {
      IkEntryDef& e = entries[i];
      const std::string at = "IK entry " + quoted(e.name);
      uint32_t count = 0;
      r.get_count(count, sizeof(int16_t));
      if (!r.ok()) return false;
      if (count != 0 && (e.type != IkType::kFeet || count != e.legs.size())) {
        return r.fail(at + ": " + std::to_string(count) + " plant markers for " +
                      std::to_string(e.legs.size()) + " legs");
      }
      r.get_array(e.plant_markers, count);
      for (int16_t marker : e.plant_markers) {
        if (marker < -1 || (marker >= 0 && static_cast<std::size_t>(marker) >= m.marker_names.size())) {
          return r.fail(at + ": plant marker " + std::to_string(marker) + " is not one of the " +
                        std::to_string(m.marker_names.size()) + " marker names");
        }
      }
    }
  }
  return r.ok();
}

}  // namespace anim::package
