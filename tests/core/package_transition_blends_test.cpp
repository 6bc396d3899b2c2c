// How transitions blend, in packages (the TBLD section, 1.7): written only when a transition is
// not a crossfade, read back for the base and each layer, refused when damaged with the section
// named, and skipped by an older reader (which crossfades every transition).
#include <vector>

#include <gtest/gtest.h>

#include "anim/bake/package_writer.h"
#include "anim/package.h"
#include "anim/package_format.h"
#include "support/clips.h"
#include "support/machines.h"
#include "support/packages.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

// Two states in the base and in a layer; the base's second transition and the layer's first
// inertialize.
Package blended_package() {
  StateMachineDef def;
  def.parameters = {Parameter("go", ParameterType::kBool)};
  def.states = {ClipState("A", 0), ClipState("B", 1)};
  const ConditionDef go{0, ConditionOp::kTrue, 0.0f}, stop{0, ConditionOp::kFalse, 0.0f};
  def.transitions = {Go(0, 1, {go}, 0.2f), Go(1, 0, {stop}, 0.3f)};
  def.transitions[1].blend = TransitionBlend::kInertialize;
  LayerDef layer;
  layer.name = "upper";
  layer.states = def.states;
  layer.transitions = {Go(0, 1, {go}, 0.25f)};
  layer.transitions[0].blend = TransitionBlend::kInertialize;
  def.layers = {layer};
  return package_of(def, chain(), {StillClip("a", 1.0f, 3), StillClip("b", 1.0f, 3)});
}

TEST(PackageTransitionBlends, ReadsBackEachMachinesBlends) {
  const std::vector<uint8_t> bytes = bake::write_package(blended_package());
  EXPECT_TRUE(HasSection(bytes, package::kTransitionBlends));
  Result<Package> r = load(bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const StateMachineDef& m = r.value().state_machine;
  ASSERT_EQ(m.transitions.size(), 2u);
  EXPECT_EQ(m.transitions[0].blend, TransitionBlend::kCrossfade);
  EXPECT_EQ(m.transitions[1].blend, TransitionBlend::kInertialize);
  ASSERT_EQ(m.layers.size(), 1u);
  EXPECT_EQ(m.layers[0].transitions[0].blend, TransitionBlend::kInertialize);
}

TEST(PackageTransitionBlends, CrossfadesAloneWriteNoSection) {
  Package p = blended_package();
  p.state_machine.transitions[1].blend = TransitionBlend::kCrossfade;
  p.state_machine.layers[0].transitions[0].blend = TransitionBlend::kCrossfade;
  const std::vector<uint8_t> bytes = bake::write_package(p);
  EXPECT_FALSE(HasSection(bytes, package::kTransitionBlends));
  Result<Package> r = load(bytes);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value().state_machine.transitions[1].blend, TransitionBlend::kCrossfade);
}

TEST(PackageTransitionBlends, AnUnknownBlendAndDamagedBytesAreRefused) {
  Package p = blended_package();
  p.state_machine.layers[0].transitions[0].blend = static_cast<TransitionBlend>(7);
  ExpectRefused(p, "(TBLD)", "machine 1, transition 0: unknown blend 7");
  ExpectCorruptionRefusedOrHarmless(bake::write_package(blended_package()));
}

TEST(PackageTransitionBlends, AnOlderReaderCrossfades) {
  // A 1.6 reader does not know the section: as if it were not there (renaming its kind shows
  // the same, as its CRC covers its bytes, not its kind).
  std::vector<uint8_t> bytes = bake::write_package(blended_package());
  RenameSections(bytes, package::kTransitionBlends, package::fourcc('T', 'B', 'L', 'X'));
  Result<Package> r = load(bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r.value().state_machine.transitions[1].blend, TransitionBlend::kCrossfade);
  EXPECT_EQ(r.value().state_machine.layers[0].transitions[0].blend, TransitionBlend::kCrossfade);
}

}  // namespace
}  // namespace anim
