#pragma once
// A clip's key rate (keys per second), found from the spacing of its keys: what frame numbers
// and frame steps count in. A 120 Hz BVH take has keys 1/120 s apart; a glTF clip exported at
// 24 fps has them 1/24 s apart.
#include "anim/clip.h"

namespace anim {

// Frame numbers of a clip whose rate is unknown (Clip::sample_rate 0) count at this rate.
constexpr float kDefaultSampleRate = 30.0f;
// Key rates below this are a clip keyed by hand every few frames (a glTF with a key every
// 0.5 s), not a sampling rate: they count as unknown.
constexpr float kMinSampleRate = 10.0f;
constexpr float kMaxSampleRate = 1000.0f;

// The rate of `clip`'s keys: 1 / the most common spacing between neighbouring keys of a track
// (spacings within 0.1% of one another count as the same; their mean is used), rounded to a
// whole number when within 0.01% of one. 0 when the keys are irregular (the most common spacing
// is less than half of all spacings), when no track has two keys, or when the rate would lie
// outside [kMinSampleRate, kMaxSampleRate] keys per second.
float estimate_sample_rate(const Clip& clip);

// The rate frame numbers of `clip` use: its sample_rate, or kDefaultSampleRate when unknown.
inline float frame_rate_of(const Clip& clip) {
  return clip.sample_rate > 0.0f ? clip.sample_rate : kDefaultSampleRate;
}

}  // namespace anim
