#include "segment_sampling.h"

#include <algorithm>

#include "bit_reading.h"
#include "rotation_lanes.h"
#include "simd4.h"
#include "soa_rows.h"

namespace anim {
namespace {

using simd::F4;
using Lanes = SegmentSampler::Lanes;

constexpr uint16_t kNoJoint = 0xffff;
using detail::kFirstRow;
using detail::kRotationRow;
using detail::row_of;

// Each lane's stored components of frame i, dequantized: rows x, y, z. x and y (at most 48 bits
// after at most 7 dropped) come from one 64-bit load and z from another, as the three may take 72.
inline void read_frame(const uint8_t* stream, const Lanes& b, uint32_t i, F4 (&v)[3]) {
  uint32_t q[3][4];
#pragma GCC unroll 4
  for (int l = 0; l < 4; ++l) {
    const uint8_t* w = b.widths[l];
    const uint64_t bit = b.first_bit[l] + uint64_t{i} * b.frame_bits[l];
    uint64_t xy = detail::bits_at(stream, bit);
    q[0][l] = detail::take(xy, w[0]);
    q[1][l] = detail::take(xy, w[1]);
    uint64_t z = detail::bits_at(stream, bit + w[0] + w[1]);
    q[2][l] = detail::take(z, w[2]);
  }
  // q * scale + offset: segment_value's offset + scale * q, to the bit.
#pragma GCC unroll 3
  for (int c = 0; c < 3; ++c) {
    v[c] = simd::madd(simd::from_ints(q[c][0], q[c][1], q[c][2], q[c][3]), simd::load(b.scale[c]),
                      simd::load(b.offset[c]));
  }
}

// A rotation block's frame i: the three stored components and the rebuilt one (segment_rotation's
// order before it is put back in x, y, z, w).
inline void read_rotation(const uint8_t* stream, const Lanes& b, uint32_t i, F4 (&v)[4]) {
  F4 s[3];
  read_frame(stream, b, i, s);
  v[0] = s[0];
  v[1] = s[1];
  v[2] = s[2];
  v[3] = detail::rebuilt_component(s[0], s[1], s[2]);
}

// Rows `rows` of each lane into its joint, from row `first` (rotations) or its own (others).
template <int n>
inline void scatter(const Lanes& b, const F4 (&rows)[n], bool rotation, SoaTransform* out) {
  alignas(16) float v[n][4];
  for (int c = 0; c < n; ++c) simd::store(v[c], rows[c]);
  for (int l = 0; l < 4 && b.joint[l] != kNoJoint; ++l) {
    float* row = row_of(out, b.joint[l], rotation ? kRotationRow : b.info[l]);
    for (int c = 0; c < n; ++c) row[4 * c] = v[c][l];
  }
}

// What scatter stored, read back; lanes without a track read `pad`.
template <int n>
inline void gather(const Lanes& b, bool rotation, const float (&pad)[n], SoaTransform* out,
                   F4 (&rows)[n]) {
  alignas(16) float v[n][4];
  for (int l = 0; l < 4; ++l) {
    if (b.joint[l] == kNoJoint) {
      for (int c = 0; c < n; ++c) v[c][l] = pad[c];
      continue;
    }
    const float* row = row_of(out, b.joint[l], rotation ? kRotationRow : b.info[l]);
    for (int c = 0; c < n; ++c) v[c][l] = row[4 * c];
  }
  for (int c = 0; c < n; ++c) rows[c] = simd::load(v[c]);
}

// Four rotations between frames a and b (each "three stored, then rebuilt"), into their joints.
inline void finish_rotations(const Lanes& lanes, const F4 (&a)[4], const F4 (&b)[4], float alpha,
                             SoaTransform* out) {
  F4 q[4];
  detail::nlerp_lanes(a, b, alpha, q);
  F4 xyzw[4] = {q[0], q[1], q[2], q[3]};
  if ((lanes.flags & SegmentSampler::kAllDroppedW) == 0) detail::stored_to_xyzw(lanes.info, q, xyzw);
  if ((lanes.flags & SegmentSampler::kWholeBlock) != 0) {
    SoaTransform& block = out[lanes.joint[0] >> 2];
    simd::store(block.rx, xyzw[0]);
    simd::store(block.ry, xyzw[1]);
    simd::store(block.rz, xyzw[2]);
    simd::store(block.rw, xyzw[3]);
    return;
  }
  scatter(lanes, xyzw, true, out);
}

// Four translations or scales between frames a and b, into their joints.
inline void finish_vectors(const Lanes& lanes, const F4 (&a)[3], const F4 (&b)[3], float alpha,
                           SoaTransform* out) {
  const F4 t = simd::splat(alpha);
  F4 v[3];
  for (int c = 0; c < 3; ++c) v[c] = a[c] + (b[c] - a[c]) * t;  // As a + (b - a) alpha.
  scatter(lanes, v, false, out);
}

}  // namespace

void SegmentSampler::use_segment(const CompressedClip& clip, uint32_t s,
                                 CompressedCursor& cursor) {
  if (cursor.segment_ == s) return;
  cursor.segment_ = s;
  const std::size_t n = clip.segmented.size();
  const uint32_t per = clip.segment_samples;
  const uint64_t frames = std::min(per, clip.frame_count - s * per);
  const SegmentRange* ranges = clip.segment_ranges.data() + s * n;
  Lanes* lanes = cursor.segment_lanes_.data();
  for (uint32_t b = 0; b < cursor.segment_blocks_; ++b) lanes[b] = Lanes{};
  // Rotations fill blocks [0, rotation_blocks_) in the clip's order, the others the rest; every
  // track's frames follow the previous track's.
  uint64_t bit = clip.segment_bits[s];
  uint32_t rotations = 0, others = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const SegmentedTrack& t = clip.segmented[i];
    const SegmentRange& r = ranges[i];
    const bool rotation = t.kind == TrackKind::kRotation;
    const uint32_t slot = rotation ? rotations++ : 4 * cursor.rotation_blocks_ + others++;
    Lanes& b = lanes[slot / 4];
    const uint32_t l = slot % 4;
    for (uint32_t c = 0; c < 3; ++c) {
      const SegmentScale affine = segment_scale(t, r, c);
      b.offset[c][l] = affine.offset;
      b.scale[c][l] = affine.scale;
      b.widths[l][c] = static_cast<uint8_t>(r.width(c));
    }
    // validate() keeps every segment's bits below 2^32.
    b.first_bit[l] = static_cast<uint32_t>(bit);
    b.frame_bits[l] = static_cast<uint8_t>(r.sample_bits());
    b.joint[l] = t.joint;
    b.info[l] = rotation ? t.dropped : kFirstRow[static_cast<int>(t.kind)];
    bit += frames * r.sample_bits();
  }
  for (uint32_t i = 0; i < cursor.rotation_blocks_; ++i) {
    Lanes& b = lanes[i];
    const uint32_t first = b.joint[0];
    bool whole = first % 4 == 0, all_w = true;
    for (uint32_t l = 0; l < 4; ++l) {
      whole = whole && b.joint[l] == first + l;
      all_w = all_w && (b.joint[l] == kNoJoint || b.info[l] == 3);
    }
    b.flags = static_cast<uint8_t>((whole ? kWholeBlock : 0) | (all_w ? kAllDroppedW : 0));
  }
}

