#include "anim/bake/clip_compression.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "anim/bake/clip_error.h"
#include "clip_segments.h"
#include "segment_search.h"
#include "anim/compressed_sampling.h"
#include "anim/sampling.h"

namespace anim::bake {
namespace {

// A rotation goes in a RotationGroup (three stored components) when some component stays at
// least this far from 0 on every key: rebuilding it from the other three then loses little
// precision. Otherwise it is a kQuat4 track.
constexpr float kMinDroppedComponent = 0.25f;
// The reduction tests a stretch of keys at once; longer stretches get a key anyway, which
// bounds the work on long, smooth takes.
constexpr uint32_t kMaxStretch = 512;
// The share of a joint's error budget left to quantization; key removal gets the rest.
constexpr float kQuantizationShare = 0.5f;
// A track goes in segments only when they take at most this share of its reduced keys' bytes:
// a segmented track decodes two frames of three components each (a group decodes a key pair
// for four joints at once), so a few bytes saved on a sparse game clip are not worth its cost.
constexpr double kSegmentGain = 0.6;
// A segmented rotation track rebuilds a component that stays at least this far from 0. Lower,
// more of a take's tracks go in segments (smaller clips at the default tolerance), but where the
// rebuilt component nears 0 the fit needs more bits than a segment has, and at tight tolerances
// (01_03 at 0.0009 below 0.05) the search runs out of attempts.
constexpr float kMinSegmentDropped = 0.05f;
// Largest translation or scale component compressed: ranges of larger ones overflow.
constexpr float kLargestValue = 1e15f;
// Attempts before giving up key removal altogether, and how much each tightens a key budget.
constexpr int kAttempts = 16;
constexpr float kTightening = 0.7f;

inline float dot4(const glm::quat& a, const glm::quat& b) {
  return a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
}

float component(const glm::quat& q, int c) {
  return c == 0 ? q.x : (c == 1 ? q.y : (c == 2 ? q.z : q.w));
}

// Whether two values are within a tolerance, as within(a, b, limit(tolerance, a)): the limit
// taken once for many pairs. Vectors: the distance. Rotations: the angle from the chord, not acos
// of the dot product (in float, a dot product of 1 - 1 ulp already means 0.001 rad, which would
// hide real errors): 4 atan2(|d|, |m|) <= t for d = a - b and m = a + b on one hemisphere, which
// is |d|^2 <= tan^2(t / 4) |m|^2 with no arctangent per pair. No angle there exceeds pi.
float limit(float tolerance, const glm::vec3&) { return tolerance * tolerance; }
float limit(float tolerance, const glm::quat&) {
  const float t = std::tan(0.25f * std::min(tolerance, glm::pi<float>()));
  return t * t;
}
bool within(const glm::vec3& a, const glm::vec3& b, float limit) {
  const glm::vec3 d = a - b;
  return glm::dot(d, d) <= limit;
}
bool within(const glm::quat& a, const glm::quat& b, float limit) {
  const glm::quat s = dot4(a, b) < 0.0f ? -b : b;
  const glm::quat d(a.w - s.w, a.x - s.x, a.y - s.y, a.z - s.z);
  const glm::quat m(a.w + s.w, a.x + s.x, a.y + s.y, a.z + s.z);
  return dot4(d, d) <= limit * dot4(m, m);
}
template <class V>
bool close(const V& a, const V& b, float tolerance) {
  return within(a, b, limit(tolerance, a));
}

// The runtime's interpolation of each kind.
glm::vec3 interpolate(const glm::vec3& a, const glm::vec3& b, float t) { return a + (b - a) * t; }
glm::quat interpolate(const glm::quat& a, const glm::quat& b, float t) {
  return fitted_nlerp(a, b, t);
}

// Keys of one or more tracks over shared times, each track with its own tolerance.
template <class V>
struct KeySet {
  const float* times = nullptr;
  uint32_t count = 0;
  std::vector<const V*> lanes;  // Each `count` values.
  std::vector<float> tolerances;

  // Each lane's tolerance as within() takes it.
  std::vector<float> limits() const {
    std::vector<float> out;
    for (float t : tolerances) out.push_back(limit(t, V{}));
    return out;
  }

  // Whether interpolating keys a and b reproduces every key between them on every lane, each
  // within its limits() entry.
  bool spans(uint32_t a, uint32_t b, const std::vector<float>& limits) const {
    for (uint32_t i = a + 1; i < b; ++i) {
      const float t = (times[i] - times[a]) / (times[b] - times[a]);
      for (std::size_t l = 0; l < lanes.size(); ++l) {
        if (!within(interpolate(lanes[l][a], lanes[l][b], t), lanes[l][i], limits[l])) {
          return false;
        }
      }
    }
    return true;
  }
};

// The keys to keep: the first, the last, and greedily the fewest between them such that
// interpolating the kept keys reproduces every dropped one within tolerance.
template <class V>
std::vector<uint32_t> reduce(const KeySet<V>& keys) {
  std::vector<uint32_t> kept = {0};
  const std::vector<float> limits = keys.limits();
  uint32_t a = 0;
  for (uint32_t b = 2; b < keys.count; ++b) {
    if (b - a > kMaxStretch || !keys.spans(a, b, limits)) {
      kept.push_back(b - 1);
      a = b - 1;
    }
  }
  if (keys.count > 1) kept.push_back(keys.count - 1);
  return kept;
}

// What one attempt keeps for the next: each track's or group's kept keys at the tolerances they
// were reduced with, and each segmented track's segments. An attempt tightens few budgets, so
// most of its work is the last one's. Tracks go by track_id, groups by group_id.
class AttemptMemo {
 public:
  static uint32_t track_id(std::size_t joint, TrackKind kind) {
    return static_cast<uint32_t>(joint * 4 + static_cast<uint32_t>(kind));
  }
  static uint32_t group_id(std::size_t block) {
    return static_cast<uint32_t>(block * 4 + 3);
  }

