// ClipSet, ClipCursor and ClipSamplingJob: a set over float clips and one over the same clips
// compressed by anim_bake answer for their clips, sample the poses worked out by hand (and within
// the compression tolerance of them when compressed), refuse jobs that do not fit, and give the
// same poses whichever clips a cursor sampled before.
#include "anim/clip_set.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "anim/bake/clip_compression.h"
#include "anim/clip.h"
#include "anim/root_motion.h"
#include "anim/skeleton.h"
#include "anim/soa_pose.h"
#include "support/maths.h"
#include "support/rigs.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr std::size_t kJoints = 5;  // Two SoA blocks: lanes 0-3 and lane 0 of the second.

// "slide": 2 s; the root moves from (0, 0, 0) to (2, 0, 0) and joint 1 turns from 0° to 90°
// about z, one key at each end. At t the root stands at (t, 0, 0) and joint 1 is turned 45 t°.
Clip Slide() {
  ClipBuilder b("slide", 2.0f, kJoints);
  b.add_translation(0, 0.0f, glm::vec3(0.0f));
  b.add_translation(0, 2.0f, glm::vec3(2.0f, 0.0f, 0.0f));
  b.add_rotation(1, 0.0f, RotZ(0.0f));
  b.add_rotation(1, 2.0f, RotZ(90.0f));
  return b.build();
}

// "wave": 1 s; joint 3 swings ±30° about z on 21 keys, joint 4 is scaled from 1 to 2 along x
// and the root rises 0.5 (keys 0.5 s apart).
Clip Wave() {
  ClipBuilder b("wave", 1.0f, kJoints);
  for (int k = 0; k <= 20; ++k) {
    const float t = static_cast<float>(k) / 20.0f;
    b.add_rotation(3, t, RotZ(30.0f * std::sin(2.0f * kPi * t)));
  }
  b.add_scale(4, 0.0f, glm::vec3(1.0f));
  b.add_scale(4, 1.0f, glm::vec3(2.0f, 1.0f, 1.0f));
  b.add_translation(0, 0.0f, glm::vec3(0.0f));
  b.add_translation(0, 0.5f, glm::vec3(0.0f, 0.5f, 0.0f));
  b.add_translation(0, 1.0f, glm::vec3(0.0f));
  return b.build();
}

// "nod": 0.5 s on a two-joint rig (it does not fit the five-joint one): joint 1 turns to 20°.
Clip Nod() {
  ClipBuilder b("nod", 0.5f, 2);
  b.add_rotation(1, 0.0f, RotZ(0.0f));
  b.add_rotation(1, 0.5f, RotZ(20.0f));
  return b.build();
}

// Clip, time pairs jumping between the clips, forward and back.
struct Visit {
  std::size_t clip;
  float time;
};
const Visit kVisits[] = {{0, 0.1f},  {0, 0.9f}, {1, 0.3f}, {1, 0.95f}, {0, 1.7f},
                         {1, 0.05f}, {0, 0.2f}, {1, 0.6f}, {1, 0.1f},  {0, 2.0f}};

class ClipSetTest : public ::testing::Test {
 protected:
  ClipSetTest()
      : skeleton_(ChainRig({"root", "a", "b", "c", "tip"})),
        small_(ChainRig({"root", "a"})),
        floats_{Slide(), Wave(), Nod()} {
    to_soa(skeleton_.rest, rest_);
    to_soa(small_.rest, small_rest_);
    options_.tolerance = kTolerance;
    options_.shell_distance = kShell;
    for (const Clip& clip : floats_) {
      const Skeleton& rig = clip.joint_count() == kJoints ? skeleton_ : small_;
      Result<bake::CompressedResult> c = bake::compress_clip(clip, rig, options_);
      EXPECT_TRUE(c.ok()) << clip.name << ": " << c.error().to_string();
      if (!c.ok()) continue;
      max_error_.push_back(c.value().report.max_error);
      packed_.push_back(std::move(c.value().clip));
    }
  }

