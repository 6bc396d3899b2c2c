// Sync markers in setups: where they are given ("clips", an animation entry), their checks, what
// syncs on them, and their runtime form; dead blends' half-lives.
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "anim/clip.h"
#include "anim/setup/from_machine.h"
#include "anim/setup/setup.h"
#include "support/matchers.h"
#include "support/setups.h"

namespace anim::setup {
namespace {

using namespace ::anim::testutil;

const std::vector<std::string> kClips = {"walk", "run"};
const std::vector<float> kLengths = {1.2f, 0.8f};

SetupMarker Marker(const std::string& name, float time) { return {name, time, {}}; }

// Walk and Run states, a blend space "move" over them, and a transition Walk -> Run.
setup::Setup Locomotion() {
  setup::Setup s = SetupOf("wuson.x", {Param("speed", ParameterType::kFloat)},
                           {State("Walk", "walk"), State("Run", "run"), State("Move", "move")});
  s.blend_spaces = {Space("move", "speed", {Point("walk", 0.0f), Point("run", 1.0f)})};
  s.transitions = {Transition("Walk", "Run", {When("speed", ConditionOp::kGreater, 0.5f)}),
                   Transition("Walk", "Move", {When("speed", ConditionOp::kLess, 0.1f)}),
                   Transition("Move", "Walk", {When("speed", ConditionOp::kGreater, 0.9f)}),
                   Transition("Run", "Walk", {When("speed", ConditionOp::kLess, 0.2f)})};
  return s;
}

std::vector<std::string> Found(const setup::Setup& s, Diagnostic::Severity severity) {
  std::vector<std::string> found;
  for (const Diagnostic& d : validate_setup(s, kClips, kLengths)) {
    if (d.severity == severity) found.push_back(d.pointer + ": " + d.message);
  }
  return found;
}

TEST(SetupMarkersTest, ValidationFindsMarkersThatNameNoClipTime) {
  setup::Setup s = Locomotion();
  s.clips = {{"walk", {Marker("L", 0.3f), Marker("R", 1.3f), Marker("", 0.5f)}, {}},
             {"wakl", {Marker("L", 0.1f)}, {}},
             {"run", {Marker("R", -0.1f)}, {}},
             {"walk", {Marker("X", 0.1f)}, {}},
             {"run", {}, {}}};  // No markers: no second place for them.
  s.animations = {{"extra.bvh", std::nullopt, std::nullopt, {}, {}, true, {Marker("L", 0.2f)}}};
  EXPECT_THAT(
      Found(s, Diagnostic::Severity::kError),
      ElementsAre("/clips/0/markers/1/time: time 1.3 s is past the end of clip \"walk\" (1.2 s)",
                  "/clips/0/markers/2/name: marker name is empty",
                  "/clips/1/name: unknown clip \"wakl\" (did you mean \"walk\"?)",
                  "/clips/2/markers/0/time: negative time -0.1",
                  "/clips/3: markers of clip \"walk\" are given twice (first at /clips/0)",
                  "/animations/0/markers: markers belong to one clip: give the entry its "
                  "\"clip\" or \"as\""));
}

TEST(SetupMarkersTest, AnAnimationEntryGivesTheMarkersOfItsClip) {
  setup::Setup s = Locomotion();
  s.animations = {
      {"run.bvh", std::string("Take 001"), std::string("run"), {}, {}, true, {Marker("R", 0.1f)}}};
  s.clips = {{"run", {Marker("L", 0.5f)}, {}}};
  EXPECT_THAT(Found(s, Diagnostic::Severity::kError),
              ElementsAre("/animations/0: markers of clip \"run\" are given twice (first at "
                          "/clips/0)"));
  s.clips.clear();
  EXPECT_THAT(Found(s, Diagnostic::Severity::kError), IsEmpty());
}

TEST(SetupMarkersTest, SyncOnClipsWithoutMarkersIsAWarning) {
  setup::Setup s = Locomotion();
  s.clips = {{"walk", {Marker("L", 0.3f)}, {}}};
  s.blend_spaces[0].sync = SyncMode::kMarkers;
  s.transitions[0].sync = SyncMode::kMarkers;  // Walk -> Run: the run has none.
  s.transitions[2].sync = SyncMode::kMarkers;  // Move -> Walk: the move's run has none.
  EXPECT_THAT(Found(s, Diagnostic::Severity::kError), IsEmpty());
  EXPECT_THAT(
      Found(s, Diagnostic::Severity::kWarning),
      ::testing::IsSupersetOf({"/blend_spaces/0/sync: clip \"run\" has no sync markers: it follows "
                               "normalized time",
                               "/transitions/0/sync: clip \"run\" has no sync markers: it follows "
                               "normalized time",
                               "/transitions/2/sync: clip \"run\" has no sync markers: it follows "
                               "normalized time"}));
  s.clips.push_back({"run", {Marker("L", 0.5f)}, {}});
  for (const std::string& w : Found(s, Diagnostic::Severity::kWarning)) {
    EXPECT_THAT(w, Not(HasSubstr("sync markers")));
  }
}

TEST(SetupMarkersTest, HalfLifeMustBePositive) {
  setup::Setup s = Locomotion();
  s.transitions[0].blend = TransitionBlend::kDeadBlend;
  s.transitions[0].half_life = 0.0f;
  s.transitions[1].half_life = -1.0f;
  s.transitions[2].half_life = std::nanf("");
  EXPECT_THAT(Found(s, Diagnostic::Severity::kError),
              ElementsAre("/transitions/0/half_life: half-life 0 is not above 0",
                          "/transitions/1/half_life: half-life -1 is not above 0",
                          "/transitions/2/half_life: half-life is not a finite number"));
}

std::vector<Clip> Clips() {
  std::vector<Clip> clips;
  for (std::size_t i = 0; i < kClips.size(); ++i) {
    ClipBuilder b(kClips[i], kLengths[i], 1);
    b.add_translation(0, 0.0f, {0, 0, 0});
    clips.push_back(b.build());
  }
  return clips;
}

TEST(SetupMarkersTest, CompileSortsMarkersByClipThenTimeAndNamesThemOnce) {
  setup::Setup s = Locomotion();
  s.clips = {{"walk", {Marker("R", 0.9f), Marker("L", 0.3f)}, {}}};
  s.animations = {{"run.bvh",
                   std::nullopt,
                   std::string("run"),
                   {},
                   {},
                   true,
                   {Marker("L", 0.5f), Marker("R", 0.1f)}}};
  s.blend_spaces[0].sync = SyncMode::kMarkers;
  s.transitions[0].sync = SyncMode::kMarkers;
  s.transitions[0].blend = TransitionBlend::kDeadBlend;
  s.transitions[0].half_life = 0.2f;
  const Result<StateMachineDef> def = compile_setup(s, Clips());
  ASSERT_TRUE(def.ok()) << def.error().to_string();
  const StateMachineDef& d = def.value();
  EXPECT_THAT(d.marker_names, ElementsAre("R", "L"));  // In order of first use.
  std::vector<std::string> markers;
  for (const SyncMarkerDef& m : d.markers) {
    markers.push_back(std::to_string(m.clip) + ":" + d.marker_names[m.name] + "@" +
                      std::to_string(m.time).substr(0, 3));
  }
  EXPECT_THAT(markers, ElementsAre("0:L@0.3", "0:R@0.9", "1:R@0.1", "1:L@0.5"));
  EXPECT_EQ(d.blend_spaces[0].sync, SyncMode::kMarkers);
  EXPECT_EQ(d.transitions[0].sync, SyncMode::kMarkers);
  EXPECT_EQ(d.transitions[1].sync, SyncMode::kNormalized);
  EXPECT_EQ(d.transitions[0].blend, TransitionBlend::kDeadBlend);
  EXPECT_EQ(d.transitions[0].half_life, 0.2f);

  // Back to a setup: the markers by clip, the syncs and the half-life as they were.
  const setup::Setup back = setup_from_machine(d, kClips, "wuson.x");
  ASSERT_EQ(back.clips.size(), 2u);
  EXPECT_EQ(back.clips[0].name, "walk");
  EXPECT_EQ(back.clips[1].name, "run");
  EXPECT_EQ(back.clips[1].markers[0].name, "R");
  EXPECT_EQ(back.clips[1].markers[0].time, 0.1f);
  EXPECT_EQ(back.blend_spaces[0].sync, SyncMode::kMarkers);
  EXPECT_EQ(back.transitions[0].sync, SyncMode::kMarkers);
  EXPECT_EQ(back.transitions[0].half_life, 0.2f);
  const Result<StateMachineDef> again = compile_setup(back, Clips());
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(again.value().markers.size(), d.markers.size());
}

}  // namespace
}  // namespace anim::setup
