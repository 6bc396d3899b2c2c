#include "anim/bake/clip_compression.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "anim/bake/clip_error.h"
#include "anim/compressed_sampling.h"

namespace anim::bake {
namespace {

// A rotation track is stored with three components when some component stays at least this
// far from 0 on every key: rebuilding it from the other three then loses little precision.
constexpr float kMinDroppedComponent = 0.25f;
// The reduction tests a stretch of keys at once; longer stretches get a key anyway, which
// bounds the work on long, smooth takes.
constexpr uint32_t kMaxStretch = 512;
// The share of a joint's error budget left to quantization; key removal gets the rest.
constexpr float kQuantizationShare = 0.5f;
// Attempts before giving up key removal altogether, and how much each tightens a budget.
constexpr int kAttempts = 16;
constexpr float kTightening = 0.7f;

inline float dot4(const glm::quat& a, const glm::quat& b) {
  return a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
}

// The angle between two rotations, in radians. From the chord, not acos of the dot product:
// in float, a dot product of 1 - 1 ulp already means 0.001 rad, which would hide real errors.
float angle(const glm::quat& a, const glm::quat& b) {
  const glm::quat s = dot4(a, b) < 0.0f ? -b : b;
  const glm::quat d(a.w - s.w, a.x - s.x, a.y - s.y, a.z - s.z);
  const glm::quat m(a.w + s.w, a.x + s.x, a.y + s.y, a.z + s.z);
  return 4.0f * std::atan2(std::sqrt(dot4(d, d)), std::sqrt(dot4(m, m)));
}

// How far a value may stray from its source on one track, in the track's own units.
struct Closeness {
  TrackKind kind;
  float tolerance;  // Radians for rotations, local units otherwise.
  bool operator()(const glm::vec3& a, const glm::vec3& b) const {
    return glm::length(a - b) <= tolerance;
  }
  bool operator()(const glm::quat& a, const glm::quat& b) const { return angle(a, b) <= tolerance; }
};

glm::vec3 interpolate(const glm::vec3& a, const glm::vec3& b, float t) { return a + (b - a) * t; }
glm::quat interpolate(const glm::quat& a, const glm::quat& b, float t) {
  return fitted_nlerp(a, b, t);
}

// The keys to keep: the first, the last, and greedily the fewest between them such that
// interpolating the kept keys reproduces every dropped one within `close`.
template <class V>
std::vector<uint32_t> reduce(const float* times, const V* values, uint32_t n,
                             const Closeness& close) {
  std::vector<uint32_t> kept = {0};
  uint32_t a = 0;
  for (uint32_t b = 2; b < n; ++b) {
    bool fits = b - a <= kMaxStretch;
    for (uint32_t i = a + 1; i < b && fits; ++i) {
      const float t = (times[i] - times[a]) / (times[b] - times[a]);
      fits = close(interpolate(values[a], values[b], t), values[i]);
    }
    if (!fits) {
      kept.push_back(b - 1);
      a = b - 1;
    }
  }
  if (n > 1) kept.push_back(n - 1);
  return kept;
}

// Bits needed so that a range of `range` is quantized with steps of at most 2 * precision.
uint8_t bits_for(float range, float precision, uint32_t most) {
  if (!(range > 0.0f)) return 0;
  uint32_t b = 1;
  while (b < most && range / static_cast<float>((1u << b) - 1u) > 2.0f * precision) ++b;
  return static_cast<uint8_t>(b);
}

// Appends values bit by bit, least significant first.
class BitWriter {
 public:
  explicit BitWriter(std::vector<uint8_t>& out) : out_(out) {}
  uint64_t position() const { return position_; }
  void write(uint32_t value, uint32_t bits) {
    for (uint32_t i = 0; i < bits; ++i, ++position_) {
      if (position_ % 8 == 0) out_.push_back(0);
      if ((value >> i) & 1u) out_.back() |= static_cast<uint8_t>(1u << (position_ % 8));
    }
  }

