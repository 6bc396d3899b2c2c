// Tests of the viewport's maths: the orbit camera (orbit, pan, zoom, framing), Bounds,
// projecting points to viewport pixels, picking joints under the mouse, and PosedModel's
// model-space matrices, skinning palette and skinned bounds. Expectations are worked out by
// hand or with plain glm, never read back from the code under test.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "anim/model.h"
#include "anim/transform.h"
#include "anim/ui/scene/joint_picking.h"
#include "anim/ui/scene/orbit_camera.h"
#include "anim/ui/scene/posed_model.h"
#include "anim/ui/scene/rotate_gizmo.h"
#include "anim/ui/scene/viewport_settings.h"
#include "support/meshes.h"
#include "support/rigs.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

constexpr float kTol = 1e-4f;
constexpr float kPi = 3.14159265358979f;
constexpr float kRadiansPerPixel = 0.008f;  // Orbit speed (orbit_camera.cpp).
constexpr float kZoomPerStep = 0.88f;       // Distance factor per wheel step (orbit_camera.cpp).

void expect_vec3(const glm::vec3& actual, const glm::vec3& expected, float tol = kTol) {
  EXPECT_NEAR(actual.x, expected.x, tol);
  EXPECT_NEAR(actual.y, expected.y, tol);
  EXPECT_NEAR(actual.z, expected.z, tol);
}

void expect_vec2(const glm::vec2& actual, const glm::vec2& expected, float tol = kTol) {
  EXPECT_NEAR(actual.x, expected.x, tol);
  EXPECT_NEAR(actual.y, expected.y, tol);
}

void expect_mat4(const glm::mat4& actual, const glm::mat4& expected, float tol = kTol) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) EXPECT_NEAR(actual[c][r], expected[c][r], tol) << c << "," << r;
  }
}

glm::vec2 project(const glm::vec3& point, const glm::mat4& vp, const glm::vec2& size) {
  glm::vec2 pixel(-1.0f);
  EXPECT_TRUE(project_to_viewport(point, vp, size, &pixel));
  return pixel;
}

// A view-projection without a camera: looks down -z, w = -z, x and y unscaled, so a point
// (x, y, z) in front (z < 0) lands at NDC (x / -z, y / -z).
glm::mat4 simple_perspective() {
  glm::mat4 m(0.0f);
  m[0][0] = 1.0f;   // x_clip = x
  m[1][1] = 1.0f;   // y_clip = y
  m[2][2] = -1.0f;  // z_clip = -z (unused here)
  m[2][3] = -1.0f;  // w_clip = -z
  return m;
}

// --- Bounds ---

TEST(BoundsTest, CenterAndRadiusAreHalfwayAndHalfTheDiagonal) {
  const Bounds b{glm::vec3(-1.0f, 0.0f, 2.0f), glm::vec3(1.0f, 2.0f, 3.0f)};
  EXPECT_TRUE(b.valid());
  expect_vec3(b.center(), glm::vec3(0.0f, 1.0f, 2.5f));
  EXPECT_NEAR(b.radius(), 1.5f, kTol);  // Diagonal (2, 2, 1): length 3.
}

TEST(BoundsTest, InvertedBoundsAreInvalidAndAPointHasAPositiveRadius) {
  EXPECT_FALSE((Bounds{glm::vec3(0.0f, 1.0f, 0.0f), glm::vec3(1.0f, 0.0f, 1.0f)}.valid()));
  const Bounds point{glm::vec3(2.0f), glm::vec3(2.0f)};
  EXPECT_TRUE(point.valid());
  EXPECT_GT(point.radius(), 0.0f);
}

// --- OrbitCamera ---

TEST(OrbitCameraTest, PositionLiesOnTheOrbitSphereAroundTheTarget) {
  OrbitCamera camera;
  camera.target = glm::vec3(0.0f, 1.0f, 0.0f);
  camera.distance = 4.0f;
  camera.yaw = 0.0f;
  camera.pitch = 0.0f;
  expect_vec3(camera.position(), glm::vec3(0.0f, 1.0f, 4.0f));  // Yaw 0: on +Z.
  camera.yaw = kPi / 2.0f;
  expect_vec3(camera.position(), glm::vec3(4.0f, 1.0f, 0.0f));
  camera.yaw = 0.0f;
  camera.pitch = kPi / 6.0f;  // 30 degrees up: height 4 sin 30 = 2.
  expect_vec3(camera.position(), glm::vec3(0.0f, 3.0f, 4.0f * std::cos(kPi / 6.0f)));
}

