// StateMachineInstance's inertialized transitions (state_machine.h, Inertia): the machine
// switches at once, and the offsets from the pose it showed decay on the new state's pose.
#include <algorithm>

#include "anim/state_machine.h"

namespace anim {

void StateMachineInstance::init_inertia() {
  const std::size_t joints = skeleton_->joint_count();
  for (std::size_t mi = 0; mi < machines_.size(); ++mi) {
    const std::vector<TransitionDef>& transitions = *machines_[mi].transitions;
    const bool used = std::any_of(transitions.begin(), transitions.end(), [](const auto& t) {
      return t.blend == TransitionBlend::kInertialize;
    });
    if (!used) continue;
    inertia_.resize(machines_.size());  // Empty entries for the machines without.
    Inertia& in = inertia_[mi];
    in.offsets = InertialOffsets(joints);
    in.history = {make_soa_pose(joints), make_soa_pose(joints)};
  }
}

void StateMachineInstance::update_inertia(float dt) {
  for (std::size_t mi = 0; mi < inertia_.size(); ++mi) {
    Inertia& in = inertia_[mi];
    in.recorded = false;
    const Machine& m = machines_[mi];
    if (m.started >= 0 && (*m.transitions)[m.started].blend == TransitionBlend::kInertialize) {
      in.capture = true;
      in.duration = (*m.transitions)[m.started].duration;
      in.time = 0.0f;
    } else if (in.time >= 0.0f) {
      in.time += dt;
      if (!(in.time < in.duration)) in.time = -1.0f;  // Done: the pose is the machine's own.
    }
  }
}

void StateMachineInstance::inertialize(std::size_t machine, Span<SoaTransform> pose) {
  if (machine >= inertia_.size()) return;
  Inertia& in = inertia_[machine];
  if (in.offsets.joint_count() == 0) return;
  if (in.capture) {
    in.capture = false;
    const SoaPose& previous = in.history[in.latest];
    const SoaPose& before = in.frames >= 2 ? in.history[1 - in.latest] : previous;
    // Nothing shown yet (the switch came in the first update): nothing to carry over.
    if (in.frames == 0 || !InertializationStartJob{previous, before, pose, in.history_dt,
                                                   in.duration, 0.0f, &in.offsets}
                               .run()) {
      in.time = -1.0f;
    }
  }
  if (in.time >= 0.0f && !InertializationJob{&in.offsets, in.time, pose, pose}.run()) {
    in.time = -1.0f;
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
