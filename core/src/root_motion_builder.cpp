#include "anim/root_motion_builder.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <glm/mat4x4.hpp>

#include "anim/sampling.h"
#include "anim/transform.h"
#include "finite.h"

namespace anim {
namespace {

// One track of `tracks` for `joint` at `time`: held before the first key and after the last, or
// `rest` without keys. Offline and for one joint, so a plain search.
template <class V, class Mix>
V track_at(const KeyTracks<V>& tracks, std::size_t joint, float time, const V& rest, Mix mix) {
  const TrackRange range = tracks.ranges[joint];
  if (range.count == 0) return rest;
  const float* times = tracks.times.data() + range.offset;
  const V* values = tracks.values.data() + range.offset;
  if (!(time > times[0])) return values[0];
  if (time >= times[range.count - 1]) return values[range.count - 1];
  const std::size_t next =
      static_cast<std::size_t>(std::upper_bound(times, times + range.count, time) - times);
  const float t = (time - times[next - 1]) / (times[next] - times[next - 1]);
  return mix(values[next - 1], values[next], t);
}

Transform local_at(const Clip& clip, const Skeleton& skeleton, std::size_t joint, float time) {
  const Transform& rest = skeleton.rest[joint];
  const auto lerp = [](const glm::vec3& a, const glm::vec3& b, float t) { return a + (b - a) * t; };
  Transform out;
  out.translation = track_at(clip.translations, joint, time, rest.translation, lerp);
  out.rotation = track_at(clip.rotations, joint, time, rest.rotation, slerp_shortest);
  out.scale = track_at(clip.scales, joint, time, rest.scale, lerp);
  return out;
}

bool animates(const Clip& clip, std::size_t joint) {
  return clip.translations.ranges[joint].count > 0 || clip.rotations.ranges[joint].count > 0 ||
         clip.scales.ranges[joint].count > 0;
}

template <class V>
void add_times(const KeyTracks<V>& tracks, std::size_t joint, std::vector<float>* out) {
  const TrackRange range = tracks.ranges[joint];
  out->insert(out->end(), tracks.times.begin() + range.offset,
              tracks.times.begin() + range.offset + range.count);
}

// The joint's ancestors, nearest first.
std::vector<std::size_t> ancestors_of(const Skeleton& skeleton, std::size_t joint) {
  std::vector<std::size_t> out;
  for (int p = skeleton.parents[joint]; p >= 0; p = skeleton.parents[static_cast<std::size_t>(p)]) {
    out.push_back(static_cast<std::size_t>(p));
  }
  return out;
}

// The model-space matrix of the joint's parent at `time` (identity for a root).
glm::mat4 parent_model_at(const Clip& clip, const Skeleton& skeleton,
                          const std::vector<std::size_t>& ancestors, float time) {
  glm::mat4 m(1.0f);
  for (auto it = ancestors.rbegin(); it != ancestors.rend(); ++it) {
    m = m * to_matrix(local_at(clip, skeleton, *it, time));
  }
  return m;
}

// The part of `q` that turns about `up` (swing-twist); identity when it has none.
glm::quat twist_about(const glm::quat& q, const glm::vec3& up) {
  const glm::vec3 v(q.x, q.y, q.z);
  const glm::vec3 along = up * glm::dot(v, up);
  const glm::quat twist(q.w, along.x, along.y, along.z);
  const float length = glm::length(twist);
  if (!(length > 1e-6f)) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  glm::quat out = twist / length;
  if (out.w < 0.0f) out = -out;  // The shorter way round.
  return out;
}

glm::vec3 masked(const glm::vec3& v, const bool (&axes)[3]) {
  return glm::vec3(axes[0] ? v.x : 0.0f, axes[1] ? v.y : 0.0f, axes[2] ? v.z : 0.0f);
}

using detail::finite;

// `clip` with `joint`'s translation (and rotation, when `rotations`) keys replaced.
Clip rekeyed(const Clip& clip, std::size_t joint, const std::vector<float>& times,
             const std::vector<Transform>& locals, bool rotations) {
  ClipBuilder builder(clip.name, clip.duration, clip.joint_count());
  for (std::size_t j = 0; j < clip.joint_count(); ++j) {
    const auto copy = [&](const auto& tracks, auto add, bool replaced) {
      if (replaced) return;
      const TrackRange range = tracks.ranges[j];
      for (uint32_t k = 0; k < range.count; ++k) {
        add(j, tracks.times[range.offset + k], tracks.values[range.offset + k]);
      }
    };
    copy(
        clip.translations,
        [&](std::size_t jj, float t, const glm::vec3& v) { builder.add_translation(jj, t, v); },
        j == joint);
    copy(
        clip.rotations,
        [&](std::size_t jj, float t, const glm::quat& v) { builder.add_rotation(jj, t, v); },
        j == joint && rotations);
    copy(
        clip.scales,
        [&](std::size_t jj, float t, const glm::vec3& v) { builder.add_scale(jj, t, v); }, false);
  }
  for (std::size_t i = 0; i < times.size(); ++i) {
    builder.add_translation(joint, times[i], locals[i].translation);
    if (rotations) builder.add_rotation(joint, times[i], locals[i].rotation);
  }
  Clip out = builder.build();
  out.sample_rate = clip.sample_rate;
  return out;
}

}  // namespace

glm::vec3 up_vector(int axis, int sign) {
  glm::vec3 up(0.0f);
  up[axis < 0 || axis > 2 ? 1 : axis] = sign < 0 ? -1.0f : 1.0f;
  return up;
}

int topmost_animated_joint(const Skeleton& skeleton, Span<const Clip> clips) {
  for (std::size_t j = 0; j < skeleton.joint_count(); ++j) {
    for (const Clip& clip : clips) {
      if (j < clip.joint_count() && animates(clip, j)) return static_cast<int>(j);
    }
  }
  return -1;
}

Result<RootMotionTrack> extract_root_motion(const Skeleton& skeleton,
                                            const RootMotionSettings& settings, Clip& clip) {
  const std::size_t joints = skeleton.joint_count();
  if (settings.joint < 0 || static_cast<std::size_t>(settings.joint) >= joints ||
      clip.joint_count() != joints) {
    return Error{Error::Code::kInvalidArgument,
                 "root motion joint " + std::to_string(settings.joint) + " is not one of the " +
                     std::to_string(joints) + " joints of clip \"" + clip.name + "\"",
                 ""};
  }
  const std::size_t joint = static_cast<std::size_t>(settings.joint);
  const std::vector<std::size_t> ancestors = ancestors_of(skeleton, joint);
  std::vector<float> times = {0.0f, std::max(clip.duration, 0.0f)};
  bool moving = animates(clip, joint);
  add_times(clip.translations, joint, &times);
  add_times(clip.rotations, joint, &times);
  for (std::size_t a : ancestors) {
    moving = moving || animates(clip, a);
    add_times(clip.translations, a, &times);
    add_times(clip.rotations, a, &times);
    add_times(clip.scales, a, &times);
  }
  RootMotionTrack track;
  track.duration = clip.duration;
  if (!moving) return track;
  for (float& t : times) t = std::clamp(t, 0.0f, std::max(clip.duration, 0.0f));
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());

