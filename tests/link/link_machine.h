#pragma once
// The machine the link suites watch: one joint, Idle / Walk / Run on still clips, a float
// `speed` (Idle -> Walk above 0.5, Walk -> Run above 1.5, fading 0.25 s), a trigger `stop` (any
// state -> Idle), a vector `aim`, a footstep event on the walk clip at 0.5 s, and a layer "upper"
// with one state. Needs anim_core.
#include <vector>

#include "anim/clip.h"
#include "anim/skeleton.h"
#include "anim/state_machine.h"
#include "anim/state_machine_def.h"
#include "support/clips.h"
#include "support/machines.h"
#include "support/rigs.h"

namespace anim::testutil {

struct LinkMachine {
  Skeleton skeleton = OneJoint();
  std::vector<Clip> clips{StillClip("idle"), StillClip("walk"), StillClip("run")};
  StateMachineDef def;

  LinkMachine() {
    def.parameters = {Parameter("speed", ParameterType::kFloat),
                      Parameter("stop", ParameterType::kTrigger),
                      Parameter("aim", ParameterType::kVector3)};
    def.states = {ClipState("Idle", 0), ClipState("Walk", 1), ClipState("Run", 2)};
    def.transitions = {Go(0, 1, {{0, ConditionOp::kGreater, 0.5f}}, 0.25f),
                       Go(1, 2, {{0, ConditionOp::kGreater, 1.5f}}, 0.25f),
                       Go(-1, 0, {{1, ConditionOp::kTriggerSet, 0.0f}}, 0.1f)};
    def.default_state = 0;
    def.events = {EventDef{"footstep", 1, 0.5f, ""}};
    LayerDef upper;
    upper.name = "upper";
    upper.weight = 0.5f;
    upper.states = {ClipState("Wave", 0)};
    def.layers = {upper};
  }
};

}  // namespace anim::testutil
