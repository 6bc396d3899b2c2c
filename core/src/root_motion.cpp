#include "anim/root_motion.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>

#include "simd.h"

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

// Where a time falls among a track's keys: between `key` and `key + 1`, `t` of the way, or held
// at `key` (before the first key, after the last).
struct KeySpan {
  std::size_t key = 0;
  float t = 0.0f;
  bool between = false;
};

// The span `time` falls in, with the cursor's key as the hint (and updated); NaN holds at the
// first key.
[[gnu::always_inline]] inline KeySpan find_span(const RootMotionTrack& track, float time,
                                                RootMotionCursor* cursor) {
  const std::vector<float>& times = track.times;
  if (!(time > times.front())) return {0, 0.0f, false};
  if (time >= times.back()) return {times.size() - 1, 0.0f, false};
  const std::size_t prev = key_before(times, time, cursor != nullptr ? cursor->key : 0);
  if (cursor != nullptr) cursor->key = static_cast<uint32_t>(prev);
  return {prev, (time - times[prev]) / (times[prev + 1] - times[prev]), true};
}

glm::vec3 displacement_at(const RootMotionTrack& track, const KeySpan& span) {
  const glm::vec3& d = track.translations[span.key];
  return span.between ? d + (track.translations[span.key + 1] - d) * span.t : d;
}

// The frame at a time once its rotation is known, remembered by the cursor: it turns about the
// pivot (`turned_pivot`, the pivot turned by `rotation`), then moves: T(pivot + d) R(q) T(-pivot).
RootMotion frame_of(const RootMotionTrack& track, const glm::vec3& displacement,
                    const glm::quat& rotation, const glm::vec3& turned_pivot, float time,
                    RootMotionCursor* cursor) {
  RootMotion frame;
  frame.rotation = rotation;
  frame.translation = track.pivot + displacement - turned_pivot;
  if (cursor != nullptr) {
    cursor->time = time;
    cursor->frame = {frame.translation, frame.rotation};
  }
  return frame;
}

// A turn about coordinate axis A (x, y, z as 0, 1, 2) as its half angle's cosine and sine: the
// rotation (c, s along the axis). Templated on the axis, so that its components are registers.
struct Turn {
  float c = 1.0f, s = 0.0f;
};

template <int A>
Turn turn_of(const glm::quat& q) {
  return {q.w, q[A]};
}

template <int A>
glm::quat rotation_of(Turn t) {
  glm::quat q(t.c, 0.0f, 0.0f, 0.0f);
  q[A] = t.s;
  return q;
}

// `v` turned by twice the half angle (c, s) about axis A: by the whole angle's cosine and sine,
// c^2 - s^2 and 2 c s, in the plane of the other two axes.
template <int A>
glm::vec3 turned(const glm::vec3& v, float c, float s) {
  constexpr int i = (A + 1) % 3, j = (A + 2) % 3;
  const float cosine = c * c - s * s, sine = 2.0f * c * s;
  glm::vec3 out = v;
  out[i] = cosine * v[i] - sine * v[j];
  out[j] = sine * v[i] + cosine * v[j];
  return out;
}

// A frame or move of a track whose turns are about axis A: its translation and its turn's half
// angle. Kept in these five numbers from the keys to the output: a RootMotion stored and read
// back at once (a struct returned or copied) waits for its stores to reach the cache.
struct Planar {
  glm::vec3 translation;
  Turn turn;
};

// planar_frame_at when the cursor does not remember `time`: the shortest-path nlerp of two turns
// about one axis stays about it, so it runs on the half angles, and the pivot turns in the plane.
template <int A>
[[gnu::always_inline]] inline Planar planar_frame_sampled(const RootMotionTrack& track, float time,
                                                          RootMotionCursor* cursor) {
  const KeySpan span = find_span(track, time, cursor);
  Turn turn = turn_of<A>(track.rotations[span.key]);
  if (span.between) {
    const Turn a = turn, b = turn_of<A>(track.rotations[span.key + 1]);
    const float t = span.t;
    const float bt = a.c * b.c + a.s * b.s < 0.0f ? -t : t;  // b's weight, on a's hemisphere.
    turn.c = a.c * (1.0f - t) + b.c * bt;
    turn.s = a.s * (1.0f - t) + b.s * bt;
    const float length2 = turn.c * turn.c + turn.s * turn.s;
    if (length2 > 1e-40f && length2 < std::numeric_limits<float>::infinity()) {
      const float k = detail::inverse_sqrt(length2);
      turn.c *= k;
      turn.s *= k;
    } else {
      turn = Turn{};
    }
  }
  // It turns about the pivot, then moves: T(pivot + d) R(q) T(-pivot).
  const Planar frame{
      track.pivot + displacement_at(track, span) - turned<A>(track.pivot, turn.c, turn.s), turn};
  if (cursor != nullptr) {
    cursor->time = time;
    cursor->frame.translation = frame.translation;
    cursor->frame.rotation = rotation_of<A>(turn);
  }
  return frame;
}

