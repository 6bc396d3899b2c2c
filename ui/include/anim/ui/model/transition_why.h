#pragma once
// "Why did it (not) transition?": the running machine's transition trace (set_trace) put into
// words and verdicts for the State machine workspace (the graph's tooltips, the Inspector, the
// line under the graph). No ImGui here: the views only colour what this says.
#include <string>
#include <vector>

#include "anim/setup/setup.h"
#include "anim/state_machine.h"

namespace anim::ui {

// How a check or a transition is shown: green, red, or grey for one that did not get to count
// (another transition fired first, the running one may not be interrupted).
enum class Verdict { kPass, kFail, kMoot };

// One check of a transition: a condition ("speed > 0.6") with the parameter's value now
// ("speed = 0.31"), or its exit time ("exit time 0.90" with "now 0.62").
struct CheckLine {
  std::string check;
  std::string actual;
  std::string value;  // `actual` without the name: "0.31", "true", "not set", "0.62".
  Verdict verdict = Verdict::kFail;
};

struct TransitionWhy {
  int layer = 0;
  int transition = -1;               // Index into its layer's transitions.
  std::string name;                  // "Walk -> Run", "* -> Jump" for one from any state.
  Verdict verdict = Verdict::kFail;  // kPass: it fired.
  std::vector<CheckLine> checks;     // Its conditions in order, then its exit time.
  // The line under the graph: "Walk -> Run: speed > 0.6 failed (speed = 0.31)", "Walk -> Run:
  // exit time 0.62 of 0.90", "Walk -> Run: fired", or with how it moves the pose
  // (transition_blend_text.h) "Walk -> Run: fired: inertialize over 0.25 s (...)".
  std::string summary;
  // With nested machines, where its transition comes from (transition_origin_label.h): "from
  // Locomotion/Walk", "from Locomotion (parent)", "from any state"; empty without nesting.
  std::string origin;
};

// A number as the views write it: at most `decimals` decimals, trailing zeros dropped ("0.6",
// "2", "-0.25").
std::string short_value(float value, int decimals = 3);

// The trace entry of transition `transition` of `layer` in the last update, or nullptr when the
// update did not look at it (its source is not playing) or tracing is off.
const StateMachineInstance::TraceEntry* find_trace(const StateMachineInstance& machine, int layer,
                                                   int transition);

// The layer of `machine` that runs the machine `shown` of `setup` (0 the base, i + 1 the layer
// setup.layers[i]), found by name since the running machine may be an older, error-free version
// of the setup; -1 when it has none.
int running_layer(const StateMachineInstance& machine, const setup::Setup& setup, int shown);

// What the running machine makes of transition `index` of machine `shown` of `setup` (its index
// among that machine's transitions, as the graph and the Inspector number them): the running
// layer's transition at that index when its ends have the same names. With nested machines the
// runtime's transitions are between leaves named by path, and one of the setup's may become
// several (one per exit leaf): then it is the one whose ends lie in the transition's boxes at
// `level` (nested_graph.h; {} the machine's top, else the transitions of the nested machine it
// opens) that the last update checked, else the one running (or whose pose carries over), else
// the first.
struct SetupTransitionLive {
  int layer = -1;       // In the running machine; -1: it runs no such transition.
  int transition = -1;  // Index into that layer's transitions.
  // It is the transition running now (the trace leaves it out), or the inertialized or
  // dead-blended one whose pose carries over now (StateMachineInstance::carry_over; `blend`).
  bool running = false;
  float progress = 0.0f;
  TransitionBlend blend = TransitionBlend::kCrossfade;  // kCrossfade: a running crossfade.
};
SetupTransitionLive setup_transition_live(const StateMachineInstance& machine,
                                          const setup::Setup& setup, int shown, int index,
                                          const std::vector<std::string>& level = {});
// "Now: running, 46% done" for one running ("inertializing", "dead blending" for a carry-over),
// else empty.
std::string running_text(const SetupTransitionLive& live);

// Its trace entry in the last update, or nullptr.
const StateMachineInstance::TraceEntry* find_setup_trace(
    const StateMachineInstance& machine, const setup::Setup& setup, int shown, int index,
    const std::vector<std::string>& level = {});

// One traced transition in words.
TransitionWhy explain(const StateMachineInstance& machine,
                      const StateMachineInstance::TraceEntry& entry);

// Every transition of `layer` the last update looked at that leaves `state` or any state, in
// the order the runtime checks them: why the machine did (not) leave `state`. Empty when
// `state` is not playing in that layer.
std::vector<TransitionWhy> why_not(const StateMachineInstance& machine, int layer, int state);

// The lines under the graph for `state`: first the transition that fired in the last update
// from another state (an inertialized or dead-blended one leaves its source at once, so its
// source no longer plays), else the one still moving the pose (running_why: a crossfade, or an
// inertialized or dead-blended switch carrying over) unless one from `state` just fired; then
// why_not(state).
std::vector<TransitionWhy> why_now(const StateMachineInstance& machine, int layer, int state);

}  // namespace anim::ui
