#pragma once
// Edits of a setup as the tool makes them, apart from any UI so that tests drive them directly:
// each keeps the setup consistent (names unique, times inside their clip) and returns whether
// it changed anything. The Document records the edited copy as one undoable step.
#include <string>

#include "anim/setup.h"

namespace anim {

// `base` when no event of `clip` has that name, else `base 2`, `base 3`, ...
std::string unique_event_name(const Setup& setup, const std::string& clip,
                              const std::string& base);

// Adds an event to `clip` at `time` (clamped to [0, duration]) named `base` made unique within
// the clip. Returns its index in setup.events.
int add_event(Setup& setup, const std::string& clip, float time, float duration,
              const std::string& base = "event");

// Moves event `index` to `time`, clamped to [0, duration]. False for a bad index or no change.
bool move_event(Setup& setup, int index, float time, float duration);

// Renames event `index`; false for a bad index, an empty name or no change. Names may repeat
// across clips and within one (a walk has two "footstep" events); the runtime reports both.
bool rename_event(Setup& setup, int index, const std::string& name);

// Sets or (empty text) clears the payload of event `index`; false for a bad index or no change.
bool set_event_payload(Setup& setup, int index, const std::string& payload);

// Removes event `index`; false for a bad index.
bool remove_event(Setup& setup, int index);

}  // namespace anim
