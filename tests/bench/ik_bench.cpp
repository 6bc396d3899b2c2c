// IK solves for a crowd: each character's own leg or head (model-space matrices as the pipeline's
// local-to-model writes them, each character's joints and targets different), one solve per
// character per iteration. BM_TwoBoneIk/N and BM_AimIk/N time the jobs alone; the corrections go
// to per-character outputs. BM_AimIkChain/N spreads the aim over spine, neck and head.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <random>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/aim_ik.h"
#include "anim/aim_ik_chain.h"
#include "anim/two_bone_ik.h"

namespace anim::bench {
namespace {

glm::quat random_rotation(std::mt19937& rng) {
  std::normal_distribution<float> normal(0.0f, 1.0f);
  return glm::normalize(glm::quat(normal(rng), normal(rng), normal(rng), normal(rng)));
}

glm::mat4 frame(const glm::vec3& origin, const glm::quat& rotation) {
  return glm::translate(glm::mat4(1.0f), origin) * glm::mat4_cast(rotation);
}

// A leg at a random place and orientation: hip, knee 0.45 below, ankle 0.42 below the knee with
// the knee bent forward, and a target within reach.
struct Leg {
  glm::mat4 hip, knee, ankle;
  glm::vec3 target;
  glm::quat hip_correction, knee_correction;
  bool reached;
};

std::vector<Leg> legs(int count) {
  std::mt19937 rng(28);
  std::uniform_real_distribution<float> place(-50.0f, 50.0f), bend(0.1f, 1.2f), reach(0.3f, 0.8f);
  std::vector<Leg> out(count);
  for (Leg& l : out) {
    const glm::vec3 origin(place(rng), place(rng), 1.0f);
    const glm::quat turn = random_rotation(rng);
    const glm::quat knee_turn = turn * glm::angleAxis(-bend(rng), glm::vec3(1, 0, 0));
    l.hip = frame(origin, turn);
    const glm::vec3 knee = origin + turn * glm::vec3(0, 0, -0.45f);
    l.knee = frame(knee, knee_turn);
    l.ankle = frame(knee + knee_turn * glm::vec3(0, 0, -0.42f), knee_turn);
    l.target = origin + reach(rng) * glm::normalize(turn * glm::vec3(place(rng), place(rng), -40));
  }
  return out;
}

void per_character(benchmark::State& state, int count) {
  using C = benchmark::Counter;
  state.counters["per_character"] = C(count, C::kIsIterationInvariantRate | C::kInvert);
}

void BM_TwoBoneIk(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  std::vector<Leg> crowd = legs(count);
  for (auto _ : state) {
    for (Leg& l : crowd) {
      TwoBoneIkJob job;
      job.start = l.hip;
      job.mid = l.knee;
      job.end = l.ankle;
      job.target = l.target;
      job.pole = glm::vec3(0, 1, 0);
      job.mid_axis = glm::vec3(-1, 0, 0);
      job.soften = 0.97f;
      job.start_correction = &l.hip_correction;
      job.mid_correction = &l.knee_correction;
      job.reached = &l.reached;
      if (!job.run()) std::abort();
    }
    benchmark::DoNotOptimize(crowd.data());
    benchmark::ClobberMemory();
  }
  per_character(state, count);
}

// A spine, neck and head stacked at a random place and orientation, and a target ahead.
struct Head {
  glm::mat4 joints[3];
  glm::vec3 target;
  glm::quat corrections[3];
  bool reached;
};

std::vector<Head> heads(int count) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> place(-50.0f, 50.0f), near(-1.0f, 1.0f);
  std::vector<Head> out(count);
  for (Head& h : out) {
    glm::vec3 origin(place(rng), place(rng), 1.2f);
    glm::quat turn = glm::angleAxis(place(rng), glm::vec3(0, 0, 1));
    for (int j = 0; j < 3; ++j) {
      h.joints[j] = frame(origin, turn);
      origin += turn * glm::vec3(0, 0, 0.25f);
      turn = turn * glm::angleAxis(0.2f * near(rng), glm::vec3(1, 0, 0));
    }
    h.target = origin + glm::vec3(near(rng), near(rng), 0.3f * near(rng)) * 3.0f;
  }
  return out;
}

void BM_AimIk(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  std::vector<Head> crowd = heads(count);
  for (auto _ : state) {
    for (Head& h : crowd) {
      AimIkJob job;
      job.joint = h.joints[2];
      job.target = h.target;
      job.forward = glm::vec3(0, 1, 0);
      job.offset = glm::vec3(0, 0.08f, 0.1f);
      job.up = glm::vec3(0, 0, 1);
      job.pole = glm::vec3(0, 0, 1);
      job.correction = &h.corrections[2];
      job.reached = &h.reached;
      if (!job.run()) std::abort();
    }
    benchmark::DoNotOptimize(crowd.data());
    benchmark::ClobberMemory();
  }
  per_character(state, count);
}

void BM_AimIkChain(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  std::vector<Head> crowd = heads(count);
  const float shares[3] = {0.2f, 0.3f, 0.5f};
  for (auto _ : state) {
    for (Head& h : crowd) {
      AimIkChainJob job;
      job.joints = Span<const glm::mat4>(h.joints, 3);
      job.shares = Span<const float>(shares, 3);
      job.target = h.target;
      job.forward = glm::vec3(0, 1, 0);
      job.offset = glm::vec3(0, 0.08f, 0.1f);
      job.corrections = Span<glm::quat>(h.corrections, 3);
      job.reached = &h.reached;
      if (!job.run()) std::abort();
    }
    benchmark::DoNotOptimize(crowd.data());
    benchmark::ClobberMemory();
  }
  per_character(state, count);
}

}  // namespace

BENCHMARK(BM_TwoBoneIk)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_AimIk)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_AimIkChain)->Arg(1000)->Unit(benchmark::kMicrosecond);

}  // namespace anim::bench
