// StateMachineInstance::save_state / restore_state: a character saved mid-run and restored (into
// the same instance after it played on, or into a fresh one) plays on exactly as the original
// did, bit for bit, through transitions, a smoothed blend-space parameter, a trigger and layers;
// data that does not fit the def is refused and changes nothing. That neither allocates is
// checked in allocation_test.cpp.
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clip.h"
#include "anim/setup/setup.h"
#include "anim/skeleton.h"
#include "anim/state_machine.h"

namespace anim {
namespace {

using SavedParameter = StateMachineInstance::SavedParameter;
using SavedLayer = StateMachineInstance::SavedLayer;

constexpr int kJoints = 4;

// A chain; every clip turns and moves each joint over its keys, each differently.
Skeleton MakeSkeleton() {
  Skeleton s;
  for (int j = 0; j < kJoints; ++j) {
    s.names.push_back("j" + std::to_string(j));
    s.parents.push_back(static_cast<int16_t>(j - 1));
    s.rest.push_back(Transform::identity());
  }
  return s;
}

std::vector<Clip> MakeClips() {
  std::vector<Clip> clips;
  const float durations[] = {1.0f, 0.8f, 1.3f};
  for (int c = 0; c < 3; ++c) {
    ClipBuilder b("c" + std::to_string(c), durations[c], kJoints);
    for (int j = 0; j < kJoints; ++j) {
      for (int k = 0; k <= 5; ++k) {
        const float f = static_cast<float>(1 + k * (j + 2) + 3 * c);
        const float t = durations[c] * static_cast<float>(k) / 5.0f;
        b.add_translation(j, t, glm::vec3(0.1f * f, 0.5f, -0.03f * f));
        b.add_rotation(j, t, glm::normalize(glm::quat(1.0f, 0.05f * f, 0.02f * c, 0.1f)));
      }
    }
    clips.push_back(b.build());
  }
  return clips;
}

// Idle <-> a walk/run blend on a smoothed speed, an any-state trigger to a one-shot that returns
// on its exit time, and an override layer that follows its own trigger.
const char* const kSetup = R"({
  "format": "animscope.setup", "version": 3, "model": "unused.x",
  "parameters": [
    {"name": "speed", "type": "float", "default": 0, "min": 0, "max": 1, "rate": 1.5},
    {"name": "hop", "type": "trigger", "default": 0},
    {"name": "wave", "type": "bool", "default": false}
  ],
  "blend_spaces": [
    {"name": "move", "parameter": "speed",
     "points": [{"clip": "c1", "position": 0}, {"clip": "c2", "position": 1}]}
  ],
  "states": [
    {"name": "Idle", "motion": "c0", "speed": 1, "loop": true},
    {"name": "Move", "motion": "move", "speed": 1, "loop": true},
    {"name": "Hop", "motion": "c2", "speed": 1.5, "loop": false}
  ],
  "default_state": "Idle",
  "events": [{"clip": "c0", "time": 0, "name": "start"}],
  "transitions": [
    {"from": "Idle", "to": "Move", "conditions": [{"parameter": "speed", "op": ">", "value": 0.1}],
     "exit_time": null, "duration": 0.25, "offset": 0, "interruption": "destination"},
    {"from": "Move", "to": "Idle", "conditions": [{"parameter": "speed", "op": "<", "value": 0.1}],
     "exit_time": null, "duration": 0.3, "offset": 0.2, "interruption": "source"},
    {"from": "*", "to": "Hop", "conditions": [{"parameter": "hop", "op": "trigger"}],
     "exit_time": null, "duration": 0.15, "offset": 0, "interruption": "none"},
    {"from": "Hop", "to": "Idle", "conditions": [],
     "exit_time": 0.9, "duration": 0.2, "offset": 0, "interruption": "none"}
  ],
  "layers": [
    {"name": "arms", "blend": "override", "weight": 0.7,
     "mask": {"include": ["j2"], "exclude": []},
     "states": [{"name": "Rest", "motion": "c0", "speed": 1, "loop": true},
                {"name": "Wave", "motion": "c1", "speed": 1, "loop": true}],
     "default_state": "Rest",
     "transitions": [
       {"from": "Rest", "to": "Wave", "conditions": [{"parameter": "wave", "op": "true"}],
        "exit_time": null, "duration": 0.4, "offset": 0, "interruption": "none"},
       {"from": "Wave", "to": "Rest", "conditions": [{"parameter": "wave", "op": "false"}],
        "exit_time": null, "duration": 0.4, "offset": 0, "interruption": "none"}
     ]}
  ]
})";

