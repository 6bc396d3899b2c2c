#include "anim/state_machine.h"

#include <algorithm>
#include <cmath>

#include "anim/blending.h"
#include "anim/find_by_name.h"

namespace anim {
namespace {

constexpr float kEqualTolerance = 1e-6f;

bool holds(ConditionOp op, float value, float operand) {
  switch (op) {
    case ConditionOp::kGreater:
      return value > operand;
    case ConditionOp::kLess:
      return value < operand;
    case ConditionOp::kEqual:
      return std::fabs(value - operand) <= kEqualTolerance;
    case ConditionOp::kNotEqual:
      return std::fabs(value - operand) > kEqualTolerance;
    case ConditionOp::kTrue:
    case ConditionOp::kTriggerSet:
      return value != 0.0f;
    case ConditionOp::kFalse:
      return value == 0.0f;
  }
  return false;
}

// `value` as a parameter of type `type` holds it.
float fit_to_type(ParameterType type, float value) {
  if (type == ParameterType::kInt) return std::round(value);
  if (type == ParameterType::kBool || type == ParameterType::kTrigger) {
    return value != 0.0f ? 1.0f : 0.0f;
  }
  return value;
}

// Whether playback going from `from` to `to` (normalized, cumulative) crosses the point `at`:
// forward, points in (from, to]; backward, points in [to, from). A state just entered also
// crosses the point it starts on.
bool crosses(double from, double to, double at, bool entered) {
  if (entered && at == from) return true;
  return to >= from ? (from < at && at <= to) : (to <= at && at < from);
}

// How many of the points k + at (k whole) the move crosses, as crosses() counts them.
int64_t loop_crossings(double from, double to, double at, bool entered) {
  const double lo = std::min(from, to) - at;
  const double hi = std::max(from, to) - at;
  // Forward counts (lo, hi], backward [lo, hi).
  const double n = to >= from ? std::floor(hi) - std::floor(lo) : std::ceil(hi) - std::ceil(lo);
  // Neither way counts `from` itself, which a state just entered adds.
  const bool on_start = entered && from - at == std::floor(from - at);
  return static_cast<int64_t>(n) + (on_start ? 1 : 0);
}

}  // namespace

StateMachineInstance::StateMachineInstance(const StateMachineDef& def, const Skeleton& skeleton,
                                           ClipSet clips)
    : def_(&def), skeleton_(&skeleton), clips_(clips) {
  for (const ParameterDef& p : def.parameters) {
    SmoothedValue v;
    v.value = v.target = std::clamp(p.default_value, p.min, p.max);
    v.rate = p.rate;
    v.min = p.min;
    v.max = p.max;
    params_.push_back(v);
  }
  const std::size_t joints = skeleton.joint_count();
  poses_.assign(kMaxActive, skeleton.rest);
  scratch_.assign(kSlotPoses * kMaxActive, skeleton.rest);
  cursors_.assign(kSlotPoses * kMaxActive, ClipCursor{});
  for (ClipCursor& c : cursors_) c.reserve(clips, joints);
  if (clips.compressed()) {
    soa_rest_ = make_soa_pose(joints);
    soa_scratch_ = make_soa_pose(joints);
    to_soa(skeleton.rest, soa_rest_);
  }
  if (def.default_state >= 0 && static_cast<std::size_t>(def.default_state) < def.states.size()) {
    layers_[0] = Layer{def.default_state, 0, CycleTime{}, 1.0f, CycleTime{}, true};
    slot_used_[0] = true;
    layer_count_ = 1;
  }
  refresh_active();
}

bool StateMachineInstance::set_value(int parameter, float value) {
  if (parameter < 0 || static_cast<std::size_t>(parameter) >= params_.size()) return false;
  if (!std::isfinite(value)) return false;
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

void StateMachineInstance::continue_from(const StateMachineInstance& before) {
  const StateMachineDef& old_def = *before.def_;
  for (std::size_t i = 0; i < params_.size(); ++i) {
    const ParameterDef& p = def_->parameters[i];
    const int old = find_by_name(old_def.parameters, p.name);
    if (old < 0) continue;
    SmoothedValue& v = params_[i];
    const SmoothedValue& was = before.params_[old];
    v.value = std::clamp(fit_to_type(p.type, was.value), v.min, v.max);
    v.target = std::clamp(fit_to_type(p.type, was.target), v.min, v.max);
  }
  const int current = before.current_state();
  if (current < 0) return;
  const int state = find_by_name(def_->states, old_def.states[current].name);
  if (state < 0) return;
  CycleTime time = before.layers_[before.layer_count_ - 1].time;
  if (!def_->states[state].loop && time.total() > 1.0) time = CycleTime::from(1.0f);
  slot_used_.fill(false);
  layers_[0] = Layer{state, 0, time, 1.0f, time, false};  // Goes on: no start to fire.
  slot_used_[0] = true;
  layer_count_ = 1;
  running_ = -1;
  running_from_ = -1;
  elapsed_ = 0.0f;
  refresh_active();
}

int StateMachineInstance::current_state() const {
  return layer_count_ > 0 ? layers_[layer_count_ - 1].state : -1;
}

StateMachineInstance::TransitionStatus StateMachineInstance::transition() const {
  TransitionStatus status;
  if (running_ < 0) return status;
  status.transition = running_;
  status.from = running_from_;
  status.to = current_state();
  const float duration = def_->transitions[running_].duration;
  status.progress = duration > 0.0f ? std::min(elapsed_ / duration, 1.0f) : 1.0f;
  return status;
}

float StateMachineInstance::phase_rate(int state) const {
  const StateDef& s = def_->states[state];
  if (s.motion.kind == MotionRef::Kind::kClip) {
    const float d = clips_.duration(s.motion.index);
    return s.speed * (d > 0.0f ? 1.0f / d : 1.0f);
  }
  if (s.motion.kind == MotionRef::Kind::kBlendSpace2D) {
    const BlendSpace2DDef& space = def_->blend_spaces_2d[s.motion.index];
    return s.speed * blend_space_2d_phase_rate(space, clips_, weights_2d(space));
  }
  const BlendSpace1DDef& space = def_->blend_spaces[s.motion.index];
  const BlendSpaceWeights w = blend_space_weights(space, params_[space.parameter].value);
  return s.speed * blend_space_phase_rate(space, clips_, w);
}

BlendSpace2DWeights StateMachineInstance::weights_2d(const BlendSpace2DDef& space) const {
  return blend_space_2d_weights(
      space, Point2{params_[space.parameter_x].value, params_[space.parameter_y].value});
}

float StateMachineInstance::display_time(const Layer& layer) const {
  if (def_->states[layer.state].loop) return layer.time.fraction;
  if (layer.time.cycles != 0) return layer.time.cycles > 0 ? 1.0f : 0.0f;
  return layer.time.fraction;
}

float StateMachineInstance::layer_weight(std::size_t index) const {
  const Layer& layer = layers_[index];
  if (running_ < 0) return layer.base_weight;
  const float f = transition().progress;
  const float faded = layer.base_weight * (1.0f - f);
  return index + 1 == layer_count_ ? faded + f : faded;
}

bool StateMachineInstance::conditions_hold(const TransitionDef& t, const Layer& source) const {
  if (t.has_exit_time) {
    if (def_->states[source.state].loop && t.exit_time < 1.0f) {
      // Every cycle, from its exit time to its end; a long frame that steps over that window
      // still counts.
      const bool in_window = display_time(source) >= t.exit_time;
      const bool crossed = source.time.passes_since(source.previous_time, t.exit_time) > 0;
      if (!in_window && !crossed) return false;
    } else if (source.time.total() < t.exit_time) {
      return false;
    }
  }
  for (const ConditionDef& c : t.conditions) {
    if (!holds(c.op, params_[c.parameter].value, c.value)) return false;
  }
  return true;
}

int StateMachineInstance::find_transition() const {
  if (layer_count_ == 0) return -1;
  const Layer& current = layers_[layer_count_ - 1];
  int source_state = current.state;
  if (running_ >= 0) {
    switch (def_->transitions[running_].interruption) {
      case Interruption::kNone:
        return -1;
      case Interruption::kSource:
        source_state = running_from_;
        break;
      case Interruption::kDestination:
        break;
    }
  }
  const Layer* source = &current;
  for (std::size_t i = 0; i < layer_count_; ++i) {
    if (layers_[i].state == source_state) source = &layers_[i];
  }
  for (std::size_t i = 0; i < def_->transitions.size(); ++i) {
    const TransitionDef& t = def_->transitions[i];
    if (static_cast<int>(i) == running_) continue;
    if (t.from != source_state && t.from != -1) continue;
    // Any-state transitions do not restart the state they lead to.
    if (t.from == -1 && t.to == current.state) continue;
    if (conditions_hold(t, t.from == -1 ? current : *source)) return static_cast<int>(i);
  }
  return -1;
}

void StateMachineInstance::start(int index) {
  const TransitionDef& t = def_->transitions[index];
  // What is shown now becomes the starting point: nothing pops.
  float total = 0.0f;
  for (std::size_t i = 0; i < layer_count_; ++i) total += layers_[i].base_weight = layer_weight(i);
  // The state the transition leaves: its own source (an interrupting A -> C leaves A, not the
  // B that A -> B was heading for), or the current state for any-state transitions.
  running_from_ = t.from >= 0 ? t.from : current_state();
  // Going back to a state still fading out picks it up where it is.
  std::size_t existing = layer_count_;
  for (std::size_t i = 0; i < layer_count_; ++i) {
    if (layers_[i].state == t.to && t.to != running_from_) existing = i;
  }
  if (existing < layer_count_) {
    std::rotate(layers_.begin() + existing, layers_.begin() + existing + 1,
                layers_.begin() + layer_count_);
  } else {
    if (layer_count_ == static_cast<std::size_t>(kMaxActive)) {
      // Full: drop the faintest state and share its weight out.
      std::size_t faintest = 0;
      for (std::size_t i = 1; i < layer_count_; ++i) {
        if (layers_[i].base_weight < layers_[faintest].base_weight) faintest = i;
      }
      total -= layers_[faintest].base_weight;
      slot_used_[layers_[faintest].slot] = false;
      std::rotate(layers_.begin() + faintest, layers_.begin() + faintest + 1,
                  layers_.begin() + layer_count_);
      --layer_count_;
      for (std::size_t i = 0; i < layer_count_; ++i) {
        layers_[i].base_weight = total > 0.0f ? layers_[i].base_weight / total : 0.0f;
      }
    }
    int slot = 0;
    while (slot_used_[slot]) ++slot;
    slot_used_[slot] = true;
    for (int c = 0; c < kSlotPoses; ++c) cursors_[kSlotPoses * slot + c].reset();
    const CycleTime offset = CycleTime::from(t.offset);
    layers_[layer_count_++] = Layer{t.to, slot, offset, 0.0f, offset, true};
  }
  for (const ConditionDef& c : t.conditions) {
    if (c.op == ConditionOp::kTriggerSet)
      params_[c.parameter].value = params_[c.parameter].target = 0;
  }
  running_ = index;
  elapsed_ = 0.0f;
}

void StateMachineInstance::finish_if_done() {
  if (running_ < 0 || elapsed_ < def_->transitions[running_].duration) return;
  // A finished transition leaves only its destination.
  Layer last = layers_[layer_count_ - 1];
  for (std::size_t i = 0; i + 1 < layer_count_; ++i) slot_used_[layers_[i].slot] = false;
  last.base_weight = 1.0f;
  layers_[0] = last;
  layer_count_ = 1;
  running_ = -1;
}

void StateMachineInstance::update(float dt) {
  fired_count_ = 0;
  fired_dropped_ = 0;
  if (layer_count_ == 0) return;
  if (!std::isfinite(dt) || dt < 0.0f) dt = 0.0f;
  for (SmoothedValue& p : params_) p.update(dt);
  for (std::size_t i = 0; i < layer_count_; ++i) {
    layers_[i].previous_time = layers_[i].time;
    layers_[i].time.advance(dt * phase_rate(layers_[i].state));
  }
  if (running_ >= 0) elapsed_ += dt;
  // With this frame's weights, before a transition starts or ends.
  for (std::size_t i = 0; i < layer_count_; ++i) fire_events(i);
  finish_if_done();
  const int next = find_transition();
  if (next >= 0) {
    start(next);
    finish_if_done();  // Zero-length transitions switch at once.
  }
  refresh_active();
}

int StateMachineInstance::event_clip(int state) const {
  const MotionRef& motion = def_->states[state].motion;
  if (motion.kind == MotionRef::Kind::kClip) return motion.index;
  if (motion.kind == MotionRef::Kind::kBlendSpace2D) {
    const BlendSpace2DDef& space = def_->blend_spaces_2d[motion.index];
    const BlendSpace2DWeights w = weights_2d(space);
    if (w.count == 0) return -1;
    // The heaviest point; on a tie the one listed first in the space, as in 1D.
    int heaviest = 0;
    for (int i = 1; i < w.count; ++i) {
      const bool tie = w.weights[i] == w.weights[heaviest];
      if (w.weights[i] > w.weights[heaviest] || (tie && w.points[i] < w.points[heaviest])) {
        heaviest = i;
      }
    }
    return space.clips[w.points[heaviest]];
  }
  const BlendSpace1DDef& space = def_->blend_spaces[motion.index];
  if (space.clips.empty()) return -1;
  const BlendSpaceWeights w = blend_space_weights(space, params_[space.parameter].value);
  return space.clips[w.upper_weight > 0.5f ? w.upper : w.lower];
}

void StateMachineInstance::fire(int event, std::size_t layer) {
  if (fired_count_ == fired_.size()) {
    ++fired_dropped_;
    return;
  }
  fired_[fired_count_++] = FiredEvent{event, layers_[layer].state, layer_weight(layer)};
}

void StateMachineInstance::fire_events(std::size_t index) {
  Layer& layer = layers_[index];
  const bool entered = layer.entered;
  layer.entered = false;
  if (def_->events.empty()) return;  // Spares a blend space's weights every frame.
  const int clip = event_clip(layer.state);
  int first = -1, last = -1;  // The clip's events, [first, last).
  for (std::size_t e = 0; e < def_->events.size(); ++e) {
    if (def_->events[e].clip != clip) continue;
    if (first < 0) first = static_cast<int>(e);
    last = static_cast<int>(e) + 1;
  }
  if (first < 0) return;
  const float duration = clips_.duration(clip);
  const bool loop = def_->states[layer.state].loop;
  // Where an event sits in the state's normalized time: a loop's end is its next start.
  const auto point = [&](int e) {
    double at = duration > 0.0f ? static_cast<double>(def_->events[e].time) / duration : 0.0;
    at = std::clamp(at, 0.0, 1.0);
    return loop && at >= 1.0 ? 0.0 : at;
  };
  double from = layer.previous_time.total();
  double to = layer.time.total();
  if (!loop) {  // A one-shot's time stops at its ends.
    from = std::clamp(from, 0.0, 1.0);
    to = std::clamp(to, 0.0, 1.0);
  }
  if (!loop) {
    for (int i = 0; i < last - first; ++i) {
      const int e = to >= from ? first + i : last - 1 - i;
      if (crosses(from, to, point(e), entered)) fire(e, index);
    }
    return;
  }
  if (from == to && !entered) return;
  // Cycle by cycle in the direction of play; a frame spanning many cycles fills the buffer in
  // a few of them, and the rest are counted.
  const bool forward = to >= from;
  const int64_t first_cycle = static_cast<int64_t>(std::floor(from));
  const int64_t last_cycle = static_cast<int64_t>(std::floor(to));
  int64_t total = 0;
  for (int e = first; e < last; ++e) total += loop_crossings(from, to, point(e), entered);
  int64_t seen = 0;
  for (int64_t k = first_cycle; seen < total && fired_count_ < fired_.size();
       k += forward ? 1 : -1) {
    for (int i = 0; i < last - first; ++i) {
      const int e = forward ? first + i : last - 1 - i;
      if (crosses(from, to, static_cast<double>(k) + point(e), entered)) {
        fire(e, index);
        ++seen;
      }
    }
    if (k == last_cycle) break;
  }
  fired_dropped_ += total - seen;
}

void StateMachineInstance::refresh_active() {
  count_ = layer_count_;
  for (std::size_t i = 0; i < layer_count_; ++i) {
    active_[i] = ActiveState{layers_[i].state, layer_weight(i), display_time(layers_[i])};
  }
}

bool StateMachineInstance::sample_state(const Layer& layer) {
  const StateDef& s = def_->states[layer.state];
  const float phase = display_time(layer);
  std::vector<Transform>& out = poses_[layer.slot];
  if (s.motion.kind == MotionRef::Kind::kClip) {
    const ClipSampler sampler{clips_, skeleton_->rest, soa_rest_, soa_scratch_};
    return sampler.sample(s.motion.index, phase * clips_.duration(s.motion.index),
                          cursors_[kSlotPoses * layer.slot], out);
  }
  if (s.motion.kind == MotionRef::Kind::kBlendSpace2D) {
    const BlendSpace2DDef& space = def_->blend_spaces_2d[s.motion.index];
    BlendSpace2DSampler sampler;
    sampler.space = &space;
    sampler.clips = clips_;
    sampler.rest = skeleton_->rest;
    sampler.soa_rest = soa_rest_;
    sampler.soa = soa_scratch_;
    sampler.weights = weights_2d(space);
    sampler.phase = phase;
    sampler.cursors = &cursors_[kSlotPoses * layer.slot];
    for (int i = 0; i < kSlotPoses; ++i) sampler.scratch[i] = scratch_[kSlotPoses * layer.slot + i];
    sampler.output = out;
    return sampler.run();
  }
  const BlendSpace1DDef& space = def_->blend_spaces[s.motion.index];
  BlendSpaceSampler sampler;
  sampler.space = &space;
  sampler.clips = clips_;
  sampler.rest = skeleton_->rest;
  sampler.soa_rest = soa_rest_;
  sampler.soa = soa_scratch_;
  sampler.weights = blend_space_weights(space, params_[space.parameter].value);
  sampler.phase = phase;
  sampler.cursors = &cursors_[kSlotPoses * layer.slot];
  sampler.scratch_a = scratch_[kSlotPoses * layer.slot];
  sampler.scratch_b = scratch_[kSlotPoses * layer.slot + 1];
  sampler.output = out;
  return sampler.run();
}

bool StateMachineInstance::evaluate(Span<Transform> output) {
  if (output.size() != skeleton_->joint_count() || layer_count_ == 0) return false;
  std::array<BlendLayer, kMaxActive> blend{};
  for (std::size_t i = 0; i < layer_count_; ++i) {
    if (!sample_state(layers_[i])) return false;
    blend[i] = BlendLayer{poses_[layers_[i].slot], active_[i].weight, {}};
  }
  if (layer_count_ == 1) {
    std::copy(poses_[layers_[0].slot].begin(), poses_[layers_[0].slot].end(), output.begin());
    return true;
  }
  BlendingJob job;
  job.layers = Span<const BlendLayer>(blend.data(), layer_count_);
  job.rest = skeleton_->rest;
  job.output = output;
  return job.run();
}

}  // namespace anim
