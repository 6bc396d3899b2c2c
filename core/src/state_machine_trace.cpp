// StateMachineInstance's transition trace: each transition an update looked at, with its
// conditions, its exit time and why it did or did not fire.
#include <cassert>
#include <cmath>

#include "anim/state_machine.h"
#include "transition_rules.h"

namespace anim {
const char* to_string(TraceReason reason) {
  switch (reason) {
    case TraceReason::kFired:
      return "fired";
    case TraceReason::kInterruptionBlocked:
      return "interruption_blocked";
    case TraceReason::kAlreadyInState:
      return "already_in_state";
    case TraceReason::kExitTimeNotReached:
      return "exit_time_not_reached";
    case TraceReason::kConditionFailed:
      return "condition_failed";
    case TraceReason::kEarlierTransitionFired:
      return "earlier_transition_fired";
  }
  return "unknown";
}

void StateMachineInstance::set_trace(bool on) {
  tracing_ = on;
  trace_count_ = trace_condition_count_ = 0;
  if (!on) {
    std::vector<TraceEntry>().swap(trace_);
    std::vector<TraceCondition>().swap(trace_conditions_);
    return;
  }
  // An update lists each transition at most once, so this much always fits.
  std::size_t transitions = 0, conditions = 0;
  for (const Machine& m : machines_) {
    transitions += m.transitions->size();
    for (const TransitionDef& t : *m.transitions) conditions += t.conditions.size();
  }
  trace_.resize(transitions);
  trace_conditions_.resize(conditions);
}

bool StateMachineInstance::restore_trace(Span<const TraceEntry> entries,
                                         Span<const TraceCondition> conditions) {
  if (!tracing_ || entries.size() > trace_.size()) return false;
  std::size_t condition_total = 0;
  for (const TraceEntry& e : entries) {
    if (e.layer < 0 || static_cast<std::size_t>(e.layer) >= machines_.size()) return false;
    const std::vector<TransitionDef>& transitions = *machines_[static_cast<std::size_t>(e.layer)].transitions;
    if (e.transition < 0 || static_cast<std::size_t>(e.transition) >= transitions.size())
      return false;
    const TransitionDef& t = transitions[static_cast<std::size_t>(e.transition)];
    if (e.from != t.from || e.to != t.to) return false;
    if (e.reason < TraceReason::kFired || e.reason > TraceReason::kEarlierTransitionFired)
      return false;
    if (e.fired != (e.reason == TraceReason::kFired)) return false;
    if (!std::isfinite(e.exit_time_required) || !std::isfinite(e.exit_time_current) ||
        !std::isfinite(e.start_time))
      return false;
    if (e.condition_count != static_cast<int>(t.conditions.size()) || e.first_condition < 0 ||
        static_cast<std::size_t>(e.first_condition) > conditions.size() ||
        conditions.size() - static_cast<std::size_t>(e.first_condition) < t.conditions.size())
      return false;
    for (std::size_t c = 0; c < t.conditions.size(); ++c) {
      const TraceCondition& given = conditions[static_cast<std::size_t>(e.first_condition) + c];
      if (given.parameter != t.conditions[c].parameter || given.op != t.conditions[c].op ||
          !std::isfinite(given.value) || !std::isfinite(given.actual))
        return false;
    }
    condition_total += t.conditions.size();
  }
  // Each transition is listed at most once (as an update lists them), so the buffers hold them.
  for (std::size_t i = 0; i < entries.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (entries[i].layer == entries[j].layer && entries[i].transition == entries[j].transition)
        return false;
  if (condition_total > trace_conditions_.size()) return false;
  trace_count_ = trace_condition_count_ = 0;
  for (const TraceEntry& given : entries) {
    TraceEntry& e = trace_[trace_count_++];
    e = given;
    e.first_condition = static_cast<int>(trace_condition_count_);
    for (int c = 0; c < given.condition_count; ++c)
      trace_conditions_[trace_condition_count_++] =
          conditions[static_cast<std::size_t>(given.first_condition + c)];
  }
  return true;
}

bool StateMachineInstance::interrupting(std::size_t machine) const {
  return machines_[machine].running >= 0 ||
         (machine < inertia_.size() && inertia_[machine].carrying());
}

void StateMachineInstance::trace_start(std::size_t machine, TraceEntry& e) const {
  const Machine& m = machines_[machine];
  const TransitionDef& t = (*m.transitions)[static_cast<std::size_t>(e.transition)];
  e.interrupted = interrupting(machine);
  // Where start() will put the destination, as seen before it starts.
  e.resumed = resumed_track(m, t) < m.track_count;
  if (e.resumed) return;
  e.start_time = entry_phase(m, t, &e.joined_group, &e.start_marker);
}

void StateMachineInstance::trace_machine(std::size_t machine, int fired) {
  const Machine& m = machines_[machine];
  if (m.track_count == 0) return;
  const Track& current = m.tracks[m.track_count - 1];
  const std::vector<TransitionDef>& transitions = *m.transitions;
  const bool running = m.running >= 0;
  const int starting =
      starting_state(running, running ? transitions[m.running].interruption : Interruption{},
                     m.running_from, current.state);
  for (std::size_t i = 0; i < transitions.size(); ++i) {
    const TransitionDef& t = transitions[i];
    const int index = static_cast<int>(i);
    if (index == m.running) continue;
    const bool from_left = running && t.from == m.running_from;
    if (t.from != -1 && t.from != current.state && !from_left) continue;
    if (trace_count_ == trace_.size() ||
        trace_condition_count_ + t.conditions.size() > trace_conditions_.size()) {
      assert(false && "set_trace sizes the buffers for every transition");
      return;
    }
    TraceEntry& e = trace_[trace_count_++];
    e = TraceEntry{};
    e.layer = static_cast<int>(machine);
    e.transition = index;
    e.from = t.from;
    e.to = t.to;

    const Track& source = t.from == -1 ? current : source_track(m, t.from);
    e.has_exit_time = t.has_exit_time;
    if (t.has_exit_time) {
      e.exit_time_required = t.exit_time;
      e.exit_time_pass = exit_time_reached(m, t, source, &e.exit_time_current);
    }
    bool conditions_pass = true;
    e.first_condition = static_cast<int>(trace_condition_count_);
    for (const ConditionDef& c : t.conditions) {
      TraceCondition& out = trace_conditions_[trace_condition_count_++];
      out.parameter = c.parameter;
      out.op = c.op;
      out.value = c.value;
      out.actual = params_[c.parameter].value;
      out.pass = condition_holds(c.op, out.actual, c.value);
      conditions_pass = conditions_pass && out.pass;
    }
    e.condition_count = static_cast<int>(t.conditions.size());

    const bool allowed = starting != kNoStartingState && (t.from == -1 || t.from == starting);
    if (!allowed) {
      e.reason = TraceReason::kInterruptionBlocked;
    } else if (t.from == -1 && t.to == current.state) {
      e.reason = TraceReason::kAlreadyInState;
    } else if (t.has_exit_time && !e.exit_time_pass) {
      e.reason = TraceReason::kExitTimeNotReached;
    } else if (!conditions_pass) {
      e.reason = TraceReason::kConditionFailed;
    } else if (index == fired) {
      e.fired = true;
      e.reason = TraceReason::kFired;
      trace_start(machine, e);
    } else {
      // find_transition takes the first that holds: this one can only come after it.
      assert(fired >= 0 && index > fired);
      e.reason = TraceReason::kEarlierTransitionFired;
    }
  }
}

}  // namespace anim
