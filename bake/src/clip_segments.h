#pragma once
// The dense form of a compressed track (SegmentedTrack): every frame kept, cut into segments,
// each segment range-reduced and quantized to the narrowest widths that keep the track within
// its local tolerance, measured on the decoded values.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "anim/compressed_clip.h"

namespace anim::bake {

// One track's frames: x, y, z per frame (a rotation's three stored components, of the sign that
// makes the dropped one >= 0).
struct SegmentInput {
  uint16_t joint = 0;
  TrackKind kind = TrackKind::kTranslation;
  uint8_t dropped = 3;        // A rotation's rebuilt component (SegmentedTrack::dropped).
  std::vector<float> frames;  // 3 per frame.
  // Largest error allowed on any frame: a distance for translations and scales, an angle in
  // radians for rotations.
  float tolerance = 0.0f;
};

struct SegmentedEncoding {
  SegmentedTrack track;
  std::vector<SegmentRange> ranges;            // One per segment.
  std::vector<std::vector<uint32_t>> values;  // Per segment: x, y, z per frame, quantized.
  uint64_t bits = 0;                           // Stored bits of all segments.
  float max_error = 0.0f;                      // Measured on the decoded frames.

  // Bytes it adds to a clip: its header, a range per segment and its bits.
  std::size_t byte_size() const {
    return sizeof(SegmentedTrack) + ranges.size() * sizeof(SegmentRange) + (bits + 7) / 8;
  }
};

// Encodes `input` in segments of `segment_samples` frames. Each segment's widths are the
// narrowest (searched from coarse to fine, then narrowed component by component) whose decoded
// frames stay within the tolerance; where even kMaxSegmentBits does not reach it, the widest.
SegmentedEncoding encode_segmented(const SegmentInput& input, uint32_t segment_samples);

// The error of one decoded frame against its source (a distance, or an angle for rotations).
float segment_frame_error(const SegmentedTrack& t, const float* decoded, const float* source);

// Decoded frame i of segment s (x, y, z, and w for a rotation, normalized as the sampler
// leaves it at a frame).
void decode_segment_frame(const SegmentedEncoding& e, std::size_t s, std::size_t i, float* out);

}  // namespace anim::bake
