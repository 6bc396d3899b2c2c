#pragma once
// The offline half of root motion (root_motion.h): takes the motion that moves the character out
// of a clip's root joint and keeps it as a RootMotionTrack. Run once when a setup is compiled or a
// package is packed, never per frame (it allocates), as ozz keeps its motion extraction offline.
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/result.h"
#include "anim/root_motion.h"
#include "anim/skeleton.h"
#include "anim/span.h"

namespace anim {

// What to take out: a setup's "root_motion", resolved against the model.
struct RootMotionSettings {
  int joint = -1;                      // The joint whose motion moves the character.
  bool axes[3] = {true, false, true};  // Translation along the model's x, y and z.
  bool yaw = true;                     // The turn about `up`.
  glm::vec3 up{0.0f, 1.0f, 0.0f};      // The model's up axis, unit length.
};

// The model's up axis as an axis index (0 x, 1 y, 2 z) and a sign, as a unit vector.
glm::vec3 up_vector(int axis, int sign);

// The topmost joint (parents come first) that any of `clips` animates; -1 when none does.
int topmost_animated_joint(const Skeleton& skeleton, Span<const Clip> clips);

// Takes the motion `settings` names out of `clip`, measured from the clip's first frame (its time
// 0), and returns it: the joint's place along the axes and its turn about the up axis, in the
// model's frame, at every key time of the joint and its ancestors (and 0 and the clip's end). The
// joint is keyed anew at those times so that the clip plays in place: at time 0 the pose is as
// before, and later the joint's model-space place on the axes and its heading stay at the first
// frame's while the rest of its motion (a walk's bob, a lean) stays. A clip that does not animate
// the joint or an ancestor is left alone and gives an empty track. An error (the clip unchanged)
// for a joint out of range or a value that is not finite.
Result<RootMotionTrack> extract_root_motion(const Skeleton& skeleton,
                                            const RootMotionSettings& settings, Clip& clip);

}  // namespace anim