TEST(OrbitCameraTest, ViewLooksAtTheTargetWithYUp) {
  OrbitCamera camera;
  camera.target = glm::vec3(1.0f, 2.0f, 3.0f);
  camera.distance = 5.0f;
  const glm::mat4 v = camera.view();
  expect_vec3(glm::vec3(v * glm::vec4(camera.target, 1.0f)), glm::vec3(0.0f, 0.0f, -5.0f));
  // A point above the target is up on the screen (positive view-space y), not sideways.
  const glm::vec3 above = glm::vec3(v * glm::vec4(camera.target + glm::vec3(0, 1, 0), 1.0f));
  EXPECT_GT(above.y, 0.0f);
  EXPECT_NEAR(above.x, 0.0f, kTol);
}

TEST(OrbitCameraTest, OrbitTurnsYawAndPitchByThePixelsDragged) {
  OrbitCamera camera;
  camera.yaw = 0.5f;
  camera.pitch = 0.1f;
  const glm::vec3 target = camera.target;
  const float distance = camera.distance;
  camera.orbit(100.0f, 25.0f);
  EXPECT_NEAR(camera.yaw, 0.5f - 100.0f * kRadiansPerPixel, kTol);
  EXPECT_NEAR(camera.pitch, 0.1f + 25.0f * kRadiansPerPixel, kTol);
  camera.orbit(-50.0f, -50.0f);
  EXPECT_NEAR(camera.yaw, 0.5f - 50.0f * kRadiansPerPixel, kTol);
  EXPECT_NEAR(camera.pitch, 0.1f - 25.0f * kRadiansPerPixel, kTol);
  // Orbiting moves around the target: the target and distance stay.
  expect_vec3(camera.target, target);
  EXPECT_FLOAT_EQ(camera.distance, distance);
  EXPECT_NEAR(glm::length(camera.position() - camera.target), distance, kTol);
}

TEST(OrbitCameraTest, PitchIsClampedShortOfThePoles) {
  OrbitCamera camera;
  camera.orbit(0.0f, 1e5f);
  EXPECT_LT(camera.pitch, kPi / 2.0f);
  EXPECT_GT(camera.pitch, 88.0f * kPi / 180.0f);  // About 89 degrees.
  const glm::mat4 up = camera.view();
  camera.orbit(0.0f, -2e5f);
  EXPECT_GT(camera.pitch, -kPi / 2.0f);
  EXPECT_LT(camera.pitch, -88.0f * kPi / 180.0f);
  const glm::mat4 down = camera.view();
  // Short of the poles the view stays well defined (lookAt with Y up degenerates at them).
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      EXPECT_TRUE(std::isfinite(up[c][r]));
      EXPECT_TRUE(std::isfinite(down[c][r]));
    }
  }
}

TEST(OrbitCameraTest, ZoomScalesTheDistancePerWheelStep) {
  OrbitCamera camera;
  camera.distance = 4.0f;
  camera.zoom(1.0f);  // Wheel forward: closer.
  EXPECT_NEAR(camera.distance, 4.0f * kZoomPerStep, kTol);
  camera.zoom(-1.0f);
  EXPECT_NEAR(camera.distance, 4.0f, kTol);
  camera.zoom(-2.0f);
  EXPECT_NEAR(camera.distance, 4.0f / (kZoomPerStep * kZoomPerStep), kTol);
  camera.zoom(0.5f);  // Fractional steps (touchpads).
  EXPECT_NEAR(camera.distance, 4.0f / std::pow(kZoomPerStep, 1.5f), kTol);
}

TEST(OrbitCameraTest, ZoomStaysPositiveAndWithinTheClipPlanes) {
  OrbitCamera camera;
  camera.zoom(1000.0f);
  EXPECT_GT(camera.distance, 0.0f);
  EXPECT_GT(camera.distance, camera.near_plane);
  camera.zoom(-1000.0f);
  EXPECT_TRUE(std::isfinite(camera.distance));
  EXPECT_LT(camera.distance, camera.far_plane);
}

TEST(OrbitCameraTest, PanMovesTheSceneWithTheMouseByThePixelsDragged) {
  OrbitCamera camera;  // Yaw 0.6, pitch 0.25: an oblique view.
  camera.target = glm::vec3(0.5f, 1.0f, -0.25f);
  const glm::vec2 size(800.0f, 600.0f);
  const glm::vec3 old_target = camera.target;
  const float yaw = camera.yaw, pitch = camera.pitch, distance = camera.distance;
  expect_vec2(project(old_target, camera.projection(size.x / size.y) * camera.view(), size),
              glm::vec2(400.0f, 300.0f), 1e-2f);

  camera.pan(30.0f, 20.0f, size.y);  // Drag right and down.
  // The point that was under the mouse moved with it: 30 px right, 20 px down.
  expect_vec2(project(old_target, camera.projection(size.x / size.y) * camera.view(), size),
              glm::vec2(430.0f, 320.0f), 1e-2f);
  // Panning slides the camera: the direction and distance stay.
  EXPECT_FLOAT_EQ(camera.yaw, yaw);
  EXPECT_FLOAT_EQ(camera.pitch, pitch);
  EXPECT_FLOAT_EQ(camera.distance, distance);
  // The target moved in the view plane: no closer to or farther from the old view direction.
  const glm::vec3 forward = glm::normalize(camera.target - camera.position());
  EXPECT_NEAR(glm::dot(camera.target - old_target, forward), 0.0f, kTol);
}

