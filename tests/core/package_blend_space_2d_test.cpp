// 2D blend spaces in packages (the BS2D section): written and read back, triangulated again on
// load, played like the setup they came from; damaged or inconsistent data refused with an error
// naming the section.
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

// Four clips of different lengths, each moving the root its own way and bending the middle joint.
std::vector<Clip> float_clips() {
  const char* names[] = {"idle", "forward", "left", "right"};
  const float durations[] = {1.0f, 0.8f, 1.2f, 0.6f};
  const glm::vec3 moves[] = {{0, 0, 0.2f}, {0, 0, 2}, {-2, 0, 0}, {2, 0.5f, 0}};
  std::vector<Clip> clips;
  for (int c = 0; c < 4; ++c) {
    ClipBuilder b(names[c], durations[c], 3);
    for (int f = 0; f <= 24; ++f) {
      const float u = f / 24.0f;
      const float t = u * durations[c];
      b.add_translation(0, t, u * moves[c]);
      b.add_rotation(1, t, RotZ(10.0f * (c + 1) * std::sin(6.2831853f * u)));
    }
    clips.push_back(b.build());
  }
  return clips;
}

// A strafe space on (x, y) and a plain clip state.
setup::Setup strafe_setup() {
  setup::Setup s =
      SetupOf("m.x", {Param("x"), Param("y")}, {State("Idle", "idle"), State("Strafe", "Strafe")});
  s.default_state = "Strafe";
  s.blend_spaces = {Space(
      "Strafe", "x",
      {Point("idle", 0, 0), Point("forward", 0, 1), Point("left", -1, 0), Point("right", 1, 0)},
      "y")};
  return s;
}

class PackageBlendSpace2DTest : public CompiledSetupTest {
 protected:
  PackageBlendSpace2DTest() : CompiledSetupTest(strafe_setup(), float_clips()) {}
};

TEST_F(PackageBlendSpace2DTest, RoundTripKeepsTheSpaceAndTriangulatesItTheSameWay) {
  ASSERT_EQ(def_.blend_spaces_2d.size(), 1u);
  Result<Package> back = RoundTrip();
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  const StateMachineDef& m = back.value().state_machine;
  ASSERT_EQ(m.blend_spaces_2d.size(), 1u);
  const BlendSpace2DDef& a = def_.blend_spaces_2d[0];
  const BlendSpace2DDef& b = m.blend_spaces_2d[0];
  EXPECT_EQ(b.name, "Strafe");
  EXPECT_EQ(b.parameter_x, 0);
  EXPECT_EQ(b.parameter_y, 1);
  EXPECT_EQ(b.clips, (std::vector<int>{0, 1, 2, 3}));
  ASSERT_EQ(b.positions.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(b.positions[i].x, a.positions[i].x);
    EXPECT_EQ(b.positions[i].y, a.positions[i].y);
  }
  EXPECT_EQ(b.triangles, a.triangles);
  EXPECT_EQ(b.triangles.size(), 2u);  // Idle lies on the edge left-right: two triangles.
  EXPECT_EQ(b.hull_edges, a.hull_edges);
  EXPECT_EQ(m.states[1].motion.kind, MotionRef::Kind::kBlendSpace2D);
  EXPECT_EQ(m.states[1].motion.index, 0);
}

TEST_F(PackageBlendSpace2DTest, PackagePlaysLikeTheSetupWithinCompressionTolerance) {
  Result<Package> back = RoundTrip();
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  const Package& p = back.value();
  StateMachineInstance from_setup(def_, skeleton_, clips_);
  StateMachineInstance from_package(p.state_machine, p.skeleton, ClipSet(p.clips));
  std::vector<Transform> a(3), b(3);
  for (int frame = 0; frame < 120; ++frame) {
    // Around the diamond and out of the hull.
    const float angle = 0.1f * static_cast<float>(frame);
    const float radius = frame < 60 ? 0.5f : 1.7f;
    for (StateMachineInstance* sm : {&from_setup, &from_package}) {
      ASSERT_TRUE(sm->set_float("x", radius * std::cos(angle)));
      ASSERT_TRUE(sm->set_float("y", radius * std::sin(angle)));
      sm->update(1.0f / 30.0f);
    }
    ASSERT_TRUE(from_setup.evaluate(a));
    ASSERT_TRUE(from_package.evaluate(b));
    EXPECT_NEAR(from_setup.active_states()[0].normalized_time,
                from_package.active_states()[0].normalized_time, 1e-6f);
    for (int j = 0; j < 3; ++j) {
      EXPECT_NEAR(glm::length(a[j].translation - b[j].translation), 0.0f, 2e-3f)
          << "frame " << frame << " joint " << j;
      EXPECT_NEAR(std::fabs(glm::dot(a[j].rotation, b[j].rotation)), 1.0f, 1e-4f)
          << "frame " << frame << " joint " << j;
    }
  }
}

