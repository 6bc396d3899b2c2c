#include "anim/clip_set.h"

namespace anim {

void ClipCursor::reserve(const ClipSet& clips, std::size_t joints) {
  joints_ = joints;
  if (!clips.compressed()) {
    floats_.resize(joints);
    return;
  }
  for (const CompressedClip& c : clips.packed()) packed_.reserve(c);
}

void ClipCursor::reserve(const ClipSet& clips, std::size_t clip, std::size_t joints) {
  joints_ = joints;
  if (!clips.compressed()) {
    floats_.resize(joints);
    return;
  }
  if (clip < clips.size()) packed_.reserve(clips.packed()[clip]);
}

void ClipCursor::prefetch() const {
  floats_.prefetch();
  packed_.prefetch();
}

bool ClipSamplingJob::validate() const {
  if (clip >= clips.size() || cursor == nullptr) return false;
  if (clips.joint_count(clip) != cursor->joints_) return false;
  if (!clips.compressed()) {
    return SoaSamplingJob{&clips.floats()[clip], rest, time, &cursor->floats_, output}.validate();
  }
  return CompressedSamplingJob{&clips.packed()[clip], rest, time, &cursor->packed_, output}
      .validate();
}

bool ClipSamplingJob::run() const {
  if (clip >= clips.size() || cursor == nullptr) return false;
  if (clips.joint_count(clip) != cursor->joints_) return false;
  if (!clips.compressed()) {
    return SoaSamplingJob{&clips.floats()[clip], rest, time, &cursor->floats_, output}.run();
  }
  return CompressedSamplingJob{&clips.packed()[clip], rest, time, &cursor->packed_, output}.run();
}

}  // namespace anim
