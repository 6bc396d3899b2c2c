// The game's path: N Wuson characters, each sampling the compressed Wuson_Walk and Wuson_Run at
// its own time with its own cursors, blending them 50/50, converting to model space and building
// the skinning palette, all on SoA poses. Per stage at 1000 characters (each stage fed every
// character's own inputs, made beforehand by the earlier stages) and whole at 10, 1000, 10000.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <random>

#include "anim/dead_blending.h"
#include "anim/inertialization.h"
#include "pipeline.h"

namespace anim::bench {
namespace {

constexpr int kStageCharacters = 1000;

using namespace pipeline;

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
  pipeline::Crowd crowd(static_cast<int>(state.range(0)));
  for (auto _ : state) crowd.frame();
  report(state, crowd.assets, crowd.characters);
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
