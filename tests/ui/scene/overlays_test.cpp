// The viewport's overlays without a window: the onion skin's sample times, the trail recorder,
// the follow camera, whole-clip bounds, and the ghost and onion poses the Document evaluates.
// Expectations are worked out by hand on a tiny model whose root slides at a known speed.
#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/clip_extent.h"
#include "anim/ui/model/document.h"
#include "anim/ui/scene/follow_camera.h"
#include "anim/ui/scene/pose_overlays.h"
#include "anim/ui/scene/trails.h"
#include "anim/ui/scene/viewport_settings.h"
#include "support/clips.h"
#include "support/meshes.h"
#include "support/rigs.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

constexpr float kTol = 1e-4f;

enum Joint { kRoot, kHip, kTip, kJoints };
enum ClipIndex { kSlide, kLift };

// root -> hip (1 up) -> tip (1 up). The skin follows hip and tip only, so the root the trails
// use is the hip. Clips:
//   "Slide" (1 s): the root's x == 2 t.
//   "Lift"  (2 s): the root's y == 2 t.
// Two vertices, bound at rest: v0 at (0, 1, 0) on the hip, v1 at (0, 2, 0) on the tip.
Model slide_model() {
  Model model = ModelOf("test://slide", ChainRig({"root", "hip", "tip"}));
  model.skin.joints = {kHip, kTip};
  model.skin.inverse_bind = {glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, -1.0f, 0.0f)),
                             glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, -2.0f, 0.0f))};
  SetMesh(model,
          {SkinnedVertex(glm::vec3(0.0f, 1.0f, 0.0f), {{0, 1.0f}}),
           SkinnedVertex(glm::vec3(0.0f, 2.0f, 0.0f), {{1, 1.0f}})},
          {0, 1, 1}, "line");
  model.max_influences = 1;
  model.clips = {SlideClip("Slide", 1.0f, glm::vec3(0.0f), glm::vec3(2.0f, 0.0f, 0.0f), kJoints),
                 SlideClip("Lift", 2.0f, glm::vec3(0.0f), glm::vec3(0.0f, 4.0f, 0.0f), kJoints)};
  return model;
}

glm::vec3 joint_at(const PosedModel& pose, int joint) {
  return glm::vec3(pose.model_space[joint][3]);
}

void expect_near(const glm::vec3& got, const glm::vec3& want) {
  EXPECT_NEAR(got.x, want.x, kTol);
  EXPECT_NEAR(got.y, want.y, kTol);
  EXPECT_NEAR(got.z, want.z, kTol);
}

// --- Onion skin sample times ---

TEST(OnionSampleTimes, PairsPastAndFutureNearestFirst) {
  const std::vector<OnionSample> s = onion_sample_times(0.5f, 1.0f, true, 2, 0.1f);
  ASSERT_EQ(s.size(), 4u);
  const float times[] = {0.4f, 0.6f, 0.3f, 0.7f};
  const float offsets[] = {-0.1f, 0.1f, -0.2f, 0.2f};
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(s[i].time, times[i], kTol) << i;
    EXPECT_NEAR(s[i].offset, offsets[i], kTol) << i;
  }
}

TEST(OnionSampleTimes, LoopWrapsAndOneShotLeavesOutWhatIsOutside) {
  const std::vector<OnionSample> loop = onion_sample_times(0.05f, 1.0f, true, 1, 0.1f);
  ASSERT_EQ(loop.size(), 2u);
  EXPECT_NEAR(loop[0].time, 0.95f, kTol);  // 0.05 - 0.1 wrapped.
  EXPECT_NEAR(loop[0].offset, -0.1f, kTol);
  EXPECT_NEAR(loop[1].time, 0.15f, kTol);
  const std::vector<OnionSample> once = onion_sample_times(0.05f, 1.0f, false, 1, 0.1f);
  ASSERT_EQ(once.size(), 1u);
  EXPECT_NEAR(once[0].time, 0.15f, kTol);
  EXPECT_NEAR(once[0].offset, 0.1f, kTol);
  EXPECT_EQ(onion_sample_times(0.95f, 1.0f, false, 1, 0.1f).size(), 1u);  // 1.05 is past the end.
}

