#include "anim/compressed_sampling.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "key_search.h"
#include "simd.h"
#include "simd4.h"

namespace anim {
namespace {

using simd::F4;

// Rows of a SoaTransform, in floats from its start (tx, ty, tz, rx, ry, rz, rw, sx, sy, sz).
constexpr int kFirstRow[3] = {0, 3, 7};  // By TrackKind.
constexpr int kRotationRow = 3;

// Where joint `joint`'s lane of row 0 lives; row r is 4 * r floats further.
inline float* lane_of(SoaTransform* out, uint32_t joint) {
  return &out[joint >> 2].tx[0] + (joint & 3u);
}

// The keys around `tq` (ticks) and how far between them: alpha 0 at key k, 1 at key k + 1.
template <class Time>
inline uint32_t locate(const Time* times, uint32_t count, float tq, uint32_t& hint, float& alpha) {
  if (!(tq > static_cast<float>(times[0]))) {  // Also catches a NaN time.
    alpha = 0.0f;
    return 0;
  }
  if (tq >= static_cast<float>(times[count - 1])) {
    alpha = 1.0f;
    return count - 2;
  }
  const uint32_t k = detail::find_key(times, count, tq, hint);
  const float t0 = times[k];
  alpha = (tq - t0) / (static_cast<float>(times[k + 1]) - t0);
  return k;
}

// The 64 bits of the stream starting at bit `bit` (the first `bit & 7` dropped).
inline uint64_t bits_at(const uint8_t* stream, uint64_t bit) {
  uint64_t w;
  std::memcpy(&w, stream + (bit >> 3), sizeof(w));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  w = __builtin_bswap64(w);  // The stream is little-endian.
#endif
  return w >> (bit & 7u);
}

// kLowBits[n]: the n low bits set.
constexpr auto kLowBits = [] {
  std::array<uint32_t, 33> m{};
  for (uint32_t n = 1; n <= 32; ++n) m[n] = (m[n - 1] << 1) | 1u;
  return m;
}();

// Takes the next `bits` (at most 24) bits off `w`. The mask comes from a table: a shift by a
// variable count is several micro-ops on some x86 cores.
inline uint32_t take(uint64_t& w, uint32_t bits) {
  const uint32_t q = static_cast<uint32_t>(w) & kLowBits[bits];
  w >>= bits;
  return q;
}

// Normalized lerp moves faster mid-way than slerp. Moving its parameter by k t (t - 1/2) (t - 1),
// with k a cubic in u = 1 - |cos| least-squares fitted here to the best k for arcs up to 90°,
// brings it within 3e-6 rad of slerp for keys 24° apart (nlerp alone: 3e-4), 1.7e-5 at 44°
// (1.8e-3) and 4.2e-5 at 60°.
constexpr float kFit1 = 0.6742685f, kFit2 = 0.1401970f, kFit3 = 0.1232353f;

inline float fitted_alpha(float abs_dot, float t) {
  const float u = 1.0f - abs_dot;
  const float k = u * (kFit1 + u * (kFit2 + u * kFit3));
  return t + k * t * (t - 0.5f) * (t - 1.0f);
}

// Fitted normalized lerp along the shortest arc from qa to qb (x, y, z, w) into q.
inline void nlerp4(const float* qa, const float* qb, float alpha, float* q) {
  const float dot = qa[0] * qb[0] + qa[1] * qb[1] + qa[2] * qb[2] + qa[3] * qb[3];
  const float t = fitted_alpha(std::fabs(dot), alpha);
  const float wb = dot < 0.0f ? -t : t;
  const float wa = 1.0f - t;
  float len2 = 0.0f;
  for (int c = 0; c < 4; ++c) {
    q[c] = qa[c] * wa + qb[c] * wb;
    len2 += q[c] * q[c];
  }
  if (!(len2 > 1e-12f)) {  // Opposite keys halfway: any rotation is as near; keep the first.
    for (int c = 0; c < 4; ++c) q[c] = qa[c];
    return;
  }
  const float inv_len = detail::inverse_sqrt(len2);
  for (int c = 0; c < 4; ++c) q[c] *= inv_len;
}

// A track's key k, dequantized. Each component has its own load: tracks are few, and their
// components may be up to 24 bits wide.
inline void read_key(const uint8_t* stream, const CompressedTrack& t, uint32_t k,
                     uint32_t components, float* out) {
  uint64_t bit = t.first_bit + static_cast<uint64_t>(k) * t.key_bits();
  for (uint32_t c = 0; c < components; ++c) {
    uint64_t w = bits_at(stream, bit);
    out[c] = t.min[c] + t.step[c] * static_cast<float>(take(w, t.component_bits[c]));
    bit += t.component_bits[c];
  }
}

void sample_track(const CompressedTrack& t, const uint8_t* stream, uint32_t k, float alpha,
                  float* lane) {
  const uint32_t components = track_components(t.format);
  float a[4], b[4];
  read_key(stream, t, k, components, a);
  read_key(stream, t, k + 1, components, b);
  if (t.format == TrackFormat::kVec3) {
    float* row = lane + 4 * kFirstRow[static_cast<int>(t.kind)];
    for (int c = 0; c < 3; ++c) row[4 * c] = a[c] + (b[c] - a[c]) * alpha;
    return;
  }
  float q[4];
  nlerp4(a, b, alpha, q);
  float* row = lane + 4 * kRotationRow;
  for (int c = 0; c < 4; ++c) row[4 * c] = q[c];
}

// The three stored components of every lane of group key k, as floats in rows of four; also
// kept, as stored, in `raw` for the frames to come.
inline void read_group_key(const uint8_t* stream, const RotationGroup& g, uint32_t k,
                           uint16_t (&raw)[3][4], F4 (&rows)[3]) {
  uint64_t bit = g.first_bit + static_cast<uint64_t>(k) * g.key_bits;
  uint32_t q[3][4];
  // Unrolled whole (GCC's -O2 leaves these loops rolled): the four lanes' loads and shifts then
  // overlap, and q stays in registers. About 1.15x on the whole pipeline (README, Performance).
#pragma GCC unroll 4
  for (int l = 0; l < 4; ++l) {
    const uint8_t* widths = g.component_bits[l];
    uint64_t w = bits_at(stream, bit);
#pragma GCC unroll 3
    for (int c = 0; c < 3; ++c) {
      q[c][l] = take(w, widths[c]);
      raw[c][l] = static_cast<uint16_t>(q[c][l]);
    }
    bit += uint32_t{widths[0]} + widths[1] + widths[2];
  }
#pragma GCC unroll 3
  for (int c = 0; c < 3; ++c) rows[c] = simd::from_ints(q[c][0], q[c][1], q[c][2], q[c][3]);
}

// One group: the key pair found once for its four tracks (and decoded only as the character
// moves past keys), then dequantized, rebuilt, interpolated and normalized four lanes wide, and
// stored as whole rows of its block.
template <class Time, class Keys>
void sample_group(const RotationGroup& g, const uint8_t* stream, const Time* times, float tq,
                  Keys& cache, SoaTransform* out) {
  const Time* tt = times + g.first_key;
  uint32_t k = cache.key;  // 0xffff (nothing cached) fails the test: key_count <= 65536.
  float alpha;
  // Still between the cached keys (the common case), or between the next two (playing on).
  bool found = false;
  if (k + 1 < g.key_count && static_cast<float>(tt[k]) <= tq) {
    if (tq < static_cast<float>(tt[k + 1])) {
      found = true;
    } else if (k + 2 < g.key_count && tq < static_cast<float>(tt[k + 2])) {
      ++k;
      found = true;
    }
  }
  if (found) {
    const float t0 = tt[k];
    alpha = (tq - t0) / (static_cast<float>(tt[k + 1]) - t0);
  } else {
    uint32_t hint = cache.key;
    k = locate(tt, g.key_count, tq, hint, alpha);
  }
  // The pair's quantized components: from the cache, or read now (and cached).
  F4 qa[3], qb[3];
  if (k == cache.key) {
#pragma GCC unroll 3
    for (int c = 0; c < 3; ++c) {
      qa[c] = simd::load_u16(cache.raw[0][c]);
      qb[c] = simd::load_u16(cache.raw[1][c]);
    }
  } else {
    if (k == cache.key + 1u) {  // Playing on: the old second key is the new first.
#pragma GCC unroll 3
      for (int c = 0; c < 3; ++c) qa[c] = simd::load_u16(cache.raw[1][c]);
      std::memcpy(cache.raw[0], cache.raw[1], sizeof(cache.raw[0]));
    } else {
      read_group_key(stream, g, k, cache.raw[0], qa);
    }
    read_group_key(stream, g, k + 1, cache.raw[1], qb);
    cache.key = static_cast<uint16_t>(k);
  }
  const F4 zero = simd::zero(), one = simd::splat(1.0f);
  F4 a[4], b[4];
#pragma GCC unroll 3
  for (int c = 0; c < 3; ++c) {
    const F4 lo = simd::load(g.min[c]), step = simd::load(g.step[c]);
    a[c] = simd::madd(qa[c], step, lo);
    b[c] = simd::madd(qb[c], step, lo);
  }
  a[3] = simd::sqrt(simd::max(zero, one - (a[0] * a[0] + a[1] * a[1] + a[2] * a[2])));
  b[3] = simd::sqrt(simd::max(zero, one - (b[0] * b[0] + b[1] * b[1] + b[2] * b[2])));
  const F4 dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  const F4 u = one - simd::abs(dot);
  const F4 fit =
      u * simd::madd(u, simd::madd(u, simd::splat(kFit3), simd::splat(kFit2)), simd::splat(kFit1));
  // fitted_alpha with the lanes' shared alpha: only the fit differs from lane to lane.
  const F4 t =
      simd::madd(fit, simd::splat(alpha * (alpha - 0.5f) * (alpha - 1.0f)), simd::splat(alpha));
  const F4 wb = simd::negate_where(simd::less(dot, zero), t);
  const F4 wa = one - t;
  F4 q[4];
#pragma GCC unroll 4
  for (int c = 0; c < 4; ++c) q[c] = a[c] * wa + b[c] * wb;
  // |a|, |b| >= 1 (a rebuilt component is 0 only when the stored ones already reach 1), the
  // weights are in [0, 1] and sum to 1, and b is on a's side: |q|^2 >= 1/2, never 0.
  const F4 inv_len = simd::rsqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
#pragma GCC unroll 4
  for (int c = 0; c < 4; ++c) q[c] = q[c] * inv_len;
  F4 x = q[0], y = q[1], z = q[2], w = q[3];
  if (!g.all_dropped_w()) {
    // Back from "three stored, then rebuilt" to x, y, z, w, lane by lane: with d the rebuilt
    // component, x is rebuilt or first; y first, rebuilt or second; z second, rebuilt or
    // third; w third or rebuilt.
    simd::M4 d[4];
    simd::lanes_equal(g.dropped, d);
    x = simd::select(d[0], q[3], q[0]);
    y = simd::select(d[0], q[0], simd::select(d[1], q[3], q[1]));
    z = simd::select(d[2], q[3], simd::select(d[3], q[2], q[1]));
    w = simd::select(d[3], q[3], q[2]);
  }
  SoaTransform& block = out[g.block];
  if (g.lane_mask == 15) {
    simd::store(block.rx, x);
    simd::store(block.ry, y);
    simd::store(block.rz, z);
    simd::store(block.rw, w);
    return;
  }
  const simd::M4 lanes = simd::lane_mask(g.lane_mask);
  simd::store(block.rx, simd::select(lanes, x, simd::load(block.rx)));
  simd::store(block.ry, simd::select(lanes, y, simd::load(block.ry)));
  simd::store(block.rz, simd::select(lanes, z, simd::load(block.rz)));
  simd::store(block.rw, simd::select(lanes, w, simd::load(block.rw)));
}

// Frame `i` of a segmented track whose range in its segment is r, its frames starting at `bit`.
inline void read_frame(const uint8_t* stream, const SegmentedTrack& t, const SegmentRange& r,
                       uint64_t bit, float* out) {
  for (uint32_t c = 0; c < 3; ++c) {
    uint64_t w = bits_at(stream, bit);
    const uint32_t width = r.width(c);
    out[c] = segment_value(t, r, c, take(w, width));
    bit += width;
  }
}

// Every segmented track at `tq` frames: the frames around it (maybe in two segments), found
// without a cursor, each track's offset in its segment added up track after track.
void sample_segmented(const CompressedClip& clip, float tq, SoaTransform* out) {
  const uint32_t last = clip.frame_count - 1;
  float alpha = 0.0f;
  uint32_t k = 0;
  if (!(tq > 0.0f)) {  // Also catches a NaN time.
    k = 0;
  } else if (tq >= static_cast<float>(last)) {
    k = last - 1;
    alpha = 1.0f;
  } else {
    k = static_cast<uint32_t>(tq);
    alpha = tq - static_cast<float>(k);
  }
  const uint32_t per = clip.segment_samples;
  const uint32_t s0 = k / per, i0 = k % per, s1 = (k + 1) / per, i1 = (k + 1) % per;
  const uint32_t frames0 = std::min(per, clip.frame_count - s0 * per);
  const uint32_t frames1 = std::min(per, clip.frame_count - s1 * per);
  const std::size_t n = clip.segmented.size();
  const SegmentRange* r0 = clip.segment_ranges.data() + s0 * n;
  const SegmentRange* r1 = clip.segment_ranges.data() + s1 * n;
  uint64_t base0 = clip.segment_bits[s0], base1 = clip.segment_bits[s1];
  const uint8_t* stream = clip.bits.data();
  for (std::size_t i = 0; i < n; ++i) {
    const SegmentedTrack& t = clip.segmented[i];
    const uint32_t bits0 = r0[i].sample_bits(), bits1 = r1[i].sample_bits();
    float a[4], b[4];
    read_frame(stream, t, r0[i], base0 + uint64_t{i0} * bits0, a);
    read_frame(stream, t, r1[i], base1 + uint64_t{i1} * bits1, b);
    base0 += uint64_t{frames0} * bits0;
    base1 += uint64_t{frames1} * bits1;
    float* lane = lane_of(out, t.joint);
    if (t.kind != TrackKind::kRotation) {
      float* row = lane + 4 * kFirstRow[static_cast<int>(t.kind)];
      for (int c = 0; c < 3; ++c) row[4 * c] = a[c] + (b[c] - a[c]) * alpha;
      continue;
    }
    float qa[4], qb[4], q[4];
    segment_rotation(a, t.dropped, qa);
    segment_rotation(b, t.dropped, qb);
    nlerp4(qa, qb, alpha, q);
    float* row = lane + 4 * kRotationRow;
    for (int c = 0; c < 4; ++c) row[4 * c] = q[c];
  }
}

template <class Time, class Keys>
void sample_all(const CompressedClip& clip, const Time* times, float tq, Keys* groups,
                uint32_t* hints, SoaTransform* out) {
  const uint8_t* stream = clip.bits.data();
  for (const RotationGroup& g : clip.rotation_groups) {
    sample_group(g, stream, times, tq, *groups++, out);
  }
  for (const CompressedTrack& t : clip.tracks) {
    float alpha;
    const uint32_t k = locate(times + t.first_key, t.key_count, tq, *hints++, alpha);
    sample_track(t, stream, k, alpha, lane_of(out, t.joint));
  }
}

}  // namespace

glm::quat fitted_nlerp(const glm::quat& a, const glm::quat& b, float t) {
  const float qa[4] = {a.x, a.y, a.z, a.w}, qb[4] = {b.x, b.y, b.z, b.w};
  float q[4];
  nlerp4(qa, qb, t, q);
  return glm::quat(q[3], q[0], q[1], q[2]);
}

void CompressedCursor::reserve(const CompressedClip& clip) {
  if (groups_.size() < clip.rotation_groups.size()) groups_.resize(clip.rotation_groups.size());
  if (hints_.size() < clip.tracks.size()) hints_.resize(clip.tracks.size());
  clip_ = nullptr;
}

void CompressedCursor::follow(const CompressedClip& clip) {
  if (clip_ == &clip) return;
  clip_ = &clip;
  for (GroupKeys& g : groups_) g.key = 0xffff;
  for (uint32_t& h : hints_) h = 0;
}

bool CompressedSamplingJob::validate() const {
  if (clip == nullptr || cursor == nullptr) return false;
  const std::size_t blocks = soa_block_count(clip->joint_count);
  return rest.size() == blocks && output.size() == blocks && cursor->fits(*clip);
}

bool CompressedSamplingJob::run() const {
  if (!validate()) return false;
  cursor->follow(*clip);
  SoaTransform* out = output.data();
  std::copy(rest.begin(), rest.end(), out);
  for (const ConstantTrack& c : clip->constants) {
    float* row = lane_of(out, c.joint) + 4 * kFirstRow[static_cast<int>(c.kind)];
    const int n = c.kind == TrackKind::kRotation ? 4 : 3;
    for (int i = 0; i < n; ++i) row[4 * i] = c.value[i];
  }
  const float tq = std::min(std::max(time * clip->ticks_per_second, 0.0f), 65535.0f);
  auto* groups = cursor->groups_.data();
  uint32_t* hints = cursor->hints_.data();
  if (clip->narrow_times()) {
    sample_all(*clip, clip->frames8.data(), tq, groups, hints, out);
  } else {
    sample_all(*clip, clip->times16.data(), tq, groups, hints, out);
  }
  if (!clip->segmented.empty()) sample_segmented(*clip, tq, out);
  return true;
}

}  // namespace anim
