// Headless tests of the tool's panels: each panel is drawn in an ImGui window without a
// display or renderer, and driven through ImGui's mouse and keyboard input, as a user would.
#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/views/animate/blend_panel.h"
#include "anim/ui/views/animate/bone_tree_panel.h"
#include "anim/ui/views/animate/clips_panel.h"
#include "anim/ui/views/animate/inspector_panel.h"
#include "anim/ui/views/animate/timeline_panel.h"
#include "anim/ui/widgets/status_bar.h"
#include "support/imgui_harness.h"
#include "support/maths.h"
#include "support/meshes.h"
#include "support/rigs.h"
#include "support/setups.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

// Joints: root -> spine -> {head -> tip, arm}. "tip" moves no vertex.
enum Joint { kRoot, kSpine, kHead, kTip, kArm, kJointCount };

// A hand-built model whose poses are easy to check: in "walk" (2 s) the root slides along x
// from 0 to 2 (x == t); in "run" (1 s) it slides along z from 0 to 4.
Model make_model(bool with_clips = true) {
  Model model =
      ModelOf("test://chain", Rig({"root", "spine", "head", "tip", "arm"},
                                  {-1, kRoot, kSpine, kHead, kSpine}, glm::vec3(0.0f, 1.0f, 0.0f)));

  // One skin entry per joint except the tip; identity inverse binds are fine for counting.
  model.skin.joints = {kRoot, kSpine, kHead, kArm};
  model.skin.inverse_bind.assign(model.skin.joints.size(), glm::mat4(1.0f));
  SetMesh(model,
          {SkinnedVertex(glm::vec3(0.0f), {{0, 1.0f}}),
           SkinnedVertex(glm::vec3(1.0f, 0.0f, 0.0f), {{1, 0.5f}, {3, 0.5f}}),
           SkinnedVertex(glm::vec3(0.0f, 1.0f, 0.0f), {{2, 1.0f}})},
          {0, 1, 2}, "tri");
  model.max_influences = 2;

  if (with_clips) {
    ClipBuilder walk("walk", 2.0f, kJointCount);
    walk.add_translation(kRoot, 0.0f, glm::vec3(0.0f));
    walk.add_translation(kRoot, 2.0f, glm::vec3(2.0f, 0.0f, 0.0f));
    for (float t : {0.0f, 1.0f, 2.0f}) {
      walk.add_rotation(kSpine, t, glm::angleAxis(0.5f * t, glm::vec3(0.0f, 0.0f, 1.0f)));
    }
    ClipBuilder run("run", 1.0f, kJointCount);
    run.add_translation(kRoot, 0.0f, glm::vec3(0.0f));
    run.add_translation(kRoot, 1.0f, glm::vec3(0.0f, 0.0f, 4.0f));
    model.clips = {walk.build(), run.build()};
  }
  return model;
}

using Harness = testing::ImGuiHarness;
using testing::kBackspaceKey;
using testing::kEndKey;
using testing::kHomeKey;
using testing::kLeftKey;
using testing::kRightKey;
using testing::kSpaceKey;

// --- Bone tree ---

TEST(BoneTreePanel, ClickOnAJointSelectsIt) {
  Harness h;
  Document doc(make_model(), "test://chain");
  Selection sel;
  BoneTreePanel panel;
  panel.start_expanded = false;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  // Only the root shows until it is opened.
  ASSERT_NE(panel.rects.find("joint:root"), nullptr);
  EXPECT_EQ(panel.rects.find("joint:spine"), nullptr);
  ASSERT_TRUE(h.click(panel.rects, "joint:root"));
  EXPECT_EQ(sel.joint, kRoot);
  // A double-click opens it.
  ASSERT_TRUE(h.click(panel.rects, "joint:root", 2));
  h.frame();
  ASSERT_NE(panel.rects.find("joint:spine"), nullptr);
  ASSERT_TRUE(h.click(panel.rects, "joint:spine"));
  EXPECT_EQ(sel.joint, kSpine);
}

TEST(BoneTreePanel, ANewModelShowsItsWholeHierarchyAndCollapseAllHidesIt) {
  Harness h;
  Document doc(make_model(), "test://chain");
  Selection sel;
  BoneTreePanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  for (const char* name : {"joint:root", "joint:spine", "joint:head", "joint:arm", "joint:tip"}) {
    EXPECT_NE(panel.rects.find(name), nullptr) << name;
  }
  ASSERT_TRUE(h.click(panel.rects, "collapse"));
  h.frames(2);
  EXPECT_NE(panel.rects.find("joint:root"), nullptr);
  EXPECT_EQ(panel.rects.find("joint:spine"), nullptr);
}

TEST(BoneTreePanel, SelectionFromElsewhereOpensThePathToIt) {
  Harness h;
  Document doc(make_model(), "test://chain");
  Selection sel;
  BoneTreePanel panel;
  panel.start_expanded = false;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  EXPECT_EQ(panel.rects.find("joint:tip"), nullptr);
  sel.joint = kTip;  // As a click in the viewport would.
  h.frames(2);
  ASSERT_NE(panel.rects.find("joint:tip"), nullptr);
  EXPECT_NE(panel.rects.find("joint:head"), nullptr);
  // The user can still click another joint, and the tree does not fight back.
  ASSERT_TRUE(h.click(panel.rects, "joint:arm"));
  EXPECT_EQ(sel.joint, kArm);
  h.frames(2);
  EXPECT_EQ(sel.joint, kArm);
}

TEST(BoneTreePanel, SearchShowsMatchesWithTheirAncestors) {
  Harness h;
  Document doc(make_model(), "test://chain");
  Selection sel;
  BoneTreePanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  ASSERT_TRUE(h.click(panel.rects, "filter"));
  h.type("TI");  // Case-insensitive: matches "tip" only.
  h.frames(2);
  EXPECT_STREQ(panel.filter, "TI");
  EXPECT_NE(panel.rects.find("joint:tip"), nullptr);
  EXPECT_NE(panel.rects.find("joint:head"), nullptr);
  EXPECT_NE(panel.rects.find("joint:spine"), nullptr);
  EXPECT_NE(panel.rects.find("joint:root"), nullptr);
  EXPECT_EQ(panel.rects.find("joint:arm"), nullptr);
  ASSERT_TRUE(h.click(panel.rects, "joint:tip"));
  EXPECT_EQ(sel.joint, kTip);
}