TEST(OrbitCameraTest, PanCoversOneScreenHeightWhenDraggedByTheViewportHeight) {
  OrbitCamera camera;
  camera.target = glm::vec3(0.0f);
  camera.yaw = 0.0f;
  camera.pitch = 0.0f;
  camera.distance = 3.0f;
  camera.fov_y = kPi / 2.0f;  // The view is 2 * 3 * tan(45) = 6 units tall at the target.
  camera.pan(0.0f, 300.0f, 300.0f);
  expect_vec3(camera.target, glm::vec3(0.0f, 6.0f, 0.0f));
  camera.pan(150.0f, 0.0f, 300.0f);  // Half a height to the right: the target goes left.
  expect_vec3(camera.target, glm::vec3(-3.0f, 6.0f, 0.0f));
}

struct FrameCase {
  Bounds bounds;
  float yaw, pitch, aspect;
};

TEST(OrbitCameraTest, FrameCentresTheBoundsAndKeepsEveryCornerInView) {
  const std::vector<FrameCase> cases = {
      {{glm::vec3(-1.0f, 0.0f, -2.0f), glm::vec3(3.0f, 2.0f, 1.0f)}, 0.6f, 0.25f, 16.0f / 9.0f},
      {{glm::vec3(-1.0f), glm::vec3(1.0f)}, 0.0f, 0.0f, 1.0f},
      {{glm::vec3(10.0f, 0.0f, 10.0f), glm::vec3(10.5f, 1.8f, 10.3f)}, -2.0f, 1.2f, 1.5f},
      {{glm::vec3(-50.0f, -1.0f, -50.0f), glm::vec3(50.0f, 1.0f, 50.0f)}, 3.0f, -0.5f, 1.0f},
      // Taller than wide (a portrait thumbnail, a narrow viewport): the sides decide.
      {{glm::vec3(-1.0f, 0.0f, -2.0f), glm::vec3(3.0f, 2.0f, 1.0f)}, 0.6f, 0.25f, 0.5f},
      {{glm::vec3(-3.0f, 0.0f, -0.5f), glm::vec3(3.0f, 0.4f, 0.5f)}, 0.0f, 0.1f, 0.4f},
  };
  for (const FrameCase& c : cases) {
    SCOPED_TRACE(testing::Message()
                 << "yaw " << c.yaw << " pitch " << c.pitch << " aspect " << c.aspect);
    OrbitCamera camera;
    camera.yaw = c.yaw;
    camera.pitch = c.pitch;
    camera.frame(c.bounds, c.aspect);
    expect_vec3(camera.target, c.bounds.center());
    EXPECT_FLOAT_EQ(camera.yaw, c.yaw);  // The direction is kept.
    EXPECT_FLOAT_EQ(camera.pitch, c.pitch);

    // The bounding sphere fits in the narrower field of view, and fills most of it.
    const float r = 0.5f * glm::length(c.bounds.max - c.bounds.min);
    const float half_angle = std::asin(r / camera.distance);
    const float narrow_half = std::atan(std::tan(camera.fov_y * 0.5f) * std::min(c.aspect, 1.0f));
    EXPECT_LE(half_angle, narrow_half);
    EXPECT_GE(half_angle, 0.8f * narrow_half);

    const glm::vec2 size(600.0f * c.aspect, 600.0f);
    const glm::mat4 vp = camera.projection(c.aspect) * camera.view();
    expect_vec2(project(c.bounds.center(), vp, size), size * 0.5f, 1e-2f);
    for (int i = 0; i < 8; ++i) {
      const glm::vec3 corner((i & 1) ? c.bounds.max.x : c.bounds.min.x,
                             (i & 2) ? c.bounds.max.y : c.bounds.min.y,
                             (i & 4) ? c.bounds.max.z : c.bounds.min.z);
      glm::vec2 pixel;
      ASSERT_TRUE(project_to_viewport(corner, vp, size, &pixel)) << "corner " << i;
      EXPECT_GE(pixel.x, 0.0f) << "corner " << i;
      EXPECT_LE(pixel.x, size.x) << "corner " << i;
      EXPECT_GE(pixel.y, 0.0f) << "corner " << i;
      EXPECT_LE(pixel.y, size.y) << "corner " << i;
      // And between the near and far planes.
      const glm::vec4 clip = vp * glm::vec4(corner, 1.0f);
      EXPECT_GE(clip.z / clip.w, -1.0f) << "corner " << i;
      EXPECT_LE(clip.z / clip.w, 1.0f) << "corner " << i;
    }
  }
}

