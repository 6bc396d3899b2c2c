#include "anim/import/clip_retarget.h"
#include "anim/job_check.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "anim/local_to_model.h"
#include "anim/sampling.h"

namespace anim::import {
namespace {

constexpr float kRelativeTolerance = 1e-4f;

std::vector<glm::mat4> model_space(const Skeleton& skeleton, Span<const Transform> local) {
  std::vector<glm::mat4> out(skeleton.joint_count());
  require_ran(LocalToModelJob{skeleton.parents, local, glm::mat4(1.0f), out}.run(),
              "LocalToModelJob");
  return out;
}

// Model-space rotation of each joint: the product of the local rotations from the root.
void chain_rotations(const Skeleton& skeleton, Span<const Transform> local,
                     std::vector<glm::quat>& out) {
  out.resize(skeleton.joint_count());
  for (std::size_t j = 0; j < skeleton.joint_count(); ++j) {
    const int p = skeleton.parents[j];
    out[j] = p < 0 ? local[j].rotation : out[p] * local[j].rotation;
  }
}

bool has_keys(const Clip& clip, std::size_t joint) {
  return clip.translations.ranges[joint].count > 0 || clip.rotations.ranges[joint].count > 0 ||
         clip.scales.ranges[joint].count > 0;
}

bool close(const glm::vec3& a, const glm::vec3& b, float tolerance) {
  return glm::all(glm::lessThanEqual(glm::abs(a - b), glm::vec3(tolerance)));
}

// q and -q are one rotation.
bool close(const glm::quat& a, const glm::quat& b, float tolerance) {
  const glm::vec4 va(a.x, a.y, a.z, a.w), vb(b.x, b.y, b.z, b.w);
  const float same = glm::length(va - vb), opposite = glm::length(va + vb);
  return std::min(same, opposite) <= tolerance;
}

bool close(const Transform& a, const Transform& b, float distance) {
  return close(a.translation, b.translation, distance) &&
         close(a.rotation, b.rotation, kRelativeTolerance) &&
         close(a.scale, b.scale, kRelativeTolerance * std::max(1.0f, glm::length(a.scale)));
}

bool close(const glm::mat4& a, const glm::mat4& b, float distance) {
  for (int c = 0; c < 3; ++c) {
    const float scale = std::max(1.0f, glm::length(glm::vec3(a[c])));
    if (!close(glm::vec3(a[c]), glm::vec3(b[c]), kRelativeTolerance * scale)) return false;
  }
  return close(glm::vec3(a[3]), glm::vec3(b[3]), distance);
}

// Every key time of the clip, sorted, each once.
std::vector<float> key_times(const Clip& clip) {
  std::vector<float> times;
  times.insert(times.end(), clip.translations.times.begin(), clip.translations.times.end());
  times.insert(times.end(), clip.rotations.times.begin(), clip.rotations.times.end());
  times.insert(times.end(), clip.scales.times.begin(), clip.scales.times.end());
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  if (times.empty()) times.push_back(0.0f);
  return times;
}

template <class V, class Add>
void copy_track(const KeyTracks<V>& tracks, std::size_t from, Add add) {
  const TrackRange r = tracks.ranges[from];
  for (uint32_t k = r.offset; k < r.offset + r.count; ++k) add(tracks.times[k], tracks.values[k]);
}

Clip copy_channels(const Clip& clip, std::size_t model_joints,
                   const std::vector<int>& model_joint) {
  ClipBuilder builder(clip.name, clip.duration, model_joints);
  for (std::size_t s = 0; s < model_joint.size(); ++s) {
    const int m = model_joint[s];
    if (m < 0) continue;
    copy_track(clip.translations, s,
               [&](float t, const glm::vec3& v) { builder.add_translation(m, t, v); });
    copy_track(clip.rotations, s,
               [&](float t, const glm::quat& v) { builder.add_rotation(m, t, v); });
    copy_track(clip.scales, s, [&](float t, const glm::vec3& v) { builder.add_scale(m, t, v); });
  }
  Clip out = builder.build();
  out.sample_rate = clip.sample_rate;  // Retargeting keeps the key times.
  return out;
}

int depth(const Skeleton& skeleton, int joint) {
  int d = 0;
  for (int j = skeleton.parents[joint]; j >= 0; j = skeleton.parents[j]) ++d;
  return d;
}

// The bound model joint whose source joint has keys, nearest the top of the model; -1 if none.
int retarget_root(const Clip& clip, const Skeleton& model, const std::vector<int>& source_of) {
  int root = -1, best = 0;
  for (std::size_t m = 0; m < source_of.size(); ++m) {
    if (source_of[m] < 0 || !has_keys(clip, source_of[m])) continue;
    const int d = depth(model, static_cast<int>(m));
    if (root < 0 || d < best) {
      root = static_cast<int>(m);
      best = d;
    }
  }
  return root;
}

Clip retarget(const Clip& clip, const Skeleton& source, const Skeleton& model,
              const std::vector<int>& model_joint) {
  const std::size_t ns = source.joint_count(), nm = model.joint_count();
  std::vector<int> source_of(nm, -1);
  for (std::size_t s = 0; s < ns; ++s) {
    if (model_joint[s] >= 0) source_of[model_joint[s]] = static_cast<int>(s);
  }
  const int root = retarget_root(clip, model, source_of);
  const float source_size = rest_size(source);
  const float ratio = source_size > 0.0f ? rest_size(model) / source_size : 1.0f;

  std::vector<glm::quat> source_rest_q, model_rest_q, source_q;
  chain_rotations(source, source.rest, source_rest_q);
  chain_rotations(model, model.rest, model_rest_q);
  const std::vector<glm::mat4> source_rest_m = model_space(source, source.rest);
  const std::vector<glm::mat4> model_rest_m = model_space(model, model.rest);

  ClipBuilder builder(clip.name, clip.duration, nm);
  SamplingCursor cursor(ns);
  std::vector<Transform> source_local(ns);
  std::vector<glm::mat4> source_m(ns), model_m(nm);
  std::vector<glm::quat> model_q(nm);
  for (const float t : key_times(clip)) {
    require_ran(SamplingJob{&clip, source.rest, t, &cursor, source_local}.run(), "SamplingJob");
    require_ran(LocalToModelJob{source.parents, source_local, glm::mat4(1.0f), source_m}.run(),
                "LocalToModelJob");
    chain_rotations(source, source_local, source_q);
    for (std::size_t m = 0; m < nm; ++m) {
      const int p = model.parents[m];
      const glm::quat parent_q = p < 0 ? glm::quat(1, 0, 0, 0) : model_q[p];
      const glm::mat4 parent_m = p < 0 ? glm::mat4(1.0f) : model_m[p];
      Transform local = model.rest[m];
      if (const int s = source_of[m]; s >= 0) {
        const glm::quat target = source_q[s] * glm::inverse(source_rest_q[s]) * model_rest_q[m];
        local.rotation = glm::normalize(glm::inverse(parent_q) * target);
        builder.add_rotation(m, t, local.rotation);
        if (static_cast<int>(m) == root) {
          const glm::vec3 moved = glm::vec3(source_m[s][3]) - glm::vec3(source_rest_m[s][3]);
          const glm::vec3 at = glm::vec3(model_rest_m[m][3]) + ratio * moved;
          local.translation = glm::vec3(glm::inverse(parent_m) * glm::vec4(at, 1.0f));
          builder.add_translation(m, t, local.translation);
        }
      }
      model_q[m] = parent_q * local.rotation;
      model_m[m] = parent_m * to_matrix(local);
    }
  }
  Clip out = builder.build();
  out.sample_rate = clip.sample_rate;  // Retargeting keeps the key times.
  return out;
}

}  // namespace

float rest_size(const Skeleton& skeleton) {
  if (skeleton.joint_count() == 0) return 0.0f;
  const std::vector<glm::mat4> m = model_space(skeleton, skeleton.rest);
  glm::vec3 lo(m[0][3]), hi(m[0][3]);
  for (const glm::mat4& joint : m) {
    lo = glm::min(lo, glm::vec3(joint[3]));
    hi = glm::max(hi, glm::vec3(joint[3]));
  }
  return glm::length(hi - lo);
}

bool same_rest_pose(const Skeleton& source, const Skeleton& model,
                    const std::vector<int>& model_joint) {
  const float distance =
      kRelativeTolerance * std::max({rest_size(source), rest_size(model), 1e-6f});
  const std::vector<glm::mat4> source_m = model_space(source, source.rest);
  const std::vector<glm::mat4> model_m = model_space(model, model.rest);
  for (std::size_t s = 0; s < model_joint.size(); ++s) {
    const int m = model_joint[s];
    if (m < 0) continue;
    if (!close(source.rest[s], model.rest[m], distance)) return false;
    if (!close(source_m[s], model_m[m], distance)) return false;
  }
  return true;
}

BoundClip bind_clip(const Clip& clip, const Skeleton& source, const Skeleton& model,
                    const std::vector<int>& model_joint) {
  BoundClip out;
  for (std::size_t s = 0; s < source.joint_count(); ++s) {
    if (!has_keys(clip, s)) continue;
    (model_joint[s] >= 0 ? out.bound : out.unbound).push_back(source.names[s]);
  }
  out.retargeted = !same_rest_pose(source, model, model_joint);
  out.clip = out.retargeted ? retarget(clip, source, model, model_joint)
                            : copy_channels(clip, model.joint_count(), model_joint);
  return out;
}

}  // namespace anim::import