// Enter in the search selects the joint when exactly one matches; with several it selects none.
// Another document clears the search (its joints have other names).
TEST(BoneTreePanel, EnterSelectsTheOnlyMatchAndAnotherDocumentClearsTheSearch) {
  Harness h;
  Document first(make_model(), "test://chain");
  Document second(make_model(), "test://other");
  Document* doc = &first;
  Selection sel;
  BoneTreePanel panel;
  h.set_draw([&] { testing::draw_panel(panel, *doc, sel); });
  h.frames(2);
  ASSERT_TRUE(h.click(panel.rects, "filter"));
  h.type("i");  // spine, tip: two matches.
  h.press(testing::kEnterKey);
  EXPECT_EQ(sel.joint, -1);
  ASSERT_TRUE(h.click(panel.rects, "filter"));
  h.type("p");  // "ip": tip alone.
  EXPECT_STREQ(panel.filter, "ip");
  h.press(testing::kEnterKey);
  EXPECT_EQ(sel.joint, kTip);
  doc = &second;
  h.frames(2);
  EXPECT_STREQ(panel.filter, "");
  EXPECT_NE(panel.rects.find("joint:arm"), nullptr) << "the whole tree shows again";
}

// In a narrow panel a deep joint's name is cut at the edge: that row is marked (its tooltip
// starts with the full name); a root's short name is not.
TEST(BoneTreePanel, ACutNameIsMarkedForItsTooltip) {
  Harness h(ImVec2(90.0f, 300.0f));
  Document doc(make_model(), "test://chain");
  Selection sel;
  BoneTreePanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  ASSERT_NE(panel.rects.find("joint:tip"), nullptr);
  EXPECT_NE(panel.rects.find("cut:tip"), nullptr);
  EXPECT_EQ(panel.rects.find("cut:root"), nullptr);
}

TEST(BoneTreePanel, TestModelHasAJointThatMovesNoVertex) {
  // The tree dims joints by the document's counts; check the counts it reads.
  Document doc(make_model(), "test://chain");
  const std::vector<uint32_t>& counts = doc.influenced_vertices();
  ASSERT_EQ(counts.size(), static_cast<std::size_t>(kJointCount));
  EXPECT_EQ(counts[kRoot], 1u);
  EXPECT_EQ(counts[kSpine], 1u);
  EXPECT_EQ(counts[kHead], 1u);
  EXPECT_EQ(counts[kArm], 1u);
  EXPECT_EQ(counts[kTip], 0u);
}

// --- Timeline ---

TEST(TimelinePanel, DraggingThePlayheadSeeksAndPausesWhileHeld) {
  Harness h(ImVec2(900.0f, 170.0f));
  Document doc(make_model(), "test://chain");  // Starts on the longest clip, "walk", playing.
  ASSERT_EQ(doc.current_clip(), 0);
  ASSERT_TRUE(doc.playing());
  Selection sel;
  sel.joint = kSpine;  // Shows its rotation keys too.
  TimelinePanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  // Rects are rebuilt every frame: keep a copy.
  ASSERT_NE(panel.rects.find("strip"), nullptr);
  const ItemRect strip_rect = *panel.rects.find("strip");
  const ItemRect* strip = &strip_rect;
  const float width = strip->max.x - strip->min.x;
  ASSERT_GT(width, 100.0f);
  const float y = strip->center().y;
  auto time_at = [&](float x) { return (x - strip->min.x) / width * doc.duration(); };

  const float x1 = std::round(strip->min.x + width * 0.25f);
  h.mouse_to(ImVec2(x1, y));
  h.mouse_button(true);
  EXPECT_NEAR(doc.time(), time_at(x1), 1e-3f);
  EXPECT_FALSE(doc.playing());
  // The pose follows: in "walk" the root's x equals the time.
  EXPECT_NEAR(doc.local_pose()[kRoot].translation.x, time_at(x1), 1e-3f);

  const float x2 = std::round(strip->min.x + width * 0.7f);
  h.mouse_to(ImVec2(x2, y));
  EXPECT_NEAR(doc.time(), time_at(x2), 1e-3f);
  EXPECT_FALSE(doc.playing());
  h.mouse_button(false);
  EXPECT_TRUE(doc.playing());  // Restored on release.
  EXPECT_NEAR(doc.time(), time_at(x2), 1e-3f);
}

TEST(TimelinePanel, ScrubbingAPausedClipLeavesItPaused) {
  Harness h(ImVec2(900.0f, 170.0f));
  Document doc(make_model(), "test://chain");
  doc.set_playing(false);
  Selection sel;
  TimelinePanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  const ItemRect* strip = panel.rects.find("strip");
  ASSERT_NE(strip, nullptr);
  h.click_at(ImVec2(strip->min.x + (strip->max.x - strip->min.x) * 0.5f, strip->center().y));
  EXPECT_NEAR(doc.time(), 1.0f, 0.01f);
  EXPECT_FALSE(doc.playing());
}

TEST(TimelinePanel, PlayButtonAndSpaceToggle) {
  Harness h(ImVec2(900.0f, 170.0f));
  Document doc(make_model(), "test://chain");
  Selection sel;
  TimelinePanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  ASSERT_TRUE(doc.playing());
  ASSERT_TRUE(h.click(panel.rects, "play"));
  EXPECT_FALSE(doc.playing());
  ASSERT_TRUE(h.click(panel.rects, "play"));
  EXPECT_TRUE(doc.playing());
  h.press(kSpaceKey);
  EXPECT_FALSE(doc.playing());
  h.press(kSpaceKey);
  EXPECT_TRUE(doc.playing());
}

TEST(TimelinePanel, FrameStepsByButtonsAndKeys) {
  Harness h(ImVec2(900.0f, 170.0f));
  Document doc(make_model(), "test://chain");
  Selection sel;
  TimelinePanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  doc.seek(0.5f);
  ASSERT_TRUE(h.click(panel.rects, "step_forward"));
  EXPECT_FALSE(doc.playing());  // Stepping pauses.
  EXPECT_NEAR(doc.time(), 0.5f + 1.0f / 30.0f, 1e-4f);
  ASSERT_TRUE(h.click(panel.rects, "step_back"));
  ASSERT_TRUE(h.click(panel.rects, "step_back"));
  EXPECT_NEAR(doc.time(), 0.5f - 1.0f / 30.0f, 1e-4f);
  h.press(kRightKey);
  EXPECT_NEAR(doc.time(), 0.5f, 1e-4f);
  h.press(kLeftKey);
  EXPECT_NEAR(doc.time(), 0.5f - 1.0f / 30.0f, 1e-4f);
  h.press(kEndKey);  // A loop's last frame is one before its end.
  EXPECT_NEAR(doc.time(), 2.0f - 1.0f / 30.0f, 1e-4f);
  h.press(kHomeKey);
  EXPECT_NEAR(doc.time(), 0.0f, 1e-6f);
}