TEST(OrbitCameraTest, FrameIgnoresInvalidBounds) {
  OrbitCamera camera;
  camera.target = glm::vec3(1.0f, 2.0f, 3.0f);
  camera.distance = 7.0f;
  camera.frame(Bounds{glm::vec3(1e30f), glm::vec3(-1e30f)});  // An empty model's bounds.
  expect_vec3(camera.target, glm::vec3(1.0f, 2.0f, 3.0f));
  EXPECT_FLOAT_EQ(camera.distance, 7.0f);
}

TEST(OrbitCameraTest, FrameOfASinglePointGivesAUsableCamera) {
  OrbitCamera camera;
  camera.frame(Bounds{glm::vec3(1.0f, 2.0f, 3.0f), glm::vec3(1.0f, 2.0f, 3.0f)});
  expect_vec3(camera.target, glm::vec3(1.0f, 2.0f, 3.0f));
  EXPECT_GT(camera.distance, 0.0f);
  EXPECT_GT(camera.near_plane, 0.0f);
  EXPECT_LT(camera.near_plane, camera.distance);
  EXPECT_GT(camera.far_plane, camera.distance);
}

// --- project_to_viewport ---

TEST(ProjectToViewportTest, MapsNdcToPixelsWithTheOriginTopLeft) {
  const glm::vec2 size(800.0f, 600.0f);
  // Identity: NDC is the point itself. (0.5, -0.5) is right of centre and below it.
  expect_vec2(project(glm::vec3(0.5f, -0.5f, 0.0f), glm::mat4(1.0f), size),
              glm::vec2(600.0f, 450.0f));
  expect_vec2(project(glm::vec3(-1.0f, 1.0f, 0.0f), glm::mat4(1.0f), size), glm::vec2(0.0f, 0.0f));
  expect_vec2(project(glm::vec3(1.0f, -1.0f, 0.0f), glm::mat4(1.0f), size),
              glm::vec2(800.0f, 600.0f));
}

TEST(ProjectToViewportTest, DividesByWForAPerspectiveProjection) {
  const glm::vec2 size(800.0f, 600.0f);
  // (1, 2, -4): NDC (0.25, 0.5), pixels (0.625 * 800, 0.25 * 600).
  expect_vec2(project(glm::vec3(1.0f, 2.0f, -4.0f), simple_perspective(), size),
              glm::vec2(500.0f, 150.0f));
}

TEST(ProjectToViewportTest, RejectsPointsBehindOrAtTheCamera) {
  const glm::vec2 size(800.0f, 600.0f);
  glm::vec2 pixel;
  EXPECT_FALSE(
      project_to_viewport(glm::vec3(1.0f, 2.0f, 4.0f), simple_perspective(), size, &pixel));
  EXPECT_FALSE(
      project_to_viewport(glm::vec3(1.0f, 2.0f, 0.0f), simple_perspective(), size, &pixel));
}

TEST(ProjectToViewportTest, ProjectsThroughAnOrbitCamera) {
  OrbitCamera camera;
  camera.target = glm::vec3(0.0f);
  camera.distance = 5.0f;
  camera.yaw = 0.0f;  // At (0, 0, 5) looking down -z.
  camera.pitch = 0.0f;
  camera.fov_y = kPi / 2.0f;  // tan(45) = 1: at depth 5 the view is 10 units tall.
  const glm::vec2 size(400.0f, 400.0f);
  const glm::mat4 vp = camera.projection(1.0f) * camera.view();
  // x = 1 at depth 5: NDC 0.2, pixel (0.6 * 400, 200).
  expect_vec2(project(glm::vec3(1.0f, 0.0f, 0.0f), vp, size), glm::vec2(240.0f, 200.0f), 1e-2f);
  // y = 1: NDC 0.2 up, pixel y (0.5 - 0.1) * 400.
  expect_vec2(project(glm::vec3(0.0f, 1.0f, 0.0f), vp, size), glm::vec2(200.0f, 160.0f), 1e-2f);
  // x = 1 at depth 2.5 (z = 2.5): NDC 0.4, pixel 280.
  expect_vec2(project(glm::vec3(1.0f, 0.0f, 2.5f), vp, size), glm::vec2(280.0f, 200.0f), 1e-2f);
  glm::vec2 pixel;
  EXPECT_FALSE(project_to_viewport(glm::vec3(0.0f, 0.0f, 10.0f), vp, size, &pixel));
}