  // Clip `clip` of `clips` at `time` through ClipSamplingJob, one Transform per joint (the
  // skeleton's joint count of that clip), or empty when the job refuses.
  std::vector<Transform> Sample(const ClipSet& clips, std::size_t clip, float time,
                                ClipCursor* cursor) const {
    const std::size_t joints = clips.joint_count(clip);
    SoaPose out = make_soa_pose(joints);
    ClipSamplingJob job;
    job.clips = clips;
    job.clip = clip;
    job.time = time;
    job.cursor = cursor;
    job.rest =
        joints == kJoints ? Span<const SoaTransform>(rest_) : Span<const SoaTransform>(small_rest_);
    job.output = out;
    if (!job.run()) return {};
    std::vector<Transform> pose(joints);
    from_soa(out, pose);
    return pose;
  }
  std::vector<Transform> SampleFresh(const ClipSet& clips, std::size_t clip, float time) const {
    ClipCursor cursor;
    cursor.reserve(clips, clips.joint_count(clip));
    return Sample(clips, clip, time, &cursor);
  }
  // Every visit of kVisits through `cursor` gives the fresh cursor's pose, bit for bit.
  void ExpectVisitsMatchFreshCursors(const ClipSet& set, ClipCursor& cursor) const {
    for (const Visit& v : kVisits) {
      const std::vector<Transform> reused = Sample(set, v.clip, v.time, &cursor);
      const std::vector<Transform> fresh = SampleFresh(set, v.clip, v.time);
      ASSERT_EQ(reused.size(), kJoints);
      ASSERT_EQ(fresh.size(), kJoints);
      for (std::size_t j = 0; j < kJoints; ++j) {
        EXPECT_TRUE(SameBits(reused[j], fresh[j]))
            << "clip " << v.clip << " at " << v.time << ", joint " << j;
      }
    }
  }

  // A job on clip 0 (five joints) of `clips` that validates, for the rejection tests to break.
  ClipSamplingJob GoodJob(const ClipSet& clips, ClipCursor* cursor, SoaPose* out) const {
    ClipSamplingJob job;
    job.clips = clips;
    job.clip = 0;
    job.time = 0.5f;
    job.cursor = cursor;
    job.rest = rest_;
    job.output = *out;
    return job;
  }

  // The compression's promise, checked in model space: each joint and the points kShell along
  // its x, y and z axes lie within `tolerance` of where the float pose puts them.
  ::testing::AssertionResult ModelSpaceNear(const Skeleton& skeleton,
                                            const std::vector<Transform>& actual,
                                            const std::vector<Transform>& expected,
                                            float tolerance) const {
    const std::vector<glm::dmat4> a = ModelSpaceInDouble(skeleton, actual);
    const std::vector<glm::dmat4> e = ModelSpaceInDouble(skeleton, expected);
    const glm::dvec4 points[4] = {
        {0, 0, 0, 1}, {kShell, 0, 0, 1}, {0, kShell, 0, 1}, {0, 0, kShell, 1}};
    for (std::size_t j = 0; j < a.size(); ++j) {
      for (int p = 0; p < 4; ++p) {
        const glm::dvec4 d = a[j] * points[p] - e[j] * points[p];
        const double distance = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
        if (!(distance <= tolerance)) {
          return ::testing::AssertionFailure()
                 << "joint " << j << ", point " << p << ": " << distance << " away (tolerance "
                 << tolerance << ")";
        }
      }
    }
    return ::testing::AssertionSuccess();
  }

  static constexpr float kTolerance = 1e-3f;
  static constexpr float kShell = 0.1f;
  Skeleton skeleton_;
  Skeleton small_;
  SoaPose rest_ = make_soa_pose(kJoints);
  SoaPose small_rest_ = make_soa_pose(2);
  std::vector<Clip> floats_;
  bake::CompressionOptions options_;
  std::vector<CompressedClip> packed_;
  std::vector<float> max_error_;
};

// ---------------------------------------------------------------------------------------------
// What a set says about its clips

TEST_F(ClipSetTest, FloatSetAnswersForItsClips) {
  const ClipSet set(floats_);
  EXPECT_FALSE(set.compressed());
  ASSERT_EQ(set.size(), 3u);
  EXPECT_EQ(set.floats().data(), floats_.data());  // A view, not a copy.
  EXPECT_TRUE(set.packed().empty());
  const float durations[3] = {2.0f, 1.0f, 0.5f};
  const std::size_t joints[3] = {5, 5, 2};
  const char* names[3] = {"slide", "wave", "nod"};
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(set.duration(i), durations[i]) << i;
    EXPECT_EQ(set.joint_count(i), joints[i]) << i;
    EXPECT_EQ(set.floats()[i].name, names[i]) << i;
  }
  EXPECT_TRUE(set.root_motion().empty());
}

