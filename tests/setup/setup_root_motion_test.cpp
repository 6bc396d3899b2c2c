// The setup's "root_motion" (issue 25): its JSON form, defaults, round trip, and every wrong shape
// reported with its pointer.
#include <algorithm>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "anim/setup/root_motion.h"
#include "anim/setup/setup.h"

namespace anim::setup {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;

// A locomotion setup on two clips, with `root_motion` (JSON text, or empty for none) at the top.
std::string document(const std::string& root_motion, const std::string& idle_state_extra = "",
                     const std::string& animation_extra = "") {
  return R"({
  "format": "animscope.setup",
  "version": 3,
  "model": "m.x",
  "animations": [
    {
      "file": "idle.bvh")" +
         animation_extra + R"(
    }
  ],)" + (root_motion.empty() ? "" : "\n  \"root_motion\": " + root_motion + ",") +
         R"(
  "parameters": [],
  "blend_spaces": [],
  "states": [
    {
      "name": "Idle",
      "motion": "idle",
      "speed": 1,
      "loop": true)" +
         idle_state_extra + R"(
    },
    {
      "name": "Walk",
      "motion": "walk",
      "speed": 1,
      "loop": true
    }
  ],
  "default_state": "Idle",
  "transitions": [],
  "editor": {}
}
)";
}

setup::Setup parse_ok(const std::string& text) {
  std::vector<Diagnostic> problems;
  Result<setup::Setup> setup = parse_setup(text, "s.json", &problems);
  EXPECT_TRUE(setup.ok()) << (setup.ok() ? "" : setup.error().to_string());
  return setup.ok() ? std::move(setup).value() : setup::Setup{};
}

// Each problem as "pointer: message".
std::vector<std::string> problems_of(const std::string& text) {
  std::vector<Diagnostic> problems;
  EXPECT_FALSE(parse_setup(text, "s.json", &problems).ok());
  std::vector<std::string> out;
  for (const Diagnostic& d : problems) out.push_back(d.pointer + ": " + d.message);
  return out;
}

std::vector<Diagnostic> errors(std::vector<Diagnostic> found) {
  found.erase(std::remove_if(
                  found.begin(), found.end(),
                  [](const Diagnostic& d) { return d.severity != Diagnostic::Severity::kError; }),
              found.end());
  return found;
}

TEST(SetupRootMotion, AbsentMeansTheCharacterDoesNotMove) {
  const setup::Setup setup = parse_ok(document(""));
  EXPECT_FALSE(setup.root_motion.has_value());
  EXPECT_TRUE(setup.states[0].root_motion);
  EXPECT_TRUE(setup.animations[0].root_motion);
  EXPECT_EQ(to_json_text(setup), document("")) << "old files save as they were";
}

TEST(SetupRootMotion, ReadsEveryField) {
  const std::string text =
      document(R"({
    "joint": "Hips",
    "translation": "xyz",
    "rotation": "none"
  })",
               ",\n      \"root_motion\": false", ",\n      \"root_motion\": false");
  const setup::Setup setup = parse_ok(text);
  ASSERT_TRUE(setup.root_motion.has_value());
  EXPECT_EQ(setup.root_motion->joint, std::optional<std::string>("Hips"));
  EXPECT_EQ(setup.root_motion->translation, std::optional<std::string>("xyz"));
  EXPECT_FALSE(setup.root_motion->yaw);
  EXPECT_FALSE(setup.states[0].root_motion);
  EXPECT_TRUE(setup.states[1].root_motion);
  EXPECT_FALSE(setup.animations[0].root_motion);
  EXPECT_EQ(to_json_text(setup), text) << "canonical: load, save, load gives the same bytes";
}

TEST(SetupRootMotion, AnEmptyObjectTakesTheDefaults) {
  const setup::Setup setup = parse_ok(document("{}"));
  ASSERT_TRUE(setup.root_motion.has_value());
  EXPECT_FALSE(setup.root_motion->joint.has_value()) << "the topmost animated joint";
  EXPECT_FALSE(setup.root_motion->translation.has_value()) << "across the model's up axis";
  EXPECT_TRUE(setup.root_motion->yaw);
  // Written with its rotation, which says what the default was.
  EXPECT_THAT(to_json_text(setup), HasSubstr("\"root_motion\": {\n    \"rotation\": \"yaw\"\n  }"));
  EXPECT_EQ(to_json_text(parse_ok(to_json_text(setup))), to_json_text(setup));
}

TEST(SetupRootMotion, NoAxesIsAllowed) {
  const setup::Setup setup = parse_ok(document(R"({"translation": ""})"));
  EXPECT_EQ(setup.root_motion->translation, std::optional<std::string>(""));
}

TEST(SetupRootMotion, KeepsUnknownFields) {
  const setup::Setup setup = parse_ok(document(R"({"rotation": "yaw", "smoothing": 0.5})"));
  EXPECT_EQ(setup.root_motion->extra, Json::parse(R"({"smoothing": 0.5})"));
  EXPECT_THAT(to_json_text(setup), HasSubstr("\"smoothing\": 0.5"));
}

