// 1000 Wuson characters, each sampling Wuson_Walk and Wuson_Run at its own time, blending them
// 50/50, converting to model space and building the skinning palette: per stage and whole.
#include <benchmark/benchmark.h>

#include <cmath>

#include "anim/blending.h"
#include "anim/local_to_model.h"
#include "anim/skinning_palette.h"
#include "crowd.h"

namespace anim::bench {
namespace {

constexpr int kCharacters = 1000;
constexpr float kFrame = 1.0f / 60.0f;

struct Fixture {
  const Model& model = wuson();
  const Clip& walk = model.clips[model.find_clip("Wuson_Walk")];
  const Clip& run = model.clips[model.find_clip("Wuson_Run")];
  std::vector<Character> crowd = make_crowd(model, kCharacters);
  Scratch scratch{model.skeleton.joint_count()};
  // Both clips keep one normalized time, so a step advances the phase by the mean rate.
  float phase_step = kFrame / (0.5f * (walk.duration + run.duration));
};

void advance(Character& c, float step) {
  c.phase += step;
  c.phase -= std::floor(c.phase);
}

void sample(Fixture& f, Character& c) {
  SamplingJob job;
  job.rest = f.model.skeleton.rest;
  job.clip = &f.walk;
  job.time = c.phase * f.walk.duration;
  job.cursor = &c.cursor_a;
  job.output = f.scratch.pose_a;
  job.run();
  job.clip = &f.run;
  job.time = c.phase * f.run.duration;
  job.cursor = &c.cursor_b;
  job.output = f.scratch.pose_b;
  job.run();
}

void blend(Fixture& f, Character&) {
  const BlendLayer layers[2] = {{f.scratch.pose_a, 0.5f, {}}, {f.scratch.pose_b, 0.5f, {}}};
  BlendingJob job;
  job.layers = Span<const BlendLayer>(layers, 2);
  job.rest = f.model.skeleton.rest;
  job.output = f.scratch.blended;
  job.run();
}

void to_model(Fixture& f, Character&) {
  LocalToModelJob job;
  job.parents = f.model.skeleton.parents;
  job.local = f.scratch.blended;
  job.output = f.scratch.model_space;
  job.run();
}

void palette(Fixture& f, Character& c) {
  SkinningPaletteJob job;
  job.model = f.scratch.model_space;
  job.joints = f.model.skin.joints;
  job.inverse_bind = f.model.skin.inverse_bind;
  job.output = c.palette;
  job.run();
}

void report(benchmark::State& state, const Fixture& f) {
  const double chars = kCharacters;
  const double joints = chars * static_cast<double>(f.model.skeleton.joint_count());
  using C = benchmark::Counter;
  state.counters["per_character"] = C(chars, C::kIsIterationInvariantRate | C::kInvert);
  state.counters["per_joint"] = C(joints, C::kIsIterationInvariantRate | C::kInvert);
}

// Runs `stage` for every character each iteration; the earlier stages run untimed once so the
// stage sees realistic inputs (the last character's, for the stages reading scratch).
template <class Stage>
void run_stage(benchmark::State& state, Stage stage) {
  Fixture f;
  for (Character& c : f.crowd) {
    sample(f, c);
    blend(f, c);
    to_model(f, c);
  }
  for (auto _ : state) {
    for (Character& c : f.crowd) {
      stage(f, c);
      benchmark::DoNotOptimize(c.palette.data());
    }
    benchmark::ClobberMemory();
  }
  report(state, f);
}

void BM_Sample2Clips(benchmark::State& state) {
  run_stage(state, [](Fixture& f, Character& c) {
    advance(c, f.phase_step);
    sample(f, c);
  });
}
void BM_Blend50(benchmark::State& state) { run_stage(state, blend); }
void BM_LocalToModel(benchmark::State& state) { run_stage(state, to_model); }
void BM_Palette(benchmark::State& state) { run_stage(state, palette); }
void BM_WholePipeline(benchmark::State& state) {
  run_stage(state, [](Fixture& f, Character& c) {
    advance(c, f.phase_step);
    sample(f, c);
    blend(f, c);
    to_model(f, c);
    palette(f, c);
  });
}

BENCHMARK(BM_Sample2Clips)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Blend50)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LocalToModel)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Palette)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_WholePipeline)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace anim::bench
