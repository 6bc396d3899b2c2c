#include "anim/ui/scene/pose_overlays.h"

#include <algorithm>
#include <cmath>

namespace anim::ui {

std::vector<OnionSample> onion_sample_times(float time, float duration, bool loop, int frames,
                                            float step) {
  std::vector<OnionSample> out;
  if (frames <= 0 || !(step > 0.0f) || !(duration > 0.0f) || !std::isfinite(step) ||
      !std::isfinite(duration) || !std::isfinite(time)) {
    return out;
  }
  frames = std::min(frames, OverlayRequest::kMaxOnionFrames);
  for (int k = 1; k <= frames; ++k) {
    for (const float sign : {-1.0f, 1.0f}) {
      const float offset = sign * static_cast<float>(k) * step;
      const float t = time + offset;
      if (loop) {
        out.push_back({wrap_time(t, duration, true), offset});
      } else if (t >= 0.0f && t <= duration) {
        out.push_back({t, offset});
      }
    }
  }
  return out;
}

void PoseOverlays::set_request(const OverlayRequest& request) {
  request_ = request;
  request_.onion_frames = std::clamp(request_.onion_frames, 0, OverlayRequest::kMaxOnionFrames);
  if (!request_.ghosts) clear_ghosts();
  if (request_.onion_frames == 0 || !(request_.onion_step > 0.0f)) clear_onion();
}

void PoseOverlays::set_ghosts(const Model& model, Span<const Transform> source,
                              Span<const Transform> target, float progress) {
  ghosts_.active = ghosts_.source.update(model, source) && ghosts_.target.update(model, target);
  ghosts_.progress = std::clamp(progress, 0.0f, 1.0f);
}

void PoseOverlays::set_transition_ghosts(const Model& model, const StateMachineInstance& sm) {
  clear_ghosts();
  const StateMachineInstance::TransitionStatus t = sm.transition(0);
  const Span<const StateMachineInstance::ActiveState> active = sm.active_states(0);
  if (t.transition < 0 || active.size() < 2) return;
  const std::size_t to = active.size() - 1;  // The destination is the newest track.
  std::size_t from = to - 1;
  for (std::size_t i = to; i-- > 0;) {
    if (active[i].state == t.from) {
      from = i;
      break;
    }
  }
  // The state machine keeps them in SoA form.
  const Span<const SoaTransform> source = sm.active_pose(0, from);
  const Span<const SoaTransform> target = sm.active_pose(0, to);
  const std::size_t joints = model.skeleton.joint_count();
  if (source.size() != soa_block_count(joints) || target.size() != source.size()) return;
  transition_source_.resize(joints);
  transition_target_.resize(joints);
  from_soa(source, transition_source_);
  from_soa(target, transition_target_);
  set_ghosts(model, transition_source_, transition_target_, active[to].weight);
}

void PoseOverlays::move_ghosts(const glm::mat4& world) {
  if (!ghosts_.active) return;
  ghosts_.source.move(world);
  ghosts_.target.move(world);
}

bool PoseOverlays::set_onion(const Model& model, const Clip& clip, float time, bool loop) {
  const std::vector<OnionSample> samples =
      onion_sample_times(time, clip.duration, loop, request_.onion_frames, request_.onion_step);
  if (onion_.size() < samples.size()) onion_.resize(samples.size());
  const std::size_t joints = model.skeleton.joint_count();
  scratch_.resize(joints);
  if (cursor_.joint_count() != joints) cursor_.resize(joints);
  onion_count_ = 0;
  for (const OnionSample& s : samples) {
    SamplingJob job{&clip, model.skeleton.rest, s.time, &cursor_, scratch_};
    OnionFrame& frame = onion_[onion_count_];
    if (!job.run() || !frame.pose.update(model, scratch_)) {
      onion_count_ = 0;
      return false;
    }
    frame.sample = s;
    ++onion_count_;
  }
  return true;
}

}  // namespace anim::ui
