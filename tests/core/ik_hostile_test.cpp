// Hostile inputs for the IK jobs: values drawn from zeros, denormals, tiny, ordinary, huge and
// near-overflow magnitudes, NaN and infinities, in every field. Whatever the job says, it either
// refuses (run() false) or writes unit, finite corrections: no NaN ever reaches a pose.
#include <cmath>
#include <limits>
#include <random>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>

#include "anim/aim_ik.h"
#include "anim/aim_ik_chain.h"
#include "anim/two_bone_ik.h"

namespace anim {
namespace {

class Hostile {
 public:
  explicit Hostile(uint32_t seed) : rng_(seed) {}

  float Value() {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    const float palette[] = {0.0f, -0.0f, 1e-40f, 1e-20f, 1e-7f, 1e-3f, 0.5f,
                             1.0f, 1e6f,  1e18f,  1e30f,  3e38f, nan,   inf};
    std::uniform_int_distribution<int> pick(0, 3 * 14 - 1);
    const int k = pick(rng_);
    if (k >= 14) return std::uniform_real_distribution<float>(-2.0f, 2.0f)(rng_);  // Ordinary.
    const float sign = std::bernoulli_distribution(0.5)(rng_) ? -1.0f : 1.0f;
    return sign * palette[k];
  }
  glm::vec3 Vector() { return glm::vec3(Value(), Value(), Value()); }
  // Either a wild matrix or a sane one (a rotation and a place), so that some jobs get far.
  glm::mat4 Matrix() {
    glm::mat4 m(1.0f);
    if (std::bernoulli_distribution(0.5)(rng_)) {
      for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 3; ++r) m[c][r] = Value();
      }
    } else {
      std::normal_distribution<float> normal(0.0f, 1.0f);
      m = glm::mat4_cast(
          glm::normalize(glm::quat(normal(rng_), normal(rng_), normal(rng_), normal(rng_))));
      m[3] = glm::vec4(Vector(), 1.0f);
    }
    return m;
  }

 private:
  std::mt19937 rng_;
};

::testing::AssertionResult Unit(const glm::quat& q) {
  const float n = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  if (std::isfinite(n) && std::fabs(n - 1.0f) < 1e-4f) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "(w " << q.w << ", x " << q.x << ", y " << q.y << ", z " << q.z << ")";
}

TEST(IkHostileTest, TwoBoneNeverWritesNaN) {
  Hostile h(28);
  int ran = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    glm::quat start(1, 0, 0, 0), mid(1, 0, 0, 0);
    bool reached = false;
    TwoBoneIkJob job;
    job.start = h.Matrix();
    job.mid = h.Matrix();
    job.end = h.Matrix();
    job.target = h.Vector();
    job.pole = h.Vector();
    job.twist = h.Value();
    job.mid_axis = h.Vector();
    job.soften = h.Value();
    job.weight = h.Value();
    job.start_correction = &start;
    job.mid_correction = &mid;
    job.reached = &reached;
    if (!job.run()) continue;
    ++ran;
    ASSERT_TRUE(Unit(start)) << "trial " << trial;
    ASSERT_TRUE(Unit(mid)) << "trial " << trial;
  }
  EXPECT_GT(ran, 100);  // Enough of them were accepted to mean something.
}

TEST(IkHostileTest, AimNeverWritesNaN) {
  Hostile h(5);
  int ran = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    glm::quat q(1, 0, 0, 0);
    bool reached = false;
    AimIkJob job;
    job.joint = h.Matrix();
    job.target = h.Vector();
    job.forward = h.Vector();
    job.offset = h.Vector();
    job.up = h.Vector();
    job.pole = h.Vector();
    job.twist = h.Value();
    job.weight = h.Value();
    job.correction = &q;
    job.reached = &reached;
    if (!job.run()) continue;
    ++ran;
    ASSERT_TRUE(Unit(q)) << "trial " << trial;
  }
  EXPECT_GT(ran, 100);
}

TEST(IkHostileTest, AimChainNeverWritesNaN) {
  Hostile h(9);
  int ran = 0;
  const float shares[3] = {0.25f, 0.25f, 0.5f};
  for (int trial = 0; trial < 20000; ++trial) {
    glm::mat4 joints[3] = {h.Matrix(), h.Matrix(), h.Matrix()};
    glm::quat out[3];
    AimIkChainJob job;
    job.joints = Span<const glm::mat4>(joints, 3);
    job.shares = Span<const float>(shares, 3);
    job.target = h.Vector();
    job.forward = h.Vector();
    job.offset = h.Vector();
    job.up = h.Vector();
    job.pole = h.Vector();
    job.twist = h.Value();
    job.weight = h.Value();
    job.corrections = Span<glm::quat>(out, 3);
    if (!job.run()) continue;
    ++ran;
    for (const glm::quat& q : out) ASSERT_TRUE(Unit(q)) << "trial " << trial;
  }
  EXPECT_GT(ran, 100);
}

}  // namespace
}  // namespace anim
