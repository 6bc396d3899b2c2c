// Events of StateMachineInstance::update(): which fire, how often, in what order, whatever the
// frame rate. Machines are built as StateMachineDefs by hand; the expected sequences are worked
// out from the clip lengths and event times in each test's comment.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/skeleton.h"
#include "anim/state_machine.h"
#include "anim/state_machine_def.h"
#include "support/machines.h"
#include "support/maths.h"
#include "support/rigs.h"
#include "support/matchers.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

// Clip indices.
constexpr int kOneSecond = 0;
constexpr int kTwoSeconds = 1;

Clip Ramp(const std::string& name, float duration) {
  ClipBuilder b(name, duration, 1);
  b.add_translation(0, 0.0f, {0, 0, 0});
  b.add_translation(0, duration, {10, 0, 0});
  return b.build();
}

EventDef Event(const std::string& name, int clip, float time) {
  EventDef e;
  e.name = name;
  e.clip = clip;
  e.time = time;
  return e;
}

class StateMachineEventsTest : public ::testing::Test {
 protected:
  StateMachineEventsTest() {
    skeleton_ = OneJoint();
    clips_ = {Ramp("one", 1.0f), Ramp("two", 2.0f)};
  }

  // One looping state on the 1 s clip, with events at 0, 0.25 and 0.75 s ("start", "a", "b").
  static StateMachineDef Loop(float speed = 1.0f) {
    StateMachineDef def;
    def.states = {ClipState("Loop", kOneSecond, speed)};
    def.events = {Event("start", kOneSecond, 0.0f), Event("a", kOneSecond, 0.25f),
                  Event("b", kOneSecond, 0.75f)};
    return def;
  }

  // Names of the events of one update.
  static std::vector<std::string> Names(const StateMachineInstance& sm) {
    std::vector<std::string> names;
    for (const auto& fired : sm.events()) names.push_back(sm.def().events[fired.event].name);
    return names;
  }

  // Runs `frames` updates of `dt` and returns every event's name in firing order.
  static std::vector<std::string> Run(StateMachineInstance& sm, float dt, int frames) {
    std::vector<std::string> all;
    for (int f = 0; f < frames; ++f) {
      sm.update(dt);
      for (std::string& name : Names(sm)) all.push_back(std::move(name));
    }
    return all;
  }

  Skeleton skeleton_;
  std::vector<Clip> clips_;
};

// 2.5 s of a 1 s loop with events at 0, 0.25 and 0.75 s crosses 0, 0.25, 0.75, 1, 1.25, 1.75, 2
// and 2.25 (2.5 is none of them), at any frame rate.
TEST_F(StateMachineEventsTest, ThirtySixtyAndOneFortyFourFpsFireTheSameSequence) {
  const std::vector<std::string> expected = {"start", "a", "b", "start", "a", "b", "start", "a"};
  const StateMachineDef def = Loop();
  for (int fps : {30, 60, 144}) {
    StateMachineInstance sm(def, skeleton_, clips_);
    const float dt = 1.0f / static_cast<float>(fps);
    std::vector<std::string> all;
    for (int frame = 1; frame <= fps * 5 / 2; ++frame) {
      sm.update(dt);
      for (const auto& fired : sm.events()) {
        all.push_back(def.events[fired.event].name);
        // It fires in the frame that reaches its time: (frame - 1) * dt < t <= frame * dt,
        // where t is the crossing's time in seconds (loops before it, plus its time).
        const int loops = static_cast<int>(std::count(all.begin(), all.end(), "start")) - 1;
        const float t = def.events[fired.event].name == "start"
                            ? static_cast<float>(loops)
                            : static_cast<float>(loops) + def.events[fired.event].time;
        EXPECT_GE(t, (frame - 1) * dt - 1e-4f) << fps << " fps, frame " << frame;
        EXPECT_LE(t, frame * dt + 1e-4f) << fps << " fps, frame " << frame;
        EXPECT_EQ(fired.state, 0);
        EXPECT_EQ(fired.weight, 1.0f);
      }
    }
    EXPECT_THAT(all, ElementsAreArray(expected)) << fps << " fps";
  }
}