TEST_F(ClipSetTest, CompressedSetAnswersForItsClips) {
  ASSERT_EQ(packed_.size(), 3u);
  const ClipSet set(packed_);
  EXPECT_TRUE(set.compressed());
  ASSERT_EQ(set.size(), 3u);
  EXPECT_EQ(set.packed().data(), packed_.data());
  EXPECT_TRUE(set.floats().empty());
  const float durations[3] = {2.0f, 1.0f, 0.5f};
  const std::size_t joints[3] = {5, 5, 2};
  const char* names[3] = {"slide", "wave", "nod"};
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(set.duration(i), durations[i]) << i;
    EXPECT_EQ(set.joint_count(i), joints[i]) << i;
    EXPECT_EQ(set.packed()[i].name, names[i]) << i;
  }
}

TEST_F(ClipSetTest, SpanAndVectorViewTheSameClips) {
  const ClipSet from_span(Span<const Clip>(floats_.data(), 2));
  EXPECT_EQ(from_span.size(), 2u);
  EXPECT_EQ(from_span.duration(1), 1.0f);
  const ClipSet packed_span(Span<const CompressedClip>(packed_.data(), 1));
  EXPECT_TRUE(packed_span.compressed());
  EXPECT_EQ(packed_span.size(), 1u);
  EXPECT_EQ(packed_span.duration(0), 2.0f);
  const ClipSet empty;
  EXPECT_FALSE(empty.compressed());
  EXPECT_EQ(empty.size(), 0u);
}

TEST_F(ClipSetTest, WithRootMotionAttachesOneTrackPerClip) {
  std::vector<RootMotionTrack> tracks(3);
  tracks[1].times = {0.0f, 1.0f};
  tracks[1].translations = {glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 1.5f)};
  tracks[1].rotations = {glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)};
  tracks[1].duration = 1.0f;
  const ClipSet set(floats_);
  const ClipSet moving = set.with_root_motion(tracks);
  ASSERT_EQ(moving.root_motion().size(), 3u);
  EXPECT_EQ(moving.root_motion().data(), tracks.data());
  EXPECT_EQ(moving.root_motion()[1].translations[1].z, 1.5f);
  // Everything else is the set's.
  EXPECT_EQ(moving.size(), 3u);
  EXPECT_EQ(moving.floats().data(), floats_.data());
  EXPECT_EQ(moving.duration(0), 2.0f);
  // The set it came from is unchanged.
  EXPECT_TRUE(set.root_motion().empty());

  const ClipSet packed_moving = ClipSet(packed_).with_root_motion(tracks);
  EXPECT_TRUE(packed_moving.compressed());
  EXPECT_EQ(packed_moving.root_motion().data(), tracks.data());
}

TEST_F(ClipSetTest, WithRootMotionOfAnotherCountAttachesNone) {
  const std::vector<RootMotionTrack> two(2);
  const std::vector<RootMotionTrack> four(4);
  const ClipSet set(floats_);
  EXPECT_TRUE(set.with_root_motion(two).root_motion().empty());
  EXPECT_TRUE(set.with_root_motion(four).root_motion().empty());
  // And a later call with the wrong count takes tracks off again.
  const std::vector<RootMotionTrack> three(3);
  const ClipSet moving = set.with_root_motion(three);
  ASSERT_EQ(moving.root_motion().size(), 3u);
  EXPECT_TRUE(moving.with_root_motion(two).root_motion().empty());
}

// A cursor also keeps its clip's place in the root-motion track (the state machine's root motion
// reads it beside the sampling state): what the track gives there, until reset() forgets it.
TEST_F(ClipSetTest, ACursorKeepsItsRootMotionPlaceUntilReset) {
  RootMotionTrack track;
  track.times = {0.0f, 1.0f};
  track.translations = {glm::vec3(0.0f), glm::vec3(2.0f, 0.0f, 0.0f)};
  track.rotations = {glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)};
  track.duration = 1.0f;
  ClipCursor cursor;
  cursor.reserve(ClipSet(packed_), 0, kJoints);
  EXPECT_TRUE(std::isnan(cursor.motion()->time));
  const RootMotion moved = root_motion_between(track, 0.25f, 0.5f, 0, cursor.motion());
  EXPECT_FLOAT_EQ(moved.translation.x, 0.5f);  // A quarter of the way at 2 units a second.
  EXPECT_EQ(cursor.motion()->time, 0.5f);
  EXPECT_FLOAT_EQ(cursor.motion()->frame.translation.x, 1.0f);  // The frame at 0.5 s.
  cursor.reset();
  EXPECT_TRUE(std::isnan(cursor.motion()->time));
}

