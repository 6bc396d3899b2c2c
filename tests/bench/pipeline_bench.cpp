// The game's path: N Wuson characters, each sampling the compressed Wuson_Walk and Wuson_Run at
// its own time with its own cursors, blending them 50/50, converting to model space and building
// the skinning palette, all on SoA poses. Per stage at 1000 characters (each stage fed every
// character's own inputs, made beforehand by the earlier stages) and whole at 10, 1000, 10000.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <random>

#include "anim/compressed_sampling.h"
#include "anim/dead_blending.h"
#include "anim/inertialization.h"
#include "anim/skinning_palette.h"
#include "anim/soa_blending.h"
#include "anim/soa_local_to_model.h"
#include "crowd.h"

namespace anim::bench {
namespace {

constexpr int kStageCharacters = 1000;
constexpr float kFrame = 1.0f / 60.0f;

// Shared, read-only: the skeleton's rest pose in SoA form and the two compressed clips.
struct Assets {
  const Model& model = wuson();
  const CompressedClip& walk = compressed_wuson_clip("Wuson_Walk");
  const CompressedClip& run = compressed_wuson_clip("Wuson_Run");
  SoaPose rest = make_soa_pose(model.skeleton.joint_count());
  // Both clips keep one normalized time, so a step advances the phase by the mean rate.
  float phase_step = kFrame / (0.5f * (walk.duration + run.duration));

  Assets() { to_soa(model.skeleton.rest, rest); }
};

// A character's intermediate poses. The whole pipeline reuses one set for everyone, as a game
// would; the stage benchmarks keep one per character so each stage reads real inputs.
struct Poses {
  SoaPose a, b, blended;
  std::vector<glm::mat4> model_space;

  explicit Poses(std::size_t joints)
      : a(make_soa_pose(joints)),
        b(make_soa_pose(joints)),
        blended(make_soa_pose(joints)),
        model_space(joints) {}
};

// What each character owns: its clock, its sampling cursors and the palette the GPU reads.
struct Character {
  float phase = 0.0f;  // Normalized time shared by both clips (they stay in step).
  CompressedCursor cursor_a, cursor_b;
  std::vector<glm::mat4> palette;