// What the script sets before frame `frame` (60 Hz): speed up and down, hops, waves.
void Script(StateMachineInstance& sm, int frame) {
  const StateMachineDef& def = sm.def();
  if (frame % 50 == 10) sm.set_value(def.find_parameter("speed"), (frame / 50) % 2 ? 0.0f : 0.9f);
  if (frame % 70 == 33) sm.set_value(def.find_parameter("hop"), 1.0f);
  if (frame % 45 == 5) sm.set_value(def.find_parameter("wave"), (frame / 45) % 2 ? 0.0f : 1.0f);
}

// What a frame leaves: every layer's active states and the pose, compared byte for byte.
struct FrameResult {
  std::vector<StateMachineInstance::ActiveState> active;
  std::vector<Transform> pose;
};

FrameResult Step(StateMachineInstance& sm, int frame) {
  Script(sm, frame);
  sm.update(1.0f / 60.0f);
  FrameResult r;
  for (int layer = 0; layer < sm.layer_count(); ++layer) {
    for (const auto& a : sm.active_states(layer)) r.active.push_back(a);
  }
  r.pose.resize(kJoints);
  EXPECT_TRUE(sm.evaluate(r.pose));
  return r;
}

bool SameBytes(const FrameResult& a, const FrameResult& b) {
  if (a.active.size() != b.active.size() || a.pose.size() != b.pose.size()) return false;
  for (std::size_t i = 0; i < a.active.size(); ++i) {
    if (a.active[i].state != b.active[i].state ||
        std::memcmp(&a.active[i].weight, &b.active[i].weight, sizeof(float)) != 0 ||
        std::memcmp(&a.active[i].normalized_time, &b.active[i].normalized_time, sizeof(float))) {
      return false;
    }
  }
  return std::memcmp(a.pose.data(), b.pose.data(), a.pose.size() * sizeof(Transform)) == 0;
}

bool SameTime(const CycleTime& a, const CycleTime& b) {
  return a.cycles == b.cycles && a.fraction == b.fraction;
}

bool SameLayer(const SavedLayer& a, const SavedLayer& b) {
  if (a.track_count != b.track_count || a.running != b.running ||
      a.running_from != b.running_from || a.elapsed != b.elapsed || a.started != b.started ||
      a.weight != b.weight) {
    return false;
  }
  for (int i = 0; i < a.track_count; ++i) {
    const auto& x = a.tracks[static_cast<std::size_t>(i)];
    const auto& y = b.tracks[static_cast<std::size_t>(i)];
    if (x.state != y.state || x.slot != y.slot || !SameTime(x.time, y.time) ||
        !SameTime(x.previous_time, y.previous_time) || x.base_weight != y.base_weight ||
        x.entered != y.entered) {
      return false;
    }
  }
  return true;
}

class SavedStateTest : public ::testing::Test {
 protected:
  SavedStateTest() : skeleton_(MakeSkeleton()), clips_(MakeClips()) {
    Result<setup::Setup> setup = setup::parse_setup(kSetup, "saved_state.json");
    EXPECT_TRUE(setup.ok()) << setup.error().to_string();
    Result<StateMachineDef> def = compile_setup(setup.value(), clips_);
    EXPECT_TRUE(def.ok()) << def.error().to_string();
    def_ = std::move(def).value();
  }
  StateMachineInstance Make() const { return StateMachineInstance(def_, skeleton_, clips_); }
  std::vector<SavedParameter> Parameters() const {
    return std::vector<SavedParameter>(def_.parameters.size());
  }
  std::vector<SavedLayer> Layers() const { return std::vector<SavedLayer>(1 + def_.layers.size()); }

