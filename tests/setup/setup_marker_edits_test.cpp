// Edits of a clip's sync markers (marker_edits.h): each lands where the setup keeps the clip's
// markers (its "clips" entry, or the animation entry that gives the clip) and the result
// validates. "walk" is the model's own clip; "jog" comes from an animation entry ("as").
#include "anim/setup/marker_edits.h"

#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "anim/setup/setup.h"
#include "support/setups.h"

namespace anim::setup {
namespace {

using namespace ::anim::testutil;
using ::testing::ElementsAre;

const std::vector<std::string> kClips = {"walk", "jog"};
const std::vector<float> kLengths = {2.0f, 1.0f};

SetupMarker Marker(const std::string& name, float time) { return {name, time, {}}; }

// States on both clips; "jog" is the one clip of jog.bvh.
setup::Setup Gaits() {
  setup::Setup s = SetupOf("gaits.x", {}, {State("Walk", "walk"), State("Jog", "jog")});
  SetupAnimation jog;
  jog.file = "jog.bvh";
  jog.alias = "jog";
  s.animations = {jog};
  return s;
}

// "name@time" for each marker, for readable comparisons.
std::vector<std::string> Listed(const setup::Setup& s, const std::string& clip) {
  std::vector<std::string> out;
  for (const SetupMarker& m : clip_markers(s, clip)) {
    out.push_back(m.name + "@" + std::to_string(m.time).substr(0, 4));
  }
  return out;
}

std::vector<std::string> Errors(const setup::Setup& s) {
  std::vector<std::string> found;
  for (const Diagnostic& d : validate_setup(s, kClips, kLengths)) {
    if (d.severity == Diagnostic::Severity::kError) found.push_back(d.pointer + ": " + d.message);
  }
  return found;
}

TEST(SetupMarkerEdits, ClipMarkersAreReadFromEitherPlace) {
  setup::Setup s = Gaits();
  EXPECT_TRUE(clip_markers(s, "walk").empty());
  s.clips = {{"walk", {Marker("L", 0.5f)}, {}}};
  s.animations[0].markers = {Marker("R", 0.25f)};
  EXPECT_THAT(Listed(s, "walk"), ElementsAre("L@0.50"));
  EXPECT_THAT(Listed(s, "jog"), ElementsAre("R@0.25"));
  // A "clips" entry for jog with none is no place for them: the entry's are read.
  s.clips.push_back({"jog", {}, {}});
  EXPECT_THAT(Listed(s, "jog"), ElementsAre("R@0.25"));
}

TEST(SetupMarkerEdits, AddingToAModelClipAddsAClipsEntryAndAlternatesFeet) {
  setup::Setup s = Gaits();
  EXPECT_EQ(add_marker(s, "walk", 0.5f, 2.0f), 0);
  EXPECT_EQ(add_marker(s, "walk", 1.5f, 2.0f), 1);
  EXPECT_EQ(add_marker(s, "walk", 9.0f, 2.0f, "X"), 2);  // Clamped to the end.
  ASSERT_EQ(s.clips.size(), 1u);
  EXPECT_EQ(s.clips[0].name, "walk");
  EXPECT_THAT(Listed(s, "walk"), ElementsAre("L@0.50", "R@1.50", "X@2.00"));
  EXPECT_TRUE(Errors(s).empty());
}

TEST(SetupMarkerEdits, TheDefaultNameFollowsTheMarkerBeforeAroundTheLoop) {
  setup::Setup s = Gaits();
  EXPECT_EQ(next_marker_name(s, "walk", 1.0f), "L");  // None yet.
  s.clips = {{"walk", {Marker("R", 1.0f), Marker("L", 1.6f)}, {}}};
  EXPECT_EQ(next_marker_name(s, "walk", 1.2f), "L");  // After the R.
  EXPECT_EQ(next_marker_name(s, "walk", 1.8f), "R");  // After the L.
  EXPECT_EQ(next_marker_name(s, "walk", 0.2f), "R");  // Before both: after the loop's last, L.
}

TEST(SetupMarkerEdits, AddingToAnAnimationEntrysClipWritesIntoTheEntry) {
  setup::Setup s = Gaits();
  EXPECT_EQ(add_marker(s, "jog", 0.25f, 1.0f), 0);
  EXPECT_TRUE(s.clips.empty());
  ASSERT_EQ(s.animations[0].markers.size(), 1u);
  EXPECT_EQ(s.animations[0].markers[0].name, "L");
  EXPECT_TRUE(Errors(s).empty());
}

TEST(SetupMarkerEdits, EditingMarkersGivenInClipsBesideAnEntryMovesThemIntoTheEntry) {
  // Valid as it is (the entry has none); the edit writes where the rule says, and the "clips"
  // entry, which said nothing else, goes.
  setup::Setup s = Gaits();
  s.clips = {{"jog", {Marker("L", 0.2f), Marker("R", 0.7f)}, {}}};
  ASSERT_TRUE(Errors(s).empty());
  EXPECT_TRUE(move_marker(s, "jog", 1, 0.6f, 1.0f));
  EXPECT_TRUE(s.clips.empty());
  EXPECT_THAT(Listed(s, "jog"), ElementsAre("L@0.20", "R@0.60"));
  EXPECT_EQ(s.animations[0].markers.size(), 2u);
  EXPECT_TRUE(Errors(s).empty());
}

TEST(SetupMarkerEdits, AClipsEntryWithFieldsOfItsOwnStaysWithoutMarkers) {
  setup::Setup s = Gaits();
  s.clips = {{"jog", {Marker("L", 0.2f)}, {{"note", "keep"}}}};
  EXPECT_TRUE(rename_marker(s, "jog", 0, "Left"));
  ASSERT_EQ(s.clips.size(), 1u);
  EXPECT_TRUE(s.clips[0].markers.empty());
  EXPECT_EQ(s.clips[0].extra["note"], "keep");
  EXPECT_THAT(Listed(s, "jog"), ElementsAre("Left@0.20"));
  EXPECT_TRUE(Errors(s).empty());
}

TEST(SetupMarkerEdits, MoveClampsToTheClipAndKeepsTheIndex) {
  setup::Setup s = Gaits();
  add_marker(s, "walk", 0.5f, 2.0f);
  add_marker(s, "walk", 1.0f, 2.0f);
  EXPECT_TRUE(move_marker(s, "walk", 0, 5.0f, 2.0f));
  EXPECT_THAT(Listed(s, "walk"), ElementsAre("L@2.00", "R@1.00"));
  EXPECT_TRUE(move_marker(s, "walk", 0, -1.0f, 2.0f));
  EXPECT_THAT(Listed(s, "walk"), ElementsAre("L@0.00", "R@1.00"));
  EXPECT_FALSE(move_marker(s, "walk", 0, 0.0f, 2.0f));  // No change.
  EXPECT_FALSE(move_marker(s, "walk", 2, 1.0f, 2.0f));
  EXPECT_FALSE(move_marker(s, "jog", 0, 0.5f, 1.0f));  // Jog has none.
  EXPECT_TRUE(Errors(s).empty());
}

TEST(SetupMarkerEdits, RenameRefusesAnEmptyNameAndBadIndices) {
  setup::Setup s = Gaits();
  add_marker(s, "walk", 0.5f, 2.0f);
  EXPECT_FALSE(rename_marker(s, "walk", 0, ""));
  EXPECT_FALSE(rename_marker(s, "walk", 0, "L"));  // No change.
  EXPECT_FALSE(rename_marker(s, "walk", -1, "R"));
  EXPECT_TRUE(rename_marker(s, "walk", 0, "R"));
  EXPECT_THAT(Listed(s, "walk"), ElementsAre("R@0.50"));
  EXPECT_TRUE(Errors(s).empty());
}

TEST(SetupMarkerEdits, RemoveTakesOneMarkerFromWhereTheyAre) {
  setup::Setup s = Gaits();
  s.animations[0].markers = {Marker("L", 0.2f), Marker("R", 0.7f)};
  EXPECT_TRUE(remove_marker(s, "jog", 0));
  EXPECT_THAT(Listed(s, "jog"), ElementsAre("R@0.70"));
  EXPECT_FALSE(remove_marker(s, "jog", 1));
  EXPECT_TRUE(remove_marker(s, "jog", 0));
  EXPECT_TRUE(s.animations[0].markers.empty());
  EXPECT_TRUE(s.clips.empty());
  EXPECT_TRUE(Errors(s).empty());
}

TEST(SetupMarkerEdits, ReplaceSortsRoundsAndClampsAndFixesMarkersGivenTwice) {
  setup::Setup s = Gaits();
  // Invalid: jog's markers in both places.
  s.clips = {{"jog", {Marker("X", 0.1f)}, {}}};
  s.animations[0].markers = {Marker("Y", 0.3f)};
  ASSERT_FALSE(Errors(s).empty());
  EXPECT_TRUE(replace_clip_markers(
      s, "jog", {Marker("R", 0.61666627f), Marker("L", 0.1f), Marker("L", 3.0f)}, 1.0f));
  EXPECT_TRUE(s.clips.empty());
  ASSERT_EQ(s.animations[0].markers.size(), 3u);
  EXPECT_EQ(s.animations[0].markers[0].name, "L");
  EXPECT_FLOAT_EQ(s.animations[0].markers[1].time, 0.6167f);
  EXPECT_FLOAT_EQ(s.animations[0].markers[2].time, 1.0f);
  EXPECT_TRUE(Errors(s).empty());
  // The same again changes nothing; none at all empties the clip.
  EXPECT_FALSE(replace_clip_markers(
      s, "jog", {Marker("R", 0.61666627f), Marker("L", 0.1f), Marker("L", 3.0f)}, 1.0f));
  EXPECT_TRUE(replace_clip_markers(s, "jog", {}, 1.0f));
  EXPECT_TRUE(clip_markers(s, "jog").empty());
}

TEST(SetupMarkerEdits, ReplacingNothingForAClipWithoutAnEntryAddsNone) {
  setup::Setup s = Gaits();
  EXPECT_FALSE(replace_clip_markers(s, "walk", {}, 2.0f));
  EXPECT_TRUE(s.clips.empty());
}

}  // namespace
}  // namespace anim::setup
