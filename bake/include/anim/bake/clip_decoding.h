#pragma once
// Compressed clips back into float clips, for tools that show and edit float keys (the desktop
// tool opening a package). Not for games: they sample the compressed form in place.
#include "anim/clip.h"
#include "anim/compressed_clip.h"
#include "anim/result.h"
#include "anim/skeleton.h"

namespace anim::bake {

// A float clip with the same name and duration as `compressed` and, for each joint, a key
// wherever the compressed clip has one: at each of its tracks' key times (ticks divided by
// ticks_per_second), one key for a constant track, none for a joint left at rest. The values are
// what CompressedSamplingJob gives at those times, so sampling the result at a key time shows
// what a game shows then (to float rounding). Between keys the float clip interpolates its own
// way (slerp for rotations instead of fitted_nlerp, within 4.2e-5 rad for keys 60 degrees apart).
// Fails for a clip that does not pass validate() on `skeleton` or has another joint count.
Result<Clip> decode_clip(const CompressedClip& compressed, const Skeleton& skeleton);

}  // namespace anim::bake