TEST(TimelinePanel, LoopAndSpeedWidgetsEditTheDocument) {
  Harness h(ImVec2(900.0f, 170.0f));
  Document doc(make_model(), "test://chain");
  Selection sel;
  TimelinePanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  ASSERT_TRUE(doc.loop());
  ASSERT_TRUE(h.click(panel.rects, "loop"));
  EXPECT_FALSE(doc.loop());
  const ItemRect* speed = panel.rects.find("speed");
  ASSERT_NE(speed, nullptr);
  h.click_at(ImVec2(speed->max.x - 2.0f, speed->center().y));  // The slider's right end.
  EXPECT_NEAR(doc.speed(), 2.0f, 0.05f);
}

TEST(TimelinePanel, CtrlWheelZoomsAroundTheMouse) {
  Harness h(ImVec2(900.0f, 170.0f));
  Document doc(make_model(), "test://chain");
  doc.set_playing(false);
  Selection sel;
  TimelinePanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  const ItemRect strip = *panel.rects.find("strip");
  const float x = strip.min.x + (strip.max.x - strip.min.x) * 0.75f;
  h.mouse_to(ImVec2(x, strip.center().y));
  ImGuiIO& io = ImGui::GetIO();
  io.KeyCtrl = true;
  io.MouseWheel = 3.0f;
  h.frame();
  io.MouseWheel = 0.0f;
  io.KeyCtrl = false;
  h.frame();
  EXPECT_GT(panel.zoom, 1.5f);
  // The time under the mouse stays put: 1.5 s (three quarters of "walk").
  const float span = doc.duration() / panel.zoom;
  EXPECT_NEAR(panel.view_start + 0.75f * span, 1.5f, 1e-3f);
}

// Another document opened in the storage of the last one (so its model may well sit at the
// freed model's address): the zoomed view still starts over, as for any new document.
TEST(TimelinePanel, ANewDocumentAtTheSameAddressStartsTheViewOver) {
  Harness h(ImVec2(900.0f, 170.0f));
  std::optional<Document> doc;
  doc.emplace(make_model(), "test://chain");
  doc->set_playing(false);
  Selection sel;
  TimelinePanel panel;
  h.set_draw([&] { testing::draw_panel(panel, *doc, sel); });
  h.frames(2);
  panel.zoom = 4.0f;
  panel.view_start = 1.0f;
  h.frame();
  ASSERT_NEAR(panel.view_start, 1.0f, 1e-6f) << "kept while the document stays";
  doc.emplace(make_model(), "test://chain-again");
  doc->set_playing(false);
  h.frame();
  EXPECT_EQ(panel.view_start, 0.0f);
}

// --- Clips ---

TEST(ClipsPanel, ClickSelectsAndDoubleClickPlays) {
  Harness h;
  Document doc(make_model(), "test://chain");
  Selection sel;
  ClipsPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  ASSERT_EQ(doc.current_clip(), 0);
  ASSERT_NE(panel.rects.find("clip:walk"), nullptr);
  ASSERT_TRUE(h.click(panel.rects, "clip:run"));
  EXPECT_EQ(panel.selected, 1);
  EXPECT_EQ(doc.current_clip(), 0);  // One click only selects.
  doc.update(0.5f);
  ASSERT_TRUE(h.click(panel.rects, "clip:run", 2));
  EXPECT_EQ(doc.current_clip(), 1);
  EXPECT_NEAR(doc.time(), 0.0f, 1e-6f);
}

// The row menu's crossfade takes the duration and curve it is given (the Blend panel's choice in
// the tool), not a fixed one.
TEST(ClipsPanel, RightClickCrossfadesWithTheChosenDuration) {
  Harness h;
  Document doc(make_model(), "test://chain");
  Selection sel;
  ClipsPanel panel;
  panel.crossfade.seconds = 0.8f;
  panel.crossfade.curve = FadeCurve::kLinear;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  ASSERT_EQ(doc.current_clip(), 0);
  h.right_click_at(panel.rects.find("clip:run")->center());
  h.frame();
  ASSERT_TRUE(h.click(panel.rects, "crossfade:run"));
  ASSERT_TRUE(doc.player().fading());
  EXPECT_EQ(doc.current_clip(), 1);
  doc.update(0.2f);
  EXPECT_NEAR(doc.player().fade_progress(), 0.2f / 0.8f, 1e-5f);
  doc.update(0.7f);
  EXPECT_FALSE(doc.player().fading()) << "done after 0.8 s";
}

// The row menu picks the blend too, and says so for the frame (the tool gives it back to the
// Blend panel); its crossfade then carries the pose over that way.
TEST(ClipsPanel, RightClickMenuPicksTheBlend) {
  Harness h;
  Document doc(make_model(), "test://chain");
  Selection sel;
  ClipsPanel panel;
  panel.crossfade.seconds = 0.4f;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  h.right_click_at(panel.rects.find("clip:run")->center());
  h.frame();
  ASSERT_NE(panel.rects.find("crossfade_half_life"), nullptr);
  ASSERT_TRUE(h.click(panel.rects, "crossfade_blend"));
  h.frame();
  ASSERT_NE(panel.rects.find("crossfade_blend=dead_blend"), nullptr);
  h.click_at(panel.rects.find("crossfade_blend=dead_blend")->center());
  EXPECT_EQ(panel.crossfade.blend, TransitionBlend::kDeadBlend);
  EXPECT_TRUE(panel.crossfade_edited);
  ASSERT_TRUE(h.click(panel.rects, "crossfade:run"));
  ASSERT_TRUE(doc.player().fading());
  EXPECT_EQ(doc.player().fade_blend(), TransitionBlend::kDeadBlend);
  EXPECT_EQ(doc.current_clip(), 1);
}

