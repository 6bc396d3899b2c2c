// StateMachineInstance's save_state / restore_state: the dynamic state of a running character,
// copied out and back in exactly (the tool rewinds with it).
#include <cmath>

#include "anim/state_machine.h"
#include "index_checks.h"

namespace anim {
namespace {

using detail::index_in;

bool finite_time(const CycleTime& t) {
  return std::isfinite(t.fraction) && t.fraction >= 0.0f && t.fraction < 1.0f;
}

}  // namespace

bool StateMachineInstance::save_state(Span<SavedParameter> parameters,
                                      Span<SavedLayer> layers) const {
  if (parameters.size() != params_.size() || layers.size() != machines_.size()) return false;
  for (std::size_t i = 0; i < params_.size(); ++i) {
    parameters[i] = SavedParameter{params_[i].value, params_[i].target, vectors_[i]};
  }
  for (std::size_t mi = 0; mi < machines_.size(); ++mi) {
    const Machine& m = machines_[mi];
    SavedLayer& out = layers[mi];
    out = SavedLayer{};
    for (std::size_t i = 0; i < m.track_count; ++i) {
      const Track& t = m.tracks[i];
      out.tracks[i] = SavedTrack{t.state,       t.slot,    t.time,   t.previous_time,
                                 t.base_weight, t.entered, t.leader, t.group};
    }
    out.track_count = static_cast<int>(m.track_count);
    out.running = m.running;
    out.running_from = m.running_from;
    out.elapsed = m.elapsed;
    out.started = m.started;
    out.weight = m.weight;
  }
  return true;
}

bool StateMachineInstance::restorable(Span<const SavedParameter> parameters,
                                      Span<const SavedLayer> layers) const {
  if (parameters.size() != params_.size() || layers.size() != machines_.size()) return false;
  for (const SavedParameter& p : parameters) {
    if (!std::isfinite(p.value) || !std::isfinite(p.target)) return false;
    if (!std::isfinite(p.vector.x) || !std::isfinite(p.vector.y) || !std::isfinite(p.vector.z)) {
      return false;
    }
  }
  for (std::size_t mi = 0; mi < machines_.size(); ++mi) {
    const Machine& m = machines_[mi];
    const SavedLayer& l = layers[mi];
    if (l.track_count < 0 || l.track_count > kMaxActive) return false;
    // A layer without states has no tracks; one with states always has one.
    if ((l.track_count == 0) != (m.track_count == 0)) return false;
    std::array<bool, kMaxActive> slot_taken{};
    for (int i = 0; i < l.track_count; ++i) {
      const SavedTrack& t = l.tracks[static_cast<std::size_t>(i)];
      if (!index_in(t.state, m.states->size()) || !index_in(t.slot, kMaxActive)) return false;
      if (slot_taken[static_cast<std::size_t>(t.slot)]) return false;
      slot_taken[static_cast<std::size_t>(t.slot)] = true;
      if (!finite_time(t.time) || !finite_time(t.previous_time)) return false;
      if (!std::isfinite(t.base_weight)) return false;
      if (t.leader != -1 && !index_in(t.leader, clips_.size())) return false;
    }
    const std::size_t transitions = m.transitions->size();
    if (l.running != -1 && (!index_in(l.running, transitions) || l.track_count == 0)) return false;
    if (l.running_from != -1 && !index_in(l.running_from, m.states->size())) return false;
    if (l.started != -1 && !index_in(l.started, transitions)) return false;
    if (!std::isfinite(l.elapsed) || l.elapsed < 0.0f) return false;
    if (!std::isfinite(l.weight) || l.weight < 0.0f || l.weight > 1.0f) return false;
  }
  return true;
}

bool StateMachineInstance::restore_state(Span<const SavedParameter> parameters,
                                         Span<const SavedLayer> layers) {
  if (!restorable(parameters, layers)) return false;
  for (std::size_t i = 0; i < params_.size(); ++i) {
    params_[i].value = parameters[i].value;
    params_[i].target = parameters[i].target;
    if (def_->parameters[i].type == ParameterType::kVector3) vectors_[i] = parameters[i].vector;
  }
  for (std::size_t mi = 0; mi < machines_.size(); ++mi) {
    Machine& m = machines_[mi];
    const SavedLayer& l = layers[mi];
    m.slot_used.fill(false);
    m.track_count = static_cast<std::size_t>(l.track_count);
    for (std::size_t i = 0; i < m.track_count; ++i) {
      const SavedTrack& t = l.tracks[i];
      m.tracks[i] = Track{t.state,         t.slot,    t.time,   t.base_weight,
                          t.previous_time, t.entered, t.leader, t.group};
      m.slot_used[static_cast<std::size_t>(t.slot)] = true;
    }
    m.running = l.running;
    m.running_from = l.running_from;
    m.elapsed = l.elapsed;
    m.started = l.started;
    m.weight = l.weight;
    refresh_active(m);
    // Cursors only speed up the search for keys; starting them over keeps no trace of the
    // frames played since the state was saved.
    for (ClipCursor& c : m.reference_cursors) c.reset();
  }
  for (ClipCursor& c : cursors_) c.reset();
  // A decay in progress is not part of the saved state: the restored pose is the machine's own.
  for (PoseCarryOver& carry : inertia_) carry.forget();
  end_travels();
  fired_count_ = 0;
  root_motion_ = RootMotion{};  // Like the events, the move belongs to an update.
  fired_dropped_ = 0;
  trace_count_ = trace_condition_count_ = 0;
  return true;
}

}  // namespace anim