  // The keys of `set` to keep (see reduce). `set` must hold the same keys on every call with `id`.
  template <class V>
  const std::vector<uint32_t>& reduced(uint32_t id, const KeySet<V>& set) {
    Reduction& r = reductions_[id];  // New: no tolerances, so reduced below.
    if (r.tolerances != set.tolerances) {
      r.kept = reduce(set);
      r.tolerances = set.tolerances;
    }
    return r.kept;
  }
  SegmentMemo& segments(uint32_t id) { return segments_[id]; }

  // Whether track `id` goes in segments: decide() on the first attempt, the same answer after (a
  // track that changed form between attempts would undo what the segments' search found there).
  template <class Decide>
  bool in_segments(uint32_t id, Decide decide) {
    auto found = choices_.find(id);
    if (found == choices_.end()) found = choices_.emplace(id, decide()).first;
    return found->second;
  }

 private:
  struct Reduction {
    std::vector<float> tolerances;  // Those of the set `kept` was reduced from.
    std::vector<uint32_t> kept;
  };
  std::map<uint32_t, Reduction> reductions_;
  std::map<uint32_t, SegmentMemo> segments_;
  std::map<uint32_t, bool> choices_;
};

// The keys of track `id` to keep (see reduce).
template <class V>
const std::vector<uint32_t>& reduce_track(AttemptMemo& memo, uint32_t id,
                                          const std::vector<float>& times,
                                          const std::vector<V>& values, float tolerance) {
  KeySet<V> set;
  set.times = times.data();
  set.count = static_cast<uint32_t>(values.size());
  set.lanes = {values.data()};
  set.tolerances = {tolerance};
  return memo.reduced(id, set);
}

// Whether every key is within `tolerance` of the first.
template <class V>
bool all_close(const std::vector<V>& keys, float tolerance) {
  return std::all_of(keys.begin(), keys.end(),
                     [&](const V& k) { return close(k, keys[0], tolerance); });
}

// Every key's components in a row: x, y, z (and w).
std::vector<float> flatten(const std::vector<glm::vec3>& keys) {
  std::vector<float> out;
  for (const glm::vec3& k : keys) out.insert(out.end(), {k.x, k.y, k.z});
  return out;
}
std::vector<float> flatten(const std::vector<glm::quat>& keys) {
  std::vector<float> out;
  for (const glm::quat& q : keys) out.insert(out.end(), {q.x, q.y, q.z, q.w});
  return out;
}

// Bits needed so that a range of `range` is quantized with steps of at most 2 * precision.
uint8_t bits_for(float range, float precision, uint32_t most) {
  if (!(range > 0.0f)) return 0;
  uint32_t b = 1;
  while (b < most && range / static_cast<float>((1u << b) - 1u) > 2.0f * precision) ++b;
  return static_cast<uint8_t>(b);
}

// Quantization of one component over its keys: bits, min and step.
struct Quantizer {
  uint8_t bits = 0;
  float min = 0.0f;
  float step = 0.0f;

  Quantizer(const std::vector<float>& values, float precision, uint32_t most) {
    if (values.empty()) return;
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    bits = bits_for(*hi - *lo, precision, most);
    min = *lo;
    step = bits > 0 ? (*hi - *lo) / static_cast<float>((1u << bits) - 1u) : 0.0f;
  }
  uint32_t operator()(float x) const {
    if (!(step > 0.0f)) return 0;
    const float top = static_cast<float>((1u << bits) - 1u);
    return static_cast<uint32_t>(std::min(top, std::max(0.0f, std::round((x - min) / step))));
  }
};

// Appends values of up to 32 bits, least significant bit first.
class BitWriter {
 public:
  explicit BitWriter(std::vector<uint8_t>& out) : out_(out) {}
  uint32_t position() const { return static_cast<uint32_t>(position_); }
  // The low `bits` bits of value, a byte's free bits at a time.
  void write(uint32_t value, uint32_t bits) {
    uint64_t rest = value & ((uint64_t{1} << bits) - 1u);
    while (bits > 0) {
      const uint32_t used = static_cast<uint32_t>(position_ % 8);
      if (used == 0) out_.push_back(0);
      const uint32_t take = std::min(bits, 8u - used);
      out_.back() = static_cast<uint8_t>(out_.back() | ((rest & ((1u << take) - 1u)) << used));
      rest >>= take;
      bits -= take;
      position_ += take;
    }
  }