TEST(ClipsPanel, ClipsFromFilesShowTheirBindingAndChangedFilesOfferAReload) {
  Harness h;
  Document doc(make_model(), "/art/chain.x");
  doc.add_clip_files({"/art/chain@Sway.x", "/art/other.bvh"});
  import::AnimationSet set;
  for (const char* name : {"Sway", "Other"}) {
    ClipBuilder b(name, 1.0f, doc.model().skeleton.joint_count());
    b.add_rotation(0, 0.0f, glm::quat(1, 0, 0, 0));
    set.clips.push_back(b.build());
    ClipSource source;
    source.clip = static_cast<int>(set.sources.size());
    source.file = std::string(name) == "Sway" ? "/art/chain@Sway.x" : "/art/other.bvh";
    source.entry = source.clip;
    source.bound_joints = {"root"};
    if (std::string(name) == "Other") source.unbound_joints = {"Tail", "Fin"};
    set.sources.push_back(source);
  }
  set.diagnostics.push_back({Diagnostic::Severity::kWarning, "", "other.bvh: binds 1 of 3"});
  doc.set_clip_files(doc.wanted_clip_files(), std::move(set));
  Selection sel;
  ClipsPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  ASSERT_NE(panel.rects.find("clip:Sway"), nullptr);
  ASSERT_NE(panel.rects.find("clip:Other"), nullptr);
  EXPECT_EQ(panel.rects.find("clip_warning:Sway"), nullptr);  // Every joint bound.
  EXPECT_NE(panel.rects.find("clip_warning:Other"), nullptr);
  EXPECT_EQ(panel.rects.find("reload_clip_files"), nullptr);  // Nothing changed on disk.
  doc.set_changed_clip_files({"/art/other.bvh"});
  h.frames(1);
  EXPECT_FALSE(doc.clip_files_outdated());
  ASSERT_TRUE(h.click(panel.rects, "reload_clip_files"));
  EXPECT_TRUE(doc.clip_files_outdated());
}

// --- Blend ---

TEST(BlendPanel, ClipsArrivingFromFilesAreOfferedForTheBlend) {
  Harness h;
  Model one = make_model();
  one.clips.resize(1);  // Only "walk" of its own.
  Document doc(std::move(one), "/art/chain.x");
  Selection sel;
  BlendPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  EXPECT_TRUE(panel.blend_clips.empty()) << "one clip is no blend";
  doc.add_clip_files({"/art/chain@Run.x"});
  import::AnimationSet set;
  ClipBuilder run("Run", 1.0f, doc.model().skeleton.joint_count());
  run.add_rotation(0, 0.0f, glm::quat(1, 0, 0, 0));
  set.clips.push_back(run.build());
  set.sources.push_back(ClipSource{0, "/art/chain@Run.x", 0, {"root"}, {}, false});
  doc.set_clip_files(doc.wanted_clip_files(), std::move(set));
  h.frames(1);
  EXPECT_EQ(panel.blend_clips, (std::vector<int>{0, 1}));  // walk at 0, Run at 1.
}

TEST(BlendPanel, CrossfadeButtonFadesToTheChosenClip) {
  Harness h;
  Document doc(make_model(), "test://chain");
  Selection sel;
  BlendPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  ASSERT_NE(panel.rects.find("crossfade_target"), nullptr);
  panel.crossfade_target = 1;  // "run"
  panel.crossfade_seconds = 0.5f;
  ASSERT_TRUE(h.click(panel.rects, "crossfade"));
  EXPECT_TRUE(doc.player().fading());
  EXPECT_EQ(doc.player().clip(), 1);
  EXPECT_EQ(doc.player().fading_from(), 0);
  doc.update(doc.duration());
  EXPECT_FALSE(doc.player().fading());
  h.frames(2);  // The weight plot draws after the fade.
}

// The Blend combo names the setup file's blends; an inertialized fade switches at once (only the
// target plays) and starts from the pose shown.
TEST(BlendPanel, BlendComboPicksHowTheFadeCarriesThePoseOver) {
  Harness h;
  Document doc(make_model(), "test://chain");
  Selection sel;
  BlendPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  doc.update(0.3f);
  h.frame();
  ASSERT_TRUE(h.choose(panel.rects, "crossfade_blend", "inertialize"));
  EXPECT_EQ(panel.crossfade_blend, TransitionBlend::kInertialize);
  EXPECT_EQ(panel.crossfade_options().blend, TransitionBlend::kInertialize);
  const std::vector<Transform> shown(doc.player().pose().begin(), doc.player().pose().end());
  panel.crossfade_target = 1;  // "run"
  panel.crossfade_seconds = 0.5f;
  ASSERT_TRUE(h.click(panel.rects, "crossfade"));
  ASSERT_TRUE(doc.player().fading());
  EXPECT_EQ(doc.player().fade_blend(), TransitionBlend::kInertialize);
  EXPECT_EQ(doc.player().clip(), 1);
  EXPECT_EQ(doc.player().fading_from(), -1);  // The walk is not sampled any more.
  for (std::size_t j = 0; j < shown.size(); ++j) {
    EXPECT_TRUE(TransformNear(doc.player().pose()[j], shown[j], 1e-5f)) << j;
  }
  h.frame();  // The fade's progress line shows above the combo from the next frame on.
  ASSERT_TRUE(h.choose(panel.rects, "crossfade_blend", "dead_blend"));
  EXPECT_EQ(panel.crossfade_options().blend, TransitionBlend::kDeadBlend);
}

// The half-life matters to a dead blend only: its slider does nothing for the other two.
TEST(BlendPanel, HalfLifeIsEnabledOnlyForDeadBlend) {
  Harness h;
  Document doc(make_model(), "test://chain");
  Selection sel;
  BlendPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  const auto click_left_of_half_life = [&] {
    const ItemRect* slider = panel.rects.find("crossfade_half_life");
    ASSERT_NE(slider, nullptr);
    h.click_at(ImVec2(slider->min.x + 3.0f, slider->center().y));
  };
  for (const char* blend : {"crossfade", "inertialize"}) {
    if (std::string(blend) != "crossfade") {
      ASSERT_TRUE(h.choose(panel.rects, "crossfade_blend", blend));
    }
    click_left_of_half_life();
    EXPECT_FLOAT_EQ(panel.crossfade_half_life, 0.1f) << blend;
  }
  ASSERT_TRUE(h.choose(panel.rects, "crossfade_blend", "dead_blend"));
  click_left_of_half_life();
  EXPECT_LT(panel.crossfade_half_life, 0.05f);  // Near the slider's 0.01 s end.
  EXPECT_GE(panel.crossfade_half_life, 0.01f);
  EXPECT_FLOAT_EQ(panel.crossfade_options().half_life, panel.crossfade_half_life);
}

