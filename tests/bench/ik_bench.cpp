// IK solves for a crowd: each character's own leg or head (model-space matrices as the pipeline's
// local-to-model writes them, each character's joints and targets different), one solve per
// character per iteration. BM_TwoBoneIk/N and BM_AimIk/N time the jobs alone; the corrections go
// to per-character outputs. BM_AimIkChain/N spreads the aim over spine, neck and head.
// BM_TwoBoneIkWriteBack/N adds what a caller does around the solve on Wuson's 40 joints: the
// corrections written into the SoA local pose and model space recomputed below the start joint.
// BM_FootIk/N: FootIkJob on N two-legged characters (10 joints: pelvis, spine, two legs of hip,
// knee, ankle and toe) standing at different places on a 64 x 64 height field of bumps, each
// with its own knee bend: two ground casts, the pelvis drop, two legs and two ankles written
// back. Each iteration first restores each character's animated local pose and model space (a
// copy of 3 SoA blocks and 10 matrices), as the next frame's sampling would.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/aim_ik.h"
#include "anim/aim_ik_chain.h"
#include "anim/foot_ik.h"
#include "anim/height_field.h"
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

// A pelvis 0.95 up, a spine, and two legs with the knees bent forward by `bend` radians.
std::vector<Transform> two_legs(const glm::vec3& place, float bend) {
  const glm::vec3 x(1, 0, 0);
  auto joint = [](const glm::vec3& t, const glm::quat& r) {
    Transform j;
    j.translation = t;
    j.rotation = r;
    return j;
  };
  const glm::quat none(1, 0, 0, 0), hip = glm::angleAxis(-bend, x);
  const glm::quat knee = glm::angleAxis(2 * bend, x), ankle = glm::angleAxis(-bend, x);
  return {joint(place + glm::vec3(0, 0.95f, 0), none),
          joint({0, 0.2f, 0}, none),
          joint({0.1f, -0.05f, 0}, hip),
          joint({0, -0.42f, 0}, knee),
          joint({0, -0.42f, 0}, ankle),
          joint({0, -0.05f, 0.12f}, none),
          joint({-0.1f, -0.05f, 0}, hip),
          joint({0, -0.42f, 0}, knee),
          joint({0, -0.42f, 0}, ankle),
          joint({0, -0.05f, 0.12f}, none)};
}

void BM_FootIk(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  const std::vector<int16_t> parents = {-1, 0, 0, 2, 3, 4, 0, 6, 7, 8};
  constexpr std::size_t kSide = 64;
  std::vector<float> heights(kSide * kSide);
  for (std::size_t z = 0; z < kSide; ++z) {
    for (std::size_t x = 0; x < kSide; ++x) {
      heights[z * kSide + x] = 0.1f * std::sin(0.7f * x) * std::cos(0.5f * z);
    }
  }
  HeightField field;
  field.origin_x = -16.0f;
  field.origin_z = -16.0f;
  field.cell_size = 0.5f;
  field.columns = kSide;
  field.rows = kSide;
  field.heights = heights;
  struct Character {
    SoaPose animated, local;
    std::vector<glm::mat4> animated_model, model;
    FootIkLegResult results[2];
  };
  std::vector<Character> crowd(count);
  std::mt19937 rng(9);
  std::uniform_real_distribution<float> place(-15.0f, 15.0f), bend(0.1f, 0.5f);
  for (Character& c : crowd) {
    const std::vector<Transform> pose = two_legs({place(rng), 0.0f, place(rng)}, bend(rng));
    c.animated = make_soa_pose(pose.size());
    to_soa(pose, c.animated);
    c.animated_model.resize(pose.size());
    if (!SoaLocalToModelJob{parents, c.animated, glm::mat4(1.0f), c.animated_model}.run()) {
      std::abort();
    }
    c.local = c.animated;
    c.model = c.animated_model;
  }
  FootIkLeg legs[2];
  legs[0] = {2, 3, 4, 0.08f};
  legs[1] = {6, 7, 8, 0.08f};
  for (auto _ : state) {
    for (Character& c : crowd) {
      std::copy(c.animated.begin(), c.animated.end(), c.local.begin());
      std::copy(c.animated_model.begin(), c.animated_model.end(), c.model.begin());
      FootIkJob job;
      job.parents = parents;
      job.local = c.local;
      job.model = c.model;
      job.legs = {legs, 2};
      job.pelvis = 0;
      job.ground = field.query();
      job.results = {c.results, 2};
      if (!job.run()) std::abort();
    }
    benchmark::ClobberMemory();
  }
  per_character(state, count);
}

}  // namespace

BENCHMARK(BM_FootIk)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_TwoBoneIkWriteBack)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_TwoBoneIk)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_AimIk)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_AimIkChain)->Arg(1000)->Unit(benchmark::kMicrosecond);

}  // namespace anim::bench
