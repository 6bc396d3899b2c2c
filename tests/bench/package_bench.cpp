// Start-up: loading Wuson's package (what a game does) against importing Testwuson.X with assimp
// (what it would do without one). And a dense motion-capture take: CMU 01_01 (120 Hz), sampled
// from its compressed form and from its float keys, per character with its own time, and one
// whole pose at a random time.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <random>

#include "anim/bake/clip_compression.h"
#include "anim/bake/package_writer.h"
#include "anim/compressed_sampling.h"
#include "anim/import/import_model.h"
#include "anim/package.h"
#include "anim/sampling.h"
#include "crowd.h"

namespace anim::bench {
namespace {

std::vector<uint8_t> wuson_package_bytes() {
  Package p;
  p.skeleton = wuson().skeleton;
  p.skin = wuson().skin;
  p.mesh = wuson().mesh;
  for (const Clip& c : wuson().clips) p.clips.push_back(compressed_wuson_clip(c.name));
  return bake::write_package(p);
}

void BM_LoadPackage(benchmark::State& state) {
  const std::vector<uint8_t> bytes = wuson_package_bytes();
  for (auto _ : state) {
    Result<Package> p = load_package(Span<const uint8_t>(bytes.data(), bytes.size()));
    if (!p.ok()) std::abort();
    benchmark::DoNotOptimize(p.value().clips.data());
  }
  state.counters["bytes"] = static_cast<double>(bytes.size());
}

void BM_ImportModel(benchmark::State& state) {
  for (auto _ : state) {
    Result<Model> m = anim::import::import_model(ANIMSCOPE_ASSIMP_MODELS "/X/Testwuson.X");
    if (!m.ok()) std::abort();
    benchmark::DoNotOptimize(m.value().clips.data());
  }
}

const Model& mocap() {
  static const Model model = [] {
    Result<Model> m = anim::import::import_model(ANIMSCOPE_ASSIMP_MODELS "/BVH/01_01.bvh");
    if (!m.ok() || m.value().clips.empty()) std::abort();
    return std::move(m).value();
  }();
  return model;
}

constexpr int kTakers = 1000;

// Each character at its own time in the take, moving on a 60 Hz frame per iteration.
std::vector<float> take_times(float duration) {
  std::vector<float> times(kTakers);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> start(0.0f, duration);
  for (float& t : times) t = start(rng);
  return times;
}

void report_mocap(benchmark::State& state, std::size_t clip_bytes) {
  using C = benchmark::Counter;
  state.counters["per_character"] = C(kTakers, C::kIsIterationInvariantRate | C::kInvert);
  state.counters["clip_bytes"] = static_cast<double>(clip_bytes);
}

// `clip` (the take compressed) sampled by kTakers characters, each at its own time.
void sample_mocap(benchmark::State& state, const CompressedClip& clip) {
  const Model& m = mocap();
  const std::size_t joints = m.skeleton.joint_count();
  SoaPose rest = make_soa_pose(joints), pose = make_soa_pose(joints);
  to_soa(m.skeleton.rest, rest);
  std::vector<CompressedCursor> cursors(kTakers, CompressedCursor(clip));
  std::vector<float> times = take_times(clip.duration);
  for (auto _ : state) {
    for (int i = 0; i < kTakers; ++i) {
      times[i] = std::fmod(times[i] + 1.0f / 60.0f, clip.duration);
      CompressedSamplingJob job{&clip, rest, times[i], &cursors[i], pose};
      if (!job.run()) std::abort();
      benchmark::DoNotOptimize(pose.data());
    }
  }
  report_mocap(state, clip.byte_size());
  state.counters["cursor_bytes"] = static_cast<double>(cursors[0].byte_size());
  state.counters["segmented"] = static_cast<double>(clip.segmented.size());
  state.counters["tracks"] = static_cast<double>(clip.animated_tracks());
}

CompressedClip compressed_mocap(bake::SegmentMode segments) {
  const Model& m = mocap();
  bake::CompressionOptions options;
  options.segments = segments;
  Result<bake::CompressedResult> c = bake::compress_clip(m.clips[0], m.skeleton, options);
  if (!c.ok()) std::abort();
  return std::move(c.value().clip);
}

// As packed by default: tracks segmented where that is smaller.
void BM_SampleMocap(benchmark::State& state) {
  static const CompressedClip clip = compressed_mocap(bake::SegmentMode::kSmaller);
  sample_mocap(state, clip);
}

// The same take by key removal alone (the clip format before segments), for comparison in one
// run.
void BM_SampleMocapKeyRemoval(benchmark::State& state) {
  static const CompressedClip clip = compressed_mocap(bake::SegmentMode::kNever);
  sample_mocap(state, clip);
}

// One whole pose at a random time, as a seek does (ACL measures its decompression so): one cursor,
// each sample far from the last, so every track's keys or segment are looked up afresh.
void BM_SampleMocapSeek(benchmark::State& state) {
  static const CompressedClip clip = compressed_mocap(bake::SegmentMode::kSmaller);
  const Model& m = mocap();
  const std::size_t joints = m.skeleton.joint_count();
  SoaPose rest = make_soa_pose(joints), pose = make_soa_pose(joints);
  to_soa(m.skeleton.rest, rest);
  CompressedCursor cursor(clip);
  const std::vector<float> times = take_times(clip.duration);
  for (auto _ : state) {
    for (float t : times) {
      CompressedSamplingJob job{&clip, rest, t, &cursor, pose};
      if (!job.run()) std::abort();
      benchmark::DoNotOptimize(pose.data());
    }
  }
  using C = benchmark::Counter;
  state.counters["per_pose"] = C(kTakers, C::kIsIterationInvariantRate | C::kInvert);
  state.counters["joints"] = static_cast<double>(joints);
}

void BM_SampleMocapFloat(benchmark::State& state) {
  const Model& m = mocap();
  const Clip& clip = m.clips[0];
  const std::size_t joints = m.skeleton.joint_count();
  std::vector<Transform> pose(joints);
  std::vector<SamplingCursor> cursors(kTakers, SamplingCursor(joints));
  std::vector<float> times = take_times(clip.duration);
  for (auto _ : state) {
    for (int i = 0; i < kTakers; ++i) {
      times[i] = std::fmod(times[i] + 1.0f / 60.0f, clip.duration);
      SamplingJob job{&clip, m.skeleton.rest, times[i], &cursors[i], pose};
      if (!job.run()) std::abort();
      benchmark::DoNotOptimize(pose.data());
    }
  }
  report_mocap(state, bake::raw_clip_bytes(clip));
}

BENCHMARK(BM_LoadPackage)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ImportModel)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SampleMocap)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SampleMocapKeyRemoval)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SampleMocapSeek)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SampleMocapFloat)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace anim::bench