TEST(BlendPanel, TargetComboPicksTheClip) {
  Harness h;
  Document doc(make_model(), "test://chain");
  Selection sel;
  BlendPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  ASSERT_TRUE(h.click(panel.rects, "crossfade_target"));
  // The open list shows "walk" then "run" below the combo, one line each.
  const ItemRect* combo = panel.rects.find("crossfade_target");
  ASSERT_NE(combo, nullptr);
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float combo_height = combo->max.y - combo->min.y;
  h.click_at(ImVec2(combo->center().x, combo->max.y + combo_height * 0.25f + line * 1.5f));
  EXPECT_EQ(panel.crossfade_target, 1);
}

TEST(BlendPanel, StartBlendAndShiftRamp) {
  Harness h;
  Document doc(make_model(), "test://chain");
  Selection sel;
  BlendPanel panel;
  // As the tool does each frame, whatever panels it shows.
  h.set_draw([&] {
    panel.apply_shift_ramp(doc);
    testing::draw_panel(panel, doc, sel);
  });
  h.frames(2);
  ASSERT_EQ(panel.blend_clips, (std::vector<int>{0, 1}));  // "walk" at 0, "run" at 1.
  ASSERT_TRUE(h.click(panel.rects, "start_blend"));
  ASSERT_EQ(doc.mode(), PlaybackMode::kBlend1D);
  EXPECT_EQ(doc.blend().space.clips, (std::vector<int>{0, 1}));

  // The parameter slider moves the target (and the value at once when the rate is 0).
  doc.blend().parameter.rate = 0.0f;
  h.frame();
  const ItemRect* slider = panel.rects.find("blend_param");
  ASSERT_NE(slider, nullptr);
  h.click_at(slider->center());
  EXPECT_NEAR(doc.blend().parameter.target, 0.5f, 0.05f);
  EXPECT_NEAR(doc.blend().parameter.value, 0.5f, 0.05f);

  // Shift ramp: Shift held drives the target to the max, released to the min.
  ASSERT_TRUE(h.click(panel.rects, "shift_ramp"));
  ASSERT_TRUE(panel.shift_ramp);
  ImGuiIO& io = ImGui::GetIO();
  io.KeyShift = true;
  h.frame();
  EXPECT_FLOAT_EQ(doc.blend().parameter.target, 1.0f);
  doc.blend().parameter.rate = 2.0f;
  doc.blend().parameter.value = 0.0f;
  doc.update(0.25f);
  EXPECT_NEAR(doc.blend().parameter.value, 0.5f, 1e-5f);  // Rises at the rate.
  io.KeyShift = false;
  h.frame();
  EXPECT_FLOAT_EQ(doc.blend().parameter.target, 0.0f);
  doc.update(0.1f);
  EXPECT_NEAR(doc.blend().parameter.value, 0.3f, 1e-5f);  // And falls.
  for (int i = 0; i < 10; ++i) {
    doc.update(1.0f / 60.0f);
    h.frame();  // Weight plots draw.
  }
}

TEST(BlendPanel, WithoutShiftRampShiftDoesNothing) {
  Harness h;
  Document doc(make_model(), "test://chain");
  Selection sel;
  BlendPanel panel;
  // As the tool does each frame, whatever panels it shows.
  h.set_draw([&] {
    panel.apply_shift_ramp(doc);
    testing::draw_panel(panel, doc, sel);
  });
  h.frames(2);
  ASSERT_TRUE(h.click(panel.rects, "start_blend"));
  doc.blend().parameter.target = 0.25f;
  ImGui::GetIO().KeyShift = true;
  h.frame();
  ImGui::GetIO().KeyShift = false;
  EXPECT_FLOAT_EQ(doc.blend().parameter.target, 0.25f);
}

TEST(BlendPanel, DrawsTheStateMachineOfASetup) {
  Harness h(ImVec2(420.0f, 1100.0f));  // The State machine section comes last.
  Document doc(make_model(), "test://chain");
  setup::Setup setup =
      SetupOf("",
              {Bounded("speed", 0.0f, 1.0f), Param("jump", ParameterType::kTrigger),
               Param("crouch", ParameterType::kBool), Param("gear", ParameterType::kInt)},
              {State("Walk", "walk"), State("Run", "run")});
  setup.transitions = {
      Transition("Walk", "Run", {When("speed", ConditionOp::kGreater, 0.5f)}, 0.5f)};
  const Status attached = doc.attach_setup(setup, "test://setup.json");
  ASSERT_TRUE(attached.ok()) << attached.error().to_string();
  ASSERT_EQ(doc.mode(), PlaybackMode::kStateMachine);

  Selection sel;
  BlendPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  ASSERT_TRUE(doc.state_machine()->set_float("speed", 1.0f));
  doc.update(0.1f);
  h.frames(2);  // A transition is running.
  EXPECT_GE(doc.state_machine()->transition().transition, 0);
  doc.update(1.0f);
  h.frames(2);
  // Restart: Walk again, from its start, with speed back at its default.
  ASSERT_EQ(doc.state_machine()->def().states[doc.state_machine()->current_state()].name, "Run");
  doc.set_playing(false);
  ASSERT_TRUE(h.click(panel.rects, "restart"));
  EXPECT_EQ(doc.state_machine()->current_state(), 0);
  EXPECT_EQ(doc.state_machine()->active_states()[0].normalized_time, 0.0f);
  EXPECT_EQ(doc.state_machine()->value(0), setup.parameters[0].default_value);
  EXPECT_TRUE(doc.playing());
}

// --- Inspector ---

TEST(InspectorPanel, ShowsTheSelectedJointAndLinksToItsParent) {
  Harness h;
  Document doc(make_model(), "test://chain");
  Selection sel;
  InspectorPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);  // Nothing selected: a hint.
  EXPECT_EQ(panel.rects.find("parent"), nullptr);
  sel.joint = kHead;
  doc.seek(0.75f);
  h.frames(2);
  ASSERT_TRUE(h.click(panel.rects, "parent"));
  EXPECT_EQ(sel.joint, kSpine);
  sel.joint = kRoot;
  h.frames(2);
  EXPECT_EQ(panel.rects.find("parent"), nullptr);  // A root has none.
}

