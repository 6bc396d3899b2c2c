#pragma once
// Sync markers (Unreal's marker-based sync): named moments of clips, such as the plant of each
// foot, that clips of different rhythm are aligned on. A clip's place in its marker sequence is
// the marker before it, the one after it and the fraction of the way between them; a run that
// starts, or plays beside a walk, at the walk's place puts down the foot the walk has down, where
// normalized time would only do so if both clips started on the same foot at the same fraction of
// their length. Markers repeat with their clip: before the first marker, a looping clip is between
// its last marker (of the cycle before) and its first.
#include <vector>

#include "anim/span.h"

namespace anim {

struct SyncMarkerDef {
  int clip = 0;       // Clip index.
  int name = 0;       // Index into StateMachineDef::marker_names.
  float time = 0.0f;  // Seconds into the clip, in [0, duration].
};

// Where a clip is in its marker sequence: between the markers named `previous` and `next`
// (indices into the marker names), `fraction` of the way. Invalid (previous < 0) for a clip
// without markers.
struct MarkerPosition {
  int previous = -1;
  int next = -1;
  float fraction = 0.0f;  // In [0, 1).

  bool valid() const { return previous >= 0; }
};

// The markers of `clip` within `all`, which is sorted by clip, then time (as
// StateMachineDef::markers is). Empty when it has none.
Span<const SyncMarkerDef> markers_of(Span<const SyncMarkerDef> all, int clip);

// The place of normalized time `phase` (in [0, 1]) in a clip `duration` seconds long whose
// markers are `markers` (one clip's, sorted by time).
MarkerPosition marker_position(Span<const SyncMarkerDef> markers, float duration, float phase);

// The normalized time at which a clip with `markers` is at `position`: on the stretch from a
// marker named position.previous to the next marker, when that one is named position.next. Of
// several such stretches, the one whose time is nearest `hint` (normalized, around the cycle).
// Negative when the clip has no such stretch (then callers fall back to normalized time).
float phase_at(Span<const SyncMarkerDef> markers, float duration, const MarkerPosition& position,
               float hint);

}  // namespace anim
