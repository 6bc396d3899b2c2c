// BM_RootMotionBlend/turn_path:{0,1}: the root motion of 1000 characters each playing the Wuson's
// Walk and Run as a 1D blend space does (phase-synced, at weights that drift), per character per
// update: both clips' moves over the update (each clip's part with its cursor, across loop wraps)
// blended by RootMotionSamplingJob, what StateMachineInstance::update adds for root motion in a
// blend-space state. The tracks as extract_root_motion makes them (turn_path:1, their
// turns about the up axis worked on as half angles in the plane), and the same tracks with their
// turn axis forgotten (turn_path:0, on quaternions, as for a track made by hand).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <random>
#include <vector>

#include "anim/root_motion.h"
#include "anim/root_motion_builder.h"
#include "crowd.h"

namespace anim::bench {
namespace {

// The Wuson's Walk and Run tracks with the default settings (the topmost animated joint, across
// the up axis, with yaw).
const std::vector<RootMotionTrack>& walk_and_run() {
  static const std::vector<RootMotionTrack> tracks = [] {
    const Model& model = wuson();
    RootMotionSettings settings;
    settings.joint = topmost_animated_joint(model.skeleton, model.clips);
    std::vector<RootMotionTrack> out;
    for (const char* name : {"Wuson_Walk", "Wuson_Run"}) {
      Clip clip = wuson_clip(name);
      Result<RootMotionTrack> track = extract_root_motion(model.skeleton, settings, clip);
      if (!track.ok() || track.value().empty() || track.value().turn_axis < 0) std::abort();
      out.push_back(std::move(track).value());
    }
    return out;
  }();
  return tracks;
}

struct Mover {
  RootMotionCursor cursors[2];
  double phase = 0.0;  // Normalized, both clips'.
  float clock = 0.0f;
  float rate = 0.0f;  // Cycles per second.
  RootMotion moved;
};

void BM_RootMotionBlend(benchmark::State& state) {
  std::vector<RootMotionTrack> tracks = walk_and_run();
  if (state.range(0) == 0) {
    for (RootMotionTrack& t : tracks) t.turn_axis = -1;
  }
  std::vector<Mover> crowd(1000);
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> start(0.0f, 1.0f), rate(0.8f, 1.4f);
  for (Mover& m : crowd) {
    m.phase = start(rng);
    m.clock = 10.0f * start(rng);
    m.rate = rate(rng);
  }
  for (auto _ : state) {
    for (Mover& m : crowd) {
      const double from = m.phase;
      m.phase += kFrame * m.rate;
      const int64_t wraps = m.phase >= 1.0 ? 1 : 0;
      m.phase -= static_cast<double>(wraps);
      m.clock += kFrame;
      const float run = 0.5f + 0.5f * std::sin(0.7f * m.clock);
      const float weights[2] = {1.0f - run, run};
      RootMotionPart parts[2];
      for (int c = 0; c < 2; ++c) {
        const float d = tracks[c].duration;
        parts[c] = RootMotionPart{&tracks[c],
                                  static_cast<float>(from) * d,
                                  static_cast<float>(m.phase) * d,
                                  wraps,
                                  &m.cursors[c],
                                  weights[c]};
      }
      if (!RootMotionSamplingJob{Span<const RootMotionPart>(parts, 2), &m.moved}.run()) {
        std::abort();
      }
      benchmark::DoNotOptimize(m.moved);
    }
    benchmark::ClobberMemory();
  }
  using C = benchmark::Counter;
  state.counters["per_character"] =
      C(static_cast<double>(crowd.size()), C::kIsIterationInvariantRate | C::kInvert);
}

BENCHMARK(BM_RootMotionBlend)->ArgName("turn_path")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace anim::bench
