// Semantic checks of a setup: names resolve, types agree, numbers are in range.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "anim/blend_space_2d.h"
#include "anim/find_by_name.h"
#include "anim/setup/setup.h"
#include "setup_ik_parts.h"
#include "setup_markers.h"
#include "setup_nesting.h"
#include "validate_text.h"

namespace anim::setup {
namespace {

using namespace validate_text;

using Severity = Diagnostic::Severity;

template <class T>
std::vector<std::string> names_of(const std::vector<T>& items) {
  std::vector<std::string> names;
  names.reserve(items.size());
  for (const T& item : items) names.push_back(item.name);
  return names;
}

// Index of the first item with each name.
template <class T>
std::map<std::string, std::size_t> index_by_name(const std::vector<T>& items) {
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < items.size(); ++i) index.emplace(items[i].name, i);
  return index;
}

bool is_whole(float value) { return std::isfinite(value) && value == std::trunc(value); }

class Validator {
 public:
  // `nested`: checking a machine inside a state (setup.states are its states).
  Validator(const Setup& setup, const std::vector<std::string>& clips,
            const std::vector<float>& durations, const std::vector<std::string>& joints,
            const std::vector<int16_t>& parents, bool nested = false)
      : nested_(nested),
        setup_(setup),
        clips_(clips),
        durations_(durations),
        joints_(joints),
        parents_(parents),
        clip_set_(clips.begin(), clips.end()),
        parameters_(index_by_name(setup.parameters)),
        blend_spaces_(index_by_name(setup.blend_spaces)),
        states_(index_by_name(setup.states)) {}

  std::vector<Diagnostic> run() {
    check_parameters();
    check_blend_spaces();
    run_machine();
    check_events();
    validate_markers(setup_, clips_, durations_, &found_);
    for (std::size_t i = 0; i < setup_.layers.size(); ++i) check_layer(i);
    validate_ik(setup_, joints_, parents_, &found_);
    check_parameters_read();
    check_root_motion();
    return std::move(found_);
  }

  // The checks of one state machine: the setup's own states and transitions (and the machines
  // inside its states, each checked the same way), and at the top, what the runtime will play:
  // no transitions firing at once round a cycle.
  std::vector<Diagnostic> run_machine() {
    check_states();
    check_transitions();
    check_transitions_can_fire();
    check_reachability();
    check_dead_ends();
    if (!nested_) check_immediate_cycles();
    return found_;
  }

 private:
  void error(std::string pointer, std::string message) {
    found_.push_back({Severity::kError, std::move(pointer), std::move(message)});
  }
  void warning(std::string pointer, std::string message) {
    found_.push_back({Severity::kWarning, std::move(pointer), std::move(message)});
  }

  // Reports a non-finite value; true when the value is usable for range checks.
  bool check_finite(const std::string& pointer, const char* what, float value) {
    if (std::isfinite(value)) return true;
    error(pointer, std::string(what) + " is not a finite number");
    return false;
  }

  template <class T>
  void check_names(const std::vector<T>& items, const std::string& list, const char* kind,
                   const std::map<std::string, std::size_t>& index) {
    for (std::size_t i = 0; i < items.size(); ++i) {
      const std::string pointer = "/" + list + "/" + std::to_string(i) + "/name";
      const std::string& name = items[i].name;
      if (name.empty()) {
        error(pointer, std::string(kind) + " name is empty");
        continue;
      }
      const std::size_t first = index.at(name);
      if (first != i) {
        error(pointer, "duplicate " + std::string(kind) + " name " + in_quotes(name) +
                           " (first at /" + list + "/" + std::to_string(first) + ")");
      }
    }
  }

  const SetupParameter* find_parameter(const std::string& name) const {
    const auto it = parameters_.find(name);
    return it == parameters_.end() ? nullptr : &setup_.parameters[it->second];
  }

