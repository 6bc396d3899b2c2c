// StateMachineInstance's inertialized transitions (state_machine.h): the machine switches at
// once, and each machine's PoseCarryOver lays the pose it showed onto the new state's.
#include <algorithm>

#include "anim/state_machine.h"

namespace anim {

void StateMachineInstance::init_inertia() {
  const std::size_t joints = skeleton_->joint_count();
  for (std::size_t mi = 0; mi < machines_.size(); ++mi) {
    const std::vector<TransitionDef>& transitions = *machines_[mi].transitions;
    const auto uses = [&](TransitionBlend blend) {
      return std::any_of(transitions.begin(), transitions.end(),
                         [&](const TransitionDef& t) { return t.blend == blend; });
    };
    const bool inertialized = uses(TransitionBlend::kInertialize);
    const bool dead_blended = uses(TransitionBlend::kDeadBlend);
    if (!inertialized && !dead_blended) continue;
    inertia_.resize(machines_.size());  // Empty entries for the machines without.
    carry_switches_.resize(machines_.size());
    inertia_[mi] = PoseCarryOver(joints, inertialized, dead_blended);
  }
}

void StateMachineInstance::update_inertia(float dt) {
  for (std::size_t mi = 0; mi < inertia_.size(); ++mi) {
    PoseCarryOver& carry = inertia_[mi];
    carry.next_frame(dt);
    const Machine& m = machines_[mi];
    const TransitionDef* started = m.started >= 0 ? &(*m.transitions)[m.started] : nullptr;
    if (started == nullptr || !switches_at_once(started->blend)) continue;
    // A switch that cannot carry over (no duration) is a cut, ending any carry-over before it.
    if (!carry.start(started->blend, started->duration, started->half_life)) carry.stop();
    carry_switches_[mi] =
        CarrySwitch{m.started, m.running_from, started->to, m.started_interrupting};
  }
}

StateMachineInstance::CarryOver StateMachineInstance::carry_over(int layer) const {
  CarryOver out;
  if (layer < 0 || static_cast<std::size_t>(layer) >= inertia_.size()) return out;
  const PoseCarryOver& carry = inertia_[static_cast<std::size_t>(layer)];
  const CarrySwitch& from = carry_switches_[static_cast<std::size_t>(layer)];
  if (!carry.carrying() || !(carry.time() < carry.duration()) || from.transition < 0) return out;
  out.transition = from.transition;
  out.from = from.from;
  out.to = from.to;
  out.blend = carry.blend();
  out.duration = carry.duration();
  out.elapsed = carry.time();
  out.half_life = carry.half_life();
  out.interrupted = from.interrupted;
  return out;
}

void StateMachineInstance::inertialize(std::size_t machine, Span<SoaTransform> pose) {
  if (machine < inertia_.size()) inertia_[machine].apply(pose);
}

}  // namespace anim