// --- pick_joint ---

// Joint matrices placed at `positions` (only the translation column matters).
std::vector<glm::mat4> joints_at(const std::vector<glm::vec3>& positions) {
  std::vector<glm::mat4> joints;
  for (const glm::vec3& p : positions) joints.push_back(glm::translate(glm::mat4(1.0f), p));
  return joints;
}

TEST(PickJointTest, PicksTheNearestJointWithinTheRadius) {
  // Identity view-projection on a 100 x 100 viewport: (x, y) -> (50 + 50x, 50 - 50y).
  const std::vector<glm::mat4> joints = joints_at({
      {0.5f, 0.5f, 0.0f},  // (75, 25)
      {0.0f, 0.0f, 0.0f},  // (50, 50)
      {0.5f, 0.0f, 0.0f},  // (75, 50)
  });
  const glm::vec2 size(100.0f, 100.0f);
  EXPECT_EQ(pick_joint(joints, glm::mat4(1.0f), size, glm::vec2(72.0f, 48.0f), 10.0f), 2);
  EXPECT_EQ(pick_joint(joints, glm::mat4(1.0f), size, glm::vec2(74.0f, 30.0f), 10.0f), 0);
  EXPECT_EQ(pick_joint(joints, glm::mat4(1.0f), size, glm::vec2(55.0f, 50.0f), 10.0f), 1);
  // Between two joints, the nearer wins whatever the order: 62 is 12 from 50 and 13 from 75.
  EXPECT_EQ(pick_joint(joints, glm::mat4(1.0f), size, glm::vec2(62.0f, 50.0f), 20.0f), 1);
  EXPECT_EQ(pick_joint(joints, glm::mat4(1.0f), size, glm::vec2(63.0f, 50.0f), 20.0f), 2);
}

TEST(PickJointTest, ReturnsMinusOneWhenNothingIsWithinTheRadius) {
  const std::vector<glm::mat4> joints = joints_at({{0.0f, 0.0f, 0.0f}, {0.5f, 0.0f, 0.0f}});
  const glm::vec2 size(100.0f, 100.0f);
  EXPECT_EQ(pick_joint(joints, glm::mat4(1.0f), size, glm::vec2(10.0f, 90.0f), 10.0f), -1);
  // 11 px from the nearest joint with a 10 px radius.
  EXPECT_EQ(pick_joint(joints, glm::mat4(1.0f), size, glm::vec2(50.0f, 61.0f), 10.0f), -1);
  EXPECT_EQ(pick_joint(joints, glm::mat4(1.0f), size, glm::vec2(50.0f, 59.0f), 10.0f), 0);
  EXPECT_EQ(pick_joint({}, glm::mat4(1.0f), size, glm::vec2(50.0f, 50.0f), 10.0f), -1);
}

TEST(PickJointTest, IgnoresJointsBehindTheCamera) {
  const glm::vec2 size(100.0f, 100.0f);
  // Joint 0 in front lands at (50, 50). Joint 1 behind (z = +1) would divide by a negative w
  // and land at (55, 50), closer to the mouse, if it were not rejected.
  const std::vector<glm::mat4> joints = joints_at({{0.0f, 0.0f, -1.0f}, {-0.1f, 0.0f, 1.0f}});
  EXPECT_EQ(pick_joint(joints, simple_perspective(), size, glm::vec2(56.0f, 50.0f), 10.0f), 0);
}

TEST(PickJointTest, UsesTheJointsTranslationNotItsRotation) {
  const glm::vec2 size(100.0f, 100.0f);
  // Rotated and scaled, but placed at (0.5, 0.5): pixel (75, 25).
  glm::mat4 joint = glm::translate(glm::mat4(1.0f), glm::vec3(0.5f, 0.5f, 0.0f));
  joint = glm::rotate(joint, 1.0f, glm::vec3(0.0f, 0.0f, 1.0f));
  joint = glm::scale(joint, glm::vec3(3.0f));
  const std::vector<glm::mat4> joints = {joint};
  EXPECT_EQ(pick_joint(joints, glm::mat4(1.0f), size, glm::vec2(76.0f, 26.0f), 3.0f), 0);
}

// --- PosedModel ---

enum Joint { kRoot, kChild };

