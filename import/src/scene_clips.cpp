#include <cmath>
#include <string>
#include <unordered_set>

#include "anim/clip_sample_rate.h"
#include "scene_convert.h"

namespace anim::import {
namespace {

constexpr double kDefaultTicksPerSecond = 25.0;

// A ticks-per-second this low is the file's frame rate (BVH: 1 / Frame Time; FBX: the scene's
// frame rate); glTF counts milliseconds (1000) and DirectX files often 4800.
constexpr double kMaxFrameTicksPerSecond = 240.0;

float seconds(double ticks, double ticks_per_second) {
  return static_cast<float>(ticks / ticks_per_second);
}

bool whole(double ticks) { return std::abs(ticks - std::round(ticks)) <= 1e-3; }

// Whether every key of `anim` lies on a whole tick.
bool keys_on_whole_ticks(const aiAnimation& anim) {
  for (unsigned c = 0; c < anim.mNumChannels; ++c) {
    const aiNodeAnim& ch = *anim.mChannels[c];
    for (unsigned k = 0; k < ch.mNumPositionKeys; ++k) {
      if (!whole(ch.mPositionKeys[k].mTime)) return false;
    }
    for (unsigned k = 0; k < ch.mNumRotationKeys; ++k) {
      if (!whole(ch.mRotationKeys[k].mTime)) return false;
    }
    for (unsigned k = 0; k < ch.mNumScalingKeys; ++k) {
      if (!whole(ch.mScalingKeys[k].mTime)) return false;
    }
  }
  return true;
}

// The clip's key rate: the file's frame rate when its ticks are frames and every key lies on
// one (an FBX clip keyed every 20 frames at 24 fps is 24 fps), else what the spacing of its
// keys says (estimate_sample_rate).
float clip_sample_rate(const aiAnimation& anim, double tps, const Clip& clip) {
  if (tps >= kMinSampleRate && tps <= kMaxFrameTicksPerSecond && keys_on_whole_ticks(anim)) {
    const double whole_rate = std::round(tps);
    return static_cast<float>(std::abs(tps - whole_rate) <= 1e-4 * tps ? whole_rate : tps);
  }
  return estimate_sample_rate(clip);
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
    Clip clip = builder.build();
    clip.sample_rate = clip_sample_rate(anim, tps, clip);
    model.clips.push_back(std::move(clip));
  }
}

}  // namespace anim::import
