#pragma once
// Sampling every clip of a model or package at awkward times, as a scrubbing timeline and a game
// do: shared by fuzz_package and fuzz_import.
#include <cmath>
#include <limits>
#include <vector>

#include "anim/clip.h"
#include "anim/clip_set.h"
#include "anim/sampling.h"
#include "anim/skeleton.h"
#include "anim/soa_pose.h"
#include "fuzz_run.h"

namespace anim::fuzz {

// Times to sample a clip of `duration` seconds at: its keys' range and past both ends, huge and
// non-finite ones.
inline std::vector<float> sample_times(float duration) {
  const float inf = std::numeric_limits<float>::infinity();
  return {0.0f,           0.25f * duration, 0.5f * duration, duration, std::nextafter(duration, 0.0f),
          duration + 1.0f, -1.0f,           1e30f,           -1e30f,   std::numeric_limits<float>::denorm_min(),
          std::numeric_limits<float>::quiet_NaN(), inf,       -inf,     wrap_time(1e7f, duration, true)};
}

// Samples every clip of `clips` (float or compressed) on `skeleton` at sample_times, forward,
// then again in reverse clip order with the same cursor (a cursor follows whichever clip it is
// used with).
inline void sample_all(const ClipSet& clips, const Skeleton& skeleton) {
  const std::size_t joints = skeleton.joint_count();
  std::vector<Transform> out(joints);
  SoaPose soa_rest = make_soa_pose(joints), soa = make_soa_pose(joints);
  to_soa(skeleton.rest, soa_rest);
  ClipCursor cursor;
  cursor.reserve(clips, joints);
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t n = 0; n < clips.size(); ++n) {
      const std::size_t i = pass == 0 ? n : clips.size() - 1 - n;
      for (float t : sample_times(clips.duration(i))) {
        // The clips passed a loader's checks, so each fits the skeleton.
        if (!ClipSamplingJob{clips, i, t, &cursor, soa_rest, soa}.run()) {
          fail("a checked clip could not be sampled");
        }
        from_soa(soa, out);
      }
    }
  }
}

}  // namespace anim::fuzz
