// N Wuson characters (10, 1000, 10000) running projects/wuson_locomotion.json with root motion
// (its "root_motion" defaults: the topmost animated joint, across the up axis, with yaw), each
// steering its own `speed` along a slow wave that crosses the Idle/Locomotion threshold, so at any
// time some walk, some run, some stand and some are mid-transition: the game's path per character
// per frame, state machine update with its root motion accumulated into the character's place,
// SoA pose (evaluate_soa), SoA local-to-model and palette; on the float clips and on the
// compressed clips a package holds (the clips in place, as `pack` bakes them).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <memory>
#include <random>

#include "anim/bake/clip_compression.h"
#include "anim/setup/root_motion.h"
#include "anim/setup/setup.h"
#include "anim/skinning_palette.h"
#include "anim/soa_local_to_model.h"
#include "anim/state_machine.h"
#include "anim/state_machine_scratch.h"
#include "crowd.h"

namespace anim::bench {
namespace {

constexpr float kFrame = 1.0f / 60.0f;

// The setup's machine, its clips in place and their tracks, compressed too.
struct Locomotion {
  StateMachineDef def;
  setup::RootMotionClips motion;
  std::vector<CompressedClip> packed;
};

const Locomotion& locomotion() {
  static const Locomotion loco = [] {
    Result<setup::Setup> setup =
        setup::load_setup(ANIMSCOPE_SOURCE_DIR "/projects/wuson_locomotion.json");
    if (!setup.ok()) std::abort();
    setup.value().root_motion = setup::SetupRootMotion{};
    Result<StateMachineDef> compiled = compile_setup(setup.value(), wuson().clips);
    Result<setup::RootMotionClips> motion = apply_root_motion(setup.value(), wuson());
    if (!compiled.ok() || !motion.ok()) std::abort();
    Locomotion out{std::move(compiled).value(), std::move(motion).value(), {}};
    mark_root_motion(out.motion, &out.def);
    for (const Clip& c : out.motion.clips) {
      Result<bake::CompressedResult> packed = bake::compress_clip(c, wuson().skeleton);
      if (!packed.ok()) std::abort();
      out.packed.push_back(std::move(packed.value().clip));
    }
    return out;
  }();
  return loco;
}

struct Walker {
  std::unique_ptr<StateMachineInstance> machine;
  float clock = 0.0f;
  float frequency = 0.0f;  // Of its speed wave, in radians per second.
  std::vector<glm::mat4> palette;
  glm::vec3 position{0.0f};  // Where root motion took it.
  glm::quat heading{1.0f, 0.0f, 0.0f, 0.0f};
};

void run_crowd(benchmark::State& state, const ClipSet& clips) {
  const Model& model = wuson();
  const StateMachineDef& def = locomotion().def;
  const int speed = def.find_parameter("speed");
  if (speed < 0) std::abort();
  const int characters = static_cast<int>(state.range(0));
  std::vector<Walker> crowd(characters);
  CrowdBuffers shared(model, def);
  std::mt19937 rng(99);
  std::uniform_real_distribution<float> start(0.0f, 20.0f), frequency(0.3f, 0.9f);
  for (Walker& w : crowd) {
    w.machine = std::make_unique<StateMachineInstance>(def, model.skeleton, clips, shared.rest);
    w.clock = start(rng);
    w.frequency = frequency(rng);
    w.palette.resize(model.skin.size());
  }

  auto frame = [&](Walker& w) {
    w.clock += kFrame;
    // Between -0.2 and 1.0: a fifth of the wave stands still (below the 0.05 threshold).
    w.machine->set_value(speed, 0.4f + 0.6f * std::sin(w.clock * w.frequency));
    const RootMotion move = w.machine->update(kFrame);
    w.position += w.heading * move.translation;
    w.heading = w.heading * move.rotation;
    shared.pose_to_palette(model, *w.machine, w.palette);
  };
  // Spread the crowd over its states before timing.
  for (int i = 0; i < 120; ++i) {
    for (Walker& w : crowd) frame(w);
  }
  int transitioning = 0;
  for (const Walker& w : crowd) transitioning += w.machine->transition().transition >= 0;

  time_crowd(state, crowd, frame);
  state.counters["transitioning_at_start"] = transitioning;
}

void BM_StateMachineCrowd(benchmark::State& state) {
  run_crowd(state, ClipSet(locomotion().motion.clips).with_root_motion(locomotion().motion.tracks));
}
// The same crowd on the compressed clips a package holds.
void BM_StateMachineCrowdPackage(benchmark::State& state) {
  run_crowd(state, ClipSet(locomotion().packed).with_root_motion(locomotion().motion.tracks));
}

BENCHMARK(BM_StateMachineCrowd)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_StateMachineCrowdPackage)
    ->Arg(10)
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace anim::bench