// Root at the origin, child one unit up, in bind pose. Skin entry 0 follows the child (so the
// palette's order differs from the joints'), entry 1 the root. Vertices (bind pose):
//   a (1, 0, 2) on the root, b (0, 2, 0) on the child, c (0.5, 1, 0) half on each.
Model make_skinned_model() {
  Model model = ModelOf("", ChainRig({"root", "child"}));
  model.skin.joints = {kChild, kRoot};
  model.skin.inverse_bind = {glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, -1.0f, 0.0f)),
                             glm::mat4(1.0f)};
  model.mesh.vertices = {SkinnedVertex(glm::vec3(1.0f, 0.0f, 2.0f), {{1, 1.0f}}),
                         SkinnedVertex(glm::vec3(0.0f, 2.0f, 0.0f), {{0, 1.0f}}),
                         SkinnedVertex(glm::vec3(0.5f, 1.0f, 0.0f), {{0, 0.5f}, {1, 0.5f}})};
  model.mesh.indices = {0, 1, 2};
  return model;
}

// Both joints turned 90 degrees about z; the root moved to (1, 0, 0).
std::vector<Transform> bent_pose() {
  const glm::quat quarter = glm::angleAxis(kPi / 2.0f, glm::vec3(0.0f, 0.0f, 1.0f));
  std::vector<Transform> local(2);
  local[kRoot].translation = glm::vec3(1.0f, 0.0f, 0.0f);
  local[kRoot].rotation = quarter;
  local[kChild].translation = glm::vec3(0.0f, 1.0f, 0.0f);
  local[kChild].rotation = quarter;
  return local;
}

TEST(PosedModelTest, ModelSpaceChainsTheLocalTransforms) {
  const Model model = make_skinned_model();
  PosedModel posed;
  EXPECT_TRUE(posed.update(model, bent_pose()));
  ASSERT_EQ(posed.model_space.size(), 2u);
  // Root: at (1, 0, 0), x axis turned to +y.
  expect_vec3(glm::vec3(posed.model_space[kRoot][3]), glm::vec3(1.0f, 0.0f, 0.0f));
  expect_vec3(glm::vec3(posed.model_space[kRoot][0]), glm::vec3(0.0f, 1.0f, 0.0f));
  // Child: one unit along the root's turned y axis (-x): the origin; turned 180 degrees.
  expect_vec3(glm::vec3(posed.model_space[kChild][3]), glm::vec3(0.0f, 0.0f, 0.0f));
  expect_vec3(glm::vec3(posed.model_space[kChild][0]), glm::vec3(-1.0f, 0.0f, 0.0f));
}

TEST(PosedModelTest, PaletteIsModelSpaceTimesInverseBindPerSkinEntry) {
  const Model model = make_skinned_model();
  PosedModel posed;
  EXPECT_TRUE(posed.update(model, bent_pose()));
  ASSERT_EQ(posed.palette.size(), 2u);
  for (std::size_t s = 0; s < 2; ++s) {
    SCOPED_TRACE(s);
    expect_mat4(posed.palette[s],
                posed.model_space[model.skin.joints[s]] * model.skin.inverse_bind[s]);
  }
  // By hand: entry 0 (child) maps (x, y, z) to (-x, 1 - y, z); entry 1 (root) to (1 - y, x, z).
  expect_vec3(glm::vec3(posed.palette[0] * glm::vec4(2.0f, 3.0f, 4.0f, 1.0f)),
              glm::vec3(-2.0f, -2.0f, 4.0f));
  expect_vec3(glm::vec3(posed.palette[1] * glm::vec4(2.0f, 3.0f, 4.0f, 1.0f)),
              glm::vec3(-2.0f, 2.0f, 4.0f));
}

TEST(PosedModelTest, ASkinNamingAMissingJointGivesIdentitiesAndSaysSo) {
  Model model = make_skinned_model();
  PosedModel posed;
  EXPECT_TRUE(posed.update(model, bent_pose()));
  model.skin.joints[1] = 7;  // The skeleton has two joints.
  EXPECT_FALSE(posed.update(model, bent_pose()));
  ASSERT_EQ(posed.palette.size(), 2u);
  for (const glm::mat4& m : posed.palette) expect_mat4(m, glm::mat4(1.0f));
  // A pose of the wrong size: no matrix is trusted.
  model = make_skinned_model();
  std::vector<Transform> short_pose(1);
  EXPECT_FALSE(posed.update(model, short_pose));
  for (const glm::mat4& m : posed.model_space) expect_mat4(m, glm::mat4(1.0f));
}

