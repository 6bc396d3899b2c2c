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
  // Per segment, when not empty: each segment's own tolerance in place of `tolerance`.
  std::vector<float> segment_tolerances;

  float tolerance_of(std::size_t segment) const {
    return segment < segment_tolerances.size() ? segment_tolerances[segment] : tolerance;
  }
};

struct SegmentedEncoding {
  SegmentedTrack track;
  std::vector<SegmentRange> ranges;            // One per segment.
  std::vector<std::vector<uint32_t>> values;  // Per segment: x, y, z per frame, quantized.
  uint64_t bits = 0;                           // Stored bits of all segments.
  std::vector<bool> out_of_reach;  // Per segment: even the widest widths miss its tolerance.

  // Bytes it adds to a clip: its header, a range per segment and its bits.
  std::size_t byte_size() const {
    return sizeof(SegmentedTrack) + ranges.size() * sizeof(SegmentRange) + (bits + 7) / 8;
  }
};

// One segment as encode_segmented fitted it at `tolerance`.
struct SegmentFit {
  float tolerance = 0.0f;
  SegmentRange range;
  std::vector<uint32_t> q;  // x, y, z per frame, quantized.
  float error = 0.0f;       // Measured on the decoded frames.
  bool out_of_reach = false;
};
// One track's segments as last fitted, by segment: kept between calls on the same input, so that
// a segment whose tolerance did not change is not fitted again.
using SegmentMemo = std::vector<SegmentFit>;

// Fits one segment of `count` frames (3 values each) of track t: its range, then the narrowest
// widths that hold `tolerance` (coarse to fine with one step for all components, then narrower
// component by component), or the widest there are when none does.
SegmentFit fit_segment(const SegmentedTrack& t, const float* frames, uint32_t count,
                       float tolerance);

// Encodes `input` in segments of `segment_samples` frames. Each segment's widths are the
// narrowest (searched from coarse to fine, then narrowed component by component) whose decoded
// frames stay within the segment's tolerance; where even kMaxSegmentBits does not reach it, the
// widest. `memo` (may be null) is the same input's from earlier calls, and is updated.
SegmentedEncoding encode_segmented(const SegmentInput& input, uint32_t segment_samples,
                                   SegmentMemo* memo = nullptr);

// The error of one decoded frame against its source (a distance, or an angle for rotations).
float segment_frame_error(const SegmentedTrack& t, const float* decoded, const float* source);

// One frame decoded from its stored values q (x, y, z) in `range` of track t (x, y, z, and w
// for a rotation, normalized as the sampler leaves it at a frame).
void decode_fit_frame(const SegmentedTrack& t, const SegmentRange& range, const uint32_t* q,
                      float* out);

// Decoded frame i of segment s (x, y, z, and w for a rotation, normalized as the sampler
// leaves it at a frame).
void decode_segment_frame(const SegmentedEncoding& e, std::size_t s, std::size_t i, float* out);

}  // namespace anim::bake