// root_frame_at for a track whose turns are about axis A: what the cursor remembers (a character
// playing on asks for the frame its last update ended at), or sampled.
template <int A>
[[gnu::always_inline]] inline Planar planar_frame_at(const RootMotionTrack& track, float time,
                                                     RootMotionCursor* cursor) {
  if (cursor != nullptr && cursor->time == time) {  // Never for NaN.
    return {cursor->frame.translation, turn_of<A>(cursor->frame.rotation)};
  }
  return planar_frame_sampled<A>(track, time, cursor);
}

// `translation` and `rotation` as a move, each half of it written whole (RootMotion): the
// translation with the four bytes after it, the rotation in one piece.
RootMotion motion_of(const glm::vec3& translation, const glm::quat& rotation) {
  RootMotion out;
  const float first[4] = {translation.x, translation.y, translation.z, 0.0f};
  static_assert(offsetof(RootMotion, rotation) == sizeof(first), "RootMotion: halves");
  std::memcpy(static_cast<void*>(&out), first, sizeof(first));
  std::memcpy(static_cast<void*>(&out.rotation), &rotation, sizeof(rotation));
  return out;
}

template <int A>
RootMotion to_motion(const Planar& p) {
  return motion_of(p.translation, rotation_of<A>(p.turn));
}

// root_motion_between without wraps for a track whose turns are about axis A: the start undone
// from the end, in the plane.
template <int A>
[[gnu::always_inline]] inline Planar planar_move(const RootMotionTrack& track, float from, float to,
                                                 RootMotionCursor* cursor) {
  const Planar start = planar_frame_at<A>(track, from, cursor);
  const Planar end = planar_frame_at<A>(track, to, cursor);
  const Turn a = start.turn, b = end.turn;
  return {turned<A>(end.translation - start.translation, a.c, -a.s),
          {a.c * b.c + a.s * b.s, a.c * b.s - a.s * b.c}};
}

// A part's move (root_motion_between) when it moves without wraps on a track turning about axis
// A, or not at all.
template <int A>
[[gnu::always_inline]] inline Planar planar_part(const RootMotionPart& p) {
  if (p.track->empty() || p.from == p.to) return {glm::vec3(0.0f), Turn{}};
  return planar_move<A>(*p.track, p.from, p.to, p.cursor);
}

// `sum` (a blended turn's components about axis A) at unit length: detail::normalized_or_identity
// itself, on the quaternion whose other components are the zeros it adds exactly.
template <int A>
Turn normalized_or_identity(Turn sum) {
  return turn_of<A>(detail::normalized_or_identity(rotation_of<A>(sum)));
}

// `q` on the hemisphere of `reference` (the blend's reference: the heaviest part, the first of the
// heaviest), so that two signs of one turn do not cancel.
Turn on_hemisphere(const Turn& reference, const Turn& q) {
  return reference.c * q.c + reference.s * q.s < 0.0f ? Turn{-q.c, -q.s} : q;
}

// sample_planar for three parts or more (a 2D blend space's triangle): the general loop, kept out
// of line (the common cases stay small).
template <int A>
[[gnu::noinline]] RootMotion sample_planar_blend(const RootMotionPart* const* parts,
                                                 std::size_t count) {
  std::array<Planar, RootMotionSamplingJob::kMaxParts> moves;
  float total = 0.0f;
  std::size_t heaviest = 0;
  for (std::size_t i = 0; i < count; ++i) {
    moves[i] = planar_part<A>(*parts[i]);
    total += parts[i]->weight;
    if (parts[i]->weight > parts[heaviest]->weight) heaviest = i;
  }
  Planar out;
  out.translation = glm::vec3(0.0f);
  Turn sum{0.0f, 0.0f};
  for (std::size_t i = 0; i < count; ++i) {
    const float w = parts[i]->weight / total;
    const Turn q = on_hemisphere(moves[heaviest].turn, moves[i].turn);
    out.translation += moves[i].translation * w;
    sum = {sum.c + q.c * w, sum.s + q.s * w};
  }
  out.turn = normalized_or_identity<A>(sum);
  return to_motion<A>(out);
}

// RootMotionSamplingJob for `count` parts with weight (at least one) that each move without wraps
// along a track turning about axis A, or not at all: RootMotionBlendJob's arithmetic, step for
// step, on the components that can be other than zero (the others would add exact zeros). Out of
// line, one function per axis, so that the job's hot path stays a few cache lines long.
template <int A>
[[gnu::noinline]] RootMotion sample_planar(const RootMotionPart* const* parts, std::size_t count) {
  if (count == 1) return to_motion<A>(planar_part<A>(*parts[0]));  // One state, one clip.
  Planar out;
  if (count == 2) {  // A 1D blend space: RootMotionBlendJob's unrolled form.
    const Planar m0 = planar_part<A>(*parts[0]), m1 = planar_part<A>(*parts[1]);
    const float weight0 = parts[0]->weight, weight1 = parts[1]->weight;
    const float total = weight0 + weight1;
    const float w0 = weight0 / total, w1 = weight1 / total;
    const bool first = !(weight1 > weight0);
    const Turn a = first ? m0.turn : on_hemisphere(m1.turn, m0.turn);
    const Turn b = first ? on_hemisphere(m0.turn, m1.turn) : m1.turn;
    out.translation = m0.translation * w0 + m1.translation * w1;
    out.turn = normalized_or_identity<A>({a.c * w0 + b.c * w1, a.s * w0 + b.s * w1});
    return to_motion<A>(out);
  }
  return sample_planar_blend<A>(parts, count);
}

}  // namespace

