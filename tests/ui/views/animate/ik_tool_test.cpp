// The tool's IK (issue 28): the ground the Document gives the machine (a feet entry's pelvis
// drop follows its height and tilt, hand-computed from the leg's rest ankle), dragging a target
// gizmo in the viewport moves its vector3 parameter in the view plane under the mouse, the IK
// panel's weight slider sets the weight parameter, and the overlay's reach colour follows
// ik_results (a reachable target against one beyond the leg's length).
#include <array>
#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>
#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/ground_planes.h"
#include "anim/model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/ik_ground.h"
#include "anim/ui/scene/ik_overlay.h"
#include "anim/ui/scene/joint_picking.h"
#include "anim/ui/scene/orbit_camera.h"
#include "anim/ui/views/animate/ik_gizmos.h"
#include "anim/ui/views/machine/ik_panel.h"
#include "support/clips.h"
#include "support/imgui_harness.h"
#include "support/jobs.h"
#include "support/rigs.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

// A leg under the hips (the still clip holds them at the origin): bones of about 1 (the knee
// 0.05 forward, so the leg is bent a little), the ankle at (0.2, -2, 0).
Model LegModel() {
  Skeleton skeleton = Rig({"Hips", "UpLeg", "Leg", "Foot"}, {-1, 0, 1, 2});
  skeleton.rest[1].translation = glm::vec3(0.2f, 0.0f, 0.0f);
  skeleton.rest[2].translation = glm::vec3(0.0f, -1.0f, 0.05f);
  skeleton.rest[3].translation = glm::vec3(0.0f, -1.0f, -0.05f);
  return ModelOf("test://leg", std::move(skeleton), {StillClip("idle", 1.0f, 4)});
}

setup::Setup BaseSetup() {
  setup::Setup s;
  s.model = "test://leg";
  setup::SetupState idle;
  idle.name = "Idle";
  idle.motion = "idle";
  s.states = {idle};
  s.default_state = "Idle";
  return s;
}

// A feet entry on the leg, the sole at the ankle (foot height 0).
setup::Setup FeetSetup() {
  setup::Setup s = BaseSetup();
  setup::SetupIk feet;
  feet.name = "feet";
  feet.type = IkType::kFeet;
  feet.legs = {{"UpLeg", "Leg", "Foot"}};
  feet.pelvis = "Hips";
  feet.max_pelvis_drop = 0.5f;
  s.ik = {feet};
  return s;
}

// A two-bone entry reaching for the vector3 parameter "foot", its weight the float "w".
setup::Setup ReachSetup(const glm::vec3& target) {
  setup::Setup s = BaseSetup();
  setup::SetupParameter foot;
  foot.name = "foot";
  foot.type = ParameterType::kVector3;
  foot.default_vector = target;
  setup::SetupParameter w;
  w.name = "w";
  w.type = ParameterType::kFloat;
  w.default_value = 1.0f;
  w.min = 0.0f;
  w.max = 1.0f;
  s.parameters = {foot, w};
  setup::SetupIk leg;
  leg.name = "leg";
  leg.type = IkType::kTwoBone;
  leg.start = "UpLeg";
  leg.mid = "Leg";
  leg.end = "Foot";
  leg.target = setup::SetupIkVector{std::string("foot"), glm::vec3(0.0f)};
  leg.weight = setup::SetupIkWeight{std::string("w"), 1.0f};
  s.ik = {leg};
  return s;
}

std::unique_ptr<Document> Open(const setup::Setup& s) {
  auto doc = std::make_unique<Document>(LegModel(), "test://leg");
  const Status attached = doc->attach_setup(s, "ik.json");
  EXPECT_TRUE(attached.ok()) << attached.error().to_string();
  doc->update(1.0f / 60.0f);
  return doc;
}

// The ankle as the clip leaves it, in model space: two bones below the hips at the origin.
constexpr float kAnkleX = 0.2f, kAnkleY = -2.0f;

float PelvisDrop(const Document& doc) {
  EXPECT_NE(doc.state_machine(), nullptr);
  if (doc.state_machine() == nullptr || doc.state_machine()->ik_results().size() != 1) return -1;
  return doc.state_machine()->ik_results()[0].pelvis_drop;
}

