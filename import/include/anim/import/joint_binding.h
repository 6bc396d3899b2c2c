#pragma once
// Which model joint each joint of another file's skeleton drives, found by name. Used when a
// clip comes from another file than the model (a Mixamo clip, a Unity "Hero@Walk" file, a BVH
// take). Pure data in, data out: no files, no assimp.
#include <string>
#include <utility>
#include <vector>

#include "anim/skeleton.h"

namespace anim::import {

// Source joint name -> model joint name, in the order written (a setup's "joint_map").
using JointMap = std::vector<std::pair<std::string, std::string>>;

// How a source joint found its model joint.
enum class NameMatch {
  kNone,
  kExact,      // The same name.
  kCase,       // The same name ignoring case ("hips" -> "Hips").
  kNamespace,  // The same after a namespace prefix: "mixamorig:Hips", "Armature|Hips",
               // "Character1_Hips" -> "Hips" (and the other way round).
  kMapped      // Named by the joint map.
};

struct JointBinding {
  std::vector<int> model_joint;  // One per source joint: the model joint it drives, or -1.
  std::vector<NameMatch> how;    // One per source joint.
  std::vector<std::string> unknown_sources;  // Joint-map keys that name no source joint.
  std::vector<std::string> unknown_targets;  // Joint-map values that name no model joint.
};

// The name without its namespace: what follows the last ':' or '|' ("mixamorig:Hips" -> "Hips").
std::string strip_namespace(const std::string& name);

// Binds every source joint to at most one model joint and every model joint to at most one
// source joint. Without a map, names are tried in rounds, each over all joints before the
// next starts, so that a looser rule never takes a joint a stricter one would give another:
// exact, then ignoring case, then ignoring a namespace prefix (':' or '|'), then ignoring an
// underscore prefix ("Character1_Hips"). A round binds a joint only when it has exactly one
// free candidate. With a non-empty `map`, only the mapped joints bind (exact names).
JointBinding bind_joints(const Skeleton& source, const Skeleton& model, const JointMap& map = {});

}  // namespace anim::import
