// BM_PlayerFade/blend:{0,1,2} (crossfade, inertialize, dead blend): 1000 Players on the Wuson's
// Walk and Run (compressed clips, as a package holds them), each fading to the other clip over
// 0.3 s every 0.35 s from its own start: most of them are always mid-fade. Timed per character:
// Player::update, which advances the clips and evaluates the pose (SoA, then one Transform per
// joint). A crossfade samples both clips and blends them for the whole fade; an inertialized fade
// samples the incoming clip alone and decays the offset it captured at the switch; a dead blend
// samples the incoming clip alone and crossfades the old pose, coasting on, into it.
#include <benchmark/benchmark.h>

#include <memory>
#include <random>
#include <vector>

#include "anim/clip_set.h"
#include "anim/player.h"
#include "crowd.h"

namespace anim::bench {
namespace {

constexpr float kFlip = 0.35f;  // Seconds between a character's fades.

struct Dancer {
  std::unique_ptr<Player> player;
  float clock = 0.0f;
};

void BM_PlayerFade(benchmark::State& state) {
  const Model& model = wuson();
  CrossfadeOptions fade;
  fade.seconds = 0.3f;
  fade.blend = static_cast<TransitionBlend>(state.range(0));
  const std::vector<CompressedClip> clips = {compressed_wuson_clip("Wuson_Walk"),
                                             compressed_wuson_clip("Wuson_Run")};
  std::vector<Dancer> crowd(1000);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> start(0.0f, 2.0f * kFlip);
  for (Dancer& d : crowd) {
    d.player = std::make_unique<Player>(model.skeleton, ClipSet(clips));
    if (!d.player->play(0)) std::abort();
    d.clock = start(rng);
  }
  long fading = 0, frames = 0;
  auto frame = [&](Dancer& d) {
    const int flips = static_cast<int>(d.clock / kFlip);
    d.clock += kFrame;
    if (static_cast<int>(d.clock / kFlip) != flips && !d.player->crossfade(flips % 2, fade)) {
      std::abort();
    }
    d.player->update(kFrame);
    benchmark::DoNotOptimize(d.player->pose().data());
  };
  for (int i = 0; i < 60; ++i) {
    for (Dancer& d : crowd) frame(d);
  }
  for (auto _ : state) {
    for (Dancer& d : crowd) {
      frame(d);
      fading += d.player->fading() ? 1 : 0;
    }
    frames += static_cast<long>(crowd.size());
    benchmark::ClobberMemory();
  }
  using C = benchmark::Counter;
  state.counters["per_character"] =
      C(static_cast<double>(crowd.size()), C::kIsIterationInvariantRate | C::kInvert);
  state.counters["mid_fade"] = frames > 0 ? static_cast<double>(fading) / frames : 0.0;
  state.counters["bytes_per_character"] = static_cast<double>(crowd.front().player->byte_size());
}

BENCHMARK(BM_PlayerFade)
    ->ArgName("blend")
    ->Arg(static_cast<int>(TransitionBlend::kCrossfade))
    ->Arg(static_cast<int>(TransitionBlend::kInertialize))
    ->Arg(static_cast<int>(TransitionBlend::kDeadBlend))
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace anim::bench