TEST(IkGround, PlanesHaveTheHeightAndTiltAsked) {
  GroundSettings g;
  g.height = 0.2f;
  g.tilt_degrees = 30.0f;
  std::array<GroundPlane, 2> planes;
  ASSERT_EQ(ground_planes(g, &planes), 1u);
  const GroundPlanes ground{Span<const GroundPlane>(planes.data(), 1)};
  GroundHit hit;
  ASSERT_TRUE(
      GroundPlanes::cast(&ground, glm::vec3(0.5f, 5.0f, 0.3f), glm::vec3(0, -1, 0), 10.0f, &hit));
  EXPECT_NEAR(hit.point.y, 0.2f + 0.5f * std::tan(30.0f * 3.14159265f / 180.0f), 1e-5f);
  EXPECT_NEAR(hit.normal.x, -0.5f, 1e-5f);  // -sin 30: it rises toward +x.
  // A step 0.1 up over x >= 0.3: met at x = 0.5, not at x = 0.
  g.step = true;
  g.step_x = 0.3f;
  g.step_height = 0.1f;
  ASSERT_EQ(ground_planes(g, &planes), 2u);
  const GroundPlanes stepped{Span<const GroundPlane>(planes.data(), 2)};
  ASSERT_TRUE(
      GroundPlanes::cast(&stepped, glm::vec3(0.5f, 5.0f, 0.0f), glm::vec3(0, -1, 0), 10.0f, &hit));
  EXPECT_NEAR(hit.point.y, 0.3f + 0.5f * std::tan(30.0f * 3.14159265f / 180.0f), 1e-5f);
  ASSERT_TRUE(
      GroundPlanes::cast(&stepped, glm::vec3(0.0f, 5.0f, 0.0f), glm::vec3(0, -1, 0), 10.0f, &hit));
  EXPECT_NEAR(hit.point.y, 0.2f, 1e-5f);
}

TEST(IkGround, TheGroundCommandMovesThePelvisDrop) {
  std::unique_ptr<Document> doc = Open(FeetSetup());
  // The default ground, a floor at 0, is 2 above the ankle: above where the ray starts (0.5
  // above the ankle), so not met: no drop.
  EXPECT_NEAR(PelvisDrop(*doc), 0.0f, 1e-4f);
  // At the ankle: no drop; 0.3 below it: the pelvis drops 0.3 (within the 0.5 limit); 0.8 below:
  // the limit; above it: none (a foot on higher ground never lifts the body).
  for (const auto& [height, drop] : {std::pair{kAnkleY, 0.0f},
                                     {kAnkleY - 0.3f, 0.3f},
                                     {kAnkleY - 0.8f, 0.5f},
                                     {kAnkleY + 0.1f, 0.0f}}) {
    GroundSettings g = doc->ground();
    g.height = height;
    Commands cmds;
    cmds.set_ground(g);
    cmds.apply(*doc);
    EXPECT_EQ(doc->ground().height, height);
    doc->update(1.0f / 60.0f);
    EXPECT_NEAR(PelvisDrop(*doc), drop, 1e-4f) << "ground at " << height;
  }
  // Tilted 20 degrees at 0.2 below the ankle's height: under the ankle (x = 0.2) the ground is
  // 0.2 tan 20 higher; the drop is the ankle's height above it.
  GroundSettings g = doc->ground();
  g.height = kAnkleY - 0.2f;
  g.tilt_degrees = 20.0f;
  Commands cmds;
  cmds.set_ground(g);
  cmds.apply(*doc);
  doc->update(1.0f / 60.0f);
  const float under = kAnkleY - 0.2f + kAnkleX * std::tan(20.0f * 3.14159265f / 180.0f);
  EXPECT_NEAR(PelvisDrop(*doc), kAnkleY - under, 1e-3f);
  // Off: no ground, the entry does nothing.
  g.on = false;
  cmds.set_ground(g);
  cmds.apply(*doc);
  doc->update(1.0f / 60.0f);
  EXPECT_NEAR(PelvisDrop(*doc), 0.0f, 1e-6f);
}

