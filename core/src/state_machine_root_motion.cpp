// StateMachineInstance's root motion (state_machine.h, update()): how the base machine's active
// states moved the character over an update, and the pose of a state that keeps its motion.
#include <algorithm>
#include <array>
#include <cmath>

#include <glm/mat4x4.hpp>

#include "anim/blend_space.h"
#include "anim/blend_space_2d.h"
#include "anim/state_machine.h"

namespace anim {
namespace {

glm::mat4 frame_matrix(const RootMotion& m) {
  glm::mat4 out = glm::mat4_cast(m.rotation);
  out[3] = glm::vec4(m.translation, 1.0f);
  return out;
}

// The clips a state plays and their weights (a clip alone: itself, weight 1); how many.
struct StateClips {
  std::array<int, 3> clips{};
  std::array<float, 3> weights{};
  int count = 0;
};

}  // namespace

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

namespace {

StateClips clips_of(const StateDef& s, const StateMachineDef& def, const BlendSpaceWeights* w1,
                    const BlendSpace2DWeights* w2) {
  StateClips out;
  if (s.motion.kind == MotionRef::Kind::kClip) {
    out.clips[0] = s.motion.index;
    out.weights[0] = 1.0f;
    out.count = 1;
  } else if (s.motion.kind == MotionRef::Kind::kBlendSpace2D) {
    const BlendSpace2DDef& space = def.blend_spaces_2d[static_cast<std::size_t>(s.motion.index)];
    for (int i = 0; i < w2->count; ++i) {
      out.clips[static_cast<std::size_t>(i)] = space.clips[static_cast<std::size_t>(w2->points[i])];
      out.weights[static_cast<std::size_t>(i)] = w2->weights[static_cast<std::size_t>(i)];
    }
    out.count = w2->count;
  } else {
    const BlendSpace1DDef& space = def.blend_spaces[static_cast<std::size_t>(s.motion.index)];
    out.clips[0] = space.clips[static_cast<std::size_t>(w1->lower)];
    out.weights[0] = 1.0f - w1->upper_weight;
    out.clips[1] = space.clips[static_cast<std::size_t>(w1->upper)];
    out.weights[1] = w1->upper_weight;
    out.count = 2;
  }
  return out;
}

}  // namespace

RootMotion StateMachineInstance::track_move(const Machine& m, const Track& track) const {
  const StateDef& s = (*m.states)[static_cast<std::size_t>(track.state)];
  if (!s.root_motion) return {};
  BlendSpaceWeights w1;
  BlendSpace2DWeights w2;
  if (s.motion.kind == MotionRef::Kind::kBlendSpace) {
    const BlendSpace1DDef& space = def_->blend_spaces[static_cast<std::size_t>(s.motion.index)];
    w1 = blend_space_weights(space, params_[static_cast<std::size_t>(space.parameter)].value);
  } else if (s.motion.kind == MotionRef::Kind::kBlendSpace2D) {
    w2 = weights_2d(def_->blend_spaces_2d[static_cast<std::size_t>(s.motion.index)]);
  }
  const StateClips clips = clips_of(s, *def_, &w1, &w2);
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
  std::array<RootMotion, 3> moves{};
  for (int i = 0; i < clips.count; ++i) {
    const int c = clips.clips[static_cast<std::size_t>(i)];
    if (c < 0 || static_cast<std::size_t>(c) >= clips_.size()) continue;
    const RootMotionTrack& t = clips_.root_motion()[static_cast<std::size_t>(c)];
    const float d = clips_.duration(static_cast<std::size_t>(c));
    moves[static_cast<std::size_t>(i)] = root_motion_between(t, from * d, to * d, wraps);
  }
  RootMotion out;
  RootMotionBlendJob{Span<const RootMotion>(moves.data(), static_cast<std::size_t>(clips.count)),
                     Span<const float>(clips.weights.data(), static_cast<std::size_t>(clips.count)),
                     &out}
      .run();
  return out;
}

RootMotion StateMachineInstance::state_frame(const StateDef& s, float phase) const {
  BlendSpaceWeights w1;
  BlendSpace2DWeights w2;
  if (s.motion.kind == MotionRef::Kind::kBlendSpace) {
    const BlendSpace1DDef& space = def_->blend_spaces[static_cast<std::size_t>(s.motion.index)];
    w1 = blend_space_weights(space, params_[static_cast<std::size_t>(space.parameter)].value);
  } else if (s.motion.kind == MotionRef::Kind::kBlendSpace2D) {
    w2 = weights_2d(def_->blend_spaces_2d[static_cast<std::size_t>(s.motion.index)]);
  }
  const StateClips clips = clips_of(s, *def_, &w1, &w2);
  std::array<RootMotion, 3> frames{};
  for (int i = 0; i < clips.count; ++i) {
    const int c = clips.clips[static_cast<std::size_t>(i)];
    if (c < 0 || static_cast<std::size_t>(c) >= clips_.size()) continue;
    frames[static_cast<std::size_t>(i)] =
        root_frame_at(clips_.root_motion()[static_cast<std::size_t>(c)],
                      phase * clips_.duration(static_cast<std::size_t>(c)));
  }
  RootMotion out;
  RootMotionBlendJob{Span<const RootMotion>(frames.data(), static_cast<std::size_t>(clips.count)),
                     Span<const float>(clips.weights.data(), static_cast<std::size_t>(clips.count)),
                     &out}
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
  const glm::mat4 moved =
      root_parent_inverse_ * frame_matrix(frame) * root_parent_ * to_matrix(local);
  local.translation = glm::vec3(moved[3]);
  glm::mat3 r(moved);
  for (int c = 0; c < 3; ++c) {
    const float length = glm::length(r[c]);
    if (length > 0.0f) r[c] /= length;
  }
  local.rotation = glm::normalize(glm::quat_cast(r));
  block.set(joint % 4, local);
}

RootMotion StateMachineInstance::base_root_motion() const {
  if (!moves_ || machines_.empty()) return {};
  const Machine& m = machines_[0];
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
