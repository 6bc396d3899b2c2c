#pragma once
// How a transition moves the pose over, in words for "why did it (not) transition?"
// (transition_why.h): its blend when it fires ("inertialize over 0.25 s (only Run is evaluated;
// the pose's offset from Walk decays to zero)"), whether it interrupted, where a marker-synced
// destination started, and how far a running crossfade or a carry-over (an inertialized or
// dead-blended switch, which the machine has already made) has come. No ImGui here.
#include <optional>
#include <string>

#include "anim/state_machine.h"
#include "anim/ui/model/transition_why.h"

namespace anim::ui {

// The blend of transition `t` from the state named `from` to the one named `to`: "inertialize
// over 0.25 s (...)", "dead blend over 0.25 s, half-life 0.1 s (...)", "crossfade over 0.3 s
// (...)"; empty for a crossfade of no duration (a cut).
std::string blend_text(const TransitionDef& t, const std::string& from, const std::string& to);

// What the fired trace entry `e` does, after "fired": its blend (blend_text), "; it interrupts,
// so it starts from the pose shown" when it interrupted, and with sync by markers where its
// destination started ("; Run starts 0.4 of the way from L to R, where Walk was", or at its
// offset when a clip lacks the markers). Empty for a cut with nothing more to say.
std::string fired_text(const StateMachineInstance& machine,
                       const StateMachineInstance::TraceEntry& e);

// The share of the pose still carried over from the old state by a dead blend at `progress`
// (elapsed / duration, in [0, 1]): 1 - smoothstep, the weight the runtime gives the old pose.
float dead_blend_old_weight(float progress);

// The transition of `layer` moving the pose now, with how far it has come: a carry-over
// ("Walk -> Run: inertializing, 40% done of 0.25 s (only Run is evaluated; the offset from Walk
// decays to zero)"; a dead blend's half-life and old pose's weight) or a running crossfade
// ("Walk -> Run: crossfading, 40% done of 0.3 s (...)"), verdict kPass and no checks; nullopt when
// neither runs.
std::optional<TransitionWhy> running_why(const StateMachineInstance& machine, int layer);

}  // namespace anim::ui
