// StateMachineInstance's root motion (state_machine.h, update()): how the base machine's active
// states moved the character over an update, and the pose of a state that keeps its motion.
#include <algorithm>
#include <array>
#include <cmath>

#include <glm/mat4x4.hpp>

#include "anim/blend_space.h"
#include "anim/blend_space_2d.h"
#include "anim/state_machine.h"
#include "anim/transform.h"

namespace anim {
void StateMachineInstance::init_root_motion() {
  const int joint = def_->root_motion_joint;
  moves_ = joint >= 0 && static_cast<std::size_t>(joint) < skeleton_->joint_count() &&
           clips_.root_motion().size() == clips_.size() && clips_.size() > 0;
  if (!moves_) return;
  glm::mat4 parent(1.0f);
  std::array<int, 64> chain{};
  int count = 0;
  for (int p = skeleton_->parents[static_cast<std::size_t>(joint)]; p >= 0 && count < 64;
       p = skeleton_->parents[static_cast<std::size_t>(p)]) {
    chain[static_cast<std::size_t>(count++)] = p;
  }
  for (int i = count - 1; i >= 0; --i) {
    parent = parent * to_matrix(skeleton_->rest[static_cast<std::size_t>(chain[i])]);
  }
  root_parent_ = parent;
  root_parent_inverse_ = glm::inverse(parent);
}

int StateMachineInstance::state_clips(const StateDef& s, int* clips, float* weights) {
  if (s.motion.kind == MotionRef::Kind::kClip) {
    clips[0] = s.motion.index;
    weights[0] = 1.0f;
    return 1;
  }
  if (s.motion.kind == MotionRef::Kind::kBlendSpace2D) {
    const BlendSpace2DDef& space = def_->blend_spaces_2d[static_cast<std::size_t>(s.motion.index)];
    const BlendSpace2DWeights w = weights_2d(space);
    for (int i = 0; i < w.count; ++i) {
      clips[i] = space.clips[static_cast<std::size_t>(w.points[static_cast<std::size_t>(i)])];
      weights[i] = w.weights[static_cast<std::size_t>(i)];
    }
    return w.count;
  }
  const BlendSpace1DDef& space = def_->blend_spaces[static_cast<std::size_t>(s.motion.index)];
  const BlendSpaceWeights w = weights_1d(s.motion.index);
  clips[0] = space.clips[static_cast<std::size_t>(w.lower)];
  weights[0] = 1.0f - w.upper_weight;
  clips[1] = space.clips[static_cast<std::size_t>(w.upper)];
  weights[1] = w.upper_weight;
  return 2;
}

RootMotion StateMachineInstance::track_move(const Machine& m, const Track& track) {
  const StateDef& s = (*m.states)[static_cast<std::size_t>(track.state)];
  if (!s.root_motion) return {};
  // The phase interval every clip of the state played (phase-synced: each at its own duration).
  float from = 0.0f, to = 0.0f;
  int64_t wraps = 0;
  if (s.loop) {
    from = track.previous_time.fraction;
    to = track.time.fraction;
    wraps = track.time.cycles - track.previous_time.cycles;
  } else {
    from = static_cast<float>(std::clamp(track.previous_time.total(), 0.0, 1.0));
    to = static_cast<float>(std::clamp(track.time.total(), 0.0, 1.0));
  }
  std::array<int, 3> clips{};
  std::array<float, 3> weights{};
  const int count = state_clips(s, clips.data(), weights.data());
  const int leader = track_leader(s, track);
  // Each clip's part, moved and blended in one job (clips without weight are not sampled).
  std::array<RootMotionPart, 3> parts;
  std::size_t used = 0;
  for (int i = 0; i < count; ++i) {
    const std::size_t c = static_cast<std::size_t>(clips[static_cast<std::size_t>(i)]);
    const float weight = weights[static_cast<std::size_t>(i)];
    if (c >= clips_.size() || !(weight > 0.0f)) continue;
    const float d = clips_.duration(c);
    float clip_from = from, clip_to = to;
    int64_t clip_wraps = wraps;
    if (leader >= 0 && static_cast<int>(c) != leader) {
      // A follower, between its markers where the leader is between its own: it went round as
      // many times as the leader, give or take the one its own cycle's start adds.
      clip_from = clip_phase(leader, from, static_cast<int>(c));
      clip_to = clip_phase(leader, to, static_cast<int>(c));
      if (s.loop) {
        const double leader_cycles = static_cast<double>(wraps) + (to - from);
        clip_wraps = std::llround(leader_cycles - (clip_to - clip_from));
      }
    }
    // The base machine's cursor for the clip (root motion is the base's alone), asked for ahead
    // of the evaluate that samples with it (prefetch_cursors leaves it to this).
    ClipCursor* cursor = this->cursor(0, static_cast<int>(c), false);
    if (cursor != nullptr) cursor->prefetch();
    parts[used++] = RootMotionPart{&clips_.root_motion()[c],
                                   clip_from * d,
                                   clip_to * d,
                                   clip_wraps,
                                   cursor != nullptr ? cursor->motion() : nullptr,
                                   weight};
  }
  RootMotion out;
  RootMotionSamplingJob{Span<const RootMotionPart>(parts.data(), used), &out}.run();
  return out;
}

RootMotion StateMachineInstance::state_frame(const StateDef& s, float phase, int leader) {
  std::array<int, 3> clips{};
  std::array<float, 3> weights{};
  const int count = state_clips(s, clips.data(), weights.data());
  std::array<RootMotion, 3> frames{};
  for (int i = 0; i < count; ++i) {
    const std::size_t c = static_cast<std::size_t>(clips[static_cast<std::size_t>(i)]);
    if (c >= clips_.size()) continue;
    frames[static_cast<std::size_t>(i)] =
        root_frame_at(clips_.root_motion()[c],
                      clip_phase(leader, phase, static_cast<int>(c)) * clips_.duration(c));
  }
  RootMotion out;
  RootMotionBlendJob{Span<const RootMotion>(frames.data(), static_cast<std::size_t>(count)),
                     Span<const float>(weights.data(), static_cast<std::size_t>(count)), &out}
      .run();
  return out;
}

void StateMachineInstance::keep_motion_in_pose(const RootMotion& frame,
                                               Span<SoaTransform> pose) const {
  const std::size_t joint = static_cast<std::size_t>(def_->root_motion_joint);
  if (joint / 4 >= pose.size()) return;
  SoaTransform& block = pose[joint / 4];
  Transform local = block.get(joint % 4);
  // Back into the model where the clip had it, then into its parent's space again.
  const Transform moved =
      decompose(root_parent_inverse_ * to_matrix(frame) * root_parent_ * to_matrix(local));
  local.translation = moved.translation;
  local.rotation = moved.rotation;
  block.set(joint % 4, local);
}

RootMotion StateMachineInstance::base_root_motion() {
  if (!moves_ || machines_.empty()) return {};
  const Machine& m = machines_[0];
  // Most updates: one state, alone (what the blend below gives, without its copies).
  if (m.track_count == 1 && m.active[0].weight > 0.0f) return track_move(m, m.tracks[0]);
  std::array<RootMotion, kMaxActive> moves{};
  std::array<float, kMaxActive> weights{};
  for (std::size_t i = 0; i < m.track_count; ++i) {
    moves[i] = track_move(m, m.tracks[i]);
    weights[i] = std::max(0.0f, m.active[i].weight);
  }
  RootMotion out;
  RootMotionBlendJob{Span<const RootMotion>(moves.data(), m.track_count),
                     Span<const float>(weights.data(), m.track_count), &out}
      .run();
  return out;
}

}  // namespace anim
