// The Curves panel's points, checked against values worked out by hand: Euler angles of known
// rotations, continuity past 180 degrees, slerped rotations between keys, held values outside
// the keys, quaternion hemispheres.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/clip.h"
#include "anim/ui/model/channel_curves.h"

namespace anim::ui {
namespace {

constexpr float kTol = 1e-3f;
const glm::vec3 kX(1, 0, 0), kY(0, 1, 0), kZ(0, 0, 1);

glm::quat about(const glm::vec3& axis, float degrees) {
  return glm::angleAxis(glm::radians(degrees), axis);
}

void expect_vec3(const glm::vec3& got, const glm::vec3& want) {
  EXPECT_NEAR(got.x, want.x, kTol);
  EXPECT_NEAR(got.y, want.y, kTol);
  EXPECT_NEAR(got.z, want.z, kTol);
}

const ChannelCurve* find(const std::vector<ChannelCurve>& curves, const char* name) {
  for (const ChannelCurve& c : curves) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

// The value of a curve at a point time (exactly one of its points).
float at(const ChannelCurve& c, float t) {
  for (const glm::vec2& p : c.points) {
    if (std::abs(p.x - t) < 1e-5f) return p.y;
  }
  ADD_FAILURE() << c.name << " has no point at " << t;
  return NAN;
}

TEST(ChannelCurvesTest, EulerAnglesOfSingleAxisTurns) {
  expect_vec3(euler_xyz_degrees(about(kX, 30.0f)), {30.0f, 0.0f, 0.0f});
  expect_vec3(euler_xyz_degrees(about(kY, 40.0f)), {0.0f, 40.0f, 0.0f});
  expect_vec3(euler_xyz_degrees(about(kZ, -50.0f)), {0.0f, 0.0f, -50.0f});
  expect_vec3(euler_xyz_degrees(glm::quat(1, 0, 0, 0)), {0.0f, 0.0f, 0.0f});
}

TEST(ChannelCurvesTest, EulerAnglesTurnAboutXThenYThenZ) {
  // R = Rz(30) * Ry(20) * Rx(10): X is applied first.
  const glm::quat q = about(kZ, 30.0f) * about(kY, 20.0f) * about(kX, 10.0f);
  expect_vec3(euler_xyz_degrees(q), {10.0f, 20.0f, 30.0f});
}

TEST(ChannelCurvesTest, GimbalLockKeepsTheRotation) {
  // Y at 90: only x - z is defined; z is 0, so x carries it: Ry(90) * Rx(25).
  const glm::quat q = about(kY, 90.0f) * about(kX, 25.0f);
  const glm::vec3 e = euler_xyz_degrees(q);
  EXPECT_NEAR(e.y, 90.0f, 0.05f);
  EXPECT_NEAR(e.z, 0.0f, kTol);
  EXPECT_NEAR(e.x, 25.0f, 0.05f);
}

TEST(ChannelCurvesTest, EulerNearGoesOnPast180) {
  // 190 degrees about Z reads -170 alone, 190 next to 170.
  expect_vec3(euler_xyz_degrees(about(kZ, 190.0f)), {0.0f, 0.0f, -170.0f});
  expect_vec3(euler_near(about(kZ, 190.0f), {0.0f, 0.0f, 170.0f}), {0.0f, 0.0f, 190.0f});
  // Whole turns: 370 next to 360.
  expect_vec3(euler_near(about(kZ, 10.0f), {0.0f, 0.0f, 360.0f}), {0.0f, 0.0f, 370.0f});
  // The other triple when it is the closer one: past Y = 90 the angles flip to
  // (x + 180, 180 - y, z + 180); next to (0, 85, 0), 95 about Y reads (0, 95, 0), not
  // (180, 85, 180).
  expect_vec3(euler_near(about(kY, 95.0f), {0.0f, 85.0f, 0.0f}), {0.0f, 95.0f, 0.0f});
}

TEST(ChannelCurvesTest, RotationBetweenKeysIsSlerpedAndHeldOutside) {
  // Keys: identity at 0 s, 90 degrees about Z at 1 s; the clip lasts 2 s.
  ClipBuilder b("turn", 2.0f, 2);
  b.add_rotation(1, 0.0f, glm::quat(1, 0, 0, 0));
  b.add_rotation(1, 1.0f, about(kZ, 90.0f));
  const std::vector<ChannelCurve> curves = joint_curves(b.build(), 1, RotationView::kEulerDegrees);
  ASSERT_EQ(curves.size(), 3u);  // rx ry rz; no translation or scale keys.
  const ChannelCurve* rz = find(curves, "rz");
  ASSERT_NE(rz, nullptr);
  EXPECT_EQ(rz->kind, ChannelKind::kRotation);
  // 90 degrees turned: 18 segments of 5 degrees, so 17 points between the keys, and the held
  // value at the clip's end.
  ASSERT_EQ(rz->points.size(), 1u + 17u + 1u + 1u);
  EXPECT_NEAR(at(*rz, 0.0f), 0.0f, kTol);
  EXPECT_NEAR(at(*rz, 0.5f), 45.0f, kTol);  // Slerp turns at a constant rate.
  EXPECT_NEAR(at(*rz, 1.0f / 18.0f), 5.0f, kTol);
  EXPECT_NEAR(at(*rz, 1.0f), 90.0f, kTol);
  EXPECT_NEAR(at(*rz, 2.0f), 90.0f, kTol);  // Held after the last key.
  ASSERT_EQ(rz->keys.size(), 2u);
  EXPECT_NEAR(rz->keys[1].x, 1.0f, kTol);
  EXPECT_NEAR(rz->keys[1].y, 90.0f, kTol);
  for (const glm::vec2& p : find(curves, "rx")->points) EXPECT_NEAR(p.y, 0.0f, kTol);
}

TEST(ChannelCurvesTest, ARotationPast180HasNoJump) {
  // 170 degrees about Z at 0 s, 190 (stored as -170) at 1 s: the line rises by 20.
  ClipBuilder b("past", 1.0f, 1);
  b.add_rotation(0, 0.0f, about(kZ, 170.0f));
  b.add_rotation(0, 1.0f, about(kZ, -170.0f));
  const std::vector<ChannelCurve> curves = joint_curves(b.build(), 0, RotationView::kEulerDegrees);
  const ChannelCurve* rz = find(curves, "rz");
  ASSERT_NE(rz, nullptr);
  EXPECT_NEAR(rz->points.front().y, 170.0f, kTol);
  EXPECT_NEAR(rz->points.back().y, 190.0f, kTol);
  EXPECT_NEAR(at(*rz, 0.5f), 180.0f, kTol);
  for (std::size_t i = 1; i < rz->points.size(); ++i) {
    EXPECT_LT(std::abs(rz->points[i].y - rz->points[i - 1].y), 6.0f);
  }
}

TEST(ChannelCurvesTest, QuaternionComponentsKeepOneHemisphere) {
  // The second key is stored negated (the same rotation): the line must not jump to it.
  const glm::quat turned = about(kZ, 90.0f);
  ClipBuilder b("q", 1.0f, 1);
  b.add_rotation(0, 0.0f, glm::quat(1, 0, 0, 0));
  b.add_rotation(0, 1.0f, -turned);
  const std::vector<ChannelCurve> curves = joint_curves(b.build(), 0, RotationView::kQuaternion);
  ASSERT_EQ(curves.size(), 4u);
  const ChannelCurve* qw = find(curves, "qw");
  const ChannelCurve* qz = find(curves, "qz");
  ASSERT_TRUE(qw && qz);
  EXPECT_EQ(qw->component, 3);
  EXPECT_NEAR(at(*qw, 0.0f), 1.0f, kTol);
  EXPECT_NEAR(at(*qw, 1.0f), std::sqrt(0.5f), kTol);
  EXPECT_NEAR(at(*qz, 1.0f), std::sqrt(0.5f), kTol);
  // Halfway: 45 degrees about Z, w = cos(22.5), z = sin(22.5).
  EXPECT_NEAR(at(*qw, 0.5f), std::cos(glm::radians(22.5f)), kTol);
  EXPECT_NEAR(at(*qz, 0.5f), std::sin(glm::radians(22.5f)), kTol);
}

TEST(ChannelCurvesTest, TranslationIsStraightBetweenKeysAndHeldOutside) {
  ClipBuilder b("slide", 2.0f, 1);
  b.add_translation(0, 0.5f, glm::vec3(1.0f, 2.0f, 3.0f));
  b.add_translation(0, 1.5f, glm::vec3(3.0f, 2.0f, 1.0f));
  b.add_scale(0, 1.0f, glm::vec3(2.0f));
  const std::vector<ChannelCurve> curves = joint_curves(b.build(), 0, RotationView::kEulerDegrees);
  ASSERT_EQ(curves.size(), 6u);  // tx ty tz sx sy sz.
  const ChannelCurve* tx = find(curves, "tx");
  ASSERT_NE(tx, nullptr);
  // 0 (held first key), the keys, the clip's end (held last key): nothing between.
  ASSERT_EQ(tx->points.size(), 4u);
  EXPECT_EQ(tx->points[0], glm::vec2(0.0f, 1.0f));
  EXPECT_EQ(tx->points[1], glm::vec2(0.5f, 1.0f));
  EXPECT_EQ(tx->points[2], glm::vec2(1.5f, 3.0f));
  EXPECT_EQ(tx->points[3], glm::vec2(2.0f, 3.0f));
  EXPECT_EQ(tx->keys.size(), 2u);
  const ChannelCurve* sy = find(curves, "sy");
  ASSERT_NE(sy, nullptr);
  EXPECT_EQ(sy->kind, ChannelKind::kScale);
  ASSERT_EQ(sy->points.size(), 3u);  // 0, the key at 1 s, 2 s.
  for (const glm::vec2& p : sy->points) EXPECT_FLOAT_EQ(p.y, 2.0f);
}

TEST(ChannelCurvesTest, AJointWithoutKeysOrOutsideTheClipHasNoCurves) {
  ClipBuilder b("one", 1.0f, 2);
  b.add_translation(0, 0.0f, glm::vec3(1.0f));
  const Clip clip = b.build();
  EXPECT_TRUE(joint_curves(clip, 1, RotationView::kEulerDegrees).empty());
  EXPECT_TRUE(joint_curves(clip, 2, RotationView::kEulerDegrees).empty());
  EXPECT_TRUE(joint_curves(clip, -1, RotationView::kQuaternion).empty());
}

}  // namespace
}  // namespace anim::ui