// The model-space transform is the first table, high in the panel: a panel of 240 pixels (the
// Inspector's height in a small window) shows all of it.
TEST(InspectorPanel, ModelSpaceShowsAboveTheFold) {
  Harness h(ImVec2(300.0f, 240.0f));
  Document doc(make_model(), "test://chain");
  Selection sel;
  sel.joint = kHead;
  InspectorPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  const ItemRect* model_space = panel.rects.find("model_space");
  ASSERT_NE(model_space, nullptr);
  EXPECT_LE(model_space->max.y, 10.0f + 240.0f);  // The harness's window starts at y = 10.
  EXPECT_NE(panel.rects.find("parent"), nullptr);
}

// --- Every panel at once, on ordinary and degenerate models ---

// The animate workspace's panels in one window over one document: the bone tree, the
// Inspector, the clips, the blend panel, the status bar and the timeline.
struct AllPanels {
  Harness h;
  Document doc;
  Selection sel;
  BoneTreePanel tree;
  InspectorPanel inspector;
  ClipsPanel clips;
  TimelinePanel timeline;
  BlendPanel blend;

  // Tall enough that the timeline at the bottom is in sight (clipped items neither draw nor
  // take input).
  AllPanels(const Model& model, int selected_joint)
      : h(ImVec2(1200.0f, 1600.0f)), doc(model, model.source_path) {
    sel.joint = selected_joint;
    // Each in a child window of its own height, as the tool gives each its own window (a
    // panel filling the space left, like the clips' table, gets none at the bottom of another).
    const auto in_child = [](const char* id, float height, const std::function<void()>& draw) {
      if (ImGui::BeginChild(id, ImVec2(0.0f, height), true)) draw();
      ImGui::EndChild();
    };
    h.set_draw([this, in_child] {
      in_child("tree", 200.0f, [this] { testing::draw_panel(tree, doc, sel); });
      in_child("inspector", 400.0f, [this] { testing::draw_panel(inspector, doc, sel); });
      in_child("clips", 150.0f, [this] { testing::draw_panel(clips, doc, sel); });
      in_child("blend", 400.0f, [this] { testing::draw_panel(blend, doc, sel); });
      draw_status_bar(doc, 1.25f);
      in_child("timeline", 150.0f, [this] { testing::draw_panel(timeline, doc, sel); });
    });
    h.frames(3);
  }
  // A user's first moves: click the strip and the play button, then Space, Right and End.
  void poke() {
    if (const ItemRect* strip = timeline.rects.find("strip")) h.click_at(strip->center());
    if (timeline.rects.find("play") != nullptr) h.click(timeline.rects, "play");
    h.press(kSpaceKey);
    h.press(kRightKey);
    h.press(kEndKey);
    doc.update(0.1f);
    h.frames(2);
  }
  bool lists_joint(const std::string& name) const {
    return tree.rects.find("joint:" + name) != nullptr;
  }
  bool lists_clip(const std::string& name) const {
    return clips.rects.find("clip:" + name) != nullptr;
  }
};

// No clips: the tree lists every joint, the clips panel none, nothing plays (the rest pose
// shows) and the status bar counts what the model has.
TEST(Panels, AModelWithoutClipsShowsItsJointsAndPlaysNothing) {
  const Model model = make_model(/*with_clips=*/false);
  AllPanels all(model, kHead);
  all.poke();
  for (const std::string joint : {"root", "spine", "head", "tip", "arm"}) {
    EXPECT_TRUE(all.lists_joint(joint)) << joint;
  }
  EXPECT_FALSE(all.lists_clip("walk"));
  EXPECT_EQ(all.doc.current_clip(), -1);
  ASSERT_EQ(all.doc.local_pose().size(), model.skeleton.joint_count());
  for (std::size_t j = 0; j < model.skeleton.joint_count(); ++j) {
    EXPECT_EQ(all.doc.local_pose()[j].translation, model.skeleton.rest[j].translation) << j;
  }
  const std::string text = all.h.frame_text();
  for (const char* shown : {"5 joints", "3 vertices", "1 triangle", "0 clips", "test://chain"}) {
    EXPECT_NE(text.find(shown), std::string::npos) << shown << " in:\n" << text;
  }
}

// No skeleton, no skin, the vertices zeroed, and a selection left from a previous model: no
// joint is listed or posed, and the status bar says so.
TEST(Panels, AStaticModelListsNoJointsAndKeepsAStaleSelectionHarmless) {
  Model model = make_model(false);
  model.skeleton = Skeleton{};
  model.skin = Skin{};
  for (Vertex& v : model.mesh.vertices) v = Vertex{};
  AllPanels all(model, 3);
  all.poke();
  EXPECT_FALSE(all.lists_joint("root"));
  EXPECT_FALSE(all.lists_clip("walk"));
  EXPECT_TRUE(all.doc.local_pose().empty());
  EXPECT_EQ(all.doc.current_clip(), -1);
  const std::string text = all.h.frame_text();
  EXPECT_NE(text.find("0 joints"), std::string::npos) << text;
  EXPECT_NE(text.find("0 clips"), std::string::npos) << text;
}

// The test model: every joint and both clips listed; the longest clip plays; clicking Play
// pauses it, Space plays again, Right steps a frame (pausing) and End shows the last frame,
// where a paused update leaves it.
TEST(Panels, TheTestModelListsItsJointsAndClipsAndTheTimelineKeysMoveTime) {
  AllPanels all(make_model(), kSpine);
  for (const std::string joint : {"root", "spine", "head", "tip", "arm"}) {
    EXPECT_TRUE(all.lists_joint(joint)) << joint;
  }
  EXPECT_TRUE(all.lists_clip("walk"));
  EXPECT_TRUE(all.lists_clip("run"));
  ASSERT_EQ(all.doc.current_clip(), 0);  // walk, 2 s: the longest.
  EXPECT_TRUE(all.doc.playing());
  all.poke();
  EXPECT_FALSE(all.doc.playing());
  const float end = all.doc.duration();
  const float frame = 1.0f / all.doc.frame_rate();
  EXPECT_GE(all.doc.time(), end - frame - 1e-4f);
  EXPECT_LT(all.doc.time(), end);
  const std::string text = all.h.frame_text();
  for (const char* shown : {"5 joints", "2 clips", "Clip", "walk", "run"}) {
    EXPECT_NE(text.find(shown), std::string::npos) << shown << " in:\n" << text;
  }
}

