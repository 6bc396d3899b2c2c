// The setup's "root_motion" (issue 25): its JSON form, defaults, round trip, and every wrong shape
// reported with its pointer.
#include <algorithm>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "anim/setup.h"

namespace anim {
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

anim::Setup parse_ok(const std::string& text) {
  std::vector<Diagnostic> problems;
  Result<anim::Setup> setup = parse_setup(text, "s.json", &problems);
  EXPECT_TRUE(setup.ok()) << (setup.ok() ? "" : setup.error().to_string());
  return setup.ok() ? std::move(setup).value() : anim::Setup{};
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
  const anim::Setup setup = parse_ok(document(""));
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
  const anim::Setup setup = parse_ok(text);
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
  const anim::Setup setup = parse_ok(document("{}"));
  ASSERT_TRUE(setup.root_motion.has_value());
  EXPECT_FALSE(setup.root_motion->joint.has_value()) << "the topmost animated joint";
  EXPECT_FALSE(setup.root_motion->translation.has_value()) << "across the model's up axis";
  EXPECT_TRUE(setup.root_motion->yaw);
  // Written with its rotation, which says what the default was.
  EXPECT_THAT(to_json_text(setup), HasSubstr("\"root_motion\": {\n    \"rotation\": \"yaw\"\n  }"));
  EXPECT_EQ(to_json_text(parse_ok(to_json_text(setup))), to_json_text(setup));
}

TEST(SetupRootMotion, NoAxesIsAllowed) {
  const anim::Setup setup = parse_ok(document(R"({"translation": ""})"));
  EXPECT_EQ(setup.root_motion->translation, std::optional<std::string>(""));
}

TEST(SetupRootMotion, KeepsUnknownFields) {
  const anim::Setup setup = parse_ok(document(R"({"rotation": "yaw", "smoothing": 0.5})"));
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
  const anim::Setup setup = parse_ok(document(R"({"joint": "hips"})"));
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

}  // namespace
}  // namespace anim