TEST(OnionSampleTimes, NothingForOffOrBadValues) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(onion_sample_times(0.5f, 1.0f, true, 0, 0.1f).empty());
  EXPECT_TRUE(onion_sample_times(0.5f, 1.0f, true, 2, 0.0f).empty());
  EXPECT_TRUE(onion_sample_times(0.5f, 0.0f, true, 2, 0.1f).empty());
  EXPECT_TRUE(onion_sample_times(nan, 1.0f, true, 2, 0.1f).empty());
  EXPECT_TRUE(onion_sample_times(0.5f, 1.0f, true, 2, nan).empty());
  EXPECT_EQ(onion_sample_times(0.5f, 10.0f, true, 100, 0.01f).size(),
            2u * OverlayRequest::kMaxOnionFrames);
}

// --- Trails ---

TEST(TrailRecorder, KeepsTheLastSecondsAndFadesWithAge) {
  TrailRecorder trail;
  trail.set_length(1.0f);
  trail.record(0.0f, glm::vec3(0.0f));
  trail.record(0.5f, glm::vec3(1.0f, 0.0f, 0.0f));
  trail.record(1.0f, glm::vec3(2.0f, 0.0f, 0.0f));
  EXPECT_EQ(trail.points().size(), 3u);  // 0 is exactly one second old: kept.
  trail.record(1.6f, glm::vec3(3.0f, 0.0f, 0.0f));
  ASSERT_EQ(trail.points().size(), 2u);  // 0 and 0.5 are older than 0.6.
  EXPECT_NEAR(trail.points()[0].position.x, 2.0f, kTol);
  EXPECT_NEAR(trail.points()[1].position.x, 3.0f, kTol);
  EXPECT_NEAR(trail.freshness(trail.points()[0]), 0.4f, kTol);  // 0.6 s of 1 s old.
  EXPECT_NEAR(trail.freshness(trail.points()[1]), 1.0f, kTol);
}

TEST(TrailRecorder, StandingClockMovesTheNewestAndAClockGoingBackStartsOver) {
  TrailRecorder trail;
  trail.set_length(2.0f);
  trail.record(1.0f, glm::vec3(1.0f));
  trail.record(1.0f, glm::vec3(5.0f));
  ASSERT_EQ(trail.points().size(), 1u);
  EXPECT_NEAR(trail.points()[0].position.x, 5.0f, kTol);
  trail.record(0.5f, glm::vec3(7.0f));
  ASSERT_EQ(trail.points().size(), 1u);
  EXPECT_NEAR(trail.points()[0].time, 0.5f, kTol);
  trail.set_length(0.0f);
  EXPECT_TRUE(trail.points().empty());
  trail.record(3.0f, glm::vec3(1.0f));
  EXPECT_TRUE(trail.points().empty()) << "a trail of no length records nothing";
}

TEST(TrailRootJoint, IsWhereEverySkinnedJointHangsFromElseTheFirstChild) {
  Model model = slide_model();
  EXPECT_EQ(trail_root_joint(model), kHip);
  model.skin.joints = {kTip};
  EXPECT_EQ(trail_root_joint(model), kTip);
  model.skin.joints = {kTip, kRoot};
  EXPECT_EQ(trail_root_joint(model), kRoot);
  // Two legs under a hip that is not skinned itself (a BVH's Hips): the hip.
  model.skeleton.names.push_back("leg");
  model.skeleton.parents.push_back(kHip);
  model.skeleton.rest.push_back(Transform{});
  model.skin.joints = {3, kTip};
  EXPECT_EQ(trail_root_joint(model), kHip);
  // Skinned joints in two trees share no joint: the first joint with a parent, as unskinned.
  model.skeleton.parents[3] = -1;
  EXPECT_EQ(trail_root_joint(model), kHip);
  model.skin.joints = {3};
  EXPECT_EQ(trail_root_joint(model), 3);
  model.skin = Skin{};
  EXPECT_EQ(trail_root_joint(model), kHip);  // The first joint with a parent.
  EXPECT_EQ(trail_root_joint(Model{}), -1);
}

