#include "cli/scripted_run.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "cli/comma_list.h"

namespace anim::app {
namespace {

Result<float> parse_number(const std::string& text, const std::string& what) {
  if (text == "true") return 1.0f;
  if (text == "false") return 0.0f;
  char* end = nullptr;
  const float f = std::strtof(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(f)) {
    return Error{Error::Code::kInvalidArgument, what + ": \"" + text + "\" is not a number", ""};
  }
  return f;
}

std::string parameter_list(const StateMachineDef& def) {
  std::string list;
  for (const ParameterDef& p : def.parameters) list += (list.empty() ? "" : ", ") + p.name;
  return list.empty() ? "none" : list;
}

// "X,Y,Z" as three finite numbers; the errors name the --set and its value.
Result<glm::vec3> parse_vector(const std::string& text, const std::string& what,
                               const std::string& name) {
  const std::vector<std::string> parts = split_at_commas(text);
  if (parts.size() != 3) {
    return Error{Error::Code::kInvalidArgument,
                 what + ": \"" + name +
                     "\" is a vector3 parameter and needs three numbers X,Y,Z, got " +
                     std::to_string(parts.size()) + " in \"" + text + "\"",
                 ""};
  }
  glm::vec3 v(0.0f);
  for (int i = 0; i < 3; ++i) {
    const std::string& part = parts[i];
    char* end = nullptr;
    const float f = std::strtof(part.c_str(), &end);
    if (part.empty() || end != part.c_str() + part.size() || !std::isfinite(f)) {
      return Error{Error::Code::kInvalidArgument,
                   what + ": \"" + part + "\" is not a finite number", ""};
    }
    v[i] = f;
  }
  return v;
}

Result<ParameterChange> parse_change(const std::string& text, const StateMachineDef& def) {
  const std::string what = "--set " + text;
  std::string assignment = text, time_text = "0";
  if (const std::size_t at = text.rfind('@'); at != std::string::npos) {
    assignment = text.substr(0, at);
    time_text = text.substr(at + 1);
  }
  const std::size_t eq = assignment.find('=');
  const std::string name = assignment.substr(0, eq);
  ParameterChange change;
  change.parameter = def.find_parameter(name);
  if (change.parameter < 0) {
    return Error{
        Error::Code::kInvalidArgument,
        what + ": unknown parameter \"" + name + "\" (parameters: " + parameter_list(def) + ")",
        ""};
  }
  const bool trigger = def.parameters[change.parameter].type == ParameterType::kTrigger;
  if (eq == std::string::npos && !trigger) {
    return Error{Error::Code::kInvalidArgument, what + ": expected NAME=VALUE@SECONDS", ""};
  }
  const std::string value_text = eq == std::string::npos ? "" : assignment.substr(eq + 1);
  if (def.parameters[change.parameter].type == ParameterType::kVector3) {
    Result<glm::vec3> vector = parse_vector(value_text, what, name);
    if (!vector.ok()) return vector.error();
    change.vector = vector.value();
  } else {
    if (value_text.find(',') != std::string::npos) {
      return Error{Error::Code::kInvalidArgument,
                   what + ": \"" + name + "\" takes one number, not the vector \"" + value_text +
                       "\" (only vector3 parameters take X,Y,Z)",
                   ""};
    }
    Result<float> value =
        eq == std::string::npos ? Result<float>(1.0f) : parse_number(value_text, what);
    if (!value.ok()) return value.error();
    change.value = value.value();
  }
  Result<float> time = parse_number(time_text, what);
  if (!time.ok()) return time.error();
  change.time = time.value();
  return change;
}

}  // namespace

Result<std::vector<ParameterChange>> parse_changes(const std::vector<std::string>& texts,
                                                   const StateMachineDef& def) {
  std::vector<ParameterChange> changes;
  for (const std::string& text : texts) {
    Result<ParameterChange> change = parse_change(text, def);
    if (!change.ok()) return change.error();
    changes.push_back(change.value());
  }
  std::stable_sort(
      changes.begin(), changes.end(),
      [](const ParameterChange& a, const ParameterChange& b) { return a.time < b.time; });
  return changes;
}

void apply_change(StateMachineInstance& machine, const ParameterChange& change) {
  const std::vector<ParameterDef>& parameters = machine.def().parameters;
  if (change.parameter < 0 || static_cast<std::size_t>(change.parameter) >= parameters.size()) {
    return;
  }
  if (parameters[static_cast<std::size_t>(change.parameter)].type == ParameterType::kVector3) {
    machine.set_vector(change.parameter, change.vector);
  } else {
    machine.set_value(change.parameter, change.value);
  }
}

std::vector<std::string> triggers_never_set(const StateMachineDef& def,
                                            const std::vector<ParameterChange>& changes) {
  std::vector<bool> tested(def.parameters.size(), false);
  const auto note_tests = [&](const std::vector<TransitionDef>& transitions) {
    for (const TransitionDef& t : transitions) {
      for (const ConditionDef& c : t.conditions) {
        if (c.parameter >= 0 && static_cast<std::size_t>(c.parameter) < tested.size()) {
          tested[static_cast<std::size_t>(c.parameter)] = true;
        }
      }
    }
  };
  note_tests(def.transitions);
  for (const LayerDef& layer : def.layers) note_tests(layer.transitions);
  std::vector<std::string> names;
  for (std::size_t i = 0; i < def.parameters.size(); ++i) {
    if (def.parameters[i].type != ParameterType::kTrigger || !tested[i]) continue;
    const bool set = std::any_of(changes.begin(), changes.end(), [&](const ParameterChange& c) {
      return c.parameter == static_cast<int>(i);
    });
    if (!set) names.push_back(def.parameters[i].name);
  }
  return names;
}

Result<std::vector<TravelRequest>> parse_travels(const std::vector<std::string>& texts,
                                                 const StateMachineDef& def) {
  std::vector<TravelRequest> travels;
  for (const std::string& text : texts) {
    const std::string what = "--travel " + text;
    const std::size_t at = text.rfind('@');
    const std::string path = text.substr(0, at);
    TravelRequest travel;
    travel.state = def.find_state(path);
    if (travel.state < 0) {
      std::string states;
      for (const StateDef& s : def.states) states += (states.empty() ? "" : ", ") + s.name;
      return Error{Error::Code::kInvalidArgument,
                   what + ": unknown state \"" + path + "\" (states: " + states + ")", ""};
    }
    if (at != std::string::npos) {
      Result<float> time = parse_number(text.substr(at + 1), what);
      if (!time.ok()) return time.error();
      travel.time = time.value();
    }
    travels.push_back(travel);
  }
  std::stable_sort(travels.begin(), travels.end(),
                   [](const TravelRequest& a, const TravelRequest& b) { return a.time < b.time; });
  return travels;
}

Result<MachineScript> parse_script(const std::vector<std::string>& sets,
                                   const std::vector<std::string>& travels,
                                   const StateMachineDef& def, std::vector<GroundPlane> ground) {
  Result<std::vector<ParameterChange>> changes = parse_changes(sets, def);
  if (!changes.ok()) return changes.error();
  Result<std::vector<TravelRequest>> requests = parse_travels(travels, def);
  if (!requests.ok()) return requests.error();
  return MachineScript{std::move(changes).value(), std::move(requests).value(), std::move(ground)};
}

ScriptedRun::ScriptedRun(StateMachineInstance& machine, std::vector<ParameterChange> changes,
                         float dt, std::vector<TravelRequest> travels,
                         std::vector<GroundPlane> ground)
    : machine_(machine),
      changes_(std::move(changes)),
      travels_(std::move(travels)),
      ground_planes_(std::move(ground)),
      dt_(dt) {
  ground_.planes = ground_planes_;
  if (!ground_planes_.empty()) machine_.set_ground(ground_.query());
  // The changes at 0 hold from the start: a pose taken before any step (pose --time 0) has
  // them, and the first step, which would apply them, finds them done.
  apply_changes_due();
}

void ScriptedRun::apply_changes_due() {
  const float now = time();
  while (next_ < changes_.size() && changes_[next_].time <= now + 1e-6f) {
    apply_change(machine_, changes_[next_++]);
  }
}

void ScriptedRun::step() {
  const float now = time();
  apply_changes_due();
  travel_problems_.clear();
  while (next_travel_ < travels_.size() && travels_[next_travel_].time <= now + 1e-6f) {
    const int to = travels_[next_travel_++].state;
    const std::vector<StateDef>& states = machine_.def().states;
    const std::string from = states[static_cast<std::size_t>(machine_.current_state())].name;
    switch (machine_.travel(to)) {
      case StateMachineInstance::TravelResult::kNoPath:
        travel_problems_.push_back("no path of transitions from \"" + from + "\" to \"" +
                                   states[static_cast<std::size_t>(to)].name + "\"");
        break;
      case StateMachineInstance::TravelResult::kBadState:
        travel_problems_.push_back("no state " + std::to_string(to));
        break;
      case StateMachineInstance::TravelResult::kStarted:
      case StateMachineInstance::TravelResult::kAlreadyThere:
        break;
    }
  }
  machine_.update(dt_);
  ++frames_;
}

long ScriptedRun::frames_until(float seconds) const {
  return std::max(0L, std::lround(seconds / dt_));
}

}  // namespace anim::app
