#pragma once
// StateMachineDefs written by hand, a piece at a time: a state playing a clip or a 1D blend
// space, a 1D blend space, a parameter, a transition; and IdleWalkRunTest, the fixture of a
// three-state machine on one joint that the trace and why suites fill in. What the trace, why,
// layer and event suites build their machines from. Needs anim_core only.
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "anim/blend_space.h"
#include "anim/clip.h"
#include "anim/skeleton.h"
#include "anim/state_machine.h"
#include "anim/state_machine_def.h"
#include "support/clips.h"
#include "support/rigs.h"

namespace anim::testutil {

// A state playing clip `clip` at `speed`, looping or not.
inline StateDef ClipState(const std::string& name, int clip, float speed = 1.0f, bool loop = true) {
  StateDef s;
  s.name = name;
  s.motion = MotionRef{MotionRef::Kind::kClip, clip};
  s.speed = speed;
  s.loop = loop;
  return s;
}

// A state playing the 1D blend space `space`.
inline StateDef SpaceState(const std::string& name, int space) {
  StateDef s;
  s.name = name;
  s.motion = MotionRef{MotionRef::Kind::kBlendSpace, space};
  return s;
}

// A 1D blend space over parameter `parameter`: clip clips[i] at positions[i].
inline BlendSpace1DDef Space1D(const std::string& name, int parameter, std::vector<int> clips,
                               std::vector<float> positions) {
  return BlendSpace1DDef{name, parameter, std::move(clips), std::move(positions)};
}

// A parameter of `type`, no bounds, no smoothing.
inline ParameterDef Parameter(const std::string& name, ParameterType type) {
  ParameterDef p;
  p.name = name;
  p.type = type;
  return p;
}

// `from` -> `to` (state indices, -1 for any state) when all `conditions` hold, fading for
// `duration` seconds.
inline TransitionDef Go(int from, int to, std::vector<ConditionDef> conditions,
                        float duration = 0.0f) {
  TransitionDef t{from, to, std::move(conditions)};
  t.duration = duration;
  return t;
}

// One joint; the still 1 s clips idle, walk and run; states Idle, Walk and Run (0, 1, 2) playing
// them, Idle the default. Tests add the parameters and transitions to def_.
class IdleWalkRunTest : public ::testing::Test {
 protected:
  IdleWalkRunTest() : skeleton_(OneJoint()) {
    clips_ = {StillClip("idle"), StillClip("walk"), StillClip("run")};
    def_.states = {ClipState("Idle", 0), ClipState("Walk", 1), ClipState("Run", 2)};
    def_.default_state = 0;
  }

  // An instance of def_ that records its trace.
  StateMachineInstance Traced() {
    StateMachineInstance sm(def_, skeleton_, clips_);
    sm.set_trace(true);
    return sm;
  }

  Skeleton skeleton_;
  std::vector<Clip> clips_;
  StateMachineDef def_;
};

}  // namespace anim::testutil
