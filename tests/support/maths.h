#pragma once
// Maths for the suites: angles and quaternions, transforms and matrices written on paper, and
// comparisons of vectors, rotations, matrices and transforms with a tolerance. They only compare
// values; every expected value is written down by the tests themselves. Also model-space matrices
// in double, a reference of the tests' own. Needs anim_core's headers
// only (header-only: the cross build uses it too).
#include <cmath>
#include <cstddef>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim::testutil {

constexpr float kPi = 3.14159265358979323846f;
constexpr float kHalfSqrt2 = 0.70710678118654752f;  // cos 45° = sin 45°.

inline float Radians(float degrees) { return degrees * kPi / 180.0f; }
inline float Degrees(float radians) { return radians * 180.0f / kPi; }

// The unit quaternion of a rotation by `degrees` about the unit `axis` (w = cos of half the
// angle, xyz = axis * sin of half the angle).
inline glm::quat AxisAngle(const glm::vec3& axis, float degrees) {
  const float half = Radians(degrees) * 0.5f;
  const float s = std::sin(half);
  return glm::quat(std::cos(half), axis.x * s, axis.y * s, axis.z * s);
}
inline glm::quat RotZ(float degrees) { return AxisAngle(glm::vec3(0, 0, 1), degrees); }

// The rotation angle of a unit quaternion in degrees, in [0, 180] (q and -q give the same).
inline float AngleDegrees(const glm::quat& q) {
  const float v = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z);
  return Degrees(2.0f * std::atan2(v, std::fabs(q.w)));
}

inline float Length(const glm::quat& q) {
  return std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
}

inline ::testing::AssertionResult Vec3Near(const glm::vec3& actual, const glm::vec3& expected,
                                           float tolerance) {
  for (int i = 0; i < 3; ++i) {
    if (!(std::fabs(actual[i] - expected[i]) <= tolerance)) {
      return ::testing::AssertionFailure()
             << "actual (" << actual.x << ", " << actual.y << ", " << actual.z << ") vs expected ("
             << expected.x << ", " << expected.y << ", " << expected.z << "), tolerance "
             << tolerance;
    }
  }
  return ::testing::AssertionSuccess();
}

// Compares rotations: q and -q are the same rotation, so the sign of `actual` is matched to
// `expected` first.
inline ::testing::AssertionResult SameRotation(const glm::quat& actual, const glm::quat& expected,
                                               float tolerance) {
  const float d =
      actual.w * expected.w + actual.x * expected.x + actual.y * expected.y + actual.z * expected.z;
  const float sign = d < 0.0f ? -1.0f : 1.0f;
  const float a[4] = {actual.w * sign, actual.x * sign, actual.y * sign, actual.z * sign};
  const float e[4] = {expected.w, expected.x, expected.y, expected.z};
  for (int i = 0; i < 4; ++i) {
    if (!(std::fabs(a[i] - e[i]) <= tolerance)) {
      return ::testing::AssertionFailure()
             << "actual (w " << actual.w << ", x " << actual.x << ", y " << actual.y << ", z "
             << actual.z << ") vs expected (w " << expected.w << ", x " << expected.x << ", y "
             << expected.y << ", z " << expected.z << "), tolerance " << tolerance;
    }
  }
  return ::testing::AssertionSuccess();
}

// Compares two column-major matrices entry by entry.
inline ::testing::AssertionResult MatNear(const glm::mat4& actual, const glm::mat4& expected,
                                          float tolerance) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (!(std::fabs(actual[c][r] - expected[c][r]) <= tolerance)) {
        ::testing::AssertionResult failure = ::testing::AssertionFailure();
        failure << "entry [column " << c << "][row " << r << "]: actual " << actual[c][r]
                << " vs expected " << expected[c][r] << "; actual columns:";
        for (int k = 0; k < 4; ++k) {
          failure << " (" << actual[k][0] << ", " << actual[k][1] << ", " << actual[k][2] << ", "
                  << actual[k][3] << ")";
        }
        return failure;
      }
    }
  }
  return ::testing::AssertionSuccess();
}

