#pragma once
// A clip in the compact form games ship and sample directly: key times as 8- or 16-bit ticks,
// values range-quantized per track component to as few bits as its share of the error allows
// and packed in one bit stream, constant tracks stored once, rest-pose tracks not at all.
// Built offline (anim_bake's compress_clip) or read from a package; sampled in place by
// CompressedSamplingJob, never expanded to float keys.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "anim/result.h"

namespace anim {

enum class TrackKind : uint8_t { kTranslation = 0, kRotation = 1, kScale = 2 };

enum class TrackFormat : uint8_t {
  kVec3 = 0,   // Translation or scale: x, y, z.
  kQuat4 = 1,  // Rotation: x, y, z, w, renormalized after interpolation. Rotations on which some
               // component stays away from 0 go in RotationGroups instead (three components).
};

// Stored values per key.
constexpr uint32_t track_components(TrackFormat f) { return f == TrackFormat::kQuat4 ? 4 : 3; }

// Widest stored component, in bits: of a rotation group (its decoded keys are cached as 16-bit
// values) and of a track (each component read with its own 64-bit load). A group lane's three
// components are read with one load, so they plus the offset inside a byte (7) fit in 64.
constexpr uint32_t kMaxComponentBits = 16;
constexpr uint32_t kMaxTrackComponentBits = 24;
constexpr uint32_t kMaxKeyBits = 57;
// CompressedClip::bits ends with this many spare bytes, so that the 64-bit load of any key stays
// inside the buffer.
constexpr uint32_t kBitPadding = 8;

// A track with at least two keys.
struct CompressedTrack {
  uint16_t joint = 0;
  TrackKind kind = TrackKind::kTranslation;
  TrackFormat format = TrackFormat::kVec3;
  uint8_t component_bits[4] = {0, 0, 0, 0};  // Width of each stored component, up to 24 bits
                                             // (0: always min).
  uint32_t first_key = 0;  // Index of its first key time in CompressedClip::frames8 or times16.
  uint32_t key_count = 0;  // >= 2.
  uint32_t first_bit = 0;  // Where its keys start in CompressedClip::bits; keys follow each other.
  // Stored component c of a key is min[c] + q * step[c], q its component_bits[c]-bit value.
  float min[4] = {0, 0, 0, 0};
  float step[4] = {0, 0, 0, 0};

  uint32_t key_bits() const {
    return uint32_t{component_bits[0]} + component_bits[1] + component_bits[2] + component_bits[3];
  }
};

// The rotation tracks of the joints of one SoA block (joints 4 block .. 4 block + 3, lane l
// being joint 4 block + l), with shared key times, sampled together four lanes wide. Each lane
// stores three components of its quaternion per key and rebuilds the fourth, `dropped`, as
// sqrt(1 - the others' squares), so that one is >= 0 on every key. A key holds lane 0's three
// components, then lane 1's, and so on; lanes outside lane_mask store nothing.
struct alignas(16) RotationGroup {
  // Stored component c of lane l is min[c][l] + q * step[c][l]: rows of four for SIMD loads.
  float min[3][4] = {};
  float step[3][4] = {};
  uint32_t first_key = 0;  // As CompressedTrack's.
  uint32_t key_count = 0;
  uint32_t first_bit = 0;
  uint16_t block = 0;     // SoA block: joints 4 block .. 4 block + 3.
  uint8_t lane_mask = 0;  // Bit l: joint 4 block + l has a track here.
  uint8_t reserved = 0;
  uint8_t dropped[4] = {3, 3, 3, 3};  // 0 x, 1 y, 2 z, 3 w.
  uint8_t component_bits[4][3] = {};  // [lane][component], in x, y, z, w order skipping dropped.
  uint16_t key_bits = 0;              // Sum of component_bits.
  uint16_t reserved2 = 0;
  uint32_t reserved3 = 0;

  // Whether every lane rebuilds w (its x, y, z stored in order).
  bool all_dropped_w() const {
    return dropped[0] == 3 && dropped[1] == 3 && dropped[2] == 3 && dropped[3] == 3;
  }
};
static_assert(sizeof(RotationGroup) == 144, "RotationGroup is stored as is in packages");

// A track whose value never changes (and differs from the rest pose).
struct ConstantTrack {
  uint16_t joint = 0;
  TrackKind kind = TrackKind::kRotation;
  uint8_t reserved = 0;
  float value[4] = {0, 0, 0, 1};  // x, y, z (and w for a rotation).
};

// A track stored in segments (the clip's dense form, since package 1.11): a value at every frame
// of the clip (frame f at f / ticks_per_second seconds), cut into segments of
// CompressedClip::segment_samples frames. Each component c of a frame's value is
//   min[c] + extent[c] * (segment.min[c] + segment.extent[c] * fraction) / 255
// with fraction = q / (2^bits - 1) for a `bits`-bit stored q, or 1/2 for 0 bits: the clip range,
// narrowed per segment to 8-bit steps of it, then quantized to a width chosen per segment (in
// float exactly as segment_value computes it, below). A rotation stores three of x, y, z, w (in that order) of the key's sign that makes the fourth,
// `dropped`, >= 0, and rebuilds that one.
struct SegmentedTrack {
  uint16_t joint = 0;
  TrackKind kind = TrackKind::kTranslation;
  uint8_t dropped = 3;  // Rotations: 0 x, 1 y, 2 z, 3 w. Others: 3.
  float min[3] = {0, 0, 0};
  float extent[3] = {0, 0, 0};
};
static_assert(sizeof(SegmentedTrack) == 28, "SegmentedTrack is stored as is in packages");

// Widest component of a segmented track, in bits.
constexpr uint32_t kMaxSegmentBits = 24;

// One segmented track's range and widths in one segment.
struct SegmentRange {
  uint16_t widths = 0;  // Three 5-bit widths (x in the low bits), each <= kMaxSegmentBits.
  uint8_t min[3] = {0, 0, 0};
  uint8_t extent[3] = {0, 0, 0};  // min + extent <= 255.

