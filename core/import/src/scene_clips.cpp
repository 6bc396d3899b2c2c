#include <cmath>
#include <string>
#include <unordered_set>

#include "scene_convert.h"

namespace anim::import {
namespace {

constexpr double kDefaultTicksPerSecond = 25.0;

float seconds(double ticks, double ticks_per_second) {
  return static_cast<float>(ticks / ticks_per_second);
}

}  // namespace

void build_clips(const aiScene& scene, const NodeJoints& node_joints, Model& model) {
  const std::size_t joints = model.skeleton.joint_count();
  std::unordered_set<std::string> used_names;
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
    const aiAnimation& anim = *scene.mAnimations[a];
    const double tps = anim.mTicksPerSecond > 0.0 && std::isfinite(anim.mTicksPerSecond)
                           ? anim.mTicksPerSecond
                           : kDefaultTicksPerSecond;
    std::string name = anim.mName.length > 0 ? anim.mName.C_Str() : "clip" + std::to_string(a);
    for (int i = 2; !used_names.insert(name).second; ++i) {
      name = (anim.mName.length > 0 ? anim.mName.C_Str() : "clip" + std::to_string(a)) + "#" +
             std::to_string(i);
    }
    const float duration = std::isfinite(anim.mDuration) ? seconds(anim.mDuration, tps) : 0.0f;
    ClipBuilder builder(name, duration, joints);
    for (unsigned c = 0; c < anim.mNumChannels; ++c) {
      const aiNodeAnim& channel = *anim.mChannels[c];
      // By node, not by joint name: joints of same-named nodes were renamed unique.
      const aiNode* node = scene.mRootNode->FindNode(channel.mNodeName);
      const auto found = node ? node_joints.find(node) : node_joints.end();
      if (found == node_joints.end()) continue;  // Targets no node of the hierarchy.
      const int joint = found->second;
      for (unsigned k = 0; k < channel.mNumPositionKeys; ++k) {
        const aiVectorKey& key = channel.mPositionKeys[k];
        builder.add_translation(joint, seconds(key.mTime, tps), to_glm(key.mValue));
      }
      for (unsigned k = 0; k < channel.mNumRotationKeys; ++k) {
        const aiQuatKey& key = channel.mRotationKeys[k];
        builder.add_rotation(joint, seconds(key.mTime, tps), to_glm(key.mValue));
      }
      for (unsigned k = 0; k < channel.mNumScalingKeys; ++k) {
        const aiVectorKey& key = channel.mScalingKeys[k];
        builder.add_scale(joint, seconds(key.mTime, tps), to_glm(key.mValue));
      }
    }
    model.clips.push_back(builder.build());
  }
}

}  // namespace anim::import