int turn_axis_of(const RootMotionTrack& track) {
  int axis = -1;
  for (const glm::quat& q : track.rotations) {
    for (int i = 0; i < 3; ++i) {
      if (q[i] == 0.0f) continue;
      if (axis >= 0 && axis != i) return -1;
      axis = i;
    }
  }
  return axis < 0 ? 1 : axis;
}

glm::mat4 to_matrix(const RootMotion& move) {
  glm::mat4 out = glm::mat4_cast(move.rotation);
  out[3] = glm::vec4(move.translation, 1.0f);
  return out;
}

RootMotion root_frame_at(const RootMotionTrack& track, float time, RootMotionCursor* cursor) {
  if (track.times.empty()) return {};
  if (cursor != nullptr && cursor->time == time) {  // Never for NaN.
    return motion_of(cursor->frame.translation, cursor->frame.rotation);
  }
  switch (track.turn_axis) {
    case 0:
      return to_motion<0>(planar_frame_at<0>(track, time, cursor));
    case 1:
      return to_motion<1>(planar_frame_at<1>(track, time, cursor));
    case 2:
      return to_motion<2>(planar_frame_at<2>(track, time, cursor));
    default:
      break;
  }
  const KeySpan span = find_span(track, time, cursor);
  glm::quat turn = track.rotations[span.key];
  if (span.between) {
    glm::quat b = track.rotations[span.key + 1];
    if (glm::dot(turn, b) < 0.0f) b = -b;
    turn = detail::normalized_or_identity(turn * (1.0f - span.t) + b * span.t);
  }
  return frame_of(track, displacement_at(track, span), turn, turn * track.pivot, time, cursor);
}

RootMotion root_motion_between(const RootMotionTrack& track, float from, float to, int64_t wraps,
                               RootMotionCursor* cursor) {
  if (track.empty() || (wraps == 0 && from == to)) return {};
  if (wraps == 0) {  // Most updates.
    switch (track.turn_axis) {
      case 0:
        return to_motion<0>(planar_move<0>(track, from, to, cursor));
      case 1:
        return to_motion<1>(planar_move<1>(track, from, to, cursor));
      case 2:
        return to_motion<2>(planar_move<2>(track, from, to, cursor));
      default:
        break;
    }
  }
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
  RootMotion moved;
  const glm::quat back = glm::conjugate(start.rotation);
  moved.translation = back * (end.translation - start.translation);
  moved.rotation = back * end.rotation;
  return moved;
}

bool RootMotionSamplingJob::validate() const {
  if (output == nullptr || parts.size() > kMaxParts) return false;
  for (const RootMotionPart& p : parts) {
    if (p.track == nullptr || !(p.weight >= 0.0f) || !std::isfinite(p.weight)) return false;
  }
  return true;
}

bool RootMotionSamplingJob::run() const {
  if (!validate()) return false;
  std::array<const RootMotionPart*, kMaxParts> used{};  // The parts with weight, in order.
  std::size_t count = 0;
  int axis = -1;       // The axis the moving parts' tracks turn about, once one is seen.
  bool planar = true;  // Every moving part without wraps, on a track turning about `axis`.
  for (const RootMotionPart& p : parts) {
    if (!(p.weight > 0.0f)) continue;
    used[count++] = &p;
    if (p.track->empty() || (p.wraps == 0 && p.from == p.to)) continue;  // No move.
    const int a = p.track->turn_axis;
    if (p.wraps != 0 || a < 0 || (axis >= 0 && a != axis)) planar = false;
    axis = a;
  }
  if (count == 0) {
    *output = motion_of(glm::vec3(0.0f), glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
    return true;
  }
  if (planar) {
    switch (axis) {
      case 0:
        *output = sample_planar<0>(used.data(), count);
        return true;
      case 2:
        *output = sample_planar<2>(used.data(), count);
        return true;
      default:  // About y, or no part moves (about any axis).
        *output = sample_planar<1>(used.data(), count);
        return true;
    }
  }
  // Turns of any kind, or wraps: each move, then their blend.
  std::array<RootMotion, kMaxParts> moves;
  std::array<float, kMaxParts> weights{};
  for (std::size_t i = 0; i < count; ++i) {
    const RootMotionPart& p = *used[i];
    moves[i] = root_motion_between(*p.track, p.from, p.to, p.wraps, p.cursor);
    weights[i] = p.weight;
  }
  return RootMotionBlendJob{Span<const RootMotion>(moves.data(), count),
                            Span<const float>(weights.data(), count), output}
      .run();
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
      out.rotation = detail::normalized_or_identity((flip && !first_heavier ? -a : a) * w0 +
                                                    (flip && first_heavier ? -b : b) * w1);
    }
    *output = motion_of(out.translation, out.rotation);
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
  *output = motion_of(out.translation, out.rotation);
  return true;
}

}  // namespace anim
