#include "anim/foot_ik.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/height_field.h"
#include "anim/soa_local_to_model.h"
#include "support/ik_chains.h"
#include "support/maths.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr float kFootHeight = 0.08f;

// A pelvis 0.95 up (y up, facing +z), a spine, and two legs: hip 2 / 6, knee 3 / 7, ankle 4 / 8,
// toe 5 / 9. Thighs turned 20 degrees forward, shins 40 back, ankles 20 forward again: knees
// forward, feet flat (identity orientation), ankles straight below the hips at z = 0, at
// y = 0.95 - 0.05 - 2 * 0.42 cos 20.
IkChain Legs() {
  IkChain c;
  c.parents = {-1, 0, 0, 2, 3, 4, 0, 6, 7, 8};
  const glm::vec3 x(1, 0, 0);
  const glm::vec3 thigh(0, -0.42f, 0), shin(0, -0.42f, 0), toe(0, -0.05f, 0.12f);
  c.local = {MakeTransform({0, 0.95f, 0}),
             MakeTransform({0, 0.2f, 0}),
             MakeTransform({0.1f, -0.05f, 0}, AxisAngle(x, -20)),
             MakeTransform(thigh, AxisAngle(x, 40)),
             MakeTransform(shin, AxisAngle(x, -20)),
             MakeTransform(toe),
             MakeTransform({-0.1f, -0.05f, 0}, AxisAngle(x, -20)),
             MakeTransform(thigh, AxisAngle(x, 40)),
             MakeTransform(shin, AxisAngle(x, -20)),
             MakeTransform(toe)};
  return c;
}
const float kAnkleY = 0.9f - 0.84f * std::cos(Radians(20));
const float kGround = kAnkleY - kFootHeight;  // The animated feet's ground.

// Flat ground at one height on each side of x = 0 (the left leg is at +x), or none on a side.
struct StepGround {
  float left = kGround, right = kGround;
  bool left_hit = true, right_hit = true;
  glm::vec3 normal{0, 1, 0};  // Reported as is (hostile tests give a bad one).
  static bool Cast(const void* user, const glm::vec3& o, const glm::vec3& d, float max,
                   GroundHit* hit) {
    const StepGround& g = *static_cast<const StepGround*>(user);
    const bool left = o.x > 0.0f;
    if (!(left ? g.left_hit : g.right_hit) || d.y >= 0.0f) return false;
    const float height = left ? g.left : g.right;
    const float t = (o.y - height) / -d.y;
    if (t < 0.0f || t > max) return false;
    *hit = {o + d * t, g.normal};
    return true;
  }
};

// The plane through (0, `height`, 0) rising along +z by `degrees`.
struct SlopeGround {
  float height = kGround;
  float degrees = 20.0f;
  glm::vec3 Normal() const {
    return glm::vec3(0, std::cos(Radians(degrees)), -std::sin(Radians(degrees)));
  }
  static bool Cast(const void* user, const glm::vec3& o, const glm::vec3& d, float max,
                   GroundHit* hit) {
    const SlopeGround& g = *static_cast<const SlopeGround*>(user);
    const glm::vec3 n = g.Normal();
    const float t = glm::dot(n, glm::vec3(0, g.height, 0) - o) / glm::dot(n, d);
    if (!(t >= 0.0f && t <= max)) return false;
    *hit = {o + d * t, n};
    return true;
  }
};

template <class Ground>
GroundQuery Query(const Ground& g) {
  return {&Ground::Cast, &g};
}

// A character after local-to-model, the job filled for it, and what it started from.
struct Character {
  IkChain chain = Legs();
  SoaPose local;
  std::vector<glm::mat4> model;
  std::vector<glm::mat4> before;
  FootIkLeg legs[2];
  FootIkLegResult results[2];
  float drop = -1.0f;
  FootIkJob job;
  glm::mat4 root;

