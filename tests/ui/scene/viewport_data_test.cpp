// The viewport's data views without a window: colour ramps (hand-computed points and
// matplotlib's published viridis values), the legend's numbers, a vertex's influences and
// Alt+click vertex picking, on small models written out by hand.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "anim/model.h"
#include "anim/ui/scene/color_ramp.h"
#include "anim/ui/scene/vertex_influences.h"
#include "anim/ui/scene/vertex_picking.h"
#include "anim/ui/scene/viewport_settings.h"
#include "anim/ui/scene/weight_legend.h"
#include "support/meshes.h"
#include "support/rigs.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

void expect_rgb(const glm::vec3& actual, const glm::vec3& expected, float tol = 1e-5f) {
  EXPECT_NEAR(actual.r, expected.r, tol);
  EXPECT_NEAR(actual.g, expected.g, tol);
  EXPECT_NEAR(actual.b, expected.b, tol);
}

glm::vec3 rgb8(float r, float g, float b) { return glm::vec3(r, g, b) / 255.0f; }

// --- Ramps ---

TEST(ColorRamp, BlenderLikeKeepsTheOriginalHeatColours) {
  expect_rgb(ramp_color(Ramp::kBlender, 0.0f), {0.1f, 0.2f, 0.9f});   // Blue.
  expect_rgb(ramp_color(Ramp::kBlender, 1.0f), {0.9f, 0.1f, 0.05f});  // Red.
  // Halfway from blue to green (1/6), and from green to yellow (1/2).
  expect_rgb(ramp_color(Ramp::kBlender, 1.0f / 6.0f), {0.1f, 0.5f, 0.55f});
  expect_rgb(ramp_color(Ramp::kBlender, 0.5f), {0.525f, 0.85f, 0.15f});
  expect_rgb(ramp_color(Ramp::kBlender, 2.0f / 3.0f), {0.95f, 0.9f, 0.1f});
}

TEST(ColorRamp, GreyscaleRisesEvenlyToWhite) {
  expect_rgb(ramp_color(Ramp::kGreyscale, 0.0f), glm::vec3(0.2f));
  expect_rgb(ramp_color(Ramp::kGreyscale, 0.5f), glm::vec3(0.6f));
  expect_rgb(ramp_color(Ramp::kGreyscale, 1.0f), glm::vec3(1.0f));
}

TEST(ColorRamp, ViridisMatchesItsPublishedValues) {
  // #440154, #21918c (matplotlib's entry nearest 0.5), #fde725.
  const float byte = 1.0f / 255.0f;
  expect_rgb(ramp_color(Ramp::kViridis, 0.0f), rgb8(68, 1, 84), 0.5f * byte);
  expect_rgb(ramp_color(Ramp::kViridis, 0.5f), rgb8(33, 145, 140), 1.0f * byte);
  expect_rgb(ramp_color(Ramp::kViridis, 1.0f), rgb8(253, 231, 37), 0.5f * byte);
  // A sixteenth lies halfway between #440154 and #472d7b (viridis at 1/8).
  expect_rgb(ramp_color(Ramp::kViridis, 1.0f / 16.0f), rgb8(69.5f, 23.0f, 103.5f), 0.5f * byte);
}

TEST(ColorRamp, ClampsOutsideZeroToOneAndTreatsNaNAsZero) {
  for (int r = 0; r < kRampCount; ++r) {
    const auto ramp = static_cast<Ramp>(r);
    expect_rgb(ramp_color(ramp, -3.0f), ramp_color(ramp, 0.0f));
    expect_rgb(ramp_color(ramp, 7.0f), ramp_color(ramp, 1.0f));
    expect_rgb(ramp_color(ramp, std::numeric_limits<float>::quiet_NaN()), ramp_color(ramp, 0.0f));
  }
}

TEST(ColorRamp, CommandLineNamesRoundTrip) {
  for (int r = 0; r < kRampCount; ++r) {
    Ramp parsed = Ramp::kBlender;
    ASSERT_TRUE(parse_ramp(ramp_option(static_cast<Ramp>(r)), &parsed));
    EXPECT_EQ(parsed, static_cast<Ramp>(r));
  }
  Ramp untouched = Ramp::kViridis;
  EXPECT_FALSE(parse_ramp("rainbow", &untouched));
  EXPECT_EQ(untouched, Ramp::kViridis);
  EXPECT_STREQ(ramp_option(Ramp::kGreyscale), "greyscale");
}