TEST_F(PackageBlendSpace2DTest, SetupWithout2DSpacesWritesNoSection) {
  Package p = good();
  p.state_machine.blend_spaces_2d.clear();
  p.state_machine.states.pop_back();
  p.state_machine.default_state = 0;
  const std::vector<uint8_t> bytes = bake::write_package(p);
  EXPECT_FALSE(HasSection(bytes, package::kBlendSpaces2D));
  EXPECT_TRUE(load(bytes).ok());
}

TEST_F(PackageBlendSpace2DTest, InconsistentSpacesAreRefusedNamingTheSection) {
  {
    Package p = good();
    p.state_machine.blend_spaces_2d[0].parameter_y = 5;
    ExpectRefused(p, "BS2D", "\"Strafe\": bad parameters");
  }
  {
    Package p = good();
    p.state_machine.blend_spaces_2d[0].parameter_y = 0;  // The same as x.
    ExpectRefused(p, "BS2D", "bad parameters");
  }
  {
    Package p = good();
    p.state_machine.parameters[1].type = ParameterType::kBool;
    p.state_machine.parameters[1].max = 1.0f;
    ExpectRefused(p, "BS2D", "bad parameters");
  }
  {
    Package p = good();
    p.state_machine.blend_spaces_2d[0].clips[2] = 4;  // Four clips.
    ExpectRefused(p, "BS2D", "bad point 2");
  }
  {
    Package p = good();
    p.state_machine.blend_spaces_2d[0].positions[1].y = std::numeric_limits<float>::quiet_NaN();
    ExpectRefused(p, "BS2D", "bad point 1");
  }
  {
    Package p = good();
    p.state_machine.blend_spaces_2d[0].positions[3] = {0, 1};
    ExpectRefused(p, "BS2D", "points 1 and 3 are at the same position");
  }
  {
    Package p = good();
    p.state_machine.blend_spaces_2d[0].clips.clear();
    p.state_machine.blend_spaces_2d[0].positions.clear();
    ExpectRefused(p, "BS2D", "no points");
  }
  {
    Package p = good();
    p.state_machine.states[1].motion.index = 1;  // One space.
    ExpectRefused(p, "BS2D", "state \"Strafe\" names 2D blend space 1 of 1");
  }
  {
    Package p = good();
    p.state_machine.blend_spaces_2d.clear();  // No section, a state still names one.
    ExpectRefused(p, "SMDF", "\"Strafe\" plays a 2D blend space, but there is no BS2D section");
  }
}

TEST_F(PackageBlendSpace2DTest, HugeCountsAndBadOrderAreRefused) {
  const std::vector<uint8_t> bytes = bake::write_package(good());
  // The section starts with the space count; its point count follows the name "Strafe" (a u32
  // length and 6 bytes padded to 8) and the two parameter indices.
  for (std::size_t at : {std::size_t{0}, std::size_t{4 + 4 + 8 + 8}}) {
    const std::vector<uint8_t> bad =
        EditSection(bytes, SectionIndex(bytes, package::kBlendSpaces2D), [at](uint8_t* s, std::size_t) {
          const uint32_t huge = 0x7ffffff0u;
          std::memcpy(s + at, &huge, 4);
        });
    Result<Package> r = load(bad);
    ASSERT_FALSE(r.ok()) << "count at byte " << at;
    EXPECT_NE(r.error().path.find("BS2D"), std::string::npos) << r.error().to_string();
  }
  // The state machine's kind and BS2D's swapped in the table: the spaces come first.
  std::vector<uint8_t> swapped = bytes;
  package::Header h;
  std::memcpy(&h, swapped.data(), sizeof(h));
  ASSERT_GE(h.section_count, 2u);
  uint8_t* last =
      swapped.data() + sizeof(h) + (h.section_count - 1) * sizeof(package::SectionEntry);
  uint8_t tmp[sizeof(package::SectionEntry)];
  std::memcpy(tmp, last, sizeof(tmp));
  std::memcpy(last, last - sizeof(tmp), sizeof(tmp));
  std::memcpy(last - sizeof(tmp), tmp, sizeof(tmp));
  Result<Package> r = load(swapped);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().path.find("BS2D"), std::string::npos) << r.error().to_string();
}

TEST_F(PackageBlendSpace2DTest, EveryFlippedByteOrTruncationIsRefusedOrHarmless) {
  testutil::ExpectCorruptionRefusedOrHarmless(bake::write_package(good()));
}

}  // namespace
}  // namespace anim