TEST(PosedModelTest, BindPoseGivesAnIdentityPaletteAndTheBindBounds) {
  const Model model = make_skinned_model();
  PosedModel posed;
  EXPECT_TRUE(posed.update(model, model.skeleton.rest));
  for (const glm::mat4& m : posed.palette) expect_mat4(m, glm::mat4(1.0f));
  const Bounds b = posed.bounds(model);
  expect_vec3(b.min, glm::vec3(0.0f, 0.0f, 0.0f));
  expect_vec3(b.max, glm::vec3(1.0f, 2.0f, 2.0f));
}

TEST(PosedModelTest, BoundsEncloseTheSkinnedVerticesTightly) {
  const Model model = make_skinned_model();
  PosedModel posed;
  EXPECT_TRUE(posed.update(model, bent_pose()));
  // Skinned by hand: a -> (1, 1, 2), b -> (0, -1, 0), c -> average of (0, 0.5, 0) and
  // (-0.5, 0, 0) = (-0.25, 0.25, 0).
  const Bounds b = posed.bounds(model);
  expect_vec3(b.min, glm::vec3(-0.25f, -1.0f, 0.0f));
  expect_vec3(b.max, glm::vec3(1.0f, 1.0f, 2.0f));
}

TEST(PosedModelTest, BoundsWithAStrideUseEveryNthVertex) {
  const Model model = make_skinned_model();
  PosedModel posed;
  EXPECT_TRUE(posed.update(model, bent_pose()));
  const Bounds b = posed.bounds(model, 2);  // Vertices a and c.
  expect_vec3(b.min, glm::vec3(-0.25f, 0.25f, 0.0f));
  expect_vec3(b.max, glm::vec3(1.0f, 1.0f, 2.0f));
  const Bounds all = posed.bounds(model, 0);  // A zero stride means every vertex.
  expect_vec3(all.min, glm::vec3(-0.25f, -1.0f, 0.0f));
}

TEST(PosedModelTest, BoundsOfAModelWithoutAMeshEncloseTheJoints) {
  Model model = make_skinned_model();
  model.mesh.vertices.clear();
  model.mesh.indices.clear();
  PosedModel posed;
  EXPECT_TRUE(posed.update(model, bent_pose()));
  const Bounds b = posed.bounds(model);
  ASSERT_TRUE(b.valid());
  expect_vec3(b.min, glm::vec3(0.0f, 0.0f, 0.0f));  // Child at the origin.
  expect_vec3(b.max, glm::vec3(1.0f, 0.0f, 0.0f));  // Root at (1, 0, 0).
}

// --- Up axis ---------------------------------------------------------------------------------

TEST(UpAxisTest, YUpIsShownAsIsAndZUpIsTurnedToStandOnTheGrid) {
  EXPECT_EQ(display_transform(UpAxis::kY), glm::mat4(1.0f));
  const glm::mat4 z_up = display_transform(UpAxis::kZ);
  // A Z-up file's up (+Z) becomes the viewer's up (+Y); its +Y (forward in Source) goes to -Z;
  // +X stays. Lengths and handedness are kept: a rotation.
  EXPECT_EQ(glm::vec3(z_up * glm::vec4(0, 0, 1, 0)), glm::vec3(0, 1, 0));
  EXPECT_EQ(glm::vec3(z_up * glm::vec4(0, 1, 0, 0)), glm::vec3(0, 0, -1));
  EXPECT_EQ(glm::vec3(z_up * glm::vec4(1, 0, 0, 0)), glm::vec3(1, 0, 0));
  EXPECT_FLOAT_EQ(glm::determinant(z_up), 1.0f);
}

TEST(UpAxisTest, TransformedBoundsHoldEveryMovedCorner) {
  // A box 4 wide (x), 2 deep (y) and 6 tall (z), standing on z = 0.
  const Bounds tall_in_z{glm::vec3(-2.0f, -1.0f, 0.0f), glm::vec3(2.0f, 1.0f, 6.0f)};
  const Bounds shown = transform_bounds(tall_in_z, display_transform(UpAxis::kZ));
  // y in [-1, 1] goes to z in [-1, 1]; z in [0, 6] goes to y in [0, 6].
  EXPECT_EQ(shown.min, glm::vec3(-2.0f, 0.0f, -1.0f));
  EXPECT_EQ(shown.max, glm::vec3(2.0f, 6.0f, 1.0f));
  // A translation moves the box; an invalid box stays invalid.
  glm::mat4 move(1.0f);
  move[3] = glm::vec4(10.0f, 0.0f, 0.0f, 1.0f);
  EXPECT_EQ(transform_bounds(tall_in_z, move).min, glm::vec3(8.0f, -1.0f, 0.0f));
  const Bounds empty{glm::vec3(1.0f), glm::vec3(-1.0f)};
  EXPECT_FALSE(transform_bounds(empty, move).valid());
}

