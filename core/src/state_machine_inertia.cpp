// StateMachineInstance's inertialized transitions (state_machine.h, Inertia): the machine
// switches at once, and the offsets from the pose it showed decay on the new state's pose.
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
    Inertia& in = inertia_[mi];
    if (inertialized) in.offsets = InertialOffsets(joints);
    if (dead_blended) in.dead = DeadBlendSource(joints);
    in.history = {make_soa_pose(joints), make_soa_pose(joints)};
  }
}

void StateMachineInstance::update_inertia(float dt) {
  for (std::size_t mi = 0; mi < inertia_.size(); ++mi) {
    Inertia& in = inertia_[mi];
    in.recorded = false;
    const Machine& m = machines_[mi];
    const TransitionDef* started = m.started >= 0 ? &(*m.transitions)[m.started] : nullptr;
    if (started != nullptr && switches_at_once(started->blend)) {
      in.capture = true;
      in.mode = started->blend;
      in.duration = started->duration;
      in.half_life = started->half_life;
      in.time = 0.0f;
      in.transition = m.started;
      in.from = m.running_from;
      in.to = started->to;
      in.interrupted = m.started_interrupting;
    } else if (in.time >= 0.0f) {
      in.time += dt;
      if (!(in.time < in.duration)) in.time = -1.0f;  // Done: the pose is the machine's own.
    }
  }
}

StateMachineInstance::CarryOver StateMachineInstance::carry_over(int layer) const {
  CarryOver out;
  if (layer < 0 || static_cast<std::size_t>(layer) >= inertia_.size()) return out;
  const Inertia& in = inertia_[static_cast<std::size_t>(layer)];
  if (in.time < 0.0f || !(in.time < in.duration) || in.transition < 0) return out;
  out.transition = in.transition;
  out.from = in.from;
  out.to = in.to;
  out.blend = in.mode;
  out.duration = in.duration;
  out.elapsed = in.time;
  out.half_life = in.half_life;
  out.interrupted = in.interrupted;
  return out;
}

void StateMachineInstance::inertialize(std::size_t machine, Span<SoaTransform> pose) {
  if (machine >= inertia_.size()) return;
  Inertia& in = inertia_[machine];
  if (in.history[0].empty()) return;
  const bool dead = in.mode == TransitionBlend::kDeadBlend;
  if (in.capture) {
    in.capture = false;
    const SoaPose& previous = in.history[in.latest];
    const SoaPose& before = in.frames >= 2 ? in.history[1 - in.latest] : previous;
    // Nothing shown yet (the switch came in the first update): nothing to carry over.
    const bool started =
        in.frames > 0 &&
        (dead ? DeadBlendStartJob{previous, before, in.history_dt, in.half_life, &in.dead}.run()
              : InertializationStartJob{previous, before, pose, in.history_dt, in.duration, 0.0f,
                                        &in.offsets}
                    .run());
    if (!started) in.time = -1.0f;
  }
  if (in.time >= 0.0f) {
    bool carried = false;
    if (dead) {
      // A smoothstep of the progress: flat at the switch, so the old velocity carries over.
      const float u = in.duration > 0.0f ? std::min(in.time / in.duration, 1.0f) : 1.0f;
      carried = DeadBlendJob{&in.dead, in.time, pose, u * u * (3.0f - 2.0f * u), pose}.run();
    } else {
      carried = InertializationJob{&in.offsets, in.time, pose, pose}.run();
    }
    if (!carried) in.time = -1.0f;
  }
  // The pose shown, for the next switch: a new entry once per update (an evaluate repeated
  // before the next update replaces it).
  if (!in.recorded) {
    in.latest = 1 - in.latest;
    in.frames = std::min(in.frames + 1, 2);
    in.history_dt = last_dt_;
    in.recorded = true;
  }
  std::copy(pose.begin(), pose.end(), in.history[in.latest].begin());
}

}  // namespace anim