  void check_parameters() {
    check_names(setup_.parameters, "parameters", "parameter", parameters_);
    for (std::size_t i = 0; i < setup_.parameters.size(); ++i) {
      const SetupParameter& p = setup_.parameters[i];
      const std::string at = "/parameters/" + std::to_string(i);
      if (p.type == ParameterType::kVector3) {
        check_vector_parameter(p, at);
        continue;
      }
      const bool finite_default = check_finite(at + "/default", "default", p.default_value);
      const bool finite_min = !p.min || check_finite(at + "/min", "min", *p.min);
      const bool finite_max = !p.max || check_finite(at + "/max", "max", *p.max);
      if (check_finite(at + "/rate", "rate", p.rate) && p.rate < 0.0f) {
        error(at + "/rate", "negative rate " + number_text(p.rate));
      }
      if (finite_default && p.type == ParameterType::kInt && !is_whole(p.default_value)) {
        error(at + "/default", "default " + number_text(p.default_value) +
                                   " of an int parameter is not a whole number");
      }
      // An unset bound is the unbounded one, which a single bound can still pass.
      const float min = p.min ? *p.min : kUnboundedMin;
      const float max = p.max ? *p.max : kUnboundedMax;
      if ((p.min || p.max) && finite_min && finite_max && min > max) {
        error(p.min ? at + "/min" : at + "/max",
              std::string(p.min ? "min " : "unset min ") + number_text(min) + " is greater than " +
                  (p.max ? "max " : "unset max ") + number_text(max));
        continue;  // The default cannot be in range; one report is enough.
      }
      if (finite_default && p.min && finite_min && p.default_value < *p.min) {
        error(at + "/default",
              "default " + number_text(p.default_value) + " is below min " + number_text(*p.min));
      }
      if (finite_default && p.max && finite_max && p.default_value > *p.max) {
        error(at + "/default",
              "default " + number_text(p.default_value) + " is above max " + number_text(*p.max));
      }
    }
  }

  // A vector3: a finite [x, y, z] default, set at once (no range, no smoothing).
  void check_vector_parameter(const SetupParameter& p, const std::string& at) {
    for (int k = 0; k < 3; ++k) {
      check_finite(at + "/default/" + std::to_string(k), "default", p.default_vector[k]);
    }
    const auto refuse = [&](const char* key, bool present) {
      if (!present) return;
      error(at + "/" + key, "a vector3 parameter has no " + std::string(key) +
                                " (its value is a point or direction, set at once)");
    };
    refuse("min", p.min.has_value());
    refuse("max", p.max.has_value());
    refuse("rate", p.rate != 0.0f);
  }

  // The parameter named at `pointer`, or nullptr after reporting it unknown.
  const SetupParameter* resolve_parameter(const std::string& pointer, const std::string& name) {
    const SetupParameter* p = find_parameter(name);
    if (p == nullptr) {
      error(pointer,
            "unknown parameter " + in_quotes(name) + suggestion(name, names_of(setup_.parameters)));
    }
    return p;
  }

  void check_blend_spaces() {
    check_names(setup_.blend_spaces, "blend_spaces", "blend space", blend_spaces_);
    for (std::size_t i = 0; i < setup_.blend_spaces.size(); ++i) {
      const SetupBlendSpace& space = setup_.blend_spaces[i];
      const std::string at = "/blend_spaces/" + std::to_string(i);
      if (clip_set_.count(space.name) != 0) {
        error(at + "/name", "blend space name " + in_quotes(space.name) +
                                " is also a clip name; states could not tell them apart");
      }
      if (space.is_2d()) {
        check_space_parameter(at + "/parameters/0", space.parameter);
        check_space_parameter(at + "/parameters/1", *space.parameter_y);
        if (space.parameter == *space.parameter_y) {
          error(at + "/parameters/1", "parameter " + in_quotes(space.parameter) +
                                          " is used twice; a 2D blend space needs two");
        }
      } else {
        check_space_parameter(at + "/parameter", space.parameter);
      }
      if (space.points.empty()) error(at + "/points", "a blend space needs at least one point");
      if (space.is_2d()) {
        check_points_2d(space, at);
      } else {
        check_points(space, at);
      }
    }
  }