  explicit Character(GroundQuery ground, const glm::mat4& root_matrix = glm::mat4(1.0f))
      : root(root_matrix) {
    local = make_soa_pose(chain.parents.size());
    to_soa(chain.local, local);
    model.resize(chain.parents.size());
    EXPECT_TRUE((SoaLocalToModelJob{chain.parents, local, root, model}.run()));
    before = model;
    legs[0] = {2, 3, 4, kFootHeight};
    legs[1] = {6, 7, 8, kFootHeight};
    job.parents = chain.parents;
    job.root = root;
    job.local = local;
    job.model = model;
    job.legs = {legs, 2};
    job.pelvis = 0;
    job.ground = ground;
    job.results = {results, 2};
    job.pelvis_drop = &drop;
  }
  glm::vec3 At(int joint) const { return Origin(model[joint]); }
  glm::vec3 Before(int joint) const { return Origin(before[joint]); }
  std::vector<Transform> Pose() const {
    std::vector<Transform> pose(chain.parents.size());
    from_soa(local, pose);
    return pose;
  }
};

bool SameMatrixBits(const glm::mat4& a, const glm::mat4& b) {
  return std::memcmp(&a, &b, sizeof(glm::mat4)) == 0;
}

// Every bone (joint to parent) as long as in the animated pose, and the model space that of the
// corrected local pose (the naive reference of ik_chains.h).
void ExpectBonesKeptAndModelConsistent(const Character& c) {
  IkChain corrected = c.chain;
  corrected.local = c.Pose();
  const std::vector<glm::mat4> fresh = NaiveModel(corrected);
  for (std::size_t j = 0; j < c.model.size(); ++j) {
    EXPECT_TRUE(MatNear(c.model[j], c.root * fresh[j], 1e-5f)) << "joint " << j;
    for (int k = 0; k < 4; ++k) {
      for (int r = 0; r < 4; ++r) EXPECT_TRUE(std::isfinite(c.model[j][k][r]));
    }
    const int p = c.chain.parents[j];
    if (p < 0) continue;
    EXPECT_NEAR(glm::length(c.At(j) - c.At(p)), glm::length(c.Before(j) - c.Before(p)), 1e-5f)
        << "bone " << j;
  }
}

// The knee on the forward (+z) side of the hip-to-ankle line: the bend kept its direction.
void ExpectKneeForward(const Character& c, int hip, int knee, int ankle) {
  const glm::vec3 h = c.At(hip), k = c.At(knee), a = c.At(ankle);
  const glm::vec3 u = glm::normalize(a - h);
  const glm::vec3 off = (k - h) - u * glm::dot(k - h, u);
  EXPECT_GT(off.z, 0.05f);
}

TEST(FootIkTest, FlatGroundAtTheAnimatedHeightChangesNothing) {
  StepGround ground;
  Character c(Query(ground));
  ASSERT_TRUE(c.job.run());
  for (std::size_t j = 0; j < c.model.size(); ++j) {
    EXPECT_TRUE(MatNear(c.model[j], c.before[j], 1e-6f)) << j;
  }
  EXPECT_NEAR(c.drop, 0.0f, 1e-6f);
  for (const FootIkLegResult& r : c.results) {
    EXPECT_TRUE(r.hit);
    EXPECT_TRUE(r.reached);
    EXPECT_EQ(r.weight, 1.0f);
  }
}

TEST(FootIkTest, AStepPutsThatAnkleOnItAndLowersNothing) {
  StepGround ground;
  ground.left = kGround + 0.1f;
  Character c(Query(ground));
  ASSERT_TRUE(c.job.run());
  // The other foot's ground is where its ankle is, up to the rounding of a foot height.
  EXPECT_NEAR(c.drop, 0.0f, 1e-7f);
  EXPECT_TRUE(MatNear(c.model[0], c.before[0], 1e-7f));  // The pelvis did not move.
  const glm::vec3 ankle = c.Before(4);
  EXPECT_TRUE(Vec3Near(c.At(4), glm::vec3(ankle.x, kGround + 0.1f + kFootHeight, ankle.z), 1e-5f));
  EXPECT_TRUE(Vec3Near(c.results[0].target, ankle + glm::vec3(0, 0.1f, 0), 1e-6f));
  EXPECT_TRUE(Vec3Near(c.At(8), c.Before(8), 1e-6f));  // The other foot stays.
  // Flat ground: the foot keeps its animated (flat) orientation.
  EXPECT_TRUE(SameRotation(glm::quat_cast(glm::mat3(c.model[4])), glm::quat(1, 0, 0, 0), 1e-5f));
  EXPECT_TRUE(c.results[0].reached && c.results[1].reached);
  ExpectKneeForward(c, 2, 3, 4);
  ExpectBonesKeptAndModelConsistent(c);
}