  uint32_t width(uint32_t c) const { return (widths >> (5 * c)) & 31u; }
  uint32_t sample_bits() const { return width(0) + width(1) + width(2); }
  void set_widths(uint32_t x, uint32_t y, uint32_t z) {
    widths = static_cast<uint16_t>(x | (y << 5) | (z << 10));
  }
};
static_assert(sizeof(SegmentRange) == 8, "SegmentRange is stored as is in packages");

// A rotation from its three stored components s and its rebuilt one, `dropped`, into q (x, y,
// z, w; not normalized).
inline void segment_rotation(const float* s, uint32_t dropped, float* q) {
  float d = 1.0f - (s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
  d = d > 0.0f ? std::sqrt(d) : 0.0f;
  for (uint32_t c = 0, i = 0; c < 4; ++c) q[c] = c == dropped ? d : s[i++];
}

// kSegmentSteps[b]: 1 / (2^b - 1), the fraction one step of a b-bit value is (0 for 0 bits).
inline constexpr float kSegmentSteps[kMaxSegmentBits + 1] = {
    0.0f,           1.0f,           1.0f / 3,        1.0f / 7,        1.0f / 15,
    1.0f / 31,      1.0f / 63,      1.0f / 127,      1.0f / 255,      1.0f / 511,
    1.0f / 1023,    1.0f / 2047,    1.0f / 4095,     1.0f / 8191,     1.0f / 16383,
    1.0f / 32767,   1.0f / 65535,   1.0f / 131071,   1.0f / 262143,   1.0f / 524287,
    1.0f / 1048575, 1.0f / 2097151, 1.0f / 4194303,  1.0f / 8388607,  1.0f / 16777215};

// Component c of a segmented track's frame in a segment whose range is r, as an affine map of its
// stored q: offset + scale * q (a 0-bit component is always its range's middle, scale 0). The
// one formula the sampler (four lanes at a time, offset and scale cached per segment) and the
// compressor share, so that what the compressor measures is what games get, to the bit.
struct SegmentScale {
  float offset = 0.0f;
  float scale = 0.0f;
};

inline SegmentScale segment_scale(const SegmentedTrack& t, const SegmentRange& r, uint32_t c) {
  const uint32_t bits = r.width(c);  // <= kMaxSegmentBits in a clip that passed validate().
  const float lo = t.min[c] + t.extent[c] * (static_cast<float>(r.min[c]) * (1.0f / 255.0f));
  const float span = t.extent[c] * (static_cast<float>(r.extent[c]) * (1.0f / 255.0f));
  if (bits == 0) return {lo + span * 0.5f, 0.0f};
  return {lo, span * kSegmentSteps[bits]};
}

inline float segment_value(const SegmentedTrack& t, const SegmentRange& r, uint32_t c,
                           uint32_t q) {
  const SegmentScale s = segment_scale(t, r, c);
  return s.offset + s.scale * static_cast<float>(q);
}

struct CompressedClip {
  std::string name;
  float duration = 0.0f;          // Seconds.
  float ticks_per_second = 0.0f;  // Key times are ticks: seconds * ticks_per_second.
  uint32_t joint_count = 0;
  std::vector<ConstantTrack> constants;
  std::vector<RotationGroup> rotation_groups;
  std::vector<CompressedTrack> tracks;  // Translations, scales and kQuat4 rotations.
  // Key times in ticks, strictly increasing inside each track: 8-bit when the clip's ticks fit
  // (frames8), else 16-bit (times16); the other array is empty.
  std::vector<uint8_t> frames8;
  std::vector<uint16_t> times16;
  std::vector<uint8_t> bits;  // Key values, least significant bit first, then kBitPadding bytes.
  // Segmented tracks: `frame_count` frames each (>= 2 when there is one), in segments of
  // `segment_samples` frames (the last may be shorter).
  uint32_t frame_count = 0;
  uint32_t segment_samples = 0;
  std::vector<SegmentedTrack> segmented;
  // [segment * segmented.size() + track]. In segment s, starting at bit segment_bits[s] of
  // `bits`, each track's frames follow each other (a frame's x, y, z), track after track.
  std::vector<SegmentRange> segment_ranges;
  std::vector<uint32_t> segment_bits;

  bool narrow_times() const { return times16.empty(); }
  uint32_t segment_count() const {
    return segment_samples == 0 ? 0 : (frame_count + segment_samples - 1) / segment_samples;
  }
  // Key pairs a CompressedCursor follows: one per group and one per track.
  std::size_t cursor_size() const { return rotation_groups.size() + tracks.size(); }
  // Animated tracks of every form (at most three per joint).
  std::size_t animated_tracks() const {
    return rotation_groups.size() + tracks.size() + segmented.size();
  }
  // Bytes of key data and track headers (what a package stores for it, name included).
  std::size_t byte_size() const;
  // Checks every index, count and range, so that sampling a clip that passed can read nothing
  // out of bounds and produces finite values: run once on untrusted data before use.
  Status validate(std::size_t skeleton_joints) const;
};

}  // namespace anim
