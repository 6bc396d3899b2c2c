// Layers in packages (the LAYR section): written and read back, played like the setup they came
// from; damaged or inconsistent layers refused with an error naming the section.
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/bake/clip_compression.h"
#include "anim/bake/package_writer.h"
#include "anim/package.h"
#include "anim/package_format.h"
#include "anim/setup/setup.h"
#include "anim/state_machine.h"
#include "support/maths.h"
#include "support/packages.h"
#include "support/setups.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

// Three clips, each moving the root its own way and bending the middle and tip joints.
std::vector<Clip> float_clips() {
  const char* names[] = {"walk", "wave", "lean"};
  const float durations[] = {1.0f, 0.8f, 1.2f};
  const glm::vec3 moves[] = {{0, 0, 2}, {-1, 0, 0}, {0, 0.5f, 0}};
  std::vector<Clip> clips;
  for (int c = 0; c < 3; ++c) {
    ClipBuilder b(names[c], durations[c], 3);
    for (int f = 0; f <= 24; ++f) {
      const float u = f / 24.0f;
      const float t = u * durations[c];
      b.add_translation(0, t, u * moves[c]);
      b.add_rotation(1, t, RotZ(15.0f * (c + 1) * std::sin(6.2831853f * u)));
      b.add_rotation(2, t, RotZ(-20.0f * (c + 1) * u));
    }
    clips.push_back(b.build());
  }
  return clips;
}

// A walk, an upper-body layer (mid and below) that waves while "waving", and an additive lean
// scaled by "lean".
setup::Setup layered_setup() {
  setup::Setup s =
      SetupOf("m.x", {Param("waving", ParameterType::kBool), Bounded("lean", 0.0f, 1.0f)},
              {State("Walk", "walk")});
  setup::SetupLayer upper;
  upper.name = "Upper";
  upper.weight = 0.75f;
  upper.mask_include = {"mid"};
  upper.states = {State("Still", "walk"), State("Wave", "wave")};
  upper.default_state = "Still";
  upper.transitions = {Transition("Still", "Wave", {When("waving", ConditionOp::kTrue)})};
  setup::SetupLayer additive;
  additive.name = "Lean";
  additive.blend = LayerBlend::kAdditive;
  additive.weight_parameter = "lean";
  additive.mask_exclude = {"tip"};
  additive.reference = "walk";
  additive.states = {State("Lean", "lean")};
  additive.default_state = "Lean";
  s.layers = {upper, additive};
  return s;
}

class PackageLayersTest : public CompiledSetupTest {
 protected:
  PackageLayersTest() : CompiledSetupTest(layered_setup(), float_clips()) {}
};

TEST_F(PackageLayersTest, RoundTripKeepsEveryLayerField) {
  ASSERT_EQ(def_.layers.size(), 2u);
  Result<Package> back = RoundTrip();
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  const std::vector<LayerDef>& layers = back.value().state_machine.layers;
  ASSERT_EQ(layers.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const LayerDef& a = def_.layers[i];
    const LayerDef& b = layers[i];
    EXPECT_EQ(b.name, a.name);
    EXPECT_EQ(b.blend, a.blend);
    EXPECT_EQ(b.weight, a.weight);
    EXPECT_EQ(b.weight_parameter, a.weight_parameter);
    EXPECT_EQ(b.reference_clip, a.reference_clip);
    EXPECT_EQ(b.mask.include, a.mask.include);
    EXPECT_EQ(b.mask.exclude, a.mask.exclude);
    EXPECT_EQ(b.default_state, a.default_state);
    ASSERT_EQ(b.states.size(), a.states.size());
    for (std::size_t s = 0; s < a.states.size(); ++s) {
      EXPECT_EQ(b.states[s].name, a.states[s].name);
      EXPECT_EQ(b.states[s].motion.index, a.states[s].motion.index);
    }
    ASSERT_EQ(b.transitions.size(), a.transitions.size());
  }
  // By hand: Upper weighs 0.75 over "mid"; Lean adds against walk's first frame, scaled by lean
  // (parameter 1), without the tip.
  EXPECT_EQ(layers[0].weight, 0.75f);
  EXPECT_EQ(layers[0].mask.include, (std::vector<std::string>{"mid"}));
  EXPECT_EQ(layers[0].transitions[0].to, 1);
  EXPECT_EQ(layers[1].blend, LayerBlend::kAdditive);
  EXPECT_EQ(layers[1].weight_parameter, 1);
  EXPECT_EQ(layers[1].reference_clip, 0);
  EXPECT_EQ(layers[1].mask.exclude, (std::vector<std::string>{"tip"}));
}