// ---------------------------------------------------------------------------------------------
// Sampling float clips

TEST_F(ClipSetTest, SamplesTheHandComputedPoseOfAFloatClip) {
  const ClipSet set(floats_);
  const std::vector<Transform> pose = SampleFresh(set, 0, 0.5f);
  ASSERT_EQ(pose.size(), kJoints);
  // Root a quarter of the way to (2, 0, 0); joint 1 a quarter of the way to 90°.
  EXPECT_TRUE(TransformNear(pose[0], MakeTransform(glm::vec3(0.5f, 0.0f, 0.0f)), 1e-6f));
  EXPECT_TRUE(
      TransformNear(pose[1], MakeTransform(glm::vec3(0.0f, 1.0f, 0.0f), RotZ(22.5f)), 1e-6f));
  // Joints without keys keep their rest pose, in both blocks.
  for (std::size_t j = 2; j < kJoints; ++j) {
    EXPECT_TRUE(TransformNear(pose[j], skeleton_.rest[j], 0.0f)) << "joint " << j;
  }
  // Past the end the last key holds.
  const std::vector<Transform> late = SampleFresh(set, 0, 3.0f);
  ASSERT_EQ(late.size(), kJoints);
  EXPECT_TRUE(Vec3Near(late[0].translation, glm::vec3(2.0f, 0.0f, 0.0f), 1e-6f));
  EXPECT_TRUE(SameRotation(late[1].rotation, RotZ(90.0f), 1e-6f));
}

TEST_F(ClipSetTest, SamplesTheKeysOfTheSecondClip) {
  const ClipSet set(floats_);
  // t = 0.25: key 5 of joint 3 (30° sin 90° = 30°), root halfway up to 0.5, joint 4's x scale
  // a quarter of the way to 2.
  const std::vector<Transform> pose = SampleFresh(set, 1, 0.25f);
  ASSERT_EQ(pose.size(), kJoints);
  EXPECT_TRUE(Vec3Near(pose[0].translation, glm::vec3(0.0f, 0.25f, 0.0f), 1e-6f));
  EXPECT_TRUE(SameRotation(pose[3].rotation, RotZ(30.0f), 1e-6f));
  EXPECT_TRUE(Vec3Near(pose[4].scale, glm::vec3(1.25f, 1.0f, 1.0f), 1e-6f));
  EXPECT_TRUE(Vec3Near(pose[4].translation, glm::vec3(0.0f, 1.0f, 0.0f), 0.0f));
}

TEST_F(ClipSetTest, FloatSamplingIsSoaSamplingJobOfTheClip) {
  const ClipSet set(floats_);
  for (std::size_t clip = 0; clip < 2; ++clip) {
    for (float time : {0.0f, 0.13f, 0.5f, 0.77f, 1.0f, 1.9f}) {
      SamplingCursor cursor(kJoints);
      SoaPose direct = make_soa_pose(kJoints);
      ASSERT_TRUE((SoaSamplingJob{&floats_[clip], rest_, time, &cursor, direct}.run()));
      std::vector<Transform> expected(kJoints);
      from_soa(direct, expected);
      const std::vector<Transform> pose = SampleFresh(set, clip, time);
      ASSERT_EQ(pose.size(), kJoints);
      for (std::size_t j = 0; j < kJoints; ++j) {
        EXPECT_TRUE(SameBits(pose[j], expected[j]))
            << floats_[clip].name << " at " << time << ", joint " << j;
      }
    }
  }
}

TEST_F(ClipSetTest, SamplesAClipOfAnotherJointCountWithItsOwnCursor) {
  const ClipSet set(floats_);
  ClipCursor cursor;
  cursor.reserve(set, 2, 2);
  EXPECT_EQ(cursor.joint_count(), 2u);
  const std::vector<Transform> pose = Sample(set, 2, 0.25f, &cursor);
  ASSERT_EQ(pose.size(), 2u);
  EXPECT_TRUE(SameRotation(pose[1].rotation, RotZ(10.0f), 1e-6f));
  EXPECT_TRUE(Vec3Near(pose[1].translation, glm::vec3(0.0f, 1.0f, 0.0f), 0.0f));
}

// ---------------------------------------------------------------------------------------------
// Sampling compressed clips

