#pragma once
// Sampling a compressed clip, in place, into a structure-of-arrays pose.
#include <cstdint>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "anim/compressed_clip.h"
#include "anim/soa_pose.h"
#include "anim/span.h"

namespace anim {

// One character's memory of where it is in a compressed clip: the key pair each track last used,
// and for each rotation group that pair's quantized values, so that a character playing on
// decodes a group's keys only when it moves past them; and, for segmented tracks, what the
// segment it last read needs (each component's offset and scale, widths, where each track's
// frames start), rebuilt only when it moves to another segment. Sized once for the largest clip it
// will play (allocates); it follows whichever clip it is used with, without allocating.
class CompressedCursor {
 public:
  CompressedCursor() = default;
  explicit CompressedCursor(const CompressedClip& clip) { reserve(clip); }
  // Room for `clip` (and everything smaller).
  void reserve(const CompressedClip& clip);
  // Forgets what it remembers; the next sample starts afresh.
  void reset() { clip_ = nullptr; }
  // Asks the memory system for what sampling the clip it follows reads of it, ahead of the
  // sample (a crowd's cursors are cold).
  void prefetch() const;
  bool fits(const CompressedClip& clip) const {
    if (groups_.size() < clip.rotation_groups.size() || hints_.size() < clip.tracks.size()) {
      return false;
    }
    // The clip it follows had its segmented blocks counted when it began to follow it: a
    // character playing on does not count them again every sample.
    return segment_lanes_.size() >= (clip_ == &clip ? segment_blocks_ : segment_blocks(clip));
  }
  // Per-character bytes it holds. Segmented tracks: 144 per four of a kind (36 a track).
  std::size_t byte_size() const {
    return sizeof(clip_) + groups_.size() * sizeof(GroupKeys) + hints_.size() * sizeof(uint32_t) +
           (segment_lanes_.empty()
                ? 0
                : 3 * sizeof(uint32_t) + segment_lanes_.size() * sizeof(SegmentLanes));
  }

 private:
  friend struct CompressedSamplingJob;
  friend struct SegmentSampler;
  // A group's cached key pair: keys `key` and `key + 1`, as stored.
  struct GroupKeys {
    uint16_t key = 0xffff;       // 0xffff: nothing cached.
    uint16_t raw[2][3][4] = {};  // [key][component][lane]
  };
  // Four segmented tracks, all rotations or all translations and scales, as read in the cached
  // segment: component c of lane l's frame i is offset[c][l] + scale[c][l] * q, q the
  // widths[l][c]-bit value at bit first_bit[l] + i * frame_bits[l] (x, y, z in a row). Lanes
  // without a track have joint 0xffff, offset and scale 0 and read 0 bits.
  struct alignas(16) SegmentLanes {
    float offset[3][4] = {};
    float scale[3][4] = {};
    uint32_t first_bit[4] = {};
    uint8_t widths[4][3] = {};
    uint8_t frame_bits[4] = {};
    uint16_t joint[4] = {0xffff, 0xffff, 0xffff, 0xffff};
    uint8_t info[4] = {};  // Rotations: the rebuilt component. Others: the first row (0 or 7).
    uint8_t flags = 0;     // Rotations: kWholeBlock, kAllDroppedW.
  };
  static_assert(sizeof(SegmentLanes) == 144, "SegmentLanes: four tracks in 144 bytes");
  // SegmentLanes::flags: the lanes are joints 4 b .. 4 b + 3 in order (whole rows of SoA block
  // b); every lane rebuilds w.
  static constexpr uint8_t kWholeBlock = 1, kAllDroppedW = 2;
  // Blocks a clip's segmented tracks need: its rotations in blocks of four, then the others.
  // Counted exactly (a pass over the segmented tracks, small beside sampling them): a rounded-up
  // bound would cost every cursor of every character a block it never uses.
  static std::size_t segmented_rotations(const CompressedClip& clip) {
    std::size_t rotations = 0;
    for (const SegmentedTrack& t : clip.segmented) rotations += t.kind == TrackKind::kRotation;
    return rotations;
  }
  static std::size_t segment_blocks(const CompressedClip& clip) {
    const std::size_t rotations = segmented_rotations(clip);
    return (rotations + 3) / 4 + (clip.segmented.size() - rotations + 3) / 4;
  }
  static constexpr uint32_t kNoSegment = 0xffffffffu;
  void follow(const CompressedClip& clip);

  const CompressedClip* clip_ = nullptr;
  std::vector<GroupKeys> groups_;
  std::vector<uint32_t> hints_;
  std::vector<SegmentLanes> segment_lanes_;
  uint32_t segment_ = kNoSegment;  // The segment segment_lanes_ describe.
  uint32_t rotation_blocks_ = 0;   // Of the followed clip: segment_lanes_[0, rotation_blocks_).
  uint32_t segment_blocks_ = 0;    // Used for it.
};

// Samples every joint of `clip` at `time` seconds into `output`: joints without a track take
// `rest`, constant tracks their value, animated tracks interpolate between the two keys around
// the time (translation and scale linearly, rotation by fitted_nlerp). Before the first and
// after the last key the nearest key holds. `clip` must have passed CompressedClip::validate
// (packages do at load).
struct CompressedSamplingJob {
  const CompressedClip* clip = nullptr;
  Span<const SoaTransform> rest;       // soa_block_count(clip->joint_count) blocks.
  float time = 0.0f;                   // Seconds; wrapping for loops is the caller's.
  CompressedCursor* cursor = nullptr;  // fits(*clip).
  Span<SoaTransform> output;           // soa_block_count(clip->joint_count) blocks.

  bool validate() const;
  [[nodiscard]] bool run()
      const;  // False (and nothing written) when validate() fails. Never allocates.
};

// How compressed rotation tracks interpolate: normalized lerp along the shortest arc with its
// parameter corrected toward slerp's (within 3e-6 rad of slerp for keys 24° apart, 1.7e-5 at
// 44°, 4.2e-5 at 60°), for a fraction of slerp's cost. The compressor removes keys with the same
// interpolation.
glm::quat fitted_nlerp(const glm::quat& a, const glm::quat& b, float t);

}  // namespace anim