  Skeleton skeleton_;
  std::vector<Clip> clips_;
  StateMachineDef def_;
};

TEST_F(SavedStateTest, RestoredCharacterPlaysOnBitForBit) {
  constexpr int kSaveAt = 137, kFrames = 420;
  StateMachineInstance original = Make();
  std::vector<SavedParameter> params = Parameters();
  std::vector<SavedLayer> layers = Layers();
  std::vector<FrameResult> expected;
  int transitions_seen = 0, hops = 0;
  for (int frame = 0; frame < kFrames; ++frame) {
    if (frame == kSaveAt) {
      ASSERT_TRUE(original.save_state(params, layers));
    }
    expected.push_back(Step(original, frame));
    transitions_seen += original.transition(0).transition >= 0 ? 1 : 0;
    hops += original.current_state(0) == def_.find_state("Hop") ? 1 : 0;
  }
  // The run is worth checking: it blends, hops and waves after the save.
  ASSERT_GT(transitions_seen, 20);
  ASSERT_GT(hops, 10);

  // Into a fresh instance, and back into the original after it played on to the end.
  StateMachineInstance fresh = Make();
  ASSERT_TRUE(fresh.restore_state(params, layers));
  ASSERT_TRUE(original.restore_state(params, layers));
  for (int frame = kSaveAt; frame < kFrames; ++frame) {
    const FrameResult a = Step(fresh, frame);
    const FrameResult b = Step(original, frame);
    ASSERT_TRUE(SameBytes(a, expected[frame])) << "fresh instance, frame " << frame;
    ASSERT_TRUE(SameBytes(b, expected[frame])) << "original instance, frame " << frame;
  }
}

TEST_F(SavedStateTest, SavesWhatTheQueriesShow) {
  StateMachineInstance sm = Make();
  for (int frame = 0; frame < 20; ++frame) Step(sm, frame);  // Speed set at 10: Idle -> Move.
  std::vector<SavedParameter> params = Parameters();
  std::vector<SavedLayer> layers = Layers();
  ASSERT_TRUE(sm.save_state(params, layers));
  const int speed = def_.find_parameter("speed");
  EXPECT_EQ(params[speed].target, 0.9f);
  EXPECT_EQ(params[speed].value, sm.value(speed));
  EXPECT_GT(params[speed].value, 0.0f);
  EXPECT_LT(params[speed].value, 0.9f);  // Still smoothing at 1.5 per second.
  // Moving since frame ~14 (speed passes 0.1 after 4 frames at 1.5/s): blending from Idle.
  EXPECT_EQ(layers[0].track_count, 2);
  EXPECT_EQ(layers[0].tracks[0].state, def_.find_state("Idle"));
  EXPECT_EQ(layers[0].tracks[1].state, def_.find_state("Move"));
  EXPECT_EQ(layers[0].running, sm.transition(0).transition);
  EXPECT_EQ(layers[1].weight, 0.7f);
}

TEST_F(SavedStateTest, WrongSizesAreRefused) {
  StateMachineInstance sm = Make();
  std::vector<SavedParameter> params = Parameters();
  std::vector<SavedLayer> layers = Layers();
  std::vector<SavedParameter> short_params(params.size() - 1);
  std::vector<SavedLayer> one_layer(1);
  EXPECT_FALSE(sm.save_state(short_params, layers));
  EXPECT_FALSE(sm.save_state(params, one_layer));
  ASSERT_TRUE(sm.save_state(params, layers));
  EXPECT_FALSE(sm.restore_state(short_params, layers));
  EXPECT_FALSE(sm.restore_state(params, one_layer));
}

