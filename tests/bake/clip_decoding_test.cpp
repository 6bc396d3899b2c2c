// decode_clip and model_from_package on Wuson's clips: the decoded float clip shows what the
// compressed one samples at its key times, and stays within the compression tolerance of the
// clips the model file holds.
#include "anim/bake/clip_decoding.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/bake/clip_compression.h"
#include "anim/bake/package_model.h"
#include "anim/bake/package_writer.h"
#include "anim/compressed_sampling.h"
#include "anim/import/import_model.h"
#include "anim/package.h"
#include "anim/sampling.h"
#include "anim/soa_pose.h"
#include "support/maths.h"

namespace anim::bake {
namespace {

const std::string kWuson = ANIMSCOPE_ASSIMP_MODELS "/X/Testwuson.X";

const Model& wuson() {
  static const Model model = [] {
    Result<Model> m = import::import_model(kWuson);
    EXPECT_TRUE(m.ok()) << m.error().to_string();
    return m.ok() ? std::move(m).value() : Model{};
  }();
  return model;
}

struct Packed {
  CompressedClip clip;
  float tolerance = 0.0f;
};

std::vector<Packed> packed_clips() {
  std::vector<Packed> out;
  for (const Clip& clip : wuson().clips) {
    Result<CompressedResult> r = compress_clip(clip, wuson().skeleton);
    EXPECT_TRUE(r.ok()) << r.error().to_string();
    if (r.ok()) out.push_back({r.value().clip, r.value().report.tolerance});
  }
  return out;
}

std::vector<Transform> sample_float(const Clip& clip, const Skeleton& skeleton, float time) {
  std::vector<Transform> local(skeleton.joint_count());
  SamplingCursor cursor(skeleton.joint_count());
  SamplingJob job{&clip, skeleton.rest, time, &cursor, local};
  EXPECT_TRUE(job.run());
  return local;
}

std::vector<Transform> sample_packed(const CompressedClip& clip, const Skeleton& skeleton,
                                     float time) {
  SoaPose rest = make_soa_pose(skeleton.joint_count()), soa = rest;
  to_soa(skeleton.rest, rest);
  CompressedCursor cursor(clip);
  CompressedSamplingJob job{&clip, rest, time, &cursor, soa};
  EXPECT_TRUE(job.run());
  std::vector<Transform> local(skeleton.joint_count());
  from_soa(soa, local);
  return local;
}

// Model-space joint positions, chained in double.
std::vector<glm::dvec3> joint_positions(const Skeleton& skeleton,
                                        const std::vector<Transform>& local) {
  std::vector<glm::dvec3> positions;
  for (const glm::dmat4& m : testutil::ModelSpaceInDouble(skeleton, local)) {
    positions.push_back(glm::dvec3(m[3]));
  }
  return positions;
}

// Every key time of `clip`, sorted, without repeats.
std::vector<float> key_times(const Clip& clip) {
  std::vector<float> times = clip.translations.times;
  times.insert(times.end(), clip.rotations.times.begin(), clip.rotations.times.end());
  times.insert(times.end(), clip.scales.times.begin(), clip.scales.times.end());
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

// Keys a compressed clip stores: each track's, each group lane's, one per constant track.
std::size_t stored_keys(const CompressedClip& clip) {
  std::size_t keys = clip.constants.size();
  for (const CompressedTrack& t : clip.tracks) keys += t.key_count;
  for (const RotationGroup& g : clip.rotation_groups) {
    for (int lane = 0; lane < 4; ++lane) keys += (g.lane_mask >> lane & 1) * g.key_count;
  }
  return keys + clip.segmented.size() * clip.frame_count;  // A segmented track: every frame.
}

TEST(ClipDecoding, KeepsNameDurationAndTheCompressedKeyTimes) {
  ASSERT_FALSE(wuson().clips.empty());
  for (const Packed& p : packed_clips()) {
    Result<Clip> decoded = decode_clip(p.clip, wuson().skeleton);
    ASSERT_TRUE(decoded.ok()) << decoded.error().to_string();
    const Clip& clip = decoded.value();
    EXPECT_EQ(clip.name, p.clip.name);
    EXPECT_EQ(clip.duration, p.clip.duration);
    EXPECT_TRUE(clip.validate(wuson().skeleton.joint_count()).ok());
    // A compressed track's keys become as many float keys, at its ticks in seconds.
    for (const CompressedTrack& t : p.clip.tracks) {
      const KeyTracks<glm::vec3>& tracks =
          t.kind == TrackKind::kTranslation ? clip.translations : clip.scales;
      ASSERT_NE(t.kind, TrackKind::kRotation) << "Wuson has no kQuat4 tracks";
      const TrackRange range = tracks.ranges[t.joint];
      ASSERT_EQ(range.count, t.key_count) << clip.name << " joint " << t.joint;
      for (uint32_t k = 0; k < t.key_count; ++k) {
        const float tick = p.clip.narrow_times() ? p.clip.frames8[t.first_key + k]
                                                 : p.clip.times16[t.first_key + k];
        EXPECT_FLOAT_EQ(tracks.times[range.offset + k], tick / p.clip.ticks_per_second);
      }
    }
    for (const RotationGroup& g : p.clip.rotation_groups) {
      for (int lane = 0; lane < 4; ++lane) {
        if (g.lane_mask & (1 << lane)) {
          EXPECT_EQ(clip.rotations.ranges[4 * g.block + lane].count, g.key_count);
        }
      }
    }
    for (const ConstantTrack& c : p.clip.constants) {
      const uint32_t count = c.kind == TrackKind::kRotation ? clip.rotations.ranges[c.joint].count
                             : c.kind == TrackKind::kScale
                                 ? clip.scales.ranges[c.joint].count
                                 : clip.translations.ranges[c.joint].count;
      EXPECT_EQ(count, 1u);
    }
  }
}

TEST(ClipDecoding, SamplesLikeTheCompressedClipAtItsKeyTimes) {
  const Skeleton& skeleton = wuson().skeleton;
  int animated = 0;
  for (const Packed& p : packed_clips()) {
    Result<Clip> decoded = decode_clip(p.clip, skeleton);
    ASSERT_TRUE(decoded.ok());
    const std::vector<float> times = key_times(decoded.value());
    if (p.clip.rotation_groups.empty() && p.clip.tracks.empty()) continue;  // A still pose.
    ASSERT_GT(times.size(), 2u) << p.clip.name;
    ++animated;
    for (float t : times) {
      const std::vector<Transform> a = sample_float(decoded.value(), skeleton, t);
      const std::vector<Transform> b = sample_packed(p.clip, skeleton, t);
      for (std::size_t j = 0; j < a.size(); ++j) {
        SCOPED_TRACE(p.clip.name + " joint " + skeleton.names[j] + " t " + std::to_string(t));
        EXPECT_LE(glm::length(a[j].translation - b[j].translation), 1e-5f);
        EXPECT_LE(glm::length(a[j].scale - b[j].scale), 1e-6f);
        EXPECT_GE(std::abs(glm::dot(a[j].rotation, b[j].rotation)), 1.0f - 1e-6f);
      }
    }
  }
  EXPECT_GE(animated, 2) << "Wuson walks and runs";
}

TEST(ClipDecoding, StaysWithinThePackToleranceOfTheModelsClips) {
  const Skeleton& skeleton = wuson().skeleton;
  const std::vector<Packed> packed = packed_clips();
  ASSERT_EQ(packed.size(), wuson().clips.size());
  for (std::size_t i = 0; i < packed.size(); ++i) {
    const Clip& original = wuson().clips[i];
    Result<Clip> decoded = decode_clip(packed[i].clip, skeleton);
    ASSERT_TRUE(decoded.ok());
    double worst = 0.0;
    for (float t : key_times(original)) {
      if (t < 0.0f) continue;  // Before 0 playback never goes, nor the compressor.
      const auto a = joint_positions(skeleton, sample_float(original, skeleton, t));
      const auto b = joint_positions(skeleton, sample_float(decoded.value(), skeleton, t));
      for (std::size_t j = 0; j < a.size(); ++j) worst = std::max(worst, glm::length(a[j] - b[j]));
    }
    EXPECT_GT(packed[i].tolerance, 0.0f);
    EXPECT_LE(worst, packed[i].tolerance * 1.001) << original.name;
  }
}

TEST(ClipDecoding, RejectsAClipMadeForAnotherSkeleton) {
  const std::vector<Packed> packed = packed_clips();
  ASSERT_FALSE(packed.empty());
  Skeleton smaller = wuson().skeleton;
  smaller.parents.pop_back();
  smaller.rest.pop_back();
  smaller.names.pop_back();
  Result<Clip> decoded = decode_clip(packed[0].clip, smaller);
  ASSERT_FALSE(decoded.ok());
  EXPECT_NE(decoded.error().to_string().find(packed[0].clip.name), std::string::npos)
      << decoded.error().to_string();
}

TEST(PackageModel, HoldsThePackagesSkeletonMeshAndDecodedClips) {
  Package package;
  package.skeleton = wuson().skeleton;
  package.skin = wuson().skin;
  package.mesh = wuson().mesh;
  for (const Packed& p : packed_clips()) package.clips.push_back(p.clip);
  const std::vector<uint8_t> bytes = write_package(package);
  Result<Package> loaded = load_package(Span<const uint8_t>(bytes.data(), bytes.size()));
  ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
  Result<Model> model = model_from_package(loaded.value(), "wuson.animpack");
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  const Model& m = model.value();
  EXPECT_EQ(m.source_path, "wuson.animpack");
  EXPECT_EQ(m.skeleton.names, wuson().skeleton.names);
  EXPECT_EQ(m.skeleton.parents, wuson().skeleton.parents);
  EXPECT_EQ(m.skin.joints, wuson().skin.joints);
  EXPECT_EQ(m.mesh.vertices.size(), wuson().mesh.vertices.size());
  EXPECT_EQ(m.mesh.indices, wuson().mesh.indices);
  EXPECT_EQ(m.max_influences, std::min(wuson().max_influences, kMaxInfluences));
  EXPECT_EQ(m.truncated_vertices, wuson().truncated_vertices);
  EXPECT_TRUE(m.clip_sources.empty());
  ASSERT_EQ(m.clips.size(), wuson().clips.size());
  for (std::size_t i = 0; i < m.clips.size(); ++i) {
    EXPECT_EQ(m.clips[i].name, wuson().clips[i].name);
    EXPECT_NEAR(m.clips[i].duration, wuson().clips[i].duration, 1e-6f);
    EXPECT_EQ(m.clips[i].key_count(), stored_keys(loaded.value().clips[i])) << m.clips[i].name;
  }
}

}  // namespace
}  // namespace anim::bake
