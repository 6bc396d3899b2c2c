#include "anim/clip_set.h"

namespace anim {

void ClipCursor::reserve(const ClipSet& clips, std::size_t joints) {
  if (!clips.compressed()) {
    floats.resize(joints);
    return;
  }
  for (const CompressedClip& c : clips.packed()) packed.reserve(c);
}

bool ClipSampler::sample(std::size_t clip, float time, ClipCursor& cursor,
                         Span<Transform> output) const {
  if (clip >= clips.size()) return false;
  if (!clips.compressed()) {
    SamplingJob job;
    job.clip = &clips.floats()[clip];
    job.rest = rest;
    job.time = time;
    job.cursor = &cursor.floats;
    job.output = output;
    return job.run();
  }
  CompressedSamplingJob job;
  job.clip = &clips.packed()[clip];
  job.rest = soa_rest;
  job.time = time;
  job.cursor = &cursor.packed;
  job.output = soa;
  if (output.size() != job.clip->joint_count || !job.run()) return false;
  from_soa(soa, output);
  return true;
}

}  // namespace anim
