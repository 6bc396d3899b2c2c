#pragma once
// Which clip the Timeline's strip shows and where its playhead stands, in every playback mode:
// the playing clip; a 1D blend's first clip; while the state machine runs, the clip the base
// machine's current state plays (for a blend space, its heaviest point right now). Kept apart
// from the panel so that it can be checked without ImGui.
#include <string>

#include "anim/state_machine.h"
#include "anim/ui/model/document.h"

namespace anim::ui {

// The clip a state of the base machine shows now, as an index into the clips the machine was
// compiled against (the model's): a clip state's clip; for a 1D or 2D blend space the point of
// largest weight at the machine's current parameter values, on a tie the one listed first (the
// clip whose events the machine fires). -1 for a bad state or a blend space without points.
int state_clip(const StateMachineInstance& sm, int state);

struct TimelineClip {
  int clip = -1;              // Index into the model's clips; -1: nothing to show.
  float duration = 0.0f;      // Of `clip`, in seconds.
  float time = 0.0f;          // The playhead, seconds into `clip` (in [0, duration]).
  bool has_playhead = false;  // False for a clip that is not playing (a pinned one).
  int state = -1;             // State machine: the base state that plays `clip`; else -1.
};

// What the strip shows for `doc` now. In the state machine: the current state of the base (the
// destination while a transition runs) and its normalized time times the clip's duration; no
// clip when no state runs or its motion names none.
TimelineClip timeline_clip(const Document& doc);

// `clip` shown without a playhead: the clip the event lane keeps while the user edits on it.
// Nothing (clip -1) for an index the model lacks.
TimelineClip still_clip(const Document& doc, int clip);

// The name the controls row gives `shown`: "State: clip" for a state's clip, the clip's name
// otherwise, empty without a clip.
std::string timeline_clip_name(const Document& doc, const TimelineClip& shown);

}  // namespace anim::ui