// --- A hand-made skinned model ---
//
// Joints: root (0), arm (1), hand (2), tip (3, moves nothing). Skin entries: 0 -> root,
// 1 -> arm, 2 -> arm (another bind), 3 -> hand.
//   v0: root 1
//   v1: arm 0.5, root 0.5
//   v2: hand 0.4, arm 0.3 + 0.3 (two entries)
//   v3: hand 0.9, root 0.1, 20% cut by the limit
//   v4: arm 1, 5% cut
Vertex vertex(std::vector<std::pair<uint16_t, float>> influences, float truncated = 0.0f) {
  return SkinnedVertex(glm::vec3(0.0f), influences, truncated);
}

Model weighted_model() {
  Model model = ModelOf("", Rig({"root", "arm", "hand", "tip"}, {-1, 0, 1, 2}));
  model.skin.joints = {0, 1, 1, 2};
  model.skin.inverse_bind.assign(4, glm::mat4(1.0f));
  model.mesh.vertices = {vertex({{0, 1.0f}}), vertex({{1, 0.5f}, {0, 0.5f}}),
                         vertex({{3, 0.4f}, {1, 0.3f}, {2, 0.3f}}),
                         vertex({{3, 0.9f}, {0, 0.1f}}, 0.2f), vertex({{1, 1.0f}}, 0.05f)};
  model.max_influences = 6;
  model.truncated_vertices = 2;
  return model;
}

TEST(WeightLegend, JointRangeSumsEntriesOfOneJointOverTheVerticesItMoves) {
  const Model model = weighted_model();
  const WeightRange arm = joint_weight_range(model, 1);
  EXPECT_EQ(arm.vertices, 3u);  // v1, v2, v4.
  EXPECT_NEAR(arm.min, 0.5f, 1e-6f);
  EXPECT_NEAR(arm.max, 1.0f, 1e-6f);
  const WeightRange hand = joint_weight_range(model, 2);
  EXPECT_EQ(hand.vertices, 2u);
  EXPECT_NEAR(hand.min, 0.4f, 1e-6f);
  EXPECT_NEAR(hand.max, 0.9f, 1e-6f);
  const WeightRange root = joint_weight_range(model, 0);
  EXPECT_EQ(root.vertices, 3u);
  EXPECT_NEAR(root.min, 0.1f, 1e-6f);
  EXPECT_NEAR(root.max, 1.0f, 1e-6f);
  EXPECT_EQ(joint_weight_range(model, 3).vertices, 0u);
  // The counts agree with the model's own (the Inspector's "Vertices influenced").
  const std::vector<uint32_t> counts = model.influenced_vertex_counts();
  for (int j = 0; j < 4; ++j) EXPECT_EQ(joint_weight_range(model, j).vertices, counts[j]) << j;
  EXPECT_EQ(joint_weight_range(model, -1).vertices, 0u);
}

TEST(WeightLegend, HeatmapLegendNamesTheJointAndItsRange) {
  const Model model = weighted_model();
  ViewportSettings settings;
  settings.shading = Shading::kWeightHeatmap;
  settings.ramp = Ramp::kViridis;
  settings.selected_joint = 1;
  const Legend legend = make_legend(model, settings);
  ASSERT_TRUE(legend.shown);
  EXPECT_EQ(legend.ramp, Ramp::kViridis);
  EXPECT_EQ(legend.title, "Weight of arm");
  ASSERT_EQ(legend.lines.size(), 2u);
  EXPECT_EQ(legend.lines[0], "min 0.500   max 1.000");
  EXPECT_EQ(legend.lines[1], "3 vertices");
  EXPECT_NEAR(legend.data_min, 0.5f, 1e-6f);
  EXPECT_NEAR(legend.data_max, 1.0f, 1e-6f);
  ASSERT_EQ(legend.ticks.size(), 3u);
  EXPECT_EQ(legend.ticks[1].label, "0.5");
  EXPECT_EQ(legend.no_data_label, "weight 0: not moved by it");

  settings.selected_joint = 3;
  const Legend none = make_legend(model, settings);
  EXPECT_EQ(none.title, "Weight of tip");
  EXPECT_EQ(none.lines, std::vector<std::string>{"moves no vertex"});
  EXPECT_LT(none.data_min, 0.0f);
  settings.selected_joint = -1;
  EXPECT_EQ(make_legend(model, settings).lines, std::vector<std::string>{"select a joint"});
  settings.selected_joint = 99;  // Stale, from another model.
  EXPECT_EQ(make_legend(model, settings).lines, std::vector<std::string>{"select a joint"});
}

