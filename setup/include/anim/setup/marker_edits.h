#pragma once
// Edits of a clip's sync markers (setup.h, SetupMarker) as the tool and `animscope markers`
// make them, apart from any UI so that tests drive them directly. A setup keeps a clip's markers
// in one of two places: the animation entry that gives the clip (its "as", else its "clip") or a
// "clips" entry. Every edit here reads the clip's markers from where they are and writes the
// whole list back by one rule (set_clip_markers), so that the edited setup never gives them
// twice. Markers are addressed by their index in the clip's list (clip_markers); edits keep the
// order of the list (a moved marker keeps its index), so an index stays valid across a drag.
#include <string>
#include <vector>

#include "anim/setup/setup.h"

namespace anim::setup {

// The markers of `clip` as the setup gives them: those of the first animation entry giving the
// clip that lists any, else those of the first "clips" entry naming it; empty when neither.
std::vector<SetupMarker> clip_markers(const Setup& setup, const std::string& clip);

// Replaces the markers of `clip` with `markers`, in the order given. Where: the first animation
// entry that gives the clip when there is one, else its "clips" entry; a clip with neither gets
// a "clips" entry when `markers` is not empty. A "clips" entry beside an animation entry would
// give the markers a second time (validation rejects that): it is removed when it says nothing
// else (no fields of its own), and else loses its markers. False when nothing changed.
bool set_clip_markers(Setup& setup, const std::string& clip, std::vector<SetupMarker> markers);

// Seconds kept to 0.1 ms (finer than any key rate, so that a setup reads 0.4167 rather than a
// sample time's 0.41666627) and at most `duration`.
float round_marker_time(float seconds, float duration);

// The name a new marker of `clip` at `time` gets: feet alternate, so "R" after an "L" and "L"
// after anything else, the marker before being the latest one at or before `time` (the clip's
// last one when none is: the clip loops). "L" for a clip without markers.
std::string next_marker_name(const Setup& setup, const std::string& clip, float time);

// Adds a marker to `clip` at `time` (clamped to [0, duration]) named `name`, or by
// next_marker_name when empty, at the end of the clip's list. Returns its index there.
int add_marker(Setup& setup, const std::string& clip, float time, float duration,
               const std::string& name = "");

// Moves marker `index` of `clip` to `time`, clamped to [0, duration]. False for a bad index or
// no change.
bool move_marker(Setup& setup, const std::string& clip, int index, float time, float duration);

// Renames marker `index` of `clip`; false for a bad index, an empty name or no change. Names
// repeat within a clip (every left plant is "L"): that is what syncing matches on.
bool rename_marker(Setup& setup, const std::string& clip, int index, const std::string& name);

// Removes marker `index` of `clip`; false for a bad index.
bool remove_marker(Setup& setup, const std::string& clip, int index);

// Replaces every marker of `clip` with `markers` (the foot-plant finder's), each time clamped to
// [0, duration] and rounded by round_marker_time, sorted by time (equal times keep their order).
// False when nothing changed.
bool replace_clip_markers(Setup& setup, const std::string& clip, std::vector<SetupMarker> markers,
                          float duration);

}  // namespace anim::setup
