// Clip events in setup files (format version 2), and the migration of version-1 files: reading,
// writing, checking and compiling them.
#include <optional>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "anim/clip.h"
#include "anim/setup/setup.h"
#include "support/matchers.h"
#include "support/setups.h"

namespace anim::setup {
namespace {

using namespace ::anim::testutil;

// A version-1 file as an earlier animscope saved it (canonical for that version).
constexpr const char* kVersion1 = R"({
  "format": "animscope.setup",
  "version": 1,
  "model": "wuson.x",
  "parameters": [],
  "blend_spaces": [],
  "states": [
    {
      "name": "Walk",
      "motion": "walk",
      "speed": 1,
      "loop": true
    }
  ],
  "default_state": "Walk",
  "transitions": [],
  "editor": {}
}
)";

std::string with_events(const std::string& events) {
  std::string text = kVersion1;
  text.replace(text.find("\"version\": 1"), 12, "\"version\": " + std::to_string(kSetupVersion));
  text.replace(text.find("  \"editor\""), 0, "  \"events\": " + events + ",\n");
  return text;
}

TEST(SetupEventsTest, AVersionOneFileLoadsUnchangedAndSavesAsTheNewestVersion) {
  const Result<setup::Setup> setup = parse_setup(kVersion1, "old.json");
  ASSERT_TRUE(setup.ok()) << setup.error().to_string();
  EXPECT_THAT(setup.value().events, IsEmpty());
  std::string expected = kVersion1;
  expected.replace(expected.find("\"version\": 1"), 12,
                   "\"version\": " + std::to_string(kSetupVersion));
  EXPECT_EQ(to_json_text(setup.value()), expected);  // Only the version changed.
  // And the saved file is canonical: saving it again changes nothing.
  const Result<setup::Setup> again = parse_setup(expected, "new.json");
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(to_json_text(again.value()), expected);
}

TEST(SetupEventsTest, EventsReadInOrderAndWriteBackByteForByte) {
  const std::string text = with_events(R"([
    {
      "clip": "walk",
      "time": 0.4,
      "name": "footstep_l",
      "payload": "left"
    },
    {
      "clip": "walk",
      "time": 0.1,
      "name": "footstep_r",
      "volume": 0.5
    }
  ])");
  const Result<setup::Setup> setup = parse_setup(text, "events.json");
  ASSERT_TRUE(setup.ok()) << setup.error().to_string();
  const std::vector<SetupEvent>& events = setup.value().events;
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].clip, "walk");
  EXPECT_EQ(events[0].time, 0.4f);
  EXPECT_EQ(events[0].name, "footstep_l");
  EXPECT_EQ(events[0].payload, std::optional<std::string>("left"));
  EXPECT_FALSE(events[1].payload.has_value());
  EXPECT_EQ(events[1].extra, Json::parse(R"({"volume": 0.5})"));
  EXPECT_EQ(to_json_text(setup.value()), text);
}

TEST(SetupEventsTest, NoEventsWritesNoEventsKey) {
  const Result<setup::Setup> setup = parse_setup(kVersion1, "old.json");
  ASSERT_TRUE(setup.ok());
  EXPECT_THAT(to_json_text(setup.value()), Not(HasSubstr("events")));
}

TEST(SetupEventsTest, MalformedEventsAreReportedAtTheirPointers) {
  const std::string text =
      with_events(R"([{"clip": "walk", "time": "soon", "name": ""}, {"time": 1, "name": "x"}, 5])");
  std::vector<Diagnostic> problems;
  const Result<setup::Setup> setup = parse_setup(text, "bad.json", &problems);
  ASSERT_FALSE(setup.ok());
  EXPECT_EQ(setup.error().path, "bad.json");
  std::vector<std::string> found;
  for (const Diagnostic& d : problems) found.push_back(d.pointer + ": " + d.message);
  EXPECT_THAT(found, ElementsAre("/events/0/time: expected a number",
                                 "/events/0/name: must not be empty",
                                 "/events/1/clip: missing required field",
                                 "/events/2: expected an object"));
}

TEST(SetupEventsTest, EventsNotAnArrayIsAnError) {
  std::vector<Diagnostic> problems;
  EXPECT_FALSE(parse_setup(with_events(R"({"clip": "walk"})"), "bad.json", &problems).ok());
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].pointer, "/events");
  EXPECT_EQ(problems[0].message, "expected an array");
}

setup::Setup WalkSetup() { return SetupOf("wuson.x", {}, {State("Walk", "walk")}); }

SetupEvent Event(const std::string& clip, float time, const std::string& name) {
  SetupEvent e;
  e.clip = clip;
  e.time = time;
  e.name = name;
  return e;
}

TEST(SetupEventsTest, ValidationFindsEventsOutsideTheirClip) {
  setup::Setup setup = WalkSetup();
  setup.events = {Event("wakl", 0.1f, "step"), Event("walk", -0.5f, "early"),
                  Event("walk", 1.25f, "late"), Event("walk", 1.2f, "at the end"),
                  Event("walk", 0.5f, "")};
  std::vector<std::string> found;
  for (const Diagnostic& d : validate_setup(setup, {"walk", "run"}, {1.2f, 0.8f})) {
    EXPECT_EQ(d.severity, Diagnostic::Severity::kError) << d.message;
    found.push_back(d.pointer + ": " + d.message);
  }
  EXPECT_THAT(found,
              ElementsAre("/events/0/clip: unknown clip \"wakl\" (did you mean \"walk\"?)",
                          "/events/1/time: negative time -0.5",
                          "/events/2/time: time 1.25 s is past the end of clip \"walk\" (1.2 s)",
                          "/events/4/name: event name is empty"));
  // Without the clips' lengths, only what can be told without them.
  EXPECT_EQ(validate_setup(setup, {"walk", "run"}).size(), 3u);
}

TEST(SetupEventsTest, CompileResolvesClipsAndSortsByClipThenTime) {
  std::vector<Clip> clips;
  for (const char* name : {"run", "walk"}) {
    ClipBuilder b(name, 1.0f, 1);
    b.add_translation(0, 0.0f, {0, 0, 0});
    clips.push_back(b.build());
  }
  setup::Setup setup = WalkSetup();
  setup.events = {Event("walk", 0.75f, "w2"), Event("run", 0.5f, "r"), Event("walk", 0.25f, "w1"),
                  Event("walk", 0.75f, "w3")};
  setup.events[1].payload = "dust";
  const Result<StateMachineDef> def = compile_setup(setup, clips);
  ASSERT_TRUE(def.ok()) << def.error().to_string();
  std::vector<std::string> order;
  for (const EventDef& e : def.value().events) {
    order.push_back(e.name + "@" + std::to_string(e.clip) + ":" + e.payload);
  }
  // Clip 0 (run) first; within walk by time, equal times in file order.
  EXPECT_THAT(order, ElementsAre("r@0:dust", "w1@1:", "w2@1:", "w3@1:"));
  setup.events.push_back(Event("walk", 2.0f, "beyond"));
  const Result<StateMachineDef> bad = compile_setup(setup, clips);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().path, "/events/4/time");
  EXPECT_THAT(bad.error().message, HasSubstr("past the end of clip"));
}

}  // namespace
}  // namespace anim::setup
