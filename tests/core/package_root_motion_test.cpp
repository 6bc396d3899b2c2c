// Root motion in packages (the ROOT section, 1.6): written and read back exactly; damaged or
// inconsistent root motion refused with an error naming the section; an older reader's view.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/bake/package_writer.h"
#include "anim/package.h"
#include "anim/package_format.h"
#include "anim/root_motion_builder.h"
#include "support/packages.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

// Two clips on the chain: a walk whose root moves 2 along z and turns, and a wave that does not
// move the root.
std::vector<Clip> clips() {
  ClipBuilder walk("walk", 1.0f, 3);
  ClipBuilder wave("wave", 0.5f, 3);
  for (int f = 0; f <= 10; ++f) {
    const float u = f / 10.0f;
    walk.add_translation(0, u, glm::vec3(0.0f, 0.1f * u, 2.0f * u));
    walk.add_rotation(0, u, glm::angleAxis(0.5f * u, glm::vec3(0, 1, 0)));
    wave.add_rotation(2, 0.5f * u, glm::angleAxis(u, glm::vec3(1, 0, 0)));
  }
  return {walk.build(), wave.build()};
}

StateMachineDef two_states() {
  StateMachineDef def;
  StateDef walk;
  walk.name = "Walk";
  walk.motion = {MotionRef::Kind::kClip, 0};
  StateDef wave;
  wave.name = "Wave";
  wave.motion = {MotionRef::Kind::kClip, 1};
  wave.root_motion = false;
  def.states = {walk, wave};
  return def;
}

// The package as `pack` makes it: clips played in place, their tracks beside them.
Package moving_package() {
  const Skeleton skeleton = chain();
  std::vector<Clip> in_place = clips();
  std::vector<RootMotionTrack> tracks;
  RootMotionSettings settings;
  settings.joint = 0;
  for (Clip& clip : in_place) {
    Result<RootMotionTrack> track = extract_root_motion(skeleton, settings, clip);
    EXPECT_TRUE(track.ok());
    tracks.push_back(track.ok() ? track.value() : RootMotionTrack{});
  }
  StateMachineDef def = two_states();
  def.root_motion_joint = 0;
  Package p = package_of(def, skeleton, in_place);
  p.root_motion = tracks;
  return p;
}

TEST(PackageRootMotion, ReadsBackWhatWasWritten) {
  const Package p = moving_package();
  ASSERT_FALSE(p.root_motion[0].empty());
  ASSERT_TRUE(p.root_motion[1].empty());
  Result<Package> r = load(bake::write_package(p));
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const Package& back = r.value();
  EXPECT_EQ(back.state_machine.root_motion_joint, 0);
  EXPECT_TRUE(back.state_machine.states[0].root_motion);
  EXPECT_FALSE(back.state_machine.states[1].root_motion);
  ASSERT_EQ(back.root_motion.size(), 2u);
  for (std::size_t c = 0; c < 2; ++c) {
    const RootMotionTrack& a = p.root_motion[c];
    const RootMotionTrack& b = back.root_motion[c];
    EXPECT_EQ(b.times, a.times);
    EXPECT_EQ(b.duration, back.clips[c].duration);
    EXPECT_EQ(b.pivot, a.pivot);
    ASSERT_EQ(b.translations.size(), a.translations.size());
    for (std::size_t k = 0; k < a.translations.size(); ++k) {
      EXPECT_EQ(b.translations[k], a.translations[k]);
      EXPECT_NEAR(std::fabs(glm::dot(b.rotations[k], a.rotations[k])), 1.0f, 1e-6f);
    }
  }
  // The walk moved 2 along z and turned 0.5 rad: what the track says at its end.
  const RootMotion end = root_frame_at(back.root_motion[0], 1.0f);
  EXPECT_NEAR(end.translation.z, 2.0f, 1e-5f);
  EXPECT_NEAR(2.0f * std::acos(std::min(1.0f, std::fabs(end.rotation.w))), 0.5f, 1e-4f);
}

TEST(PackageRootMotion, WithoutRootMotionThereIsNoSection) {
  Package p = moving_package();
  p.state_machine.root_motion_joint = -1;
  p.root_motion.clear();
  Result<Package> r = load(bake::write_package(p));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value().state_machine.root_motion_joint, -1);
  EXPECT_TRUE(r.value().root_motion.empty());
}

TEST(PackageRootMotion, InconsistentRootMotionIsRefusedNamingTheSection) {
  {
    Package p = moving_package();
    p.state_machine.root_motion_joint = 7;
    ExpectRefused(p, "(ROOT)", "root motion joint out of range");
  }
  {
    Package p = moving_package();
    p.root_motion.pop_back();
    ExpectRefused(p, "(ROOT)", "root motion for 1 clips, the package has 2");
  }
  {
    Package p = moving_package();
    p.root_motion[0].translations[3].x = std::numeric_limits<float>::quiet_NaN();
    ExpectRefused(p, "(ROOT)", "clip 0's root motion: a value is not finite");
  }
  {
    Package p = moving_package();
    std::swap(p.root_motion[0].times[2], p.root_motion[0].times[3]);
    ExpectRefused(p, "(ROOT)", "key times must rise");
  }
  {
    Package p = moving_package();
    p.root_motion[0].times.back() = 5.0f;  // Past the clip's 1 s.
    ExpectRefused(p, "(ROOT)", "key times must rise from 0 to the clip's duration");
  }
  {
    Package p = moving_package();
    p.root_motion[0].rotations[1] = glm::quat(2.0f, 0.0f, 0.0f, 0.0f);
    ExpectRefused(p, "(ROOT)", "not of unit length");
  }
}

TEST(PackageRootMotion, FlippedFlagsAndCutBytesAreRefused) {
  std::vector<uint8_t> bytes = bake::write_package(moving_package());
  Result<Package> good = load(bytes);
  ASSERT_TRUE(good.ok());
  // Every flipped byte is refused (the CRC) or loads into something safe, every cut refused.
  testutil::ExpectCorruptionRefusedOrHarmless(bytes);
}

TEST(PackageRootMotion, AnOlderReaderSkipsTheSection) {
  // What a 1.5 reader does with a section it does not know: as if it were not there. Renaming
  // the section's kind (and its CRC is over its bytes, not its kind) shows the same.
  std::vector<uint8_t> bytes = bake::write_package(moving_package());
  RenameSections(bytes, package::kRootMotion, package::fourcc('R', 'O', 'O', 'X'));
  Result<Package> r = load(bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r.value().state_machine.root_motion_joint, -1);
  EXPECT_TRUE(r.value().root_motion.empty());
}

}  // namespace
}  // namespace anim