TEST(SetupRootMotion, EveryWrongShapeIsReportedWithItsPointer) {
  EXPECT_THAT(problems_of(document(R"({"translation": "q"})")),
              Contains(HasSubstr("/root_motion/translation: expected the axes to move along")));
  EXPECT_THAT(problems_of(document(R"({"translation": "xx"})")),
              Contains(HasSubstr("/root_motion/translation: expected the axes")));
  EXPECT_THAT(problems_of(document(R"({"translation": "XZ"})")),
              Contains(HasSubstr("/root_motion/translation: expected the axes")));
  EXPECT_THAT(problems_of(document(R"({"translation": 2})")),
              Contains("/root_motion/translation: expected a string"));
  EXPECT_THAT(problems_of(document(R"({"rotation": "roll"})")),
              Contains("/root_motion/rotation: expected \"yaw\" (the turn about the up axis) or "
                       "\"none\", got \"roll\""));
  EXPECT_THAT(problems_of(document(R"({"joint": ""})")),
              Contains("/root_motion/joint: must not be empty"));
  EXPECT_THAT(problems_of(document(R"({"joint": 7})")),
              Contains("/root_motion/joint: expected a string"));
  EXPECT_THAT(problems_of(document("true")),
              Contains(HasSubstr("/root_motion: expected an object")));
  EXPECT_THAT(problems_of(document("", ",\n      \"root_motion\": \"no\"")),
              Contains("/states/0/root_motion: expected true or false"));
  EXPECT_THAT(problems_of(document("", "", ",\n      \"root_motion\": 0")),
              Contains("/animations/0/root_motion: expected true or false"));
}

TEST(SetupRootMotion, AnUnknownJointIsAValidationErrorWithASuggestion) {
  const setup::Setup setup = parse_ok(document(R"({"joint": "hips"})"));
  const std::vector<std::string> clips = {"idle", "walk"};
  const std::vector<Diagnostic> found =
      errors(validate_setup(setup, clips, {}, {"Root", "Hips", "Spine"}));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].severity, Diagnostic::Severity::kError);
  EXPECT_EQ(found[0].pointer, "/root_motion/joint");
  EXPECT_THAT(found[0].message, HasSubstr("unknown joint \"hips\""));
  EXPECT_THAT(found[0].message, HasSubstr("Hips"));
  // A known joint, or no skeleton to check against: nothing to say.
  EXPECT_TRUE(errors(validate_setup(parse_ok(document(R"({"joint": "Hips"})")), clips, {},
                                    {"Root", "Hips", "Spine"}))
                  .empty());
  EXPECT_TRUE(errors(validate_setup(setup, clips)).empty());
}

// Root -> Hips -> Leg; "walk" moves the hips 2 along x and 1 along z over 1 s, "idle" (from the
// first "animations" entry) sways them 0.5 along x, "wave" moves only the leg.
Model walker(FileUpAxis up = {}) {
  Model m;
  m.skeleton.names = {"Root", "Hips", "Leg"};
  m.skeleton.parents = {-1, 0, 1};
  m.skeleton.rest.resize(3);
  ClipBuilder walk("walk", 1.0f, 3), idle("idle", 1.0f, 3), wave("wave", 1.0f, 3);
  walk.add_translation(1, 0.0f, {0, 0, 0});
  walk.add_translation(1, 1.0f, {2, 0.3f, 1});
  idle.add_translation(1, 0.0f, {0, 0, 0});
  idle.add_translation(1, 1.0f, {0.5f, 0, 0});
  wave.add_rotation(2, 0.0f, glm::quat(1, 0, 0, 0));
  wave.add_rotation(2, 1.0f, glm::angleAxis(1.0f, glm::vec3(1, 0, 0)));
  m.clips = {walk.build(), idle.build(), wave.build()};
  ClipSource from_file;
  from_file.clip = 1;
  from_file.file = "idle.bvh";
  from_file.entry = 0;
  m.clip_sources = {from_file};
  m.up_axis = up;
  return m;
}

