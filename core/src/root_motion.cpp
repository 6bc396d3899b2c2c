#include "anim/root_motion.h"

#include <algorithm>
#include <cmath>

namespace anim {
namespace {

// Index k of the key with times[k] <= time < times[k + 1], for times[0] < time < times.back().
// First the key `hint` names and the one after it (a character playing on), then a guess from the
// time's place between the ends (tracks are keyed at their clip's rate, mostly evenly: the guess
// lands on the key or next to it, and a few steps correct it), and a binary search for keys far
// from even.
std::size_t key_before(const std::vector<float>& times, float time, std::size_t hint) {
  const std::size_t last = times.size() - 1;
  if (hint < last && times[hint] <= time) {
    if (time < times[hint + 1]) return hint;
    if (hint + 2 <= last && time < times[hint + 2]) return hint + 1;
  }
  const float span = times[last] - times[0];
  std::size_t k = std::min(
      last - 1, static_cast<std::size_t>((time - times[0]) / span * static_cast<float>(last)));
  for (int step = 0; step < 3; ++step) {
    if (times[k] > time) {
      --k;  // times[0] < time: stays at or above 0.
    } else if (times[k + 1] <= time) {
      ++k;  // time < times[last]: stays below last.
    } else {
      return k;
    }
  }
  return static_cast<std::size_t>(std::upper_bound(times.begin(), times.end(), time) -
                                  times.begin()) -
         1;
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

glm::mat4 to_matrix(const RootMotion& move) {
  glm::mat4 out = glm::mat4_cast(move.rotation);
  out[3] = glm::vec4(move.translation, 1.0f);
  return out;
}

RootMotion root_frame_at(const RootMotionTrack& track, float time, RootMotionCursor* cursor) {
  if (track.times.empty()) return {};
  if (cursor != nullptr && cursor->time == time) return cursor->frame;  // Never for NaN.
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
    const std::size_t prev = key_before(times, time, cursor != nullptr ? cursor->key : 0);
    if (cursor != nullptr) cursor->key = static_cast<uint32_t>(prev);
    const std::size_t next = prev + 1;
    const float t = (time - times[prev]) / (times[next] - times[prev]);
    displacement =
        track.translations[prev] + (track.translations[next] - track.translations[prev]) * t;
    glm::quat b = track.rotations[next];
    const glm::quat& a = track.rotations[prev];
    if (glm::dot(a, b) < 0.0f) b = -b;
    turn = detail::normalized_or_identity(a * (1.0f - t) + b * t);
  }
  // The frame turns about the pivot, then moves: T(pivot + d) R(q) T(-pivot).
  RootMotion frame;
  frame.rotation = turn;
  frame.translation = track.pivot + displacement - turn * track.pivot;
  if (cursor != nullptr) {
    cursor->time = time;
    cursor->frame = frame;
  }
  return frame;
}

RootMotion root_motion_between(const RootMotionTrack& track, float from, float to, int64_t wraps,
                               RootMotionCursor* cursor) {
  if (track.empty() || (wraps == 0 && from == to)) return {};
  const RootMotion start = root_frame_at(track, from, cursor);
  if (wraps != 0) {
    // Not remembered: the next update starts where this one ends, at `to`.
    const RootMotion cycle = root_frame_at(track, track.duration, nullptr);
    const RootMotion moved = compose(
        inverse(start), wraps > 0 ? repeated(cycle, wraps) : repeated(inverse(cycle), -wraps));
    return compose(moved, root_frame_at(track, to, cursor));
  }
  // Most updates: compose(inverse(start), end) in one step. Both frames' rotations are unit
  // length, and so (to rounding) is their product: no renormalizing.
  const RootMotion end = root_frame_at(track, to, cursor);
  const glm::quat back = glm::conjugate(start.rotation);
  RootMotion moved;
  moved.translation = back * (end.translation - start.translation);
  moved.rotation = back * end.rotation;
  return moved;
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
  if (moves.size() == 2) {  // A 1D blend space: the loop below, unrolled.
    const float total = weights[0] + weights[1];
    RootMotion out;
    if (total > 0.0f) {
      const float w0 = weights[0] / total, w1 = weights[1] / total;
      const glm::quat& a = moves[0].rotation;
      const glm::quat& b = moves[1].rotation;
      const bool flip = glm::dot(a, b) < 0.0f;  // Onto the heavier move's hemisphere.
      const bool first_heavier = !(weights[1] > weights[0]);
      out.translation = moves[0].translation * w0 + moves[1].translation * w1;
      out.rotation = detail::normalized_or_identity(
          (flip && !first_heavier ? -a : a) * w0 + (flip && first_heavier ? -b : b) * w1);
    }
    *output = out;
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
    out.rotation = detail::normalized_or_identity(rotation);
  }
  *output = out;
  return true;
}

}  // namespace anim