  void check_space_parameter(const std::string& pointer, const std::string& name) {
    const SetupParameter* p = resolve_parameter(pointer, name);
    if (p != nullptr && p->type != ParameterType::kFloat && p->type != ParameterType::kInt) {
      error(pointer, "parameter " + in_quotes(p->name) + " has type " + to_string(p->type) +
                         "; a blend space needs a float or int parameter");
    }
  }

  void check_point_clip(const SetupBlendPoint& point, const std::string& point_at) {
    if (clip_set_.count(point.clip) == 0) {
      error(point_at + "/clip",
            "unknown clip " + in_quotes(point.clip) + suggestion(point.clip, clips_));
    }
  }

  // Points of a 2D space: [x, y] positions, finite and distinct. Fewer than three usable points,
  // or all on one line, give no triangle: the space then blends along a line (a warning).
  void check_points_2d(const SetupBlendSpace& space, const std::string& at) {
    std::vector<Point2> usable;
    std::map<std::pair<float, float>, std::size_t> first_at;
    for (std::size_t j = 0; j < space.points.size(); ++j) {
      const SetupBlendPoint& point = space.points[j];
      const std::string point_at = at + "/points/" + std::to_string(j);
      check_point_clip(point, point_at);
      if (!point.position_y) {
        error(point_at + "/position", "a point of a 2D blend space needs an [x, y] position");
        continue;
      }
      const bool finite_x = check_finite(point_at + "/position/0", "x", point.position);
      const bool finite_y = check_finite(point_at + "/position/1", "y", *point.position_y);
      if (!finite_x || !finite_y) continue;
      // +0 turns -0 into 0: equal as positions, so one key.
      const std::pair<float, float> key(point.position + 0.0f, *point.position_y + 0.0f);
      const auto [it, added] = first_at.emplace(key, j);
      if (!added) {
        error(point_at + "/position", "position [" + number_text(key.first) + ", " +
                                          number_text(key.second) + "] is the same as " + at +
                                          "/points/" + std::to_string(it->second) + "'s");
        continue;
      }
      usable.push_back({point.position, *point.position_y});
    }
    if (usable.empty()) return;
    if (usable.size() < 3) {
      warning(at + "/points", "fewer than three points: the space blends along a line");
    } else if (delaunay_triangles(usable).empty()) {
      warning(at + "/points", "all points lie on one line: the space blends along that line");
    }
  }

  void check_points(const SetupBlendSpace& space, const std::string& at) {
    for (std::size_t j = 0; j < space.points.size(); ++j) {
      const SetupBlendPoint& point = space.points[j];
      const std::string point_at = at + "/points/" + std::to_string(j);
      check_point_clip(point, point_at);
      if (point.position_y) {
        error(point_at + "/position",
              "a point of a 1D blend space has a y position; give the space two \"parameters\"");
      }
      if (!check_finite(point_at + "/position", "position", point.position) || j == 0) continue;
      const float previous = space.points[j - 1].position;
      if (std::isfinite(previous) && !(point.position > previous)) {
        error(point_at + "/position", "position " + number_text(point.position) +
                                          " is not greater than the previous point's " +
                                          number_text(previous));
      }
    }
  }