TEST(FootIkTest, AHoleLowersThePelvisByItsDepthAndBothFeetTouch) {
  StepGround ground;
  ground.left = kGround - 0.1f;
  Character c(Query(ground));
  ASSERT_TRUE(c.job.run());
  // The left target is 0.1 below the animated ankle: the pelvis drops 0.1 and the left leg keeps
  // its animated shape; the right leg bends more to stay on its ground.
  EXPECT_NEAR(c.drop, 0.1f, 1e-6f);
  EXPECT_TRUE(Vec3Near(c.At(0), glm::vec3(0, 0.85f, 0), 1e-6f));
  EXPECT_TRUE(Vec3Near(c.At(4), c.Before(4) - glm::vec3(0, 0.1f, 0), 1e-5f));
  EXPECT_TRUE(Vec3Near(c.At(8), c.Before(8), 1e-5f));
  EXPECT_TRUE(c.results[0].reached && c.results[1].reached);
  ExpectKneeForward(c, 2, 3, 4);
  ExpectKneeForward(c, 6, 7, 8);
  ExpectBonesKeptAndModelConsistent(c);
  // The pelvis' correction went into its local translation.
  EXPECT_TRUE(Vec3Near(c.Pose()[0].translation, glm::vec3(0, 0.85f, 0), 1e-6f));
}

// Flat ground at a height along z on each side of x = 0, for a character standing along +z.
struct ZUpGround {
  float left = 0.0f, right = 0.0f;
  static bool Cast(const void* user, const glm::vec3& o, const glm::vec3& d, float max,
                   GroundHit* hit) {
    const ZUpGround& g = *static_cast<const ZUpGround*>(user);
    const float height = o.x > 0.0f ? g.left : g.right;
    const float t = (o.z - height) / -d.z;
    if (!(d.z < 0.0f) || t < 0.0f || t > max) return false;
    *hit = {o + d * t, glm::vec3(0, 0, 1)};
    return true;
  }
};

TEST(FootIkTest, AnotherUpAxisAndARootMatrixDropThePelvisInItsParentsSpace) {
  // The rig turned 90 degrees about x by the root matrix: its y up becomes model z, its ankles
  // stand at z = kAnkleY. A hole of 0.1 under the left foot drops the pelvis 0.1 along -z, which
  // in the root's space (the pelvis' parent) is 0.1 along -y: its local translation becomes
  // (0, 0.85, 0).
  ZUpGround ground;
  ground.left = kGround - 0.1f;
  ground.right = kGround;
  const glm::mat4 root = glm::mat4_cast(AxisAngle(glm::vec3(1, 0, 0), 90));
  Character c(Query(ground), root);
  c.job.up = glm::vec3(0, 0, 2);  // Any length.
  ASSERT_TRUE(c.job.run());
  EXPECT_NEAR(c.drop, 0.1f, 1e-6f);
  EXPECT_TRUE(Vec3Near(c.Pose()[0].translation, glm::vec3(0, 0.85f, 0), 1e-6f));
  EXPECT_TRUE(Vec3Near(c.At(4), c.Before(4) - glm::vec3(0, 0, 0.1f), 1e-5f));
  EXPECT_TRUE(Vec3Near(c.At(8), c.Before(8), 1e-5f));
  EXPECT_NEAR(c.At(8).z, kAnkleY, 1e-5f);
  ExpectBonesKeptAndModelConsistent(c);
}

TEST(FootIkTest, APartlyPlantedFootLowersThePelvisByItsShare) {
  StepGround ground;
  ground.left = kGround - 0.1f;
  Character c(Query(ground));
  c.legs[0].planted = 0.5f;
  c.job.weight = 0.8f;
  ASSERT_TRUE(c.job.run());
  EXPECT_NEAR(c.drop, 0.1f * 0.5f * 0.8f, 1e-6f);
  EXPECT_NEAR(c.results[0].weight, 0.4f, 1e-7f);
  EXPECT_NEAR(c.results[1].weight, 0.8f, 1e-7f);
  // Halfway planted: the left ankle between its animated place and the ground.
  EXPECT_LT(c.At(4).y, c.Before(4).y - 0.04f);
  EXPECT_GT(c.At(4).y, c.Before(4).y - 0.1f);
  ExpectBonesKeptAndModelConsistent(c);
}