TEST(IkOverlay, TheReachColourFollowsTheResults) {
  // Within the leg's reach (the hip at (0.2, 0, 0), bones of about 1.001 each: 0.73 away).
  std::unique_ptr<Document> near = Open(ReachSetup(glm::vec3(0.5f, 0.6f, 0.3f)));
  std::vector<IkMarker> markers = ik_markers(*near->state_machine());
  ASSERT_EQ(markers.size(), 1u);
  EXPECT_TRUE(markers[0].reached);
  EXPECT_EQ(markers[0].target_parameter, "foot");
  EXPECT_EQ(ik_reach_color(markers[0]), kIkReachedColor);
  // Three units below the hip: no leg of length 2 reaches it.
  std::unique_ptr<Document> far = Open(ReachSetup(glm::vec3(0.2f, -3.0f, 0.0f)));
  markers = ik_markers(*far->state_machine());
  ASSERT_EQ(markers.size(), 1u);
  EXPECT_FALSE(markers[0].reached);
  EXPECT_EQ(ik_reach_color(markers[0]), kIkUnreachedColor);
  // Weight 0: it does nothing, drawn grey.
  ASSERT_TRUE(far->state_machine()->set_value(far->state_machine()->def().find_parameter("w"), 0));
  far->update(1.0f / 60.0f);
  markers = ik_markers(*far->state_machine());
  EXPECT_EQ(ik_reach_color(markers[0]), kIkIdleColor);
}

TEST(IkGizmos, DraggingATargetMovesItsParameterInTheViewPlane) {
  const glm::vec3 start(0.5f, 0.6f, 0.3f);
  std::unique_ptr<Document> doc = Open(ReachSetup(start));
  testing::ImGuiHarness harness(ImVec2(700.0f, 500.0f));
  IkGizmos gizmos;
  OrbitCamera camera;
  camera.target = glm::vec3(0.0f, 1.0f, 0.0f);
  camera.distance = 4.0f;
  camera.yaw = 0.6f;
  camera.pitch = 0.25f;
  GizmoView view;
  ImVec2 origin;
  harness.set_draw([&] {
    origin = ImGui::GetCursorScreenPos();
    const glm::vec2 size(400.0f, 300.0f);
    view = GizmoView{camera.view(), camera.projection(size.x / size.y), size};
    ImGui::InvisibleButton("##view", ImVec2(size.x, size.y));
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    Commands cmds;
    gizmos.input(*doc, cmds, view, glm::vec2(mouse.x - origin.x, mouse.y - origin.y),
                 ImGui::IsItemHovered());
    cmds.apply(*doc);
  });
  harness.frame();
  glm::vec2 at;
  ASSERT_TRUE(project_to_viewport(start, view.projection * view.view, view.size, &at));
  const ImVec2 from(origin.x + at.x, origin.y + at.y);
  harness.mouse_to(from);
  harness.mouse_button(true);
  EXPECT_EQ(gizmos.dragged(), 0);
  const glm::vec2 offset(40.0f, -25.0f);  // Right and up on screen.
  harness.mouse_to(ImVec2(from.x + offset.x, from.y + offset.y));
  harness.mouse_button(false);
  EXPECT_EQ(gizmos.dragged(), -1);

  const StateMachineInstance& sm = *doc->state_machine();
  const glm::vec3 moved = sm.vector(sm.def().find_parameter("foot"));
  const glm::vec3 delta = moved - start;
  // The camera's axes in model space: the rows of the view matrix's rotation.
  const glm::mat4 v = camera.view();
  const glm::vec3 right(v[0][0], v[1][0], v[2][0]);
  const glm::vec3 up(v[0][1], v[1][1], v[2][1]);
  const glm::vec3 back(v[0][2], v[1][2], v[2][2]);
  // At the target's depth a pixel spans 2 d tan(fov / 2) / height model units, both ways.
  const float depth = -(v * glm::vec4(start, 1.0f)).z;
  const float per_pixel = 2.0f * depth * std::tan(camera.fov_y * 0.5f) / 300.0f;
  EXPECT_NEAR(glm::dot(delta, right), 40.0f * per_pixel, 1e-3f);
  EXPECT_NEAR(glm::dot(delta, up), 25.0f * per_pixel, 1e-3f);
  EXPECT_NEAR(glm::dot(delta, back), 0.0f, 1e-4f);
  // So it stays under the mouse.
  glm::vec2 now;
  ASSERT_TRUE(project_to_viewport(moved, view.projection * view.view, view.size, &now));
  EXPECT_NEAR(now.x, at.x + offset.x, 0.05f);
  EXPECT_NEAR(now.y, at.y + offset.y, 0.05f);
}