  const glm::vec3 up = settings.up;
  glm::vec3 first_place(0.0f);
  glm::quat first_heading(1.0f, 0.0f, 0.0f, 0.0f);
  std::vector<Transform> locals;
  locals.reserve(times.size());
  for (std::size_t i = 0; i < times.size(); ++i) {
    const float t = times[i];
    const glm::mat4 parent = parent_model_at(clip, skeleton, ancestors, t);
    const Transform local = local_at(clip, skeleton, joint, t);
    const glm::mat4 model = parent * to_matrix(local);
    const glm::vec3 place(model[3]);
    const glm::quat heading = decompose(model).rotation;
    if (i == 0) {
      first_place = place;
      first_heading = heading;
      track.pivot = masked(first_place, settings.axes);
    }
    const glm::vec3 displacement = masked(place - first_place, settings.axes);
    const glm::quat turn = settings.yaw ? twist_about(heading * glm::conjugate(first_heading), up)
                                        : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
    track.times.push_back(t);
    track.translations.push_back(displacement);
    track.rotations.push_back(turn);
    // The joint as it plays in place: the character's frame taken off its model transform, then
    // back into its parent's space.
    const Transform in_place =
        decompose(glm::inverse(parent) * glm::inverse(to_matrix(root_frame_at(track, t))) * model);
    Transform kept = local;
    kept.translation = in_place.translation;
    kept.rotation = in_place.rotation;
    if (!finite(displacement) || !finite(turn) || !finite(kept.translation) ||
        !finite(kept.rotation)) {
      return Error{Error::Code::kInvalidData,
                   "clip \"" + clip.name + "\": the root motion of joint \"" +
                       (joint < skeleton.names.size() ? skeleton.names[joint] : "") +
                       "\" is not finite at " + std::to_string(t) + " s",
                   ""};
    }
    locals.push_back(kept);
  }
  clip = rekeyed(clip, joint, times, locals, settings.yaw);
  track.turn_axis = turn_axis_of(track);
  return track;
}

}  // namespace anim