TEST(FootIkTest, TheDropIsCappedAndAnUnreachableFootStretchesWithoutAPop) {
  StepGround ground;
  Character first(Query(ground));
  const float reach = 0.84f;
  glm::vec3 previous = first.Before(4);
  // The hole deepens a millimetre at a time with the pelvis held (no drop allowed): the ankle
  // follows, then the leg straightens toward the target without ever reaching full length, and
  // the ankle never jumps.
  for (int mm = 0; mm <= 200; ++mm) {
    ground.left = kGround - 0.001f * mm;
    Character c(Query(ground));
    c.job.max_pelvis_drop = 0.0f;
    ASSERT_TRUE(c.job.run());
    EXPECT_EQ(c.drop, 0.0f);
    const float distance = glm::length(c.At(4) - c.At(2));
    EXPECT_LT(distance, reach);
    EXPECT_LE(glm::length(c.At(4) - previous), 0.0011f) << mm;
    previous = c.At(4);
    const glm::vec3 to_target = glm::normalize(c.results[0].target - c.At(2));
    if (glm::length(c.results[0].target - c.At(2)) > 0.97f * reach + 1e-4f) {
      EXPECT_FALSE(c.results[0].reached) << mm;
      EXPECT_TRUE(Vec3Near(glm::normalize(c.At(4) - c.At(2)), to_target, 1e-4f));
    } else {
      EXPECT_TRUE(c.results[0].reached) << mm;
    }
    if (mm == 200) ExpectBonesKeptAndModelConsistent(c);
  }
  // With a cap of 0.04, a 0.1 hole drops the pelvis 0.04.
  ground.left = kGround - 0.1f;
  Character capped(Query(ground));
  capped.job.max_pelvis_drop = 0.04f;
  ASSERT_TRUE(capped.job.run());
  EXPECT_NEAR(capped.drop, 0.04f, 1e-7f);
  EXPECT_TRUE(Vec3Near(capped.At(0), glm::vec3(0, 0.91f, 0), 1e-6f));
}

TEST(FootIkTest, ASlopeTiltsTheAnklesToItsNormal) {
  SlopeGround ground;
  ground.height = kGround - 0.05f;
  Character c(Query(ground));
  ASSERT_TRUE(c.job.run());
  // By hand: the ankles sit at z = 0, so the ground below each is at kGround - 0.05 and the
  // target is that point plus n * foot height, n = (0, cos 20, -sin 20): below the animated ankle
  // by 0.05 + 0.08 (1 - cos 20), which is the drop.
  const float c20 = std::cos(Radians(20)), s20 = std::sin(Radians(20));
  EXPECT_NEAR(c.drop, 0.05f + kFootHeight * (1.0f - c20), 1e-6f);
  for (int ankle : {4, 8}) {
    const glm::vec3 before = c.Before(ankle);
    const glm::vec3 target(before.x, kGround - 0.05f + kFootHeight * c20, -kFootHeight * s20);
    EXPECT_TRUE(Vec3Near(c.At(ankle), target, 1e-5f)) << ankle;
    // The sole: the foot's up (the ankle's y axis) is the normal, the ankle a foot height above
    // the plane; the turn is 20 degrees about -x (y toward -z), the feet being flat before.
    const glm::quat turn = glm::quat_cast(glm::mat3(c.model[ankle]));
    EXPECT_TRUE(SameRotation(turn, AxisAngle(glm::vec3(1, 0, 0), -20), 1e-5f)) << ankle;
    EXPECT_NEAR(glm::dot(ground.Normal(), c.At(ankle) - glm::vec3(0, ground.height, 0)),
                kFootHeight, 1e-5f);
  }
  ExpectBonesKeptAndModelConsistent(c);
}

TEST(FootIkTest, WeightZeroLeavesThePoseBitForBit) {
  StepGround ground;
  ground.left = kGround - 0.1f;
  ground.right = kGround + 0.1f;
  for (int pass = 0; pass < 2; ++pass) {
    Character c(Query(ground));
    const SoaPose local_before = c.local;
    if (pass == 0) c.job.weight = 0.0f;
    if (pass == 1) c.legs[0].planted = c.legs[1].planted = 0.0f;
    ASSERT_TRUE(c.job.run());
    EXPECT_EQ(c.drop, 0.0f);
    for (std::size_t j = 0; j < c.model.size(); ++j) {
      EXPECT_TRUE(SameMatrixBits(c.model[j], c.before[j])) << j;
    }
    EXPECT_EQ(std::memcmp(c.local.data(), local_before.data(),
                          local_before.size() * sizeof(SoaTransform)),
              0);
    EXPECT_TRUE(c.results[0].hit);  // The ground was still found.
    EXPECT_FALSE(c.results[0].reached);
    EXPECT_EQ(c.results[0].weight, 0.0f);
  }
}

