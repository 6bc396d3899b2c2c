// BM_TransitionCrowd/blend:{0,1,2} (crossfade, inertialize, dead blend): 1000 Wuson characters going back and forth
// between Walk and Run (compressed clips, as a package holds them) through 0.3 s transitions,
// each flipping its `fast` switch every 0.35 s from its own start: most of them are always in a
// transition. Per character: state machine update, SoA pose, local-to-model and palette. A
// crossfade samples both states for the whole transition; an inertialized transition samples
// the destination alone and decays the offset it captured at the switch; a dead blend samples the
// destination alone and crossfades the old pose, coasting on, into it. With pose_only:1 the timed
// frame stops at the SoA pose (update and evaluate: the transition's own step, what the blends
// differ in); local-to-model and the palette cost the same after any of them.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <random>
#include <vector>

#include "anim/clip_set.h"
#include "anim/skinning_palette.h"
#include "anim/soa_local_to_model.h"
#include "anim/state_machine.h"
#include "anim/state_machine_def.h"
#include "anim/state_machine_scratch.h"
#include "crowd.h"

namespace anim::bench {
namespace {

constexpr float kFlip = 0.35f;  // Seconds between a character's switches.

// Walk (clip 0) and Run (clip 1), and a switch `fast` between them, both ways through 0.3 s
// transitions that `blend`.
StateMachineDef walk_run(TransitionBlend blend) {
  StateMachineDef def;
  def.parameters.resize(1);
  def.parameters[0].name = "fast";
  def.parameters[0].type = ParameterType::kBool;
  def.parameters[0].max = 1.0f;
  for (int clip : {0, 1}) {
    def.states.emplace_back();
    def.states.back().name = clip == 0 ? "Walk" : "Run";
    def.states.back().motion = {MotionRef::Kind::kClip, clip};
    const ConditionOp when = clip == 0 ? ConditionOp::kTrue : ConditionOp::kFalse;
    TransitionDef t{clip, 1 - clip, {ConditionDef{0, when, 0.0f}}};
    t.duration = 0.3f;
    t.interruption = Interruption::kSource;
    t.blend = blend;
    def.transitions.push_back(t);
  }
  return def;
}

struct Walker {
  std::unique_ptr<StateMachineInstance> machine;
  float clock = 0.0f;
  std::vector<glm::mat4> palette;
};

void BM_TransitionCrowd(benchmark::State& state) {
  const Model& model = wuson();
  const TransitionBlend blend = static_cast<TransitionBlend>(state.range(0));
  const bool pose_only = state.range(1) != 0;
  const StateMachineDef def = walk_run(blend);
  const std::vector<CompressedClip> clips = {compressed_wuson_clip("Wuson_Walk"),
                                             compressed_wuson_clip("Wuson_Run")};
  CrowdBuffers shared(model, def);
  std::vector<Walker> crowd(1000);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> start(0.0f, 2.0f * kFlip);
  for (Walker& w : crowd) {
    w.machine =
        std::make_unique<StateMachineInstance>(def, model.skeleton, ClipSet(clips), shared.rest);
    w.clock = start(rng);
    w.palette.resize(model.skin.size());
  }
  auto frame = [&](Walker& w) {
    w.clock += kFrame;
    w.machine->set_value(0, static_cast<int>(w.clock / kFlip) % 2 == 0 ? 0.0f : 1.0f);
    w.machine->update(kFrame);
    if (!pose_only) {
      shared.pose_to_palette(model, *w.machine, w.palette);
    } else if (!w.machine->evaluate_soa(shared.local, shared.scratch)) {
      std::abort();
    }
  };
  for (int i = 0; i < 60; ++i) {
    for (Walker& w : crowd) frame(w);
  }
  time_crowd(state, crowd, frame);
}

BENCHMARK(BM_TransitionCrowd)
    ->ArgNames({"blend", "pose_only"})
    ->ArgsProduct({{static_cast<int>(TransitionBlend::kCrossfade),
                    static_cast<int>(TransitionBlend::kInertialize),
                    static_cast<int>(TransitionBlend::kDeadBlend)},
                   {0, 1}})
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace anim::bench