// A matrix from its four columns, as written on paper column by column.
inline glm::mat4 Columns(const glm::vec4& c0, const glm::vec4& c1, const glm::vec4& c2,
                         const glm::vec4& c3) {
  glm::mat4 m;
  m[0] = c0;
  m[1] = c1;
  m[2] = c2;
  m[3] = c3;
  return m;
}

inline ::testing::AssertionResult TransformNear(const Transform& actual, const Transform& expected,
                                                float tolerance) {
  ::testing::AssertionResult t = Vec3Near(actual.translation, expected.translation, tolerance);
  if (!t) return ::testing::AssertionFailure() << "translation: " << t.message();
  ::testing::AssertionResult r = SameRotation(actual.rotation, expected.rotation, tolerance);
  if (!r) return ::testing::AssertionFailure() << "rotation: " << r.message();
  ::testing::AssertionResult s = Vec3Near(actual.scale, expected.scale, tolerance);
  if (!s) return ::testing::AssertionFailure() << "scale: " << s.message();
  return ::testing::AssertionSuccess();
}

// Exact, component by component (same sign of the quaternion too).
inline bool SameBits(const Transform& a, const Transform& b) {
  return a.translation == b.translation && a.rotation.w == b.rotation.w &&
         a.rotation.x == b.rotation.x && a.rotation.y == b.rotation.y &&
         a.rotation.z == b.rotation.z && a.scale == b.scale;
}

inline Transform MakeTransform(const glm::vec3& t, const glm::quat& r = glm::quat(1, 0, 0, 0),
                               const glm::vec3& s = glm::vec3(1.0f)) {
  Transform x;
  x.translation = t;
  x.rotation = r;
  x.scale = s;
  return x;
}

// Model-space matrices of the local pose `local` of `skeleton` in double: parent * T * R * S down
// the hierarchy. The tests' own reference, apart from LocalToModelJob. Written in plain scalar
// arithmetic, not glm's operators: test bodies are compiled at -O0, where every glm operator is a
// chain of calls, and the corpus suites run this for every joint of every key of long takes
// (glm's version took four fifths of bake_clip_segments_test's 95 s). The products are glm's
// (mat4_cast of the rotation, its columns scaled, the parent's columns summed in order), so the
// values are the same.
inline std::vector<glm::dmat4> ModelSpaceInDouble(const Skeleton& skeleton,
                                                  const std::vector<Transform>& local) {
  std::vector<glm::dmat4> model(skeleton.joint_count());
  for (std::size_t j = 0; j < model.size(); ++j) {
    const Transform& x = local[j];
    const double qw = x.rotation.w, qx = x.rotation.x, qy = x.rotation.y, qz = x.rotation.z;
    const double xx = qx * qx, yy = qy * qy, zz = qz * qz, xz = qx * qz, xy = qx * qy,
                 yz = qy * qz, wx = qw * qx, wy = qw * qy, wz = qw * qz;
    const double sx = x.scale.x, sy = x.scale.y, sz = x.scale.z;
    // Column-major, as glm keeps a matrix: m[4 * column + row].
    const double m[16] = {(1.0 - 2.0 * (yy + zz)) * sx, 2.0 * (xy + wz) * sx, 2.0 * (xz - wy) * sx,
                          0.0, 2.0 * (xy - wz) * sy, (1.0 - 2.0 * (xx + zz)) * sy,
                          2.0 * (yz + wx) * sy, 0.0, 2.0 * (xz + wy) * sz, 2.0 * (yz - wx) * sz,
                          (1.0 - 2.0 * (xx + yy)) * sz, 0.0, x.translation.x, x.translation.y,
                          x.translation.z, 1.0};
    double* out = glm::value_ptr(model[j]);
    const int p = skeleton.parents[j];
    if (p < 0) {
      for (int i = 0; i < 16; ++i) out[i] = m[i];
      continue;
    }
    const double* parent = glm::value_ptr(model[static_cast<std::size_t>(p)]);
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) {
        out[4 * c + r] = parent[r] * m[4 * c] + parent[4 + r] * m[4 * c + 1] +
                         parent[8 + r] * m[4 * c + 2] + parent[12 + r] * m[4 * c + 3];
      }
    }
  }
  return model;
}

}  // namespace anim::testutil