TEST(JointTrails, RecordWhilePlayingHoldWhilePausedRestartForAnotherJoint) {
  const Model model = slide_model();
  Document doc(slide_model(), "test://slide");
  ASSERT_TRUE(doc.play_clip(kSlide));
  JointTrails trails;
  for (int frame = 0; frame < 7; ++frame) {
    doc.update(0.125f);
    trails.update(1, model, doc.posed().model_space, kTip, 0.3f, 0.125f);
  }
  // The root (hip) trail: the last 0.3 s of seven 1/8 s frames, at t = 0.625, 0.75, 0.875.
  ASSERT_EQ(trails.root.points().size(), 3u);
  expect_near(trails.root.points()[0].position, {1.25f, 1.0f, 0.0f});
  expect_near(trails.root.points()[2].position, {1.75f, 1.0f, 0.0f});
  EXPECT_NEAR(trails.root.points()[2].time, 0.875f, kTol);
  ASSERT_EQ(trails.joint.points().size(), 3u);
  expect_near(trails.joint.points()[0].position, {1.25f, 2.0f, 0.0f});
  trails.update(1, model, doc.posed().model_space, kTip, 0.3f, 0.0f);  // Paused.
  EXPECT_EQ(trails.root.points().size(), 3u);
  trails.update(1, model, doc.posed().model_space, kHip, 0.3f, 0.0f);  // Another joint.
  EXPECT_EQ(trails.joint.points().size(), 1u);
  EXPECT_EQ(trails.root.points().size(), 3u);
  trails.update(2, model, doc.posed().model_space, kHip, 0.3f, 0.0f);  // Another document.
  EXPECT_EQ(trails.root.points().size(), 1u);
  trails.update(2, model, doc.posed().model_space, kHip, 0.0f, 0.125f);  // Off.
  EXPECT_TRUE(trails.joint.points().empty());
  EXPECT_TRUE(trails.root.points().empty());
}

// --- Follow camera ---

TEST(FollowRoot, PutsTheTargetOverTheRootKeepingItsHeight) {
  OrbitCamera camera;
  camera.target = glm::vec3(1.0f, 1.0f, 1.0f);
  Bounds ground{glm::vec3(-1.0f, 0.0f, -1.0f), glm::vec3(1.0f, 2.0f, 1.0f)};
  expect_near(follow_root(glm::vec3(2.0f, 5.0f, 3.0f), camera, &ground), {1.0f, 0.0f, 2.0f});
  expect_near(camera.target, {2.0f, 1.0f, 3.0f});  // Height kept: no bobbing.
  expect_near(ground.min, {0.0f, 0.0f, 1.0f});
  expect_near(ground.max, {2.0f, 2.0f, 3.0f});
  expect_near(follow_root(glm::vec3(2.0f, -4.0f, 3.0f), camera, &ground), glm::vec3(0.0f));
  follow_root(glm::vec3(std::nanf(""), 0.0f, 0.0f), camera, &ground);
  expect_near(camera.target, {2.0f, 1.0f, 3.0f});
  follow_root(glm::vec3(-1.5f, 0.0f, 0.5f), camera);
  expect_near(camera.target, {-1.5f, 1.0f, 0.5f});
  expect_near(ground.min, {0.0f, 0.0f, 1.0f});  // No ground given: none moved.
}

// --- Whole-clip framing ---

TEST(ClipExtent, CoversThePosedMeshOverTheWholeClip) {
  const Model model = slide_model();
  // Slide: v0 at (2t, 1, 0) and v1 at (2t, 2, 0) for t in [0, 1].
  const Bounds slide = clip_extent(model, model.clips[kSlide], 5);
  expect_near(slide.min, {0.0f, 1.0f, 0.0f});
  expect_near(slide.max, {2.0f, 2.0f, 0.0f});
  // Lift: v0 at (0, 1 + 2t, 0), v1 at (0, 2 + 2t, 0) for t in [0, 2].
  const Bounds lift = clip_extent(model, model.clips[kLift], 3);
  expect_near(lift.min, {0.0f, 1.0f, 0.0f});
  expect_near(lift.max, {0.0f, 6.0f, 0.0f});
  EXPECT_FALSE(clip_extent(model, model.clips[kSlide], 0).valid());
  const Clip misfit = ClipBuilder("Short", 1.0f, kJoints - 1).build();  // A joint short.
  EXPECT_FALSE(clip_extent(model, misfit, 5).valid());
}

