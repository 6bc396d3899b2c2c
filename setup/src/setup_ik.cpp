// A setup's IK entries in the runtime form and back (setup_ik_parts.h), and resolve_ik (ik.h).
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "anim/find_by_name.h"
#include "anim/setup/ik.h"
#include "json_errors.h"
#include "setup_fields.h"
#include "setup_ik_parts.h"
#include "validate_text.h"

namespace anim::setup {
namespace {

using json::key_of;
using validate_text::in_quotes;
using validate_text::suggestion;

// The file's twist is in degrees, the runtime's in radians; converted in double so that a
// whole number of degrees comes back as itself.
constexpr double kRadiansPerDegree = 3.14159265358979323846 / 180.0;

// The aim's "up" and the feet's ground up when the entry gives none.
glm::vec3 default_up(IkType type) {
  return type == IkType::kFeet ? IkEntryDef().ground_up : IkEntryDef().up;
}

// Joints of one entry looked up by name, problems reported as they come.
class JointFinder {
 public:
  JointFinder(const std::vector<std::string>& names, const std::vector<int16_t>& parents,
              std::vector<Diagnostic>* found)
      : names_(names), parents_(parents), found_(found) {}

  // The joint `name` at `pointer`, or -1 after reporting it (an empty name, which validation
  // reports as missing, silently).
  int16_t find(const std::string& name, const std::string& pointer) {
    if (name.empty()) return -1;
    for (std::size_t j = 0; j < names_.size(); ++j) {
      if (names_[j] == name) return static_cast<int16_t>(j);
    }
    error(pointer, "unknown joint " + in_quotes(name) + suggestion(name, names_));
    return -1;
  }

  // Reports `child` (at `pointer`) unless it hangs below `ancestor`; nothing when either is
  // unknown or the parents were not given.
  void expect_below(int16_t ancestor, int16_t child, const std::string& pointer,
                    const std::string& what) {
    if (ancestor < 0 || child < 0 || parents_.size() != names_.size()) return;
    for (int j = parents_[static_cast<std::size_t>(child)]; j >= 0;
         j = parents_[static_cast<std::size_t>(j)]) {
      if (j == ancestor) return;
    }
    error(pointer, "joint " + in_quotes(names_[static_cast<std::size_t>(child)]) +
                       " does not hang below " + what + " " +
                       in_quotes(names_[static_cast<std::size_t>(ancestor)]));
  }

 private:
  void error(std::string pointer, std::string message) {
    found_->push_back({Diagnostic::Severity::kError, std::move(pointer), std::move(message)});
  }

