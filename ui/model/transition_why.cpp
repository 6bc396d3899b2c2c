#include "anim/ui/model/transition_why.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "anim/setup/setup.h"
#include "anim/ui/model/nested_graph.h"
#include "anim/ui/model/transition_blend_text.h"

namespace anim::ui {
namespace {

using TraceEntry = StateMachineInstance::TraceEntry;
using TraceCondition = StateMachineInstance::TraceCondition;

const std::vector<StateDef>& states_of(const StateMachineDef& def, int layer) {
  return layer == 0 ? def.states : def.layers[static_cast<std::size_t>(layer - 1)].states;
}

const std::vector<TransitionDef>& transitions_of(const StateMachineDef& def, int layer) {
  return layer == 0 ? def.transitions : def.layers[static_cast<std::size_t>(layer - 1)].transitions;
}

std::string fixed2(float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", static_cast<double>(value));
  return text;
}

bool compares(ConditionOp op) {
  return op == ConditionOp::kGreater || op == ConditionOp::kLess || op == ConditionOp::kEqual ||
         op == ConditionOp::kNotEqual;
}

std::string condition_text(const std::string& name, const TraceCondition& c) {
  switch (c.op) {
    case ConditionOp::kTrue:
    case ConditionOp::kTriggerSet:
      return name;
    case ConditionOp::kFalse:
      return "!" + name;
    default:
      return name + " " + setup::to_string(c.op) + " " + short_value(c.value);
  }
}

// The parameter's value as the condition saw it, with enough decimals that it does not read
// as the operand it failed against ("0.049" under "speed > 0.05").
std::string value_text(const ParameterDef& p, const TraceCondition& c) {
  switch (p.type) {
    case ParameterType::kTrigger:
      return c.actual != 0.0f ? "set" : "not set";
    case ParameterType::kBool:
      return c.actual != 0.0f ? "true" : "false";
    case ParameterType::kInt:
      return short_value(c.actual, 0);
    case ParameterType::kFloat:
    case ParameterType::kVector3:  // No condition tests one (validation refuses it).
      break;
  }
  std::string value = short_value(c.actual, 2);
  if (compares(c.op)) {
    for (int decimals = 3; decimals <= 6 && value == short_value(c.value, 6) && c.actual != c.value;
         ++decimals) {
      value = short_value(c.actual, decimals);
    }
  }
  return value;
}

// "speed = 0.31", "jump not set".
std::string actual_text(const ParameterDef& p, const std::string& value) {
  return p.name + (p.type == ParameterType::kTrigger ? " " : " = ") + value;
}

std::string name_of(const StateMachineDef& def, int layer, int transition) {
  const TransitionDef& t = transitions_of(def, layer)[static_cast<std::size_t>(transition)];
  const std::vector<StateDef>& states = states_of(def, layer);
  const std::string from =
      t.from < 0 ? std::string("*") : states[static_cast<std::size_t>(t.from)].name;
  return from + " -> " + states[static_cast<std::size_t>(t.to)].name;
}

}  // namespace

std::string short_value(float value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, static_cast<double>(value));
  std::string s = text;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

const StateMachineInstance::TraceEntry* find_trace(const StateMachineInstance& machine, int layer,
                                                   int transition) {
  for (const TraceEntry& e : machine.trace()) {
    if (e.layer == layer && e.transition == transition) return &e;
  }
  return nullptr;
}

int running_layer(const StateMachineInstance& machine, const setup::Setup& setup, int shown) {
  if (shown == 0) return 0;
  if (shown < 0 || static_cast<std::size_t>(shown) > setup.layers.size()) return -1;
  const int found =
      machine.def().find_layer(setup.layers[static_cast<std::size_t>(shown - 1)].name);
  return found < 0 ? -1 : found + 1;
}

SetupTransitionLive setup_transition_live(const StateMachineInstance& machine,
                                          const setup::Setup& setup, int shown, int index,
                                          const std::vector<std::string>& level) {
  SetupTransitionLive live;
  const int layer = running_layer(machine, setup, shown);
  if (layer < 0 || index < 0) return live;
  const std::vector<setup::SetupState>& top =
      shown == 0 ? setup.states : setup.layers[static_cast<std::size_t>(shown - 1)].states;
  const setup::SetupMachine* nested = level.empty() ? nullptr : machine_at(top, level);
  if (!level.empty() && nested == nullptr) return live;
  const std::vector<setup::SetupTransition>& listed =
      nested != nullptr ? nested->transitions
      : shown == 0      ? setup.transitions
                        : setup.layers[static_cast<std::size_t>(shown - 1)].transitions;
  const std::vector<TransitionDef>& running = transitions_of(machine.def(), layer);
  const std::size_t i = static_cast<std::size_t>(index);
  if (i >= listed.size()) return live;
  const std::vector<StateDef>& states = states_of(machine.def(), layer);
  const auto name = [&](int state) {
    return state < 0 ? std::string("*") : states[static_cast<std::size_t>(state)].name;
  };
  int found = -1;
  if (level.empty() && i < running.size() && listed[i].from == name(running[i].from) &&
      listed[i].to == name(running[i].to)) {
    found = index;  // No nesting before it: the same transition at the same index.
  } else if (nested != nullptr ||
             std::any_of(top.begin(), top.end(), [](const auto& s) { return s.is_machine(); })) {
    // Without nesting a mismatch means an older running machine: nothing to say about it.
    const std::string from = box_of_leaf(listed[i].from, {});
    const std::string to = box_of_leaf(listed[i].to, {});
    const int now = machine.transition(layer).transition;
    const int carrying = machine.carry_over(layer).transition;
    for (std::size_t j = 0; j < running.size(); ++j) {
      if (box_of_leaf(name(running[j].from), level) != from ||
          box_of_leaf(name(running[j].to), level) != to) {
        continue;
      }
      const int k = static_cast<int>(j);
      if (found < 0) found = k;
      if (find_trace(machine, layer, k) != nullptr || k == now || k == carrying) {
        found = k;
        break;
      }
    }
  }
  if (found < 0) return live;
  live.layer = layer;
  live.transition = found;
  const StateMachineInstance::TransitionStatus status = machine.transition(layer);
  const StateMachineInstance::CarryOver carry = machine.carry_over(layer);
  if (status.transition == found) {
    live.running = true;
    live.progress = status.progress;
  } else if (carry.transition == found) {
    // An inertialized or dead-blended switch has been made; its pose still carries over.
    live.running = true;
    live.blend = carry.blend;
    live.progress = carry.duration > 0.0f ? std::min(carry.elapsed / carry.duration, 1.0f) : 1.0f;
  }
  return live;
}

std::string running_text(const SetupTransitionLive& live) {
  if (!live.running) return "";
  const char* how = live.blend == TransitionBlend::kInertialize ? "inertializing"
                    : live.blend == TransitionBlend::kDeadBlend ? "dead blending"
                                                                : "running";
  return std::string("Now: ") + how + ", " + short_value(100.0f * live.progress, 0) + "% done";
}

const StateMachineInstance::TraceEntry* find_setup_trace(const StateMachineInstance& machine,
                                                         const setup::Setup& setup, int shown,
                                                         int index,
                                                         const std::vector<std::string>& level) {
  const SetupTransitionLive live = setup_transition_live(machine, setup, shown, index, level);
  return live.layer < 0 ? nullptr : find_trace(machine, live.layer, live.transition);
}

TransitionWhy explain(const StateMachineInstance& machine, const TraceEntry& e) {
  const StateMachineDef& def = machine.def();
  TransitionWhy why;
  why.layer = e.layer;
  why.transition = e.transition;
  why.name = name_of(def, e.layer, e.transition);
  std::string failed;
  for (const TraceCondition& c : machine.trace_conditions(e)) {
    const ParameterDef& p = def.parameters[static_cast<std::size_t>(c.parameter)];
    const std::string value = value_text(p, c);
    CheckLine line{condition_text(p.name, c), actual_text(p, value), value,
                   c.pass ? Verdict::kPass : Verdict::kFail};
    if (!c.pass)
      failed += (failed.empty() ? "" : ", ") + line.check + " failed (" + line.actual + ")";
    why.checks.push_back(std::move(line));
  }
  if (e.has_exit_time) {
    why.checks.push_back(
        CheckLine{"exit time " + fixed2(e.exit_time_required), "now " + fixed2(e.exit_time_current),
                  fixed2(e.exit_time_current), e.exit_time_pass ? Verdict::kPass : Verdict::kFail});
  }
  why.verdict = Verdict::kFail;
  std::string reason;
  switch (e.reason) {
    case TraceReason::kFired: {
      why.verdict = Verdict::kPass;
      const std::string how = fired_text(machine, e);
      reason = how.empty() ? "fired" : "fired: " + how;
      break;
    }
    case TraceReason::kConditionFailed:
      reason = failed;
      break;
    case TraceReason::kExitTimeNotReached:
      reason = "exit time " + fixed2(e.exit_time_current) + " of " + fixed2(e.exit_time_required);
      if (!failed.empty()) reason += ", " + failed;
      break;
    case TraceReason::kInterruptionBlocked: {
      why.verdict = Verdict::kMoot;
      const StateMachineInstance::TransitionStatus running = machine.transition(e.layer);
      if (running.transition >= 0) {
        const TransitionDef& t =
            transitions_of(def, e.layer)[static_cast<std::size_t>(running.transition)];
        reason =
            "waits: " + name_of(def, e.layer, running.transition) +
            " may not be interrupted by it (interruption: " + setup::to_string(t.interruption) +
            ")";
      } else {
        reason = "waits for the running transition";
      }
      break;
    }
    case TraceReason::kAlreadyInState:
      why.verdict = Verdict::kMoot;
      reason = "already in " + states_of(def, e.layer)[static_cast<std::size_t>(e.to)].name;
      break;
    case TraceReason::kEarlierTransitionFired: {
      why.verdict = Verdict::kMoot;
      reason = "holds, but an earlier transition fired";
      for (const TraceEntry& other : machine.trace()) {
        if (other.layer == e.layer && other.fired) {
          reason = "holds, but " + name_of(def, e.layer, other.transition) + " fired first";
        }
      }
      break;
    }
  }
  why.summary = why.name + ": " + reason;
  return why;
}

std::vector<TransitionWhy> why_not(const StateMachineInstance& machine, int layer, int state) {
  std::vector<TransitionWhy> out;
  for (const TraceEntry& e : machine.trace()) {
    if (e.layer == layer && (e.from == state || e.from == -1)) out.push_back(explain(machine, e));
  }
  return out;
}

std::vector<TransitionWhy> why_now(const StateMachineInstance& machine, int layer, int state) {
  std::vector<TransitionWhy> rest = why_not(machine, layer, state);
  std::vector<TransitionWhy> out;
  for (const TraceEntry& e : machine.trace()) {
    if (e.layer == layer && e.fired && e.from != state && e.from != -1) {
      out.push_back(explain(machine, e));
    }
  }
  // One that fired from `state` or any state says itself how it moves the pose.
  const bool fired_here = std::any_of(
      rest.begin(), rest.end(), [](const TransitionWhy& w) { return w.verdict == Verdict::kPass; });
  if (out.empty() && !fired_here) {
    std::optional<TransitionWhy> running = running_why(machine, layer);
    if (running) out.push_back(std::move(*running));
  }
  out.insert(out.end(), std::make_move_iterator(rest.begin()), std::make_move_iterator(rest.end()));
  return out;
}

}  // namespace anim::ui