// --- Rotate gizmo ----------------------------------------------------------------------------

// A camera at (0, 0, 5) looking at the origin with a 90 degree field of view on 400 x 400
// pixels: the plane z = 0 shows 200 pixels per 5 units, 40 pixels per unit, around (200, 200).
GizmoView front_view() {
  GizmoView v;
  v.view = glm::lookAt(glm::vec3(0, 0, 5), glm::vec3(0), glm::vec3(0, 1, 0));
  v.projection = glm::perspective(glm::radians(90.0f), 1.0f, 0.1f, 100.0f);
  v.size = glm::vec2(400.0f, 400.0f);
  return v;
}

TEST(RotateGizmoTest, RingsLieAroundTheJointInThePlanesOfItsAxes) {
  const GizmoView view = front_view();
  const std::vector<glm::vec2> ring = gizmo_ring(glm::mat4(1.0f), 2, 1.0f, view, 32);
  ASSERT_EQ(ring.size(), 33u);
  expect_vec2(ring.front(), ring.back(), 1e-3f);  // Closed.
  for (const glm::vec2& p : ring) EXPECT_NEAR(glm::distance(p, glm::vec2(200, 200)), 40.0f, 1e-2f);
  // The x ring (plane x = 0) is seen edge-on: a vertical segment through the centre.
  for (const glm::vec2& p : gizmo_ring(glm::mat4(1.0f), 0, 1.0f, view)) {
    EXPECT_NEAR(p.x, 200.0f, 1e-2f);
  }
  // Behind the camera: nothing to draw.
  glm::mat4 behind(1.0f);
  behind[3] = glm::vec4(0, 0, 10, 1);
  EXPECT_TRUE(gizmo_ring(behind, 2, 1.0f, view).empty());
}

TEST(RotateGizmoTest, HitFindsTheRingUnderTheMouse) {
  const GizmoView view = front_view();
  const glm::mat4 joint(1.0f);
  // 45 degrees up-right on the z ring: only that ring passes there.
  const glm::vec2 on_z(200.0f + 40.0f * 0.70710678f, 200.0f - 40.0f * 0.70710678f);
  EXPECT_EQ(gizmo_hit(joint, 1.0f, view, on_z, 4.0f), 2);
  EXPECT_EQ(gizmo_hit(joint, 1.0f, view, on_z + glm::vec2(3.0f, -1.0f), 4.0f), 2);
  // Straight below the centre, halfway out: only the edge-on x ring.
  EXPECT_EQ(gizmo_hit(joint, 1.0f, view, glm::vec2(201.0f, 220.0f), 4.0f), 0);
  EXPECT_EQ(gizmo_hit(joint, 1.0f, view, glm::vec2(300.0f, 320.0f), 4.0f), -1);
}

TEST(RotateGizmoTest, DragAngleTurnsTheWayTheMouseGoesAroundTheRing) {
  const GizmoView view = front_view();
  // From the ring's right (+x) to its top (+y, up on screen): a quarter turn anticlockwise as
  // seen from +z, i.e. +90 degrees about +z, which points at the camera.
  const glm::vec2 right(240.0f, 200.0f), top(200.0f, 160.0f);
  EXPECT_NEAR(gizmo_drag_angle(glm::mat4(1.0f), 2, view, right, top), 1.5707963f, 1e-4f);
  EXPECT_NEAR(gizmo_drag_angle(glm::mat4(1.0f), 2, view, top, right), -1.5707963f, 1e-4f);
  // A joint turned half round y has its local z pointing away from the camera: the same drag
  // is a turn the other way about that axis.
  const glm::mat4 flipped = glm::mat4_cast(glm::angleAxis(3.14159265f, glm::vec3(0, 1, 0)));
  EXPECT_NEAR(gizmo_drag_angle(flipped, 2, view, right, top), -1.5707963f, 1e-4f);
  // Crossing the left side (where atan2 wraps) still gives the short way round.
  const glm::vec2 above_left(160.0f, 199.0f), below_left(160.0f, 201.0f);
  EXPECT_NEAR(gizmo_drag_angle(glm::mat4(1.0f), 2, view, above_left, below_left),
              2.0f * std::atan(1.0f / 40.0f), 1e-3f);
}

TEST(OrbitCameraTest, ANonFiniteZoomStepChangesNothing) {
  OrbitCamera camera;
  camera.distance = 5.0f;
  camera.zoom(std::nanf(""));
  camera.zoom(std::numeric_limits<float>::infinity());
  EXPECT_EQ(camera.distance, 5.0f);
}

}  // namespace
}  // namespace anim::ui