TEST(FootIkTest, NoGroundUnderALegLeavesThatLegUntouched) {
  StepGround ground;
  ground.left = kGround + 0.05f;
  ground.right = kGround - 0.3f;  // A deep hole, but never found.
  ground.right_hit = false;
  Character c(Query(ground));
  const std::vector<Transform> pose = c.Pose();
  ASSERT_TRUE(c.job.run());
  EXPECT_FALSE(c.results[1].hit);
  EXPECT_EQ(c.results[1].weight, 0.0f);
  EXPECT_FALSE(c.results[1].reached);
  EXPECT_EQ(c.drop, 0.0f);
  for (int j : {6, 7, 8, 9}) {
    EXPECT_TRUE(SameMatrixBits(c.model[j], c.before[j])) << j;
    EXPECT_TRUE(SameBits(c.Pose()[j], pose[j])) << j;
  }
  EXPECT_NEAR(c.At(4).y, kGround + 0.05f + kFootHeight, 1e-5f);
}

TEST(FootIkTest, FeetSettleOnAHeightField) {
  // A field rising 0.1 per metre along +x from kGround at x = 0: under the left ankle (x = 0.1)
  // the ground is 0.01 higher, under the right 0.01 lower, both tilted by atan 0.1 about z.
  std::vector<float> heights;
  for (int z = 0; z < 3; ++z) {
    for (int x = 0; x < 3; ++x) heights.push_back(kGround + 0.1f * (x - 1));
  }
  HeightField field;
  field.origin_x = -1.0f;
  field.origin_z = -1.0f;
  field.columns = 3;
  field.rows = 3;
  field.heights = heights;
  Character c(field.query());
  ASSERT_TRUE(c.job.run());
  const glm::vec3 n = glm::normalize(glm::vec3(-0.1f, 1, 0));
  const glm::vec3 left = glm::vec3(0.1f, kGround + 0.01f, 0) + n * kFootHeight;
  const glm::vec3 right = glm::vec3(-0.1f, kGround - 0.01f, 0) + n * kFootHeight;
  EXPECT_NEAR(c.drop, kAnkleY - right.y, 1e-6f);
  EXPECT_TRUE(Vec3Near(c.At(4), left, 1e-5f));
  EXPECT_TRUE(Vec3Near(c.At(8), right, 1e-5f));
  const float tilt = Degrees(std::atan(0.1f));
  const glm::quat expected = AxisAngle(glm::vec3(0, 0, 1), tilt);  // y toward -x.
  EXPECT_TRUE(SameRotation(glm::quat_cast(glm::mat3(c.model[4])), expected, 1e-5f));
  ExpectBonesKeptAndModelConsistent(c);
}

// A ground query that answers with whatever it was told to.
struct HostileGround {
  GroundHit answer;
  static bool Cast(const void* user, const glm::vec3&, const glm::vec3&, float, GroundHit* hit) {
    *hit = static_cast<const HostileGround*>(user)->answer;
    return true;
  }
};

