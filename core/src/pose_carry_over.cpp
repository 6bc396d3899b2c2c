#include "anim/pose_carry_over.h"

#include <algorithm>
#include <cmath>

#include "prefetch.h"

namespace anim {

PoseCarryOver::PoseCarryOver(std::size_t joints, bool inertialize, bool dead_blend)
    : history_{make_soa_pose(joints), make_soa_pose(joints)} {
  if (inertialize) offsets_ = InertialOffsets(joints);
  if (dead_blend) dead_ = DeadBlendSource(joints);
}

std::size_t PoseCarryOver::byte_size() const {
  std::size_t bytes =
      sizeof(*this) + offsets_.byte_size() - sizeof(offsets_) + dead_.byte_size() - sizeof(dead_);
  for (const SoaPose& pose : history_) bytes += pose.capacity() * sizeof(SoaTransform);
  return bytes;
}

bool PoseCarryOver::can_start(TransitionBlend blend, float duration, float half_life) const {
  if (history_[0].empty() || !std::isfinite(duration) || !(duration > 0.0f)) return false;
  switch (blend) {
    case TransitionBlend::kInertialize:
      return offsets_.joint_count() > 0;
    case TransitionBlend::kDeadBlend:
      return dead_.joint_count() > 0 && std::isfinite(half_life) && half_life > 0.0f;
    case TransitionBlend::kCrossfade:
      break;
  }
  return false;
}

void PoseCarryOver::next_frame(float dt) {
  if (!std::isfinite(dt) || dt < 0.0f) dt = 0.0f;
  next_dt_ = dt;
  recorded_ = false;
  if (time_ < 0.0f) return;
  time_ += dt;
  if (!(time_ < duration_)) stop();  // Done: the pose is the new one's own.
}

bool PoseCarryOver::start(TransitionBlend blend, float duration, float half_life) {
  if (!can_start(blend, duration, half_life)) return false;
  blend_ = blend;
  duration_ = duration;
  half_life_ = half_life;
  capture_ = true;
  time_ = 0.0f;
  return true;
}

void PoseCarryOver::prefetch() const {
  if (history_[0].empty()) return;
  const SoaPose& next = history_[1 - latest_];  // apply() after next_frame() keeps its pose here.
  detail::prefetch_bytes<detail::Access::kWrite>(next.data(), next.size() * sizeof(SoaTransform),
                                                 64);
  if (!carrying()) return;
  if (blend_ == TransitionBlend::kDeadBlend) {
    dead_.prefetch();
  } else {
    offsets_.prefetch();
  }
}

bool PoseCarryOver::hold(Span<const SoaTransform> pose) {
  if (history_[0].empty() || pose.size() != history_[0].size()) return false;
  std::copy(pose.begin(), pose.end(), history_[latest_].begin());
  frames_ = 1;
  recorded_ = true;  // An apply() before the next frame replaces it.
  return true;
}

void PoseCarryOver::apply(Span<SoaTransform> pose) {
  if (history_[0].empty() || pose.size() != history_[0].size()) return;
  const bool dead = blend_ == TransitionBlend::kDeadBlend;
  if (capture_) {
    capture_ = false;
    const SoaPose& previous = history_[latest_];
    const SoaPose& before = frames_ >= 2 ? history_[1 - latest_] : previous;
    // Nothing shown yet: nothing to carry over.
    const bool started =
        frames_ > 0 &&
        (dead ? DeadBlendStartJob{previous, before, history_dt_, half_life_, &dead_}.run()
              : InertializationStartJob{previous, before, pose, history_dt_, duration_, 0.0f,
                                        &offsets_}
                    .run());
    if (!started) stop();
  }
  if (carrying()) {
    const bool carried = dead ? DeadBlendJob{&dead_, time_, pose, target_weight(), pose}.run()
                              : InertializationJob{&offsets_, time_, pose, pose}.run();
    if (!carried) stop();
  }
  if (!recorded_) {
    latest_ = 1 - latest_;
    frames_ = std::min(frames_ + 1, 2);
    history_dt_ = next_dt_;
    recorded_ = true;
  }
  std::copy(pose.begin(), pose.end(), history_[latest_].begin());
}

float PoseCarryOver::target_weight() const {
  if (!carrying()) return 1.0f;
  const float u = std::min(time_ / duration_, 1.0f);
  if (blend_ == TransitionBlend::kDeadBlend) return u * u * (3.0f - 2.0f * u);
  // An offset of 1 at rest at the switch: what is left of it along the decay.
  return 1.0f - InertialDecay::make(1.0f, 0.0f, duration_).at(time_);
}

}  // namespace anim