TEST(IkPanel, TheWeightSliderSetsTheParameter) {
  std::unique_ptr<Document> doc = Open(ReachSetup(glm::vec3(0.5f, 0.6f, 0.3f)));
  testing::ImGuiHarness harness;
  IkPanel panel;
  harness.set_draw([&] { testing::draw_panel(panel, *doc); });
  harness.frame();
  const ItemRect* slider = panel.rects.find("ik_weight:0");
  ASSERT_NE(slider, nullptr);
  // A click a quarter of the way along: the weight goes to about 0.25 (less the grab's margin).
  const ImVec2 at(slider->min.x + (slider->max.x - slider->min.x) * 0.25f,
                  (slider->min.y + slider->max.y) * 0.5f);
  harness.click_at(at);
  doc->update(1.0f / 60.0f);
  const StateMachineInstance& sm = *doc->state_machine();
  const float w = sm.value(sm.def().find_parameter("w"));
  EXPECT_GT(w, 0.15f);
  EXPECT_LT(w, 0.35f);
  EXPECT_NEAR(sm.ik_results()[0].weight, w, 1e-6f);
  // No setup edit: a parameter is the machine's, not the setup's.
  EXPECT_FALSE(doc->setup_dirty());
}

TEST(IkPanel, TheGroundControlsSetTheDocumentsGround) {
  std::unique_ptr<Document> doc = Open(FeetSetup());
  testing::ImGuiHarness harness;
  IkPanel panel;
  harness.set_draw([&] { testing::draw_panel(panel, *doc); });
  harness.frame();
  ASSERT_TRUE(harness.click(panel.rects, "ground_step"));
  EXPECT_TRUE(doc->ground().step);
  ASSERT_TRUE(harness.click(panel.rects, "ground_on"));
  EXPECT_FALSE(doc->ground().on);
}

// ReachSetup with its target a constant (no parameter) and its weight a constant too.
setup::Setup ConstantReachSetup(const glm::vec3& target) {
  setup::Setup s = ReachSetup(target);
  s.ik[0].target = setup::SetupIkVector{std::nullopt, target};
  s.ik[0].weight = setup::SetupIkWeight{std::nullopt, 1.0f};
  return s;
}

// Presses the mouse on the target at `start` in a 400x300 view of the default camera, moves it
// `dx` pixels sideways in two steps (calling `dragging` before the release) and lets go; `view`
// and `at` tell the view and where `start` was in it.
void DragTarget(Document& doc, const glm::vec3& start, float dx, GizmoView* view, glm::vec2* at,
                const std::function<void()>& dragging = [] {}) {
  testing::ImGuiHarness harness(ImVec2(700.0f, 500.0f));
  IkGizmos gizmos;
  OrbitCamera camera;
  ImVec2 origin;
  harness.set_draw([&] {
    origin = ImGui::GetCursorScreenPos();
    const glm::vec2 size(400.0f, 300.0f);
    *view = GizmoView{camera.view(), camera.projection(size.x / size.y), size};
    ImGui::InvisibleButton("##view", ImVec2(size.x, size.y));
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    Commands cmds;
    gizmos.input(doc, cmds, *view, glm::vec2(mouse.x - origin.x, mouse.y - origin.y),
                 ImGui::IsItemHovered());
    cmds.apply(doc);
  });
  harness.frame();
  ASSERT_TRUE(project_to_viewport(start, view->projection * view->view, view->size, at));
  const ImVec2 from(origin.x + at->x, origin.y + at->y);
  harness.mouse_to(from);
  harness.mouse_button(true);
  harness.mouse_to(ImVec2(from.x + dx * 0.5f, from.y));
  harness.mouse_to(ImVec2(from.x + dx, from.y));
  dragging();
  harness.mouse_button(false);
}

