#pragma once
// Turns a clip made for one skeleton into a clip for a model's skeleton, given which model
// joint each source joint drives (joint_binding.h). Pure data: no files, no assimp.
#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/import/joint_binding.h"
#include "anim/skeleton.h"

namespace anim::import {

struct BoundClip {
  Clip clip;                         // For the model skeleton; same name and duration.
  std::vector<std::string> bound;    // Source joints with keys that drive a model joint.
  std::vector<std::string> unbound;  // Source joints with keys that drive none.
  bool retargeted = false;           // False: the channels were copied as authored.
};

// True when every bound joint has the same rest pose in both skeletons: the same local
// transform and the same model-space transform (so that no unbound ancestor, such as a scaled
// armature node, makes the copied channels mean something else). Tolerances: 1e-4 of the
// larger skeleton's size for translations, 1e-4 for rotation and scale components.
bool same_rest_pose(const Skeleton& source, const Skeleton& model,
                    const std::vector<int>& model_joint);

// Size of a skeleton's rest pose: the diagonal of the box around its joints in model space.
float rest_size(const Skeleton& skeleton);

// Makes `clip` (for `source`) play on `model`. Where same_rest_pose() holds, each bound
// joint's keys are copied unchanged. Otherwise the clip is retargeted at every key time of the
// source clip: each bound model joint turns in model space by its source joint's rotation away
// from that joint's rest, R_model(t) = R_src_model(t) * R_src_rest^-1 * R_model_rest; bones
// keep the model's lengths; only the root (the bound joint with keys nearest the top of the
// model's hierarchy) moves, by the source root's model-space displacement from rest scaled by
// rest_size(model) / rest_size(source). Unbound model joints keep their rest local transform.
// Requires valid skeletons, clip.validate(source) ok and model_joint sized to `source`.
BoundClip bind_clip(const Clip& clip, const Skeleton& source, const Skeleton& model,
                    const std::vector<int>& model_joint);

}  // namespace anim::import