TEST_F(ClipSetTest, CompressionKeptTheRequestedTolerance) {
  ASSERT_EQ(max_error_.size(), 3u);
  for (float e : max_error_) EXPECT_LE(e, kTolerance);
}

TEST_F(ClipSetTest, CompressedSamplingStaysWithinTheToleranceOfTheFloatPose) {
  ASSERT_EQ(packed_.size(), 3u);
  const ClipSet floats(floats_);
  const ClipSet packed(packed_);
  for (std::size_t clip = 0; clip < 3; ++clip) {
    const Skeleton& rig = clip == 2 ? small_ : skeleton_;
    const float duration = floats_[clip].duration;
    for (int step = 0; step <= 40; ++step) {
      const float time = duration * static_cast<float>(step) / 40.0f;
      const std::vector<Transform> expected = SampleFresh(floats, clip, time);
      const std::vector<Transform> pose = SampleFresh(packed, clip, time);
      ASSERT_EQ(pose.size(), rig.joint_count());
      ASSERT_EQ(expected.size(), rig.joint_count());
      // Between keys the compressed form interpolates rotations by fitted_nlerp, not slerp: a
      // few millionths of a radian on these keys, far below the tolerance.
      EXPECT_TRUE(ModelSpaceNear(rig, pose, expected, kTolerance + 1e-5f))
          << floats_[clip].name << " at " << time;
    }
  }
}

TEST_F(ClipSetTest, CompressedSamplingGivesTheHandComputedPose) {
  const ClipSet packed(packed_);
  const std::vector<Transform> pose = SampleFresh(packed, 0, 0.5f);
  ASSERT_EQ(pose.size(), kJoints);
  EXPECT_TRUE(Vec3Near(pose[0].translation, glm::vec3(0.5f, 0.0f, 0.0f), kTolerance));
  // 22.5° within the tolerance at the 1-unit distance of joint 2.
  EXPECT_LE(AngleDegrees(glm::conjugate(RotZ(22.5f)) * pose[1].rotation), Degrees(kTolerance));
  for (std::size_t j = 2; j < kJoints; ++j) {
    EXPECT_TRUE(TransformNear(pose[j], skeleton_.rest[j], 1e-6f)) << "joint " << j;
  }
}

// ---------------------------------------------------------------------------------------------
// One cursor across clips


TEST_F(ClipSetTest, OneFloatCursorAcrossClipsGivesTheFreshCursorsPoses) {
  const ClipSet set(floats_);
  ClipCursor cursor;
  cursor.reserve(set, kJoints);
  ExpectVisitsMatchFreshCursors(set, cursor);
}

TEST_F(ClipSetTest, OneCompressedCursorAcrossClipsGivesTheFreshCursorsPoses) {
  ASSERT_EQ(packed_.size(), 3u);
  const ClipSet set(packed_);
  ClipCursor cursor;
  cursor.reserve(set, kJoints);
  ExpectVisitsMatchFreshCursors(set, cursor);
  // reset() forgets the place; the next sample is still the fresh cursor's.
  cursor.reset();
  const std::vector<Transform> after = Sample(set, 1, 0.4f, &cursor);
  const std::vector<Transform> fresh = SampleFresh(set, 1, 0.4f);
  ASSERT_EQ(after.size(), kJoints);
  for (std::size_t j = 0; j < kJoints; ++j) EXPECT_TRUE(SameBits(after[j], fresh[j])) << j;
}

// ---------------------------------------------------------------------------------------------
// What the job refuses

// Runs `job` over an output filled with a marker and checks that it neither validates nor
// writes.
::testing::AssertionResult RefusedUntouched(ClipSamplingJob job) {
  if (job.validate()) return ::testing::AssertionFailure() << "validate() accepted the job";
  std::vector<SoaTransform> marked(job.output.size());
  for (SoaTransform& block : marked) {
    for (std::size_t lane = 0; lane < 4; ++lane) {
      block.set(lane, MakeTransform(glm::vec3(7.0f), glm::quat(1, 0, 0, 0), glm::vec3(3.0f)));
    }
  }
  const std::vector<SoaTransform> before = marked;
  job.output = marked;
  if (job.run()) return ::testing::AssertionFailure() << "run() returned true";
  for (std::size_t b = 0; b < marked.size(); ++b) {
    for (std::size_t lane = 0; lane < 4; ++lane) {
      if (!SameBits(marked[b].get(lane), before[b].get(lane))) {
        return ::testing::AssertionFailure() << "run() wrote block " << b << ", lane " << lane;
      }
    }
  }
  return ::testing::AssertionSuccess();
}

