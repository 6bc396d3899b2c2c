#include "anim/sampling.h"

#include <cmath>

namespace anim {
namespace {

// Index k of the key with times[k] <= t < times[k + 1]. Needs count >= 2 and
// times[0] < t < times[count - 1]. Steps forward from the hint, else searches.
inline uint32_t find_key(const float* times, uint32_t count, float t, uint32_t& hint) {
  uint32_t k = hint;
  if (k + 1 < count && times[k] <= t) {
    for (int step = 0; step < 4; ++step) {
      if (t < times[k + 1]) return hint = k;
      ++k;  // Stays below count - 1 because t < times[count - 1].
    }
  }
  uint32_t lo = 0, hi = count - 1;  // times[lo] <= t < times[hi]
  while (hi - lo > 1) {
    const uint32_t mid = (lo + hi) / 2;
    if (times[mid] <= t) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return hint = lo;
}

inline glm::vec3 lerp(const glm::vec3& a, const glm::vec3& b, float t) { return a + (b - a) * t; }

template <class V, class Interpolate>
inline V sample_track(const KeyTracks<V>& tracks, std::size_t joint, float t, uint32_t& hint,
                      const V& rest, Interpolate interpolate) {
  const TrackRange r = tracks.ranges[joint];
  if (r.count == 0) return rest;
  const float* times = tracks.times.data() + r.offset;
  const V* values = tracks.values.data() + r.offset;
  if (!(t > times[0])) return values[0];  // Also catches NaN time.
  if (t >= times[r.count - 1]) return values[r.count - 1];
  const uint32_t k = find_key(times, r.count, t, hint);
  const float alpha = (t - times[k]) / (times[k + 1] - times[k]);
  return interpolate(values[k], values[k + 1], alpha);
}

}  // namespace

glm::quat slerp_shortest(const glm::quat& a, const glm::quat& b, float t) {
  float d = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
  const float sign = d < 0.0f ? -1.0f : 1.0f;
  d *= sign;
  float wa = 1.0f - t;
  float wb = t;
  // Nearly parallel keys: normalized lerp is within 1e-6 rad of slerp and avoids 0/0.
  if (d < 0.9995f) {
    const float theta = std::acos(d);
    const float inv_sin = 1.0f / std::sin(theta);
    wa = std::sin(wa * theta) * inv_sin;
    wb = std::sin(wb * theta) * inv_sin;
  }
  wb *= sign;
  glm::quat q(wa * a.w + wb * b.w, wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z);
  const float inv_len = 1.0f / std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  return glm::quat(q.w * inv_len, q.x * inv_len, q.y * inv_len, q.z * inv_len);
}

float wrap_time(float time, float duration, bool loop) {
  if (!(duration > 0.0f) || !std::isfinite(time)) return 0.0f;
  if (!loop) return time < 0.0f ? 0.0f : (time > duration ? duration : time);
  float t = std::fmod(time, duration);
  if (t < 0.0f) t += duration;
  return t >= duration ? 0.0f : t;
}

bool SamplingJob::validate() const {
  if (clip == nullptr || cursor == nullptr) return false;
  const std::size_t n = clip->joint_count();
  return rest.size() == n && output.size() == n && cursor->joint_count() == n &&
         clip->translations.ranges.size() == n && clip->scales.ranges.size() == n;
}

bool SamplingJob::run() const {
  if (!validate()) return false;
  const std::size_t n = output.size();
  uint32_t* th = cursor->translation();
  uint32_t* rh = cursor->rotation();
  uint32_t* sh = cursor->scale();
  for (std::size_t j = 0; j < n; ++j) {
    Transform& out = output[j];
    const Transform& r = rest[j];
    out.translation = sample_track(clip->translations, j, time, th[j], r.translation, lerp);
    out.rotation = sample_track(clip->rotations, j, time, rh[j], r.rotation, slerp_shortest);
    out.scale = sample_track(clip->scales, j, time, sh[j], r.scale, lerp);
  }
  return true;
}

}  // namespace anim
