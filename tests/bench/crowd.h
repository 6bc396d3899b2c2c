#pragma once
// A crowd of characters sharing one model, each with its own clip times and buffers, for the
// benchmarks. Built once outside the timed loops.
#include <cstdlib>
#include <random>
#include <vector>

#include "anim/import/import_model.h"
#include "anim/model.h"
#include "anim/sampling.h"

namespace anim::bench {

// What each character owns: its clock, its sampling cursors and the palette the GPU reads.
struct Character {
  float phase = 0.0f;  // Normalized time shared by both clips (they stay in step).
  SamplingCursor cursor_a, cursor_b;
  std::vector<glm::mat4> palette;
};

// Intermediate poses: scratch reused for one character after another, as a game would, so
// they stay in cache instead of streaming 1000 copies through memory.
struct Scratch {
  std::vector<Transform> pose_a, pose_b, blended;
  std::vector<glm::mat4> model_space;

  explicit Scratch(std::size_t joints)
      : pose_a(joints), pose_b(joints), blended(joints), model_space(joints) {}
};

inline const Model& wuson() {
  static const Model model = [] {
    Result<Model> m = import::import_model(ANIMSCOPE_ASSIMP_MODELS "/X/Testwuson.X");
    if (!m.ok()) std::abort();
    return std::move(m).value();
  }();
  return model;
}

inline std::vector<Character> make_crowd(const Model& model, int count) {
  std::vector<Character> crowd(count);
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> phase(0.0f, 1.0f);
  const std::size_t joints = model.skeleton.joint_count();
  for (Character& c : crowd) {
    c.phase = phase(rng);
    c.cursor_a.resize(joints);
    c.cursor_b.resize(joints);
    c.palette.resize(model.skin.size());
  }
  return crowd;
}

}  // namespace anim::bench