TEST(SetupRootMotion, SettingsDefaultToTheTopmostAnimatedJointAndTheGroundPlane) {
  Result<std::optional<RootMotionSettings>> s =
      root_motion_settings(parse_ok(document("{}")), walker());
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  ASSERT_TRUE(s.value().has_value());
  EXPECT_EQ(s.value()->joint, 1);  // Hips: the root is never keyed.
  EXPECT_TRUE(s.value()->axes[0]);
  EXPECT_FALSE(s.value()->axes[1]);
  EXPECT_TRUE(s.value()->axes[2]);
  EXPECT_EQ(s.value()->up, glm::vec3(0, 1, 0));
  EXPECT_TRUE(s.value()->yaw);
  // A Z-up file extracts along x and y, and turns about z.
  s = root_motion_settings(parse_ok(document("{}")), walker(FileUpAxis{2, 1}));
  ASSERT_TRUE(s.ok());
  EXPECT_TRUE(s.value()->axes[0]);
  EXPECT_TRUE(s.value()->axes[1]);
  EXPECT_FALSE(s.value()->axes[2]);
  EXPECT_EQ(s.value()->up, glm::vec3(0, 0, 1));
  // Named axes and joint are taken as written.
  s = root_motion_settings(
      parse_ok(document(R"({"joint": "Root", "translation": "y", "rotation": "none"})")), walker());
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s.value()->joint, 0);
  EXPECT_FALSE(s.value()->axes[0]);
  EXPECT_TRUE(s.value()->axes[1]);
  EXPECT_FALSE(s.value()->yaw);
  // None without root_motion.
  s = root_motion_settings(parse_ok(document("")), walker());
  ASSERT_TRUE(s.ok());
  EXPECT_FALSE(s.value().has_value());
}

TEST(SetupRootMotion, AJointTheModelLacksOrAModelThatDoesNotMoveIsAnErrorWithItsPointer) {
  Result<std::optional<RootMotionSettings>> s =
      root_motion_settings(parse_ok(document(R"({"joint": "Pelvis"})")), walker());
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().path, "/root_motion/joint");
  EXPECT_THAT(s.error().message, HasSubstr("\"Pelvis\""));
  Model still = walker();
  still.clips.clear();
  still.clip_sources.clear();
  s = root_motion_settings(parse_ok(document("{}")), still);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().path, "/root_motion");
  EXPECT_THAT(s.error().message, HasSubstr("animate no joint"));
}

TEST(SetupRootMotion, ClipsPlayInPlaceExceptThoseOfAnEntryThatKeepsItsMotion) {
  const std::string text = document("{}", "", ",\n      \"root_motion\": false");
  Result<RootMotionClips> moved = apply_root_motion(parse_ok(text), walker());
  ASSERT_TRUE(moved.ok()) << moved.error().to_string();
  EXPECT_EQ(moved.value().joint, 1);
  ASSERT_EQ(moved.value().tracks.size(), 3u);
  // The walk's 2 along x and 1 along z go to its track; the 0.3 up stays in the clip.
  const RootMotion end = root_frame_at(moved.value().tracks[0], 1.0f);
  EXPECT_NEAR(end.translation.x, 2.0f, 1e-5f);
  EXPECT_NEAR(end.translation.z, 1.0f, 1e-5f);
  const Clip& walk = moved.value().clips[0];
  const TrackRange hips = walk.translations.ranges[1];
  const glm::vec3 last = walk.translations.values[hips.offset + hips.count - 1];
  EXPECT_NEAR(last.x, 0.0f, 1e-5f);
  EXPECT_NEAR(last.y, 0.3f, 1e-5f);
  EXPECT_NEAR(last.z, 0.0f, 1e-5f);
  // The idle's file says "root_motion": false: its clip and its sway are kept, no track.
  EXPECT_TRUE(moved.value().tracks[1].empty());
  const Clip& idle = moved.value().clips[1];
  EXPECT_NEAR(idle.translations.values.back().x, 0.5f, 1e-6f);
  // The wave does not move the hips: no track either.
  EXPECT_TRUE(moved.value().tracks[2].empty());
  // Without root_motion: the clips as they were, no tracks.
  Result<RootMotionClips> still = apply_root_motion(parse_ok(document("")), walker());
  ASSERT_TRUE(still.ok());
  EXPECT_EQ(still.value().joint, -1);
  EXPECT_TRUE(still.value().tracks.empty());
  EXPECT_TRUE(still.value().clips.empty()) << "the machine plays the model's own";
  const Model model = walker();
  EXPECT_EQ(still.value().clip_set(model.clips).floats().data(), model.clips.data());
  EXPECT_EQ(moved.value().clip_set(model.clips).floats().data(), moved.value().clips.data());
  EXPECT_EQ(moved.value().clip_set(model.clips).root_motion().size(), 3u);
}

TEST(SetupRootMotion, StatesCarryTheirFlagIntoTheCompiledMachine) {
  const setup::Setup setup = parse_ok(document("{}", ",\n      \"root_motion\": false"));
  const Model model = walker();
  Result<StateMachineDef> def = compile_setup(setup, model.clips);
  ASSERT_TRUE(def.ok()) << def.error().to_string();
  EXPECT_FALSE(def.value().states[0].root_motion);
  EXPECT_TRUE(def.value().states[1].root_motion);
  Result<RootMotionClips> moved = apply_root_motion(setup, model);
  ASSERT_TRUE(moved.ok());
  mark_root_motion(moved.value(), &def.value());
  EXPECT_EQ(def.value().root_motion_joint, 1);
}

}  // namespace
}  // namespace anim::setup
