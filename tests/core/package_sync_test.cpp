// Sync markers and dead blends in packages (1.8): the SYNC section (marker names, markers, the
// blend spaces' and transitions' sync) and the DEAD section (half-lives), read back for the base
// and a layer, refused when damaged with the section named, skipped by an older reader.
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

// A walk/run blend space synced by markers, two clip states, a synced dead blend in the base
// and one in a layer.
Package synced_package() {
  StateMachineDef def;
  def.parameters = {Parameter("speed", ParameterType::kFloat)};
  def.blend_spaces = {Space1D("move", 0, {0, 1}, {0.0f, 1.0f})};
  def.blend_spaces[0].sync = SyncMode::kMarkers;
  def.states = {ClipState("A", 0), ClipState("B", 1), SpaceState("Move", 0)};
  const ConditionDef fast{0, ConditionOp::kGreater, 0.5f}, slow{0, ConditionOp::kLess, 0.5f};
  def.transitions = {Go(0, 1, {fast}, 0.2f), Go(1, 0, {slow}, 0.3f)};
  def.transitions[0].sync = SyncMode::kMarkers;
  def.transitions[1].blend = TransitionBlend::kDeadBlend;
  def.transitions[1].half_life = 0.05f;
  LayerDef layer;
  layer.name = "upper";
  layer.states = {ClipState("A", 0), ClipState("B", 1)};
  layer.transitions = {Go(0, 1, {fast}, 0.25f)};
  layer.transitions[0].blend = TransitionBlend::kDeadBlend;
  layer.transitions[0].half_life = 0.2f;
  layer.transitions[0].sync = SyncMode::kMarkers;
  def.layers = {layer};
  def.marker_names = {"L", "R"};
  def.markers = {{0, 0, 0.25f}, {0, 1, 0.75f}, {1, 1, 0.1f}, {1, 0, 0.6f}};
  return package_of(def, chain(), {StillClip("a", 1.0f, 3), StillClip("b", 1.0f, 3)});
}

