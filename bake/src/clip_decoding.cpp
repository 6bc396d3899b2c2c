#include "anim/bake/clip_decoding.h"
#include "anim/job_check.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "anim/compressed_sampling.h"
#include "anim/soa_pose.h"

namespace anim::bake {
namespace {

constexpr int kKinds = 3;  // By TrackKind: translation, rotation, scale.

// Where one joint's keys of one kind come from in the compressed clip.
struct KeySource {
  uint32_t first_key = 0;  // Into the clip's key times.
  uint32_t key_count = 0;  // 0: no track (rest); 1: a constant track.
  bool every_frame = false;  // A segmented track: key k at tick k.
};

using SourceTable = std::vector<std::array<KeySource, kKinds>>;  // [joint][kind]

SourceTable key_sources(const CompressedClip& clip) {
  SourceTable sources(clip.joint_count);
  for (const ConstantTrack& c : clip.constants) {
    sources[c.joint][static_cast<int>(c.kind)] = {0, 1};
  }
  for (const RotationGroup& g : clip.rotation_groups) {
    for (uint32_t lane = 0; lane < 4; ++lane) {
      if ((g.lane_mask & (1u << lane)) == 0) continue;
      sources[4u * g.block + lane][static_cast<int>(TrackKind::kRotation)] = {g.first_key,
                                                                              g.key_count};
    }
  }
  for (const CompressedTrack& t : clip.tracks) {
    sources[t.joint][static_cast<int>(t.kind)] = {t.first_key, t.key_count};
  }
  for (const SegmentedTrack& t : clip.segmented) {
    sources[t.joint][static_cast<int>(t.kind)] = {0, clip.frame_count, true};
  }
  return sources;
}

uint32_t tick_of(const CompressedClip& clip, uint32_t key) {
  return clip.narrow_times() ? clip.frames8[key] : clip.times16[key];
}

// Key `k` of `source` as a tick; a constant track's one key sits at tick 0.
uint32_t source_tick(const CompressedClip& clip, const KeySource& source, uint32_t k) {
  if (source.every_frame) return k;
  return source.key_count < 2 ? 0u : tick_of(clip, source.first_key + k);
}

float seconds_of(const CompressedClip& clip, uint32_t tick) {
  return clip.ticks_per_second > 0.0f ? static_cast<float>(tick) / clip.ticks_per_second : 0.0f;
}

// Every tick some key lies at, sorted, without repeats.
std::vector<uint32_t> all_ticks(const CompressedClip& clip, const SourceTable& sources) {
  std::vector<uint32_t> ticks;
  for (const auto& joint : sources) {
    for (const KeySource& s : joint) {
      for (uint32_t k = 0; k < s.key_count; ++k) ticks.push_back(source_tick(clip, s, k));
    }
  }
  std::sort(ticks.begin(), ticks.end());
  ticks.erase(std::unique(ticks.begin(), ticks.end()), ticks.end());
  return ticks;
}

// The compressed clip sampled at each of `ticks`, one SoA pose each.
std::vector<SoaPose> sample_at(const CompressedClip& clip, const Skeleton& skeleton,
                               const std::vector<uint32_t>& ticks) {
  SoaPose rest = make_soa_pose(skeleton.joint_count());
  to_soa(skeleton.rest, rest);
  CompressedCursor cursor(clip);
  std::vector<SoaPose> poses;
  poses.reserve(ticks.size());
  for (uint32_t tick : ticks) {
    poses.push_back(make_soa_pose(skeleton.joint_count()));
    CompressedSamplingJob job{&clip, rest, seconds_of(clip, tick), &cursor, poses.back()};
    require_ran(job.run(), "CompressedSamplingJob");  // decode_clip validated the clip.
  }
  return poses;
}

template <class V>
void add_track(KeyTracks<V>& tracks, const CompressedClip& clip, const KeySource& source,
               const std::vector<uint32_t>& ticks, const std::vector<SoaPose>& poses,
               std::size_t joint, V (*value)(const Transform&)) {
  TrackRange range{static_cast<uint32_t>(tracks.times.size()), 0};
  // Without a tick rate every key time is 0 to the sampler: the first key holds throughout.
  const uint32_t keys =
      clip.ticks_per_second > 0.0f ? source.key_count : std::min(1u, source.key_count);
  for (uint32_t k = 0; k < keys; ++k) {
    const uint32_t tick = source_tick(clip, source, k);
    const std::size_t at = std::lower_bound(ticks.begin(), ticks.end(), tick) - ticks.begin();
    tracks.times.push_back(seconds_of(clip, tick));
    tracks.values.push_back(value(poses[at][joint / 4].get(joint % 4)));
    ++range.count;
  }
  tracks.ranges.push_back(range);
}

glm::vec3 translation_of(const Transform& t) { return t.translation; }
glm::quat rotation_of(const Transform& t) { return t.rotation; }
glm::vec3 scale_of(const Transform& t) { return t.scale; }

}  // namespace

Result<Clip> decode_clip(const CompressedClip& compressed, const Skeleton& skeleton) {
  Status valid = compressed.validate(skeleton.joint_count());
  if (!valid.ok()) return valid.error();
  const SourceTable sources = key_sources(compressed);
  const std::vector<uint32_t> ticks = all_ticks(compressed, sources);
  const std::vector<SoaPose> poses = sample_at(compressed, skeleton, ticks);
  Clip clip;
  clip.name = compressed.name;
  clip.duration = compressed.duration;
  for (std::size_t j = 0; j < sources.size(); ++j) {
    const auto& s = sources[j];
    add_track(clip.translations, compressed, s[0], ticks, poses, j, &translation_of);
    add_track(clip.rotations, compressed, s[1], ticks, poses, j, &rotation_of);
    add_track(clip.scales, compressed, s[2], ticks, poses, j, &scale_of);
  }
  return clip;
}

}  // namespace anim::bake