  void check_states() {
    check_names(setup_.states, "states", "state", states_);
    if (setup_.states.empty()) {
      error("/states",
            nested_ ? "a machine needs at least one state" : "a setup needs at least one state");
    }
    for (std::size_t i = 0; i < setup_.states.size(); ++i) {
      const SetupState& state = setup_.states[i];
      const std::string at = "/states/" + std::to_string(i);
      if (state.name.find(kPathSeparator) != std::string::npos) {
        error(at + "/name", "state name " + in_quotes(state.name) +
                                " has a \"/\", which separates the parts of a path");
      }
      if (state.is_machine()) {
        check_nested(*state.machine, at + "/machine");
      } else if (blend_spaces_.count(state.motion) == 0 && clip_set_.count(state.motion) == 0) {
        std::vector<std::string> motions = clips_;
        for (const SetupBlendSpace& space : setup_.blend_spaces) motions.push_back(space.name);
        error(at + "/motion", "unknown clip or blend space " + in_quotes(state.motion) +
                                  suggestion(state.motion, motions));
      }
      check_finite(at + "/speed", "speed", state.speed);
      check_sync_group(state, at);
    }
    if (setup_.default_state.empty()) {
      error("/default_state", "no default state");
    } else {
      check_state_name("/default_state", setup_.default_state);
    }
  }

  // Only a looping motion keeps a sync group's place (StateDef::sync_group).
  void check_sync_group(const SetupState& state, const std::string& at) {
    if (state.sync_group.empty()) {
      if (state.sync_role != SyncRole::kAuto) {
        warning(at + "/sync_role", "a sync_role without a sync_group does nothing");
      }
      return;
    }
    if (state.is_machine()) {
      error(at + "/sync_group", "state " + in_quotes(state.name) +
                                    " holds a machine, which has no motion of its own to keep in "
                                    "step: give its states the sync group");
    } else if (!state.loop) {
      error(at + "/sync_group",
            "state " + in_quotes(state.name) +
                " does not loop: only looping states keep a sync group's place");
    }
  }

  // A state's name, or a path into the machines inside states ("Locomotion/Walk").
  void check_state_name(const std::string& pointer, const std::string& name) {
    if (find_state_path(setup_.states, name) != nullptr) return;
    error(pointer, "unknown state " + in_quotes(name) + suggestion(name, names_of(setup_.states)));
  }

  // A machine inside a state: its states and transitions as a machine of its own (the same
  // parameters and blend spaces), and its exit states.
  void check_nested(const SetupMachine& m, const std::string& at) {
    check_machine_at(m.states, m.transitions, m.default_state, at, true);
    for (std::size_t k = 0; k < m.exit_states.size(); ++k) {
      if (find_by_name(m.states, m.exit_states[k]) >= 0) continue;
      error(at + "/exit_states/" + std::to_string(k),
            "unknown exit state " + in_quotes(m.exit_states[k]) +
                suggestion(m.exit_states[k], names_of(m.states)));
    }
  }

  // Transitions without conditions or exit time fire as soon as their state is entered: round a
  // cycle the machine would never settle.
  void check_immediate_cycles() {
    const FlatMachine flat =
        flatten_machine(setup_.states, setup_.transitions, setup_.default_state);
    const ImmediateCycle cycle = find_immediate_cycle(flat);
    if (cycle.states.empty()) return;
    std::string path;
    for (const std::string& state : cycle.states) path += (path.empty() ? "" : " -> ") + state;
    error(flat.origins[cycle.first_transition],
          "transitions without conditions or exit time fire round a cycle: " + path);
  }

  void check_transitions() {
    for (std::size_t i = 0; i < setup_.transitions.size(); ++i) {
      const SetupTransition& t = setup_.transitions[i];
      const std::string at = "/transitions/" + std::to_string(i);
      if (t.from != "*") check_state_name(at + "/from", t.from);
      if (t.to == "*") {
        error(at + "/to", "\"*\" (any state) is only allowed in \"from\"");
      } else {
        check_state_name(at + "/to", t.to);
      }
      for (std::size_t j = 0; j < t.conditions.size(); ++j) {
        check_condition(t.conditions[j], at + "/conditions/" + std::to_string(j));
      }
      if (t.exit_time && check_finite(at + "/exit_time", "exit time", *t.exit_time) &&
          *t.exit_time < 0.0f) {
        error(at + "/exit_time", "negative exit time " + number_text(*t.exit_time));
      }
      if (check_finite(at + "/duration", "duration", t.duration) && t.duration < 0.0f) {
        error(at + "/duration", "negative duration " + number_text(t.duration));
      }
      if (check_finite(at + "/offset", "offset", t.offset) &&
          (t.offset < 0.0f || t.offset > 1.0f)) {
        error(at + "/offset", "offset " + number_text(t.offset) + " is outside [0, 1]");
      }
      if (check_finite(at + "/half_life", "half-life", t.half_life) && !(t.half_life > 0.0f)) {
        error(at + "/half_life", "half-life " + number_text(t.half_life) + " is not above 0");
      }
      if (t.conditions.empty() && !t.exit_time) {
        warning(at, "no conditions and no exit time: the transition fires at once");
      }
    }
  }

