// compress_clip on real clips (assimp's sample files and BVH takes written at test time), checked
// with an error measure of the test's own: both forms sampled, model-space matrices chained by
// hand in double, and each joint and three virtual points on its axes compared.
#include "anim/bake/clip_compression.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/bake/clip_error.h"
#include "anim/clip.h"
#include "anim/compressed_clip.h"
#include "anim/compressed_sampling.h"
#include "anim/import/import_model.h"
#include "anim/model.h"
#include "anim/sampling.h"
#include "anim/skeleton.h"
#include "anim/soa_pose.h"
#include "import_test_support.h"
#include "support/bvh_take.h"
#include "support/folders.h"
#include "support/jobs.h"
#include "support/maths.h"
#include "support/sanitized.h"

namespace anim::bake {
namespace {

namespace fs = std::filesystem;
using ::anim::import::test_support::animated_corpus;
using ::anim::import::test_support::model_path;
using ::anim::import::test_support::param_name;

// --- An error measure of the test's own --------------------------------------------------------

// Model-space matrices of a local pose: parent * T * R * S down the hierarchy, in double.
std::vector<glm::dmat4> ModelSpace(const Skeleton& skeleton, const std::vector<Transform>& local) {
  return testutil::ModelSpaceInDouble(skeleton, local);
}

// The diagonal of the box around the rest pose's joint positions.
double RestDiagonal(const Skeleton& skeleton) {
  const std::vector<glm::dmat4> rest = ModelSpace(skeleton, skeleton.rest);
  if (rest.empty()) return 0.0;
  glm::dvec3 lo(rest[0][3]), hi(rest[0][3]);
  for (const glm::dmat4& m : rest) {
    lo = glm::min(lo, glm::dvec3(m[3]));
    hi = glm::max(hi, glm::dvec3(m[3]));
  }
  return glm::length(hi - lo);
}

// The virtual points' distance: 2% of the rest diagonal, 1 for a skeleton without extent.
double ShellDistance(const Skeleton& skeleton) {
  const double d = RestDiagonal(skeleton);
  return d > 0.0 ? 0.02 * d : 1.0;
}

// How far apart a joint lands in two poses: its origin, and the points `shell` along each of its
// three axes (the axes as the matrix carries them, scale included).
double PointError(const glm::dmat4& a, const glm::dmat4& b, double shell) {
  double e = glm::length(glm::dvec3(a[3]) - glm::dvec3(b[3]));
  for (int axis = 0; axis < 3; ++axis) {
    const glm::dvec3 pa = glm::dvec3(a[3]) + shell * glm::dvec3(a[axis]);
    const glm::dvec3 pb = glm::dvec3(b[3]) + shell * glm::dvec3(b[axis]);
    e = std::max(e, glm::length(pa - pb));
  }
  return e;
}

// Every key time of the clip that a player can reach (compressed clips start at tick 0, so
// keys before 0 are left out), with 0 and the duration; sorted, without repeats.
std::vector<float> PlayedKeyTimes(const Clip& clip) {
  std::vector<float> times = {0.0f, clip.duration};
  for (const std::vector<float>* keys :
       {&clip.translations.times, &clip.rotations.times, &clip.scales.times}) {
    for (float t : *keys) {
      if (t >= 0.0f) times.push_back(t);
    }
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

struct Measured {
  double max_error = 0.0;
  float worst_time = 0.0f;
  int worst_joint = -1;
  std::size_t samples = 0;
};

// The largest model-space distance between the float clip and its compressed form over `times`.
Measured MeasureError(const Clip& source, const CompressedClip& packed, const Skeleton& skeleton,
                      double shell, const std::vector<float>& times) {
  const std::size_t n = skeleton.joint_count();
  std::vector<Transform> local_a(n), local_b(n);
  SamplingCursor cursor_a(n);
  CompressedCursor cursor_b(packed);
  SoaPose rest(soa_block_count(n)), soa(soa_block_count(n));
  to_soa(skeleton.rest, rest);
  Measured m;
  for (float t : times) {
    EXPECT_TRUE(testutil::RunSampling(source, skeleton.rest, t, cursor_a, local_a));
    CompressedSamplingJob b;
    b.clip = &packed;
    b.rest = rest;
    b.time = t;
    b.cursor = &cursor_b;
    b.output = soa;
    EXPECT_TRUE(b.run());
    from_soa(soa, local_b);
    const std::vector<glm::dmat4> ma = ModelSpace(skeleton, local_a);
    const std::vector<glm::dmat4> mb = ModelSpace(skeleton, local_b);
    for (std::size_t j = 0; j < n; ++j) {
      const double e = PointError(ma[j], mb[j], shell);
      if (!(e <= m.max_error)) {
        m.max_error = e;
        m.worst_time = t;
        m.worst_joint = static_cast<int>(j);
      }
    }
    ++m.samples;
  }
  return m;
}

// Float rounding of model-space positions: what two correct measures of one pose may differ by.
double RoundingSlack(const Skeleton& skeleton) {
  return 1e-6 * (RestDiagonal(skeleton) + ShellDistance(skeleton));
}

std::string Describe(const Measured& m, const Skeleton& skeleton) {
  std::ostringstream s;
  s << "error " << m.max_error << " at " << m.worst_time << " s on joint " << m.worst_joint;
  if (m.worst_joint >= 0)
    s << " (" << skeleton.names[static_cast<std::size_t>(m.worst_joint)] << ")";
  return s.str();
}

// Compresses `clip`, checks that the result validates and that the test's own measure at the
// played key times stays within the tolerance the report names. Returns the result.
CompressedResult CompressAndCheck(const Clip& clip, const Skeleton& skeleton,
                                  const CompressionOptions& options = {}) {
  SCOPED_TRACE("clip \"" + clip.name + "\"");
  Result<CompressedResult> result = compress_clip(clip, skeleton, options);
  EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().to_string());
  if (!result.ok()) return {};
  const CompressedResult& r = result.value();
  const Status valid = r.clip.validate(skeleton.joint_count());
  EXPECT_TRUE(valid.ok()) << (valid.ok() ? "" : valid.error().to_string());
  if (!valid.ok()) return {};
  const Measured m =
      MeasureError(clip, r.clip, skeleton, ShellDistance(skeleton), PlayedKeyTimes(clip));
  EXPECT_LE(m.max_error, r.report.tolerance + RoundingSlack(skeleton))
      << Describe(m, skeleton) << "; tolerance " << r.report.tolerance << ", reported max "
      << r.report.max_error << "; " << r.clip.ticks_per_second << " ticks per second, "
      << (r.clip.narrow_times() ? 8 : 16) << "-bit key times";
  return std::move(result).value();
}

Model Import(const std::string& path) {
  Result<Model> model = anim::import::import_model(path);
  EXPECT_TRUE(model.ok()) << (model.ok() ? "" : model.error().to_string());
  return model.ok() ? std::move(model).value() : Model{};
}

// --- The measure itself ------------------------------------------------------------------------

TEST(ErrorMeasureTest, OwnShellDistanceAndToleranceMatchTheDocumentedDefaults) {
  // 2% and 0.01% of the rest diagonal.
  const Model model = Import(model_path("X/Testwuson.X"));
  ASSERT_GT(model.skeleton.joint_count(), 0u);
  const double diagonal = RestDiagonal(model.skeleton);
  EXPECT_NEAR(default_shell_distance(model.skeleton), 0.02 * diagonal, 1e-6 * diagonal);
  EXPECT_NEAR(default_tolerance(model.skeleton), 1e-4 * diagonal, 1e-8 * diagonal);
}

// --- Wuson ---------------------------------------------------------------------------------------

class WusonTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    model_ = std::make_unique<Model>(Import(model_path("X/Testwuson.X")));
  }
  static void TearDownTestSuite() { model_.reset(); }

