#pragma once
// The benchmarks' shared assets: Wuson and its clips, float and compressed, built once outside
// the timed loops.
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "anim/bake/clip_compression.h"
#include "anim/import/import_model.h"
#include "anim/model.h"
#include "anim/skinning_palette.h"
#include "anim/soa_local_to_model.h"
#include "anim/state_machine.h"
#include "anim/state_machine_scratch.h"

namespace anim::bench {

constexpr float kFrame = 1.0f / 60.0f;  // A 60 Hz game's frame, in seconds.

inline const Model& wuson() {
  static const Model model = [] {
    Result<Model> m = anim::import::import_model(ANIMSCOPE_ASSIMP_MODELS "/X/Testwuson.X");
    if (!m.ok()) std::abort();
    return std::move(m).value();
  }();
  return model;
}

inline const Clip& wuson_clip(const std::string& name) {
  const int index = wuson().find_clip(name);
  if (index < 0) std::abort();
  return wuson().clips[index];
}

// A Wuson clip compressed at the default tolerance, as a package holds it.
inline const CompressedClip& compressed_wuson_clip(const std::string& name) {
  static std::map<std::string, CompressedClip> cache;  // Nodes stay put: references last.
  auto found = cache.find(name);
  if (found != cache.end()) return found->second;
  Result<bake::CompressedResult> c = bake::compress_clip(wuson_clip(name), wuson().skeleton);
  if (!c.ok()) std::abort();
  return cache.emplace(name, std::move(c.value().clip)).first->second;
}

// What a single-threaded crowd of machines of one def shares: the rest pose in SoA form (one
// skeleton), and what each character's frame writes and drops (the machine's pose buffers, the
// local pose, the model-space matrices).
struct CrowdBuffers {
  SoaPose rest, local;
  StateMachineScratch scratch;
  std::vector<glm::mat4> model_space;

  CrowdBuffers(const Model& model, const StateMachineDef& def)
      : rest(make_soa_pose(model.skeleton.joint_count())),
        local(make_soa_pose(model.skeleton.joint_count())),
        scratch(def, model.skeleton.joint_count()),
        model_space(model.skeleton.joint_count()) {
    to_soa(model.skeleton.rest, rest);
  }

  // What a game does with a character's machine after its update, each frame: the SoA pose,
  // model space and the palette. The inputs are known good: a refusal aborts.
  void pose_to_palette(const Model& model, StateMachineInstance& machine,
                       std::vector<glm::mat4>& palette) {
    if (!machine.evaluate_soa(local, scratch)) std::abort();
    // With IK the evaluate left the pose's model space in the scratch.
    const bool ik = machine.def().has_ik();
    if (!ik &&
        !SoaLocalToModelJob{model.skeleton.parents, local, glm::mat4(1.0f), model_space}.run()) {
      std::abort();
    }
    const Span<const glm::mat4> model_space_now =
        ik ? Span<const glm::mat4>(scratch.model()) : Span<const glm::mat4>(model_space);
    if (!SkinningPaletteJob{model_space_now, model.skin.joints, model.skin.inverse_bind, palette}
             .run()) {
      std::abort();
    }
  }
};

// `frame` on every character of `crowd`, each one's `palette` kept from being optimized away.
template <class Walker, class Frame>
void crowd_frame(std::vector<Walker>& crowd, Frame& frame) {
  for (Walker& w : crowd) {
    frame(w);
    benchmark::DoNotOptimize(w.palette.data());
  }
  benchmark::ClobberMemory();
}

// Times crowd_frame once per iteration, and reports per_character and the first character's
// machine's bytes_per_character (what it holds besides its palette; the crowd shares the rest).
template <class Walker, class Frame>
void time_crowd(benchmark::State& state, std::vector<Walker>& crowd, Frame frame) {
  for (auto _ : state) crowd_frame(crowd, frame);
  using C = benchmark::Counter;
  state.counters["per_character"] =
      C(static_cast<double>(crowd.size()), C::kIsIterationInvariantRate | C::kInvert);
  state.counters["bytes_per_character"] = static_cast<double>(crowd.front().machine->byte_size());
}

}  // namespace anim::bench
