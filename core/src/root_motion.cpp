#include "anim/root_motion.h"

#include <algorithm>
#include <cmath>

namespace anim {
namespace {

glm::quat normalized_or_identity(const glm::quat& q) {
  const float length = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  if (!(length > 1e-20f) || !std::isfinite(length)) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  return q / length;
}

// The move `move` repeated `count` times (count >= 0), by squaring.
RootMotion repeated(RootMotion move, int64_t count) {
  RootMotion out;
  while (count > 0) {
    if (count & 1) out = compose(out, move);
    move = compose(move, move);
    count >>= 1;
  }
  return out;
}

}  // namespace

RootMotion compose(const RootMotion& first, const RootMotion& then) {
  RootMotion out;
  out.translation = first.translation + first.rotation * then.translation;
  out.rotation = normalized_or_identity(first.rotation * then.rotation);
  return out;
}

RootMotion inverse(const RootMotion& move) {
  RootMotion out;
  out.rotation = glm::conjugate(move.rotation);
  out.translation = -(out.rotation * move.translation);
  return out;
}

glm::vec3 apply(const RootMotion& move, const glm::vec3& point) {
  return move.translation + move.rotation * point;
}

glm::mat4 to_matrix(const RootMotion& move) {
  glm::mat4 out = glm::mat4_cast(move.rotation);
  out[3] = glm::vec4(move.translation, 1.0f);
  return out;
}

RootMotion root_frame_at(const RootMotionTrack& track, float time) {
  if (track.times.empty()) return {};
  const std::vector<float>& times = track.times;
  glm::vec3 displacement;
  glm::quat turn;
  if (!(time > times.front())) {  // Also NaN.
    displacement = track.translations.front();
    turn = track.rotations.front();
  } else if (time >= times.back()) {
    displacement = track.translations.back();
    turn = track.rotations.back();
  } else {
    const std::size_t next = static_cast<std::size_t>(
        std::upper_bound(times.begin(), times.end(), time) - times.begin());
    const std::size_t prev = next - 1;
    const float t = (time - times[prev]) / (times[next] - times[prev]);
    displacement =
        track.translations[prev] + (track.translations[next] - track.translations[prev]) * t;
    glm::quat b = track.rotations[next];
    const glm::quat& a = track.rotations[prev];
    if (glm::dot(a, b) < 0.0f) b = -b;
    turn = normalized_or_identity(a * (1.0f - t) + b * t);
  }
  // The frame turns about the pivot, then moves: T(pivot + d) R(q) T(-pivot).
  RootMotion frame;
  frame.rotation = turn;
  frame.translation = track.pivot + displacement - turn * track.pivot;
  return frame;
}

RootMotion root_motion_between(const RootMotionTrack& track, float from, float to, int64_t wraps) {
  if (track.empty() || (wraps == 0 && from == to)) return {};
  RootMotion moved = inverse(root_frame_at(track, from));
  if (wraps != 0) {
    const RootMotion cycle = root_frame_at(track, track.duration);
    moved = compose(moved, wraps > 0 ? repeated(cycle, wraps) : repeated(inverse(cycle), -wraps));
  }
  return compose(moved, root_frame_at(track, to));
}

bool RootMotionBlendJob::validate() const {
  if (output == nullptr || moves.size() != weights.size()) return false;
  for (float w : weights) {
    if (!(w >= 0.0f) || !std::isfinite(w)) return false;
  }
  return true;
}

bool RootMotionBlendJob::run() const {
  if (!validate()) return false;
  if (moves.size() == 1 && weights[0] > 0.0f) {  // Most frames: one state, one clip.
    *output = moves[0];
    return true;
  }
  float total = 0.0f;
  for (float w : weights) total += w;
  RootMotion out;
  if (total > 0.0f) {
    glm::vec3 translation(0.0f);
    glm::quat rotation(0.0f, 0.0f, 0.0f, 0.0f);
    // On the hemisphere of the heaviest move, so opposite signs of one turn do not cancel.
    std::size_t heaviest = 0;
    for (std::size_t i = 1; i < weights.size(); ++i) {
      if (weights[i] > weights[heaviest]) heaviest = i;
    }
    const glm::quat reference = moves[heaviest].rotation;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const float w = weights[i] / total;
      translation += moves[i].translation * w;
      const glm::quat q =
          glm::dot(moves[i].rotation, reference) < 0.0f ? -moves[i].rotation : moves[i].rotation;
      rotation = rotation + q * w;
    }
    out.translation = translation;
    out.rotation = normalized_or_identity(rotation);
  }
  *output = out;
  return true;
}

}  // namespace anim