TEST_F(PackageLayersTest, PackagePlaysLikeTheSetupWithinCompressionTolerance) {
  Result<Package> back = RoundTrip();
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  const Package& p = back.value();
  StateMachineInstance from_setup(def_, skeleton_, clips_);
  StateMachineInstance from_package(p.state_machine, p.skeleton, ClipSet(p.clips));
  std::vector<Transform> a(3), b(3);
  for (int frame = 0; frame < 90; ++frame) {
    for (StateMachineInstance* sm : {&from_setup, &from_package}) {
      ASSERT_TRUE(sm->set_bool("waving", frame >= 30));
      ASSERT_TRUE(sm->set_float("lean", 0.5f + 0.5f * std::sin(0.1f * static_cast<float>(frame))));
      sm->update(1.0f / 30.0f);
    }
    EXPECT_EQ(from_setup.current_state(1), from_package.current_state(1));
    ASSERT_TRUE(from_setup.evaluate(a));
    ASSERT_TRUE(from_package.evaluate(b));
    for (int j = 0; j < 3; ++j) {
      EXPECT_NEAR(glm::length(a[j].translation - b[j].translation), 0.0f, 2e-3f)
          << "frame " << frame << " joint " << j;
      EXPECT_NEAR(std::fabs(glm::dot(a[j].rotation, b[j].rotation)), 1.0f, 1e-4f)
          << "frame " << frame << " joint " << j;
    }
  }
  EXPECT_EQ(from_package.current_state(1), 1) << "waving";
}

TEST_F(PackageLayersTest, InconsistentLayersAreRefusedNamingTheSection) {
  const std::string bad_fields = "bad blend, weight, weight parameter or reference clip";
  {
    Package p = good();
    p.state_machine.layers[0].weight = 1.5f;
    ExpectRefused(p, "LAYR", "layer \"Upper\": " + bad_fields);
  }
  {
    Package p = good();
    p.state_machine.layers[1].blend = static_cast<LayerBlend>(7);
    ExpectRefused(p, "LAYR", "layer \"Lean\": " + bad_fields);
  }
  {
    Package p = good();
    p.state_machine.layers[1].weight_parameter = 0;  // "waving", a bool.
    ExpectRefused(p, "LAYR", bad_fields);
  }
  {
    Package p = good();
    p.state_machine.layers[1].reference_clip = 3;  // Three clips.
    ExpectRefused(p, "LAYR", bad_fields);
  }
  {
    Package p = good();
    p.state_machine.layers[0].states[1].motion.index = 3;
    ExpectRefused(p, "LAYR", "state \"Wave\": bad motion or speed");
  }
  {
    Package p = good();
    p.state_machine.layers[0].transitions[0].to = 2;  // Two states in the layer.
    ExpectRefused(p, "LAYR", "a transition is out of range");
  }
  {
    Package p = good();
    p.state_machine.layers[0].default_state = 2;
    ExpectRefused(p, "LAYR", "layer \"Upper\": no states, or the default state is out of range");
  }
  {
    Package p = good();
    p.state_machine.layers[1].states[0].motion = MotionRef{MotionRef::Kind::kBlendSpace2D, 0};
    ExpectRefused(p, "LAYR", "\"Lean\" plays a 2D blend space, but there is no BS2D section");
  }
}

TEST_F(PackageLayersTest, AMachineWithoutLayersWritesNoSectionAndLayersBeforeTheMachineAreRefused) {
  Package p = good();
  p.state_machine.layers.clear();
  const std::vector<uint8_t> bytes = bake::write_package(p);
  EXPECT_FALSE(HasSection(bytes, package::kLayers));
  EXPECT_TRUE(load(bytes).ok());

  // The machine's entry and the layers' swapped in the table: the layers come first.
  std::vector<uint8_t> swapped = bake::write_package(good());
  uint8_t* table = swapped.data() + sizeof(package::Header);
  int machine = -1, layers = -1;
  const std::vector<package::SectionEntry> sections = Sections(swapped);
  for (std::size_t i = 0; i < sections.size(); ++i) {
    if (sections[i].kind == package::kMachine) machine = static_cast<int>(i);
    if (sections[i].kind == package::kLayers) layers = static_cast<int>(i);
  }
  ASSERT_GE(machine, 0);
  ASSERT_GE(layers, 0);
  uint8_t tmp[sizeof(package::SectionEntry)];
  std::memcpy(tmp, table + machine * sizeof(tmp), sizeof(tmp));
  std::memcpy(table + machine * sizeof(tmp), table + layers * sizeof(tmp), sizeof(tmp));
  std::memcpy(table + layers * sizeof(tmp), tmp, sizeof(tmp));
  Result<Package> r = load(swapped);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().path.find("LAYR"), std::string::npos) << r.error().to_string();
  EXPECT_NE(r.error().message.find("layers before the state machine"), std::string::npos);
}

TEST_F(PackageLayersTest, EveryFlippedByteOrTruncationIsRefusedOrHarmless) {
  testutil::ExpectCorruptionRefusedOrHarmless(bake::write_package(good()));
}

}  // namespace
}  // namespace anim
