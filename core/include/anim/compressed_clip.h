#pragma once
// A clip in the compact form games ship and sample directly: key times as 8- or 16-bit ticks,
// values range-quantized per track component to as few bits as its share of the error allows
// and packed in one bit stream, constant tracks stored once, rest-pose tracks not at all.
// Built offline (anim_bake's compress_clip) or read from a package; sampled in place by
// CompressedSamplingJob, never expanded to float keys.
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

  bool narrow_times() const { return times16.empty(); }
  // Key pairs a CompressedCursor follows: one per group and one per track.
  std::size_t cursor_size() const { return rotation_groups.size() + tracks.size(); }
  // Bytes of key data and track headers (what a package stores for it, name included).
  std::size_t byte_size() const;
  // Checks every index, count and range, so that sampling a clip that passed can read nothing
  // out of bounds and produces finite values: run once on untrusted data before use.
  Status validate(std::size_t skeleton_joints) const;
};

}  // namespace anim
