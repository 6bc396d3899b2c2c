#pragma once
// An animation clip: keyframe tracks for joints of one skeleton.
#include <cstdint>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/result.h"

namespace anim {

// Where one joint's keys lie inside a KeyTracks' flat arrays.
struct TrackRange {
  uint32_t offset = 0;
  uint32_t count = 0;  // 0: the joint keeps its rest value.
};

// All tracks of one kind (translation, rotation or scale), one per joint, stored flat.
template <class V>
struct KeyTracks {
  std::vector<TrackRange> ranges;  // One per joint.
  std::vector<float> times;        // Seconds, strictly increasing inside each range.
  std::vector<V> values;
};

struct Clip {
  std::string name;
  float duration = 0.0f;  // Seconds; 0 for a single pose.
  // Keys per second of the source (a 120 Hz BVH take: 120), for frame numbers and frame steps;
  // 0 when unknown (see estimate_sample_rate in clip_sample_rate.h). Sampling ignores it.
  float sample_rate = 0.0f;
  KeyTracks<glm::vec3> translations;
  KeyTracks<glm::quat> rotations;
  KeyTracks<glm::vec3> scales;

  std::size_t joint_count() const { return rotations.ranges.size(); }
  std::size_t key_count() const;
  std::size_t animated_joint_count() const;  // Joints with at least one key of any kind.

  // Checks that every track fits the arrays, times increase and values are finite.
  Status validate(std::size_t skeleton_joints) const;
};

// Collects keys in any order and packs them into a Clip (sorted by time, duplicates merged).
class ClipBuilder {
 public:
  ClipBuilder(std::string name, float duration, std::size_t joint_count);

  void add_translation(std::size_t joint, float time, const glm::vec3& value);
  void add_rotation(std::size_t joint, float time, const glm::quat& value);
  void add_scale(std::size_t joint, float time, const glm::vec3& value);

  Clip build() const;

 private:
  template <class V>
  struct Key {
    float time;
    V value;
  };
  std::string name_;
  float duration_;
  std::vector<std::vector<Key<glm::vec3>>> translations_;
  std::vector<std::vector<Key<glm::quat>>> rotations_;
  std::vector<std::vector<Key<glm::vec3>>> scales_;
};

}  // namespace anim