 private:
  std::vector<uint8_t>& out_;
  uint64_t position_ = 0;
};

// How key times become ticks: whole frames when every key lies on one frame grid (exact, and
// 8-bit when the clip has at most 255 frames), else 65535 ticks over the clip.
float choose_ticks_per_second(const Clip& clip, float span, bool& narrow) {
  narrow = false;
  std::vector<float> times;
  for (const auto* t : {&clip.translations.times, &clip.rotations.times, &clip.scales.times}) {
    times.insert(times.end(), t->begin(), t->end());
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  if (!(span > 0.0f)) return 0.0f;
  const float fallback = 65535.0f / span;
  float gap = INFINITY;
  for (std::size_t i = 1; i < times.size(); ++i) gap = std::min(gap, times[i] - times[i - 1]);
  if (times.size() < 2 || !(gap > 1e-6f * span) || times.front() < 0.0f) return fallback;
  float rate = 1.0f / gap;
  if (std::fabs(rate - std::round(rate)) < 1e-3f * rate) rate = std::round(rate);
  for (float t : times) {
    const float frame = t * rate;
    if (std::fabs(frame - std::round(frame)) > 1e-3f) return fallback;
  }
  const float frames = std::ceil(span * rate - 1e-3f);
  if (frames > 65535.0f) return fallback;
  narrow = frames <= 255.0f;
  return rate;
}

// Builds a CompressedClip track by track.
class ClipWriter {
 public:
  ClipWriter(const Clip& clip, std::size_t joints) : bits_(out_.bits) {
    out_.name = clip.name;
    out_.duration = clip.duration;
    out_.joint_count = static_cast<uint32_t>(joints);
    float span = clip.duration;
    for (const auto* times :
         {&clip.translations.times, &clip.rotations.times, &clip.scales.times}) {
      for (float t : *times) span = std::max(span, t);
    }
    out_.ticks_per_second = choose_ticks_per_second(clip, span, narrow_);
  }

  void constant(uint16_t joint, TrackKind kind, const float (&value)[4]) {
    ConstantTrack c;
    c.joint = joint;
    c.kind = kind;
    std::copy(value, value + 4, c.value);
    out_.constants.push_back(c);
  }

  // Adds the keys `kept` of a track, each as track_components(format) values, quantized with
  // steps of at most 2 * precision; falls back to a constant when the key times leave fewer
  // than two distinct ticks.
  void track(CompressedTrack header, const float* times, const std::vector<uint32_t>& kept,
             const std::vector<float>& values, float precision) {
    const uint32_t components = track_components(header.format);
    std::vector<uint32_t> keys;  // Positions in `kept` whose ticks stay distinct.
    std::vector<uint16_t> ticks;
    const float top = narrow_ ? 255.0f : 65535.0f;
    for (uint32_t i = 0; i < kept.size(); ++i) {
      const float tick = std::round(std::max(0.0f, times[kept[i]]) * out_.ticks_per_second);
      const uint16_t q = static_cast<uint16_t>(std::min(top, tick));
      if (!ticks.empty() && q <= ticks.back()) continue;
      ticks.push_back(q);
      keys.push_back(i);
    }
    if (ticks.size() < 2) {
      float value[4] = {0, 0, 0, 1};
      first_key_value(header, values, value);
      constant(header.joint, header.kind, value);
      return;
    }
    const uint32_t widest = components == 4 ? 14 : kMaxComponentBits;
    for (uint32_t c = 0; c < components; ++c) {
      float lo = INFINITY, hi = -INFINITY;
      for (uint32_t k : keys) {
        lo = std::min(lo, values[k * components + c]);
        hi = std::max(hi, values[k * components + c]);
      }
      const uint8_t b = bits_for(hi - lo, precision, widest);
      header.component_bits[c] = b;
      header.min[c] = lo;
      header.step[c] = b > 0 ? (hi - lo) / static_cast<float>((1u << b) - 1u) : 0.0f;
    }
    header.first_key = static_cast<uint32_t>(narrow_ ? out_.frames8.size() : out_.times16.size());
    header.key_count = static_cast<uint32_t>(ticks.size());
    header.first_bit = static_cast<uint32_t>(bits_.position());
    for (uint16_t t : ticks) {
      if (narrow_) {
        out_.frames8.push_back(static_cast<uint8_t>(t));
      } else {
        out_.times16.push_back(t);
      }
    }
    for (uint32_t k : keys) {
      for (uint32_t c = 0; c < components; ++c) {
        const float step = header.step[c];
        const uint32_t most = (1u << header.component_bits[c]) - 1u;
        const float q =
            step > 0.0f ? std::round((values[k * components + c] - header.min[c]) / step) : 0.0f;
        bits_.write(static_cast<uint32_t>(std::min<float>(most, std::max(0.0f, q))),
                    header.component_bits[c]);
      }
    }
    out_.tracks.push_back(header);
  }

  CompressedClip take() {
    out_.bits.resize(out_.bits.size() + kBitPadding, 0);
    return std::move(out_);
  }

 private:
  // The first key of a track that collapsed to one tick, as a constant value.
  static void first_key_value(const CompressedTrack& h, const std::vector<float>& v,
                              float (&value)[4]) {
    if (h.format == TrackFormat::kVec3) {
      std::copy(v.begin(), v.begin() + 3, value);
    } else if (h.format == TrackFormat::kQuat4) {
      std::copy(v.begin(), v.begin() + 4, value);
    } else {
      static constexpr uint8_t kStored[4][3] = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
      float sum = 0.0f;
      for (int c = 0; c < 3; ++c) {
        value[kStored[h.dropped][c]] = v[c];
        sum += v[c] * v[c];
      }
      value[h.dropped] = std::sqrt(std::max(0.0f, 1.0f - sum));
    }
  }

  CompressedClip out_;
  BitWriter bits_;
  bool narrow_ = false;
};

float components(const glm::quat& q, int c) {
  return c == 0 ? q.x : (c == 1 ? q.y : (c == 2 ? q.z : q.w));
}

// The stored components of a rotation track's kept keys, and its format.
CompressedTrack rotation_layout(std::vector<glm::quat>& keys, std::vector<float>& values) {
  for (std::size_t i = 1; i < keys.size(); ++i) {
    if (dot4(keys[i], keys[i - 1]) < 0.0f) keys[i] = -keys[i];  // One hemisphere: small ranges.
  }
  int best = 3;
  float best_min = -1.0f;
  for (int c = 0; c < 4; ++c) {
    float m = INFINITY;
    for (const glm::quat& q : keys) m = std::min(m, std::fabs(components(q, c)));
    if (m > best_min) {
      best_min = m;
      best = c;
    }
  }
  CompressedTrack h;
  h.kind = TrackKind::kRotation;
  values.clear();
  if (best_min < kMinDroppedComponent) {
    h.format = TrackFormat::kQuat4;
    for (const glm::quat& q : keys) {
      for (int c = 0; c < 4; ++c) values.push_back(components(q, c));
    }
    return h;
  }
  h.format = TrackFormat::kQuat3;
  h.dropped = static_cast<uint8_t>(best);
  for (glm::quat q : keys) {
    if (components(q, best) < 0.0f) q = -q;
    for (int c = 0; c < 4; ++c) {
      if (c != best) values.push_back(components(q, c));
    }
  }
  return h;
}

// The joint's parent's model-space scale: how much a local translation error grows.
float parent_scale(const Skeleton& skeleton, const RestMeasure& rest, std::size_t joint) {
  const int p = skeleton.parents[joint];
  if (p < 0) return 1.0f;
  const glm::mat4& m = rest.model[p];
  const float s = std::max(
      {glm::length(glm::vec3(m[0])), glm::length(glm::vec3(m[1])), glm::length(glm::vec3(m[2]))});
  return s > 0.0f ? s : 1.0f;
}

// One attempt: the tracks of joint j reduced with budget[j] as their share of the error.
CompressedClip compress_with(const Clip& clip, const Skeleton& skeleton, const RestMeasure& rest,
                             const std::vector<float>& budgets) {
  const std::size_t n = skeleton.joint_count();
  ClipWriter writer(clip, n);
  std::vector<float> values;
  for (std::size_t j = 0; j < n; ++j) {
    const uint16_t joint = static_cast<uint16_t>(j);
    const float budget = budgets[j];
    const float reach = std::max(rest.reach[j], 1e-6f);
    // Translations and scales.
    const KeyTracks<glm::vec3>* vec_tracks[2] = {&clip.translations, &clip.scales};
    const TrackKind vec_kinds[2] = {TrackKind::kTranslation, TrackKind::kScale};
    const glm::vec3 rest_values[2] = {skeleton.rest[j].translation, skeleton.rest[j].scale};
    const float vec_tolerance[2] = {budget / parent_scale(skeleton, rest, j), budget / reach};
    for (int v = 0; v < 2; ++v) {
      const TrackRange r = vec_tracks[v]->ranges[j];
      if (r.count == 0) continue;
      const float* times = vec_tracks[v]->times.data() + r.offset;
      const glm::vec3* keys = vec_tracks[v]->values.data() + r.offset;
      const Closeness close{vec_kinds[v], (1.0f - kQuantizationShare) * vec_tolerance[v]};
      const bool constant =
          std::all_of(keys, keys + r.count, [&](const glm::vec3& k) { return close(k, keys[0]); });
      if (constant) {
        if (close(keys[0], rest_values[v])) continue;
        writer.constant(joint, vec_kinds[v], {keys[0].x, keys[0].y, keys[0].z, 0.0f});
        continue;
      }
      const std::vector<uint32_t> kept = reduce(times, keys, r.count, close);
      values.clear();
      for (uint32_t k : kept) values.insert(values.end(), {keys[k].x, keys[k].y, keys[k].z});
      CompressedTrack h;
      h.joint = joint;
      h.kind = vec_kinds[v];
      h.format = TrackFormat::kVec3;
      writer.track(h, times, kept, values, kQuantizationShare * vec_tolerance[v] / 1.8f);
    }
    // Rotations.
    const TrackRange r = clip.rotations.ranges[j];
    if (r.count == 0) continue;
    const float* times = clip.rotations.times.data() + r.offset;
    const glm::quat* keys = clip.rotations.values.data() + r.offset;
    const float angle_tolerance = budget / reach;
    const Closeness close{TrackKind::kRotation, (1.0f - kQuantizationShare) * angle_tolerance};
    const bool constant =
        std::all_of(keys, keys + r.count, [&](const glm::quat& k) { return close(k, keys[0]); });
    if (constant) {
      if (close(keys[0], skeleton.rest[j].rotation)) continue;
      const glm::quat q = glm::normalize(keys[0]);
      writer.constant(joint, TrackKind::kRotation, {q.x, q.y, q.z, q.w});
      continue;
    }
    const std::vector<uint32_t> kept = reduce(times, keys, r.count, close);
    std::vector<glm::quat> kept_keys;
    for (uint32_t k : kept) kept_keys.push_back(glm::normalize(keys[k]));
    CompressedTrack h = rotation_layout(kept_keys, values);
    h.joint = joint;
    // A component off by e turns the rotation by about 2e, more when the rebuilt one is small.
    writer.track(h, times, kept, values, kQuantizationShare * angle_tolerance / 8.0f);
  }
  return writer.take();
}

}  // namespace

float default_tolerance(const Skeleton& skeleton) {
  const float diagonal = measure_rest(skeleton, 0.0f).diagonal;
  return diagonal > 0.0f ? 1e-4f * diagonal : 1e-4f;
}

std::size_t raw_clip_bytes(const Clip& clip) {
  auto bytes = [](const auto& tracks) {
    return tracks.ranges.size() * sizeof(TrackRange) + tracks.times.size() * sizeof(float) +
           tracks.values.size() * sizeof(tracks.values[0]);
  };
  return clip.name.size() + sizeof(float) + bytes(clip.translations) + bytes(clip.rotations) +
         bytes(clip.scales);
}

Result<CompressedResult> compress_clip(const Clip& clip, const Skeleton& skeleton,
                                       const CompressionOptions& options) {
  const std::size_t n = skeleton.joint_count();
  if (n > 65535) {
    return Error{Error::Code::kInvalidArgument,
                 "a skeleton of " + std::to_string(n) + " joints (compressed clips hold 65535)",
                 clip.name};
  }
  Status valid = clip.validate(n);
  if (!valid.ok()) return Error{valid.error().code, valid.error().message, clip.name};
  if (!(options.tolerance >= 0.0f) || !(options.shell_distance >= 0.0f)) {
    return Error{Error::Code::kInvalidArgument, "tolerance and distance must be >= 0", clip.name};
  }
  const float tolerance =
      options.tolerance > 0.0f ? options.tolerance : default_tolerance(skeleton);
  const float shell =
      options.shell_distance > 0.0f ? options.shell_distance : default_shell_distance(skeleton);
  const RestMeasure rest = measure_rest(skeleton, shell);

  // Errors add up along a chain, but rarely all at once: each joint starts with the whole
  // tolerance, and only the joints above a point measured out of tolerance are tightened.
  CompressedResult result;
  std::vector<float> budgets(n, tolerance);
  for (int attempt = 0;; ++attempt) {
    const bool last = attempt + 1 >= kAttempts;
    if (last) budgets.assign(n, 0.0f);
    CompressedClip packed = compress_with(clip, skeleton, rest, budgets);
    const ClipError error = measure_clip_error(clip, packed, skeleton, shell);
    if (error.max_error <= tolerance || last) {
      result.clip = std::move(packed);
      result.report.max_error = error.max_error;
      result.report.mean_error = error.mean_error;
      break;
    }
    std::vector<bool> tighten(n, false);
    for (std::size_t j = 0; j < n; ++j) {
      if (!(error.joint_max_error[j] <= tolerance)) {
        for (int a = static_cast<int>(j); a >= 0 && !tighten[a]; a = skeleton.parents[a]) {
          tighten[a] = true;
        }
      }
    }
    for (std::size_t j = 0; j < n; ++j) {
      if (tighten[j]) budgets[j] *= kTightening;
    }
  }
  result.report.raw_bytes = raw_clip_bytes(clip);
  result.report.packed_bytes = result.clip.byte_size();
  result.report.tolerance = tolerance;
  return result;
}

}  // namespace anim::bake