  void check_condition(const SetupCondition& c, const std::string& at) {
    const SetupParameter* p = resolve_parameter(at + "/parameter", c.parameter);
    if (p == nullptr) return;
    const std::string op = in_quotes(to_string(c.op));
    const std::string param = in_quotes(p->name) + " has type " + to_string(p->type);
    if (p->type == ParameterType::kVector3) {
      error(at + "/parameter", "parameter " + param + ", which no condition can test");
      return;
    }
    switch (c.op) {
      case ConditionOp::kTriggerSet:
        if (p->type != ParameterType::kTrigger) {
          error(at + "/op", "op " + op + " needs a trigger parameter; " + param);
        }
        return;
      case ConditionOp::kTrue:
      case ConditionOp::kFalse:
        if (p->type != ParameterType::kBool) {
          error(at + "/op", "op " + op + " needs a bool parameter; " + param);
        }
        return;
      case ConditionOp::kGreater:
      case ConditionOp::kLess:
        if (p->type != ParameterType::kFloat && p->type != ParameterType::kInt) {
          error(at + "/op", "op " + op + " needs a float or int parameter; " + param);
          return;
        }
        break;
      case ConditionOp::kEqual:
      case ConditionOp::kNotEqual:
        if (p->type == ParameterType::kTrigger) {
          error(at + "/op", "op " + op + " cannot test a trigger; use op \"trigger\"");
          return;
        }
        break;
    }
    if (!check_finite(at + "/value", "value", c.value)) return;
    if (p->type == ParameterType::kInt && !is_whole(c.value)) {
      error(at + "/value", "int parameter " + in_quotes(p->name) + " compared with " +
                               number_text(c.value) + ", which is not a whole number");
    } else if (p->type == ParameterType::kBool && c.value != 0.0f && c.value != 1.0f) {
      error(at + "/value", "bool parameter " + in_quotes(p->name) + " compared with " +
                               number_text(c.value) + "; use 0 or 1");
    }
  }

  // Whether a condition can never hold given its parameter's range (speed > 1 when max is 1).
  static bool never_holds(const SetupParameter& p, const SetupCondition& c) {
    if (p.type != ParameterType::kFloat && p.type != ParameterType::kInt) return false;
    if (!std::isfinite(c.value)) return false;  // An error already.
    const bool has_min = p.min.has_value() && std::isfinite(*p.min);
    const bool has_max = p.max.has_value() && std::isfinite(*p.max);
    if (has_min && has_max && *p.min > *p.max) return false;  // An error already.
    switch (c.op) {
      case ConditionOp::kGreater:
        return has_max && c.value >= *p.max;
      case ConditionOp::kLess:
        return has_min && c.value <= *p.min;
      case ConditionOp::kEqual:
        return (has_min && c.value < *p.min) || (has_max && c.value > *p.max);
      case ConditionOp::kNotEqual:
        return has_min && has_max && *p.min == *p.max && c.value == *p.min;
      default:
        return false;
    }
  }

  // Whenever `later`'s exit time has come, `earlier`'s has too (both loops or both one-shots
  // are judged alike: an exit time below 1 holds from it to the cycle's end, one at 1 or
  // beyond from then on).
  static bool exit_time_covers(const SetupTransition& earlier, const SetupTransition& later) {
    if (!earlier.exit_time) return true;
    if (!later.exit_time) return false;
    const float e = *earlier.exit_time, l = *later.exit_time;
    return e <= l && (e >= 1.0f || l < 1.0f);
  }

