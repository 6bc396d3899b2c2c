// Validation of a setup's IK entries (setup_ik_parts.h): names, the fields each type needs and
// refuses, parameters of the right type, numbers in range, and joints on the model's skeleton.
#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "anim/find_by_name.h"
#include "anim/setup/setup.h"
#include "setup_fields.h"
#include "setup_ik_parts.h"
#include "setup_markers.h"
#include "validate_text.h"

namespace anim::setup {
namespace {

using namespace validate_text;
using json::key_of;

// How far the shares of an aim chain may sum from 1.
constexpr float kShareTolerance = 1e-3f;

class IkValidator {
 public:
  IkValidator(const Setup& setup, const std::vector<std::string>& joints,
              const std::vector<int16_t>& parents, std::vector<Diagnostic>* found)
      : setup_(setup), joints_(joints), parents_(parents), found_(found) {}

  void run() {
    for (const IkList& list : ik_lists(setup_)) {
      std::map<std::string, std::size_t> first;
      for (std::size_t i = 0; i < list.entries->size(); ++i) {
        const SetupIk& entry = (*list.entries)[i];
        const std::string at = list.pointer + "/" + std::to_string(i);
        if (entry.name.empty()) {
          error(at + "/" + key_of(&SetupIk::name), "IK entry name is empty");
        } else if (!first.emplace(entry.name, i).second) {
          error(at + "/" + key_of(&SetupIk::name),
                "duplicate IK entry name " + in_quotes(entry.name) + " (first at " + list.pointer +
                    "/" + std::to_string(first[entry.name]) + ")");
        }
        check_entry(entry, at);
      }
    }
  }

 private:
  void error(std::string pointer, std::string message) {
    found_->push_back({Diagnostic::Severity::kError, std::move(pointer), std::move(message)});
  }

  template <class V>
  std::string at_key(const std::string& at, V SetupIk::*member) const {
    return at + "/" + key_of(member);
  }

  void check_entry(const SetupIk& e, const std::string& at) {
    const std::string type = in_quotes(to_string(e.type));
    // A field the type does not use, given anyway: most often a typo or the wrong type.
    const auto refuse = [&](bool present, const char* key) {
      if (present)
        error(at + "/" + key, in_quotes(key) + " is not a field of a " + type + " entry");
    };
    const auto need = [&](bool present, const char* key) {
      if (!present) error(at + "/" + key, "a " + type + " entry needs " + in_quotes(key));
    };
    const bool two_bone = e.type == IkType::kTwoBone;
    const bool aim = e.type == IkType::kAim;
    const bool feet = e.type == IkType::kFeet;
    refuse(!two_bone && !e.start.empty(), key_of(&SetupIk::start));
    refuse(!two_bone && !e.mid.empty(), key_of(&SetupIk::mid));
    refuse(!two_bone && !e.end.empty(), key_of(&SetupIk::end));
    refuse(!aim && !e.joint.empty(), key_of(&SetupIk::joint));
    refuse(!aim && !e.chain.empty(), key_of(&SetupIk::chain));
    refuse(!aim && !e.shares.empty(), key_of(&SetupIk::shares));
    refuse(!feet && !e.legs.empty(), key_of(&SetupIk::legs));
    refuse(!feet && !e.pelvis.empty(), key_of(&SetupIk::pelvis));
    refuse(feet && e.target.has_value(), key_of(&SetupIk::target));
    if (two_bone) {
      need(!e.start.empty(), key_of(&SetupIk::start));
      need(!e.mid.empty(), key_of(&SetupIk::mid));
      need(!e.end.empty(), key_of(&SetupIk::end));
    }
    if (aim) check_aim_joints(e, at);
    if (feet) {
      if (e.legs.empty() || e.legs.size() > kMaxIkLegs) {
        error(at_key(at, &SetupIk::legs), "a feet entry has 1 to " + std::to_string(kMaxIkLegs) +
                                              " legs, not " + std::to_string(e.legs.size()));
      }
      need(!e.pelvis.empty(), key_of(&SetupIk::pelvis));
      for (std::size_t i = 0; i < e.legs.size(); ++i) {
        for (std::size_t k = 0; k < e.legs[i].size(); ++k) {
          if (!e.legs[i][k].empty()) continue;
          error(at_key(at, &SetupIk::legs) + "/" + std::to_string(i) + "/" + std::to_string(k),
                "missing joint name");
        }
      }
    }
    if (!feet) {
      need(e.target.has_value(), key_of(&SetupIk::target));
      if (e.target) check_vector(*e.target, at_key(at, &SetupIk::target), false);
      check_vector(e.pole, at_key(at, &SetupIk::pole), true);
      check_finite(at_key(at, &SetupIk::twist), "twist", e.twist);
    }
    if (!aim) check_unit_range(at_key(at, &SetupIk::soften), "soften", e.soften);
    if (two_bone) check_direction(at_key(at, &SetupIk::bend_axis), e.bend_axis);
    if (aim) {
      check_direction(at_key(at, &SetupIk::forward), e.forward);
      for (int k = 0; k < 3; ++k) {
        check_finite(at_key(at, &SetupIk::offset) + "/" + std::to_string(k), "offset", e.offset[k]);
      }
    }
    if (e.up) check_direction(at_key(at, &SetupIk::up), *e.up);
    if (feet) {
      check_not_negative(at_key(at, &SetupIk::foot_height), "foot height", e.foot_height);
      check_not_negative(at_key(at, &SetupIk::max_pelvis_drop), "max pelvis drop",
                         e.max_pelvis_drop);
      check_not_negative(at_key(at, &SetupIk::lift_height), "lift height", e.lift_height);
    }
    refuse(!feet && !e.plant_markers.empty(), key_of(&SetupIk::plant_markers));
    if (feet && !e.plant_markers.empty()) check_plant_markers(e, at);
    check_weight(e.weight, at_key(at, &SetupIk::weight));
    if (!joints_.empty()) resolve_ik_joints(e, at, joints_, parents_, found_);
  }