// One 3.5 s frame crosses 0 (the start), 0.25, 0.75, 1, 1.25, 1.75, 2, 2.25, 2.75, 3 and 3.25.
TEST_F(StateMachineEventsTest, ALongFrameFiresAnEventOncePerLoopItSpans) {
  const StateMachineDef def = Loop();
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(3.5f);
  EXPECT_THAT(Names(sm), ElementsAre("start", "a", "b", "start", "a", "b", "start", "a", "b",
                                     "start", "a"));
  EXPECT_EQ(sm.events_dropped(), 0);
  sm.update(0.5f);  // 3.5 -> 4: 3.75 and 4.
  EXPECT_THAT(Names(sm), ElementsAre("b", "start"));
}

TEST_F(StateMachineEventsTest, APausedStateFiresNothingTwice) {
  const StateMachineDef def = Loop();
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(0.0f);
  EXPECT_THAT(Names(sm), ElementsAre("start"));  // Entered at 0.
  for (int i = 0; i < 3; ++i) {
    sm.update(0.0f);
    EXPECT_THAT(Names(sm), IsEmpty());
  }
  sm.update(0.25f);
  EXPECT_THAT(Names(sm), ElementsAre("a"));
  sm.update(0.0f);
  EXPECT_THAT(Names(sm), IsEmpty());
}

// Speed -1 from 0: the start on entry, then backwards through 0.75 (-0.25), 0.25 (-0.75), 0 (-1)
// and 0.75 (-1.25) in 1.5 s, each once.
TEST_F(StateMachineEventsTest, AReversedLoopFiresEachCrossingOnceBackwards) {
  const StateMachineDef def = Loop(-1.0f);
  StateMachineInstance sm(def, skeleton_, clips_);
  EXPECT_THAT(Run(sm, 1.0f / 60.0f, 90), ElementsAre("start", "b", "a", "start", "b"));
}

// A one-shot's events fire once; its end (time = duration) fires when it gets there.
TEST_F(StateMachineEventsTest, AOneShotFiresEachEventOnce) {
  StateMachineDef def;
  def.states = {ClipState("Shot", kTwoSeconds, 1.0f, false)};
  def.events = {Event("lift", kTwoSeconds, 0.5f), Event("land", kTwoSeconds, 2.0f)};
  StateMachineInstance sm(def, skeleton_, clips_);
  EXPECT_THAT(Run(sm, 0.1f, 15), ElementsAre("lift"));  // 1.5 s.
  EXPECT_THAT(Run(sm, 0.1f, 40), ElementsAre("land"));  // Past its end.
}

TEST_F(StateMachineEventsTest, EventsOfClipsNotPlayingDoNotFire) {
  StateMachineDef def = Loop();
  def.events.push_back(Event("other", kTwoSeconds, 0.5f));
  StateMachineInstance sm(def, skeleton_, clips_);
  EXPECT_THAT(Run(sm, 0.1f, 19), ElementsAre("start", "a", "b", "start", "a", "b"));  // 1.9 s.
}

// A (1 s loop, "x" at 0.9 s) -> B (2 s loop, "y" at 0.2 s) at A's exit time 0.5, crossfading
// over 1 s. Frames of 0.125 s: the transition starts in the frame that reaches 0.5; B enters
// at 0 ("b0" fires on its first update); A crosses 0.9 half-way through the fade; B crosses
// 0.2 s in its second update. Both are partly weighted then.
TEST_F(StateMachineEventsTest, BothSidesOfATransitionFire) {
  StateMachineDef def;
  def.states = {ClipState("A", kOneSecond), ClipState("B", kTwoSeconds)};
  TransitionDef t;
  t.from = 0;
  t.to = 1;
  t.has_exit_time = true;
  t.exit_time = 0.5f;
  t.duration = 1.0f;
  def.transitions = {t};
  def.events = {Event("x", kOneSecond, 0.9f), Event("b0", kTwoSeconds, 0.0f),
                Event("y", kTwoSeconds, 0.2f)};
  StateMachineInstance sm(def, skeleton_, clips_);
  struct Seen {
    std::string name;
    int state;
    float weight;
    int frame;
  };
  std::vector<Seen> seen;
  for (int frame = 1; frame <= 12; ++frame) {
    sm.update(0.125f);
    for (const auto& fired : sm.events()) {
      seen.push_back({def.events[fired.event].name, fired.state, fired.weight, frame});
    }
  }
  ASSERT_EQ(seen.size(), 3u);
  // Frame 4 reaches 0.5 and starts the transition; frame 5 is B's first update.
  EXPECT_EQ(seen[0].name, "b0");
  EXPECT_EQ(seen[0].state, 1);
  EXPECT_EQ(seen[0].frame, 5);
  EXPECT_NEAR(seen[0].weight, 0.125f, 1e-5f);  // Weight after 0.125 s of a 1 s fade.
  EXPECT_EQ(seen[1].name, "y");  // B: 0.125 -> 0.25 s in frame 6.
  EXPECT_EQ(seen[1].frame, 6);
  EXPECT_EQ(seen[1].state, 1);
  EXPECT_NEAR(seen[1].weight, 0.25f, 1e-5f);
  EXPECT_EQ(seen[2].name, "x");  // A: 0.875 -> 1.0 in frame 8 crosses 0.9.
  EXPECT_EQ(seen[2].state, 0);
  EXPECT_EQ(seen[2].frame, 8);
  EXPECT_NEAR(seen[2].weight, 1.0f - 0.5f, 1e-5f);
}

