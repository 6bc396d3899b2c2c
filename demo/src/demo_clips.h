#pragma once
// The demo humanoid's clips, generated from periodic motion functions and leg IK. Every clip is
// keyed at kKeysPerSecond, loops seamlessly (its last key equals its first), keys the hips'
// translation and every joint's rotation, and nothing else.
#include "anim/clip.h"
#include "anim/skeleton.h"

namespace anim::demo {

constexpr float kKeysPerSecond = 30.0f;

// Standing: breathing chest and spine, weight shifting between the feet, a slowly looking head,
// arms hanging with a small sway. 2.4 s.
Clip make_idle_clip(const Skeleton& skeleton);

// One walk cycle of 1.1 s: left heel lands at normalized time 0, right at 0.5.
Clip make_walk_clip(const Skeleton& skeleton);

// One run cycle of 0.7 s, in phase with the walk: left foot lands at 0, right at 0.5.
Clip make_run_clip(const Skeleton& skeleton);

}  // namespace anim::demo
