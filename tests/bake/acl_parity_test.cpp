// Issue 30's measure against ACL 2.1: each motion-capture take of the test models packed at the
// max error ACL's clip of it has, within that by the library's measure and no larger than ACL's
// clip. ACL's bytes and errors: for the CMU takes, the (its default settings, and
// tightened until its max error matched ours); for the others, ACL 2.1.0 (rtm d7982f2) with its
// default settings, each joint's precision our default tolerance and its shell our virtual
// points' distance, the take resampled at its key rate, its error measured by ours at the take's
// key times (2026-11-29; the same harness gives the CMU figures to 0.3%). Its own suite:
// compressing 23-38 s takes takes a few seconds, beside the other takes' suites.
#include <cctype>
#include <cstddef>
#include <string>

#include <gtest/gtest.h>

#include "anim/bake/clip_compression.h"
#include "anim/bake/clip_error.h"
#include "anim/import/import_model.h"
#include "import_test_support.h"
#include "support/sanitized.h"

namespace anim::bake {
namespace {

using ::anim::import::test_support::model_path;

struct AclPoint {
  const char* file;
  float max_error;    // ACL's clip's max error, which ours must not exceed.
  std::size_t bytes;  // ACL's clip's bytes.
};

class AclParityTest : public ::testing::TestWithParam<AclPoint> {};

TEST_P(AclParityTest, NoLargerThanAclAtItsError) {
  if (test_support::RunningUnderSanitizers()) {
    GTEST_SKIP() << "long takes, checked in the optimized pass only";
  }
  const AclPoint& acl = GetParam();
  Result<Model> model = anim::import::import_model(model_path(acl.file));
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  ASSERT_FALSE(model.value().clips.empty());
  const Clip& take = model.value().clips[0];
  const Skeleton& skeleton = model.value().skeleton;
  CompressionOptions options;
  options.tolerance = acl.max_error;
  const Result<CompressedResult> packed = compress_clip(take, skeleton, options);
  ASSERT_TRUE(packed.ok()) << packed.error().to_string();
  const ClipError error =
      measure_clip_error(take, packed.value().clip, skeleton, default_shell_distance(skeleton));
  EXPECT_LE(error.max_error, acl.max_error);
  EXPECT_LE(packed.value().report.packed_bytes, acl.bytes);
}

INSTANTIATE_TEST_SUITE_P(MocapTakes, AclParityTest,
                         ::testing::Values(AclPoint{"BVH/01_01.bvh", 0.0054f, 238423},
                                           AclPoint{"BVH/01_01.bvh", 0.0026f, 275309},
                                           AclPoint{"BVH/01_03.bvh", 0.0056f, 404553},
                                           AclPoint{"BVH/01_03.bvh", 0.0032f, 437115},
                                           AclPoint{"BVH/Boxing_Toes.bvh", 0.0329991f, 250113},
                                           AclPoint{"ASE/MotionCaptureROM.ase", 0.0109735f, 35547},
                                           AclPoint{"CSM/ThomasFechten.csm", 0.2341196f, 340856},
                                           AclPoint{"X/BCN_Epileptic.X", 0.0002982f, 9259}),
                         [](const ::testing::TestParamInfo<AclPoint>& info) {
                           std::string name;
                           for (const char* c = info.param.file; *c != '\0'; ++c) {
                             if (std::isalnum(static_cast<unsigned char>(*c))) name += *c;
                           }
                           return name + "_" + std::to_string(info.index);
                         });

}  // namespace
}  // namespace anim::bake
