#include "anim/sampling.h"

#include <cmath>

#include "key_search.h"
#include "prefetch.h"
#include "simd.h"

namespace anim {

void SamplingCursor::prefetch() const {
  detail::prefetch_bytes(hints_.data(), hints_.size() * sizeof(uint32_t));
}

namespace {

// acos(x) for x in [0, 1] to within 2e-8 (Abramowitz & Stegun 4.4.46): far cheaper than
// std::acos, and slerp only ever needs this range after taking the shortest path.
inline float acos_01(float x) {
  const float p =
      1.5707963050f +
      x * (-0.2145988016f +
           x * (0.0889789874f +
                x * (-0.0501743046f +
                     x * (0.0308918810f +
                          x * (-0.0170881256f + x * (0.0066700901f + x * -0.0012624911f))))));
  return std::sqrt(1.0f - x) * p;
}

// sin(x) for x in [0, pi/2] by its Taylor series to x^11 (error below 6e-8).
inline float sin_0_half_pi(float x) {
  const float x2 = x * x;
  return x * (1.0f +
              x2 * (-1.0f / 6 +
                    x2 * (1.0f / 120 +
                          x2 * (-1.0f / 5040 + x2 * (1.0f / 362880 + x2 * (-1.0f / 39916800))))));
}

inline glm::vec3 lerp(const glm::vec3& a, const glm::vec3& b, float t) { return a + (b - a) * t; }

[[gnu::always_inline]] inline glm::quat slerp_inline(const glm::quat& a, const glm::quat& b,
                                                     float t) {
  float d = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
  const float sign = d < 0.0f ? -1.0f : 1.0f;
  d = d * sign > 1.0f ? 1.0f : d * sign;
  float wa = 1.0f - t;
  float wb = t;
  // Nearly parallel keys: normalized lerp is within 1e-6 rad of slerp and avoids 0/0.
  if (d < 0.9995f) {
    const float theta = acos_01(d);
    const float inv_sin = detail::inverse_sqrt(1.0f - d * d);  // 1 / sin(theta)
    wa = sin_0_half_pi(wa * theta) * inv_sin;
    wb = sin_0_half_pi(wb * theta) * inv_sin;
  }
  wb *= sign;
  glm::quat q(wa * a.w + wb * b.w, wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z);
  const float inv_len = detail::inverse_sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  return glm::quat(q.w * inv_len, q.x * inv_len, q.y * inv_len, q.z * inv_len);
}

// One kind of track (translation, rotation or scale) with its arrays' addresses read once.
template <class V>
struct TrackView {
  const TrackRange* ranges;
  const float* times;
  const V* values;

  explicit TrackView(const KeyTracks<V>& t)
      : ranges(t.ranges.data()), times(t.times.data()), values(t.values.data()) {}

  template <class Interpolate>
  V sample(std::size_t joint, float t, uint32_t& hint, const V& rest,
           Interpolate interpolate) const {
    const TrackRange r = ranges[joint];
    if (r.count == 0) return rest;
    const float* tt = times + r.offset;
    const V* vv = values + r.offset;
    if (!(t > tt[0])) return vv[0];  // Also catches a NaN time.
    if (t >= tt[r.count - 1]) return vv[r.count - 1];
    const uint32_t k = detail::find_key(tt, r.count, t, hint);
    const float alpha = (t - tt[k]) / (tt[k + 1] - tt[k]);
    return interpolate(vv[k], vv[k + 1], alpha);
  }
};

}  // namespace

glm::quat slerp_shortest(const glm::quat& a, const glm::quat& b, float t) {
  return slerp_inline(a, b, t);
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
  const TrackView<glm::vec3> translations(clip->translations);
  const TrackView<glm::quat> rotations(clip->rotations);
  const TrackView<glm::vec3> scales(clip->scales);
  const float t = time;
  Transform* out = output.data();
  const Transform* r = rest.data();
  for (std::size_t j = 0; j < n; ++j) {
    out[j].translation = translations.sample(j, t, th[j], r[j].translation, lerp);
    out[j].rotation = rotations.sample(j, t, rh[j], r[j].rotation, slerp_inline);
    out[j].scale = scales.sample(j, t, sh[j], r[j].scale, lerp);
  }
  return true;
}

bool SoaSamplingJob::validate() const {
  if (clip == nullptr || cursor == nullptr) return false;
  const std::size_t n = clip->joint_count();
  const std::size_t blocks = soa_block_count(n);
  return rest.size() == blocks && output.size() == blocks && cursor->joint_count() == n &&
         clip->translations.ranges.size() == n && clip->scales.ranges.size() == n;
}

bool SoaSamplingJob::run() const {
  if (!validate()) return false;
  const std::size_t n = clip->joint_count();
  uint32_t* th = cursor->translation();
  uint32_t* rh = cursor->rotation();
  uint32_t* sh = cursor->scale();
  const TrackView<glm::vec3> translations(clip->translations);
  const TrackView<glm::quat> rotations(clip->rotations);
  const TrackView<glm::vec3> scales(clip->scales);
  const float t = time;
  for (std::size_t j = 0; j < n; ++j) {
    const std::size_t l = j & 3u;
    const SoaTransform& r = rest[j >> 2];
    SoaTransform& o = output[j >> 2];
    const glm::vec3 tr =
        translations.sample(j, t, th[j], glm::vec3(r.tx[l], r.ty[l], r.tz[l]), lerp);
    const glm::quat ro =
        rotations.sample(j, t, rh[j], glm::quat(r.rw[l], r.rx[l], r.ry[l], r.rz[l]), slerp_inline);
    const glm::vec3 sc = scales.sample(j, t, sh[j], glm::vec3(r.sx[l], r.sy[l], r.sz[l]), lerp);
    o.tx[l] = tr.x;
    o.ty[l] = tr.y;
    o.tz[l] = tr.z;
    o.rx[l] = ro.x;
    o.ry[l] = ro.y;
    o.rz[l] = ro.z;
    o.rw[l] = ro.w;
    o.sx[l] = sc.x;
    o.sy[l] = sc.y;
    o.sz[l] = sc.z;
  }
  // The lanes past the last joint keep the rest pose's (the identity in a made pose).
  for (std::size_t j = n; j < 4 * output.size(); ++j) {
    output[j >> 2].set(j & 3u, rest[j >> 2].get(j & 3u));
  }
  return true;
}

}  // namespace anim