TEST(WeightLegend, TruncatedLegendCountsTheVerticesThatLostWeight) {
  const Model model = weighted_model();
  const WeightRange cut = truncated_weight_range(model);
  EXPECT_EQ(cut.vertices, 2u);
  EXPECT_NEAR(cut.min, 0.05f, 1e-6f);
  EXPECT_NEAR(cut.max, 0.2f, 1e-6f);
  ViewportSettings settings;
  settings.shading = Shading::kTruncatedWeight;
  const Legend legend = make_legend(model, settings);
  ASSERT_TRUE(legend.shown);
  ASSERT_EQ(legend.lines.size(), 2u);
  EXPECT_EQ(legend.lines[0], "min 5.0%   max 20.0%");
  EXPECT_EQ(legend.lines[1], "2 vertices of 5");
  // The ramp tops out at a quarter of the weight: 5% and 20% sit at 0.2 and 0.8.
  EXPECT_NEAR(legend.data_min, 0.2f, 1e-6f);
  EXPECT_NEAR(legend.data_max, 0.8f, 1e-6f);
  ASSERT_EQ(legend.ticks.size(), 3u);
  EXPECT_EQ(legend.ticks[2].label, "25%+");
  // A sliver cut is not shown as nothing.
  Model sliver = model;
  sliver.mesh.vertices[4].truncated_weight = 0.00042f;
  EXPECT_EQ(make_legend(sliver, settings).lines[0], "min 0.042%   max 20.0%");
}

TEST(WeightLegend, InfluenceLegendAndNoLegendForLitOrDominant) {
  const Model model = weighted_model();
  ViewportSettings settings;
  settings.shading = Shading::kInfluenceCount;
  const Legend legend = make_legend(model, settings);
  ASSERT_TRUE(legend.shown);
  ASSERT_EQ(legend.ticks.size(), 4u);
  EXPECT_EQ(legend.ticks[0].label, "1");
  EXPECT_FLOAT_EQ(legend.ticks[0].at, 0.25f);
  EXPECT_EQ(legend.lines, (std::vector<std::string>{"most in the file: 6", "2 vertices cut to 4"}));
  EXPECT_TRUE(legend.no_data_label.empty());  // Every vertex has at least one influence.
  settings.shading = Shading::kLit;
  EXPECT_FALSE(make_legend(model, settings).shown);
  settings.shading = Shading::kDominantJoint;
  EXPECT_FALSE(make_legend(model, settings).shown);
}

TEST(WeightLegend, PickedVertexIsMarkedWithItsValue) {
  const Model model = weighted_model();
  ViewportSettings settings;
  settings.shading = Shading::kWeightHeatmap;
  settings.selected_joint = 1;  // arm
  Legend legend = make_legend(model, settings, 2);
  ASSERT_EQ(legend.lines.size(), 3u);
  EXPECT_EQ(legend.lines[2], "vertex 2: 0.600");  // 0.3 + 0.3 through two entries.
  EXPECT_NEAR(legend.vertex_at, 0.6f, 1e-6f);
  legend = make_legend(model, settings, 0);
  EXPECT_EQ(legend.lines.back(), "vertex 0: 0, not moved");
  EXPECT_EQ(legend.vertex_at, 0.0f);
  legend = make_legend(model, settings, 99);  // Stale: no mark.
  EXPECT_EQ(legend.lines.size(), 2u);
  EXPECT_LT(legend.vertex_at, 0.0f);

  settings.shading = Shading::kTruncatedWeight;
  legend = make_legend(model, settings, 3);
  EXPECT_EQ(legend.lines.back(), "vertex 3: 20.0% cut");
  EXPECT_NEAR(legend.vertex_at, 0.8f, 1e-6f);  // 0.2 of a 0.25 ramp.
  EXPECT_EQ(make_legend(model, settings, 1).lines.back(), "vertex 1: nothing cut");

  settings.shading = Shading::kInfluenceCount;
  legend = make_legend(model, settings, 2);
  EXPECT_EQ(legend.lines.back(), "vertex 2: 3 influences");
  EXPECT_NEAR(legend.vertex_at, 0.75f, 1e-6f);

  settings.shading = Shading::kLit;
  EXPECT_LT(make_legend(model, settings, 2).vertex_at, 0.0f);
}