  // One marker per leg, each a marker some clip of the setup has, and a lift height to fade by.
  void check_plant_markers(const SetupIk& e, const std::string& at) {
    const std::string markers = at_key(at, &SetupIk::plant_markers);
    if (e.plant_markers.size() != e.legs.size()) {
      error(markers, std::to_string(e.plant_markers.size()) + " plant markers for " +
                         std::to_string(e.legs.size()) + " legs; give one per leg");
    }
    if (!(e.lift_height > 0.0f)) {
      error(at_key(at, &SetupIk::lift_height),
            "plant markers need a lift height above 0: it fades each foot out after its stance "
            "and in before the next");
    }
    std::vector<std::string> known;
    for (const MarkerSource& source : marker_sources(setup_)) {
      for (const SetupMarker& m : *source.markers) known.push_back(m.name);
    }
    for (std::size_t i = 0; i < e.plant_markers.size(); ++i) {
      const std::string& name = e.plant_markers[i];
      if (std::find(known.begin(), known.end(), name) != known.end()) continue;
      error(markers + "/" + std::to_string(i),
            "no clip has a sync marker " + in_quotes(name) + suggestion(name, known));
    }
  }

  void check_aim_joints(const SetupIk& e, const std::string& at) {
    const std::string chain = at_key(at, &SetupIk::chain);
    if (!e.joint.empty() && !e.chain.empty()) {
      error(chain, "give an aim entry " + in_quotes(key_of(&SetupIk::joint)) + " or " +
                       in_quotes(key_of(&SetupIk::chain)) + ", not both");
    } else if (e.joint.empty() && e.chain.empty()) {
      error(at_key(at, &SetupIk::joint), "an aim entry needs " +
                                             in_quotes(key_of(&SetupIk::joint)) + " or " +
                                             in_quotes(key_of(&SetupIk::chain)));
    }
    if (e.chain.size() > kMaxIkChain) {
      error(chain, "a chain turns at most " + std::to_string(kMaxIkChain) + " joints, not " +
                       std::to_string(e.chain.size()));
    }
    if (e.shares.empty()) return;
    const std::string shares = at_key(at, &SetupIk::shares);
    const std::size_t count = e.chain.empty() ? 1 : e.chain.size();
    if (e.shares.size() != count) {
      error(shares, std::to_string(e.shares.size()) + " shares for " + std::to_string(count) +
                        (count == 1 ? " joint" : " joints") + "; give one per joint");
      return;
    }
    float sum = 0.0f;
    bool usable = true;
    for (std::size_t k = 0; k < e.shares.size(); ++k) {
      const std::string share = shares + "/" + std::to_string(k);
      if (!check_finite(share, "share", e.shares[k])) {
        usable = false;
      } else if (e.shares[k] < 0.0f) {
        error(share, "negative share " + number_text(e.shares[k]));
        usable = false;
      }
      sum += e.shares[k];
    }
    if (usable && std::fabs(sum - 1.0f) > kShareTolerance) {
      error(shares, "shares sum to " + number_text(sum) + ", not 1");
    }
  }

