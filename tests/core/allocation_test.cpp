// Checks that the per-frame work of anim_core never touches the heap: this executable replaces
// the global operator new and delete with versions that count allocations while a test asks
// them to.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/aim_ik.h"
#include "anim/aim_ik_chain.h"
#include "anim/bake/clip_compression.h"
#include "anim/blending.h"
#include "anim/clip.h"
#include "anim/dead_blending.h"
#include "anim/foot_ik.h"
#include "anim/height_field.h"
#include "anim/ik_pose.h"
#include "anim/inertialization.h"
#include "anim/local_to_model.h"
#include "anim/player.h"
#include "anim/sampling.h"
#include "anim/setup/setup.h"
#include "anim/skeleton.h"
#include "anim/skinning_palette.h"
#include "anim/soa_local_to_model.h"
#include "anim/soa_pose.h"
#include "anim/state_machine.h"
#include "anim/state_machine_def.h"
#include "anim/state_machine_scratch.h"
#include "anim/transform.h"
#include "anim/two_bone_ik.h"

namespace {

std::atomic<bool> g_counting{false};
std::atomic<long long> g_allocations{0};

void Count() {
  if (g_counting.load(std::memory_order_relaxed)) {
    g_allocations.fetch_add(1, std::memory_order_relaxed);
  }
}

void* Allocate(std::size_t size) {
  Count();
  void* p = std::malloc(size == 0 ? 1 : size);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void* AllocateAligned(std::size_t size, std::align_val_t alignment) {
  Count();
  const std::size_t a = static_cast<std::size_t>(alignment);
  const std::size_t rounded = (size + a - 1) / a * a;  // aligned_alloc wants a multiple.
  void* p = std::aligned_alloc(a, rounded == 0 ? a : rounded);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void* AllocateNoThrow(std::size_t size) noexcept {
  Count();
  return std::malloc(size == 0 ? 1 : size);
}

}  // namespace

void* operator new(std::size_t size) { return Allocate(size); }
void* operator new[](std::size_t size) { return Allocate(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return AllocateNoThrow(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return AllocateNoThrow(size);
}
void* operator new(std::size_t size, std::align_val_t alignment) {
  return AllocateAligned(size, alignment);
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
  return AllocateAligned(size, alignment);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }

namespace anim {
namespace {

// Counts the allocations made between its construction and Stop().
class AllocationCounter {
 public:
  AllocationCounter() {
    g_allocations.store(0);
    g_counting.store(true);
  }
  ~AllocationCounter() { g_counting.store(false); }
  long long Stop() {
    g_counting.store(false);
    return g_allocations.load();
  }
};

constexpr int kJoints = 12;

glm::quat RotZ(float radians) {
  return glm::quat(std::cos(radians * 0.5f), 0.0f, 0.0f, std::sin(radians * 0.5f));
}

// A small tree: joint j hangs from joint (j - 1) / 2.
Skeleton MakeSkeleton() {
  Skeleton s;
  for (int j = 0; j < kJoints; ++j) {
    s.names.push_back("joint" + std::to_string(j));
    s.parents.push_back(static_cast<int16_t>(j == 0 ? -1 : (j - 1) / 2));
    Transform rest;
    rest.translation = glm::vec3(0.0f, 1.0f, 0.0f);
    s.rest.push_back(rest);
  }
  return s;
}

// Clips with several keys of every kind on most joints, so sampling really interpolates.
std::vector<Clip> MakeClips() {
  std::vector<Clip> clips;
  for (int c = 0; c < 3; ++c) {
    const float duration = 1.0f + 0.5f * static_cast<float>(c);
    ClipBuilder b("clip" + std::to_string(c), duration, kJoints);
    for (int j = 0; j < kJoints; ++j) {
      if (j % 4 == 3) continue;  // Some joints keep their rest pose.
      for (int k = 0; k <= 6; ++k) {
        const float t = duration * static_cast<float>(k) / 6.0f;
        const float f = static_cast<float>(k + j + c);
        b.add_translation(j, t, glm::vec3(0.1f * f, 1.0f, -0.05f * f));
        b.add_rotation(j, t, RotZ(0.3f * f));
        b.add_scale(j, t, glm::vec3(1.0f + 0.01f * f));
      }
    }
    clips.push_back(b.build());
  }
  return clips;
}

TEST(AllocationTest, CounterSeesHeapAllocations) {
  // Without this, a counter that never saw anything would make every other test pass.
  static std::vector<int>* volatile sink = nullptr;
  AllocationCounter counter;
  sink = new std::vector<int>(16, 1);
  const long long count = counter.Stop();
  delete sink;
  EXPECT_GE(count, 2);  // The vector and its buffer.
}

TEST(AllocationTest, PlayerUpdatesWithCrossfadesDoNotAllocate) {
  const Skeleton skeleton = MakeSkeleton();
  const std::vector<Clip> clips = MakeClips();
  Player player(skeleton, clips);
  ASSERT_TRUE(player.play(0));
  player.update(1.0f / 60.0f);

  CrossfadeOptions fade;
  fade.seconds = 0.3f;
  CrossfadeOptions frozen;
  frozen.seconds = 0.5f;
  frozen.curve = FadeCurve::kSmoothstep;
  frozen.freeze_source = true;

  AllocationCounter counter;
  bool ok = true;
  for (int i = 0; i < 1000; ++i) {
    if (i == 400) ok = ok && player.crossfade(1, fade);
    if (i == 410) ok = ok && player.crossfade(2, fade);  // During the first crossfade.
    if (i == 700) ok = ok && player.crossfade(0, frozen);
    player.update(1.0f / 60.0f);
  }
  const long long count = counter.Stop();
  EXPECT_TRUE(ok);
  EXPECT_EQ(count, 0);
  EXPECT_EQ(player.clip(), 0);
}

TEST(AllocationTest, PlayerInertializedAndDeadBlendedFadesDoNotAllocate) {
  const Skeleton skeleton = MakeSkeleton();
  const std::vector<Clip> clips = MakeClips();
  Player player(skeleton, clips);
  ASSERT_TRUE(player.play(0));
  player.update(1.0f / 60.0f);
  CrossfadeOptions inertialize;
  inertialize.seconds = 0.3f;
  inertialize.blend = TransitionBlend::kInertialize;
  CrossfadeOptions dead = inertialize;
  dead.blend = TransitionBlend::kDeadBlend;
  dead.half_life = 0.05f;
  CrossfadeOptions fade;
  fade.seconds = 0.2f;
  const std::vector<Transform> held(player.pose().begin(), player.pose().end());

  AllocationCounter counter;
  bool ok = true;
  for (int i = 0; i < 1000; ++i) {
    if (i == 100) ok = ok && player.crossfade(1, inertialize);
    if (i == 110) ok = ok && player.crossfade(2, dead);         // Interrupting the inertialization.
    if (i == 115) ok = ok && player.crossfade(0, fade);         // A crossfade interrupting both.
    if (i == 120) ok = ok && player.crossfade(1, inertialize);  // And the other way round.
    if (i == 400) ok = ok && player.crossfade_from(held, 2, dead);
    if (i == 600) ok = ok && player.crossfade_from(held, 0, inertialize);
    if (i == 610) player.seek(0.2f);
    if (i == 800)
      ok = ok && !player.crossfade(1, CrossfadeOptions{0.3f, FadeCurve::kLinear, false, true,
                                                       TransitionBlend::kDeadBlend, -1.0f});
    player.update(1.0f / 60.0f);
  }
  const long long count = counter.Stop();
  EXPECT_TRUE(ok);
  EXPECT_EQ(count, 0);
  EXPECT_EQ(player.clip(), 0);
}

TEST(AllocationTest, CrossfadePlaySeekAndSpeedDoNotAllocate) {
  const Skeleton skeleton = MakeSkeleton();
  const std::vector<Clip> clips = MakeClips();
  Player player(skeleton, clips);
  ASSERT_TRUE(player.play(0));
  player.update(0.1f);
  CrossfadeOptions fade;
  fade.seconds = 0.25f;

  AllocationCounter counter;
  const bool first = player.crossfade(1, fade);
  const long long after_first = counter.Stop();

  AllocationCounter counter2;
  const bool second = player.crossfade(2, fade);  // While the first is still fading.
  player.seek(0.4f);
  player.set_speed(-1.5f);
  player.update(0.05f);
  const bool third = player.play(1, /*loop=*/false);
  const bool bad = player.crossfade(9, fade);
  const long long after_rest = counter2.Stop();

  EXPECT_TRUE(first);
  EXPECT_TRUE(second);
  EXPECT_TRUE(third);
  EXPECT_FALSE(bad);
  EXPECT_EQ(after_first, 0);
  EXPECT_EQ(after_rest, 0);
}

TEST(AllocationTest, PerFrameJobsDoNotAllocate) {
  const Skeleton skeleton = MakeSkeleton();
  const std::vector<Clip> clips = MakeClips();
  SamplingCursor cursor_a(kJoints);
  SamplingCursor cursor_b(kJoints);
  std::vector<Transform> pose_a(kJoints);
  std::vector<Transform> pose_b(kJoints);
  std::vector<Transform> blended(kJoints);
  std::vector<float> mask(kJoints, 0.5f);
  std::vector<glm::mat4> model(kJoints);
  const std::vector<int16_t> skin_joints = {0, 3, 5, 7, 11, 11};
  const std::vector<glm::mat4> inverse_bind(skin_joints.size(), glm::mat4(1.0f));
  std::vector<glm::mat4> palette(skin_joints.size());

  SamplingJob sample_a;
  sample_a.clip = &clips[0];
  sample_a.rest = skeleton.rest;
  sample_a.cursor = &cursor_a;
  sample_a.output = pose_a;
  SamplingJob sample_b = sample_a;
  sample_b.clip = &clips[1];
  sample_b.cursor = &cursor_b;
  sample_b.output = pose_b;
  const BlendLayer layers[2] = {{pose_a, 0.7f, {}}, {pose_b, 0.3f, mask}};
  BlendingJob blend;
  blend.layers = Span<const BlendLayer>(layers, 2);
  blend.rest = skeleton.rest;
  blend.output = blended;
  LocalToModelJob to_model;
  to_model.parents = skeleton.parents;
  to_model.local = blended;
  to_model.output = model;
  SkinningPaletteJob skinning;
  skinning.model = model;
  skinning.joints = skin_joints;
  skinning.inverse_bind = inverse_bind;
  skinning.output = palette;

  AllocationCounter counter;
  bool ok = true;
  for (int i = 0; i < 300; ++i) {
    // Forward, then jumping around: the cursors search as well as step.
    sample_a.time = i < 200 ? 0.01f * static_cast<float>(i) : 0.37f * static_cast<float>(i % 7);
    sample_b.time = wrap_time(0.013f * static_cast<float>(i), clips[1].duration, true);
    ok = sample_a.run() && ok;
    ok = sample_b.run() && ok;
    ok = blend.run() && ok;
    ok = to_model.run() && ok;
    ok = skinning.run() && ok;
    ok = blend_two(pose_a, pose_b, 0.25f, blended) && ok;
  }
  const long long count = counter.Stop();
  EXPECT_TRUE(ok);
  EXPECT_EQ(count, 0);
}

}  // namespace

// A setup using every kind of motion and transition: clip states, a blend space on a smoothed
// float, any-state with a trigger, exit time, interruption; and events on every clip.
namespace {

const char* const kLocomotionSetup = R"({
  "format": "animscope.setup", "version": 1, "model": "unused.x",
  "parameters": [
    {"name": "speed", "type": "float", "default": 0, "min": 0, "max": 1, "rate": 2},
    {"name": "stop", "type": "trigger", "default": 0}
  ],
  "blend_spaces": [
    {"name": "move", "parameter": "speed",
     "points": [{"clip": "clip1", "position": 0}, {"clip": "clip2", "position": 1}]}
  ],
  "states": [
    {"name": "idle", "motion": "clip0", "speed": 1, "loop": true},
    {"name": "move", "motion": "move", "speed": 1, "loop": true},
    {"name": "halt", "motion": "clip0", "speed": 2, "loop": false}
  ],
  "default_state": "idle",
  "transitions": [
    {"from": "idle", "to": "move", "conditions": [{"parameter": "speed", "op": ">", "value": 0.1}],
     "exit_time": null, "duration": 0.3, "offset": 0, "interruption": "destination"},
    {"from": "move", "to": "idle", "conditions": [{"parameter": "speed", "op": "<", "value": 0.1}],
     "exit_time": null, "duration": 0.3, "offset": 0.25, "interruption": "source"},
    {"from": "*", "to": "halt", "conditions": [{"parameter": "stop", "op": "trigger"}],
     "exit_time": null, "duration": 0.1, "offset": 0, "interruption": "none"},
    {"from": "halt", "to": "idle", "conditions": [],
     "exit_time": 1, "duration": 0.2, "offset": 0, "interruption": "none"}
  ],
  "events": [
    {"clip": "clip0", "time": 0, "name": "start"}, {"clip": "clip1", "time": 0.1, "name": "a"},
    {"clip": "clip2", "time": 0.2, "name": "b"}
  ]
})";

}  // namespace

TEST(AllocationTest, InertializationDoesNotAllocate) {
  const Skeleton skeleton = MakeSkeleton();
  SoaPose previous = make_soa_pose(kJoints), before = previous, target = previous;
  to_soa(skeleton.rest, target);
  SoaPose output = previous;
  InertialOffsets offsets(kJoints);  // Sized once, when the character is made.
  AllocationCounter counter;
  for (int frame = 0; frame < 10; ++frame) {
    ASSERT_TRUE(
        (InertializationStartJob{previous, before, target, 1.0f / 60.0f, 0.3f, 0.0f, &offsets}
             .run()));
    ASSERT_TRUE(
        (InertializationJob{&offsets, 0.01f * static_cast<float>(frame), target, output}.run()));
  }
  EXPECT_EQ(counter.Stop(), 0);
}

TEST(AllocationTest, IkJobsAndTheirWriteBackDoNotAllocate) {
  // MakeSkeleton's chain 0 -> 1 -> 3 -> 7: a leg from 1 to 7 and an aim chain 0, 1, 3.
  const Skeleton skeleton = MakeSkeleton();
  SoaPose local = make_soa_pose(kJoints);
  to_soa(skeleton.rest, local);
  std::vector<glm::mat4> model(kJoints);
  ASSERT_TRUE((SoaLocalToModelJob{skeleton.parents, local, glm::mat4(1.0f), model}.run()));
  const float shares[3] = {0.2f, 0.3f, 0.5f};
  glm::quat aim_corrections[3];
  glm::mat4 aim_joints[3];
  IkCorrection corrections[3];
  AllocationCounter counter;
  for (int frame = 0; frame < 10; ++frame) {
    const float f = 0.1f * static_cast<float>(frame);
    TwoBoneIkJob leg;
    leg.start = model[1];
    leg.mid = model[3];
    leg.end = model[7];
    leg.target = glm::vec3(0.5f + f, 2.0f, 0.2f);
    corrections[0].joint = 1;
    corrections[1].joint = 3;
    leg.start_correction = &corrections[0].rotation;
    leg.mid_correction = &corrections[1].rotation;
    ASSERT_TRUE(leg.run());
    ASSERT_TRUE(
        (SoaApplyIkCorrectionsJob{skeleton.parents, {corrections, 2}, glm::mat4(1.0f), local, model}
             .run()));
    AimIkJob head;
    head.joint = model[7];
    head.target = glm::vec3(3, 1, f);
    corrections[2].joint = 7;
    head.correction = &corrections[2].rotation;
    ASSERT_TRUE(head.run());
    aim_joints[0] = model[0];
    aim_joints[1] = model[1];
    aim_joints[2] = model[3];
    AimIkChainJob spine;
    spine.joints = Span<const glm::mat4>(aim_joints, 3);
    spine.shares = Span<const float>(shares, 3);
    spine.target = glm::vec3(-2, 3, f);
    spine.corrections = Span<glm::quat>(aim_corrections, 3);
    ASSERT_TRUE(spine.run());
  }
  EXPECT_EQ(counter.Stop(), 0);
}

TEST(AllocationTest, FootIkDoesNotAllocate) {
  // MakeSkeleton's joints stand one above the other (legs that point up): legs 1 -> 3 -> 7 and
  // 2 -> 5 -> 11 under the pelvis 0, on a height field a little below their ankles (y = 4).
  const Skeleton skeleton = MakeSkeleton();
  SoaPose local = make_soa_pose(kJoints);
  std::vector<glm::mat4> model(kJoints);
  std::vector<float> heights(9, 3.8f);
  HeightField field;
  field.origin_x = -1.0f;
  field.origin_z = -1.0f;
  field.columns = 3;
  field.rows = 3;
  field.heights = heights;
  FootIkLeg legs[2];
  legs[0] = {1, 3, 7, 0.1f};
  legs[1] = {2, 5, 11, 0.1f};
  FootIkLegResult results[2];
  AllocationCounter counter;
  for (int frame = 0; frame < 10; ++frame) {
    heights[4] = 3.8f - 0.05f * static_cast<float>(frame);
    to_soa(skeleton.rest, local);
    ASSERT_TRUE((SoaLocalToModelJob{skeleton.parents, local, glm::mat4(1.0f), model}.run()));
    FootIkJob feet;
    feet.parents = skeleton.parents;
    feet.local = local;
    feet.model = model;
    feet.legs = {legs, 2};
    feet.pelvis = 0;
    feet.ground = field.query();
    feet.results = {results, 2};
    ASSERT_TRUE(feet.run());
    ASSERT_TRUE(results[0].hit);
  }
  EXPECT_EQ(counter.Stop(), 0);
}

TEST(AllocationTest, DeadBlendingDoesNotAllocate) {
  const Skeleton skeleton = MakeSkeleton();
  SoaPose previous = make_soa_pose(kJoints), before = previous, target = previous;
  to_soa(skeleton.rest, target);
  SoaPose output = previous;
  DeadBlendSource source(kJoints);  // Sized once, when the character is made.
  AllocationCounter counter;
  for (int frame = 0; frame < 10; ++frame) {
    ASSERT_TRUE((DeadBlendStartJob{previous, before, 1.0f / 60.0f, 0.1f, &source}.run()));
    const float progress = 0.1f * static_cast<float>(frame);
    ASSERT_TRUE((DeadBlendJob{&source, progress, target, progress, output}.run()));
  }
  EXPECT_EQ(counter.Stop(), 0);
}

TEST(AllocationTest, StateMachineUpdateAndEvaluateDoNotAllocate) {
  const Skeleton skeleton = MakeSkeleton();
  const std::vector<Clip> clips = MakeClips();
  Result<anim::setup::Setup> setup = setup::parse_setup(kLocomotionSetup, "locomotion.json");
  ASSERT_TRUE(setup.ok()) << setup.error().to_string();
  Result<StateMachineDef> def = compile_setup(setup.value(), clips);
  ASSERT_TRUE(def.ok()) << def.error().to_string();
  StateMachineInstance machine(def.value(), skeleton, clips);
  std::vector<Transform> pose(kJoints);
  const int speed = def.value().find_parameter("speed");
  const int stop = def.value().find_parameter("stop");
  ASSERT_GE(speed, 0);
  ASSERT_GE(stop, 0);

  AllocationCounter counter;
  bool evaluated = true;
  int most_active = 0;
  std::size_t events = 0;
  for (int i = 0; i < 1000; ++i) {
    // Speed up, slow down and stop again and again, with transitions interrupting each other.
    machine.set_value(speed, (i / 37) % 3 == 0 ? 0.0f : (i / 37) % 3 == 1 ? 0.6f : 1.0f);
    if (i % 150 == 149) machine.set_value(stop, 1.0f);
    machine.update(1.0f / 60.0f);
    evaluated = machine.evaluate(pose) && evaluated;
    most_active = std::max(most_active, static_cast<int>(machine.active_states().size()));
    events += machine.events().size();
  }
  const long long count = counter.Stop();
  EXPECT_TRUE(evaluated);
  EXPECT_GE(most_active, 2) << "the run should include transitions";
  EXPECT_GT(events, 10u) << "the run should fire events";
  EXPECT_EQ(count, 0);
}

TEST(AllocationTest, TracedStateMachineUpdatesDoNotAllocate) {
  // The locomotion machine again, with its transition trace on: the buffers are sized once by
  // set_trace, and every update reuses them.
  const Skeleton skeleton = MakeSkeleton();
  const std::vector<Clip> clips = MakeClips();
  Result<anim::setup::Setup> setup = setup::parse_setup(kLocomotionSetup, "locomotion.json");
  ASSERT_TRUE(setup.ok()) << setup.error().to_string();
  Result<StateMachineDef> def = compile_setup(setup.value(), clips);
  ASSERT_TRUE(def.ok()) << def.error().to_string();
  StateMachineInstance machine(def.value(), skeleton, clips);
  machine.set_trace(true);
  const int speed = def.value().find_parameter("speed");
  const int stop = def.value().find_parameter("stop");

  AllocationCounter counter;
  std::size_t entries = 0, fired = 0, blocked = 0, conditions = 0, disagreements = 0;
  for (int i = 0; i < 1000; ++i) {
    machine.set_value(speed, (i / 37) % 3 == 0 ? 0.0f : (i / 37) % 3 == 1 ? 0.6f : 1.0f);
    if (i % 150 == 149) machine.set_value(stop, 1.0f);
    machine.update(1.0f / 60.0f);
    // The trace agrees with the runtime: at most one entry fired, it is the transition now
    // running (every one here lasts over a frame), and none won before it.
    int fired_here = -1;
    for (const StateMachineInstance::TraceEntry& e : machine.trace()) {
      ++entries;
      conditions += machine.trace_conditions(e).size();
      blocked += e.reason == TraceReason::kInterruptionBlocked ? 1 : 0;
      const bool earlier = e.reason == TraceReason::kEarlierTransitionFired;
      if (e.fired) {
        ++fired;
        if (fired_here >= 0 || machine.transition().transition != e.transition) ++disagreements;
        fired_here = e.transition;
      } else if (earlier && fired_here < 0) {
        ++disagreements;
      }
    }
    if (fired_here < 0 && machine.transition().transition >= 0 &&
        machine.transition().progress == 0.0f) {
      ++disagreements;  // Started with no entry saying so.
    }
  }
  const long long count = counter.Stop();
  EXPECT_EQ(disagreements, 0u);
  EXPECT_GT(entries, 1000u) << "each update should look at a transition or more";
  EXPECT_GT(fired, 5u) << "the run should fire transitions";
  EXPECT_GT(blocked, 0u) << "the run should block some by interruption rules";
  EXPECT_GT(conditions, 1000u);
  EXPECT_EQ(count, 0);
}

TEST(AllocationTest, SavingAndRestoringStateDoesNotAllocate) {
  // The tool's rewind saves the machine every frame and restores it on a scrub.
  const Skeleton skeleton = MakeSkeleton();
  const std::vector<Clip> clips = MakeClips();
  Result<anim::setup::Setup> setup = setup::parse_setup(kLocomotionSetup, "locomotion.json");
  ASSERT_TRUE(setup.ok()) << setup.error().to_string();
  Result<StateMachineDef> def = compile_setup(setup.value(), clips);
  ASSERT_TRUE(def.ok()) << def.error().to_string();
  StateMachineInstance machine(def.value(), skeleton, clips);
  machine.set_trace(true);
  const int speed = def.value().find_parameter("speed");
  std::vector<StateMachineInstance::SavedParameter> params(def.value().parameters.size());
  std::vector<StateMachineInstance::SavedLayer> layers(machine.layer_count());
  std::vector<Transform> pose(kJoints);

  AllocationCounter counter;
  bool ok = true;
  for (int i = 0; i < 300; ++i) {
    machine.set_value(speed, (i / 37) % 2 == 0 ? 0.0f : 1.0f);
    machine.update(1.0f / 60.0f);
    ok = machine.save_state(params, layers) && ok;
    if (i % 10 == 9) {
      machine.update(1.0f / 60.0f);
      ok = machine.restore_state(params, layers) && ok;
    }
    ok = machine.evaluate(pose) && ok;
  }
  const long long count = counter.Stop();
  EXPECT_TRUE(ok);
  EXPECT_EQ(count, 0);
}

TEST(AllocationTest, StateMachineWithLayersDoesNotAllocate) {
  // The locomotion machine with an override layer that follows the same transitions under a
  // mask, an additive layer against each state's start (its own reference cursors) and one
  // against a reference clip, weighted by speed.
  setup::Json doc = setup::Json::parse(kLocomotionSetup);
  doc["version"] = 3;
  setup::Json upper = setup::Json::object();
  upper["name"] = "upper";
  upper["mask"] = setup::Json::parse(R"({"include": ["joint1"], "exclude": []})");
  upper["states"] = doc["states"];
  upper["default_state"] = "idle";
  upper["transitions"] = doc["transitions"];
  setup::Json lean = upper;
  lean["name"] = "lean";
  lean["blend"] = "additive";
  lean["weight_parameter"] = "speed";
  lean.erase("mask");
  setup::Json sway = lean;
  sway["name"] = "sway";
  sway["reference"] = "clip2";
  doc["layers"] = setup::Json::array({upper, lean, sway});
  Result<anim::setup::Setup> setup = setup::parse_setup(doc.dump(), "layers.json");
  ASSERT_TRUE(setup.ok()) << setup.error().to_string();
  const Skeleton skeleton = MakeSkeleton();
  const std::vector<Clip> clips = MakeClips();
  Result<StateMachineDef> def = compile_setup(setup.value(), clips);
  ASSERT_TRUE(def.ok()) << def.error().to_string();
  StateMachineInstance machine(def.value(), skeleton, clips);
  std::vector<Transform> pose(kJoints);
  const int speed = def.value().find_parameter("speed");
  const int stop = def.value().find_parameter("stop");

  AllocationCounter counter;
  bool evaluated = true;
  int most_active = 0;
  for (int i = 0; i < 600; ++i) {
    machine.set_value(speed, (i / 37) % 3 == 0 ? 0.0f : (i / 37) % 3 == 1 ? 0.6f : 1.0f);
    if (i % 150 == 149) machine.set_value(stop, 1.0f);
    machine.update(1.0f / 60.0f);
    evaluated = machine.evaluate(pose) && evaluated;
    for (int layer = 1; layer < machine.layer_count(); ++layer) {
      most_active = std::max(most_active, static_cast<int>(machine.active_states(layer).size()));
    }
  }
  const long long count = counter.Stop();
  EXPECT_TRUE(evaluated);
  EXPECT_EQ(machine.layer_count(), 4);
  EXPECT_GE(most_active, 2) << "the layers should run transitions too";
  EXPECT_EQ(count, 0);
}

// A 2D blend space (three clips mixed at once inside a triangle, two outside the hull) beside a
// clip state, with transitions between them both ways.
namespace {

const char* const kStrafeSetup = R"({
  "format": "animscope.setup", "version": 1, "model": "unused.x",
  "parameters": [
    {"name": "x", "type": "float", "default": 0, "rate": 3},
    {"name": "y", "type": "float", "default": 0},
    {"name": "moving", "type": "bool", "default": false}
  ],
  "blend_spaces": [
    {"name": "strafe", "parameters": ["x", "y"],
     "points": [{"clip": "clip0", "position": [0, 0]}, {"clip": "clip1", "position": [1, 0]},
                {"clip": "clip2", "position": [0, 1]}, {"clip": "clip1", "position": [-1, -1]}]}
  ],
  "states": [
    {"name": "idle", "motion": "clip0"},
    {"name": "strafe", "motion": "strafe"}
  ],
  "default_state": "idle",
  "transitions": [
    {"from": "idle", "to": "strafe", "conditions": [{"parameter": "moving", "op": "true"}],
     "duration": 0.2, "interruption": "destination"},
    {"from": "strafe", "to": "idle", "conditions": [{"parameter": "moving", "op": "false"}],
     "duration": 0.2, "interruption": "destination"}
  ]
})";

}  // namespace

TEST(AllocationTest, StateMachineWith2DBlendSpaceDoesNotAllocate) {
  const Skeleton skeleton = MakeSkeleton();
  const std::vector<Clip> clips = MakeClips();
  Result<anim::setup::Setup> setup = setup::parse_setup(kStrafeSetup, "strafe.json");
  ASSERT_TRUE(setup.ok()) << setup.error().to_string();
  Result<StateMachineDef> def = compile_setup(setup.value(), clips);
  ASSERT_TRUE(def.ok()) << def.error().to_string();
  ASSERT_EQ(def.value().blend_spaces_2d.size(), 1u);
  StateMachineInstance machine(def.value(), skeleton, clips);
  std::vector<Transform> pose(kJoints);

  AllocationCounter counter;
  bool evaluated = true;
  int most_active = 0;
  for (int i = 0; i < 1000; ++i) {
    // The parameter point circles inside and outside the hull; the state comes and goes.
    const float angle = 0.05f * static_cast<float>(i);
    const float radius = (i / 100) % 2 == 0 ? 0.4f : 2.5f;
    machine.set_value(0, radius * std::cos(angle));
    machine.set_value(1, radius * std::sin(angle));
    machine.set_value(2, (i / 45) % 3 == 0 ? 0.0f : 1.0f);
    machine.update(1.0f / 60.0f);
    evaluated = machine.evaluate(pose) && evaluated;
    most_active = std::max(most_active, static_cast<int>(machine.active_states().size()));
  }
  const long long count = counter.Stop();
  EXPECT_TRUE(evaluated);
  EXPECT_GE(most_active, 2) << "the run should include transitions";
  EXPECT_EQ(count, 0);
}

// The game's path on a package's compressed clips: the state machine with every kind of layer
// evaluated in SoA, SoA local-to-model and the palette, frame after frame.
TEST(AllocationTest, GamePathOnCompressedClipsDoesNotAllocate) {
  setup::Json doc = setup::Json::parse(kLocomotionSetup);
  doc["version"] = 3;
  setup::Json upper = setup::Json::object();
  upper["name"] = "upper";
  upper["mask"] = setup::Json::parse(R"({"include": ["joint1"], "exclude": []})");
  upper["states"] = doc["states"];
  upper["default_state"] = "idle";
  upper["transitions"] = doc["transitions"];
  setup::Json lean = upper;
  lean["name"] = "lean";
  lean["blend"] = "additive";
  lean.erase("mask");
  doc["layers"] = setup::Json::array({upper, lean});
  Result<anim::setup::Setup> setup = setup::parse_setup(doc.dump(), "layers.json");
  ASSERT_TRUE(setup.ok()) << setup.error().to_string();
  const Skeleton skeleton = MakeSkeleton();
  const std::vector<Clip> clips = MakeClips();
  Result<StateMachineDef> def = compile_setup(setup.value(), clips);
  ASSERT_TRUE(def.ok()) << def.error().to_string();
  std::vector<CompressedClip> packed;
  for (const Clip& clip : clips) {
    Result<bake::CompressedResult> c = bake::compress_clip(clip, skeleton);
    ASSERT_TRUE(c.ok());
    packed.push_back(std::move(c.value().clip));
  }
  SoaPose rest = make_soa_pose(kJoints);
  to_soa(skeleton.rest, rest);
  StateMachineInstance machine(def.value(), skeleton, packed, rest);
  StateMachineScratch scratch(def.value(), kJoints);
  SoaPose pose = make_soa_pose(kJoints);
  std::vector<glm::mat4> model(kJoints), palette(kJoints);
  std::vector<int16_t> skin_joints(kJoints);
  for (int j = 0; j < kJoints; ++j) skin_joints[j] = static_cast<int16_t>(j);
  const std::vector<glm::mat4> inverse_bind(kJoints, glm::mat4(1.0f));
  const int speed = def.value().find_parameter("speed");
  const int stop = def.value().find_parameter("stop");

  AllocationCounter counter;
  bool ran = true;
  int most_active = 0;
  for (int i = 0; i < 600; ++i) {
    machine.set_value(speed, (i / 37) % 3 == 0 ? 0.0f : (i / 37) % 3 == 1 ? 0.6f : 1.0f);
    if (i % 150 == 149) machine.set_value(stop, 1.0f);
    machine.update(1.0f / 60.0f);
    ran = machine.evaluate_soa(pose, scratch) && ran;
    ran = SoaLocalToModelJob{skeleton.parents, pose, glm::mat4(1.0f), model}.run() && ran;
    ran = SkinningPaletteJob{model, skin_joints, inverse_bind, palette}.run() && ran;
    most_active = std::max(most_active, static_cast<int>(machine.active_states().size()));
  }
  const long long count = counter.Stop();
  EXPECT_TRUE(ran);
  EXPECT_GE(most_active, 2) << "the run should include transitions";
  EXPECT_EQ(count, 0);
}

TEST(AllocationTest, PlayerOnCompressedClipsDoesNotAllocate) {
  const Skeleton skeleton = MakeSkeleton();
  const std::vector<Clip> clips = MakeClips();
  std::vector<CompressedClip> packed;
  for (const Clip& clip : clips) {
    Result<bake::CompressedResult> c = bake::compress_clip(clip, skeleton);
    ASSERT_TRUE(c.ok());
    packed.push_back(std::move(c.value().clip));
  }
  Player player(skeleton, packed);
  ASSERT_TRUE(player.play(0));
  CrossfadeOptions fade;
  fade.seconds = 0.3f;
  AllocationCounter counter;
  bool ok = true;
  for (int i = 0; i < 600; ++i) {
    if (i == 100) ok = ok && player.crossfade(1, fade);
    if (i == 110) ok = ok && player.crossfade(2, fade);
    player.update(1.0f / 60.0f);
  }
  const long long count = counter.Stop();
  EXPECT_TRUE(ok);
  EXPECT_EQ(count, 0);
}
}  // namespace anim