TEST(IkGizmos, DraggingAConstantTargetIsOneSetupEdit) {
  const glm::vec3 start(0.5f, 0.6f, 0.3f);
  std::unique_ptr<Document> doc = Open(ConstantReachSetup(start));
  GizmoView view;
  glm::vec2 at;
  DragTarget(*doc, start, -60.0f, &view, &at,
             [&] { EXPECT_FALSE(doc->setup_dirty()); });  // Not while dragging...
  ASSERT_TRUE(doc->setup_dirty());                         // ...but once let go, as one edit.
  ASSERT_TRUE(doc->setup()->ik[0].target.has_value());
  const glm::vec3 moved = doc->setup()->ik[0].target->value;
  glm::vec2 now;
  ASSERT_TRUE(project_to_viewport(moved, view.projection * view.view, view.size, &now));
  EXPECT_NEAR(now.x, at.x - 60.0f, 0.05f);
  EXPECT_NEAR(now.y, at.y, 0.05f);
  ASSERT_TRUE(doc->undo_setup_edit());
  EXPECT_EQ(doc->setup()->ik[0].target->value, start);
  EXPECT_FALSE(doc->undo_setup_edit());  // The drag was a single step.
}

// ConstantReachSetup's entry moved into an override layer "upper" at weight 0.5.
setup::Setup LayerReachSetup(const glm::vec3& target) {
  setup::Setup s = ConstantReachSetup(target);
  setup::SetupLayer upper;
  upper.name = "upper";
  upper.weight = 0.5f;
  upper.states = s.states;
  upper.default_state = s.default_state;
  upper.ik = std::move(s.ik);
  s.ik.clear();
  s.layers = {upper};
  return s;
}

TEST(IkLayers, ALayersEntryIsShownAtTheLayersWeightAndDraggedIntoTheLayer) {
  const glm::vec3 start(0.5f, 0.6f, 0.3f);
  std::unique_ptr<Document> doc = Open(LayerReachSetup(start));
  std::vector<IkMarker> markers = ik_markers(*doc->state_machine());
  ASSERT_EQ(markers.size(), 1u);
  EXPECT_EQ(markers[0].layer, 0);
  EXPECT_EQ(markers[0].index, 0u);
  EXPECT_EQ(markers[0].name, "leg");
  EXPECT_FLOAT_EQ(markers[0].weight, 0.5f);  // The entry's 1 times the layer's 0.5.
  EXPECT_FLOAT_EQ(markers[0].weight_value, 1.0f);
  {  // The panel lists it under its layer, with its weight slider.
    testing::ImGuiHarness harness;
    IkPanel panel;
    harness.set_draw([&] { testing::draw_panel(panel, *doc); });
    harness.frame();
    EXPECT_NE(panel.rects.find("ik_weight:0"), nullptr);
  }
  // Dragging its target edits the layer's entry, not the top level.
  GizmoView view;
  glm::vec2 at;
  DragTarget(*doc, start, 50.0f, &view, &at);
  ASSERT_TRUE(doc->setup_dirty());
  EXPECT_TRUE(doc->setup()->ik.empty());
  ASSERT_EQ(doc->setup()->layers.size(), 1u);
  ASSERT_EQ(doc->setup()->layers[0].ik.size(), 1u);
  const glm::vec3 moved = doc->setup()->layers[0].ik[0].target->value;
  glm::vec2 now;
  ASSERT_TRUE(project_to_viewport(moved, view.projection * view.view, view.size, &now));
  EXPECT_NEAR(now.x, at.x + 50.0f, 0.05f);
  // The machine reaches for it at half weight from the next frame.
  doc->update(1.0f / 60.0f);
  markers = ik_markers(*doc->state_machine());
  ASSERT_EQ(markers.size(), 1u);
  EXPECT_NEAR(glm::length(markers[0].target - moved), 0.0f, 1e-6f);
  EXPECT_FLOAT_EQ(markers[0].weight, 0.5f);
}

