// 1000 Wuson characters running projects/wuson_sync_group.json on compressed clips: a walk/run
// base machine whose states share the sync group "feet" and a front-half layer that follows it,
// each character steering `speed` along its own slow wave across the walk/run thresholds, so some
// walk, some run and some are mid-crossfade (the lead passing between them). grouped:0 runs the
// same setup with every state out of its group: the difference is what sync groups cost per
// character per frame (update, SoA pose, local-to-model and palette, as a game runs them).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <memory>
#include <random>

#include "anim/setup/setup.h"
#include "anim/state_machine.h"
#include "crowd.h"

namespace anim::bench {
namespace {

StateMachineDef grouped_def(bool grouped) {
  Result<setup::Setup> setup =
      setup::load_setup(ANIMSCOPE_SOURCE_DIR "/projects/wuson_sync_group.json");
  if (!setup.ok()) std::abort();
  Result<StateMachineDef> def = compile_setup(setup.value(), wuson().clips);
  if (!def.ok() || def.value().sync_groups.empty()) std::abort();
  if (!grouped) {
    def.value().sync_groups.clear();
    for (StateDef& s : def.value().states) s.sync_group = -1;
    for (LayerDef& layer : def.value().layers) {
      for (StateDef& s : layer.states) s.sync_group = -1;
    }
  }
  return std::move(def).value();
}

struct Walker {
  std::unique_ptr<StateMachineInstance> machine;
  float clock = 0.0f;
  float frequency = 0.0f;
  std::vector<glm::mat4> palette;
};

void BM_SyncGroupCrowd(benchmark::State& state) {
  const Model& model = wuson();
  const StateMachineDef def = grouped_def(state.range(0) != 0);
  std::vector<CompressedClip> packed;
  for (const Clip& c : model.clips) packed.push_back(compressed_wuson_clip(c.name));
  const ClipSet clips(packed);
  const int speed = def.find_parameter("speed");
  if (speed < 0) std::abort();
  std::vector<Walker> crowd(1000);
  CrowdBuffers shared(model, def);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> start(0.0f, 20.0f), frequency(0.3f, 0.9f);
  for (Walker& w : crowd) {
    w.machine = std::make_unique<StateMachineInstance>(def, model.skeleton, clips, shared.rest);
    w.clock = start(rng);
    w.frequency = frequency(rng);
    w.palette.resize(model.skin.size());
  }
  auto frame = [&](Walker& w) {
    w.clock += kFrame;
    w.machine->set_value(speed, 0.5f + 0.5f * std::sin(w.clock * w.frequency));
    w.machine->update(kFrame);
    shared.pose_to_palette(model, *w.machine, w.palette);
  };
  for (int i = 0; i < 120; ++i) {
    for (Walker& w : crowd) frame(w);
  }
  time_crowd(state, crowd, frame);
}

BENCHMARK(BM_SyncGroupCrowd)->ArgName("grouped")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace anim::bench