void SegmentSampler::sample(const CompressedClip& clip, float tq, CompressedCursor& cursor,
                            SoaTransform* out) {
  // The frames around tq, k and k + 1, and how far between them.
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
  const uint8_t* stream = clip.bits.data();
  const Lanes* lanes = cursor.segment_lanes_.data();
  const uint32_t rotation_blocks = cursor.rotation_blocks_, blocks = cursor.segment_blocks_;
  if (s0 == s1) {  // Both frames in one segment (all but one pair in segment_samples).
    use_segment(clip, s0, cursor);
    for (uint32_t i = 0; i < rotation_blocks; ++i) {
      F4 a[4], b[4];
      read_rotation(stream, lanes[i], i0, a);
      read_rotation(stream, lanes[i], i1, b);
      finish_rotations(lanes[i], a, b, alpha, out);
    }
    for (uint32_t i = rotation_blocks; i < blocks; ++i) {
      F4 a[3], b[3];
      read_frame(stream, lanes[i], i0, a);
      read_frame(stream, lanes[i], i1, b);
      finish_vectors(lanes[i], a, b, alpha, out);
    }
    return;
  }
  // Frame k ends segment s0 and k + 1 starts s1: frame k's values wait in the output (each lane
  // writes only its own joint's rows) while the lanes move to s1.
  use_segment(clip, s0, cursor);
  for (uint32_t i = 0; i < rotation_blocks; ++i) {
    F4 a[4];
    read_rotation(stream, lanes[i], i0, a);
    scatter(lanes[i], a, true, out);
  }
  for (uint32_t i = rotation_blocks; i < blocks; ++i) {
    F4 a[3];
    read_frame(stream, lanes[i], i0, a);
    scatter(lanes[i], a, false, out);
  }
  use_segment(clip, s1, cursor);
  constexpr float kUnitRotation[4] = {0, 0, 0, 1}, kZero[3] = {0, 0, 0};
  for (uint32_t i = 0; i < rotation_blocks; ++i) {
    F4 a[4], b[4];
    gather(lanes[i], true, kUnitRotation, out, a);
    read_rotation(stream, lanes[i], i1, b);
    finish_rotations(lanes[i], a, b, alpha, out);
  }
  for (uint32_t i = rotation_blocks; i < blocks; ++i) {
    F4 a[3], b[3];
    gather(lanes[i], false, kZero, out, a);
    read_frame(stream, lanes[i], i1, b);
    finish_vectors(lanes[i], a, b, alpha, out);
  }
}

}  // namespace anim
