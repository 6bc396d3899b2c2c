#pragma once
// Root motion: the part of one joint's motion that moves the whole character (a walk's steps
// forward, a turn's heading) instead of the body. An offline step (root_motion_builder.h) takes it
// out of each clip, measured from the clip's first frame, and keeps it as a RootMotionTrack; the
// runtime reads the tracks to tell the game how far its character moved in each update, blended
// with the weights of the pose, while the pose plays in place.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/span.h"

namespace anim {

// A rigid move of the character: first `rotation`, then `translation`, both in the character's
// frame where the move starts. A game accumulates a frame's move into its character's place with
//   position += heading * move.translation;  heading = heading * move.rotation;
//
// 32 bytes, the rotation on a 16-byte boundary: a move is copied (returned, stored, read back) in
// two whole halves, each read from the one store that wrote it. Packed in 28 bytes, a copy read
// the rotation across the stores of two fields, and such a load waits until every store before
// it has left the core: a frame's whole root motion, in series with what came after.
struct RootMotion {
  glm::vec3 translation{0.0f};
  alignas(16) glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  // w, x, y, z; unit length.
};
static_assert(sizeof(RootMotion) == 32, "RootMotion: two 16-byte halves");

namespace detail {
// `q` at unit length; the identity for a zero or non-finite one.
inline glm::quat normalized_or_identity(const glm::quat& q) {
  const float length2 = q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z;
  if (!(length2 > 1e-40f) || !std::isfinite(length2)) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  const float inverse_length = 1.0f / std::sqrt(length2);
  return glm::quat(q.w * inverse_length, q.x * inverse_length, q.y * inverse_length,
                   q.z * inverse_length);
}
}  // namespace detail

// (Inline: root motion composes a few of these per character per update.)
// `first`, then `then` (expressed in the frame `first` ends in).
inline RootMotion compose(const RootMotion& first, const RootMotion& then) {
  RootMotion out;
  out.translation = first.translation + first.rotation * then.translation;
  out.rotation = detail::normalized_or_identity(first.rotation * then.rotation);
  return out;
}
// The move that undoes `move`.
inline RootMotion inverse(const RootMotion& move) {
  RootMotion out;
  out.rotation = glm::conjugate(move.rotation);
  out.translation = -(out.rotation * move.translation);
  return out;
}
// `point` (in the frame the move starts in) moved by it.
inline glm::vec3 apply(const RootMotion& move, const glm::vec3& point) {
  return move.translation + move.rotation * point;
}
// The move as a matrix, T * R (to place a character's model in the world).
glm::mat4 to_matrix(const RootMotion& move);

// One clip's extracted motion: where the character's frame is at each key time of the root joint,
// relative to its place at the clip's first frame. `translations[i]` is the displacement along the
// extracted axes and `rotations[i]` the turn about the up axis, both in the model's frame; the turn
// pivots about `pivot`, the joint's first-frame place on those axes, so a take that starts away
// from the model's origin turns on the spot. No keys: the clip does not move the character.
struct RootMotionTrack {
  std::vector<float> times;  // Seconds, strictly increasing; the first at or before 0.
  std::vector<glm::vec3> translations;
  std::vector<glm::quat> rotations;
  glm::vec3 pivot{0.0f};
  float duration = 0.0f;  // The clip's.
  // The axis (0: x, 1: y, 2: z) that every rotation turns about, as turn_axis_of() finds it
  // (extract_root_motion and the package loader set it): the runtime then works with the turns'
  // half angles alone, about a third of the work per update. -1: rotations of any kind (a track
  // made by hand, or one whose rotations changed since).
  int turn_axis = -1;

  bool empty() const { return times.empty(); }
};

// The axis that every rotation of `track` turns about: the one vector component its rotations
// have (the others exactly zero, as a twist about a coordinate axis has them); 1 when none turns
// (any axis would do); -1 when they turn about different or oblique axes.
int turn_axis_of(const RootMotionTrack& track);

// What the root-motion functions remember of one track between calls, for one character (as a
// ClipCursor does for sampling): the last frame asked for and the key found. A character playing
// on asks each update for the frame the last one ended at, and gets it back without sampling;
// the answers are the same with or without a cursor. Use one per track: a cursor given another
// track's time answers wrongly.
struct RootMotionCursor {
  float time = std::numeric_limits<float>::quiet_NaN();  // Of `frame`; NaN: nothing yet.
  uint32_t key = 0;
  // The frame at `time`: a RootMotion's parts without its padding (a character keeps one per
  // clip, and nothing copies it right after writing it).
  struct Frame {
    glm::vec3 translation{0.0f};
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
  } frame;
};

// The character's frame at `time` seconds relative to the first frame (the identity at 0 and for
// an empty track): keys interpolated (lerp, shortest-path nlerp), held before the first and after
// the last. `cursor` (may be null) is the track's.
RootMotion root_frame_at(const RootMotionTrack& track, float time,
                         RootMotionCursor* cursor = nullptr);

// The character's move while its clip plays from `from` to `to` seconds, passing the clip's end
// `wraps` times on the way (negative: going backwards, passing its start): whole cycles count in
// full, so a loop that wraps inside one update moves on without a jump. `cursor` (may be null)
// is the track's.
RootMotion root_motion_between(const RootMotionTrack& track, float from, float to, int64_t wraps,
                               RootMotionCursor* cursor = nullptr);

// One clip's part of the moves RootMotionSamplingJob blends: its track played from `from` to `to`
// seconds, passing the clip's end `wraps` times, as root_motion_between takes them, and its
// weight.
struct RootMotionPart {
  const RootMotionTrack* track = nullptr;
  float from = 0.0f, to = 0.0f;
  int64_t wraps = 0;
  RootMotionCursor* cursor = nullptr;  // The track's; may be null.
  float weight = 0.0f;                 // >= 0; a part without weight is not sampled.
};

// The move of clips played at once (a state's blend-space points, a Player's crossfade): each
// part's move (root_motion_between) blended by the parts' weights (RootMotionBlendJob over the
// parts with weight), step for step the same arithmetic (the same bits where the compiler fuses
// no multiply and add differently). Tracks that turn about one axis (the usual case) stay on
// their translations and half angles from the keys to the output: nothing goes through a
// RootMotion in memory on the way (a move stored and read back at once waits for the store).
// Never allocates.
struct RootMotionSamplingJob {
  static constexpr std::size_t kMaxParts = 4;
  Span<const RootMotionPart> parts;  // At most kMaxParts, each with a track.
  RootMotion* output = nullptr;

  bool validate() const;
  bool run() const;  // False (nothing written) when validate() fails.
};

// Weighted moves blended as a pose is: translations averaged by weight, rotations by normalized
// weighted sum on one hemisphere. Weights need not sum to 1 (they are normalized); none or all
// zero: no move. Never allocates.
struct RootMotionBlendJob {
  Span<const RootMotion> moves;
  Span<const float> weights;  // One per move, >= 0.
  RootMotion* output = nullptr;

  bool validate() const;
  bool run() const;
};

}  // namespace anim