  const Clip& clip(const std::string& name) const {
    const int i = model_->find_clip(name);
    EXPECT_GE(i, 0) << name;
    return model_->clips.at(static_cast<std::size_t>(std::max(i, 0)));
  }
  const Skeleton& skeleton() const { return model_->skeleton; }

  static std::unique_ptr<Model> model_;
};

std::unique_ptr<Model> WusonTest::model_;

TEST_F(WusonTest, WalkAndRunTakeAtMost19000BytesAtDefaultTolerance) {
  std::size_t total = 0;
  for (const char* name : {"Wuson_Walk", "Wuson_Run"}) {
    Result<CompressedResult> r = compress_clip(clip(name), skeleton());
    ASSERT_TRUE(r.ok()) << name << ": " << r.error().to_string();
    const Status valid = r.value().clip.validate(skeleton().joint_count());
    EXPECT_TRUE(valid.ok()) << name << ": " << (valid.ok() ? "" : valid.error().to_string());
    EXPECT_EQ(r.value().report.packed_bytes, r.value().clip.byte_size()) << name;
    total += r.value().clip.byte_size();
  }
  EXPECT_LE(total, 19000u);
  std::cout << "Wuson_Walk + Wuson_Run: " << total << " bytes\n";
}

TEST_F(WusonTest, WalkAndRunStayWithinToleranceAtEveryKeyTime) {
  for (const char* name : {"Wuson_Walk", "Wuson_Run"}) {
    const CompressedResult r = CompressAndCheck(clip(name), skeleton());
    EXPECT_NEAR(r.report.tolerance, 1e-4 * RestDiagonal(skeleton()), 1e-9) << name;
  }
}

TEST_F(WusonTest, ReportedMaxErrorAgreesWithIndependentMeasure) {
  for (const char* name : {"Wuson_Walk", "Wuson_Run"}) {
    const Clip& source = clip(name);
    Result<CompressedResult> r = compress_clip(source, skeleton());
    ASSERT_TRUE(r.ok()) << name;
    // The report samples every key time and both ends (the walk and the run have no key before 0).
    const Measured m = MeasureError(source, r.value().clip, skeleton(), ShellDistance(skeleton()),
                                    PlayedKeyTimes(source));
    // Within 1e-6 of the size of the coordinates compared: the report measures in float, whose
    // positions of a few units carry rounding of a few 1e-7, so the two measures cannot agree
    // to 1e-6 of an error of 3e-4 itself.
    EXPECT_NEAR(r.value().report.max_error, m.max_error, RoundingSlack(skeleton()))
        << name << ": " << Describe(m, skeleton());
    EXPECT_LE(r.value().report.mean_error, r.value().report.max_error) << name;
  }
}

TEST_F(WusonTest, TighterToleranceCostsBytesAndLowersTheError) {
  const Clip& walk = clip("Wuson_Walk");
  const float tolerance = default_tolerance(skeleton());
  const CompressedResult normal = CompressAndCheck(walk, skeleton(), {tolerance, 0.0f});
  const CompressedResult tight = CompressAndCheck(walk, skeleton(), {tolerance / 4, 0.0f});
  EXPECT_EQ(tight.report.tolerance, tolerance / 4);
  EXPECT_GT(tight.clip.byte_size(), normal.clip.byte_size());
  EXPECT_LT(tight.report.max_error, normal.report.max_error);
}

TEST_F(WusonTest, LooserToleranceSavesBytes) {
  const Clip& walk = clip("Wuson_Walk");
  const float tolerance = default_tolerance(skeleton());
  const CompressedResult normal = CompressAndCheck(walk, skeleton(), {tolerance, 0.0f});
  const CompressedResult loose = CompressAndCheck(walk, skeleton(), {tolerance * 4, 0.0f});
  EXPECT_LT(loose.clip.byte_size(), normal.clip.byte_size());
  EXPECT_LE(loose.report.max_error, tolerance * 4);
}

// --- The animated corpus -----------------------------------------------------------------------

// A file's model when it imports with a skeleton and at least one clip; null otherwise.
std::unique_ptr<Model> AnimatedModel(const std::string& relative) {
  Result<Model> model = anim::import::import_model(model_path(relative));
  if (!model.ok() || model.value().skeleton.joint_count() == 0 || model.value().clips.empty()) {
    return nullptr;
  }
  return std::make_unique<Model>(std::move(model).value());
}

class CorpusCompressionTest : public ::testing::TestWithParam<std::string> {};

TEST_P(CorpusCompressionTest, EveryClipCompressesValidatesAndStaysWithinTolerance) {
  const std::unique_ptr<Model> model = AnimatedModel(GetParam());
  if (model == nullptr) GTEST_SKIP() << GetParam() << " has no skeleton with clips";
  for (const Clip& clip : model->clips) {
    if (clip.duration <= ::test_support::LongestCorpusTakeChecked()) {
      CompressAndCheck(clip, model->skeleton);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AnimatedCorpus, CorpusCompressionTest,
                         ::testing::ValuesIn(animated_corpus()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return param_name(info.param);
                         });

TEST(CorpusCountTest, AtLeastTenCorpusFilesHaveSkeletonsWithClips) {
  std::size_t files = 0, clips = 0;
  for (const std::string& relative : animated_corpus()) {
    if (const std::unique_ptr<Model> model = AnimatedModel(relative)) {
      ++files;
      clips += model->clips.size();
    }
  }
  std::cout << "Corpus files with a skeleton and clips: " << files << " of "
            << animated_corpus().size() << " (" << clips << " clips)\n";
  EXPECT_GE(files, 10u);
}

// --- BVH takes written at test time ------------------------------------------------------------

class BvhTakeTest : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = testutil::FreshTestFolder("bake"); }
  void TearDown() override { fs::remove_all(dir_); }

  // Three joints (Hips, Spine, Head and an end site); `frames` frames of `frame_time` written
  // as given. Frame f: Hips moves forward linearly and bobs, every joint sways sinusoidally, all
  // within a period of 2 s. With `tpose_first`, frame 0 is a T-pose that the motion leaves at
  // once, as motion-capture files often begin.
  std::string WriteSmoothTake(const std::string& name, int frames, const std::string& frame_time,
                              bool tpose_first = false) const {
    const std::string path = (dir_ / name).string();
    std::ofstream out(path);
    out << "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n"
           "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
           "  JOINT Spine\n  {\n    OFFSET 0 10 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
           "    JOINT Head\n    {\n      OFFSET 0 8 0\n"
           "      CHANNELS 3 Zrotation Xrotation Yrotation\n"
           "      End Site\n      {\n        OFFSET 0 4 0\n      }\n    }\n  }\n}\n"
        << "MOTION\nFrames: " << frames << "\nFrame Time: " << frame_time << "\n";
    const double dt = std::stod(frame_time);
    const double w = 3.14159265358979323846;  // One sway every 2 s.
    out << std::setprecision(9);
    for (int f = 0; f < frames; ++f) {
      const double t = f * dt;
      if (tpose_first && f == 0) {
        out << "0 0 0 0 0 0 0 0 0 0 0 0\n";
        continue;
      }
      out << 2.0 * t << " " << 30.0 + 0.5 * std::sin(2 * w * t) << " " << 0.0 << " "  //
          << 10 * std::sin(w * t) << " " << 5 * std::cos(w * t) << " " << 0.0 << " "  //
          << 20 * std::sin(w * t + 0.5) << " " << 8 * std::sin(w * t) << " " << 3.0 << " "
          << 15 * std::sin(w * t + 1.0) << " " << 0.0 << " " << 10 * std::cos(w * t) << "\n";
    }
    return path;
  }

  fs::path dir_;
};

TEST_F(BvhTakeTest, TinyTakeStaysWithinTolerance) {
  const Model model = Import(test_support::write_bvh_take((dir_ / "tiny.bvh").string(), 60.0f));
  ASSERT_EQ(model.clips.size(), 1u);
  CompressAndCheck(model.clips[0], model.skeleton);
}

TEST_F(BvhTakeTest, SmoothTakeStaysWithinToleranceWithFewerKeysThanFrames) {
  constexpr int kFrames = 240;  // 2 s at 120 Hz.
  const Model model = Import(WriteSmoothTake("smooth.bvh", kFrames, "0.00833333333333"));
  ASSERT_EQ(model.clips.size(), 1u);
  const Clip& clip = model.clips[0];
  const CompressedResult r = CompressAndCheck(clip, model.skeleton);
  // Frame-exact ticks: 120 per second, 8 bits for 240 frames.
  EXPECT_NEAR(r.clip.ticks_per_second, 120.0f, 1e-3f);
  EXPECT_TRUE(r.clip.narrow_times());
  // Key removal: every animated track or group keeps fewer keys than the take has frames.
  std::size_t animated = 0;
  for (const RotationGroup& g : r.clip.rotation_groups) {
    EXPECT_LT(g.key_count, static_cast<uint32_t>(kFrames)) << "group of block " << g.block;
    ++animated;
  }
  for (const CompressedTrack& t : r.clip.tracks) {
    EXPECT_LT(t.key_count, static_cast<uint32_t>(kFrames)) << "track of joint " << t.joint;
    ++animated;
  }
  EXPECT_GT(animated, 0u);
  EXPECT_LT(r.report.packed_bytes, r.report.raw_bytes);
  std::cout << "Smooth take: " << clip.key_count() << " float keys, " << r.report.raw_bytes
            << " raw bytes -> " << r.report.packed_bytes << " packed bytes, max error "
            << r.report.max_error << " of " << r.report.tolerance << "\n";
}

TEST_F(BvhTakeTest, TakeWithRoundedFrameTimeStaysWithinTolerance) {
  // The frame time as motion-capture files (BVH/01_01.bvh among them) write 1/120 s: .0083333,
  // which leaves a 120 Hz grid by 0.0023 frames over 576 frames. Frame 0 is a T-pose, frame 1
  // the motion's first pose. (576 frames put frame 1 at 113.97 of 65535 ticks over the take, as
  // 01_01.bvh puts it at 23.82.)
  const Model model = Import(WriteSmoothTake("rounded.bvh", 576, ".0083333", true));
  ASSERT_EQ(model.clips.size(), 1u);
  CompressAndCheck(model.clips[0], model.skeleton);
}

// --- Clips built in the test -------------------------------------------------------------------

Skeleton OneJointSkeleton() {
  Skeleton s;
  s.names = {"root"};
  s.parents = {-1};
  s.rest = {Transform::identity()};
  return s;
}

TEST(CompressClipTest, RejectsClipWhoseTrackCountDiffersFromTheSkeleton) {
  ClipBuilder b("three", 1.0f, 3);
  b.add_translation(2, 0.0f, {0, 0, 0});
  b.add_translation(2, 1.0f, {1, 0, 0});
  const Clip clip = b.build();
  Skeleton two;
  two.names = {"a", "b"};
  two.parents = {-1, 0};
  two.rest = {Transform::identity(), Transform::identity()};
  const Result<CompressedResult> r = compress_clip(clip, two);
  ASSERT_FALSE(r.ok());
  EXPECT_FALSE(r.error().message.empty());
}

TEST(CompressClipTest, RejectsNegativeTolerance) {
  ClipBuilder b("move", 1.0f, 1);
  b.add_translation(0, 0.0f, {0, 0, 0});
  b.add_translation(0, 1.0f, {1, 0, 0});
  EXPECT_FALSE(compress_clip(b.build(), OneJointSkeleton(), {-1.0f, 0.0f}).ok());
}

TEST(CompressClipTest, KeysOnA30HzGridWithLongGapsStayWithinTolerance) {
  // LWS/move_xz_linear.lws's track: keys at frames 0, 20, 60 and 89 of 30 Hz in a 4 s clip,
  // moving about 3 units per second, on a skeleton without extent (default tolerance 1e-4).
  ClipBuilder b("grid", 4.0f, 1);
  b.add_translation(0, 0.0f, {0, 0, 0});
  b.add_translation(0, 20.0f / 30.0f, {1.92492f, 0, 1.32806f});
  b.add_translation(0, 60.0f / 30.0f, {-0.523003f, 0, 3.98418f});
  b.add_translation(0, 89.0f / 30.0f, {-0.523003f, 0, 0.0958004f});
  const Skeleton skeleton = OneJointSkeleton();
  EXPECT_EQ(default_tolerance(skeleton), 1e-4f);
  CompressAndCheck(b.build(), skeleton);
}

// Keys closer than a float tick rate can count (1e-39 s apart: 65535 ticks over them, or one a
// frame, is past the largest float): the clip compresses as one of no length, every key on tick
// 0, with a finite rate, instead of an infinite one whose ticks are not numbers (the import
// fuzzer's crash, tests/fuzz/crashes/fuzz_import/compress_key_time_frame_overflows).
TEST(CompressClipTest, KeysTooCloseForAFloatRateCompressAsAClipOfNoLength) {
  for (const float duration : {1e-39f, 1.0f}) {
    ClipBuilder b("instant", duration, 1);
    b.add_translation(0, 0.0f, {0, 0, 0});
    b.add_translation(0, 1e-39f, {1, 0, 0});
    b.add_translation(0, 2e-39f, {2, 0, 0});
    const Clip clip = b.build();
    ASSERT_TRUE(clip.validate(1).ok());
    Result<CompressedResult> r = compress_clip(clip, OneJointSkeleton(), {1e-3f, 0.0f});
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    const CompressedClip& packed = r.value().clip;
    ASSERT_TRUE(packed.validate(1).ok());
    EXPECT_TRUE(std::isfinite(packed.ticks_per_second)) << duration;
    SoaPose rest(1, SoaTransform::identity()), out(1);
    CompressedCursor cursor(packed);
    for (const float t : {0.0f, 1e-39f, 0.5f}) {
      ASSERT_TRUE((CompressedSamplingJob{&packed, rest, t, &cursor, out}.run()));
      const glm::vec3 got = out[0].get(0).translation;
      // One of the keys' places, whichever the ticks kept.
      EXPECT_TRUE(got == glm::vec3(0, 0, 0) || got == glm::vec3(1, 0, 0) ||
                  got == glm::vec3(2, 0, 0))
          << duration << " at " << t << ": (" << got.x << ", " << got.y << ", " << got.z << ")";
    }
  }
}

TEST(CompressClipTest, KeysBeforeTimeZeroDoNotChangeThePoseAtZero) {
  // Translation (5, 0, 0) at -1 s, (1, 2, 3) at 0 s, (2, 2, 3) at 1 s. At 0 s the float clip is at
  // (1, 2, 3); so must the compressed clip be.
  ClipBuilder b("early", 1.0f, 1);
  b.add_translation(0, -1.0f, {5, 0, 0});
  b.add_translation(0, 0.0f, {1, 2, 3});
  b.add_translation(0, 1.0f, {2, 2, 3});
  const Clip clip = b.build();
  Result<CompressedResult> r = compress_clip(clip, OneJointSkeleton(), {1e-3f, 0.0f});
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const CompressedClip& packed = r.value().clip;
  ASSERT_TRUE(packed.validate(1).ok());
  for (float t : {0.0f, 0.5f, 1.0f}) {
    SoaPose rest(1, SoaTransform::identity()), out(1);
    CompressedCursor cursor(packed);
    CompressedSamplingJob job;
    job.clip = &packed;
    job.rest = rest;
    job.time = t;
    job.cursor = &cursor;
    job.output = out;
    ASSERT_TRUE(job.run());
    const glm::vec3 want(1 + t, 2, 3);
    const glm::vec3 got = out[0].get(0).translation;
    EXPECT_LE(glm::length(got - want), 1e-3f)
        << "at " << t << " s: got (" << got.x << ", " << got.y << ", " << got.z << "), want ("
        << want.x << ", " << want.y << ", " << want.z << ")";
  }
}

}  // namespace
}  // namespace anim::bake