// --- A vertex's influences ---

TEST(VertexInfluences, MergesEntriesOfOneJointAndShowsTheCut) {
  const Model model = weighted_model();
  const VertexInfluences v2 = vertex_influences(model, 2);
  ASSERT_EQ(v2.kept.size(), 2u);
  EXPECT_EQ(v2.kept[0].joint, 1);  // arm: 0.3 + 0.3.
  EXPECT_NEAR(v2.kept[0].weight, 0.6f, 1e-6f);
  EXPECT_EQ(v2.kept[1].joint, 2);
  EXPECT_NEAR(v2.kept[1].weight, 0.4f, 1e-6f);
  EXPECT_EQ(v2.cut_weight, 0.0f);
  EXPECT_NEAR(v2.kept[0].original_weight, 0.6f, 1e-6f);

  // 20% was cut: the kept 0.9 and 0.1 were 0.72 and 0.08 of the file's weight.
  const VertexInfluences v3 = vertex_influences(model, 3);
  ASSERT_EQ(v3.kept.size(), 2u);
  EXPECT_EQ(v3.kept[0].joint, 2);
  EXPECT_NEAR(v3.kept[0].original_weight, 0.72f, 1e-6f);
  EXPECT_EQ(v3.kept[1].joint, 0);
  EXPECT_NEAR(v3.kept[1].original_weight, 0.08f, 1e-6f);
  EXPECT_NEAR(v3.cut_weight, 0.2f, 1e-6f);

  EXPECT_TRUE(vertex_influences(model, 5).kept.empty());
  EXPECT_TRUE(vertex_influences(model, -1).kept.empty());
}

// --- Vertex picking ---
//
// Two quads seen straight down -z through an orthographic box 4 units wide on a 400x400 view:
// model (x, y) is pixel ((x + 2) * 100, (2 - y) * 100). The back quad (entry 0, z = -5) spans
// [-1, 1]^2; the front one (entry 1, z = -1, its own submesh) spans [0, 1.5]^2.
struct PickScene {
  Mesh mesh;
  std::vector<glm::mat4> palette{glm::mat4(1.0f), glm::mat4(1.0f)};
  glm::mat4 view_projection = glm::ortho(-2.0f, 2.0f, -2.0f, 2.0f, 0.1f, 100.0f);
  glm::vec2 size{400.0f, 400.0f};

  PickScene() {
    const glm::vec3 back[] = {{-1, -1, -5}, {1, -1, -5}, {1, 1, -5}, {-1, 1, -5}};
    const glm::vec3 front[] = {{0, 0, -1}, {1.5f, 0, -1}, {1.5f, 1.5f, -1}, {0, 1.5f, -1}};
    for (const glm::vec3& p : back) add(p, 0);
    for (const glm::vec3& p : front) add(p, 1);
    mesh.indices = {0, 1, 2, 0, 2, 3, 0, 1, 2, 0, 2, 3};  // Each relative to its submesh.
    mesh.submeshes = {{"back", 0, 6, 0, 4}, {"front", 6, 6, 4, 4}};
  }
  void add(const glm::vec3& p, uint16_t entry) {
    Vertex v;
    v.position = p;
    v.joints[0] = entry;
    v.weights[0] = 1.0f;
    mesh.vertices.push_back(v);
  }
  int pick(float x, float y, float radius = 12.0f) const {
    return pick_vertex(mesh, palette, view_projection, size,
                       glm::vec2((x + 2.0f) * 100.0f, (2.0f - y) * 100.0f), radius);
  }
};

