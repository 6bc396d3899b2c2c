// Characters updated on two threads at once (issue 25): nothing in anim_core is shared and written
// between instances of one def, skeleton and clip set, so a crowd split across threads gives the
// same poses and moves, bit for bit, as one thread; ThreadSanitizer runs this in CI
// (ANIMSCOPE_TSAN) to see that no two threads touch the same memory unguarded.
#include <cmath>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "anim/root_motion_builder.h"
#include "anim/soa_pose.h"
#include "anim/state_machine.h"
#include "anim/state_machine_scratch.h"
#include "support/machines.h"

namespace anim {
namespace {

constexpr float kPi = 3.14159265358979f;

// Root -> Hips -> Leg, a walk and a run whose hips move and turn, and a blend space between them
// on `speed`, entered from Idle.
struct Crowd {
  Skeleton skeleton;
  std::vector<Clip> clips;
  std::vector<RootMotionTrack> tracks;
  StateMachineDef def;

  Crowd() {
    skeleton.names = {"Root", "Hips", "Leg"};
    skeleton.parents = {-1, 0, 1};
    skeleton.rest.resize(3);
    skeleton.rest[1].translation = {0, 1, 0};
    for (float speed : {1.0f, 3.0f}) {
      ClipBuilder b(speed < 2 ? "walk" : "run", 1.0f / speed + 0.5f, 3);
      for (int k = 0; k <= 20; ++k) {
        const float t = (1.0f / speed + 0.5f) * static_cast<float>(k) / 20.0f;
        b.add_translation(1, t, {0.1f * std::sin(3 * t), 1.0f, speed * t});
        b.add_rotation(1, t, glm::angleAxis(0.3f * t, glm::vec3(0, 1, 0)));
        b.add_rotation(2, t, glm::angleAxis(std::sin(2 * kPi * t), glm::vec3(1, 0, 0)));
      }
      clips.push_back(b.build());
    }
    RootMotionSettings settings;
    settings.joint = 1;
    for (Clip& c : clips) tracks.push_back(extract_root_motion(skeleton, settings, c).value());
    ParameterDef speed;
    speed.name = "speed";
    speed.max = 1.0f;
    def.parameters = {speed};
    def.blend_spaces = {testutil::Space1D("move", 0, {0, 1}, {0.0f, 1.0f})};
    def.states = {testutil::ClipState("Idle", 0, 0.0f), testutil::SpaceState("Move", 0)};
    TransitionDef go;
    go.from = 0;
    go.to = 1;
    go.conditions = {ConditionDef{0, ConditionOp::kGreater, 0.1f}};
    go.duration = 0.3f;
    TransitionDef stop = go;
    stop.from = 1;
    stop.to = 0;
    stop.conditions = {ConditionDef{0, ConditionOp::kLess, 0.1f}};
    def.transitions = {go, stop};
    def.root_motion_joint = 1;
  }
};

// Characters [begin, end): each one's poses and moves over `frames` frames, as floats.
void run_part(const Crowd& crowd, const SoaPose& rest, int begin, int end, int frames,
              std::vector<std::vector<float>>* out) {
  for (int i = begin; i < end; ++i) {
    StateMachineInstance sm(crowd.def, crowd.skeleton,
                            ClipSet(crowd.clips).with_root_motion(crowd.tracks), rest);
    StateMachineScratch scratch(crowd.def, crowd.skeleton.joint_count());
    SoaPose pose = make_soa_pose(crowd.skeleton.joint_count());
    std::vector<float>& record = (*out)[static_cast<std::size_t>(i)];
    for (int f = 0; f < frames; ++f) {
      sm.set_value(0, 0.5f + 0.6f * std::sin(0.05f * static_cast<float>(f) + 0.7f * i));
      const RootMotion m = sm.update(1.0f / 60.0f);
      ASSERT_TRUE(sm.evaluate_soa(pose, scratch));
      const float* p = reinterpret_cast<const float*>(pose.data());
      record.insert(record.end(), p, p + pose.size() * sizeof(SoaTransform) / sizeof(float));
      record.insert(record.end(), {m.translation.x, m.translation.y, m.translation.z, m.rotation.w,
                                   m.rotation.x, m.rotation.y, m.rotation.z});
    }
  }
}

TEST(StateMachineThreads, TwoThreadsGiveTheSamePosesAsOneBitForBit) {
  const Crowd crowd;
  SoaPose rest = make_soa_pose(crowd.skeleton.joint_count());
  to_soa(crowd.skeleton.rest, rest);
  const int characters = 16, frames = 240;
  std::vector<std::vector<float>> alone(characters), together(characters);
  run_part(crowd, rest, 0, characters, frames, &alone);
  std::thread other([&] { run_part(crowd, rest, characters / 2, characters, frames, &together); });
  run_part(crowd, rest, 0, characters / 2, frames, &together);
  other.join();
  for (int i = 0; i < characters; ++i) {
    ASSERT_EQ(alone[i].size(), together[i].size());
    EXPECT_EQ(std::memcmp(alone[i].data(), together[i].data(), alone[i].size() * sizeof(float)), 0)
        << "character " << i;
  }
  // They did move and change state.
  float moved = 0.0f;
  for (std::size_t k = alone[0].size() - 7; k < alone[0].size() - 4; ++k)
    moved += std::fabs(alone[0][k]);
  EXPECT_GT(moved, 0.0f);
}

}  // namespace
}  // namespace anim