TEST(PackageSync, ReadsBackMarkersSyncsAndHalfLives) {
  const std::vector<uint8_t> bytes = bake::write_package(synced_package());
  EXPECT_TRUE(HasSection(bytes, package::kSync));
  EXPECT_TRUE(HasSection(bytes, package::kHalfLives));
  Result<Package> r = load(bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const StateMachineDef& m = r.value().state_machine;
  const StateMachineDef& in = synced_package().state_machine;
  ASSERT_EQ(m.marker_names, in.marker_names);
  ASSERT_EQ(m.markers.size(), in.markers.size());
  for (std::size_t i = 0; i < m.markers.size(); ++i) {
    EXPECT_EQ(m.markers[i].clip, in.markers[i].clip);
    EXPECT_EQ(m.markers[i].name, in.markers[i].name);
    EXPECT_EQ(m.markers[i].time, in.markers[i].time);
  }
  EXPECT_EQ(m.blend_spaces[0].sync, SyncMode::kMarkers);
  EXPECT_EQ(m.transitions[0].sync, SyncMode::kMarkers);
  EXPECT_EQ(m.transitions[1].sync, SyncMode::kNormalized);
  EXPECT_EQ(m.transitions[1].blend, TransitionBlend::kDeadBlend);
  EXPECT_EQ(m.transitions[1].half_life, 0.05f);
  EXPECT_EQ(m.layers[0].transitions[0].blend, TransitionBlend::kDeadBlend);
  EXPECT_EQ(m.layers[0].transitions[0].half_life, 0.2f);
  EXPECT_EQ(m.layers[0].transitions[0].sync, SyncMode::kMarkers);
}

TEST(PackageSync, NoMarkersNoSyncNoDeadBlendsWriteNoSections) {
  Package p = synced_package();
  StateMachineDef& m = p.state_machine;
  m.markers.clear();
  m.marker_names.clear();
  m.blend_spaces[0].sync = SyncMode::kNormalized;
  m.transitions[0].sync = SyncMode::kNormalized;
  m.layers[0].transitions[0].sync = SyncMode::kNormalized;
  m.transitions[1].blend = TransitionBlend::kInertialize;
  m.layers[0].transitions[0].blend = TransitionBlend::kCrossfade;
  const std::vector<uint8_t> bytes = bake::write_package(p);
  EXPECT_FALSE(HasSection(bytes, package::kSync));
  EXPECT_FALSE(HasSection(bytes, package::kHalfLives));
  EXPECT_TRUE(load(bytes).ok());
}

TEST(PackageSync, BadValuesAreRefusedWithTheSectionNamed) {
  Package p = synced_package();
  p.state_machine.markers[2].time = 1.5f;  // Past clip b's end.
  ExpectRefused(p, "(SYNC)", "marker 2: bad clip, name or time");
  p = synced_package();
  p.state_machine.markers[1].name = 2;  // Only two names.
  ExpectRefused(p, "(SYNC)", "marker 1: bad clip, name or time");
  p = synced_package();
  std::swap(p.state_machine.markers[0], p.state_machine.markers[1]);
  ExpectRefused(p, "(SYNC)", "marker 1: not sorted by clip and time");
  p = synced_package();
  p.state_machine.blend_spaces[0].sync = static_cast<SyncMode>(5);
  ExpectRefused(p, "(SYNC)", "1D blend space 0: unknown sync 5");
  p = synced_package();
  p.state_machine.layers[0].transitions[0].sync = static_cast<SyncMode>(3);
  ExpectRefused(p, "(SYNC)", "machine 1, transition 0: unknown sync 3");
  p = synced_package();
  p.state_machine.transitions[1].half_life = -1.0f;
  ExpectRefused(p, "(DEAD)", "machine 0, transition 1: half-life is not a positive number");
  p = synced_package();
  p.state_machine.marker_names[0] = "";
  ExpectRefused(p, "(SYNC)", "a marker name is empty");
  ExpectCorruptionRefusedOrHarmless(bake::write_package(synced_package()));
}

TEST(PackageSync, AnOlderReaderPlaysInNormalizedTime) {
  std::vector<uint8_t> bytes = bake::write_package(synced_package());
  RenameSections(bytes, package::kSync, package::fourcc('S', 'Y', 'N', 'X'));
  RenameSections(bytes, package::kHalfLives, package::fourcc('D', 'E', 'A', 'X'));
  Result<Package> r = load(bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const StateMachineDef& m = r.value().state_machine;
  EXPECT_TRUE(m.markers.empty());
  EXPECT_EQ(m.blend_spaces[0].sync, SyncMode::kNormalized);
  EXPECT_EQ(m.transitions[1].half_life, TransitionDef{}.half_life);
}

TEST(PackageSync, APackagePlaysTheSameFramesAsItsDef) {
  // Clips that move, so that where each plays shows in the pose: the machine loaded from the
  // package and the one it was made from, on the same compressed clips, agree bit for bit through
  // the synced transitions, the dead blend and the synced blend space.
  Package p = synced_package();
  p.clips.clear();
  for (const Clip& clip : {SlideClip("a", 1.0f, {0, 0, 0}, {1, 0, 0}, 3),
                           SlideClip("b", 1.0f, {0, 2, 0}, {0, 0, 0}, 3)}) {
    p.clips.push_back(bake::compress_clip(clip, p.skeleton).value().clip);
  }
  p.state_machine.transitions.push_back(Go(0, 2, {{0, ConditionOp::kLess, -0.5f}}, 0.1f));
  Result<Package> loaded = load(bake::write_package(p));
  ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
  StateMachineInstance made(p.state_machine, p.skeleton, ClipSet(p.clips));
  StateMachineInstance read(loaded.value().state_machine, p.skeleton, ClipSet(p.clips));
  std::vector<Transform> a(3), b(3);
  for (int frame = 0; frame < 240; ++frame) {
    const float speed = frame < 200 ? ((frame / 40) % 2 == 0 ? 0.0f : 1.0f) : -1.0f;
    ASSERT_TRUE(made.set_float("speed", speed));
    ASSERT_TRUE(read.set_float("speed", speed));
    made.update(1.0f / 30.0f);
    read.update(1.0f / 30.0f);
    ASSERT_TRUE(made.evaluate(a));
    ASSERT_TRUE(read.evaluate(b));
    for (std::size_t j = 0; j < a.size(); ++j) {
      ASSERT_EQ(a[j].translation, b[j].translation) << "frame " << frame << ", joint " << j;
      ASSERT_EQ(a[j].rotation, b[j].rotation) << "frame " << frame << ", joint " << j;
    }
  }
  EXPECT_EQ(made.current_state(), 2);  // The blend space was reached.
}

}  // namespace
}  // namespace anim