// A blend space fires the events of its heaviest point: "walk" while the parameter is below
// the midpoint, "run" above it.
TEST_F(StateMachineEventsTest, ABlendSpaceFiresItsHeaviestPointsEvents) {
  StateMachineDef def;
  ParameterDef speed;
  speed.name = "speed";
  def.parameters = {speed};
  BlendSpace1DDef space;
  space.name = "move";
  space.parameter = 0;
  space.clips = {kOneSecond, kTwoSeconds};
  space.positions = {0.0f, 1.0f};
  def.blend_spaces = {space};
  StateDef move;
  move.name = "Move";
  move.motion = MotionRef{MotionRef::Kind::kBlendSpace, 0};
  def.states = {move};
  def.events = {Event("walk", kOneSecond, 0.5f), Event("run", kTwoSeconds, 1.0f)};
  StateMachineInstance sm(def, skeleton_, clips_);
  ASSERT_TRUE(sm.set_float("speed", 0.3f));
  // Phase rate 0.7 * 1 + 0.3 * 0.5 = 0.85 per second: 1 s crosses phase 0.5 once.
  EXPECT_THAT(Run(sm, 0.1f, 10), ElementsAre("walk"));
  ASSERT_TRUE(sm.set_float("speed", 0.8f));
  // Rate 0.2 + 0.4 = 0.6: from 0.85 over 2 s to 2.05 crosses 1.5 once.
  EXPECT_THAT(Run(sm, 0.1f, 20), ElementsAre("run"));
}

// A 1 ms clip played for a second crosses its event 1000 times: kMaxEvents are reported and the
// rest counted.
TEST_F(StateMachineEventsTest, CrossingsBeyondTheBufferAreCounted) {
  clips_.push_back(Ramp("blip", 0.001f));
  StateMachineDef def;
  def.states = {ClipState("Blip", 2)};
  def.events = {Event("tick", 2, 0.0005f)};
  StateMachineInstance sm(def, skeleton_, clips_);
  sm.update(1.0f);
  EXPECT_EQ(sm.events().size(), static_cast<std::size_t>(StateMachineInstance::kMaxEvents));
  EXPECT_NEAR(static_cast<double>(sm.events_dropped()),
              1000.0 - StateMachineInstance::kMaxEvents, 1.0);
  sm.update(0.0f);
  EXPECT_THAT(Names(sm), IsEmpty());
  EXPECT_EQ(sm.events_dropped(), 0);
}

// continue_from goes on from the state's time: the start is not fired again.
TEST_F(StateMachineEventsTest, ContinuingAMachineDoesNotRefireItsStart) {
  const StateMachineDef def = Loop();
  StateMachineInstance before(def, skeleton_, clips_);
  before.update(0.5f);
  EXPECT_THAT(Names(before), ElementsAre("start", "a"));
  StateMachineInstance after(def, skeleton_, clips_);
  after.continue_from(before);
  after.update(0.5f);
  EXPECT_THAT(Names(after), ElementsAre("b", "start"));  // 0.5 -> 1.0.
}

}  // namespace
}  // namespace anim