  static bool same_condition(const SetupCondition& a, const SetupCondition& b) {
    return a.parameter == b.parameter && a.op == b.op && a.value == b.value;
  }

  // Warns about transitions that can never fire: a condition outside its parameter's range, or
  // an earlier transition from the same state that holds whenever this one does (it is checked
  // first and wins).
  void check_transitions_can_fire() {
    for (std::size_t i = 0; i < setup_.transitions.size(); ++i) {
      const SetupTransition& t = setup_.transitions[i];
      const std::string at = "/transitions/" + std::to_string(i);
      for (std::size_t j = 0; j < t.conditions.size(); ++j) {
        const SetupCondition& c = t.conditions[j];
        const SetupParameter* p = find_parameter(c.parameter);
        if (p == nullptr || !never_holds(*p, c)) continue;
        const std::string range = "[" + (p->min ? number_text(*p->min) : std::string("-inf")) +
                                  ", " + (p->max ? number_text(*p->max) : std::string("inf")) + "]";
        warning(at + "/conditions/" + std::to_string(j), "never holds: " + in_quotes(c.parameter) +
                                                             " stays in " + range +
                                                             "; the transition never fires");
      }
      for (std::size_t k = 0; k < i; ++k) {
        const SetupTransition& earlier = setup_.transitions[k];
        if (earlier.from != t.from || !exit_time_covers(earlier, t)) continue;
        // An any-state transition stands aside in the state it leads to, where a later one to
        // elsewhere may still fire.
        if (t.from == "*" && earlier.to != t.to) continue;
        const bool covered = std::all_of(
            earlier.conditions.begin(), earlier.conditions.end(), [&](const SetupCondition& c) {
              return std::any_of(t.conditions.begin(), t.conditions.end(),
                                 [&](const SetupCondition& d) { return same_condition(c, d); });
            });
        if (!covered) continue;
        warning(at, "never fires: /transitions/" + std::to_string(k) + " (to " +
                        in_quotes(earlier.to) +
                        ") is checked first and holds whenever this one does");
        break;
      }
    }
  }

  // Warns about one-shot states that nothing leaves: they play once and hold their last frame.
  void check_dead_ends() {
    for (std::size_t i = 0; i < setup_.states.size(); ++i) {
      const SetupState& state = setup_.states[i];
      if (state.loop || state.name.empty() || state.is_machine()) continue;
      const bool leaves = std::any_of(
          setup_.transitions.begin(), setup_.transitions.end(), [&](const SetupTransition& t) {
            return t.from == state.name || (t.from == "*" && t.to != state.name);
          });
      if (!leaves) {
        warning("/states/" + std::to_string(i),
                "one-shot state " + in_quotes(state.name) +
                    " has no way out: it plays once and holds its last frame");
      }
    }
  }

  // Warns about states that no chain of transitions reaches from the default state. A machine
  // without any transition yet is being laid out (a new setup's one state per clip), not broken:
  // its states are reported once the first transition shows how they are meant to connect.
  void check_reachability() {
    if (setup_.transitions.empty()) return;
    const auto start = states_.find(setup_.default_state);
    if (start == states_.end()) return;  // Already an error.
    std::vector<bool> reached(setup_.states.size(), false);
    std::vector<std::size_t> pending = {start->second};
    reached[start->second] = true;
    // "*" transitions leave every state, including the default one.
    for (const SetupTransition& t : setup_.transitions) {
      if (t.from == "*") mark(t.to, &reached, &pending);
    }
    while (!pending.empty()) {
      const std::string& from = setup_.states[pending.back()].name;
      pending.pop_back();
      for (const SetupTransition& t : setup_.transitions) {
        // From the state itself, or from a state inside it ("from": "Machine/State").
        if (t.from.substr(0, t.from.find(kPathSeparator)) == from) {
          mark(t.to, &reached, &pending);
        }
      }
    }
    for (std::size_t i = 0; i < setup_.states.size(); ++i) {
      // Duplicates share their first entry's reachability; they are errors already.
      // Empty names are errors already, too.
      if (reached[i] || setup_.states[i].name.empty() || states_.at(setup_.states[i].name) != i) {
        continue;
      }
      warning("/states/" + std::to_string(i), "state " + in_quotes(setup_.states[i].name) +
                                                  " is not reachable from the default state " +
                                                  in_quotes(setup_.default_state));
    }
  }