TEST(FootIkTest, HostileGroundNeverGivesNaN) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const GroundHit answers[] = {{glm::vec3(nan, 0, 0), glm::vec3(0, 1, 0)},
                               {glm::vec3(0, -inf, 0), glm::vec3(0, 1, 0)},
                               {glm::vec3(0.1f, 0, 0), glm::vec3(0, 0, 0)},
                               {glm::vec3(0.1f, 0, 0), glm::vec3(nan, 1, 0)},
                               {glm::vec3(0.1f, 0, 0), glm::vec3(0, -1, 0)},
                               {glm::vec3(0, -1e30f, 0), glm::vec3(0, 1, 0)},
                               {glm::vec3(3e38f, 3e38f, 3e38f), glm::vec3(1e-30f, 1e30f, 0)},
                               {glm::vec3(0.1f, 0.2f, 0), glm::vec3(1e-40f, 1e-40f, 0)}};
  for (const GroundHit& answer : answers) {
    HostileGround ground{answer};
    Character c(Query(ground));
    ASSERT_TRUE(c.job.run());
    EXPECT_TRUE(std::isfinite(c.drop));
    EXPECT_LE(c.drop, c.job.max_pelvis_drop);
    ExpectBonesKeptAndModelConsistent(c);
    for (const FootIkLegResult& r : c.results) {
      if (!r.hit) continue;
      EXPECT_NEAR(glm::length(r.normal), 1.0f, 1e-6f);
      EXPECT_GT(r.normal.y, 0.0f);
    }
  }
  // A non-finite point is no hit; a zero or downward normal is taken as up.
  HostileGround nan_point{{glm::vec3(nan, 0, 0), glm::vec3(0, 1, 0)}};
  Character a(Query(nan_point));
  ASSERT_TRUE(a.job.run());
  EXPECT_FALSE(a.results[0].hit);
  for (const glm::vec3& normal : {glm::vec3(0), glm::vec3(0, -1, 0)}) {
    HostileGround bad_normal{{glm::vec3(0.1f, kGround + 0.02f, 0), normal}};
    Character b(Query(bad_normal));
    ASSERT_TRUE(b.job.run());
    EXPECT_TRUE(Vec3Near(b.results[0].normal, glm::vec3(0, 1, 0), 0.0f));
    EXPECT_TRUE(Vec3Near(b.At(4), glm::vec3(0.1f, kGround + 0.02f + kFootHeight, 0), 1e-5f));
  }
  // NaN heights of a field under one foot: that leg has no ground.
  std::vector<float> heights(9, kGround);
  heights[3] = nan;  // Column 0 (x = -1), row 1 (z = 0): a corner of the right ankle's cell.
  HeightField field;
  field.origin_x = -1.0f;
  field.origin_z = -1.0f;
  field.columns = 3;
  field.rows = 3;
  field.heights = heights;
  Character d(field.query());
  ASSERT_TRUE(d.job.run());
  EXPECT_TRUE(d.results[0].hit);
  EXPECT_FALSE(d.results[1].hit);
  ExpectBonesKeptAndModelConsistent(d);
}

TEST(FootIkTest, InvalidJobsAreRefusedAndChangeNothing) {
  StepGround ground;
  ground.left = kGround - 0.1f;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  auto refused = [&](auto spoil) {
    Character c(Query(ground));
    spoil(c);
    const std::vector<glm::mat4> spoilt = c.model;
    const std::vector<Transform> pose = c.Pose();
    EXPECT_FALSE(c.job.validate());
    EXPECT_FALSE(c.job.run());
    for (std::size_t j = 0; j < c.model.size(); ++j) {
      EXPECT_TRUE(SameMatrixBits(c.model[j], spoilt[j]));
      EXPECT_TRUE(SameBits(c.Pose()[j], pose[j]));
    }
  };
  refused([](Character& c) { c.job.ground = {}; });
  refused([](Character& c) { c.job.results = {c.results, 1}; });
  refused([](Character& c) { c.job.pelvis = 2; });  // Not above the right hip.
  refused([](Character& c) { c.job.pelvis = 10; });
  refused([](Character& c) { c.legs[0].knee = 7; });  // Not below the left hip.
  refused([](Character& c) { c.legs[1].ankle = 6; });
  refused([](Character& c) { c.legs[0].ankle = -1; });
  refused([&](Character& c) { c.legs[0].foot_height = nan; });
  refused([&](Character& c) { c.legs[1].planted = nan; });
  refused([](Character& c) { c.legs[0].knee_axis = glm::vec3(0); });
  refused([](Character& c) { c.job.up = glm::vec3(0); });
  refused([&](Character& c) { c.job.weight = nan; });
  refused([](Character& c) { c.job.max_pelvis_drop = -0.1f; });
  refused([](Character& c) { c.job.cast_below = -1.0f; });
  refused([](Character& c) { c.job.cast_above = 3e38f, c.job.cast_below = 3e38f; });
  refused([&](Character& c) { c.model[3][3][1] = nan; });
  refused([](Character& c) { c.job.model = {c.model.data(), 9}; });
  refused([](Character& c) { c.job.local = {c.local.data(), 2}; });
}

}  // namespace
}  // namespace anim
