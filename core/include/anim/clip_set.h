#pragma once
// The clips a blend space or state machine plays: float clips (what the tool edits) or
// compressed ones (what a package holds). Either way the same durations and the same sampling
// entry point, so the state machine runs unchanged on a package.
#include <cstddef>
#include <vector>

#include "anim/clip.h"
#include "anim/compressed_clip.h"
#include "anim/compressed_sampling.h"
#include "anim/sampling.h"
#include "anim/soa_pose.h"
#include "anim/span.h"
#include "anim/transform.h"

namespace anim {

class ClipSet {
 public:
  ClipSet() = default;
  ClipSet(Span<const Clip> clips) : floats_(clips) {}          // NOLINT: implicit by design
  ClipSet(const std::vector<Clip>& clips) : floats_(clips) {}  // NOLINT
  ClipSet(Span<const CompressedClip> clips) : packed_(clips), compressed_(true) {}  // NOLINT
  ClipSet(const std::vector<CompressedClip>& clips)                                 // NOLINT
      : packed_(clips), compressed_(true) {}

  bool compressed() const { return compressed_; }
  std::size_t size() const { return compressed_ ? packed_.size() : floats_.size(); }
  float duration(std::size_t i) const {
    return compressed_ ? packed_[i].duration : floats_[i].duration;
  }
  Span<const Clip> floats() const { return floats_; }
  Span<const CompressedClip> packed() const { return packed_; }

 private:
  Span<const Clip> floats_;
  Span<const CompressedClip> packed_;
  bool compressed_ = false;
};

// One character's place in whichever clip a layer plays, for either kind of clip.
struct ClipCursor {
  SamplingCursor floats;
  CompressedCursor packed;

  // Sized for every clip of `clips` on a skeleton of `joints` joints (allocates).
  void reserve(const ClipSet& clips, std::size_t joints);
  void reset() {
    floats.reset();
    packed.reset();
  }
};

// Samples clip `clip` of `clips` at `time` seconds into `output` (one Transform per joint).
// Compressed clips go through `soa_rest` and the `soa` scratch (soa_block_count(joints) blocks
// each). False when a size does not fit. Never allocates.
struct ClipSampler {
  ClipSet clips;
  Span<const Transform> rest;
  Span<const SoaTransform> soa_rest;
  Span<SoaTransform> soa;

  [[nodiscard]] bool sample(std::size_t clip, float time, ClipCursor& cursor,
                            Span<Transform> output) const;
};

}  // namespace anim
