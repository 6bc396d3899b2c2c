// BM_WholePipelineFloat/N: N Wuson characters on the float-key path the tool uses (AoS
// poses): sample Wuson_Walk and Wuson_Run at each character's own time, blend 50/50, local to
// model, palette. Self-contained on the jobs' oldest API, so the same file builds against an
// older checkout for before/after comparisons (see README, "Benchmarks").
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <random>
#include <vector>

#include "anim/blending.h"
#include "anim/import/import_model.h"
#include "anim/local_to_model.h"
#include "anim/sampling.h"
#include "anim/skinning_palette.h"

namespace anim::bench {
namespace {

constexpr float kFrame = 1.0f / 60.0f;

struct FloatCharacter {
  float phase = 0.0f;
  SamplingCursor cursor_a, cursor_b;
  std::vector<glm::mat4> palette;
};

const Model& float_wuson() {
  static const Model model = [] {
    Result<Model> m = anim::import::import_model(ANIMSCOPE_ASSIMP_MODELS "/X/Testwuson.X");
    if (!m.ok()) std::abort();
    return std::move(m).value();
  }();
  return model;
}

void BM_WholePipelineFloat(benchmark::State& state) {
  const Model& model = float_wuson();
  const Clip& walk = model.clips[model.find_clip("Wuson_Walk")];
  const Clip& run = model.clips[model.find_clip("Wuson_Run")];
  const std::size_t joints = model.skeleton.joint_count();
  std::vector<FloatCharacter> crowd(state.range(0));
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> phase(0.0f, 1.0f);
  for (FloatCharacter& c : crowd) {
    c.phase = phase(rng);
    c.cursor_a = SamplingCursor(joints);
    c.cursor_b = SamplingCursor(joints);
    c.palette.resize(model.skin.size());
  }
  std::vector<Transform> pose_a(joints), pose_b(joints), blended(joints);
  std::vector<glm::mat4> model_space(joints);
  const float step = kFrame / (0.5f * (walk.duration + run.duration));
  for (auto _ : state) {
    for (FloatCharacter& c : crowd) {
      c.phase += step;
      c.phase -= std::floor(c.phase);
      SamplingJob sample;
      sample.rest = model.skeleton.rest;
      sample.clip = &walk;
      sample.time = c.phase * walk.duration;
      sample.cursor = &c.cursor_a;
      sample.output = pose_a;
      if (!sample.run()) std::abort();
      sample.clip = &run;
      sample.time = c.phase * run.duration;
      sample.cursor = &c.cursor_b;
      sample.output = pose_b;
      if (!sample.run()) std::abort();
      const BlendLayer layers[2] = {{pose_a, 0.5f, {}}, {pose_b, 0.5f, {}}};
      BlendingJob blend;
      blend.layers = Span<const BlendLayer>(layers, 2);
      blend.rest = model.skeleton.rest;
      blend.output = blended;
      if (!blend.run()) std::abort();
      LocalToModelJob to_model;
      to_model.parents = model.skeleton.parents;
      to_model.local = blended;
      to_model.output = model_space;
      if (!to_model.run()) std::abort();
      SkinningPaletteJob palette;
      palette.model = model_space;
      palette.joints = model.skin.joints;
      palette.inverse_bind = model.skin.inverse_bind;
      palette.output = c.palette;
      if (!palette.run()) std::abort();
      benchmark::DoNotOptimize(c.palette.data());
    }
    benchmark::ClobberMemory();
  }
  using C = benchmark::Counter;
  const double chars = static_cast<double>(crowd.size());
  state.counters["per_character"] = C(chars, C::kIsIterationInvariantRate | C::kInvert);
  state.counters["bytes_per_character"] = static_cast<double>(
      sizeof(float) + 2 * 3 * joints * sizeof(uint32_t));  // Phase and two cursors.
  state.counters["clip_bytes"] = static_cast<double>(
      (walk.translations.times.size() + walk.rotations.times.size() + walk.scales.times.size() +
       run.translations.times.size() + run.rotations.times.size() + run.scales.times.size()) *
          sizeof(float) +
      (walk.translations.values.size() + walk.scales.values.size() +
       run.translations.values.size() + run.scales.values.size()) *
          sizeof(glm::vec3) +
      (walk.rotations.values.size() + run.rotations.values.size()) * sizeof(glm::quat) +
      6 * joints * sizeof(TrackRange));
}

BENCHMARK(BM_WholePipelineFloat)->Arg(10)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace anim::bench
