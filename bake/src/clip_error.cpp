#include "anim/bake/clip_error.h"
#include "anim/job_check.h"

#include <algorithm>
#include <cmath>

#include "anim/compressed_sampling.h"
#include "anim/local_to_model.h"
#include "anim/sampling.h"
#include "anim/soa_pose.h"

namespace anim::bake {
namespace {

// The model-space pose of `skeleton` in `local`.
void to_model(const Skeleton& skeleton, const std::vector<Transform>& local,
              std::vector<glm::mat4>& model) {
  LocalToModelJob job;
  job.parents = skeleton.parents;
  job.local = local;
  job.output = model;
  require_ran(job.run(), "LocalToModelJob");  // Skeletons here come from a loaded model.
}

template <class V>
void collect_times(const KeyTracks<V>& tracks, std::vector<float>& out) {
  out.insert(out.end(), tracks.times.begin(), tracks.times.end());
}

}  // namespace

float point_error(const glm::mat4& a, const glm::mat4& b, float d) {
  const glm::vec3 pa(a[3]), pb(b[3]);
  float e = glm::length(pa - pb);
  for (int axis = 0; axis < 3; ++axis) {
    const glm::vec3 va = pa + d * glm::vec3(a[axis]);
    const glm::vec3 vb = pb + d * glm::vec3(b[axis]);
    e = std::max(e, glm::length(va - vb));
  }
  return e;
}

RestMeasure measure_rest(const Skeleton& skeleton, float shell_distance) {
  RestMeasure m;
  const std::size_t n = skeleton.joint_count();
  m.model.resize(n);
  to_model(skeleton, skeleton.rest, m.model);
  glm::vec3 lo(0.0f), hi(0.0f);
  for (std::size_t j = 0; j < n; ++j) {
    const glm::vec3 p(m.model[j][3]);
    lo = j == 0 ? p : glm::min(lo, p);
    hi = j == 0 ? p : glm::max(hi, p);
  }
  m.diagonal = glm::length(hi - lo);
  m.reach.assign(n, 0.0f);
  // Children come after parents: walk each joint's ancestors and stretch their reach to it.
  for (std::size_t j = 0; j < n; ++j) {
    const glm::vec3 p(m.model[j][3]);
    for (int a = static_cast<int>(j); a >= 0; a = skeleton.parents[a]) {
      m.reach[a] = std::max(m.reach[a], glm::length(p - glm::vec3(m.model[a][3])));
    }
  }
  for (float& r : m.reach) r += shell_distance;
  return m;
}

float default_shell_distance(const Skeleton& skeleton) {
  const float diagonal = measure_rest(skeleton, 0.0f).diagonal;
  return diagonal > 0.0f ? 0.02f * diagonal : 1.0f;
}

std::vector<float> error_sample_times(const Clip& clip) {
  std::vector<float> times = {0.0f, clip.duration};
  collect_times(clip.translations, times);
  collect_times(clip.rotations, times);
  collect_times(clip.scales, times);
  times.erase(std::remove_if(times.begin(), times.end(), [](float t) { return !(t >= 0.0f); }),
              times.end());
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

ClipError measure_clip_error(const Clip& reference, const CompressedClip& compressed,
                             const Skeleton& skeleton, float shell_distance) {
  const std::size_t n = skeleton.joint_count();
  std::vector<Transform> local_a(n), local_b(n);
  std::vector<glm::mat4> model_a(n), model_b(n);
  SoaPose rest = make_soa_pose(n), soa = make_soa_pose(n);
  to_soa(skeleton.rest, rest);
  SamplingCursor cursor_a(n);
  CompressedCursor cursor_b(compressed);

  ClipError result;
  result.joint_max_error.assign(n, 0.0f);
  result.times = error_sample_times(reference);
  result.sample_errors.reserve(result.times.size() * n);
  double sum = 0.0;
  std::size_t count = 0;
  for (float t : result.times) {
    SamplingJob a;
    a.clip = &reference;
    a.rest = skeleton.rest;
    a.time = t;
    a.cursor = &cursor_a;
    a.output = local_a;
    CompressedSamplingJob b;
    b.clip = &compressed;
    b.rest = rest;
    b.time = t;
    b.cursor = &cursor_b;
    b.output = soa;
    if (!a.run() || !b.run()) return ClipError{INFINITY, INFINITY, -1, t, {}, {}, {}};
    from_soa(soa, local_b);
    to_model(skeleton, local_a, model_a);
    to_model(skeleton, local_b, model_b);
    for (std::size_t j = 0; j < n; ++j) {
      const float e = point_error(model_a[j], model_b[j], shell_distance);
      result.sample_errors.push_back(std::isfinite(e) ? e : INFINITY);
      sum += e;
      ++count;
      result.joint_max_error[j] = std::max(result.joint_max_error[j], e);
      if (e > result.max_error || !std::isfinite(e)) {
        result.max_error = std::isfinite(e) ? e : INFINITY;
        result.worst_joint = static_cast<int>(j);
        result.worst_time = t;
      }
    }
  }
  result.mean_error = count > 0 ? static_cast<float>(sum / count) : 0.0f;
  return result;
}

}  // namespace anim::bake
