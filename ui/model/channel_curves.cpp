#include "anim/ui/model/channel_curves.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "anim/sampling.h"

namespace anim::ui {
namespace {

constexpr float kPi = 3.14159265358979f;
constexpr float kDegrees = 180.0f / kPi;
constexpr float kDegreesPerPoint = 5.0f;
constexpr int kMaxPointsPerInterval = 32;

// `angle` moved by whole turns to lie within 180 degrees of `near`.
float unwrap(float angle, float near) {
  return angle + 360.0f * std::round((near - angle) / 360.0f);
}

glm::vec3 unwrap(const glm::vec3& e, const glm::vec3& near) {
  return {unwrap(e.x, near.x), unwrap(e.y, near.y), unwrap(e.z, near.z)};
}

float distance(const glm::vec3& a, const glm::vec3& b) {
  return std::abs(a.x - b.x) + std::abs(a.y - b.y) + std::abs(a.z - b.z);
}

// A track's value at `time`: the nearest key outside the keys, interpolated between them.
template <class V, class Mix>
V track_value(const KeyTracks<V>& tracks, const TrackRange& r, float time, Mix mix) {
  const float* begin = tracks.times.data() + r.offset;
  const float* end = begin + r.count;
  const float* after = std::upper_bound(begin, end, time);
  if (after == begin) return tracks.values[r.offset];
  if (after == end) return tracks.values[r.offset + r.count - 1];
  const std::size_t k = r.offset + static_cast<std::size_t>(after - begin);
  const float t0 = tracks.times[k - 1], t1 = tracks.times[k];
  return mix(tracks.values[k - 1], tracks.values[k], (time - t0) / (t1 - t0));
}

// Times to draw a track at: 0, every key (with `extra(k)` points evenly inside the interval
// after key k), and the clip's end. Marks which of them are keys.
template <class V, class Extra>
void point_times(const KeyTracks<V>& tracks, const TrackRange& r, float duration, Extra extra,
                 std::vector<float>& times, std::vector<char>& is_key) {
  auto add = [&](float t, bool key) {
    times.push_back(t);
    is_key.push_back(key ? 1 : 0);
  };
  const float first = tracks.times[r.offset];
  const float last = tracks.times[r.offset + r.count - 1];
  if (first > 0.0f) add(0.0f, false);
  for (uint32_t k = 0; k < r.count; ++k) {
    const float t0 = tracks.times[r.offset + k];
    add(t0, true);
    if (k + 1 == r.count) break;
    const float t1 = tracks.times[r.offset + k + 1];
    const int n = extra(r.offset + k);
    for (int i = 1; i <= n; ++i) add(t0 + (t1 - t0) * static_cast<float>(i) / (n + 1.0f), false);
  }
  if (duration > last) add(duration, false);
}

template <class V>
void vector_curves(const KeyTracks<V>& tracks, int joint, float duration, ChannelKind kind,
                   const char* prefix, std::vector<ChannelCurve>& out) {
  const TrackRange r = tracks.ranges[joint];
  if (r.count == 0) return;
  std::vector<float> times;
  std::vector<char> is_key;
  point_times(
      tracks, r, duration, [](std::size_t) { return 0; }, times, is_key);
  for (int c = 0; c < 3; ++c) {
    ChannelCurve curve;
    curve.kind = kind;
    curve.component = c;
    curve.name = std::string(prefix) + "xyz"[c];
    for (std::size_t i = 0; i < times.size(); ++i) {
      const glm::vec3 v = track_value(
          tracks, r, times[i],
          [](const glm::vec3& a, const glm::vec3& b, float t) { return a + (b - a) * t; });
      curve.points.emplace_back(times[i], v[c]);
      if (is_key[i]) curve.keys.emplace_back(times[i], v[c]);
    }
    out.push_back(std::move(curve));
  }
}

void rotation_curves(const KeyTracks<glm::quat>& tracks, int joint, float duration,
                     RotationView view, std::vector<ChannelCurve>& out) {
  const TrackRange r = tracks.ranges[joint];
  if (r.count == 0) return;
  std::vector<float> times;
  std::vector<char> is_key;
  auto extra = [&tracks](std::size_t k) {
    const glm::quat& a = tracks.values[k];
    const glm::quat& b = tracks.values[k + 1];
    const float dot = std::min(std::abs(glm::dot(glm::normalize(a), glm::normalize(b))), 1.0f);
    const float turned = 2.0f * std::acos(dot) * kDegrees;
    // Less a hair: float turns of exactly 90 degrees give 18 segments, not 19.
    const int segments = static_cast<int>(std::ceil(turned / kDegreesPerPoint - 1e-3f));
    return std::clamp(segments - 1, 0, kMaxPointsPerInterval);
  };
  point_times(tracks, r, duration, extra, times, is_key);
  const int components = view == RotationView::kQuaternion ? 4 : 3;
  const char* names = view == RotationView::kQuaternion ? "xyzw" : "xyz";
  std::vector<ChannelCurve> curves(components);
  for (int c = 0; c < components; ++c) {
    curves[c].kind = ChannelKind::kRotation;
    curves[c].component = c;
    curves[c].name = std::string(view == RotationView::kQuaternion ? "q" : "r") + names[c];
  }
  glm::vec3 euler(0.0f);
  glm::quat previous(1.0f, 0.0f, 0.0f, 0.0f);
  for (std::size_t i = 0; i < times.size(); ++i) {
    glm::quat q = glm::normalize(track_value(tracks, r, times[i], slerp_shortest));
    float values[4];
    if (view == RotationView::kQuaternion) {
      if (i > 0 && glm::dot(q, previous) < 0.0f) q = -q;
      previous = q;
      values[0] = q.x;
      values[1] = q.y;
      values[2] = q.z;
      values[3] = q.w;
    } else {
      euler = i == 0 ? euler_xyz_degrees(q) : euler_near(q, euler);
      values[0] = euler.x;
      values[1] = euler.y;
      values[2] = euler.z;
    }
    for (int c = 0; c < components; ++c) {
      curves[c].points.emplace_back(times[i], values[c]);
      if (is_key[i]) curves[c].keys.emplace_back(times[i], values[c]);
    }
  }
  for (ChannelCurve& c : curves) out.push_back(std::move(c));
}

}  // namespace

glm::vec3 euler_xyz_degrees(const glm::quat& q) {
  const glm::mat3 m = glm::mat3_cast(glm::normalize(q));  // m[column][row].
  // R = Rz * Ry * Rx: row 2 is (-sy, sx cy, cx cy); column 0 is (cy cz, cy sz, -sy).
  const float sy = std::clamp(-m[0][2], -1.0f, 1.0f);
  const float y = std::asin(sy);
  float x = 0.0f, z = 0.0f;
  if (std::abs(sy) < 0.99999f) {
    x = std::atan2(m[1][2], m[2][2]);
    z = std::atan2(m[0][1], m[0][0]);
  } else {
    // Gimbal lock: only x - z (y = 90) or x + z (y = -90) is defined; z = 0.
    x = std::atan2(sy > 0.0f ? m[1][0] : -m[1][0], m[1][1]);
  }
  return glm::vec3(x, y, z) * kDegrees;
}

glm::vec3 euler_near(const glm::quat& q, const glm::vec3& previous) {
  const glm::vec3 a = euler_xyz_degrees(q);
  const glm::vec3 b(a.x + 180.0f, 180.0f - a.y, a.z + 180.0f);
  const glm::vec3 ua = unwrap(a, previous), ub = unwrap(b, previous);
  return distance(ua, previous) <= distance(ub, previous) ? ua : ub;
}

std::vector<ChannelCurve> joint_curves(const Clip& clip, int joint, RotationView view) {
  std::vector<ChannelCurve> out;
  if (joint < 0 || static_cast<std::size_t>(joint) >= clip.joint_count()) return out;
  vector_curves(clip.translations, joint, clip.duration, ChannelKind::kTranslation, "t", out);
  rotation_curves(clip.rotations, joint, clip.duration, view, out);
  vector_curves(clip.scales, joint, clip.duration, ChannelKind::kScale, "s", out);
  return out;
}

}  // namespace anim::ui