// The ground's grid lines lie on the ground the machine stands on: each on the tilted plane or
// the step above it (hand-computed heights), spanning [-extent, extent] both ways, the riser at
// step_x; and the viewport gets them only for a running feet entry with its ground on and shown.
TEST(IkGround, GridLinesLieOnTheGroundAndShowOnlyForFeet) {
  GroundSettings g;
  g.height = -0.4f;
  g.tilt_degrees = 15.0f;
  g.step = true;
  g.step_x = 0.25f;
  g.step_height = 0.2f;
  const float slope = std::tan(15.0f * 3.14159265f / 180.0f);
  const std::vector<GroundLine> lines = ground_grid_lines(g, 2.0f, 8);
  ASSERT_FALSE(lines.empty());
  float min_x = 1e9f, max_x = -1e9f, min_z = 1e9f, max_z = -1e9f;
  int risers = 0;
  for (const GroundLine& l : lines) {
    for (const glm::vec3& p : {l.a, l.b}) {
      min_x = std::min(min_x, p.x);
      max_x = std::max(max_x, p.x);
      min_z = std::min(min_z, p.z);
      max_z = std::max(max_z, p.z);
    }
    if (l.a.x == l.b.x && l.a.z == l.b.z) {  // The riser: straight up at step_x.
      ++risers;
      EXPECT_FLOAT_EQ(l.a.x, 0.25f);
      EXPECT_NEAR(l.a.y, -0.4f + slope * 0.25f, 1e-5f);
      EXPECT_NEAR(l.b.y, -0.4f + slope * 0.25f + 0.2f, 1e-5f);
      continue;
    }
    const float raise = l.step ? 0.2f : 0.0f;
    for (const glm::vec3& p : {l.a, l.b}) {
      EXPECT_NEAR(p.y, -0.4f + slope * p.x + raise, 1e-5f);
      EXPECT_TRUE(l.step ? p.x >= 0.25f : p.x <= 0.25f) << p.x;
    }
  }
  EXPECT_EQ(risers, 9);  // One per z line.
  EXPECT_FLOAT_EQ(min_x, -2.0f);
  EXPECT_FLOAT_EQ(max_x, 2.0f);
  EXPECT_FLOAT_EQ(min_z, -2.0f);
  EXPECT_FLOAT_EQ(max_z, 2.0f);
  EXPECT_TRUE(ground_grid_lines(g, 0.0f).empty());

  std::unique_ptr<Document> feet = Open(FeetSetup());
  EXPECT_FALSE(ik_ground_lines(*feet, 1.0f).empty());
  for (const bool shown : {false, true}) {
    GroundSettings off = feet->ground();
    off.shown = shown;
    off.on = !shown;  // Hidden, or shown but off: neither draws.
    Commands cmds;
    cmds.set_ground(off);
    cmds.apply(*feet);
    EXPECT_TRUE(ik_ground_lines(*feet, 1.0f).empty()) << shown;
  }
  std::unique_ptr<Document> reach = Open(ReachSetup(glm::vec3(0.5f, 0.6f, 0.3f)));
  EXPECT_TRUE(ik_ground_lines(*reach, 1.0f).empty());  // No feet entry: no ground to show.
}

TEST(IkPanel, AConstantWeightIsASetupEditWhenLetGo) {
  std::unique_ptr<Document> doc = Open(ConstantReachSetup(glm::vec3(0.5f, 0.6f, 0.3f)));
  testing::ImGuiHarness harness;
  IkPanel panel;
  harness.set_draw([&] { testing::draw_panel(panel, *doc); });
  harness.frame();
  const ItemRect* slider = panel.rects.find("ik_weight:0");
  ASSERT_NE(slider, nullptr);
  harness.click_at(ImVec2(slider->min.x + (slider->max.x - slider->min.x) * 0.5f,
                          (slider->min.y + slider->max.y) * 0.5f));
  ASSERT_TRUE(doc->setup_dirty());
  const float w = doc->setup()->ik[0].weight.value;
  EXPECT_GT(w, 0.4f);
  EXPECT_LT(w, 0.6f);
  doc->update(1.0f / 60.0f);
  EXPECT_NEAR(doc->state_machine()->ik_results()[0].weight, w, 1e-6f);
  ASSERT_TRUE(doc->undo_setup_edit());
  EXPECT_EQ(doc->setup()->ik[0].weight.value, 1.0f);
  EXPECT_FALSE(doc->undo_setup_edit());
}

}  // namespace
}  // namespace anim::ui