class ClipSamplingJobRejects : public ClipSetTest, public ::testing::WithParamInterface<bool> {
 protected:
  ClipSet Set() const { return GetParam() ? ClipSet(packed_) : ClipSet(floats_); }
};

TEST_P(ClipSamplingJobRejects, TheGoodJobValidates) {
  ASSERT_EQ(packed_.size(), 3u);
  ClipCursor cursor;
  cursor.reserve(Set(), kJoints);
  SoaPose out = make_soa_pose(kJoints);
  const ClipSamplingJob job = GoodJob(Set(), &cursor, &out);
  EXPECT_TRUE(job.validate());
  EXPECT_TRUE(job.run());
}

TEST_P(ClipSamplingJobRejects, AClipIndexOutOfRange) {
  ASSERT_EQ(packed_.size(), 3u);
  ClipCursor cursor;
  cursor.reserve(Set(), kJoints);
  SoaPose out = make_soa_pose(kJoints);
  ClipSamplingJob job = GoodJob(Set(), &cursor, &out);
  job.clip = 3;
  EXPECT_TRUE(RefusedUntouched(job));
  job.clip = static_cast<std::size_t>(-1);
  EXPECT_TRUE(RefusedUntouched(job));
  job = GoodJob(ClipSet(), &cursor, &out);  // An empty set has no clip 0.
  EXPECT_TRUE(RefusedUntouched(job));
}

TEST_P(ClipSamplingJobRejects, ANullCursor) {
  SoaPose out = make_soa_pose(kJoints);
  EXPECT_TRUE(RefusedUntouched(GoodJob(Set(), nullptr, &out)));
}

TEST_P(ClipSamplingJobRejects, ACursorReservedForAnotherJointCount) {
  ASSERT_EQ(packed_.size(), 3u);
  SoaPose out = make_soa_pose(kJoints);
  ClipCursor two;
  two.reserve(Set(), 2);
  EXPECT_TRUE(RefusedUntouched(GoodJob(Set(), &two, &out)));
  ClipCursor six;
  six.reserve(Set(), 6);
  EXPECT_TRUE(RefusedUntouched(GoodJob(Set(), &six, &out)));
  // A five-joint cursor does not fit the two-joint clip either.
  ClipCursor five;
  five.reserve(Set(), kJoints);
  SoaPose small_out = make_soa_pose(2);
  ClipSamplingJob job = GoodJob(Set(), &five, &small_out);
  job.clip = 2;
  job.rest = small_rest_;
  EXPECT_TRUE(RefusedUntouched(job));
  // A cursor never reserved has no joints.
  ClipCursor none;
  EXPECT_TRUE(RefusedUntouched(GoodJob(Set(), &none, &out)));
}

TEST_P(ClipSamplingJobRejects, AnOutputOfTheWrongSize) {
  ASSERT_EQ(packed_.size(), 3u);
  ClipCursor cursor;
  cursor.reserve(Set(), kJoints);
  SoaPose one = make_soa_pose(4);  // One block where five joints need two.
  EXPECT_TRUE(RefusedUntouched(GoodJob(Set(), &cursor, &one)));
  SoaPose three = make_soa_pose(9);
  EXPECT_TRUE(RefusedUntouched(GoodJob(Set(), &cursor, &three)));
  SoaPose none;
  EXPECT_TRUE(RefusedUntouched(GoodJob(Set(), &cursor, &none)));
}

TEST_P(ClipSamplingJobRejects, ARestOfTheWrongSize) {
  ASSERT_EQ(packed_.size(), 3u);
  ClipCursor cursor;
  cursor.reserve(Set(), kJoints);
  SoaPose out = make_soa_pose(kJoints);
  ClipSamplingJob job = GoodJob(Set(), &cursor, &out);
  job.rest = small_rest_;
  EXPECT_TRUE(RefusedUntouched(job));
  const SoaPose three = make_soa_pose(9);
  job.rest = three;
  EXPECT_TRUE(RefusedUntouched(job));
  job.rest = Span<const SoaTransform>();
  EXPECT_TRUE(RefusedUntouched(job));
}

INSTANTIATE_TEST_SUITE_P(FloatAndCompressed, ClipSamplingJobRejects, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return info.param ? std::string("Compressed") : std::string("Float");
                         });

}  // namespace
}  // namespace anim