TEST_F(SavedStateTest, DataThatDoesNotFitChangesNothing) {
  StateMachineInstance sm = Make();
  for (int frame = 0; frame < 20; ++frame) Step(sm, frame);
  std::vector<SavedParameter> params = Parameters();
  std::vector<SavedLayer> layers = Layers();
  ASSERT_TRUE(sm.save_state(params, layers));
  ASSERT_EQ(layers[0].track_count, 2);  // Idle -> Move.
  std::vector<SavedParameter> before_params = Parameters();
  std::vector<SavedLayer> before_layers = Layers();
  ASSERT_TRUE(sm.save_state(before_params, before_layers));
  std::vector<Transform> before_pose(kJoints), after_pose(kJoints);
  ASSERT_TRUE(sm.evaluate(before_pose));

  auto refused = [&](auto&& spoil, const char* what) {
    std::vector<SavedParameter> p = params;
    std::vector<SavedLayer> l = layers;
    spoil(p, l);
    EXPECT_FALSE(sm.restore_state(p, l)) << what;
  };
  using P = std::vector<SavedParameter>;
  using L = std::vector<SavedLayer>;
  refused([](P&, L& l) { l[0].tracks[0].state = 3; }, "state past the base's states");
  refused([](P&, L& l) { l[1].tracks[0].state = 2; }, "state past the layer's states");
  refused([](P&, L& l) { l[0].tracks[0].slot = StateMachineInstance::kMaxActive; }, "slot");
  refused([](P&, L& l) { l[0].tracks[1].slot = l[0].tracks[0].slot; }, "two tracks, one slot");
  refused([](P&, L& l) { l[0].track_count = StateMachineInstance::kMaxActive + 1; }, "count");
  refused([](P&, L& l) { l[0].track_count = 0; }, "a base without a state");
  refused([](P&, L& l) { l[0].running = 4; }, "transition past the base's");
  refused([](P&, L& l) { l[1].started = 2; }, "started past the layer's transitions");
  refused([](P&, L& l) { l[0].tracks[0].time.fraction = 1.0f; }, "fraction of 1");
  refused([](P&, L& l) { l[0].elapsed = -1.0f; }, "negative elapsed");
  refused([](P&, L& l) { l[1].weight = 2.0f; }, "weight above 1");
  refused([](P& p, L&) { p[0].value = std::nanf(""); }, "NaN parameter");

  std::vector<SavedParameter> now_params = Parameters();
  std::vector<SavedLayer> now_layers = Layers();
  ASSERT_TRUE(sm.save_state(now_params, now_layers));
  ASSERT_TRUE(sm.evaluate(after_pose));
  EXPECT_EQ(std::memcmp(before_pose.data(), after_pose.data(), kJoints * sizeof(Transform)), 0);
  for (std::size_t i = 0; i < now_layers.size(); ++i) {
    EXPECT_TRUE(SameLayer(now_layers[i], before_layers[i])) << "layer " << i;
  }
  EXPECT_EQ(now_params[0].value, before_params[0].value);
}

TEST_F(SavedStateTest, RestoringEmptiesTheLastUpdatesEventsAndTrace) {
  StateMachineInstance sm = Make();
  sm.set_trace(true);
  std::vector<SavedParameter> params = Parameters();
  std::vector<SavedLayer> layers = Layers();
  ASSERT_TRUE(sm.save_state(params, layers));
  sm.update(1.0f / 60.0f);
  ASSERT_FALSE(sm.trace().empty());   // Idle's transitions and the any-state one.
  ASSERT_FALSE(sm.events().empty());  // Idle's "start", at its first update.
  ASSERT_TRUE(sm.restore_state(params, layers));
  EXPECT_TRUE(sm.trace().empty());
  EXPECT_TRUE(sm.events().empty());
  EXPECT_TRUE(sm.tracing());
  sm.update(1.0f / 60.0f);
  EXPECT_FALSE(sm.trace().empty());
}

}  // namespace
}  // namespace anim