TEST(ClipExtent, MarginGrowsEverySideByAFractionOfTheLargestSide) {
  const Bounds b = with_margin({glm::vec3(0.0f, 1.0f, 0.0f), glm::vec3(2.0f, 2.0f, 0.0f)}, 0.1f);
  expect_near(b.min, {-0.2f, 0.8f, -0.2f});
  expect_near(b.max, {2.2f, 2.2f, 0.2f});
  const Bounds point = with_margin({glm::vec3(1.0f), glm::vec3(1.0f)}, 1.0f);
  expect_near(point.min, glm::vec3(1.0f - 1e-3f));  // Bounds::radius()'s floor.
  EXPECT_FALSE(with_margin({glm::vec3(1.0f), glm::vec3(0.0f)}, 0.1f).valid());
}

TEST(ClipExtent, PlaybackExtentFramesTheWholeSlideInTheViewersWorld) {
  Document doc(slide_model(), "test://slide");
  ASSERT_TRUE(doc.play_clip(kSlide));
  doc.seek(0.25f);
  // It skins every 4th vertex, so v0 alone: (0,1,0)-(2,1,0) over the clip, grown by 5% of 2
  // on every side.
  const Bounds b = playback_extent(doc, glm::mat4(1.0f));
  expect_near(b.min, {-0.1f, 0.9f, -0.1f});
  expect_near(b.max, {2.1f, 1.1f, 0.1f});
  // Z up: (x, y, z) shows at (x, z, -y).
  const Bounds z = playback_extent(doc, display_transform(UpAxis::kZ));
  expect_near(z.min, {-0.1f, -0.1f, -1.1f});
  expect_near(z.max, {2.1f, 0.1f, -0.9f});
}

// --- The Document's ghosts and onion skin ---

TEST(DocumentOverlays, CrossfadeGhostsAreItsTwoClipsAlone) {
  Document doc(slide_model(), "test://slide");
  ASSERT_TRUE(doc.play_clip(kSlide));
  doc.update(0.25f);
  OverlayRequest request;
  request.ghosts = true;
  doc.set_overlay_request(request);
  EXPECT_FALSE(doc.overlays().ghosts().active) << "no crossfade yet";
  CrossfadeOptions fade;
  fade.seconds = 1.0f;
  ASSERT_TRUE(doc.crossfade_to(kLift, fade));
  doc.update(0.5f);
  const GhostPoses& g = doc.overlays().ghosts();
  ASSERT_TRUE(g.active);
  EXPECT_NEAR(g.progress, 0.5f, kTol);
  expect_near(joint_at(g.source, kRoot), {1.5f, 0.0f, 0.0f});  // Slide at 0.75 s.
  expect_near(joint_at(g.target, kRoot), {0.0f, 1.0f, 0.0f});  // Lift at 0.5 s.
  expect_near(joint_at(g.target, kTip), {0.0f, 3.0f, 0.0f});
  expect_near(joint_at(doc.posed(), kRoot), {0.75f, 0.5f, 0.0f});  // Half of each.
  doc.update(0.6f);
  EXPECT_FALSE(doc.overlays().ghosts().active) << "the fade is over";
}

TEST(DocumentOverlays, FrozenSourceGhostStaysWhereTheFadeStarted) {
  Document doc(slide_model(), "test://slide");
  ASSERT_TRUE(doc.play_clip(kSlide));
  doc.update(0.25f);
  OverlayRequest request;
  request.ghosts = true;
  doc.set_overlay_request(request);
  CrossfadeOptions fade;
  fade.seconds = 1.0f;
  fade.freeze_source = true;
  ASSERT_TRUE(doc.crossfade_to(kLift, fade));
  doc.update(0.25f);
  ASSERT_TRUE(doc.overlays().ghosts().active);
  expect_near(joint_at(doc.overlays().ghosts().source, kRoot), {0.5f, 0.0f, 0.0f});
  expect_near(joint_at(doc.overlays().ghosts().target, kRoot), {0.0f, 0.5f, 0.0f});
}