  void check_events() {
    for (std::size_t i = 0; i < setup_.events.size(); ++i) {
      const SetupEvent& e = setup_.events[i];
      const std::string at = "/events/" + std::to_string(i);
      if (e.name.empty()) error(at + "/name", "event name is empty");
      const auto clip = std::find(clips_.begin(), clips_.end(), e.clip);
      if (clip == clips_.end()) {
        error(at + "/clip", "unknown clip " + in_quotes(e.clip) + suggestion(e.clip, clips_));
      }
      check_clip_time(e.clip, e.time, at + "/time", clips_, durations_, &found_);
    }
  }

  // A layer: its own fields, then its machine checked as the base is (the same parameters and
  // blend spaces, its own states and transitions), with the findings placed under the layer.
  void check_layer(std::size_t index) {
    const SetupLayer& layer = setup_.layers[index];
    const std::string at = "/layers/" + std::to_string(index);
    if (layer.name.empty()) error(at + "/name", "layer name is empty");
    for (std::size_t k = 0; k < index; ++k) {
      if (!layer.name.empty() && setup_.layers[k].name == layer.name) {
        error(at + "/name", "duplicate layer name " + in_quotes(layer.name) +
                                " (first at /layers/" + std::to_string(k) + ")");
        break;
      }
    }
    if (check_finite(at + "/weight", "weight", layer.weight) &&
        (layer.weight < 0.0f || layer.weight > 1.0f)) {
      error(at + "/weight", "weight " + number_text(layer.weight) + " is outside [0, 1]");
    }
    if (layer.weight_parameter) {
      const SetupParameter* p =
          resolve_parameter(at + "/weight_parameter", *layer.weight_parameter);
      if (p != nullptr && p->type != ParameterType::kFloat) {
        error(at + "/weight_parameter", "parameter " + in_quotes(p->name) + " has type " +
                                            to_string(p->type) +
                                            "; a layer's weight needs a float parameter");
      }
    }
    if (layer.reference) {
      if (layer.blend != LayerBlend::kAdditive) {
        error(at + "/reference", "only an additive layer has a reference pose");
      } else if (clip_set_.count(*layer.reference) == 0) {
        error(at + "/reference",
              "unknown clip " + in_quotes(*layer.reference) + suggestion(*layer.reference, clips_));
      }
    }
    check_mask(layer.mask_include, at + "/mask/include");
    check_mask(layer.mask_exclude, at + "/mask/exclude");
    check_machine_at(layer.states, layer.transitions, layer.default_state, at, false);
  }

  // A machine other than the base (a layer's, or one inside a state) checked as the base is,
  // over the same parameters and blend spaces, its findings placed under `at`.
  void check_machine_at(const std::vector<SetupState>& states,
                        const std::vector<SetupTransition>& transitions,
                        const std::string& default_state, const std::string& at, bool nested) {
    Setup machine;
    machine.parameters = setup_.parameters;
    machine.blend_spaces = setup_.blend_spaces;
    machine.states = states;
    machine.transitions = transitions;
    machine.default_state = default_state;
    for (Diagnostic& d :
         Validator(machine, clips_, durations_, joints_, parents_, nested).run_machine()) {
      d.pointer = at + d.pointer;
      found_.push_back(std::move(d));
    }
  }

