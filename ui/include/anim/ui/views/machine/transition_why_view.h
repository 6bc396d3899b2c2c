#pragma once
// Drawing "why did it (not) transition?" (transition_why.h): the colours of the verdicts, a
// transition's checks as lines (the graph's tooltip, the Inspector), and the lines under the
// graph for the state it shows live.
#include <imgui.h>

#include "anim/ui/model/document.h"
#include "anim/ui/model/transition_why.h"
#include "anim/ui/views/machine/state_graph.h"

namespace anim::ui {

// Green for a pass, red for a fail, grey for a check that did not get to count.
ImVec4 verdict_color(Verdict verdict);

// One line per check: the check, then the value it saw ("speed > 0.6   speed = 0.31"), in its
// verdict's colour.
void draw_why_checks(const TransitionWhy& why);

// Under the graph: the transition moving the pose (how far an inertialized or dead-blended one
// has come), then why the machine the graph shows did (not) leave its current state (or the
// selected state, when that one plays too), one line per transition it checked, in the
// verdict's colour (why_now), grouped by the machine each comes from when machines nest, in a
// child `height` pixels tall that scrolls when they do not fit.
void draw_why_not(const Document& doc, const StateGraph& graph, float height);

}  // namespace anim::ui
