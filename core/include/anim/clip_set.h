#pragma once
// The clips a blend space, state machine or Player plays: float clips (what the tool edits) or
// compressed ones (what a package holds). Either way the same durations and the same sampling
// job into a structure-of-arrays pose, so everything above runs unchanged on a package.
#include <cstddef>
#include <vector>

#include "anim/clip.h"
#include "anim/compressed_clip.h"
#include "anim/compressed_sampling.h"
#include "anim/root_motion.h"
#include "anim/sampling.h"
#include "anim/soa_pose.h"
#include "anim/span.h"
#include "anim/transform.h"

namespace anim {

// A view: the clips must outlive it, so it cannot be made from a temporary vector.
class ClipSet {
 public:
  ClipSet() = default;
  ClipSet(Span<const Clip> clips) : floats_(clips) {}          // NOLINT: implicit by design
  ClipSet(const std::vector<Clip>& clips) : floats_(clips) {}  // NOLINT
  ClipSet(Span<const CompressedClip> clips) : packed_(clips), compressed_(true) {}  // NOLINT
  ClipSet(const std::vector<CompressedClip>& clips)                                 // NOLINT
      : packed_(clips), compressed_(true) {}
  // A temporary vector would be gone before the view is used.
  ClipSet(std::vector<Clip>&&) = delete;
  ClipSet(const std::vector<Clip>&&) = delete;
  ClipSet(std::vector<CompressedClip>&&) = delete;
  ClipSet(const std::vector<CompressedClip>&&) = delete;

  bool compressed() const { return compressed_; }
  std::size_t size() const { return compressed_ ? packed_.size() : floats_.size(); }
  // Clip i's duration in seconds and joint count; i < size().
  float duration(std::size_t i) const {
    return compressed_ ? packed_[i].duration : floats_[i].duration;
  }
  std::size_t joint_count(std::size_t i) const {
    return compressed_ ? packed_[i].joint_count : floats_[i].joint_count();
  }
  Span<const Clip> floats() const { return floats_; }
  Span<const CompressedClip> packed() const { return packed_; }

  // The same clips with the root motion taken out of them (root_motion_builder.h): one track per
  // clip, which must outlive the set; of another count, none (the clips then move nothing).
  ClipSet with_root_motion(Span<const RootMotionTrack> tracks) const {
    ClipSet out = *this;
    out.root_motion_ = tracks.size() == size() ? tracks : Span<const RootMotionTrack>();
    return out;
  }
  ClipSet with_root_motion(std::vector<RootMotionTrack>&&) const = delete;
  // One track per clip, or empty.
  Span<const RootMotionTrack> root_motion() const { return root_motion_; }

 private:
  Span<const Clip> floats_;
  Span<const CompressedClip> packed_;
  bool compressed_ = false;
  Span<const RootMotionTrack> root_motion_;
};

// One character's place in whichever clip a layer plays, for either kind of clip.
class ClipCursor {
 public:
  // Sized for every clip of `clips` on a skeleton of `joints` joints (allocates): the clips it
  // samples must have that many joints.
  void reserve(const ClipSet& clips, std::size_t joints);
  // Sized for clip `clip` of `clips` only (allocates), as a state machine keeps one per clip it
  // plays: it then never starts over for another clip.
  void reserve(const ClipSet& clips, std::size_t clip, std::size_t joints);
  void reset() {
    floats_.reset();
    packed_.reset();
    motion_ = RootMotionCursor{};
  }
  std::size_t joint_count() const { return joints_; }
  // Its place in the clip's root-motion track (ClipSet::root_motion()), for the root-motion
  // functions. Next to what sampling reads, so an update's root motion brings into cache what
  // the evaluate after it samples with.
  RootMotionCursor* motion() { return &motion_; }
  // Asks the memory system for what sampling reads of it (SamplingCursor::prefetch,
  // CompressedCursor::prefetch).
  void prefetch() const;
  // Per-character bytes it holds.
  std::size_t byte_size() const {
    return sizeof(*this) + 3 * sizeof(uint32_t) * floats_.joint_count() + packed_.byte_size();
  }

 private:
  friend struct ClipSamplingJob;
  CompressedCursor packed_;
  RootMotionCursor motion_;
  std::size_t joints_ = 0;
  SamplingCursor floats_;
};

// Samples clip `clip` of `clips` at `time` seconds (used as given: wrapping is the caller's) into
// a structure-of-arrays pose: SoaSamplingJob for float clips, CompressedSamplingJob for
// compressed ones. Never allocates.
struct ClipSamplingJob {
  ClipSet clips;
  std::size_t clip = 0;
  float time = 0.0f;
  ClipCursor* cursor = nullptr;   // Reserved for `clips` and the clip's joint count.
  Span<const SoaTransform> rest;  // The skeleton's rest pose, soa_block_count(joints) blocks.
  Span<SoaTransform> output;      // soa_block_count(joints) blocks; may alias no input.

  // False when the clip is out of range, the cursor is missing or was reserved for another
  // joint count (a clip that does not fit the skeleton), or a span has the wrong size.
  bool validate() const;
  [[nodiscard]] bool run() const;  // False (nothing written) when validate() fails.
};

}  // namespace anim