  // A parameter nothing reads (no condition of any machine, no blend space, no layer weight):
  // setting it from a game or the tool changes nothing, which is most often a typo elsewhere or
  // a leftover. A trigger is the sharper case: firing it does nothing at all.
  void check_parameters_read() {
    std::set<std::string> read;
    // A machine's transitions, and those of the machines inside its states.
    const std::function<void(const std::vector<SetupState>&, const std::vector<SetupTransition>&)>
        conditions = [&](const std::vector<SetupState>& states,
                         const std::vector<SetupTransition>& transitions) {
          for (const SetupTransition& t : transitions) {
            for (const SetupCondition& c : t.conditions) read.insert(c.parameter);
          }
          for (const SetupState& s : states) {
            if (s.is_machine()) conditions(s.machine->states, s.machine->transitions);
          }
        };
    conditions(setup_.states, setup_.transitions);
    for (const SetupLayer& layer : setup_.layers) {
      conditions(layer.states, layer.transitions);
      if (layer.weight_parameter) read.insert(*layer.weight_parameter);
    }
    for (const std::string& name : ik_parameters(setup_)) read.insert(name);
    for (const SetupBlendSpace& space : setup_.blend_spaces) {
      read.insert(space.parameter);
      if (space.parameter_y) read.insert(*space.parameter_y);
    }
    for (std::size_t i = 0; i < setup_.parameters.size(); ++i) {
      const SetupParameter& p = setup_.parameters[i];
      if (p.name.empty() || read.count(p.name) != 0) continue;
      warning("/parameters/" + std::to_string(i),
              p.type == ParameterType::kTrigger
                  ? "trigger " + in_quotes(p.name) +
                        " is tested by no transition: firing it does nothing"
                  : "parameter " + in_quotes(p.name) +
                        " is read by no condition, blend space or layer weight: setting it "
                        "changes nothing");
    }
  }

  // The joint root motion names: known to the model's skeleton, when the caller gave its joints.
  void check_root_motion() {
    if (!setup_.root_motion || !setup_.root_motion->joint || joints_.empty()) return;
    const std::string& joint = *setup_.root_motion->joint;
    if (std::find(joints_.begin(), joints_.end(), joint) != joints_.end()) return;
    error("/root_motion/joint", "unknown joint " + in_quotes(joint) + suggestion(joint, joints_));
  }

  // Joints a mask names: known to the model's skeleton, when the caller gave its joints.
  void check_mask(const std::vector<std::string>& names, const std::string& at) {
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (joints_.empty()) break;
      if (std::find(joints_.begin(), joints_.end(), names[i]) != joints_.end()) continue;
      error(at + "/" + std::to_string(i),
            "unknown joint " + in_quotes(names[i]) + suggestion(names[i], joints_));
    }
  }

  // Marks the state `name` leads into: its first part, for a path into a machine.
  void mark(const std::string& name, std::vector<bool>* reached,
            std::vector<std::size_t>* pending) const {
    const auto it = states_.find(name.substr(0, name.find(kPathSeparator)));
    if (it == states_.end() || (*reached)[it->second]) return;
    (*reached)[it->second] = true;
    pending->push_back(it->second);
  }

  const bool nested_;
  const Setup& setup_;
  const std::vector<std::string>& clips_;
  const std::vector<float>& durations_;
  const std::vector<std::string>& joints_;
  const std::vector<int16_t>& parents_;  // One per joint, or empty.
  const std::set<std::string> clip_set_;
  const std::map<std::string, std::size_t> parameters_;
  const std::map<std::string, std::size_t> blend_spaces_;
  const std::map<std::string, std::size_t> states_;
  std::vector<Diagnostic> found_;
};

}  // namespace

std::vector<Diagnostic> validate_setup(const Setup& setup, const std::vector<std::string>& clips,
                                       const std::vector<float>& durations,
                                       const std::vector<std::string>& joints,
                                       const std::vector<int16_t>& parents) {
  return Validator(setup, clips, durations, joints, parents).run();
}

}  // namespace anim::setup