TEST(DocumentOverlays, GhostsOffEvaluateNothing) {
  Document doc(slide_model(), "test://slide");
  ASSERT_TRUE(doc.play_clip(kSlide));
  CrossfadeOptions fade;
  fade.seconds = 1.0f;
  ASSERT_TRUE(doc.crossfade_to(kLift, fade));
  doc.update(0.5f);
  EXPECT_FALSE(doc.overlays().ghosts().active);
  EXPECT_TRUE(doc.overlays().onion().empty());
}

TEST(DocumentOverlays, TransitionGhostsAreItsSourceAndDestinationStates) {
  Document doc(slide_model(), "test://slide");
  setup::Setup setup;
  setup::SetupParameter go_parameter;
  go_parameter.name = "go";
  go_parameter.type = ParameterType::kBool;
  setup.parameters.push_back(go_parameter);
  setup.states.push_back(setup::SetupState{"Sliding", "Slide", 1.0f, true, setup::Json::object()});
  setup.states.push_back(setup::SetupState{"Lifting", "Lift", 1.0f, true, setup::Json::object()});
  setup.default_state = "Sliding";
  setup::SetupTransition go;
  go.from = "Sliding";
  go.to = "Lifting";
  go.conditions.push_back(
      setup::SetupCondition{"go", ConditionOp::kTrue, 0.0f, setup::Json::object()});
  go.duration = 0.5f;
  setup.transitions.push_back(go);
  ASSERT_TRUE(doc.attach_setup(setup, "slide.json").ok());
  OverlayRequest request;
  request.ghosts = true;
  doc.set_overlay_request(request);
  doc.update(0.25f);
  EXPECT_FALSE(doc.overlays().ghosts().active) << "no transition runs";
  ASSERT_TRUE(doc.state_machine()->set_bool("go", true));
  doc.update(0.1f);
  doc.update(0.1f);
  const auto active = doc.state_machine()->active_states();
  ASSERT_EQ(active.size(), 2u);
  ASSERT_EQ(active[0].state, 0);
  ASSERT_EQ(active[1].state, 1);
  const GhostPoses& g = doc.overlays().ghosts();
  ASSERT_TRUE(g.active);
  EXPECT_NEAR(g.progress, active[1].weight, kTol);
  EXPECT_GT(g.progress, 0.0f);
  EXPECT_LT(g.progress, 1.0f);
  // Slide (1 s): x == 2 t; Lift (2 s): y == 2 t, t its normalized time times 2 s.
  expect_near(joint_at(g.source, kRoot), {2.0f * active[0].normalized_time, 0.0f, 0.0f});
  expect_near(joint_at(g.target, kRoot), {0.0f, 4.0f * active[1].normalized_time, 0.0f});
  EXPECT_NEAR(active[0].normalized_time, 0.45f, 1e-3f);  // Slide went on for 0.2 s.
  doc.update(0.5f);
  EXPECT_FALSE(doc.overlays().ghosts().active) << "the transition is over";
}

TEST(DocumentOverlays, OnionFramesAreTheClipAtTheirTimes) {
  Document doc(slide_model(), "test://slide");
  ASSERT_TRUE(doc.play_clip(kSlide));
  doc.seek(0.5f);
  OverlayRequest request;
  request.onion_frames = 2;
  request.onion_step = 0.1f;
  doc.set_overlay_request(request);
  const Span<const OnionFrame> onion = doc.overlays().onion();
  ASSERT_EQ(onion.size(), 4u);
  const float x[] = {0.8f, 1.2f, 0.6f, 1.4f};  // 2 t at 0.4, 0.6, 0.3, 0.7.
  for (int i = 0; i < 4; ++i) expect_near(joint_at(onion[i].pose, kRoot), {x[i], 0.0f, 0.0f});
  doc.set_playing(false);
  doc.update(0.1f);
  EXPECT_EQ(doc.overlays().onion().size(), 4u) << "evaluated every frame, paused too";
  ASSERT_TRUE(doc.start_blend({kSlide, kLift}, {0.0f, 1.0f}));
  EXPECT_TRUE(doc.overlays().onion().empty()) << "clip playback only";
  request.onion_frames = 0;
  doc.set_overlay_request(request);
  ASSERT_TRUE(doc.play_clip(kSlide));
  EXPECT_TRUE(doc.overlays().onion().empty());
}

}  // namespace
}  // namespace anim::ui
