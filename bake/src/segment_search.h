#pragma once
// The hierarchy-aware search for segmented tracks' widths, after ACL's: in one segment, each
// joint's model-space error is brought within the tolerance by tightening, a step at a time, the
// segment budget of whichever of the worst joint's ancestors lowers its error most per added
// bit. Errors are measured through the whole hierarchy on the decoded frames, with the clip's
// other tracks as the attempt stored them.
#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/mat4x4.hpp>

#include "anim/clip.h"
#include "anim/compressed_clip.h"
#include "anim/skeleton.h"

namespace anim::bake {

// One segmented track of an attempt.
struct SearchTrack {
  SegmentedTrack track;       // Its header: kind, dropped component, ranges over the clip.
  std::vector<float> frames;  // The source, 3 per frame of the clip.
  float scale = 1.0f;         // Its local tolerance is its joint's budget divided by this.
};

// The source's model space at each frame of a clip: [frame * joints + joint], frame f sampled at
// f / frame_rate seconds.
std::vector<glm::mat4> reference_frames(const Clip& clip, const Skeleton& skeleton, uint32_t frames,
                                        float frame_rate);

struct SegmentSearch {
  const Skeleton* skeleton = nullptr;
  float shell_distance = 0.0f;  // Of the virtual points (point_error).
  float tolerance = 0.0f;
  uint32_t segment_samples = 0;
  float frame_rate = 0.0f;                            // The clip's frames per second.
  const std::vector<glm::mat4>* reference = nullptr;  // reference_frames of the clip.

  struct Outcome {
    std::vector<float> errors;  // Per joint, its largest error in the segment afterwards.
    bool changed = false;       // Some budget was tightened.
  };

  // Searches segment s of `packed` (one attempt, whose other tracks stay as stored), whose
  // segmented tracks are `tracks`: tightens budgets[joint * segment_count + s] until every joint
  // is within the tolerance there or no ancestor of the worst one can be tightened further.
  // `measured`: each joint's error there as measure_clip_error found it on `packed`; the search's
  // own measure, at the frames, is scaled to agree with it.
  Outcome run(std::size_t s, const CompressedClip& packed, const std::vector<SearchTrack>& tracks,
              const std::vector<float>& measured, std::vector<float>& budgets,
              std::size_t segment_count) const;
};

}  // namespace anim::bake