// A user's session with every panel in one frame loop, sharing one document and selection:
// pick a joint in the tree, scrub the timeline, crossfade to another clip.
TEST(Panels, SelectScrubAndCrossfadeDriveTheDocument) {
  Harness h(ImVec2(1200.0f, 780.0f));
  Document doc(make_model(), "test://chain");  // "walk" (2 s) playing.
  Selection sel;
  BoneTreePanel tree;
  InspectorPanel inspector;
  TimelinePanel timeline;
  BlendPanel blend;
  h.set_draw([&] {
    if (ImGui::BeginChild("tree", ImVec2(300.0f, 250.0f))) testing::draw_panel(tree, doc, sel);
    ImGui::EndChild();
    ImGui::SameLine();
    if (ImGui::BeginChild("inspector", ImVec2(0.0f, 250.0f)))
      testing::draw_panel(inspector, doc, sel);
    ImGui::EndChild();
    if (ImGui::BeginChild("blend", ImVec2(0.0f, 300.0f))) testing::draw_panel(blend, doc, sel);
    ImGui::EndChild();
    if (ImGui::BeginChild("timeline", ImVec2(0.0f, 160.0f)))
      testing::draw_panel(timeline, doc, sel);
    ImGui::EndChild();
  });
  h.frames(2);

  // 1. The head, picked in the tree, is the selection the inspector shows (its parent link
  //    is the spine's: clicking it moves the selection up).
  ASSERT_TRUE(h.click(tree.rects, "joint:head"));
  EXPECT_EQ(sel.joint, kHead);
  h.frames(1);
  ASSERT_TRUE(h.click(inspector.rects, "parent"));
  EXPECT_EQ(sel.joint, kSpine);

  // 2. Scrubbing to three quarters of the strip seeks "walk" there: the root's x is the time.
  ASSERT_NE(timeline.rects.find("strip"), nullptr);
  const ItemRect strip = *timeline.rects.find("strip");
  const float x = std::round(strip.min.x + (strip.max.x - strip.min.x) * 0.75f);
  h.mouse_to(ImVec2(x, strip.center().y));
  h.mouse_button(true);
  h.mouse_button(false);
  const float expected = (x - strip.min.x) / (strip.max.x - strip.min.x) * 2.0f;
  EXPECT_NEAR(doc.time(), expected, 1e-3f);
  EXPECT_NEAR(doc.local_pose()[kRoot].translation.x, expected, 1e-3f);
  EXPECT_EQ(sel.joint, kSpine) << "scrubbing keeps the selection";

  // 3. A linear 0.5 s crossfade to "run": halfway, the root is halfway between the poses.
  blend.crossfade_target = 1;
  blend.crossfade_seconds = 0.5f;
  blend.crossfade_curve = FadeCurve::kLinear;
  ASSERT_TRUE(h.click(blend.rects, "crossfade"));
  ASSERT_TRUE(doc.player().fading());
  EXPECT_EQ(doc.player().clip(), 1);
  EXPECT_EQ(doc.player().fading_from(), 0);
  const float walk_start = doc.local_pose()[kRoot].translation.x;  // Still all "walk".
  const float run_start = doc.player().time();
  doc.update(0.25f);
  EXPECT_NEAR(doc.player().fade_progress(), 0.5f, 1e-4f);
  // walk: x = t (it keeps playing); run: z = 4 t.
  EXPECT_NEAR(doc.local_pose()[kRoot].translation.x, 0.5f * (walk_start + 0.25f), 2e-3f);
  EXPECT_NEAR(doc.local_pose()[kRoot].translation.z, 0.5f * 4.0f * (run_start + 0.25f), 2e-3f);
  doc.update(0.3f);
  EXPECT_FALSE(doc.player().fading());
  h.frames(2);
  EXPECT_EQ(sel.joint, kSpine);
}

// One line: the model's counts, the CPU time, the mode and the path, with a notice before it.
TEST(StatusBar, ShowsTheModelTheModeAndANoticeOnOneLine) {
  Harness h(ImVec2(1200.0f, 40.0f));
  Document doc(make_model(), "test://chain");
  std::string notice;
  h.set_draw([&] { draw_status_bar(doc, 2.5f, notice); });
  h.frames(2);
  std::string text = h.frame_text();
  for (const char* shown :
       {"2.50 ms CPU", "5 joints", "3 vertices", "1 triangle", "2 clips", "Clip", "test://chain"}) {
    EXPECT_NE(text.find(shown), std::string::npos) << shown << " in:\n" << text;
  }
  // One row: the log starts no new line.
  EXPECT_EQ(text.find('\n'), std::string::npos) << text;
  notice = "Also loaded 2 clip files";
  text = h.frame_text();
  EXPECT_LT(text.find(notice), text.find("test://chain")) << text;
}

// A notice longer than the line is cut short with "..." and leaves the path room: it used to run
// off the window's edge, taking the path with it.
TEST(StatusBar, ALongNoticeIsCutShortAndThePathStaysOnTheLine) {
  Harness h(ImVec2(900.0f, 40.0f));
  Document doc(make_model(), "test://chain");
  std::string notice = "Also loaded";
  for (int i = 0; i < 40; ++i) notice += " clip_file_" + std::to_string(i) + ".bvh";
  h.set_draw([&] { draw_status_bar(doc, 2.5f, notice); });
  h.frames(2);
  const std::string text = h.frame_text();
  EXPECT_NE(text.find("Also loaded clip_file_0.bvh"), std::string::npos) << text;
  EXPECT_NE(text.find("..."), std::string::npos) << text;
  EXPECT_EQ(text.find("clip_file_39"), std::string::npos) << text;
  EXPECT_NE(text.find("test://chain"), std::string::npos) << text;
}

// A path too long for the line loses its start, not its file's name.
TEST(StatusBar, ALongPathKeepsItsFileName) {
  Harness h(ImVec2(900.0f, 40.0f));
  std::string path = "/models";
  for (int i = 0; i < 12; ++i) path += "/folder_" + std::to_string(i) + "_of_a_deep_tree";
  path += "/Hero.fbx";
  Document doc(make_model(), path);
  h.set_draw([&] { draw_status_bar(doc, 2.5f); });
  h.frames(2);
  const std::string text = h.frame_text();
  const std::size_t dots = text.rfind("...");
  ASSERT_NE(dots, std::string::npos) << text;
  EXPECT_NE(text.find("folder_11_of_a_deep_tree/Hero.fbx", dots), std::string::npos) << text;
  EXPECT_EQ(text.find("/models/folder_0"), std::string::npos) << text;
}

}  // namespace
}  // namespace anim::ui