TEST(VertexPicking, PicksTheNearestVertexOfTheFrontTriangle) {
  const PickScene scene;
  // Over both quads: the front one wins, though the back quad's corner (1, 1) is nearer on
  // screen. Its triangle (0,0)-(1.5,1.5)-(0,1.5) has (1.5, 1.5) nearest.
  EXPECT_EQ(scene.pick(0.8f, 0.9f), 6);
  // Only the back quad: triangle (-1,-1)-(1,1)-(-1,1), nearest (-1, -1).
  EXPECT_EQ(scene.pick(-0.8f, -0.5f), 0);
}

TEST(VertexPicking, UsesTheSkinnedPositions) {
  PickScene scene;
  scene.palette[1] = glm::translate(glm::mat4(1.0f), glm::vec3(-2.5f, 0.0f, 0.0f));
  // The front quad moved to x in [-2.5, -1]: (0.8, 0.9) now sees the back quad's (1, 1).
  EXPECT_EQ(scene.pick(0.8f, 0.9f), 2);
  // And the moved quad is found where it went: local (1.3, 1.2), nearest corner (1.5, 1.5).
  EXPECT_EQ(scene.pick(-1.2f, 1.2f), 6);
  const glm::vec3 moved = skinned_position(scene.mesh.vertices[6], scene.palette);
  EXPECT_NEAR(moved.x, -1.0f, 1e-6f);
  EXPECT_NEAR(moved.y, 1.5f, 1e-6f);
}

TEST(VertexPicking, OffTheMeshTakesAVertexWithinTheRadiusOnly) {
  const PickScene scene;
  // 0.05 units (5 pixels) beyond each coordinate of the front quad's corner: 7.1 px away.
  EXPECT_EQ(scene.pick(1.55f, 1.55f), 6);
  EXPECT_EQ(scene.pick(1.55f, 1.55f, 5.0f), -1);
  EXPECT_EQ(scene.pick(1.9f, -1.9f), -1);
  // Behind the camera nothing is picked, not even a vertex right under the mouse.
  PickScene behind;
  for (Vertex& v : behind.mesh.vertices) v.position.z = 5.0f;
  EXPECT_EQ(behind.pick(0.8f, 0.9f), -1);
  EXPECT_EQ(behind.pick(1.0f, 1.02f), -1);
  EXPECT_EQ(scene.pick(-1.0f, 1.02f), 3);  // The same spot in front of it.
  EXPECT_EQ(pick_vertex(Mesh{}, {}, scene.view_projection, scene.size, glm::vec2(200.0f), 12.0f),
            -1);
}

TEST(VertexPicking, PerspectiveCameraAndMeshWithoutSubmeshes) {
  // One merged triangle list (no submeshes: indices are absolute), seen from z = 5 looking at
  // the origin: a small triangle at z = 1 in front of a big one at z = -2 around the centre.
  Mesh mesh;
  auto add = [&mesh](float x, float y, float z) {
    Vertex v;
    v.position = glm::vec3(x, y, z);
    mesh.vertices.push_back(v);  // Unskinned: drawn where it is.
  };
  add(-3, -3, -2), add(3, -3, -2), add(0, 3, -2);
  add(-0.5f, -0.5f, 1), add(0.5f, -0.5f, 1), add(0, 0.5f, 1);
  mesh.indices = {0, 1, 2, 3, 4, 5};
  const glm::vec2 size(400.0f, 400.0f);
  const glm::mat4 vp = glm::perspective(glm::radians(60.0f), 1.0f, 0.1f, 100.0f) *
                       glm::lookAt(glm::vec3(0, 0, 5), glm::vec3(0), glm::vec3(0, 1, 0));
  // The centre of the view lies on both: the front triangle's apex (0, 0.5) is nearest it.
  EXPECT_EQ(pick_vertex(mesh, {}, vp, size, glm::vec2(200.0f, 200.0f), 12.0f), 5);
  // Off the small triangle, low on the big one: its bottom-left corner (-3, -3) is nearest.
  const glm::vec4 clip = vp * glm::vec4(-2.0f, -2.5f, -2.0f, 1.0f);
  const glm::vec2 pixel((clip.x / clip.w * 0.5f + 0.5f) * size.x,
                        (0.5f - clip.y / clip.w * 0.5f) * size.y);
  EXPECT_EQ(pick_vertex(mesh, {}, vp, size, pixel, 12.0f), 0);
}

}  // namespace
}  // namespace anim::ui
