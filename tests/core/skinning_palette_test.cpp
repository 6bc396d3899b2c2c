#include "anim/skinning_palette.h"

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>
#include <glm/mat4x4.hpp>

#include "support/maths.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr float kTol = 1e-5f;

glm::mat4 Translation(float x, float y, float z) {
  return Columns({1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {x, y, z, 1});
}

TEST(SkinningPaletteTest, PaletteIsModelTimesInverseBind) {
  // Joint 0 at (1, 2, 3); joint 1 at (0, 0, 5) turned 90° about Z.
  const std::vector<glm::mat4> model = {
      Translation(1, 2, 3), Columns({0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0}, {0, 0, 5, 1})};
  // Entries follow joints 1, 0, 1 (joint 1 twice, with two different binds).
  const std::vector<int16_t> joints = {1, 0, 1};
  const std::vector<glm::mat4> inverse_bind = {
      Translation(-1, 0, 0), glm::mat4(1.0f),
      Columns({0.5f, 0, 0, 0}, {0, 0.5f, 0, 0}, {0, 0, 0.5f, 0}, {0, 0, 0, 1})};
  std::vector<glm::mat4> out(3);
  ASSERT_TRUE((SkinningPaletteJob{model, joints, inverse_bind, out}.run()));

  // M1 * T(-1, 0, 0): same axes, origin M1 (-1, 0, 0, 1) = (0, -1, 0) + (0, 0, 5).
  EXPECT_TRUE(
      MatNear(out[0], Columns({0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0}, {0, -1, 5, 1}), kTol));
  // M0 * I.
  EXPECT_TRUE(MatNear(out[1], Translation(1, 2, 3), kTol));
  // M1 * S(0.5): axes halved, origin unchanged.
  EXPECT_TRUE(MatNear(
      out[2], Columns({0, 0.5f, 0, 0}, {-0.5f, 0, 0, 0}, {0, 0, 0.5f, 0}, {0, 0, 5, 1}), kTol));
}

TEST(SkinningPaletteTest, BindPoseGivesIdentity) {
  // A joint still in its bind pose at (1, 2, 3) with inverse bind T(-1, -2, -3).
  const std::vector<glm::mat4> model = {Translation(1, 2, 3)};
  const std::vector<int16_t> joints = {0};
  const std::vector<glm::mat4> inverse_bind = {Translation(-1, -2, -3)};
  std::vector<glm::mat4> out(1);
  ASSERT_TRUE((SkinningPaletteJob{model, joints, inverse_bind, out}.run()));
  EXPECT_TRUE(MatNear(out[0], glm::mat4(1.0f), kTol));
}

TEST(SkinningPaletteTest, EmptySkinIsValid) {
  const std::vector<glm::mat4> model = {glm::mat4(1.0f)};
  SkinningPaletteJob job;
  job.model = model;
  EXPECT_TRUE(job.validate());
  EXPECT_TRUE(job.run());
}

TEST(SkinningPaletteTest, SkinSizeCountsEntries) {
  Skin skin;
  skin.joints = {0, 2, 2};
  skin.inverse_bind.resize(3);
  EXPECT_EQ(skin.size(), 3u);
}

class SkinningPaletteValidateTest : public ::testing::Test {
 protected:
  SkinningPaletteValidateTest()
      : model_(2, glm::mat4(1.0f)),
        joints_{0, 1},
        inverse_bind_(2, glm::mat4(1.0f)),
        out_(2, glm::mat4(7.0f)) {}

  SkinningPaletteJob Job() { return SkinningPaletteJob{model_, joints_, inverse_bind_, out_}; }

  void ExpectRejected() {
    const SkinningPaletteJob job = Job();
    EXPECT_FALSE(job.validate());
    EXPECT_FALSE(job.run());
    for (const glm::mat4& m : out_) EXPECT_TRUE(MatNear(m, glm::mat4(7.0f), 0.0f));
  }

  std::vector<glm::mat4> model_;
  std::vector<int16_t> joints_;
  std::vector<glm::mat4> inverse_bind_;
  std::vector<glm::mat4> out_;
};

TEST_F(SkinningPaletteValidateTest, AcceptsValidJob) {
  EXPECT_TRUE(Job().validate());
  EXPECT_TRUE(Job().run());
}

TEST_F(SkinningPaletteValidateTest, RejectsNegativeJointIndex) {
  joints_[1] = -1;
  ExpectRejected();
}

TEST_F(SkinningPaletteValidateTest, RejectsJointIndexPastTheSkeleton) {
  joints_[0] = 2;  // Only joints 0 and 1 have model matrices.
  ExpectRejected();
}

// The check runs eight joints at a time: every size to 40 (tails included) and a bad index at
// every place, against the rule itself.
TEST_F(SkinningPaletteValidateTest, EveryBadJointIndexIsFoundWhereverItIs) {
  for (std::size_t n = 1; n <= 40; ++n) {
    model_.assign(n, glm::mat4(1.0f));
    inverse_bind_.assign(n, glm::mat4(1.0f));
    out_.assign(n, glm::mat4(7.0f));
    std::vector<int16_t> good(n);
    for (std::size_t s = 0; s < n; ++s) good[s] = static_cast<int16_t>(n - 1 - s);
    joints_ = good;
    EXPECT_TRUE(Job().validate()) << n << " entries";
    for (std::size_t at = 0; at < n; ++at) {
      for (const int bad : {-1, -32768, static_cast<int>(n), 32767}) {
        joints_ = good;
        joints_[at] = static_cast<int16_t>(bad);
        EXPECT_FALSE(Job().validate()) << n << " entries, joint " << bad << " at " << at;
      }
    }
  }
  joints_ = {0};
  inverse_bind_.assign(1, glm::mat4(1.0f));
  out_.assign(1, glm::mat4(7.0f));
  EXPECT_TRUE(Job().validate());
  model_.clear();  // No model matrices: no index is valid.
  EXPECT_FALSE(Job().validate());
}

TEST_F(SkinningPaletteValidateTest, RejectsInverseBindCountMismatch) {
  inverse_bind_.pop_back();
  ExpectRejected();
}

TEST_F(SkinningPaletteValidateTest, RejectsOutputCountMismatch) {
  out_.push_back(glm::mat4(7.0f));
  ExpectRejected();
}

}  // namespace
}  // namespace anim