namespace anim::ui {
namespace {

// Once a 1D blend stops (a clip is played), its weight plots used to vanish at once. They stay,
// each line decaying to what plays now: walk to 0, run to 1.
TEST(BlendPanel, WeightPlotsStayWhenABlendStops) {
  testing::ImGuiHarness h(ImVec2(420.0f, 900.0f));
  Document doc(make_model(), "test://chain");
  Selection sel;
  BlendPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  ASSERT_TRUE(doc.start_blend({0, 1}, {0.0f, 1.0f}));
  doc.blend().parameter.rate = 0.0f;
  doc.blend().parameter.target = 0.5f;
  for (int i = 0; i < 5; ++i) {
    doc.update(1.0f / 60.0f);
    h.frame();
  }
  EXPECT_NE(panel.rects.find("weight:clip 0"), nullptr);
  EXPECT_NE(panel.rects.find("weight:clip 1"), nullptr);
  ASSERT_TRUE(doc.play_clip(1));  // The blend stops: run plays alone.
  for (int i = 0; i < 5; ++i) {
    doc.update(1.0f / 60.0f);
    h.frame();
  }
  ASSERT_NE(panel.rects.find("weight:clip 0"), nullptr) << "walk's plot vanished";
  ASSERT_NE(panel.rects.find("weight:clip 1"), nullptr) << "run's plot vanished";
  EXPECT_EQ(doc.weight_history(0).back(), 0.0f);            // walk decayed to what plays
  EXPECT_NEAR(doc.weight_history(0).front(), 0.5f, 1e-5f);  // and still shows the blend.
  EXPECT_EQ(doc.weight_history(1).back(), 1.0f);
}

// The Blend panel's widgets keep their places whatever plays: before, during and after a
// crossfade, and while a 1D blend runs or not (the rows that come and go have their places kept).
TEST(BlendPanel, WidgetsStayPutThroughACrossfadeAndABlend) {
  testing::ImGuiHarness h(ImVec2(420.0f, 1100.0f));
  Document doc(make_model(), "test://chain");
  Selection sel;
  BlendPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  const std::vector<std::string> names = {"crossfade",   "start_blend", "stop_blend",
                                          "blend_param", "shift_ramp",  "blend_weights"};
  std::vector<ItemRect> before;
  for (const std::string& name : names) {
    ASSERT_NE(panel.rects.find(name), nullptr) << name;
    before.push_back(*panel.rects.find(name));
  }
  auto expect_same = [&](const char* when) {
    for (std::size_t i = 0; i < names.size(); ++i) {
      const ItemRect* now = panel.rects.find(names[i]);
      ASSERT_NE(now, nullptr) << names[i] << " " << when;
      EXPECT_FLOAT_EQ(now->min.x, before[i].min.x) << names[i] << " " << when;
      EXPECT_FLOAT_EQ(now->min.y, before[i].min.y) << names[i] << " " << when;
      EXPECT_FLOAT_EQ(now->max.y, before[i].max.y) << names[i] << " " << when;
    }
  };
  panel.crossfade_target = 1;
  panel.crossfade_seconds = 0.5f;
  ASSERT_TRUE(h.click(panel.rects, "crossfade"));
  ASSERT_TRUE(doc.player().fading());
  doc.update(0.1f);
  h.frames(2);
  expect_same("during the fade");
  doc.update(1.0f);
  h.frames(2);
  ASSERT_FALSE(doc.player().fading());
  expect_same("after the fade, its plots shown");
  ASSERT_TRUE(h.click(panel.rects, "start_blend"));
  ASSERT_EQ(doc.mode(), PlaybackMode::kBlend1D);
  doc.update(0.1f);
  h.frames(2);
  expect_same("while the blend runs");
}

// Phase sync: the target starts at the playing clip's normalized time. Walk (2 s) at 0.5 s is a
// quarter through: run (1 s) starts at 0.25 s; without it, at 0.
TEST(BlendPanel, PhaseSyncStartsTheTargetAtTheSourcesPhase) {
  testing::ImGuiHarness h(ImVec2(420.0f, 1100.0f));
  Document doc(make_model(), "test://chain");
  Selection sel;
  BlendPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  ASSERT_EQ(doc.current_clip(), 0);
  doc.set_playing(false);
  doc.seek(0.5f);
  panel.crossfade_target = 1;
  panel.crossfade_seconds = 0.5f;
  ASSERT_TRUE(h.click(panel.rects, "crossfade_sync"));
  ASSERT_TRUE(panel.crossfade_sync);
  ASSERT_TRUE(h.click(panel.rects, "crossfade"));
  EXPECT_EQ(doc.player().clip(), 1);
  EXPECT_NEAR(doc.player().time(), 0.25f, 1e-5f);
  // Back to walk without sync: from its start.
  ASSERT_TRUE(h.click(panel.rects, "crossfade_sync"));
  panel.crossfade_target = 0;
  ASSERT_TRUE(h.click(panel.rects, "crossfade"));
  EXPECT_EQ(doc.player().clip(), 0);
  EXPECT_FLOAT_EQ(doc.player().time(), 0.0f);
}

// Stop beside Start: disabled until the blend runs; then it fades (the Crossfade section's way)
// to the clip that weighs the most.
TEST(BlendPanel, StopEndsTheBlendOnItsHeaviestClip) {
  testing::ImGuiHarness h(ImVec2(420.0f, 1100.0f));
  Document doc(make_model(), "test://chain");
  Selection sel;
  BlendPanel panel;
  h.set_draw([&] { testing::draw_panel(panel, doc, sel); });
  h.frames(2);
  ASSERT_TRUE(h.click(panel.rects, "stop_blend"));  // Disabled: nothing happens.
  EXPECT_EQ(doc.mode(), PlaybackMode::kClip);
  EXPECT_EQ(doc.current_clip(), 0);
  ASSERT_TRUE(h.click(panel.rects, "start_blend"));
  ASSERT_EQ(doc.mode(), PlaybackMode::kBlend1D);
  doc.blend().parameter.rate = 0.0f;
  doc.blend().parameter.target = doc.blend().parameter.value = 0.8f;  // Run weighs 0.8.
  doc.update(0.05f);
  h.frames(2);
  ASSERT_TRUE(h.click(panel.rects, "stop_blend"));
  EXPECT_EQ(doc.mode(), PlaybackMode::kClip);
  EXPECT_EQ(doc.player().clip(), 1);
  EXPECT_TRUE(doc.player().fading());
}

}  // namespace
}  // namespace anim::ui
