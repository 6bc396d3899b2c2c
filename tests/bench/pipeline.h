#pragma once
// The benched path (BM_WholePipeline, pipeline_bench.cpp): N Wuson characters, each sampling the
// compressed Wuson_Walk and Wuson_Run at its own time with its own cursors, blending them 50/50,
// converting to model space and building the skinning palette, all on SoA poses. Shared with
// BM_CrowdAgainstPipeline (state_machine_bench.cpp), which times the game's path against it.
#include <cmath>
#include <cstdlib>
#include <random>
#include <vector>

#include "anim/compressed_sampling.h"
#include "anim/skinning_palette.h"
#include "anim/soa_blending.h"
#include "anim/soa_local_to_model.h"
#include "crowd.h"

namespace anim::bench::pipeline {

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
inline std::vector<Character> crowd_for(const Assets& a, int count) {
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

inline void advance(Character& c, float step) {
  c.phase += step;
  c.phase -= std::floor(c.phase);
}

inline void sample(const Assets& a, Character& c, Poses& p) {
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

inline void blend(const Assets& a, Character&, Poses& p) {
  const SoaBlendLayer layers[2] = {{p.a, 0.5f, {}}, {p.b, 0.5f, {}}};
  SoaBlendingJob job;
  job.layers = Span<const SoaBlendLayer>(layers, 2);
  job.rest = a.rest;
  job.output = p.blended;
  if (!job.run()) std::abort();
}

inline void to_model(const Assets& a, Character&, Poses& p) {
  SoaLocalToModelJob job;
  job.parents = a.model.skeleton.parents;
  job.local = p.blended;
  job.output = p.model_space;
  if (!job.run()) std::abort();
}

inline void palette(const Assets& a, Character& c, Poses& p) {
  SkinningPaletteJob job;
  job.model = p.model_space;
  job.joints = a.model.skin.joints;
  job.inverse_bind = a.model.skin.inverse_bind;
  job.output = c.palette;
  if (!job.run()) std::abort();
}

// A whole crowd on the benched path, one frame of every character at a time (BM_WholePipeline's
// timed loop): one set of intermediate poses for everyone, as a game would.
struct Crowd {
  const Assets assets;
  std::vector<Character> characters;
  Poses scratch;

  explicit Crowd(int count)
      : characters(crowd_for(assets, count)), scratch(assets.model.skeleton.joint_count()) {}
  void frame() {
    for (Character& c : characters) {
      advance(c, assets.phase_step);
      sample(assets, c, scratch);
      blend(assets, c, scratch);
      to_model(assets, c, scratch);
      palette(assets, c, scratch);
      benchmark::DoNotOptimize(c.palette.data());
    }
    benchmark::ClobberMemory();
  }
};

}  // namespace anim::bench::pipeline
