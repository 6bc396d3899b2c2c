// IK solves for a crowd: each character's own leg or head (model-space matrices as the pipeline's
// local-to-model writes them, each character's joints and targets different), one solve per
// character per iteration. BM_TwoBoneIk/N and BM_AimIk/N time the jobs alone; the corrections go
// to per-character outputs. BM_AimIkChain/N spreads the aim over spine, neck and head.
// BM_TwoBoneIkWriteBack/N adds what a caller does around the solve on Wuson's 40 joints: the
// corrections written into the SoA local pose and model space recomputed below the start joint.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <random>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/aim_ik.h"
#include "anim/aim_ik_chain.h"
#include "anim/ik_pose.h"
#include "anim/soa_local_to_model.h"
#include "anim/soa_pose.h"
#include "anim/two_bone_ik.h"
#include "crowd.h"

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

// The deepest joint of Wuson and its two ancestors above: a three-joint chain of a limb.
struct WusonLimb {
  int start = 0, mid = 0, end = 0;
};
WusonLimb wuson_limb(const Skeleton& s) {
  WusonLimb limb;
  int deepest = -1;
  std::vector<int> depth(s.joint_count(), 0);
  for (std::size_t j = 0; j < s.joint_count(); ++j) {
    if (s.parents[j] >= 0) depth[j] = depth[s.parents[j]] + 1;
    if (depth[j] >= 2 && depth[j] > deepest) {
      deepest = depth[j];
      limb.end = static_cast<int>(j);
    }
  }
  limb.mid = s.parents[limb.end];
  limb.start = s.parents[limb.mid];
  return limb;
}

void BM_TwoBoneIkWriteBack(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  const Skeleton& skeleton = wuson().skeleton;
  const WusonLimb limb = wuson_limb(skeleton);
  // Each character's own pose (the rest pose) and model space, and a target near its limb's end.
  struct Character {
    SoaPose local;
    std::vector<glm::mat4> model;
    glm::vec3 target;
  };
  std::vector<Character> crowd(count);
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> nudge(-0.2f, 0.2f);
  for (Character& c : crowd) {
    c.local = make_soa_pose(skeleton.joint_count());
    to_soa(skeleton.rest, c.local);
    c.model.resize(skeleton.joint_count());
    if (!SoaLocalToModelJob{skeleton.parents, c.local, glm::mat4(1.0f), c.model}.run()) {
      std::abort();
    }
    const glm::vec3 end(c.model[limb.end][3]), mid(c.model[limb.mid][3]);
    c.target = end + glm::length(end - mid) * glm::vec3(nudge(rng), nudge(rng), nudge(rng));
  }
  IkCorrection corrections[2];
  corrections[0].joint = static_cast<int16_t>(limb.start);
  corrections[1].joint = static_cast<int16_t>(limb.mid);
  for (auto _ : state) {
    for (Character& c : crowd) {
      TwoBoneIkJob job;
      job.start = c.model[limb.start];
      job.mid = c.model[limb.mid];
      job.end = c.model[limb.end];
      job.target = c.target;
      job.start_correction = &corrections[0].rotation;
      job.mid_correction = &corrections[1].rotation;
      if (!job.run()) std::abort();
      SoaApplyIkCorrectionsJob write{skeleton.parents, Span<const IkCorrection>(corrections, 2),
                                     glm::mat4(1.0f), c.local, c.model};
      if (!write.run()) std::abort();
    }
    benchmark::ClobberMemory();
  }
  per_character(state, count);
}

}  // namespace

BENCHMARK(BM_TwoBoneIkWriteBack)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_TwoBoneIk)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_AimIk)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_AimIkChain)->Arg(1000)->Unit(benchmark::kMicrosecond);

}  // namespace anim::bench