  // What it keeps from frame to frame besides its output palette.
  std::size_t state_bytes() const {
    return sizeof(phase) + cursor_a.byte_size() + cursor_b.byte_size();
  }
};

// `count` characters at random phases.
std::vector<Character> crowd_for(const Assets& a, int count) {
  std::vector<Character> crowd(count);
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> phase(0.0f, 1.0f);
  for (Character& c : crowd) {
    c.phase = phase(rng);
    c.cursor_a.reserve(a.walk);
    c.cursor_b.reserve(a.run);
    c.palette.resize(a.model.skin.size());
  }
  return crowd;
}

void advance(Character& c, float step) {
  c.phase += step;
  c.phase -= std::floor(c.phase);
}

void sample(const Assets& a, Character& c, Poses& p) {
  CompressedSamplingJob job;
  job.rest = a.rest;
  job.clip = &a.walk;
  job.time = c.phase * a.walk.duration;
  job.cursor = &c.cursor_a;
  job.output = p.a;
  if (!job.run()) std::abort();
  job.clip = &a.run;
  job.time = c.phase * a.run.duration;
  job.cursor = &c.cursor_b;
  job.output = p.b;
  if (!job.run()) std::abort();
}

void blend(const Assets& a, Character&, Poses& p) {
  const SoaBlendLayer layers[2] = {{p.a, 0.5f, {}}, {p.b, 0.5f, {}}};
  SoaBlendingJob job;
  job.layers = Span<const SoaBlendLayer>(layers, 2);
  job.rest = a.rest;
  job.output = p.blended;
  if (!job.run()) std::abort();
}

void to_model(const Assets& a, Character&, Poses& p) {
  SoaLocalToModelJob job;
  job.parents = a.model.skeleton.parents;
  job.local = p.blended;
  job.output = p.model_space;
  if (!job.run()) std::abort();
}

void palette(const Assets& a, Character& c, Poses& p) {
  SkinningPaletteJob job;
  job.model = p.model_space;
  job.joints = a.model.skin.joints;
  job.inverse_bind = a.model.skin.inverse_bind;
  job.output = c.palette;
  if (!job.run()) std::abort();
}

void report(benchmark::State& state, const Assets& a, const std::vector<Character>& crowd) {
  const double chars = static_cast<double>(crowd.size());
  const double joints = chars * static_cast<double>(a.model.skeleton.joint_count());
  using C = benchmark::Counter;
  state.counters["per_character"] = C(chars, C::kIsIterationInvariantRate | C::kInvert);
  state.counters["per_joint"] = C(joints, C::kIsIterationInvariantRate | C::kInvert);
  state.counters["bytes_per_character"] = static_cast<double>(crowd.front().state_bytes());
  state.counters["clip_bytes"] = static_cast<double>(a.walk.byte_size() + a.run.byte_size());
}

// Runs `stage` for every character each iteration, each with its own poses, which the earlier
// stages filled once, untimed.
template <class Stage>
void run_stage(benchmark::State& state, Stage stage) {
  const Assets a;
  std::vector<Character> crowd = crowd_for(a, kStageCharacters);
  std::vector<Poses> poses(crowd.size(), Poses(a.model.skeleton.joint_count()));
  for (std::size_t i = 0; i < crowd.size(); ++i) {
    sample(a, crowd[i], poses[i]);
    blend(a, crowd[i], poses[i]);
    to_model(a, crowd[i], poses[i]);
  }
  for (auto _ : state) {
    for (std::size_t i = 0; i < crowd.size(); ++i) {
      stage(a, crowd[i], poses[i]);
      benchmark::DoNotOptimize(crowd[i].palette.data());
    }
    benchmark::ClobberMemory();
  }
  report(state, a, crowd);
}

void BM_Sample2Clips(benchmark::State& state) {
  run_stage(state, [](const Assets& a, Character& c, Poses& p) {
    advance(c, a.phase_step);
    sample(a, c, p);
  });
}
void BM_Blend50(benchmark::State& state) { run_stage(state, blend); }
void BM_LocalToModel(benchmark::State& state) { run_stage(state, to_model); }
void BM_Palette(benchmark::State& state) { run_stage(state, palette); }

// An inertialized transition's own step, per character: the walk's offsets from the run
// (captured once, with a velocity from the blended pose a frame before) decayed onto the run's
// pose a third of the way into a 0.3 s transition. Against a crossfade's: BM_Blend50 and the
// second clip of BM_Sample2Clips, which inertialization does not sample.
void BM_Inertialize(benchmark::State& state) {
  const Assets a;
  const std::size_t joints = a.model.skeleton.joint_count();
  std::vector<Character> crowd = crowd_for(a, kStageCharacters);
  std::vector<Poses> poses(crowd.size(), Poses(joints));
  std::vector<InertialOffsets> offsets(crowd.size(), InertialOffsets(joints));
  for (std::size_t i = 0; i < crowd.size(); ++i) {
    sample(a, crowd[i], poses[i]);
    blend(a, crowd[i], poses[i]);
    if (!InertializationStartJob{poses[i].a, poses[i].blended, poses[i].b, kFrame, 0.3f, 0.0f,
                                 &offsets[i]}
             .run()) {
      std::abort();
    }
  }
  for (auto _ : state) {
    for (std::size_t i = 0; i < crowd.size(); ++i) {
      if (!InertializationJob{&offsets[i], 0.1f, poses[i].b, poses[i].blended}.run()) {
        std::abort();
      }
      benchmark::DoNotOptimize(poses[i].blended.data());
    }
    benchmark::ClobberMemory();
  }
  report(state, a, crowd);
  state.counters["offset_bytes"] = static_cast<double>(offsets.front().byte_size());
}

// A dead-blended transition's own step, per character: the walk's pose (kept once, with a
// velocity from the blended pose a frame before) extrapolated and crossfaded into the run's pose
// a third of the way into a 0.3 s transition, at the smoothstep weight the state machine gives
// it there. Against BM_Inertialize's decay and a crossfade's BM_Blend50 plus second sample.
void BM_DeadBlend(benchmark::State& state) {
  const Assets a;
  const std::size_t joints = a.model.skeleton.joint_count();
  std::vector<Character> crowd = crowd_for(a, kStageCharacters);
  std::vector<Poses> poses(crowd.size(), Poses(joints));
  std::vector<DeadBlendSource> sources(crowd.size(), DeadBlendSource(joints));
  for (std::size_t i = 0; i < crowd.size(); ++i) {
    sample(a, crowd[i], poses[i]);
    blend(a, crowd[i], poses[i]);
    if (!DeadBlendStartJob{poses[i].a, poses[i].blended, kFrame, 0.1f, &sources[i]}.run()) {
      std::abort();
    }
  }
  const float progress = 1.0f / 3.0f;
  const float weight = progress * progress * (3.0f - 2.0f * progress);
  for (auto _ : state) {
    for (std::size_t i = 0; i < crowd.size(); ++i) {
      if (!DeadBlendJob{&sources[i], 0.1f, poses[i].b, weight, poses[i].blended}.run()) {
        std::abort();
      }
      benchmark::DoNotOptimize(poses[i].blended.data());
    }
    benchmark::ClobberMemory();
  }
  report(state, a, crowd);
  state.counters["source_bytes"] = static_cast<double>(sources.front().byte_size());
}

void BM_WholePipeline(benchmark::State& state) {
  const Assets a;
  std::vector<Character> crowd = crowd_for(a, static_cast<int>(state.range(0)));
  Poses scratch(a.model.skeleton.joint_count());
  for (auto _ : state) {
    for (Character& c : crowd) {
      advance(c, a.phase_step);
      sample(a, c, scratch);
      blend(a, c, scratch);
      to_model(a, c, scratch);
      palette(a, c, scratch);
      benchmark::DoNotOptimize(c.palette.data());
    }
    benchmark::ClobberMemory();
  }
  report(state, a, crowd);
}

BENCHMARK(BM_Sample2Clips)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Blend50)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LocalToModel)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Palette)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Inertialize)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DeadBlend)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_WholePipeline)->Arg(10)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace anim::bench
