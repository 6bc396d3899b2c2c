#include "anim/state_machine.h"

#include <algorithm>
#include <cmath>

#include "anim/find_by_name.h"
#include "anim/layer_blending.h"
#include "anim/soa_blending.h"
#include "transition_rules.h"

namespace anim {
namespace {

// `value` as a parameter of type `type` holds it.
float fit_to_type(ParameterType type, float value) {
  if (type == ParameterType::kInt) return std::round(value);
  if (type == ParameterType::kBool || type == ParameterType::kTrigger) {
    return value != 0.0f ? 1.0f : 0.0f;
  }
  return value;
}

}  // namespace

StateMachineInstance::StateMachineInstance(const StateMachineDef& def, const Skeleton& skeleton,
                                           ClipSet clips)
    : StateMachineInstance(def, skeleton, clips, Span<const SoaTransform>()) {
  own_scratch_ = StateMachineScratch(def, skeleton.joint_count());
}

StateMachineInstance::StateMachineInstance(const StateMachineDef& def, const Skeleton& skeleton,
                                           ClipSet clips, Span<const SoaTransform> soa_rest)
    : def_(&def), skeleton_(&skeleton), clips_(clips) {
  for (const ParameterDef& p : def.parameters) {
    SmoothedValue v;
    v.value = v.target = std::clamp(p.default_value, p.min, p.max);
    v.rate = p.rate;
    v.min = p.min;
    v.max = p.max;
    params_.push_back(v);
    vectors_.push_back(p.type == ParameterType::kVector3 ? p.default_vector : glm::vec3(0.0f));
  }
  const std::size_t joints = skeleton.joint_count();
  machines_.resize(1 + def.layers.size());
  blocks_ = soa_block_count(joints);
  if (soa_rest.size() == blocks_ && blocks_ > 0) {
    shared_rest_ = soa_rest;
  } else {
    own_rest_ = make_soa_pose(joints);
    to_soa(skeleton.rest, own_rest_);
  }
  Machine& base = machines_[0];
  base.states = &def.states;
  base.transitions = &def.transitions;
  init_machine(base, def.default_state);
  for (std::size_t i = 0; i < def.layers.size(); ++i) {
    const LayerDef& layer = def.layers[i];
    Machine& m = machines_[i + 1];
    m.states = &layer.states;
    m.transitions = &layer.transitions;
    m.layer = &layer;
    m.weight = std::clamp(layer.weight, 0.0f, 1.0f);
    m.mask = resolve_layer_mask(layer.mask, skeleton);
    if (m.additive()) {
      if (layer.reference_clip >= 0) {
        m.reference = make_soa_pose(joints);
        ClipCursor cursor;
        cursor.reserve(clips, joints);
        m.reference_ok = ClipSamplingJob{clips_, static_cast<std::size_t>(layer.reference_clip),
                                         0.0f,   &cursor,
                                         rest(), m.reference}
                             .run();
      } else {
        m.state_reference = true;
      }
    }
    init_machine(m, layer.default_state);
  }
  init_cursors();
  init_root_motion();
  init_inertia();
  init_ik();
}

void StateMachineInstance::init_cursors() {
  const std::size_t clip_count = clips_.size();
  cursor_of_.assign(machines_.size() * clip_count, -1);
  std::vector<std::size_t> clip_of;  // Of each cursor.
  const auto use = [&](std::size_t machine, int clip) {
    if (clip < 0 || static_cast<std::size_t>(clip) >= clip_count) return;
    int32_t& index = cursor_of_[machine * clip_count + static_cast<std::size_t>(clip)];
    if (index >= 0) return;
    index = static_cast<int32_t>(clip_of.size());
    clip_of.push_back(static_cast<std::size_t>(clip));
  };
  for (std::size_t mi = 0; mi < machines_.size(); ++mi) {
    Machine& m = machines_[mi];
    m.first_cursor = clip_of.size();
    for (const StateDef& s : *m.states) {
      const std::size_t i = static_cast<std::size_t>(s.motion.index);
      switch (s.motion.kind) {
        case MotionRef::Kind::kClip:
          use(mi, s.motion.index);
          break;
        case MotionRef::Kind::kBlendSpace:
          if (i < def_->blend_spaces.size()) {
            for (int c : def_->blend_spaces[i].clips) use(mi, c);
          }
          break;
        case MotionRef::Kind::kBlendSpace2D:
          if (i < def_->blend_spaces_2d.size()) {
            for (int c : def_->blend_spaces_2d[i].clips) use(mi, c);
          }
          break;
      }
    }
  }
  const std::size_t joints = skeleton_->joint_count();
  cursors_.assign(clip_of.size(), ClipCursor{});
  for (std::size_t i = 0; i < clip_of.size(); ++i) cursors_[i].reserve(clips_, clip_of[i], joints);
  for (std::size_t mi = 0; mi < machines_.size(); ++mi) {
    Machine& m = machines_[mi];
    if (!m.state_reference) continue;
    const std::size_t end =
        mi + 1 < machines_.size() ? machines_[mi + 1].first_cursor : clip_of.size();
    m.reference_cursors.assign(end - m.first_cursor, ClipCursor{});
    for (std::size_t i = m.first_cursor; i < end; ++i) {
      m.reference_cursors[i - m.first_cursor].reserve(clips_, clip_of[i], joints);
    }
  }
}

ClipCursor* StateMachineInstance::cursor(std::size_t machine, int clip, bool reference) {
  const std::size_t clip_count = clips_.size();
  if (clip < 0 || static_cast<std::size_t>(clip) >= clip_count) return nullptr;
  const int32_t index = cursor_of_[machine * clip_count + static_cast<std::size_t>(clip)];
  if (index < 0) return nullptr;
  if (!reference) return &cursors_[static_cast<std::size_t>(index)];
  Machine& m = machines_[machine];
  return &m.reference_cursors[static_cast<std::size_t>(index) - m.first_cursor];
}

void StateMachineInstance::init_machine(Machine& m, int default_state) {
  if (default_state >= 0 && static_cast<std::size_t>(default_state) < m.states->size()) {
    m.tracks[0] = Track{default_state, 0, CycleTime{}, 1.0f, CycleTime{}, true};
    m.slot_used[0] = true;
    m.track_count = 1;
  }
  refresh_active(m);
}

bool StateMachineInstance::set_value(int parameter, float value) {
  if (parameter < 0 || static_cast<std::size_t>(parameter) >= params_.size()) return false;
  if (!std::isfinite(value) || def_->parameters[parameter].type == ParameterType::kVector3) {
    return false;
  }
  value = fit_to_type(def_->parameters[parameter].type, value);
  SmoothedValue& p = params_[parameter];
  p.target = std::clamp(value, p.min, p.max);
  if (!(p.rate > 0.0f)) p.value = p.target;
  return true;
}

bool StateMachineInstance::set_float(const std::string& name, float value) {
  return set_value(def_->find_parameter(name), value);
}
bool StateMachineInstance::set_int(const std::string& name, int value) {
  return set_value(def_->find_parameter(name), static_cast<float>(value));
}
bool StateMachineInstance::set_bool(const std::string& name, bool value) {
  return set_value(def_->find_parameter(name), value ? 1.0f : 0.0f);
}
bool StateMachineInstance::set_trigger(const std::string& name) {
  const int index = def_->find_parameter(name);
  if (index < 0 || def_->parameters[index].type != ParameterType::kTrigger) return false;
  return set_value(index, 1.0f);
}

float StateMachineInstance::layer_weight(int layer) const {
  if (layer <= 0 || static_cast<std::size_t>(layer) >= machines_.size()) return layer == 0 ? 1 : 0;
  const Machine& m = machines_[layer];
  float weight = m.weight;
  if (m.layer->weight_parameter >= 0) {
    weight *= std::clamp(params_[m.layer->weight_parameter].value, 0.0f, 1.0f);
  }
  return weight;
}

bool StateMachineInstance::set_layer_weight(int layer, float weight) {
  if (layer <= 0 || static_cast<std::size_t>(layer) >= machines_.size()) return false;
  if (!std::isfinite(weight)) return false;
  machines_[layer].weight = std::clamp(weight, 0.0f, 1.0f);
  return true;
}

void StateMachineInstance::continue_from(const StateMachineInstance& before) {
  end_travels();
  const StateMachineDef& old_def = *before.def_;
  for (std::size_t i = 0; i < params_.size(); ++i) {
    const ParameterDef& p = def_->parameters[i];
    const int old = find_by_name(old_def.parameters, p.name);
    if (old < 0) continue;
    SmoothedValue& v = params_[i];
    const SmoothedValue& was = before.params_[old];
    v.value = std::clamp(fit_to_type(p.type, was.value), v.min, v.max);
    v.target = std::clamp(fit_to_type(p.type, was.target), v.min, v.max);
    if (p.type == ParameterType::kVector3 &&
        old_def.parameters[old].type == ParameterType::kVector3) {
      vectors_[i] = before.vectors_[old];
    }
  }
  for (std::size_t mi = 0; mi < machines_.size(); ++mi) {
    Machine& m = machines_[mi];
    // The base goes on from the base, a layer from the layer of its name.
    int old_index = 0;
    if (mi > 0) {
      const int found = old_def.find_layer(m.layer->name);
      if (found < 0) continue;  // A new layer starts as the constructor left it.
      old_index = found + 1;
    }
    const Machine& old = before.machines_[old_index];
    // A weight set at runtime (set_layer_weight) stays; one from the def follows the new def.
    if (mi > 0 && old.weight != std::clamp(old.layer->weight, 0.0f, 1.0f)) m.weight = old.weight;
    const int current = before.current_state(old_index);
    if (current < 0) continue;
    const int state = find_by_name(*m.states, (*old.states)[current].name);
    if (state < 0) continue;
    CycleTime time = old.tracks[old.track_count - 1].time;
    if (!(*m.states)[state].loop && time.total() > 1.0) time = CycleTime::from(1.0f);
    m.slot_used.fill(false);
    m.tracks[0] = Track{state, 0, time, 1.0f, time, false};  // Goes on: no start to fire.
    m.slot_used[0] = true;
    m.track_count = 1;
    m.running = -1;
    m.running_from = -1;
    m.elapsed = 0.0f;
    refresh_active(m);
  }
}

std::size_t StateMachineInstance::byte_size() const {
  std::size_t bytes =
      sizeof(*this) + own_rest_.capacity() * sizeof(SoaTransform) + own_scratch_.byte_size() -
      sizeof(own_scratch_) + params_.capacity() * sizeof(SmoothedValue) +
      machines_.capacity() * sizeof(Machine) + trace_.capacity() * sizeof(TraceEntry) +
      trace_conditions_.capacity() * sizeof(TraceCondition);
  for (const ClipCursor& c : cursors_) bytes += c.byte_size();
  bytes += cursor_of_.capacity() * sizeof(int32_t) +
           (inertia_.capacity() - inertia_.size()) * sizeof(PoseCarryOver) +
           carry_switches_.capacity() * sizeof(CarrySwitch) + travels_.capacity() * sizeof(Travel) +
           vectors_.capacity() * sizeof(glm::vec3) + ik_results_.capacity() * sizeof(IkEntryResult) +
           ik_legs_.capacity() * sizeof(FootIkLegResult) + ik_leg_start_.capacity() * sizeof(uint32_t);
  for (const Travel& plan : travels_) bytes += plan.path.capacity() * sizeof(int);
  for (const PoseCarryOver& carry : inertia_) bytes += carry.byte_size();
  for (const Machine& m : machines_) {
    bytes += m.mask.capacity() * sizeof(float) + m.reference.capacity() * sizeof(SoaTransform);
    for (const ClipCursor& c : m.reference_cursors) bytes += c.byte_size();
  }
  return bytes;
}

float StateMachineInstance::value(int parameter) const {
  if (parameter < 0 || static_cast<std::size_t>(parameter) >= params_.size()) return 0.0f;
  return params_[parameter].value;
}

float StateMachineInstance::target(int parameter) const {
  if (parameter < 0 || static_cast<std::size_t>(parameter) >= params_.size()) return 0.0f;
  return params_[parameter].target;
}

Span<const StateMachineInstance::TraceCondition> StateMachineInstance::trace_conditions(
    const TraceEntry& entry) const {
  if (entry.first_condition < 0 || entry.condition_count < 0 ||
      static_cast<std::size_t>(entry.first_condition) + entry.condition_count >
          trace_condition_count_) {
    return {};
  }
  return {trace_conditions_.data() + entry.first_condition,
          static_cast<std::size_t>(entry.condition_count)};
}

int StateMachineInstance::current_state(int layer) const {
  if (layer < 0 || layer >= layer_count()) return -1;
  const Machine& m = machines_[layer];
  return m.track_count > 0 ? m.tracks[m.track_count - 1].state : -1;
}

Span<const StateMachineInstance::ActiveState> StateMachineInstance::active_states(int layer) const {
  if (layer < 0 || layer >= layer_count()) return {};
  const Machine& m = machines_[layer];
  return {m.active.data(), m.active_count};
}

StateMachineInstance::TransitionStatus StateMachineInstance::transition(int layer) const {
  if (layer < 0 || layer >= layer_count()) return {};
  return transition_status(machines_[layer]);
}

StateMachineInstance::TransitionStatus StateMachineInstance::transition_status(
    const Machine& m) const {
  TransitionStatus status;
  if (m.running < 0) return status;
  status.transition = m.running;
  status.from = m.running_from;
  status.to = m.tracks[m.track_count - 1].state;
  const float duration = (*m.transitions)[m.running].duration;
  status.progress = duration > 0.0f ? std::min(m.elapsed / duration, 1.0f) : 1.0f;
  return status;
}

float StateMachineInstance::phase_rate(const StateDef& s) {
  if (s.motion.kind == MotionRef::Kind::kClip) {
    return s.speed * cycles_per_second(clips_.duration(s.motion.index));
  }
  if (s.motion.kind == MotionRef::Kind::kBlendSpace2D) {
    const BlendSpace2DDef& space = def_->blend_spaces_2d[s.motion.index];
    return s.speed * blend_space_2d_phase_rate(space, clips_, weights_2d(space));
  }
  const BlendSpace1DDef& space = def_->blend_spaces[s.motion.index];
  return s.speed * blend_space_phase_rate(space, clips_, weights_1d(s.motion.index));
}

BlendSpaceWeights StateMachineInstance::weights_1d(int index) {
  const BlendSpace1DDef& space = def_->blend_spaces[static_cast<std::size_t>(index)];
  const float value = params_[static_cast<std::size_t>(space.parameter)].value;
  for (const WeightsMemo& m : weights_memo_) {
    if (m.space == index && m.value == value) return m.weights;  // Never for NaN.
  }
  WeightsMemo& m = weights_memo_[weights_memo_next_];
  weights_memo_next_ = (weights_memo_next_ + 1) % weights_memo_.size();
  m = {index, value, blend_space_weights(space, value)};
  return m.weights;
}

BlendSpace2DWeights StateMachineInstance::weights_2d(const BlendSpace2DDef& space) const {
  return blend_space_2d_weights(
      space, Point2{params_[space.parameter_x].value, params_[space.parameter_y].value});
}

float StateMachineInstance::display_time(const Machine& m, const Track& track) const {
  if ((*m.states)[track.state].loop) return track.time.fraction;
  if (track.time.cycles != 0) return track.time.cycles > 0 ? 1.0f : 0.0f;
  return track.time.fraction;
}

float StateMachineInstance::track_weight(const Machine& m, std::size_t index) const {
  const Track& track = m.tracks[index];
  if (m.running < 0) return track.base_weight;
  const float f = transition_status(m).progress;
  const float faded = track.base_weight * (1.0f - f);
  return index + 1 == m.track_count ? faded + f : faded;
}

bool StateMachineInstance::exit_time_reached(const Machine& m, const TransitionDef& t,
                                             const Track& source, float* current) const {
  if ((*m.states)[source.state].loop && t.exit_time < 1.0f) {
    // Every cycle, from its exit time to its end; a long frame that steps over that window
    // still counts.
    *current = display_time(m, source);
    return *current >= t.exit_time ||
           source.time.passes_since(source.previous_time, t.exit_time) > 0;
  }
  *current = static_cast<float>(source.time.total());
  return !(source.time.total() < t.exit_time);
}

bool StateMachineInstance::conditions_hold(const Machine& m, const TransitionDef& t,
                                           const Track& source) const {
  float current = 0.0f;
  if (t.has_exit_time && !exit_time_reached(m, t, source, &current)) return false;
  for (const ConditionDef& c : t.conditions) {
    if (!condition_holds(c.op, params_[c.parameter].value, c.value)) return false;
  }
  return true;
}

const StateMachineInstance::Track& StateMachineInstance::source_track(const Machine& m,
                                                                      int state) const {
  const Track* source = &m.tracks[m.track_count - 1];
  for (std::size_t i = 0; i < m.track_count; ++i) {
    if (m.tracks[i].state == state) source = &m.tracks[i];
  }
  return *source;
}

// trace_machine (state_machine_trace.cpp) lists what this looks at and why each did not fire:
// a change here wants the same change there.
int StateMachineInstance::find_transition(const Machine& m) const {
  if (m.track_count == 0) return -1;
  const Track& current = m.tracks[m.track_count - 1];
  const bool running = m.running >= 0;
  const int source_state =
      starting_state(running, running ? (*m.transitions)[m.running].interruption : Interruption{},
                     m.running_from, current.state);
  if (source_state == kNoStartingState) return -1;
  const Track& source = source_track(m, source_state);
  const std::vector<TransitionDef>& transitions = *m.transitions;
  for (std::size_t i = 0; i < transitions.size(); ++i) {
    const TransitionDef& t = transitions[i];
    if (static_cast<int>(i) == m.running) continue;
    if (t.from != source_state && t.from != -1) continue;
    // Any-state transitions do not restart the state they lead to.
    if (t.from == -1 && t.to == current.state) continue;
    if (conditions_hold(m, t, t.from == -1 ? current : source)) return static_cast<int>(i);
  }
  return -1;
}

void StateMachineInstance::start(Machine& m, int index) {
  const TransitionDef& t = (*m.transitions)[index];
  // What is shown now becomes the starting point: nothing pops.
  float total = 0.0f;
  for (std::size_t i = 0; i < m.track_count; ++i) {
    total += m.tracks[i].base_weight = track_weight(m, i);
  }
  // The state the transition leaves: its own source (an interrupting A -> C leaves A, not the
  // B that A -> B was heading for), or the current state for any-state transitions.
  m.running_from = t.from >= 0 ? t.from : m.tracks[m.track_count - 1].state;
  // Going back to a state still fading out picks it up where it is.
  const std::size_t existing = resumed_track(m, t);
  const auto begin = m.tracks.begin();
  if (existing < m.track_count) {
    std::rotate(begin + existing, begin + existing + 1, begin + m.track_count);
  } else {
    if (m.track_count == static_cast<std::size_t>(kMaxActive)) {
      // Full: drop the faintest state and share its weight out.
      std::size_t faintest = 0;
      for (std::size_t i = 1; i < m.track_count; ++i) {
        if (m.tracks[i].base_weight < m.tracks[faintest].base_weight) faintest = i;
      }
      total -= m.tracks[faintest].base_weight;
      m.slot_used[m.tracks[faintest].slot] = false;
      std::rotate(begin + faintest, begin + faintest + 1, begin + m.track_count);
      --m.track_count;
      for (std::size_t i = 0; i < m.track_count; ++i) {
        m.tracks[i].base_weight = total > 0.0f ? m.tracks[i].base_weight / total : 0.0f;
      }
    }
    int slot = 0;
    while (m.slot_used[slot]) ++slot;
    m.slot_used[slot] = true;
    const StateDef& to = (*m.states)[static_cast<std::size_t>(t.to)];
    const int leader = marker_synced(to) ? leading_clip(to) : -1;
    bool joined = false;
    const CycleTime offset = CycleTime::from(entry_phase(m, t, &joined, nullptr));
    Track track{t.to, slot, offset, 0.0f, offset, true, leader};
    if (joined) track.group = GroupSync::kFollows;
    m.tracks[m.track_count++] = track;
  }
  m.running = index;
  // An inertialized transition switches at once (update_machine finishes it right away); its
  // blend is the decay update_inertia starts.
  m.elapsed = switches_at_once(t.blend) ? t.duration : 0.0f;
}

std::size_t StateMachineInstance::resumed_track(const Machine& m, const TransitionDef& t) {
  const int leaves = t.from >= 0 ? t.from : m.tracks[m.track_count - 1].state;
  std::size_t existing = m.track_count;
  for (std::size_t i = 0; i < m.track_count; ++i) {
    if (m.tracks[i].state == t.to && t.to != leaves) existing = i;
  }
  return existing;
}

void StateMachineInstance::finish_if_done(Machine& m) {
  if (m.running < 0 || m.elapsed < (*m.transitions)[m.running].duration) return;
  // A finished transition leaves only its destination.
  Track last = m.tracks[m.track_count - 1];
  for (std::size_t i = 0; i + 1 < m.track_count; ++i) m.slot_used[m.tracks[i].slot] = false;
  last.base_weight = 1.0f;
  m.tracks[0] = last;
  m.track_count = 1;
  m.running = -1;
}

RootMotion StateMachineInstance::update(float dt) {
  prefetch_state();
  fired_count_ = 0;
  fired_dropped_ = 0;
  if (tracing_) trace_count_ = trace_condition_count_ = 0;
  if (!std::isfinite(dt) || dt < 0.0f) dt = 0.0f;
  for (SmoothedValue& p : params_) p.update(dt);
  for (std::size_t mi = 0; mi < machines_.size(); ++mi) {
    Machine& m = machines_[mi];
    if (m.track_count == 0) continue;
    for (std::size_t i = 0; i < m.track_count; ++i) {
      Track& track = m.tracks[i];
      follow_leader((*m.states)[track.state], track);
      track.previous_time = track.time;
      track.time.advance(dt * phase_rate((*m.states)[track.state]));
    }
    if (m.running >= 0) m.elapsed += dt;
  }
  sync_groups();
  // With this frame's weights and times, before a transition starts or ends.
  for (std::size_t mi = 0; mi < machines_.size(); ++mi) {
    for (std::size_t i = 0; i < machines_[mi].track_count; ++i) fire_events(mi, i);
  }
  for (Machine& m : machines_) m.started = update_machine(m);
  prefetch_cursors();
  // A trigger is consumed once every layer has seen it, so one "attack" can start a transition
  // in the base and in a layer in the same update.
  for (const Machine& m : machines_) {
    if (m.started < 0) continue;
    for (const ConditionDef& c : (*m.transitions)[m.started].conditions) {
      if (c.op == ConditionOp::kTriggerSet)
        params_[c.parameter].value = params_[c.parameter].target = 0;
    }
  }
  last_dt_ = dt;
  if (!inertia_.empty()) update_inertia(dt);
  root_motion_ = base_root_motion();
  return root_motion_;
}

int StateMachineInstance::update_machine(Machine& m) {
  if (m.track_count == 0) return -1;
  finish_if_done(m);
  const std::size_t machine = static_cast<std::size_t>(&m - machines_.data());
  // A travel takes its path's transitions whatever their conditions, and only those.
  const bool travel = machine < travels_.size() && travels_[machine].active();
  const int next = travel ? next_travel_step(machine) : find_transition(m);
  if (tracing_) trace_machine(machine, next);
  if (next >= 0) {
    m.started_interrupting = interrupting(machine);
    start(m, next);
    finish_if_done(m);  // Zero-length transitions switch at once.
  }
  refresh_active(m);
  return next;
}

void StateMachineInstance::refresh_active(Machine& m) {
  m.active_count = m.track_count;
  for (std::size_t i = 0; i < m.track_count; ++i) {
    const Track& track = m.tracks[i];
    m.active[i] = ActiveState{track.state, track_weight(m, i), display_time(m, track), track.group};
  }
}

bool StateMachineInstance::sample_state(const StateDef& s, float phase, int leader,
                                        std::size_t machine, bool reference,
                                        StateMachineScratch& scratch, Span<SoaTransform> out) {
  const Span<const SoaTransform> rest = this->rest();
  if (s.motion.kind == MotionRef::Kind::kClip) {
    const std::size_t clip = static_cast<std::size_t>(s.motion.index);
    if (clip >= clips_.size()) return false;
    return ClipSamplingJob{
        clips_, clip, phase * clips_.duration(clip), cursor(machine, s.motion.index, reference),
        rest,   out}
        .run();
  }
  if (s.motion.kind == MotionRef::Kind::kBlendSpace2D) {
    const BlendSpace2DDef& space = def_->blend_spaces_2d[s.motion.index];
    BlendSpace2DSampler sampler;
    sampler.space = &space;
    sampler.clips = clips_;
    sampler.rest = rest;
    sampler.weights = weights_2d(space);
    sampler.phase = phase;
    std::array<float, 3> phases{};
    for (int i = 0; i < sampler.weights.count; ++i) {
      const int point = sampler.weights.points[static_cast<std::size_t>(i)];
      if (point < 0 || static_cast<std::size_t>(point) >= space.clips.size()) return false;
      const int clip = space.clips[static_cast<std::size_t>(point)];
      sampler.cursors[static_cast<std::size_t>(i)] = cursor(machine, clip, reference);
      phases[static_cast<std::size_t>(i)] = clip_phase(leader, phase, clip);
    }
    if (leader >= 0) {
      sampler.phases =
          Span<const float>(phases.data(), static_cast<std::size_t>(sampler.weights.count));
    }
    sampler.scratch = {scratch.point(0), scratch.point(1)};
    sampler.output = out;
    return sampler.run();
  }
  const BlendSpace1DDef& space = def_->blend_spaces[s.motion.index];
  BlendSpaceSampler sampler;
  sampler.space = &space;
  sampler.clips = clips_;
  sampler.rest = rest;
  sampler.weights = weights_1d(s.motion.index);
  sampler.phase = phase;
  const BlendSpaceWeights& w = sampler.weights;
  const auto clip_of = [&space](int point) {
    return point >= 0 && static_cast<std::size_t>(point) < space.clips.size()
               ? space.clips[static_cast<std::size_t>(point)]
               : -1;
  };
  sampler.cursors = {cursor(machine, clip_of(w.lower), reference),
                     cursor(machine, clip_of(w.upper), reference)};
  const std::array<float, 2> phases = {clip_phase(leader, phase, clip_of(w.lower)),
                                       clip_phase(leader, phase, clip_of(w.upper))};
  if (leader >= 0) sampler.phases = Span<const float>(phases.data(), phases.size());
  sampler.scratch = scratch.point(0);
  sampler.output = out;
  return sampler.run();
}

bool StateMachineInstance::sample_track(std::size_t machine, const Track& track,
                                        StateMachineScratch& scratch, Span<SoaTransform> pose) {
  Machine& m = machines_[machine];
  const StateDef& s = (*m.states)[track.state];
  const float phase = display_time(m, track);
  const int leader = track_leader(s, track);
  if (!sample_state(s, phase, leader, machine, false, scratch, pose)) return false;
  if (machine == 0 && moves_ && !s.root_motion) {
    keep_motion_in_pose(state_frame(s, phase, leader), pose);
  }
  if (!m.additive()) return true;
  // The state's difference from its reference, in place.
  if (!m.state_reference) {
    return m.reference_ok && AdditiveDeltaJob{pose, m.reference, pose}.run();
  }
  const Span<SoaTransform> reference = scratch.reference();
  return sample_state(s, 0.0f, -1, machine, true, scratch, reference) &&
         AdditiveDeltaJob{pose, reference, pose}.run();
}

bool StateMachineInstance::blend_machine(std::size_t machine, StateMachineScratch& scratch,
                                         Span<SoaTransform> output) {
  const Machine& m = machines_[machine];
  // One state alone (most frames): straight into the output, no blend and no copy.
  if (m.track_count == 1) return sample_track(machine, m.tracks[0], scratch, output);
  std::array<SoaBlendLayer, kMaxActive> blend{};
  for (std::size_t i = 0; i < m.track_count; ++i) {
    const Span<SoaTransform> pose =
        scratch.slot_pose(machine, static_cast<std::size_t>(m.tracks[i].slot));
    if (!sample_track(machine, m.tracks[i], scratch, pose)) return false;
    blend[i] = SoaBlendLayer{pose, m.active[i].weight, {}};
  }
  const Span<const SoaTransform> rest = m.additive() ? scratch.identity() : this->rest();
  return SoaBlendingJob{Span<const SoaBlendLayer>(blend.data(), m.track_count), rest, output}.run();
}

Span<const SoaTransform> StateMachineInstance::active_pose(int layer, std::size_t index) const {
  if (layer < 0 || layer >= layer_count() || !evaluated_) return {};
  const Machine& m = machines_[static_cast<std::size_t>(layer)];
  if (index >= m.track_count || m.track_count < 2) return {};
  const StateMachineScratch& scratch = lent_ != nullptr ? *lent_ : own_scratch_;
  return scratch.slot_pose(static_cast<std::size_t>(layer),
                           static_cast<std::size_t>(m.tracks[index].slot));
}

bool StateMachineInstance::evaluate_soa(Span<SoaTransform> output, StateMachineScratch& scratch) {
  if (output.size() != blocks_ || machines_[0].track_count == 0) return false;
  if (!scratch.fits(*def_, skeleton_->joint_count())) return false;
  evaluated_ = true;
  lent_ = &scratch == &own_scratch_ ? nullptr : &scratch;
  if (!blend_machine(0, scratch, output)) return false;
  inertialize(0, output);
  for (std::size_t mi = 1; mi < machines_.size(); ++mi) {
    Machine& m = machines_[mi];
    const float weight = layer_weight(static_cast<int>(mi));
    if (m.track_count == 0 || !(weight > 0.0f)) continue;  // Adds nothing: not even sampled.
    const Span<SoaTransform> pose = scratch.layer_pose(mi);
    if (!blend_machine(mi, scratch, pose)) return false;
    inertialize(mi, pose);
    const LayerBlend mode = m.additive() ? LayerBlend::kAdditive : LayerBlend::kOverride;
    if (!LayerBlendingJob{mode, pose, m.mask, weight, output}.run()) return false;
  }
  return apply_ik(output, scratch);
}

bool StateMachineInstance::evaluate_soa(Span<SoaTransform> output) {
  return evaluate_soa(output, own_scratch_);
}

bool StateMachineInstance::evaluate(Span<Transform> output) {
  if (output.size() != skeleton_->joint_count()) return false;
  const Span<SoaTransform> soa = own_scratch_.output();
  if (!evaluate_soa(soa)) return false;
  from_soa(soa, output);
  return true;
}

}  // namespace anim
