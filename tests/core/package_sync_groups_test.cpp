// Sync groups in packages (1.9): the GRUP section (group names, each state's group and role in
// the base and its layers) read back, refused when damaged with the section named, skipped by an
// older reader, and a package playing the same frames as the def it was made from.
#include <vector>

#include <gtest/gtest.h>

#include "anim/bake/clip_compression.h"
#include "anim/bake/package_writer.h"
#include "anim/package.h"
#include "anim/package_format.h"
#include "anim/state_machine.h"
#include "support/clips.h"
#include "support/machines.h"
#include "support/packages.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

StateDef InGroup(StateDef s, int group, SyncRole role) {
  s.sync_group = group;
  s.sync_role = role;
  return s;
}

// Base: A (in "loco"), B (in "loco", leader), C (none). A layer: A in "arms" as a follower, B in
// "loco" as a follower.
Package grouped_package() {
  StateMachineDef def;
  def.parameters = {Parameter("go", ParameterType::kBool)};
  def.sync_groups = {"loco", "arms"};
  def.states = {InGroup(ClipState("A", 0), 0, SyncRole::kAuto),
                InGroup(ClipState("B", 1), 0, SyncRole::kLeader), ClipState("C", 0)};
  def.transitions = {Go(0, 1, {{0, ConditionOp::kTrue, 0.0f}}, 0.4f),
                     Go(1, 0, {{0, ConditionOp::kFalse, 0.0f}}, 0.3f)};
  LayerDef layer;
  layer.name = "upper";
  layer.states = {InGroup(ClipState("A", 0), 1, SyncRole::kFollower),
                  InGroup(ClipState("B", 1), 0, SyncRole::kFollower)};
  layer.transitions = {Go(0, 1, {{0, ConditionOp::kTrue, 0.0f}}, 0.2f)};
  def.layers = {layer};
  return package_of(def, chain(), {StillClip("a", 1.0f, 3), StillClip("b", 0.7f, 3)});
}

TEST(PackageSyncGroups, ReadsBackEachStatesGroupAndRole) {
  const std::vector<uint8_t> bytes = bake::write_package(grouped_package());
  EXPECT_TRUE(HasSection(bytes, package::kSyncGroups));
  Result<Package> r = load(bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const StateMachineDef& m = r.value().state_machine;
  EXPECT_EQ(m.sync_groups, (std::vector<std::string>{"loco", "arms"}));
  EXPECT_EQ(m.states[0].sync_group, 0);
  EXPECT_EQ(m.states[0].sync_role, SyncRole::kAuto);
  EXPECT_EQ(m.states[1].sync_group, 0);
  EXPECT_EQ(m.states[1].sync_role, SyncRole::kLeader);
  EXPECT_EQ(m.states[2].sync_group, -1);
  EXPECT_EQ(m.layers[0].states[0].sync_group, 1);
  EXPECT_EQ(m.layers[0].states[0].sync_role, SyncRole::kFollower);
  EXPECT_EQ(m.layers[0].states[1].sync_group, 0);
}

TEST(PackageSyncGroups, NoGroupsWriteNoSection) {
  Package p = grouped_package();
  p.state_machine.sync_groups.clear();
  for (StateDef& s : p.state_machine.states) s.sync_group = -1;
  for (StateDef& s : p.state_machine.layers[0].states) s.sync_group = -1;
  const std::vector<uint8_t> bytes = bake::write_package(p);
  EXPECT_FALSE(HasSection(bytes, package::kSyncGroups));
  EXPECT_TRUE(load(bytes).ok());
}

TEST(PackageSyncGroups, BadValuesAreRefusedWithTheSectionNamed) {
  Package p = grouped_package();
  p.state_machine.states[2].sync_group = 2;  // Two groups only.
  ExpectRefused(p, "(GRUP)", "machine 0, state 2: sync group 2 out of range");
  p = grouped_package();
  p.state_machine.layers[0].states[1].sync_group = -2;
  ExpectRefused(p, "(GRUP)", "machine 1, state 1: sync group -2 out of range");
  p = grouped_package();
  p.state_machine.layers[0].states[0].sync_role = static_cast<SyncRole>(3);
  ExpectRefused(p, "(GRUP)", "machine 1, state 0: unknown sync role 3");
  p = grouped_package();
  p.state_machine.sync_groups[1] = "";
  ExpectRefused(p, "(GRUP)", "a sync group's name is empty");
  ExpectCorruptionRefusedOrHarmless(bake::write_package(grouped_package()));
}

TEST(PackageSyncGroups, AnOlderReaderPlaysWithoutGroups) {
  std::vector<uint8_t> bytes = bake::write_package(grouped_package());
  RenameSections(bytes, package::kSyncGroups, package::fourcc('G', 'R', 'U', 'X'));
  Result<Package> r = load(bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const StateMachineDef& m = r.value().state_machine;
  EXPECT_TRUE(m.sync_groups.empty());
  EXPECT_EQ(m.states[0].sync_group, -1);
  EXPECT_EQ(m.layers[0].states[1].sync_group, -1);
}

TEST(PackageSyncGroups, APackagePlaysTheSameFramesAsItsDef) {
  // Moving clips of different lengths: where each plays shows in the pose, and the group moves
  // the followers off their own pace. The machine loaded from the package and the one it was
  // made from agree bit for bit; without the group, the layer's A would play elsewhere.
  Package p = grouped_package();
  p.clips.clear();
  for (const Clip& clip : {SlideClip("a", 1.0f, {0, 0, 0}, {1, 0, 0}, 3),
                           SlideClip("b", 0.7f, {0, 2, 0}, {0, 0, 0}, 3)}) {
    p.clips.push_back(bake::compress_clip(clip, p.skeleton).value().clip);
  }
  Result<Package> loaded = load(bake::write_package(p));
  ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
  StateMachineInstance made(p.state_machine, p.skeleton, ClipSet(p.clips));
  StateMachineInstance read(loaded.value().state_machine, p.skeleton, ClipSet(p.clips));
  std::vector<Transform> a(3), b(3);
  int followed = 0;
  for (int frame = 0; frame < 240; ++frame) {
    const bool go = (frame / 50) % 2 == 1;
    ASSERT_TRUE(made.set_bool("go", go));
    ASSERT_TRUE(read.set_bool("go", go));
    made.update(1.0f / 30.0f);
    read.update(1.0f / 30.0f);
    ASSERT_TRUE(made.evaluate(a));
    ASSERT_TRUE(read.evaluate(b));
    for (std::size_t j = 0; j < a.size(); ++j) {
      ASSERT_EQ(a[j].translation, b[j].translation) << "frame " << frame << ", joint " << j;
      ASSERT_EQ(a[j].rotation, b[j].rotation) << "frame " << frame << ", joint " << j;
    }
    for (const auto& s : read.active_states(1)) {
      followed += s.group == StateMachineInstance::GroupSync::kFollows;
    }
  }
  EXPECT_GT(followed, 100);
}

}  // namespace
}  // namespace anim
