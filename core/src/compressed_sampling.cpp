#include "anim/compressed_sampling.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "bit_reading.h"
#include "key_search.h"
#include "prefetch.h"
#include "rotation_lanes.h"
#include "segment_sampling.h"
#include "simd.h"
#include "simd4.h"
#include "soa_rows.h"

namespace anim {
namespace {

using simd::F4;

using detail::kFirstRow;
using detail::kRotationRow;
using detail::row_of;

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

using detail::bits_at;
using detail::kFit1;
using detail::kFit2;
using detail::kFit3;
using detail::take;

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
  F4 a[4], b[4];
#pragma GCC unroll 3
  for (int c = 0; c < 3; ++c) {
    const F4 lo = simd::load(g.min[c]), step = simd::load(g.step[c]);
    a[c] = simd::madd(qa[c], step, lo);
    b[c] = simd::madd(qb[c], step, lo);
  }
  a[3] = detail::rebuilt_component(a[0], a[1], a[2]);
  b[3] = detail::rebuilt_component(b[0], b[1], b[2]);
  F4 q[4];
  detail::nlerp_lanes(a, b, alpha, q);
  F4 x = q[0], y = q[1], z = q[2], w = q[3];
  if (!g.all_dropped_w()) {
    F4 xyzw[4];
    detail::stored_to_xyzw(g.dropped, q, xyzw);
    x = xyzw[0];
    y = xyzw[1];
    z = xyzw[2];
    w = xyzw[3];
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
    sample_track(t, stream, k, alpha, row_of(out, t.joint));
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
  const std::size_t blocks = segment_blocks(clip);
  if (segment_lanes_.size() < blocks) segment_lanes_.resize(blocks);
  clip_ = nullptr;
}

void CompressedCursor::prefetch() const {
  detail::prefetch_bytes(groups_.data(), groups_.size() * sizeof(GroupKeys));
  detail::prefetch_bytes(hints_.data(), hints_.size() * sizeof(uint32_t));
  detail::prefetch_bytes(segment_lanes_.data(), segment_blocks_ * sizeof(SegmentLanes));
}

void CompressedCursor::follow(const CompressedClip& clip) {
  if (clip_ == &clip) return;
  clip_ = &clip;
  for (GroupKeys& g : groups_) g.key = 0xffff;
  for (uint32_t& h : hints_) h = 0;
  segment_ = kNoSegment;
  const std::size_t rotations = segmented_rotations(clip);
  rotation_blocks_ = static_cast<uint32_t>((rotations + 3) / 4);
  segment_blocks_ = static_cast<uint32_t>(rotation_blocks_ + (clip.segmented.size() - rotations + 3) / 4);
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
    float* row = row_of(out, c.joint) + 4 * kFirstRow[static_cast<int>(c.kind)];
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
  if (!clip->segmented.empty()) SegmentSampler::sample(*clip, tq, *cursor, out);
  return true;
}

}  // namespace anim
