#include "anim/clip.h"

#include <algorithm>
#include <cmath>

#include "finite.h"

namespace anim {
namespace {

using detail::finite;

template <class V>
Status validate_tracks(const KeyTracks<V>& tracks, std::size_t joints, const char* kind) {
  auto fail = [&](std::size_t joint, const std::string& what) -> Status {
    return Error{Error::Code::kInvalidData,
                 std::string(kind) + " track of joint " + std::to_string(joint) + ": " + what, ""};
  };
  if (tracks.ranges.size() != joints) {
    return Error{Error::Code::kInvalidData,
                 std::string(kind) + " tracks: " + std::to_string(tracks.ranges.size()) +
                     " for a skeleton of " + std::to_string(joints) + " joints",
                 ""};
  }
  if (tracks.times.size() != tracks.values.size()) {
    return Error{Error::Code::kInvalidData, std::string(kind) + " times and values differ", ""};
  }
  for (std::size_t j = 0; j < joints; ++j) {
    const TrackRange r = tracks.ranges[j];
    if (static_cast<uint64_t>(r.offset) + r.count > tracks.times.size()) {
      return fail(j, "keys out of range");
    }
    for (uint32_t k = 0; k < r.count; ++k) {
      const float t = tracks.times[r.offset + k];
      if (!std::isfinite(t)) return fail(j, "time is not finite");
      if (k > 0 && !(t > tracks.times[r.offset + k - 1])) return fail(j, "times do not increase");
      if (!finite(tracks.values[r.offset + k])) return fail(j, "value is not finite");
    }
  }
  return Ok{};
}

template <class V, class K>
KeyTracks<V> pack(const std::vector<std::vector<K>>& per_joint) {
  KeyTracks<V> out;
  out.ranges.resize(per_joint.size());
  for (std::size_t j = 0; j < per_joint.size(); ++j) {
    std::vector<K> keys = per_joint[j];
    std::stable_sort(keys.begin(), keys.end(),
                     [](const K& a, const K& b) { return a.time < b.time; });
    out.ranges[j].offset = static_cast<uint32_t>(out.times.size());
    for (const K& k : keys) {
      if (!std::isfinite(k.time)) continue;
      // Keys at the same time: the last one given wins.
      if (out.times.size() > out.ranges[j].offset && out.times.back() == k.time) {
        out.values.back() = k.value;
        continue;
      }
      out.times.push_back(k.time);
      out.values.push_back(k.value);
    }
    out.ranges[j].count = static_cast<uint32_t>(out.times.size() - out.ranges[j].offset);
  }
  return out;
}

}  // namespace

std::size_t Clip::key_count() const {
  return translations.times.size() + rotations.times.size() + scales.times.size();
}

std::size_t Clip::animated_joint_count() const {
  std::size_t n = 0;
  for (std::size_t j = 0; j < joint_count(); ++j) {
    if (translations.ranges[j].count || rotations.ranges[j].count || scales.ranges[j].count) ++n;
  }
  return n;
}

Status Clip::validate(std::size_t skeleton_joints) const {
  if (!std::isfinite(duration) || duration < 0.0f) {
    return Error{Error::Code::kInvalidData, "clip \"" + name + "\" has a bad duration", ""};
  }
  if (!std::isfinite(sample_rate) || sample_rate < 0.0f) {
    return Error{Error::Code::kInvalidData, "clip \"" + name + "\" has a bad sample rate", ""};
  }
  Status s = validate_tracks(translations, skeleton_joints, "translation");
  if (s.ok()) s = validate_tracks(rotations, skeleton_joints, "rotation");
  if (s.ok()) s = validate_tracks(scales, skeleton_joints, "scale");
  if (!s.ok()) {
    return Error{s.error().code, "clip \"" + name + "\": " + s.error().message, ""};
  }
  return Ok{};
}

ClipBuilder::ClipBuilder(std::string name, float duration, std::size_t joint_count)
    : name_(std::move(name)),
      duration_(duration),
      translations_(joint_count),
      rotations_(joint_count),
      scales_(joint_count) {}

void ClipBuilder::add_translation(std::size_t joint, float time, const glm::vec3& value) {
  translations_.at(joint).push_back({time, value});
}
void ClipBuilder::add_rotation(std::size_t joint, float time, const glm::quat& value) {
  const float len = glm::length(value);
  const bool usable = std::isfinite(len) && len > 1e-12f;
  rotations_.at(joint).push_back({time, usable ? value / len : glm::quat(1, 0, 0, 0)});
}
void ClipBuilder::add_scale(std::size_t joint, float time, const glm::vec3& value) {
  scales_.at(joint).push_back({time, value});
}

Clip ClipBuilder::build() const {
  Clip clip;
  clip.name = name_;
  clip.duration = std::isfinite(duration_) && duration_ > 0.0f ? duration_ : 0.0f;
  clip.translations = pack<glm::vec3>(translations_);
  clip.rotations = pack<glm::quat>(rotations_);
  clip.scales = pack<glm::vec3>(scales_);
  return clip;
}

}  // namespace anim