  // A target or pole: a vector3 parameter, or finite numbers (a pole's not all zero).
  void check_vector(const SetupIkVector& v, const std::string& at, bool direction) {
    if (v.parameter) {
      const int index = find_by_name(setup_.parameters, *v.parameter);
      if (index < 0) {
        error(at, "unknown parameter " + in_quotes(*v.parameter) +
                      suggestion(*v.parameter, parameter_names()));
      } else if (setup_.parameters[static_cast<std::size_t>(index)].type !=
                 ParameterType::kVector3) {
        error(at, "parameter " + in_quotes(*v.parameter) + " has type " +
                      to_string(setup_.parameters[static_cast<std::size_t>(index)].type) +
                      "; an IK target or pole needs a vector3 parameter");
      }
      return;
    }
    if (direction) {
      check_direction(at, v.value);
    } else {
      for (int k = 0; k < 3; ++k) check_finite(at + "/" + std::to_string(k), "value", v.value[k]);
    }
  }

  void check_weight(const SetupIkWeight& w, const std::string& at) {
    if (!w.parameter) {
      check_unit_range(at, "weight", w.value);
      return;
    }
    const int index = find_by_name(setup_.parameters, *w.parameter);
    if (index < 0) {
      error(at, "unknown parameter " + in_quotes(*w.parameter) +
                    suggestion(*w.parameter, parameter_names()));
    } else if (setup_.parameters[static_cast<std::size_t>(index)].type != ParameterType::kFloat) {
      error(at, "parameter " + in_quotes(*w.parameter) + " has type " +
                    to_string(setup_.parameters[static_cast<std::size_t>(index)].type) +
                    "; an IK weight needs a float parameter");
    }
  }

  bool check_finite(const std::string& at, const char* what, float value) {
    if (std::isfinite(value)) return true;
    error(at, std::string(what) + " is not a finite number");
    return false;
  }

  void check_unit_range(const std::string& at, const char* what, float value) {
    if (check_finite(at, what, value) && (value < 0.0f || value > 1.0f)) {
      error(at, std::string(what) + " " + number_text(value) + " is outside [0, 1]");
    }
  }

  void check_not_negative(const std::string& at, const char* what, float value) {
    if (check_finite(at, what, value) && value < 0.0f) {
      error(at, "negative " + std::string(what) + " " + number_text(value));
    }
  }

  // An axis or direction: finite, and not [0, 0, 0].
  void check_direction(const std::string& at, const glm::vec3& v) {
    bool finite = true;
    for (int k = 0; k < 3; ++k) {
      finite = check_finite(at + "/" + std::to_string(k), "component", v[k]) && finite;
    }
    if (finite && v.x == 0.0f && v.y == 0.0f && v.z == 0.0f) {
      error(at, "a direction cannot be [0, 0, 0]");
    }
  }

  std::vector<std::string> parameter_names() const {
    std::vector<std::string> names;
    for (const SetupParameter& p : setup_.parameters) names.push_back(p.name);
    return names;
  }

  const Setup& setup_;
  const std::vector<std::string>& joints_;
  const std::vector<int16_t>& parents_;
  std::vector<Diagnostic>* found_;
};

}  // namespace

void validate_ik(const Setup& setup, const std::vector<std::string>& joints,
                 const std::vector<int16_t>& parents, std::vector<Diagnostic>* found) {
  IkValidator(setup, joints, parents, found).run();
}

}  // namespace anim::setup
