#pragma once
// Sampling a compressed clip's segmented tracks four at a time, from what the cursor keeps of the
// segment it last read (CompressedCursor::SegmentLanes).
#include <cstdint>

#include "anim/compressed_clip.h"
#include "anim/compressed_sampling.h"
#include "anim/soa_pose.h"

namespace anim {

struct SegmentSampler {
  using Lanes = CompressedCursor::SegmentLanes;
  static constexpr uint8_t kWholeBlock = CompressedCursor::kWholeBlock;
  static constexpr uint8_t kAllDroppedW = CompressedCursor::kAllDroppedW;

  // Every segmented track of `clip` at `tq` frames, into `out`. The cursor follows `clip` and fits
  // it (CompressedSamplingJob::run has checked).
  static void sample(const CompressedClip& clip, float tq, CompressedCursor& cursor,
                     SoaTransform* out);

 private:
  // The cursor's lanes made to describe segment `s` (unless they already do).
  static void use_segment(const CompressedClip& clip, uint32_t s, CompressedCursor& cursor);
};

}  // namespace anim