  const std::vector<std::string>& names_;
  const std::vector<int16_t>& parents_;
  std::vector<Diagnostic>* found_;
};

IkVector runtime_vector(const SetupIkVector& v, const Setup& setup) {
  IkVector out;
  out.value = v.value;
  if (v.parameter) out.parameter = find_by_name(setup.parameters, *v.parameter);
  return out;
}

IkEntryDef compile_entry(const SetupIk& e, const Setup& setup, const StateMachineDef& def) {
  IkEntryDef out;
  out.name = e.name;
  out.type = e.type;
  out.weight.value = e.weight.value;
  if (e.weight.parameter)
    out.weight.parameter = find_by_name(setup.parameters, *e.weight.parameter);
  if (e.target) out.target = runtime_vector(*e.target, setup);
  out.pole = runtime_vector(e.pole, setup);
  out.twist = static_cast<float>(static_cast<double>(e.twist) * kRadiansPerDegree);
  out.soften = e.soften;
  out.bend_axis = e.bend_axis;
  out.forward = e.forward;
  out.offset = e.offset;
  const glm::vec3 up = e.up.value_or(default_up(e.type));
  if (e.type == IkType::kFeet) {
    out.ground_up = up;
  } else {
    out.up = up;
  }
  out.foot_height = e.foot_height;
  out.max_pelvis_drop = e.max_pelvis_drop;
  out.lift_height = e.lift_height;
  // Joints stay unresolved (-1) until resolve_ik; their count is known now.
  switch (e.type) {
    case IkType::kTwoBone:
      out.joints.assign(3, -1);
      break;
    case IkType::kAim: {
      const std::size_t count = e.chain.empty() ? 1 : e.chain.size();
      out.joints.assign(count, -1);
      out.shares =
          e.shares.empty() ? std::vector<float>(count, 1.0f / static_cast<float>(count)) : e.shares;
      break;
    }
    case IkType::kFeet:
      out.legs.assign(e.legs.size(), IkLegDef{});
      for (const std::string& name : e.plant_markers) {  // Names no clip has: validation's.
        const auto at = std::find(def.marker_names.begin(), def.marker_names.end(), name);
        out.plant_markers.push_back(
            at == def.marker_names.end() ? int16_t{-1}
                                         : static_cast<int16_t>(at - def.marker_names.begin()));
      }
      break;
  }
  return out;
}

std::string name_at(const std::vector<std::string>& names, int index) {
  return index >= 0 && static_cast<std::size_t>(index) < names.size()
             ? names[static_cast<std::size_t>(index)]
             : std::string();
}

SetupIkVector setup_vector(const IkVector& v, const StateMachineDef& def) {
  SetupIkVector out;
  if (v.parameter >= 0) {
    out.parameter = static_cast<std::size_t>(v.parameter) < def.parameters.size()
                        ? def.parameters[static_cast<std::size_t>(v.parameter)].name
                        : std::string();
  } else {
    out.value = v.value;
  }
  return out;
}

}  // namespace

std::vector<IkList> ik_lists(const Setup& setup) {
  std::vector<IkList> lists;
  lists.push_back({&setup.ik, "/" + std::string(key_of(&Setup::ik))});
  for (std::size_t l = 0; l < setup.layers.size(); ++l) {
    lists.push_back({&setup.layers[l].ik, "/" + std::string(key_of(&Setup::layers)) + "/" +
                                              std::to_string(l) + "/" + key_of(&SetupLayer::ik)});
  }
  return lists;
}

IkJoints resolve_ik_joints(const SetupIk& e, const std::string& at,
                           const std::vector<std::string>& names,
                           const std::vector<int16_t>& parents, std::vector<Diagnostic>* found) {
  JointFinder finder(names, parents, found);
  IkJoints out;
  const auto key = [&](auto member) { return at + "/" + key_of(member); };
  switch (e.type) {
    case IkType::kTwoBone: {
      const int16_t start = finder.find(e.start, key(&SetupIk::start));
      const int16_t mid = finder.find(e.mid, key(&SetupIk::mid));
      const int16_t end = finder.find(e.end, key(&SetupIk::end));
      finder.expect_below(start, mid, key(&SetupIk::mid), "start");
      finder.expect_below(mid, end, key(&SetupIk::end), "mid");
      out.joints = {start, mid, end};
      break;
    }
    case IkType::kAim:
      if (e.chain.empty()) {
        out.joints = {finder.find(e.joint, key(&SetupIk::joint))};
        break;
      }
      for (std::size_t k = 0; k < e.chain.size(); ++k) {
        const std::string pointer = key(&SetupIk::chain) + "/" + std::to_string(k);
        out.joints.push_back(finder.find(e.chain[k], pointer));
        if (k > 0)
          finder.expect_below(out.joints[k - 1], out.joints[k], pointer, "the joint before it");
      }
      break;
    case IkType::kFeet:
      out.pelvis = finder.find(e.pelvis, key(&SetupIk::pelvis));
      for (std::size_t i = 0; i < e.legs.size(); ++i) {
        const std::string leg = key(&SetupIk::legs) + "/" + std::to_string(i);
        IkLegDef def;
        def.hip = finder.find(e.legs[i][0], leg + "/0");
        def.knee = finder.find(e.legs[i][1], leg + "/1");
        def.ankle = finder.find(e.legs[i][2], leg + "/2");
        finder.expect_below(out.pelvis, def.hip, leg + "/0", "the pelvis");
        finder.expect_below(def.hip, def.knee, leg + "/1", "the hip");
        finder.expect_below(def.knee, def.ankle, leg + "/2", "the knee");
        out.legs.push_back(def);
      }
      break;
  }
  return out;
}

std::vector<std::string> ik_parameters(const Setup& setup) {
  std::vector<std::string> names;
  for (const IkList& list : ik_lists(setup)) {
    for (const SetupIk& e : *list.entries) {
      if (e.target && e.target->parameter) names.push_back(*e.target->parameter);
      if (e.pole.parameter) names.push_back(*e.pole.parameter);
      if (e.weight.parameter) names.push_back(*e.weight.parameter);
    }
  }
  return names;
}

void compile_ik(const Setup& setup, StateMachineDef* def) {
  for (const SetupIk& e : setup.ik) def->ik.push_back(compile_entry(e, setup, *def));
  for (std::size_t l = 0; l < setup.layers.size() && l < def->layers.size(); ++l) {
    for (const SetupIk& e : setup.layers[l].ik)
      def->layers[l].ik.push_back(compile_entry(e, setup, *def));
  }
}

std::vector<SetupIk> setup_ik_of(const std::vector<IkEntryDef>& entries, const StateMachineDef& def,
                                 const std::vector<std::string>& joint_names) {
  std::vector<SetupIk> out;
  for (const IkEntryDef& e : entries) {
    SetupIk entry;
    entry.name = e.name;
    entry.type = e.type;
    if (e.weight.parameter >= 0) {
      entry.weight.parameter = setup_vector(IkVector{{}, e.weight.parameter}, def).parameter;
    } else {
      entry.weight.value = e.weight.value;
    }
    const auto joint = [&](int index) { return name_at(joint_names, index); };
    if (e.type != IkType::kFeet) {
      entry.target = setup_vector(e.target, def);
      entry.pole = setup_vector(e.pole, def);
      entry.twist = static_cast<float>(static_cast<double>(e.twist) / kRadiansPerDegree);
    }
    const glm::vec3 up = e.type == IkType::kFeet ? e.ground_up : e.up;
    if (up != default_up(e.type)) entry.up = up;
    switch (e.type) {
      case IkType::kTwoBone:
        entry.start = joint(e.joints.size() > 0 ? e.joints[0] : -1);
        entry.mid = joint(e.joints.size() > 1 ? e.joints[1] : -1);
        entry.end = joint(e.joints.size() > 2 ? e.joints[2] : -1);
        entry.soften = e.soften;
        entry.bend_axis = e.bend_axis;
        break;
      case IkType::kAim: {
        if (e.joints.size() == 1) {
          entry.joint = joint(e.joints[0]);
        } else {
          for (int16_t j : e.joints) entry.chain.push_back(joint(j));
        }
        // Equal shares are what none says.
        const std::vector<float> equal(
            e.joints.size(), 1.0f / static_cast<float>(std::max<std::size_t>(e.joints.size(), 1)));
        if (e.shares != equal) entry.shares = e.shares;
        entry.forward = e.forward;
        entry.offset = e.offset;
        break;
      }
      case IkType::kFeet:
        entry.pelvis = joint(e.pelvis);
        for (const IkLegDef& leg : e.legs) {
          entry.legs.push_back({joint(leg.hip), joint(leg.knee), joint(leg.ankle)});
        }
        entry.soften = e.soften;
        entry.foot_height = e.foot_height;
        entry.max_pelvis_drop = e.max_pelvis_drop;
        entry.lift_height = e.lift_height;
        for (int16_t marker : e.plant_markers) {
          entry.plant_markers.push_back(name_at(def.marker_names, marker));
        }
        break;
    }
    out.push_back(std::move(entry));
  }
  return out;
}

Status resolve_ik(const Setup& setup, const Skeleton& skeleton, StateMachineDef* def) {
  const std::vector<IkList> lists = ik_lists(setup);
  // The def's list for each of the setup's: the top level's, then each layer's.
  std::vector<std::vector<IkEntryDef>*> targets = {&def->ik};
  for (LayerDef& layer : def->layers) targets.push_back(&layer.ik);
  std::vector<Diagnostic> found;
  std::vector<std::vector<IkJoints>> resolved(lists.size());
  for (std::size_t l = 0; l < lists.size(); ++l) {
    const std::vector<SetupIk>& entries = *lists[l].entries;
    if (l >= targets.size() || targets[l]->size() != entries.size()) {
      return Error{Error::Code::kInvalidData,
                   "the state machine was not compiled from this setup's IK entries",
                   lists[l].pointer};
    }
    for (std::size_t i = 0; i < entries.size(); ++i) {
      resolved[l].push_back(resolve_ik_joints(entries[i],
                                              lists[l].pointer + "/" + std::to_string(i),
                                              skeleton.names, skeleton.parents, &found));
    }
  }
  if (!found.empty()) {
    return Error{Error::Code::kInvalidData,
                 found.front().message + json::more_problems(found.size()), found.front().pointer};
  }
  for (std::size_t l = 0; l < lists.size(); ++l) {
    for (std::size_t i = 0; i < resolved[l].size(); ++i) {
      IkEntryDef& entry = (*targets[l])[i];
      entry.joints = std::move(resolved[l][i].joints);
      entry.legs = std::move(resolved[l][i].legs);
      entry.pelvis = resolved[l][i].pelvis;
    }
  }
  return Ok{};
}

}  // namespace anim::setup