 private:
  std::vector<uint8_t>& out_;
  uint64_t position_ = 0;
};

// Key times playback can reach: those at or after 0 s, and 0 s itself when a track starts before.
std::vector<float> all_key_times(const Clip& clip) {
  std::vector<float> times;
  for (const auto* t : {&clip.translations.times, &clip.rotations.times, &clip.scales.times}) {
    for (float x : *t) times.push_back(std::max(x, 0.0f));
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

// Whether every time lies on the frame grid of `rate` frames per second.
bool on_grid(const std::vector<float>& times, double rate) {
  for (float t : times) {
    const double frame = t * rate;
    if (std::fabs(frame - std::round(frame)) > 0.01) return false;
  }
  return true;
}

// How key times become ticks: whole frames when every key lies on one frame grid (the rate of
// the smallest gap, or a common frame rate; 8-bit ticks when the clip has at most 255 frames),
// else 65535 ticks over the clip. The rate is fitted to the last key, so a frame time the file
// rounded (1/120 s written as .0083333) does not drift off the grid over a long take.
float choose_ticks_per_second(const Clip& clip, bool& narrow, bool& grid) {
  narrow = false;
  grid = false;
  const std::vector<float> times = all_key_times(clip);
  const float span = times.empty() ? clip.duration : std::max(clip.duration, times.back());
  if (!(span > 0.0f)) return 0.0f;
  const float fallback = 65535.0f / span;
  // Too short to count ticks over in a float (under 2e-34 s): as no length, every key on tick 0.
  if (!std::isfinite(fallback)) return 0.0f;
  double gap = INFINITY;
  for (std::size_t i = 1; i < times.size(); ++i) {
    gap = std::min(gap, static_cast<double>(times[i]) - times[i - 1]);
  }
  if (times.size() < 2 || !(gap > 1e-6 * span)) return fallback;
  const double last = times.back();
  for (double candidate : {1.0 / gap, 24.0, 25.0, 30.0, 48.0, 50.0, 60.0, 100.0, 120.0, 240.0}) {
    const double frames_to_last = std::round(last * candidate);
    if (!(frames_to_last >= 1.0)) continue;
    const double rate = frames_to_last / last;
    if (!on_grid(times, rate)) continue;
    const double frames = std::ceil(span * rate - 0.01);
    if (frames > 65535.0) break;
    narrow = frames <= 255.0;
    grid = true;
    return static_cast<float>(rate);
  }
  return fallback;
}

// How a clip's keys map to ticks, and the frames a segmented track holds.
struct FrameGrid {
  float ticks_per_second = 0.0f;
  bool narrow = false;  // 8-bit ticks.
  uint32_t frames = 0;  // Frames a segmented track holds; 0 off a grid (no segmented tracks).
};

FrameGrid frame_grid(const Clip& clip) {
  FrameGrid g;
  bool on_grid = false;
  g.ticks_per_second = choose_ticks_per_second(clip, g.narrow, on_grid);
  const std::vector<float> times = all_key_times(clip);
  if (on_grid && !times.empty()) {
    const float last = std::round(times.back() * g.ticks_per_second);
    g.frames = last >= 1.0f && last < 65536.0f ? static_cast<uint32_t>(last) + 1 : 0;
  }
  return g;
}

// A track's keys as playback reaches them: keys before 0 s folded into one key at 0 s holding
// the value the float clip has there.
template <class V>
struct PlayableKeys {
  std::vector<float> times;
  std::vector<V> values;
};

glm::vec3 source_interpolate(const glm::vec3& a, const glm::vec3& b, float t) {
  return a + (b - a) * t;
}
glm::quat source_interpolate(const glm::quat& a, const glm::quat& b, float t) {
  return slerp_shortest(a, b, t);
}

template <class V>
PlayableKeys<V> playable_keys(const KeyTracks<V>& tracks, std::size_t joint) {
  const TrackRange r = tracks.ranges[joint];
  const float* t = tracks.times.data() + r.offset;
  const V* v = tracks.values.data() + r.offset;
  PlayableKeys<V> out;
  uint32_t first = 0;
  while (first < r.count && t[first] < 0.0f) ++first;
  if (first > 0 && (first == r.count || t[first] > 0.0f)) {
    out.times.push_back(0.0f);
    out.values.push_back(first == r.count
                             ? v[r.count - 1]
                             : source_interpolate(v[first - 1], v[first],
                                                  -t[first - 1] / (t[first] - t[first - 1])));
  }
  out.times.insert(out.times.end(), t + first, t + r.count);
  out.values.insert(out.values.end(), v + first, v + r.count);
  return out;
}

// A rotation track bound for a RotationGroup: its keys with the dropped component made >= 0.
struct GroupLane {
  uint16_t joint = 0;
  uint8_t dropped = 3;
  float angle_tolerance = 0.0f;  // For key removal, radians.
  float precision = 0.0f;        // Largest quantization error per stored component.
  std::vector<float> times;
  std::vector<glm::quat> keys;

  // The rotation at time t as the float clip plays it (slerp between keys, ends held).
  glm::quat at(float t) const {
    const std::size_t n = keys.size();
    glm::quat q = keys[n - 1];
    if (!(t > times[0])) {
      q = keys[0];
    } else if (t < times[n - 1]) {
      const std::size_t k = std::upper_bound(times.begin(), times.end(), t) - times.begin() - 1;
      q = slerp_shortest(keys[k], keys[k + 1], (t - times[k]) / (times[k + 1] - times[k]));
    }
    return component(q, dropped) < 0.0f ? -q : q;
  }
};

// Builds a CompressedClip track by track.
class ClipWriter {
 public:
  ClipWriter(const Clip& clip, std::size_t joints, const FrameGrid& grid)
      : bits_(out_.bits), narrow_(grid.narrow), frames_(grid.frames) {
    out_.name = clip.name;
    out_.duration = clip.duration;
    out_.joint_count = static_cast<uint32_t>(joints);
    out_.ticks_per_second = grid.ticks_per_second;
  }

  // Frames a segmented track holds (at ticks_per_second), or 0 when the clip's keys are not on
  // a frame grid (no segmented tracks then).
  uint32_t frames() const { return frames_; }
  float frame_rate() const { return out_.ticks_per_second; }
  bool narrow() const { return narrow_; }

  void segmented(SegmentedEncoding encoding) { segmented_.push_back(std::move(encoding)); }

  void constant(uint16_t joint, TrackKind kind, const float (&value)[4]) {
    ConstantTrack c;
    c.joint = joint;
    c.kind = kind;
    std::copy(value, value + 4, c.value);
    out_.constants.push_back(c);
  }

  // Adds the keys `kept` of a track whose every key has track_components(format) values in
  // `values`, quantized with steps of at most 2 * precision; a constant instead when their
  // ticks leave fewer than two keys.
  void track(CompressedTrack header, const float* times, const std::vector<uint32_t>& kept,
             const std::vector<float>& values, float precision) {
    const uint32_t components = track_components(header.format);
    const std::vector<uint32_t> keys = add_ticks(times, kept, header.first_key);
    if (keys.size() < 2) {
      float value[4] = {0, 0, 0, 1};
      std::copy_n(values.begin() + keys[0] * components, components, value);
      constant(header.joint, header.kind, value);
      return;
    }
    std::vector<Quantizer> q;
    for (uint32_t c = 0; c < components; ++c) {
      std::vector<float> column;
      for (uint32_t k : keys) column.push_back(values[k * components + c]);
      q.emplace_back(column, precision, kMaxTrackComponentBits);
      header.component_bits[c] = q[c].bits;
      header.min[c] = q[c].min;
      header.step[c] = q[c].step;
    }
    header.key_count = static_cast<uint32_t>(keys.size());
    header.first_bit = bits_.position();
    for (uint32_t k : keys) {
      for (uint32_t c = 0; c < components; ++c) {
        bits_.write(q[c](values[k * components + c]), q[c].bits);
      }
    }
    out_.tracks.push_back(header);
  }

  // Adds the rotation tracks of one SoA block's joints (in joint order) as one group over the
  // union of their key times, removing the keys that no lane needs.
  void group(const std::vector<GroupLane>& lanes, AttemptMemo& memo) {
    std::vector<float> times;
    for (const GroupLane& lane : lanes) {
      times.insert(times.end(), lane.times.begin(), lane.times.end());
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    std::vector<std::vector<glm::quat>> values(lanes.size());
    KeySet<glm::quat> set;
    set.times = times.data();
    set.count = static_cast<uint32_t>(times.size());
    for (std::size_t l = 0; l < lanes.size(); ++l) {
      for (float t : times) values[l].push_back(lanes[l].at(t));
      set.lanes.push_back(values[l].data());
      set.tolerances.push_back(lanes[l].angle_tolerance);
    }
    RotationGroup g;
    const std::vector<uint32_t> keys = add_ticks(
        times.data(), memo.reduced(AttemptMemo::group_id(lanes[0].joint / 4), set), g.first_key);
    if (keys.size() < 2) {  // All at one tick: constants.
      for (std::size_t l = 0; l < lanes.size(); ++l) {
        const glm::quat q = values[l][keys[0]];
        constant(lanes[l].joint, TrackKind::kRotation, {q.x, q.y, q.z, q.w});
      }
      return;
    }
    static constexpr uint8_t kStored[4][3] = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
    std::vector<Quantizer> q;  // [lane * 3 + component], lanes in `lanes` order.
    g.block = static_cast<uint16_t>(lanes[0].joint / 4);
    for (std::size_t l = 0; l < lanes.size(); ++l) {
      const uint32_t lane = lanes[l].joint % 4;
      g.lane_mask = static_cast<uint8_t>(g.lane_mask | (1u << lane));
      g.dropped[lane] = lanes[l].dropped;
      for (int c = 0; c < 3; ++c) {
        std::vector<float> column;
        for (uint32_t k : keys)
          column.push_back(component(values[l][k], kStored[g.dropped[lane]][c]));
        q.emplace_back(column, lanes[l].precision, kMaxComponentBits);
        g.component_bits[lane][c] = q.back().bits;
        g.min[c][lane] = q.back().min;
        g.step[c][lane] = q.back().step;
        g.key_bits = static_cast<uint16_t>(g.key_bits + q.back().bits);
      }
    }
    g.key_count = static_cast<uint32_t>(keys.size());
    g.first_bit = bits_.position();
    for (uint32_t k : keys) {
      for (std::size_t l = 0; l < lanes.size(); ++l) {  // In joint order, so in lane order.
        for (int c = 0; c < 3; ++c) {
          const Quantizer& quantize = q[l * 3 + c];
          const int which = kStored[lanes[l].dropped][c];
          bits_.write(quantize(component(values[l][k], which)), quantize.bits);
        }
      }
    }
    out_.rotation_groups.push_back(g);
  }

  // Marks capped[id * segment_count + s] for each segment s of segmented track `id`
  // (AttemptMemo::track_id) that its widest widths left out of its tolerance.
  void mark_out_of_reach(std::size_t segment_count, std::vector<bool>& capped) const {
    for (const SegmentedEncoding& e : segmented_) {
      const std::size_t id = AttemptMemo::track_id(e.track.joint, e.track.kind);
      for (std::size_t s = 0; s < e.out_of_reach.size() && s < segment_count; ++s) {
        if (e.out_of_reach[s]) capped[id * segment_count + s] = true;
      }
    }
  }

  CompressedClip take(uint32_t segment_samples) {
    if (!segmented_.empty()) write_segments(segment_samples);
    out_.bits.resize(out_.bits.size() + kBitPadding, 0);
    return std::move(out_);
  }

 private:
  // Appends the ticks of the kept keys, skipping any that round onto the previous tick, and
  // returns the positions (in `kept`'s source) of the keys that stay; `first_key` is where
  // their ticks start.
  std::vector<uint32_t> add_ticks(const float* times, const std::vector<uint32_t>& kept,
                                  uint32_t& first_key) {
    first_key = static_cast<uint32_t>(narrow_ ? out_.frames8.size() : out_.times16.size());
    const float top = narrow_ ? 255.0f : 65535.0f;
    std::vector<uint32_t> keys;
    std::vector<uint16_t> ticks;
    for (uint32_t k : kept) {
      const float tick = std::round(std::max(0.0f, times[k]) * out_.ticks_per_second);
      const uint16_t t = static_cast<uint16_t>(std::min(top, tick));
      if (!ticks.empty() && t <= ticks.back()) continue;
      ticks.push_back(t);
      keys.push_back(k);
    }
    if (keys.size() < 2) return keys;
    for (uint16_t t : ticks) {
      if (narrow_) {
        out_.frames8.push_back(static_cast<uint8_t>(t));
      } else {
        out_.times16.push_back(t);
      }
    }
    return keys;
  }

  // The segmented tracks, segment after segment, each segment's tracks in joint order.
  void write_segments(uint32_t segment_samples) {
    out_.frame_count = frames_;
    out_.segment_samples = segment_samples;
    std::sort(segmented_.begin(), segmented_.end(), [](const auto& a, const auto& b) {
      return a.track.joint != b.track.joint ? a.track.joint < b.track.joint
                                            : a.track.kind < b.track.kind;
    });
    for (const SegmentedEncoding& e : segmented_) out_.segmented.push_back(e.track);
    const std::size_t segments = out_.segment_count();
    for (std::size_t s = 0; s < segments; ++s) {
      out_.segment_bits.push_back(bits_.position());
      for (const SegmentedEncoding& e : segmented_) {
        const SegmentRange& r = e.ranges[s];
        out_.segment_ranges.push_back(r);
        const std::vector<uint32_t>& q = e.values[s];
        for (std::size_t i = 0; i < q.size(); ++i) bits_.write(q[i], r.width(i % 3));
      }
    }
  }

  CompressedClip out_;
  BitWriter bits_;
  bool narrow_ = false;
  uint32_t frames_ = 0;
  std::vector<SegmentedEncoding> segmented_;
};

// The component to rebuild for a rotation track, or -1 when every component comes near 0 on
// some key (a kQuat4 track): w when it stays far enough from 0 (the sampler then needs no
// reordering), else the component that stays farthest.
int dropped_component(const std::vector<glm::quat>& keys) {
  int best = -1;
  float best_min = kMinDroppedComponent;
  for (int c = 3; c >= 0; --c) {
    float m = INFINITY;
    for (const glm::quat& q : keys) m = std::min(m, std::fabs(component(q, c)));
    if (m >= kMinDroppedComponent && c == 3) return 3;
    if (m >= best_min) {
      best_min = m;
      best = c;
    }
  }
  return best;
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

// How one attempt stores animated tracks.
struct TrackChoice {
  SegmentMode mode = SegmentMode::kSmaller;
  uint32_t segment_samples = kDefaultSegmentSamples;
  // By track (AttemptMemo::track_id): no segments (kSmaller only); empty for none.
  std::vector<bool> keys_only;

  bool may_segment(uint32_t track) const {
    return mode != SegmentMode::kNever && (track >= keys_only.size() || !keys_only[track]);
  }
};

// Each joint's share of the error: how far in model space its tracks may move a point they
// carry. One share for its reduced keys, and one per segment for its segmented tracks, so that
// a search tightening where the error lies leaves the rest of a long take alone.
struct Budgets {
  std::vector<float> keys;      // Per joint.
  std::vector<float> segments;  // [joint * segment_count + segment].
  std::size_t segment_count = 0;

  Budgets(std::size_t joints, std::size_t segment_count, float tolerance)
      : keys(joints, tolerance),
        segments(joints * segment_count, tolerance),
        segment_count(segment_count) {}

  // Joint j's segment budgets turned into local tolerances: each divided by `scale`.
  std::vector<float> segment_tolerances(std::size_t j, float scale) const {
    std::vector<float> out(segments.begin() + j * segment_count,
                           segments.begin() + (j + 1) * segment_count);
    for (float& t : out) t /= scale;
    return out;
  }
};

// The value of a track at each frame, as the float clip plays it (ends held); rotations also
// turned to the sign with w >= 0. Three floats per frame.
template <class V>
std::vector<float> frame_values(const std::vector<float>& times, const std::vector<V>& keys,
                                uint32_t frames, float rate) {
  std::vector<float> out;
  out.reserve(3 * std::size_t{frames});
  std::size_t k = 0;
  for (uint32_t f = 0; f < frames; ++f) {
    const float t = static_cast<float>(f) / rate;
    while (k + 1 < times.size() && times[k + 1] <= t) ++k;
    V v = keys[k];
    if (k + 1 < times.size() && t > times[k]) {
      v = source_interpolate(keys[k], keys[k + 1], (t - times[k]) / (times[k + 1] - times[k]));
    }
    if constexpr (std::is_same_v<V, glm::quat>) {
      v = glm::normalize(v);
      out.insert(out.end(), {v.x, v.y, v.z, v.w});
    } else {
      out.insert(out.end(), {v.x, v.y, v.z});
    }
  }
  return out;
}

// A rotation track's frames as a segmented track stores them: the component that stays farthest
// from 0 dropped (its sign made >= 0 on every frame), three stored per frame. Empty when every
// component comes near 0 on some frame: rebuilding one would lose too much precision.
std::vector<float> rotation_frames(const std::vector<float>& times,
                                   const std::vector<glm::quat>& keys, uint32_t frames,
                                   float rate, uint8_t& dropped) {
  const std::vector<float> q = frame_values(times, keys, frames, rate);
  float best = 0.0f;
  for (uint8_t c = 0; c < 4; ++c) {
    float m = INFINITY;
    for (std::size_t i = c; i < q.size(); i += 4) m = std::min(m, std::fabs(q[i]));
    if (m > best) {
      best = m;
      dropped = c;
    }
  }
  std::vector<float> out;
  if (!(best >= kMinSegmentDropped)) return out;
  out.reserve(3 * std::size_t{frames});
  for (std::size_t i = 0; i < q.size(); i += 4) {
    const float sign = q[i + dropped] < 0.0f ? -1.0f : 1.0f;
    for (uint8_t c = 0; c < 4; ++c) {
      if (c != dropped) out.push_back(sign * q[i + c]);
    }
  }
  return out;
}

// Bytes a key-reduced track of `kept` keys would take: a header (or a group lane's share of
// one), the keys' times and their components at `precision` (widths from the ranges of
// `components` of each of `values`' keys).
std::size_t key_removal_bytes(std::size_t kept, const std::vector<float>& values,
                              uint32_t components, float precision, uint32_t most,
                              std::size_t header, bool narrow) {
  uint32_t key_bits = 0;
  for (uint32_t c = 0; c < components; ++c) {
    float lo = INFINITY, hi = -INFINITY;
    for (std::size_t i = c; i < values.size(); i += components) {
      lo = std::min(lo, values[i]);
      hi = std::max(hi, values[i]);
    }
    key_bits += bits_for(hi - lo, precision, most);
  }
  return header + kept * ((narrow ? 1 : 2) + key_bits / 8.0);
}

// Whether a track goes in segments: always, never, or when that is smaller than its reduced
// keys would be (`reduced_bytes`).
bool segments_win(const TrackChoice& choice, const SegmentedEncoding& e,
                  std::size_t reduced_bytes) {
  switch (choice.mode) {
    case SegmentMode::kNever:
      return false;
    case SegmentMode::kAlways:
      return true;
    case SegmentMode::kSmaller:
      break;
  }
  return static_cast<double>(e.byte_size()) < kSegmentGain * static_cast<double>(reduced_bytes);
}

// Translations and scales of joint j: rest, constant, a kVec3 track or a segmented track.
void add_vec3_tracks(const Clip& clip, const Skeleton& skeleton, const RestMeasure& rest,
                     std::size_t j, const Budgets& budgets, const TrackChoice& choice,
                     AttemptMemo& memo, ClipWriter& writer, std::vector<SearchTrack>& searched) {
  const KeyTracks<glm::vec3>* sources[2] = {&clip.translations, &clip.scales};
  const TrackKind kinds[2] = {TrackKind::kTranslation, TrackKind::kScale};
  const glm::vec3 rest_values[2] = {skeleton.rest[j].translation, skeleton.rest[j].scale};
  // A translation error grows with the parent's scale; a scale error with the joint's reach.
  const float scales[2] = {parent_scale(skeleton, rest, j), std::max(rest.reach[j], 1e-6f)};
  const float tolerances[2] = {budgets.keys[j] / scales[0], budgets.keys[j] / scales[1]};
  for (int v = 0; v < 2; ++v) {
    if (sources[v]->ranges[j].count == 0) continue;
    const PlayableKeys<glm::vec3> track = playable_keys(*sources[v], j);
    const std::vector<glm::vec3>& keys = track.values;
    const float tolerance = (1.0f - kQuantizationShare) * tolerances[v];
    if (all_close(keys, tolerance)) {
      if (!close(keys[0], rest_values[v], tolerance)) {
        writer.constant(static_cast<uint16_t>(j), kinds[v], {keys[0].x, keys[0].y, keys[0].z, 0});
      }
      continue;
    }
    const uint32_t id = AttemptMemo::track_id(j, kinds[v]);
    const float precision = kQuantizationShare * tolerances[v] / 1.8f;
    if (choice.may_segment(id) && writer.frames() >= 2) {
      SegmentInput input;
      input.joint = static_cast<uint16_t>(j);
      input.kind = kinds[v];
      input.frames = frame_values(track.times, keys, writer.frames(), writer.frame_rate());
      input.tolerance = tolerances[v];
      input.segment_tolerances = budgets.segment_tolerances(j, scales[v]);
      SegmentedEncoding e = encode_segmented(input, choice.segment_samples, &memo.segments(id));
      if (memo.in_segments(id, [&] {
            const std::size_t kept = reduce_track(memo, id, track.times, keys, tolerance).size();
            return segments_win(choice, e,
                                key_removal_bytes(kept, flatten(keys), 3, precision,
                                                  kMaxTrackComponentBits, sizeof(CompressedTrack),
                                                  writer.narrow()));
          })) {
        searched.push_back({e.track, std::move(input.frames), scales[v]});
        writer.segmented(std::move(e));
        continue;
      }
    }
    const std::vector<uint32_t>& kept = reduce_track(memo, id, track.times, keys, tolerance);
    CompressedTrack h;
    h.joint = static_cast<uint16_t>(j);
    h.kind = kinds[v];
    h.format = TrackFormat::kVec3;
    // Three components each off by at most the precision: sqrt(3) times it in all.
    writer.track(h, track.times.data(), kept, flatten(keys), precision);
  }
}

// Whether a rotation track's stored components fit a group's 16-bit cache at `precision`.
bool fits_group(const std::vector<glm::quat>& keys, int dropped, float precision) {
  for (int c = 0; c < 4; ++c) {
    if (c == dropped) continue;
    float lo = INFINITY, hi = -INFINITY;
    for (const glm::quat& q : keys) {
      const float x = component(q, dropped) < 0.0f ? -component(q, c) : component(q, c);
      lo = std::min(lo, x);
      hi = std::max(hi, x);
    }
    if (bits_for(hi - lo, precision, kMaxTrackComponentBits) > kMaxComponentBits) return false;
  }
  return true;
}

// One attempt's clip, which of its tracks' segments could not reach their tolerance
// ([AttemptMemo::track_id * segment_count + segment]), and its segmented tracks for the search.
struct Attempt {
  CompressedClip clip;
  std::vector<bool> out_of_reach;
  std::vector<SearchTrack> segmented;
};

// One attempt: the tracks of joint j stored within its budgets.
Attempt compress_with(const Clip& clip, const Skeleton& skeleton, const RestMeasure& rest,
                      const FrameGrid& grid, const Budgets& budgets, const TrackChoice& choice,
                      AttemptMemo& memo) {
  const std::size_t n = skeleton.joint_count();
  ClipWriter writer(clip, n, grid);
  Attempt out;
  std::vector<GroupLane> lanes;
  for (std::size_t j = 0; j < n; ++j) {
    add_vec3_tracks(clip, skeleton, rest, j, budgets, choice, memo, writer, out.segmented);
    if (clip.rotations.ranges[j].count == 0) continue;
    PlayableKeys<glm::quat> track = playable_keys(clip.rotations, j);
    const uint32_t id = AttemptMemo::track_id(j, TrackKind::kRotation);
    const float reach = std::max(rest.reach[j], 1e-6f);
    const float angle_tolerance = budgets.keys[j] / reach;
    const float tolerance = (1.0f - kQuantizationShare) * angle_tolerance;
    std::vector<glm::quat>& keys = track.values;
    for (std::size_t k = 0; k < keys.size(); ++k) {
      keys[k] = glm::normalize(keys[k]);
      // One hemisphere, so that per-track component ranges stay small.
      if (k > 0 && dot4(keys[k], keys[k - 1]) < 0.0f) keys[k] = -keys[k];
    }
    if (all_close(keys, tolerance)) {
      if (!close(keys[0], skeleton.rest[j].rotation, tolerance)) {
        const glm::quat& q = keys[0];
        writer.constant(static_cast<uint16_t>(j), TrackKind::kRotation, {q.x, q.y, q.z, q.w});
      }
      continue;
    }
    // A component off by e turns the rotation by about 2e, more when the rebuilt one is small.
    const float precision = kQuantizationShare * angle_tolerance / 8.0f;
    const int dropped = dropped_component(keys);
    const bool grouped = dropped >= 0 && fits_group(keys, dropped, precision);
    if (choice.may_segment(id) && writer.frames() >= 2) {
      SegmentInput input;
      input.joint = static_cast<uint16_t>(j);
      input.kind = TrackKind::kRotation;
      input.frames = rotation_frames(track.times, keys, writer.frames(), writer.frame_rate(),
                                     input.dropped);
      input.tolerance = angle_tolerance;
      input.segment_tolerances = budgets.segment_tolerances(j, reach);
      SegmentedEncoding e;
      if (!input.frames.empty()) {
        e = encode_segmented(input, choice.segment_samples, &memo.segments(id));
      }
      const auto smaller = [&] {
        const std::size_t kept = reduce_track(memo, id, track.times, keys, tolerance).size();
        std::vector<float> stored;  // The components a group or track would store.
        for (const glm::quat& q : keys) {
          for (int c = 0; c < 4; ++c) {
            if (!grouped || c != dropped) {
              stored.push_back(grouped && component(q, dropped) < 0.0f ? -component(q, c)
                                                                       : component(q, c));
            }
          }
        }
        const std::size_t reduced =
            grouped ? key_removal_bytes(kept, stored, 3, precision, kMaxComponentBits,
                                        sizeof(RotationGroup) / 4, writer.narrow())
                    : key_removal_bytes(kept, stored, 4, precision, kMaxTrackComponentBits,
                                        sizeof(CompressedTrack), writer.narrow());
        return segments_win(choice, e, reduced);
      };
      if (!input.frames.empty() && memo.in_segments(id, smaller)) {
        out.segmented.push_back({e.track, std::move(input.frames), reach});
        writer.segmented(std::move(e));
        continue;
      }
    }
    if (grouped) {
      GroupLane lane;
      lane.joint = static_cast<uint16_t>(j);
      lane.dropped = static_cast<uint8_t>(dropped);
      lane.angle_tolerance = tolerance;
      lane.precision = precision;
      lane.times = std::move(track.times);
      lane.keys = std::move(keys);
      if (!lanes.empty() && lanes[0].joint / 4 != j / 4) {
        writer.group(lanes, memo);
        lanes.clear();
      }
      lanes.push_back(std::move(lane));
      continue;
    }
    const std::vector<uint32_t>& kept = reduce_track(memo, id, track.times, keys, tolerance);
    CompressedTrack h;
    h.joint = static_cast<uint16_t>(j);
    h.kind = TrackKind::kRotation;
    h.format = TrackFormat::kQuat4;
    writer.track(h, track.times.data(), kept, flatten(keys), precision);
  }
  if (!lanes.empty()) writer.group(lanes, memo);
  out.out_of_reach.assign(4 * budgets.segments.size(), false);
  writer.mark_out_of_reach(budgets.segment_count, out.out_of_reach);
  out.clip = writer.take(choice.segment_samples);
  return out;
}

// The first key value too large to quantize (its range would overflow a float), named by clip,
// kind and joint; empty when there is none.
std::string huge_value(const Clip& clip, const Skeleton& skeleton) {
  const auto first_huge = [](const auto& tracks, std::size_t j) {
    const TrackRange r = tracks.ranges[j];
    for (uint32_t k = 0; k < r.count; ++k) {
      const auto& v = tracks.values[r.offset + k];
      for (int c = 0; c < v.length(); ++c) {
        if (!(std::fabs(v[c]) <= kLargestValue)) return true;
      }
    }
    return false;
  };
  for (std::size_t j = 0; j < skeleton.joint_count(); ++j) {
    const char* kind = first_huge(clip.translations, j) ? "translation"
                       : first_huge(clip.scales, j)     ? "scale"
                                                        : nullptr;
    if (kind != nullptr) {
      return "clip \"" + clip.name + "\": " + kind + " track of joint " + std::to_string(j) +
             " (\"" + skeleton.names[j] + "\"): a value beyond 1e15";
    }
  }
  return "";
}

// Per joint and segment, the largest error measured there: [joint * count + segment], `count`
// the clip's segments, or 1 (the whole clip) when it has none.
std::vector<float> segment_errors(const ClipError& error, std::size_t joints, const FrameGrid& grid,
                                  uint32_t segment_samples, std::size_t count) {
  std::vector<float> out(joints * count, 0.0f);
  for (std::size_t i = 0; i < error.times.size(); ++i) {
    const float frame = std::max(0.0f, std::round(error.times[i] * grid.ticks_per_second));
    const std::size_t s = std::min(count - 1, static_cast<std::size_t>(frame) / segment_samples);
    for (std::size_t j = 0; j < joints; ++j) {
      float& e = out[j * count + s];
      e = std::max(e, error.sample_errors[i * joints + j]);
    }
  }
  return out;
}

// Searches each segment where some joint is out of tolerance (errors: [joint * segments +
// segment]) and takes the errors the search leaves there; where it could change nothing, the
// measured ones stand.
void search_segments(const SegmentSearch& search, const Attempt& attempt,
                     std::vector<float>& errors, Budgets& budgets) {
  const std::size_t segments = budgets.segment_count;
  const std::size_t n = errors.size() / segments;
  for (std::size_t s = 0; s < segments; ++s) {
    bool out = false;
    for (std::size_t j = 0; j < n && !out; ++j) out = errors[j * segments + s] > search.tolerance;
    if (!out) continue;
    std::vector<float> measured(n);
    for (std::size_t j = 0; j < n; ++j) measured[j] = errors[j * segments + s];
    const SegmentSearch::Outcome found =
        search.run(s, attempt.clip, attempt.segmented, measured, budgets.segments, segments);
    if (!found.changed) continue;
    for (std::size_t j = 0; j < n; ++j) errors[j * segments + s] = found.errors[j];
  }
}

// After an attempt and its segments' search: each joint still out of tolerance somewhere
// tightens its own key budget and its ancestors'. A track of theirs whose segment there was out
// of reach (its widths are capped) has met its floor in segments: tightening further would only
// grow the clip, so it goes to reduced keys (kSmaller only).
void tighten(const std::vector<float>& errors, const std::vector<bool>& out_of_reach,
             const Skeleton& skeleton, float tolerance, TrackChoice& choice, Budgets& budgets) {
  const std::size_t n = skeleton.joint_count();
  const std::size_t count = errors.size() / n;
  std::vector<bool> keys(n, false);
  for (std::size_t j = 0; j < n; ++j) {
    for (std::size_t s = 0; s < count; ++s) {
      if (errors[j * count + s] <= tolerance) continue;
      for (int a = static_cast<int>(j); a >= 0; a = skeleton.parents[a]) {
        keys[a] = true;
        if (budgets.segment_count == 0 || choice.keys_only.empty()) continue;
        for (TrackKind kind : {TrackKind::kTranslation, TrackKind::kRotation, TrackKind::kScale}) {
          const uint32_t id = AttemptMemo::track_id(static_cast<std::size_t>(a), kind);
          if (out_of_reach[id * count + s]) choice.keys_only[id] = true;
        }
      }
    }
  }
  for (std::size_t j = 0; j < n; ++j) {
    if (keys[j]) budgets.keys[j] *= kTightening;
  }
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
  if (const std::string huge = huge_value(clip, skeleton); !huge.empty()) {
    return Error{Error::Code::kInvalidData, huge, clip.name};
  }
  if (options.segment_samples == 0 || options.segment_samples > 65536) {
    return Error{Error::Code::kInvalidArgument, "segments of 1 to 65536 frames", clip.name};
  }
  if (!(options.tolerance >= 0.0f) || !(options.shell_distance >= 0.0f)) {
    return Error{Error::Code::kInvalidArgument, "tolerance and distance must be >= 0", clip.name};
  }
  const float tolerance =
      options.tolerance > 0.0f ? options.tolerance : default_tolerance(skeleton);
  const float shell =
      options.shell_distance > 0.0f ? options.shell_distance : default_shell_distance(skeleton);
  const RestMeasure rest = measure_rest(skeleton, shell);
  TrackChoice choice;
  choice.mode = options.segments;
  choice.segment_samples = options.segment_samples;

  // Errors add up along a chain, but rarely all at once: each joint starts with the whole
  // tolerance, and only the joints above a point measured out of tolerance are tightened, their
  // segments only where it was out.
  const FrameGrid grid = frame_grid(clip);
  const std::size_t segment_count =
      (std::size_t{grid.frames} + choice.segment_samples - 1) / choice.segment_samples;
  CompressedResult result;
  Budgets budgets(n, segment_count, tolerance);
  AttemptMemo memo;
  std::vector<glm::mat4> reference;  // The source at every frame, once a search needs it.
  SegmentSearch search;
  search.skeleton = &skeleton;
  search.shell_distance = shell;
  search.tolerance = tolerance;
  search.segment_samples = choice.segment_samples;
  search.frame_rate = grid.ticks_per_second;
  search.reference = &reference;
  if (choice.mode == SegmentMode::kSmaller) choice.keys_only.assign(4 * n, false);
  for (int attempt = 0;; ++attempt) {
    const bool last = attempt + 1 >= kAttempts;
    if (last) budgets = Budgets(n, segment_count, 0.0f);
    Attempt attempted = compress_with(clip, skeleton, rest, grid, budgets, choice, memo);
    CompressedClip& packed = attempted.clip;
    const ClipError error = measure_clip_error(clip, packed, skeleton, shell);
    if (error.max_error <= tolerance || last) {
      result.clip = std::move(packed);
      result.report.max_error = error.max_error;
      result.report.mean_error = error.mean_error;
      break;
    }
    std::vector<float> errors = segment_errors(error, n, grid, choice.segment_samples,
                                               std::max<std::size_t>(1, segment_count));
    if (!attempted.segmented.empty()) {
      if (reference.empty()) {
        reference = reference_frames(clip, skeleton, grid.frames, grid.ticks_per_second);
      }
      search_segments(search, attempted, errors, budgets);
    }
    tighten(errors, attempted.out_of_reach, skeleton, tolerance, choice, budgets);
  }
  result.report.raw_bytes = raw_clip_bytes(clip);
  result.report.packed_bytes = result.clip.byte_size();
  result.report.tolerance = tolerance;
  return result;
}

}  // namespace anim::bake
